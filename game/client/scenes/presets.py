"""The settings' Rules page: ruleset presets, built in (read-only) and the player's own.

Choose a preset, change its options with the usual switches and choosers, then **Save** (your own presets only),
**Save as…** (a new preset under a name; built-in ones are templates), **Rename…** or **Delete…** (with a
confirmation). The options come in four groups, one shown at a time under a row of tabs: Play, Scoring,
Payment & penalties, and Hands (every scoring line and special hand on or off, a scrolling list; the lines of the
Four Winds "Bonus & Double" list each with what it scores beside it). A group shows only what the preset's base
ruleset has: no penalties for a ruleset without any. Keys: the tabs are a control of their own (Left/Right change
the group), Up/Down walk the options and scroll the Hands list; the wheel scrolls it.

Presets are stored as user mods by :mod:`game.mods.custom_rules`; New Game lists them with the
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

from game.client.forms import Choice, Chooser, GroupTabs, Heading, Stepper, Switch
from game.client.look import Palette, fit_text, mix, text, text_size, wrap
from game.client.widgets import Button, flow
from game.core.ruleset import Rounding
from game.errors import DataFileError, SparrowError, error_text
from game.i18n import N_, _, format_number, mod_text
from game.mods import custom_rules
from game.mods.custom_rules import GROUPS, HAND_PARTS, Option, describe, options_for

log = logging.getLogger(__name__)

NAME_HINT = N_("At most {length} characters; it must differ from every other ruleset's.")
"""What the name box says about a preset's name."""
PAYMENT_WORDS = {
    "east_double_losers_settle": N_("Everybody pays the winner, East double, and the losers settle their differences."),
    "winner_only": N_("Everybody pays the winner, East double; the losers settle nothing among themselves."),
    "discarder_pays": N_("On a discard the discarder pays for all; a self-drawn win is paid by all, East double."),
}
"""The payment choices in words, under the Payment & penalties group."""


@dataclass(frozen=True)
class Preset:
    id: str
    name: str
    custom: bool


TAB_TOP, TAB_HEIGHT = 64, 40
"""The group tabs, below the preset chooser (offsets in the page area)."""
CONTENT_TOP = 120
GRID_ROW, GRID_HEIGHT, GRID_WIDTH, GRID_GAP = 52, 42, 440, 28
LIST_ROW, LIST_HEIGHT, LIST_WIDTH, LIST_GAP, LIST_ROWS = 38, 34, 444, 6, 8
"""The Hands list scrolls by whole rows, so no row is ever cut by the edge of its window."""


def badges() -> tuple[str, str]:
    """What the badge beside the chooser says of a preset of the player's own, and of a built-in one."""
    return _("your preset"), _("built in · read-only")


class PresetEditor:
    """The Rules page's controls and state; ``scene`` is the settings scene showing it."""

    def __init__(self, scene: Any, area: pygame.Rect) -> None:
        self.scene = scene
        self.context = scene.context
        self.area = area
        self.message = ""
        self.ok = True
        self.values: dict[str, Any] = {}
        self.loaded: dict[str, Any] = {}
        self.presets: list[Preset] = []
        self.options: tuple[Option, ...] = ()
        self.group = 0
        self.scroll = 0
        self.groups: dict[str, list[Any]] = {name: [] for name in GROUPS}
        self.headings: list[Heading] = []
        self.by_key: dict[str, Any] = {}
        """The control of every option offered, by key."""
        self._rows: dict[int, int] = {}
        """The Hands list: the row of every control and heading (by id), before scrolling."""
        self._home: dict[int, pygame.Rect] = {}
        self._rows_total = 0
        self._followed: Any = None
        """The control in focus the Hands list last scrolled to."""
        self.viewport = pygame.Rect(area.left, area.top + CONTENT_TOP, area.width, LIST_ROWS * LIST_ROW)
        # The word Preset, the chooser and the badge in one row: the word and the badge as wide as their
        # language needs ('Préréglage', 'intégré · lecture seule'), the chooser taking the rest.
        label = max(110, text_size(_("Preset"), 18, "bold")[0] + 14)
        self.chip_width = max(190, *(text_size(badge, 14, "bold")[0] + 24 for badge in badges()))
        self.chooser = Chooser(pygame.Rect(area.left + label, area.top + 8, area.width - label - self.chip_width - 48,
                                           44), [], 0, on_change=lambda i: self.select(self.presets[i].id))
        self.tabs = GroupTabs(pygame.Rect(area.left, area.top + TAB_TOP, area.width, TAB_HEIGHT), GROUPS,
                              on_change=self.show_group)
        y = area.top + 450
        self.save_button = Button(pygame.Rect(area.left, y, 100, 44), _("Save"), self.save, size=17)
        self.save_as_button = Button(pygame.Rect(area.left + 112, y, 120, 44), _("Save as…"), self.ask_save_as,
                                     size=17, primary=True)
        self.rename_button = Button(pygame.Rect(area.left + 244, y, 120, 44), _("Rename…"), self.ask_rename, size=17)
        self.delete_button = Button(pygame.Rect(area.left + 376, y, 110, 44), _("Delete…"), self.ask_delete, size=17)
        # The rules editor: every line's and hand's value, with a live preview.
        self.values_button = Button(pygame.Rect(area.left + 498, y, 150, 44), _("Edit values…"), self.edit_values,
                                    size=17)
        self.buttons = [self.save_button, self.save_as_button, self.rename_button, self.delete_button,
                        self.values_button]
        # Each as wide as its label (German's and French's are long): one row across the page, what the preset
        # says (status) on the line under the page, beside Done.
        flow(self.buttons, pygame.Rect(area.left, y, area.width, 44), height=44, gap=12, min_width=100)
        self.reload(scene.settings.ruleset)

    # -- state ----------------------------------------------------------------------------------------------

    @property
    def folders(self) -> Any:
        return getattr(self.context, "folders", None)

    @property
    def current(self) -> Preset | None:
        return self.presets[self.chooser.index] if self.presets else None

    @property
    def changed(self) -> bool:
        return self.values != self.loaded

    @property
    def group_name(self) -> str:
        return GROUPS[self.group]

    def reload(self, select: str | None = None) -> None:
        """Read the presets again (after a change on disk) and show ``select`` (or the first)."""
        from game.mods.rulesets import ruleset_infos

        presets: list[Preset] = []
        try:
            self.context.resources.read_catalog()  # the presets are mods: one made or deleted changes the catalog
            customs = {c.id for c in custom_rules.list_custom_rulesets(self.folders)} if self.folders else set()
            infos = ruleset_infos(self.context.catalog)[0] if self.context.catalog is not None else []
            built_in = [Preset(i.id, mod_text(i.name), False) for i in infos if i.id not in customs]
            own = sorted((Preset(i.id, i.name, True) for i in infos if i.id in customs), key=lambda p: p.name.lower())
            presets = built_in + own
        except (SparrowError, OSError) as exc:
            self.message, self.ok = _('the rulesets could not be listed: {exc}').format(exc=error_text(exc)), False
        self.presets = presets
        self.chooser.labels = [mod_text(p.name) for p in presets]
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
            ruleset = load_ruleset(self.context.catalog, ruleset_id)
            options = options_for(ruleset)
            values = custom_rules.option_values(ruleset)
        except (DataFileError, AttributeError, KeyError) as exc:
            self.message, self.ok = _('ruleset {ruleset_id!r} does not load: {exc}').format(
                    ruleset_id=ruleset_id, exc=error_text(exc)), False
            options, values = (), {}
        if options != self.options:
            self.options = options
            self._build()
        self.values, self.loaded = dict(values), dict(values)
        self._offer_own_values()
        self._enable()

    def _offer_own_values(self) -> None:
        """A ruleset's own value outside an option's usual choices (a dealer's bonus of 30) is one of them too,
        so stepping away from it can come back."""
        for option in self.options:
            if option.kind != "choice":
                continue
            choices = list(option.choices)
            value = self.values.get(option.key)
            if value not in choices:
                try:
                    choices = sorted({*choices, value}, key=lambda v: (v is not None, v))
                except TypeError:
                    choices.append(value)
            control = self.by_key.get(option.key)
            if type(control) is Choice:
                control.choices = choices

    def show_group(self, index: int | str) -> None:
        """Show the options of one group (by index or name); the tabs follow."""
        self.group = GROUPS.index(index) if isinstance(index, str) else index % len(GROUPS)
        self.tabs.index = self.group

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
        self.values_button.enabled = writable
        self.delete_button.enabled = writable and custom

    def _changes(self) -> dict[str, Any]:
        return {key: value for key, value in self.values.items() if self.loaded.get(key) != value}

    # -- controls -------------------------------------------------------------------------------------------

    def _control(self, option: Option, rect: pygame.Rect) -> Any:
        get: Callable[[], Any] = partial(self._get, option.key)
        put: Callable[[Any], None] = partial(self._set, option.key)
        shown = partial(describe, option)
        # A label names a special hand or a scoring line (mod text) or an option (the game's own words):
        # mod_text looks in the mods' catalogs and then in the game's.
        label = mod_text(option.label)
        control: Any
        if option.kind == "bool":
            small = option.group == "Hands"
            if option.file_values:
                off, on = option.file_values
                get, put = (lambda: self.values.get(option.key) == on), (lambda flag: self._set(option.key,
                                                                                                 on if flag else off))
            else:
                get = partial(self._get, option.key, flag=True)
            control = Switch(rect, label, get, put, detail=option.detail, size=16 if small else 17,
                             smallest=13 if small else 15, line=option.key.endswith(".allowed"))
        elif option.kind == "choice":
            control = Choice(rect, label, list(option.choices), get, put, shown)
        else:
            control = Stepper(rect, label, [], get, put, shown, option=option)
        needs = [key for key in option.needs if any(o.key == key for o in self.options)]
        if needs:
            control.active = lambda: all(self._on(key) for key in needs)
        self.by_key[option.key] = control
        return control

    def _on(self, key: str) -> bool:
        value = self.values.get(key)
        if key == "max_chows":
            return custom_rules.allows_four_chows(value)
        return bool(value) and value != "none"

    def _build(self) -> None:
        """Lay out every group's controls for the options offered now."""
        area = self.area
        top = area.top + CONTENT_TOP
        self.groups = {name: [] for name in GROUPS}
        self.by_key = {}
        for name in GROUPS[:-1]:
            mine = [o for o in self.options if o.group == name]
            half = (len(mine) + 1) // 2
            columns: list[list[Option]] = [[], []]
            for i, option in enumerate(mine):
                columns[option.column if option.column >= 0 else int(i >= half)].append(option)
            for c, options in enumerate(columns):
                for row, option in enumerate(options):
                    rect = pygame.Rect(area.left + c * (GRID_WIDTH + GRID_GAP), top + row * GRID_ROW, GRID_WIDTH,
                                       GRID_HEIGHT)
                    self.groups[name].append(self._control(option, rect))
        self.headings, self._rows, self._home = [], {}, {}
        row = 0
        for part in HAND_PARTS:
            mine = [o for o in self.options if o.group == "Hands" and o.part == part]
            if not mine:
                continue
            heading = Heading(pygame.Rect(area.left, top + row * LIST_ROW, 2 * LIST_WIDTH + LIST_GAP, LIST_ROW), part,
                              partial(self._count, part))
            self.headings.append(heading)
            self._rows[id(heading)] = row
            row += 1
            column = 0
            for option in mine:
                # An option may ask for its column (a line on the left, its choice beside it on the right).
                if 0 <= option.column < column or column == 2:
                    row, column = row + 1, 0
                column = max(column, option.column)
                rect = pygame.Rect(area.left + column * (LIST_WIDTH + LIST_GAP),
                                   top + row * LIST_ROW + (LIST_ROW - LIST_HEIGHT) // 2, LIST_WIDTH, LIST_HEIGHT)
                control = self._control(option, rect)
                if option.key.startswith("special_hands."):
                    control.active = partial(self._on, "special_hands_allowed")
                self._rows[id(control)] = row
                self.groups["Hands"].append(control)
                column += 1
            row += 1
        self._rows_total = row
        for widget in (*self.headings, *self.groups["Hands"]):
            self._home[id(widget)] = pygame.Rect(widget.rect)
        self.scroll_to(self.scroll)

    def _count(self, part: str) -> str:
        keys = [o.key for o in self.options if o.part == part and o.key.endswith(".allowed")]
        return _('{sum} of {len} on').format(
                sum=sum(bool(self.values.get(k)) for k in keys), len=len(keys)) if keys else ""

    def scroll_to(self, row: int) -> None:
        """Scroll the Hands list so that ``row`` is its top row (kept within the list)."""
        self.scroll = max(0, min(row, self._rows_total - LIST_ROWS))
        for widget in (*self.headings, *self.groups["Hands"]):
            widget.rect = self._home[id(widget)].move(0, -self.scroll * LIST_ROW)

    def _shown(self, widget: Any) -> bool:
        row = self._rows.get(id(widget))
        # A heading on the last row would stand alone with its part below the fold: it waits for its first row.
        last = self.scroll + LIST_ROWS - (2 if isinstance(widget, Heading) else 1)
        return row is None or self.scroll <= row <= last

    def follow_focus(self) -> None:
        """Bring the control that has just taken the settings' keyboard focus into the Hands list's window.

        Only a change of focus scrolls: the wheel may then move the list away from it."""
        controls = self.controls
        focus = getattr(self.scene, "focus", -1)
        control = controls[focus] if 0 <= focus < len(controls) else None
        if self.group_name != "Hands" or control is None or control is self._followed:
            return
        self._followed = control
        row = self._rows.get(id(control))
        if row is None:
            return
        if row < self.scroll:
            heading_above = any(self._rows[id(h)] == row - 1 for h in self.headings)
            self.scroll_to(row - 1 if heading_above else row)
        elif row >= self.scroll + LIST_ROWS:
            self.scroll_to(row - LIST_ROWS + 1)

    @property
    def option_controls(self) -> list[Any]:
        """The controls of the group shown."""
        return self.groups[self.group_name]

    @property
    def controls(self) -> list[Any]:
        """Everything the keyboard walks, in order: the preset, the group tabs, the group's options, the buttons."""
        return [self.chooser, self.tabs, *self.option_controls, *self.buttons]

    def _scrollbar(self) -> pygame.Rect:
        return pygame.Rect(self.area.right - 8, self.viewport.top + 4, 7, self.viewport.height - 8)

    def handle(self, event: pygame.Event) -> bool:
        self.follow_focus()
        if not self.values:
            return self.chooser.handle(event) or any(b.handle(event) for b in self.buttons)
        if self.chooser.handle(event) or self.tabs.handle(event):
            return True
        hands = self.group_name == "Hands"
        if hands and event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y)
            return True
        for w in self.option_controls:
            outside = hasattr(event, "pos") and not self.viewport.collidepoint(event.pos)
            if hands and (not self._shown(w) or outside):
                w.hovered = False
                continue
            if w.handle(event):
                return True
        if (hands and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self._scrollbar().inflate(8, 0).collidepoint(event.pos)):
            thumb = self._thumb()
            page = LIST_ROWS - 1
            self.scroll_to(self.scroll + (page if event.pos[1] > thumb.centery else -page))
            return True
        return any(b.handle(event) for b in self.buttons)

    def _thumb(self) -> pygame.Rect:
        track = self._scrollbar()
        total = max(self._rows_total, LIST_ROWS)
        height = max(24, track.height * LIST_ROWS // total)
        top = track.top + (track.height - height) * self.scroll // max(1, total - LIST_ROWS)
        return pygame.Rect(track.left, top, track.width, height)

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
            return _('saved {name}').format(name=preset.name)

        self._report(work)

    def save_as(self, name: str) -> str | None:
        """Save the options shown as a new preset ``name``; it becomes the ruleset for new games."""
        preset = self.current
        if preset is None:
            return _("no ruleset to start from")
        changes = self._changes()

        def work() -> str:
            made = custom_rules.create_custom_ruleset(self.folders, preset.id, name, changes)
            self.context.settings.ruleset = made.id
            self.context.save_settings()
            self.reload(made.id)
            return _('saved {name}; new games use it').format(name=made.name)

        return self._report(work)

    def rename(self, name: str) -> str | None:
        preset = self.current
        if preset is None or not preset.custom:
            return _("only your own presets can be renamed")

        def work() -> str:
            done = custom_rules.rename_custom_ruleset(self.folders, preset.id, name)
            self.reload(done.id)
            return _('renamed to {name}').format(name=done.name)

        return self._report(work)

    def delete(self) -> None:
        preset = self.current
        if preset is None or not preset.custom:
            return

        def work() -> str:
            base = custom_rules.custom_ruleset(self.folders, preset.id).base
            custom_rules.delete_custom_ruleset(self.folders, preset.id)
            if self.context.settings.ruleset == preset.id:
                self.context.settings.ruleset = base
                self.context.save_settings()
            self.reload(base)
            return _('deleted {name}').format(name=preset.name)

        self._report(work)

    def edit_values(self) -> None:
        """The rules editor for the preset shown; what it saves is listed here when it closes."""
        preset = self.current
        if preset is not None:
            self.context.open("rules_editor", ruleset=preset.id, done=self.reload)

    def ask_save_as(self) -> None:
        preset = self.current
        if preset is not None:
            short = preset.name.split(" (")[0]
            suggested = f"{preset.name} 2" if preset.custom else _('My {short}').format(short=short)
            self.context.open("name", title=_("Save as a new preset"), value=suggested[:custom_rules.NAME_LENGTH],
                              done=self.save_as, max_length=custom_rules.NAME_LENGTH,
                                  hint=_(NAME_HINT).format(length=custom_rules.NAME_LENGTH))

    def ask_rename(self) -> None:
        preset = self.current
        if preset is not None and preset.custom:
            self.context.open("name", title=_("Rename the preset"), value=preset.name, done=self.rename,
                              max_length=custom_rules.NAME_LENGTH,
                                  hint=_(NAME_HINT).format(length=custom_rules.NAME_LENGTH))

    def ask_delete(self) -> None:
        preset = self.current
        if preset is not None and preset.custom:
            self.context.open("confirm", question=_('Delete the preset “{name}”?').format(name=preset.name),
                              detail=_("Games saved with it cannot be opened afterwards."), yes=self.delete)

    # -- drawing --------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        self.follow_focus()
        area = self.area
        text(surface, _("Preset"), (area.left, self.chooser.rect.centery), 18, palette.text_dark, "bold", "midleft")
        self.chooser.draw(surface, palette)
        preset = self.current
        if preset is not None:
            badge = badges()[0 if preset.custom else 1]
            chip = pygame.Rect(self.chooser.rect.right + 16, self.chooser.rect.top + 8, self.chip_width, 28)
            label = fit_text(badge, chip.width - 16, 14, "bold")
            fill = mix(palette.accent, palette.panel, 0.55) if preset.custom else palette.panel_shade
            pygame.draw.rect(surface, fill, chip, border_radius=14)
            text(surface, label, chip.center, 14, palette.text_dark, "bold", "center")
        if self.values:
            self.tabs.draw(surface, palette)
            if self.group_name == "Hands":
                self._draw_list(surface, palette)
            else:
                for w in self.option_controls:
                    w.draw(surface, palette)
                self._draw_note(surface, palette)
        for b in self.buttons:
            b.draw(surface, palette)

    def _draw_list(self, surface: pygame.Surface, palette: Palette) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.viewport)
        for widget in (*self.headings, *self.option_controls):
            if self._shown(widget):
                widget.draw(surface, palette)
        surface.set_clip(clip)
        if self._rows_total > LIST_ROWS:
            pygame.draw.rect(surface, palette.panel_shade, self._scrollbar(), border_radius=4)
            pygame.draw.rect(surface, mix(palette.panel_edge, palette.panel, 0.3), self._thumb(), border_radius=4)

    def _notes(self) -> list[str]:
        """A line or two under the Scoring and Payment groups: what the choices shown add up to."""
        keys = {o.key for o in self.options}
        if self.group_name == "Payment & penalties":
            if "payment" in keys:
                notes = [_(PAYMENT_WORDS.get(self.values["payment"], ""))]
            else:
                notes = [_("Paid by the table: on a discard the discarder pays double, the others single.")]
            if any(k.startswith("penalties.") for k in keys):
                notes.append(_("Penalties are paid after the limit, never doubled for East."))
            else:
                notes.append(_("This ruleset has no penalties to change."))
            return [n for n in notes if n]
        # A table-paid ruleset (no payment choice) never doubles, so the example would mislead there.
        if self.group_name == "Scoring" and {"rounding.stage", "rounding.unit", "rounding.mode", "payment"} <= keys:
            rounding = Rounding(self.values["rounding.unit"], self.values["rounding.stage"],
                                self.values["rounding.mode"])
            if rounding.stage == "before_doubles":
                how = _("rounded before doubling")
            elif rounding.stage == "after_doubles":
                how = _("rounded after doubling")
            else:
                how = _("not rounded")
            return [_('For example, 26 points and 2 doubles score {score} ({how}).').format(
                score=format_number(rounding.doubled(26, 2)), how=how)]
        return []

    def _draw_note(self, surface: pygame.Surface, palette: Palette) -> None:
        rows = max((len([c for c in self.option_controls if c.rect.left == x])
                    for x in {c.rect.left for c in self.option_controls}), default=0)
        y = self.area.top + CONTENT_TOP + rows * GRID_ROW + 6
        lines = [line for note in self._notes() for line in wrap(note, self.area.width - 20, 15)]
        for i, line in enumerate(lines[:2]):
            text(surface, line, (self.area.left + 10, y + i * 20), 15, palette.compass_dark, "sans")

    def status(self) -> tuple[str, bool | None]:
        """What the line under the page says of the preset: the last action's message (True when it went well,
        False when it did not), else what Save and Save as… do with this preset (None: a plain hint)."""
        if self.message:
            return self.message.splitlines()[0], self.ok
        preset = self.current
        if preset is not None and preset.custom and self.changed:
            return _("Changed: Save keeps the changes, Save as… makes a copy."), None
        if preset is not None and not preset.custom:
            return _("Built-in presets are templates: change the options, then Save as…"), None
        return "", None
