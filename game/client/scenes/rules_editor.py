"""The rules editor: every value of a ruleset's scoring lines, special hands, limit, minimums and settlement.

The Four Winds program's Scoring Configuration box (P-132..P-140) as a scene: the groups as tabs, the group's
entries in a list on the left, the chosen entry's value fields in the middle (points and doubles typed, the
original's flags as switches, each with its own Default), and a live preview on the right
(:mod:`.rules_preview`). A special hand's pattern is shown read-only: it stays YAML (``docs/special-hands.md``).

The scene only shows a :class:`~game.mods.rules_editor.Draft` and sends it the player's edits: every value is
checked there (the message is the one ``mods check`` gives), undone and saved there. Keys: Up/Down the entries,
Page Up/Down a page of them, Ctrl+Tab the groups, Tab the fields, Ctrl+Z/Ctrl+Y undo and redo, Ctrl+S saves,
Esc leaves (asking first when something is not saved).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.client import layout
from game.client.forms import Choice, GroupTabs, Switch
from game.client.look import fit_text, fitted, mix, text, wrap
from game.client.render.rule_preview import draw_preview
from game.client.scenes.base import Scene
from game.client.scenes.dialogs import ERROR
from game.client.widgets import Button, ScrollBar, TextField, caret_wake, draw_panel
from game.errors import SparrowError, error_text
from game.i18n import N_, _, mod_text
from game.mods import custom_rules
from game.mods.rules_editor import GROUPS, Draft, Entry, Field, locked_problem
from game.mods.rules_preview import Preview, find_example, preview
from game.rules.pattern_example import Example

log = logging.getLogger(__name__)

BOX = pygame.Rect(16, 10, 1248, 700)
TABS = pygame.Rect(BOX.left + 20, BOX.top + 60, 790, 38)
LIST = pygame.Rect(BOX.left + 20, BOX.top + 110, 326, 480)
ROW = 32
ROWS = LIST.height // ROW
FIELDS = pygame.Rect(BOX.left + 362, BOX.top + 110, 448, 480)
FIELD_ROW, FIELD_HEIGHT = 48, 40
PREVIEW = pygame.Rect(BOX.left + 826, BOX.top + 60, BOX.right - 20 - (BOX.left + 826), 530)
BUTTONS_TOP = BOX.bottom - 60
VALUE_WIDTH, DEFAULT_WIDTH = 130, 78
NAME_HINT = N_("At most {length} characters; it must differ from every other ruleset's.")


class RulesEditorScene(Scene):
    overlay = True
    still = True
    name = "rules_editor"

    def __init__(self, context: Any, ruleset: str | None = None, done: Callable[[str], None] | None = None) -> None:
        super().__init__(context)
        self.done = done
        """Told the id of the ruleset last saved when the editor closes after saving one."""
        self.message, self.ok = "", True
        self.draft: Draft | None = None
        ruleset_id = ruleset or context.settings.ruleset
        try:
            if context.folders is None:
                raise SparrowError(_("no user mods folder to save a preset in"))
            self.draft = Draft(context.folders, ruleset_id, context.catalog)
        except (SparrowError, OSError) as exc:
            self.message, self.ok = _('ruleset {ruleset_id!r} cannot be edited: {exc}').format(
                    ruleset_id=ruleset_id, exc=error_text(exc)), False
        self.saved_id = ""
        self.group = 0
        self.selected = ""
        self.tabs = GroupTabs(TABS, GROUPS, on_change=self.show_group)
        self.bar = ScrollBar(pygame.Rect(LIST.right - 8, LIST.top, 7, LIST.height), ROWS)
        self.hovered_row = -1
        self.controls: list[tuple[Field, Any, Button]] = []
        """The chosen entry's fields: each with its control (a typed box, a switch or a choice) and Default."""
        self.errors: dict[str, str] = {}
        self._examples: dict[str, Example | None] = {}
        """The example hand of every entry shown so far (an example depends on the line, not on its value)."""
        self._preview: tuple[Any, Preview] | None = None
        self.closed = False
        self.buttons = {
            "undo": Button(pygame.Rect(0, 0, 0, 0), _("Undo"), self.undo, size=16, key_hint=_("Ctrl+Z")),
            "redo": Button(pygame.Rect(0, 0, 0, 0), _("Redo"), self.redo, size=16, key_hint=_("Ctrl+Y")),
            "default_all": Button(pygame.Rect(0, 0, 0, 0), _("Default All"), self.default_all, size=16),
            "save": Button(pygame.Rect(0, 0, 0, 0), _("Save"), self.save, size=16, primary=True, key_hint=_("Ctrl+S")),
            "save_as": Button(pygame.Rect(0, 0, 0, 0), _("Save as…"), self.ask_save_as, size=16),
            "export": Button(pygame.Rect(0, 0, 0, 0), _("Export zip"), self.export, size=16),
            "close": Button(pygame.Rect(0, 0, 0, 0), _("Close"), self.leave, size=16, key_hint=_("Esc")),
        }
        x = BOX.left + 20
        for key, width in (("undo", 104), ("redo", 104), ("default_all", 140), ("save", 120), ("save_as", 130),
                           ("export", 130)):
            self.buttons[key].rect = pygame.Rect(x, BUTTONS_TOP, width, 46)
            x += width + 12
        self.buttons["close"].rect = pygame.Rect(BOX.right - 20 - 130, BUTTONS_TOP, 130, 46)
        if self.draft is not None:
            self.show_group(0)

    # -- what is shown ------------------------------------------------------------------------------------------

    @property
    def entries(self) -> list[Entry]:
        """The entries of the group shown."""
        if self.draft is None:
            return []
        return [e for e in self.draft.entries if e.group == GROUPS[self.group]]

    @property
    def entry(self) -> Entry | None:
        return next((e for e in self.entries if e.key == self.selected), None)

    def show_group(self, index: int) -> None:
        self.group = index % len(GROUPS)
        self.tabs.index = self.group
        entries = self.entries
        self.bar.total = len(entries)
        self.bar.scroll_to(0)
        self.select(entries[0].key if entries else "")

    def select(self, entry_key: str) -> None:
        """Show one entry's fields (a value typed but refused in the entry left is dropped)."""
        self.selected = entry_key
        self.errors = {}
        keys = [e.key for e in self.entries]
        if entry_key in keys:
            self.bar.show_row(keys.index(entry_key))
        self._build_fields()

    def find(self, key: str) -> None:
        """Show the entry that holds field or entry ``key``, in its group."""
        assert self.draft is not None
        entry = next(e for e in self.draft.entries if e.key == key or any(f.key == key for f in e.fields))
        if GROUPS.index(entry.group) != self.group:
            self.show_group(GROUPS.index(entry.group))
        self.select(entry.key)

    def _build_fields(self) -> None:
        self.controls = []
        entry = self.entry
        if entry is None or self.draft is None:
            return
        top = self._fields_top(entry)
        for i, field in enumerate(entry.fields):
            row = pygame.Rect(FIELDS.left, top + i * FIELD_ROW, FIELDS.width - DEFAULT_WIDTH - 10, FIELD_HEIGHT)
            default = Button(pygame.Rect(row.right + 10, row.top + 2, DEFAULT_WIDTH, FIELD_HEIGHT - 4), _("Default"),
                             partial(self.default, field.key), size=14)
            self.controls.append((field, self._control(field, row), default))
        self._refresh()

    def _fields_top(self, entry: Entry) -> int:
        lines = len(self._description(entry))
        return FIELDS.top + 40 + lines * 19 + 12

    def _description(self, entry: Entry) -> list[str]:
        # An entry is a scoring line or special hand (mod text) or a group of options (the game's words):
        # mod_text looks in the mods' catalogs and then in the game's.
        return wrap(mod_text(entry.description), FIELDS.width - 10, 15)[:3] if entry.description else []

    def _control(self, field: Field, row: pygame.Rect) -> Any:
        draft = self.draft
        assert draft is not None
        if field.kind == "bool":
            return Switch(row, field.label, lambda: bool(draft.values[field.key]) != field.invert,
                          lambda on: self.edit(field.key, on != field.invert))
        if field.kind == "choice":
            return Choice(row, field.label, list(field.choices), lambda: draft.values[field.key],
                          partial(self.edit, field.key), field.shown)
        box = pygame.Rect(row.right - VALUE_WIDTH, row.top + 2, VALUE_WIDTH, row.height - 4)
        return TextField(box, field.typed(draft.values[field.key]), "", max_length=16, focused=False)

    def _refresh(self) -> None:
        """After any change: the typed boxes show the values, the buttons what can be done now."""
        draft = self.draft
        if draft is None:
            for b in self.buttons.values():
                b.enabled = b is self.buttons["close"]
            return
        for field, control, default in self.controls:
            if isinstance(control, TextField) and field.key not in self.errors:
                control.value = field.typed(draft.values[field.key])
            default.enabled = not draft.is_default(field.key) and not draft.locked(field.key)
        self.buttons["undo"].enabled = draft.can_undo
        self.buttons["redo"].enabled = draft.can_redo
        self.buttons["default_all"].enabled = bool(draft.changes())
        self.buttons["save"].enabled = draft.changed or (draft.custom is None and bool(draft.changes()))
        self.buttons["save_as"].enabled = True
        self.buttons["export"].enabled = draft.custom is not None and not draft.changed

    @property
    def typing(self) -> TextField | None:
        return next((c for _field, c, _note in self.controls if isinstance(c, TextField) and c.focused), None)

    # -- edits ----------------------------------------------------------------------------------------------

    def edit(self, key: str, value: Any) -> None:
        assert self.draft is not None
        problem = self.draft.set(key, value)
        self._told(key, problem)

    def typed(self, field: Field, box: TextField) -> None:
        assert self.draft is not None
        self._told(field.key, self.draft.set_text(field.key, box.value, typing=True))

    def _told(self, key: str, problem: str | None) -> None:
        if problem is None:
            self.errors.pop(key, None)
            self.message = ""
        else:
            self.errors[key] = problem
        self._refresh()

    def default(self, key: str) -> None:
        assert self.draft is not None
        self.errors.pop(key, None)
        self.draft.default(key)
        self._refresh()

    def default_all(self) -> None:
        if self.draft is not None:
            self.errors = {}
            self.draft.default_all()
            self.message, self.ok = _("every value is back to the ruleset's own; Undo brings yours back"), True
            self._refresh()

    def undo(self) -> None:
        if self.draft is not None and self.draft.undo():
            self._after_history()

    def redo(self) -> None:
        if self.draft is not None and self.draft.redo():
            self._after_history()

    def _after_history(self) -> None:
        self.errors = {}
        for _field, control, _note in self.controls:
            if isinstance(control, TextField):
                control.focused = False
        self._refresh()

    # -- saving and leaving -------------------------------------------------------------------------------

    def _report(self, work: Callable[[], str]) -> str | None:
        try:
            message = work()
        except (SparrowError, OSError) as exc:
            self.message, self.ok = error_text(exc).splitlines()[0], False
            return str(exc)
        self.message, self.ok = message, True
        return None

    def save(self) -> None:
        draft = self.draft
        if draft is None:
            return
        if draft.custom is None:
            self.ask_save_as()
            return

        def work() -> str:
            made = draft.save()
            self._saved(made.id)
            return _('saved {name}').format(name=made.name)

        self._report(work)

    def save_as(self, name: str) -> str | None:
        """Save as a new preset ``name``; it becomes the ruleset for new games."""
        draft = self.draft
        if draft is None:
            return _("nothing to save")

        def work() -> str:
            made = draft.save(name)
            self._saved(made.id)
            return _('saved {name}; new games use it').format(name=made.name)

        return self._report(work)

    def _saved(self, ruleset_id: str) -> None:
        self.saved_id = ruleset_id
        self.context.settings.ruleset = ruleset_id
        self.context.save_settings()
        self.context.resources.read_catalog()  # the preset is a mod: every ruleset chooser offers it at once
        self.errors = {}
        shown = self.selected
        self.show_group(self.group)  # the draft read the saved preset back: the same entry, built again
        self.select(shown)

    def ask_save_as(self) -> None:
        draft = self.draft
        if draft is None:
            return
        short = draft.name.split(" (")[0]
        suggested = f"{draft.name} 2" if draft.custom is not None else _('My {short}').format(short=short)
        self.context.open("name", title=_("Save as a new preset"), value=suggested[:custom_rules.NAME_LENGTH],
                          done=self.save_as, max_length=custom_rules.NAME_LENGTH,
                              hint=_(NAME_HINT).format(length=custom_rules.NAME_LENGTH))

    def export(self) -> None:
        draft = self.draft
        if draft is not None:
            self._report(lambda: _('exported to {export}').format(export=draft.export()))

    def leave(self) -> None:
        """Close, asking first when a change is not saved."""
        if self.draft is not None and self.draft.changed:
            self.context.open("confirm", question=_("Leave without saving your changes?"),
                              detail=_("Your changes to the values are lost; the saved ruleset stays as it was."),
                              yes=self.close, title=_("Unsaved changes"), ok_label=_("Leave"), cancel_label=_("Stay"))
            return
        self.close()

    def close(self) -> None:
        self.context.close(self)

    def enter(self) -> None:
        if not self.context.headless:
            pygame.key.start_text_input()

    def exit(self) -> None:
        if self.closed:
            return
        self.closed = True
        if not self.context.headless:
            pygame.key.stop_text_input()
        if self.done is not None and self.saved_id:
            self.done(self.saved_id)

    # -- input --------------------------------------------------------------------------------------------

    def handle(self, event: pygame.Event) -> None:
        if any(b.handle(event) for b in self.buttons.values()):
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if self.draft is None:
            return
        if self.tabs.handle(event) or self.bar.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.bar.scroll_to(self.bar.first - event.y)
            return
        if event.type == pygame.MOUSEMOTION:
            row = self._row_at(event.pos)
            self.hovered_row = row if row is not None else -1
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self._row_at(event.pos)
            if row is not None:
                self.select(self.entries[row].key)
                return
        self._handle_fields(event)

    def _handle_fields(self, event: pygame.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # A click anywhere moves the focus: every typed box hears it, the one left drops a refused value.
            for field, control, _unused in self.controls:
                if isinstance(control, TextField):
                    was = control.focused
                    control.handle(event)
                    if was and not control.focused:
                        self._left(field)
        for field, control, default in self.controls:
            if default.handle(event):
                return
            if isinstance(control, TextField):
                if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN) and control.handle(event):
                    self.typed(field, control)
                    return
                continue
            if self.draft is not None and self.draft.locked(field.key):
                if event.type == pygame.MOUSEBUTTONDOWN and control.rect.collidepoint(event.pos):
                    self.errors[field.key] = locked_problem(field.label, self.draft.locked(field.key))
                    return
                continue
            if control.handle(event):
                return

    def _left(self, field: Field) -> None:
        """A typed box lost the focus: a refused value typed in it is dropped, the value shown again."""
        self.errors.pop(field.key, None)
        self._refresh()

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        if not LIST.collidepoint(pos) or pos[0] >= self.bar.track.left - 2:
            return None
        row = self.bar.first + (pos[1] - LIST.top) // ROW
        return row if row < len(self.entries) else None

    def _key(self, event: pygame.Event) -> bool:
        key, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key == pygame.K_ESCAPE:
            self.leave()
        elif ctrl and (key == pygame.K_y or (key == pygame.K_z and shift)):
            self.redo()
        elif ctrl and key == pygame.K_z:
            self.undo()
        elif ctrl and key == pygame.K_s:
            self.save()
        elif ctrl and key == pygame.K_TAB:
            self.show_group(self.group + (-1 if shift else 1))
        elif key == pygame.K_TAB:
            self._focus_next(-1 if shift else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.typing is not None:
            self._focus_next(0)
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.entries:
            keys = [e.key for e in self.entries]
            at = keys.index(self.selected) if self.selected in keys else 0
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -ROWS, pygame.K_PAGEDOWN: ROWS}[key]
            self.select(keys[max(0, min(len(keys) - 1, at + step))])
        else:
            return False
        return True

    def _focus_next(self, step: int) -> None:
        """Tab to the next typed box (``step`` 0: leave the one typed in)."""
        boxes = [(f, c) for f, c, _unused in self.controls if isinstance(c, TextField)]
        at = next((i for i, (_unused, c) in enumerate(boxes) if c.focused), -1)
        for field, box in boxes:
            if box.focused:
                box.focused = False
                self._left(field)
        if step and boxes:
            boxes[(at + step) % len(boxes) if at >= 0 else (0 if step > 0 else -1)][1].focused = True

    def wake_in(self) -> float | None:
        return caret_wake([c for _field, c, _note in self.controls if isinstance(c, TextField)])

    # -- drawing ------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        draft = self.draft
        title = _('Rules editor · {name}').format(name=mod_text(draft.name)) if draft is not None else _("Rules editor")
        draw_panel(surface, BOX, palette, title=fit_text(title, BOX.width - 60, 22, "serif_bold"))
        if draft is not None:
            self.tabs.draw(surface, palette)
            self._draw_list(surface)
            self._draw_fields(surface)
            self._draw_side(surface)
        for b in self.buttons.values():
            b.draw(surface, palette)
        self._draw_status(surface)

    @staticmethod
    def row_label(name: str, face: str = "sans") -> tuple[str, int]:
        """A list row's name and its size: the long names of scoring lines ("Plucking the Moon from the Bottom
        of the Sea") are set smaller rather than cut, so every line can be told apart in the list."""
        return fitted(name, LIST.width - 42, 15, 12, face)

    def _draw_list(self, surface: pygame.Surface) -> None:
        palette = self.context.palette
        assert self.draft is not None
        pygame.draw.rect(surface, mix(palette.panel, (255, 255, 255), 0.35), LIST, border_radius=8)
        clip = surface.get_clip()
        surface.set_clip(LIST)
        entries = self.entries
        for i in range(self.bar.first, min(len(entries), self.bar.first + ROWS)):
            entry = entries[i]
            row = pygame.Rect(LIST.left, LIST.top + (i - self.bar.first) * ROW, LIST.width - 12, ROW)
            chosen = entry.key == self.selected
            if chosen:
                pygame.draw.rect(surface, palette.accent_dark, row.inflate(-4, -4), border_radius=6)
            elif i == self.hovered_row:
                pygame.draw.rect(surface, palette.panel_shade, row.inflate(-4, -4), border_radius=6)
            changed = any(not self.draft.is_default(f.key) for f in entry.fields)
            colour = palette.button_text if chosen else palette.text_dark
            if changed:
                pygame.draw.circle(surface, palette.highlight if chosen else palette.accent, (row.left + 11,
                                                                                              row.centery), 4)
            face = "bold" if changed else "sans"
            label, size = self.row_label(mod_text(entry.name), face)
            text(surface, label, (row.left + 22, row.centery), size, colour, face, "midleft")
        surface.set_clip(clip)
        self.bar.draw(surface, palette)
        if not entries:
            text(surface, _("Nothing to change here in this ruleset."), (LIST.left + 10, LIST.top + 12), 15,
                 palette.compass_dark)

    def _draw_fields(self, surface: pygame.Surface) -> None:
        palette = self.context.palette
        entry = self.entry
        draft = self.draft
        if entry is None or draft is None:
            return
        text(surface, fit_text(mod_text(entry.name), FIELDS.width, 20, "serif_bold"), (FIELDS.left, FIELDS.top), 20,
             palette.text_dark, "serif_bold")
        for i, line in enumerate(self._description(entry)):
            text(surface, line, (FIELDS.left, FIELDS.top + 34 + i * 19), 15, palette.compass_dark, "sans")
        if not entry.fields:
            text(surface, _("This ruleset's files give no such value to change."),
                 (FIELDS.left, self._fields_top(entry)), 15, palette.compass_dark)
        bottom = self._fields_top(entry)
        for field, control, default in self.controls:
            locked = draft.locked(field.key)
            if isinstance(control, TextField):
                self._draw_box(surface, field, control, locked)
            else:
                control.draw(surface, palette)
                if locked:
                    veil = pygame.Surface(control.rect.size, pygame.SRCALPHA)
                    veil.fill((*palette.panel[:3], 130))
                    surface.blit(veil, control.rect)
            default.draw(surface, palette)
            bottom = control.rect.bottom
        y = bottom + 14
        shown = [(key, message) for key, message in self.errors.items() if any(f.key == key for f in entry.fields)]
        for _unused, message in shown[:1]:
            for line in wrap(message, FIELDS.width - 8, 14, "bold")[:3]:
                text(surface, line, (FIELDS.left, y), 14, ERROR, "bold")
                y += 19
            y += 6
        if entry.pattern:
            self._draw_pattern(surface, entry, y)

    def _draw_box(self, surface: pygame.Surface, field: Field, box: TextField, locked: str) -> None:
        palette = self.context.palette
        row = pygame.Rect(FIELDS.left, box.rect.top - 2, box.rect.right - FIELDS.left, FIELD_HEIGHT)
        dim = mix(palette.text_dark, palette.panel, 0.45)
        text(surface, _(field.label), (row.left + 10, row.centery), 17, dim if locked else palette.text_dark, "sans",
             "midleft")
        box.draw(surface, palette)
        if field.nullable and not box.value:
            # Nothing typed is a value of its own here (no share of the limit): the box says which.
            text(surface, field.none_word, (box.rect.right - 12, box.rect.centery), 15, palette.compass_dark, "sans",
                 "midright")
        if field.key in self.errors:
            pygame.draw.rect(surface, ERROR, box.rect, width=3, border_radius=8)
        if locked:
            veil = pygame.Surface(box.rect.size, pygame.SRCALPHA)
            veil.fill((*palette.panel[:3], 150))
            surface.blit(veil, box.rect)

    def _draw_pattern(self, surface: pygame.Surface, entry: Entry, y: int) -> None:
        palette = self.context.palette
        text(surface, _("Pattern (read-only: edit it in the YAML file)"), (FIELDS.left, y), 14, palette.accent_dark,
             "bold")
        y += 22
        room = (FIELDS.bottom - y) // 17
        lines = entry.pattern.splitlines()
        for line in lines[:room]:
            text(surface, fit_text(line, FIELDS.width - 8, 13), (FIELDS.left + 6, y), 13, palette.text_dark, "sans")
            y += 17
        if len(lines) > room:
            text(surface, _('… {value} more lines in the file').format(
                    value=len(lines) - room), (FIELDS.left + 6, y), 12,
                 palette.compass_dark, "sans")

    def _draw_side(self, surface: pygame.Surface) -> None:
        """The right-hand column: the live preview of the entry chosen."""
        palette = self.context.palette
        pygame.draw.rect(surface, mix(palette.panel, (255, 255, 255), 0.35), PREVIEW, border_radius=10)
        shown = self.preview()
        if shown is not None and self.draft is not None:
            ruleset = self.draft.ruleset()
            draw_preview(surface, PREVIEW, shown, self.context.sprites, palette,
                         None if ruleset.pay_table is not None else ruleset.payment)

    def preview(self) -> Preview | None:
        """The preview of the entry chosen, with the values as they stand (worked out again after a change)."""
        draft, entry = self.draft, self.entry
        if draft is None or entry is None:
            return None
        key = (entry.key, tuple(sorted(draft.changes().items(), key=lambda kv: kv[0])))
        if self._preview is None or self._preview[0] != key:
            try:
                ruleset = draft.ruleset()
                if entry.key not in self._examples:
                    self._examples[entry.key] = find_example(ruleset, entry.key)
                self._preview = (key, preview(ruleset, entry.key, self._examples[entry.key]))
            except Exception as exc:  # a mod's odd pattern or line must not stop the editor (as on the Rules pages)
                log.exception("no preview for %s", entry.key)
                self._preview = (key, Preview(None, None, note=_('No preview for this entry: {exc}').format(exc=exc)))
        return self._preview[1]

    def _draw_status(self, surface: pygame.Surface) -> None:
        palette = self.context.palette
        y = BUTTONS_TOP - 22
        if self.message:
            colour = palette.text_dark if self.ok else ERROR
            line = fit_text(self.message, BOX.width - 40, 14)
        else:
            colour = palette.compass_dark
            draft = self.draft
            if draft is not None and draft.changed:
                line = _("Changed values are marked in the list. Save keeps them; Undo takes them back one by one.")
            elif draft is not None and draft.custom is None:
                line = _("A built-in ruleset is a template: change its values, then Save as… a preset of your own.")
            else:
                line = _("Type a value, or click a switch; the preview follows every change.")
        text(surface, line, (BOX.left + 22, y), 14, colour, "sans", "midleft")
