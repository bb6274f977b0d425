"""The settings' Rules page: ruleset presets, built in (read-only) and the player's own.

Choose a preset, change its options with the usual switches and choosers, then **Save** (your own presets only),
**Save as…** (a new preset under a name; built-in ones are templates), **Rename…** or **Delete…** (with a
confirmation). Presets are stored as user mods by :mod:`game.mods.custom_rules`; New Game lists them with the
others. The page is hosted by :class:`~game.client.scenes.settings.SettingsScene`; the name and confirmation
boxes are small overlay scenes of their own.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from game.client import layout
from game.client.look import Palette, fit_text, mix, text, wrap
from game.client.scenes.base import Scene
from game.client.scenes.new_game import Chooser
from game.client.scenes.settings import Cycle
from game.client.widgets import Button, TextField, Toggle, draw_panel
from game.errors import DataFileError, SparrowError
from game.mods import custom_rules
from game.mods.custom_rules import OPTIONS, Option, describe, option_values

log = logging.getLogger(__name__)

ERROR = (176, 40, 32)


@dataclass
class Stepper(Cycle):
    """A number stepped by ``option.step`` between its bounds; below the lowest a nullable number is null."""

    option: Option | None = None

    def turn(self, step: int) -> None:
        option = self.option
        assert option is not None
        value = self.get()
        if value is None:
            new = option.low if step > 0 else None
        elif step < 0 and value <= option.low:
            new = None if option.none_label else option.low
        else:
            snapped = (value // option.step) * option.step
            new = snapped + option.step if step > 0 else (snapped if snapped < value else value - option.step)
            new = max(option.low, min(option.high, new))
        self.set(new)


@dataclass(frozen=True)
class Preset:
    id: str
    name: str
    custom: bool


class PresetEditor:
    """The Rules page's controls and state; ``scene`` is the settings scene showing it."""

    def __init__(self, scene: Any, area: pygame.Rect) -> None:
        self.scene = scene
        self.app = scene.app
        self.area = area
        self.message = ""
        self.ok = True
        self.values: dict[str, Any] = {}
        self.loaded: dict[str, Any] = {}
        self.presets: list[Preset] = []
        self.chooser = Chooser(pygame.Rect(area.left + 110, area.top + 8, 560, 44), [], 0,
                               on_change=lambda i: self.select(self.presets[i].id))
        self.option_controls = self._option_controls()
        y = area.top + 450
        self.save_button = Button(pygame.Rect(area.left, y, 130, 44), "Save", self.save, size=17)
        self.save_as_button = Button(pygame.Rect(area.left + 144, y, 150, 44), "Save as…", self.ask_save_as,
                                     size=17, primary=True)
        self.rename_button = Button(pygame.Rect(area.left + 308, y, 150, 44), "Rename…", self.ask_rename, size=17)
        self.delete_button = Button(pygame.Rect(area.left + 472, y, 150, 44), "Delete…", self.ask_delete, size=17)
        self.buttons = [self.save_button, self.save_as_button, self.rename_button, self.delete_button]
        self.reload(scene.values.get("ruleset"))

    # -- state ----------------------------------------------------------------------------------------------

    @property
    def folders(self) -> Any:
        return getattr(self.app, "folders", None)

    @property
    def current(self) -> Preset | None:
        return self.presets[self.chooser.index] if self.presets else None

    @property
    def changed(self) -> bool:
        return self.values != self.loaded

    def reload(self, select: str | None = None) -> None:
        """Read the presets again (after a change on disk) and show ``select`` (or the first)."""
        from game.mods.catalog import build_catalog
        from game.mods.rulesets import ruleset_infos

        presets: list[Preset] = []
        try:
            if self.folders is not None:
                self.app.catalog = build_catalog(self.folders, full=False)
            customs = {c.id for c in custom_rules.list_custom_rulesets(self.folders)} if self.folders else set()
            infos = ruleset_infos(self.app.catalog)[0] if self.app.catalog is not None else []
            built_in = [Preset(i.id, i.name, False) for i in infos if i.id not in customs]
            own = sorted((Preset(i.id, i.name, True) for i in infos if i.id in customs), key=lambda p: p.name.lower())
            presets = built_in + own
        except (SparrowError, OSError) as exc:
            self.message, self.ok = f"the rulesets could not be listed: {exc}", False
        self.presets = presets
        self.chooser.labels = [p.name for p in presets]
        index = next((i for i, p in enumerate(presets) if p.id == select), 0)
        self.chooser.index = index
        self.scene.rulesets = [p.id for p in presets] or self.scene.rulesets
        if presets:
            self.select(presets[index].id, keep_message=True)

    def select(self, ruleset_id: str, keep_message: bool = False) -> None:
        """Show the options of ``ruleset_id`` as saved (unsaved changes to the one shown before are dropped)."""
        from game.mods.rulesets import load_ruleset

        if not keep_message:
            self.message, self.ok = "", True
        try:
            values = option_values(load_ruleset(self.app.catalog, ruleset_id))
        except (DataFileError, AttributeError) as exc:
            self.message, self.ok = f"ruleset {ruleset_id!r} does not load: {exc}", False
            values = {}
        self.values, self.loaded = dict(values), dict(values)
        self._enable()

    def _get(self, key: str, flag: bool = False) -> Any:
        value = self.values.get(key)
        return bool(value) if flag else value

    def _set(self, key: str, value: Any) -> None:
        if key in self.values:
            self.values[key] = value
            self._enable()

    def _enable(self) -> None:
        custom = self.current is not None and self.current.custom
        writable = self.folders is not None and bool(self.values)
        self.save_button.enabled = writable and custom and self.changed
        self.save_as_button.enabled = writable
        self.rename_button.enabled = writable and custom
        self.delete_button.enabled = writable and custom

    def _changes(self) -> dict[str, Any]:
        return {key: value for key, value in self.values.items() if self.loaded.get(key) != value}

    # -- controls -------------------------------------------------------------------------------------------

    def _option_controls(self) -> list[Any]:
        controls: list[Any] = []
        for i, option in enumerate(OPTIONS):
            column, row = (0, i) if i < 7 else (1, i - 7)
            rect = pygame.Rect(self.area.left + column * 468, self.area.top + 76 + row * 52, 440, 42)
            get, put = partial(self._get, option.key), partial(self._set, option.key)
            if option.kind == "bool":
                controls.append(Toggle(rect, option.label, partial(self._get, option.key, flag=True), put))
            elif option.kind == "choice":
                controls.append(Cycle(rect, option.label, list(option.choices), get, put,
                                      lambda v, key=option.key: describe(key, v)))
            else:
                controls.append(Stepper(rect, option.label, [], get, put, lambda v, key=option.key: describe(key, v),
                                        option=option))
        return controls

    @property
    def controls(self) -> list[Any]:
        """Everything the keyboard walks, in order: the preset, its options, then the buttons."""
        return [self.chooser, *self.option_controls, *self.buttons]

    def handle(self, event: pygame.Event) -> bool:
        if not self.values:
            return any(w.handle(event) for w in (self.chooser, *self.buttons))
        return any(w.handle(event) for w in self.controls)

    # -- actions --------------------------------------------------------------------------------------------

    def _report(self, work: Callable[[], str]) -> str | None:
        """Run ``work``; its message on success, else the error shown and returned."""
        try:
            message = work()
        except (SparrowError, OSError) as exc:
            self.message, self.ok = str(exc), False
            return str(exc)
        self.message, self.ok = message, True
        return None

    def save(self) -> None:
        preset = self.current
        if preset is None or not preset.custom:
            return

        def work() -> str:
            custom_rules.update_custom_ruleset(self.folders, preset.id, self._changes())
            self.reload(preset.id)
            return f"saved {preset.name}"

        self._report(work)

    def save_as(self, name: str) -> str | None:
        """Save the options shown as a new preset ``name``; it becomes the ruleset for new games."""
        preset = self.current
        if preset is None:
            return "no ruleset to start from"
        changes = self._changes()

        def work() -> str:
            made = custom_rules.create_custom_ruleset(self.folders, preset.id, name, changes)
            self.scene.values["ruleset"] = made.id
            self.app.save_settings(ruleset=made.id)
            self.reload(made.id)
            return f"saved {made.name}; new games use it"

        return self._report(work)

    def rename(self, name: str) -> str | None:
        preset = self.current
        if preset is None or not preset.custom:
            return "only your own presets can be renamed"

        def work() -> str:
            done = custom_rules.rename_custom_ruleset(self.folders, preset.id, name)
            self.reload(done.id)
            return f"renamed to {done.name}"

        return self._report(work)

    def delete(self) -> None:
        preset = self.current
        if preset is None or not preset.custom:
            return

        def work() -> str:
            base = custom_rules.custom_ruleset(self.folders, preset.id).base
            custom_rules.delete_custom_ruleset(self.folders, preset.id)
            if self.scene.values.get("ruleset") == preset.id:
                self.scene.values["ruleset"] = base
                self.app.save_settings(ruleset=base)
            self.reload(base)
            return f"deleted {preset.name}"

        self._report(work)

    def ask_save_as(self) -> None:
        preset = self.current
        if preset is not None:
            short = preset.name.split(" (")[0]
            suggested = f"{preset.name} 2" if preset.custom else f"My {short}"
            self.app.stack.push(NameBox(self.app, "Save as a new preset", suggested[:custom_rules.NAME_LENGTH],
                                        self.save_as))

    def ask_rename(self) -> None:
        preset = self.current
        if preset is not None and preset.custom:
            self.app.stack.push(NameBox(self.app, "Rename the preset", preset.name, self.rename))

    def ask_delete(self) -> None:
        preset = self.current
        if preset is not None and preset.custom:
            self.app.stack.push(ConfirmBox(self.app, f"Delete the preset “{preset.name}”?",
                                           "Games saved with it cannot be opened afterwards.", self.delete))

    # -- drawing --------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        area = self.area
        text(surface, "Preset", (area.left, self.chooser.rect.centery), 18, palette.text_dark, "bold", "midleft")
        self.chooser.draw(surface, palette)
        preset = self.current
        if preset is not None:
            badge = "your preset" if preset.custom else "built in · read-only"
            chip = pygame.Rect(self.chooser.rect.right + 16, self.chooser.rect.top + 8, 190, 28)
            label = fit_text(badge, chip.width - 16, 14, "bold")
            fill = mix(palette.accent, palette.panel, 0.55) if preset.custom else palette.panel_shade
            pygame.draw.rect(surface, fill, chip, border_radius=14)
            text(surface, label, chip.center, 14, palette.text_dark, "bold", "center")
        for w in self.option_controls:
            if self.values:
                w.draw(surface, palette)
        for b in self.buttons:
            b.draw(surface, palette)
        self._draw_status(surface, palette)

    def _draw_status(self, surface: pygame.Surface, palette: Palette) -> None:
        area = self.area
        x = self.delete_button.rect.right + 18
        if self.message:
            colour = palette.text_dark if self.ok else ERROR
            lines = wrap(self.message.splitlines()[0], area.right - x, 14)[:2]
        else:
            colour = palette.compass_dark
            preset = self.current
            if preset is not None and preset.custom and self.changed:
                lines = ["Changed: Save keeps the changes,", "Save as… makes a copy."]
            elif preset is not None and not preset.custom:
                lines = ["Built-in presets are templates:", "change the options, then Save as…"]
            else:
                lines = []
        for i, line in enumerate(lines):
            text(surface, line, (x, self.delete_button.rect.top + 4 + i * 19), 14, colour, "sans")


class _Box(Scene):
    """A small box over the settings with a title, a line of text and two buttons."""

    overlay = True

    def __init__(self, app: Any, title: str, ok_label: str, height: int) -> None:
        super().__init__(app)
        self.title = title
        self.box = pygame.Rect(0, 0, 560, height)
        self.box.center = (640, 360)
        self.ok = Button(pygame.Rect(self.box.right - 320, self.box.bottom - 66, 140, 46), ok_label, self.accept,
                         primary=True, key_hint="Enter")
        self.cancel = Button(pygame.Rect(self.box.right - 166, self.box.bottom - 66, 140, 46), "Cancel", self.close,
                             key_hint="Esc")

    def accept(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.app.stack.remove(self)

    def handle(self, event: pygame.Event) -> None:
        for b in (self.ok, self.cancel):
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, self.app.palette, title=self.title)
        self.ok.draw(surface, self.app.palette)
        self.cancel.draw(surface, self.app.palette)


class NameBox(_Box):
    """Asks for a preset's name; ``done(name)`` returns an error to show, or None to close the box."""

    name = "preset_name"

    def __init__(self, app: Any, title: str, value: str, done: Callable[[str], str | None]) -> None:
        super().__init__(app, title, "Save", 270)
        self.field = TextField(pygame.Rect(self.box.left + 28, self.box.top + 96, self.box.width - 56, 44), value,
                               "Name", max_length=custom_rules.NAME_LENGTH)
        self.done = done
        self.error = ""

    def enter(self) -> None:
        if not self.app.headless:
            pygame.key.start_text_input()

    def exit(self) -> None:
        if not self.app.headless:
            pygame.key.stop_text_input()

    def accept(self) -> None:
        error = self.done(self.field.value)
        if error is None:
            self.close()
        else:
            self.error = error.splitlines()[0]

    def handle(self, event: pygame.Event) -> None:
        if self.field.handle(event):
            self.error = ""
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        self.field.draw(surface, self.app.palette)
        lines, colour = (wrap(self.error, self.box.width - 56, 14)[:2], ERROR) if self.error else (
            [f"At most {custom_rules.NAME_LENGTH} characters; it must differ from every other ruleset's."],
            self.app.palette.compass_dark)
        for i, line in enumerate(lines):
            text(surface, line, (self.box.left + 28, self.box.top + 150 + i * 18), 14, colour, "sans")


class ConfirmBox(_Box):
    """Yes or no; ``yes()`` runs on Delete (Enter), nothing on Cancel (Esc)."""

    name = "confirm"

    def __init__(self, app: Any, question: str, detail: str, yes: Callable[[], None]) -> None:
        super().__init__(app, "Delete", "Delete", 230)
        self.question = question
        self.detail = detail
        self.yes = yes

    def accept(self) -> None:
        self.close()
        self.yes()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        palette = self.app.palette
        text(surface, fit_text(self.question, self.box.width - 56, 18, "bold"), (self.box.left + 28,
             self.box.top + 72), 18, palette.text_dark, "bold")
        text(surface, self.detail, (self.box.left + 28, self.box.top + 104), 15, palette.compass_dark, "sans")
