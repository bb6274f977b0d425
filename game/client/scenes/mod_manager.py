"""The mod manager: every mod found, with its place in the load order, version, kinds, status and problems,
through ``game.mods.ModManager``.

The list scrolls (wheel, arrow keys, Page Up/Down, Home/End, or its scroll bar). Enable or disable (Space), move
up or down in the load order (Move Up/Move Down, Ctrl+Up/Down), remove a user mod, install from a typed path, or
drop a zip or a folder onto the window to install it. A dropped or typed picture opens the box that makes it a tile
set (:mod:`.tile_picture`), as the original loaded a dropped bitmap as its tiles. Every action's message
and problems (``FILE:LINE:COLUMN: ...``) are shown under the list, and every change is in effect at once
(``context.reload_mods()``): New Game and Settings offer what the mods now offer.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pygame

from game.client import layout
from game.client.look import fit_text, mix, text, wrap
from game.client.scenes.base import Scene
from game.client.widgets import Button, ScrollBar, TextField, caret_wake, draw_panel
from game.errors import SparrowError, error_text
from game.i18n import N_, _, mod_text, pgettext, pgettext_noop

log = logging.getLogger(__name__)

ROW_H = 46
VISIBLE = 9
MOD_WORDS = (
    pgettext_noop("mod kind", "ruleset"), pgettext_noop("mod kind", "tileset"),
        pgettext_noop("mod kind", "theme"),
    pgettext_noop("mod kind", "voice"), pgettext_noop("mod kind", "ai"), pgettext_noop("mod kind",
        "lesson"),
    pgettext_noop("mod origin", "bundled"), pgettext_noop("mod origin", "portable"),
    pgettext_noop("mod origin", "user"), pgettext_noop("mod status", "loaded"),
    pgettext_noop("mod status", "disabled"), pgettext_noop("mod status", "error"),
)
"""A mod's kinds, origin and status as its row shows them (the catalog's own words are ids)."""
LOAD_ORDER = (N_("Mods load from top to bottom: where two offer the same ruleset, tile set, theme or opponent, the "
              "lower one wins."))


def short_problem(problem: str, folder: str) -> str:
    """A problem with the mod's own folder left off its file name: ``mod.yaml:5:1: ...`` reads at a glance."""
    if folder:
        prefix = str(Path(folder)).rstrip("/\\")
        for sep in ("/", "\\"):
            if problem.startswith(prefix + sep):
                return problem[len(prefix) + 1:]
    return problem


class ModManagerScene(Scene):
    overlay = True
    name = "mods"
    still = True

    def __init__(self, context) -> None:
        super().__init__(context)
        self.box = pygame.Rect(0, 0, 1100, 660)
        self.box.center = (640, 350)
        self.selected = 0
        self.message = ""
        self.problems: list[str] = []
        self.ok = True
        self.rows: list[Any] = []
        self.list_top = self.box.top + 86
        self.bar = ScrollBar(pygame.Rect(self.box.right - 34, self.list_top, 8, VISIBLE * ROW_H - 6), VISIBLE)
        self.manager = self._manager()
        bottom = self.box.bottom - 62
        left = self.box.left
        self.path_field = TextField(pygame.Rect(left + 28, bottom + 2, 270, 40), "", focused=False, max_length=400)
        self.install_button = Button(pygame.Rect(left + 308, bottom, 100, 44), _("Install"), self._install_typed,
                                     size=16)
        self.toggle_button = Button(pygame.Rect(left + 420, bottom, 110, 44), _("Disable"), self._toggle,
                                    key_hint=_("Space"), size=16)
        self.up_button = Button(pygame.Rect(left + 542, bottom, 120, 44), _("Move Up"), lambda: self._move(-1),
                                key_hint=_("Ctrl+↑"), size=16)
        self.down_button = Button(pygame.Rect(left + 668, bottom, 128, 44), _("Move Down"), lambda: self._move(1),
                                  key_hint=_("Ctrl+↓"), size=16)
        self.remove_button = Button(pygame.Rect(left + 808, bottom, 100, 44), _("Remove"), self._remove,
                                    key_hint=_("Del"), size=16)
        self.done_button = Button(pygame.Rect(self.box.right - 140, bottom, 116, 44), _("Done"), self.close,
                                  primary=True, key_hint=_("Esc"))
        self.buttons = [self.install_button, self.toggle_button, self.up_button, self.down_button,
                        self.remove_button, self.done_button]
        self.reload()

    @property
    def scroll(self) -> int:
        """The first row on view."""
        return self.bar.first

    def _manager(self) -> Any:
        if self.context.folders is None:
            self.message, self.ok = _("no mods folder is available"), False
            return None
        try:
            from game.mods.manager import ModManager

            return ModManager(self.context.folders)
        except (SparrowError, OSError) as exc:  # show the problem instead of failing the scene
            log.warning("mods in %s could not be listed: %s", self.context.folders.user_mods, exc)
            self.message, self.ok = _('mods could not be listed: {exc}').format(exc=error_text(exc)), False
            return None

    def reload(self) -> None:
        chosen = self._current()
        self.rows = self.manager.rows() if self.manager is not None else []
        if not self.rows and not self.message:
            self.message = _("No mods found. Drop a mod's zip or folder here, or type its path and press Install.")
        ids = [r.id for r in self.rows]
        if chosen is not None and chosen.id in ids:
            self.selected = ids.index(chosen.id)
        self._select(self.selected)

    def _select(self, index: int) -> None:
        self.selected = max(0, min(index, len(self.rows) - 1))
        self.bar.total = len(self.rows)
        self.bar.scroll_to(self.bar.first)
        self.bar.show_row(self.selected)

    def order_number(self, row: Any) -> int | None:
        """Where the mod loads (1 first), or None when it is not loaded."""
        order = self.manager.catalog.order if self.manager is not None else []
        return order.index(row.id) + 1 if row.id in order else None

    def close(self) -> None:
        pygame.key.stop_text_input()
        self.context.close(self)

    def _current(self) -> Any:
        return self.rows[self.selected] if 0 <= self.selected < len(self.rows) else None

    def _report(self, outcome: Any) -> None:
        """Show what an action did; a change that worked is applied to the whole game at once."""
        self.message, self.ok, self.problems = outcome.message, outcome.ok, list(outcome.problems)
        self.reload()
        if not outcome.ok or not outcome.changed:
            return
        self.context.reload_mods()
        in_game = any(scene.name == "table" for scene in self.context.scenes)
        self.message += (_("; in effect now, for the next game (the game in progress keeps its rules and players)")
                         if in_game else _("; in effect now"))

    # -- actions ----------------------------------------------------------------------------------------------

    def _toggle(self) -> None:
        row = self._current()
        if row is not None and self.manager is not None:
            self._report(self.manager.toggle(row.id))

    def _move(self, delta: int) -> None:
        row = self._current()
        if row is None or self.manager is None:
            return
        self._report(self.manager.move(row.id, delta))

    def _remove(self) -> None:
        row = self._current()
        if row is None or self.manager is None:
            return
        if not row.removable:
            self.message, self.ok, self.problems = (_('{name} is bundled with the game and cannot be removed; '
                                                      'disable it '
                                                      'instead').format(name=row.name)), False, []
            return
        self._report(self.manager.remove(row.id))

    def _install_typed(self) -> None:
        path = self.path_field.value.strip().strip('"')
        if not path:
            self.path_field.focused = True
            pygame.key.start_text_input()
            self.message, self.ok, self.problems = _("type the path of a mod's zip or folder, then Install"), True, []
            return
        self.dropped(path)

    def dropped(self, path: str) -> None:
        """A file or folder dropped onto the window (or typed): install a mod; a picture is offered as a tile set."""
        from game.mods.picture_tiles import looks_like_picture  # with the installer, only when a file is dropped

        if looks_like_picture(path):
            self.context.open("tile_picture", path=path)
            return
        if self.manager is None:
            return
        self._report(self.manager.handle_drop(path))

    def mods_changed(self) -> None:
        """A tile set was made from a picture over this box: it is listed at once."""
        if self.manager is not None:
            self.manager.refresh()
            self.reload()

    # -- input ------------------------------------------------------------------------------------------------

    def _row(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.box.left + 24, self.list_top + (i - self.scroll) * ROW_H, self.box.width - 70,
                           ROW_H - 6)

    def _list_area(self) -> pygame.Rect:
        return pygame.Rect(self.box.left + 24, self.list_top, self.box.width - 48, VISIBLE * ROW_H)

    def handle(self, event: pygame.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.dropped(event.file)
            return
        if self.bar.handle(event):
            return
        for b in self.buttons:
            if b.handle(event):
                return
        if self.path_field.handle(event):
            if self.path_field.focused:
                pygame.key.start_text_input()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(self.scroll, min(len(self.rows), self.scroll + VISIBLE)):
                if self._row(i).collidepoint(event.pos):
                    self.selected = i
        elif event.type == pygame.MOUSEWHEEL:
            self.bar.scroll_to(self.scroll - event.y)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.Event) -> None:
        if self.path_field.focused:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._install_typed()
            elif event.key == pygame.K_ESCAPE:
                self.path_field.focused = False
            return
        if event.mod & pygame.KMOD_CTRL and event.key in (pygame.K_UP, pygame.K_DOWN):
            self._move(-1 if event.key == pygame.K_UP else 1)
            return
        actions = {pygame.K_ESCAPE: self.close, pygame.K_SPACE: self._toggle, pygame.K_DELETE: self._remove}
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -VISIBLE, pygame.K_PAGEDOWN: VISIBLE,
                 pygame.K_HOME: -len(self.rows), pygame.K_END: len(self.rows)}
        if event.key in actions:
            actions[event.key]()
        elif event.key in steps:
            self._select(self.selected + steps[event.key])

    # -- drawing ----------------------------------------------------------------------------------------------

    def wake_in(self) -> float | None:
        return caret_wake([self.path_field])

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, palette, title=_("Mods"))
        self._draw_heading(surface)
        for i in range(self.scroll, min(len(self.rows), self.scroll + VISIBLE)):
            self._draw_row(surface, i)
        self.bar.draw(surface, palette)
        y = self._list_area().bottom + 4
        if self.message:
            colour = palette.text_dark if self.ok else palette.east_stake
            text(surface, fit_text(self.message, self.box.width - 60, 15, "bold"), (self.box.left + 30, y), 15,
                 colour, "bold")
        for k, problem in enumerate(self.problems[:3]):
            text(surface, fit_text(problem, self.box.width - 70, 12), (self.box.left + 40, y + 22 + k * 17), 12,
                 palette.east_stake)
        row = self._current()
        if row is not None and row.problems and not self.message and not self.problems:
            self._draw_row_problems(surface, row, y)
        elif row is not None and not self.message and not self.problems:
            self._draw_row_description(surface, row, y)
        self._draw_buttons(surface, row)
        self.path_field.draw(surface, palette)
        if not self.path_field.value and not self.path_field.focused:
            text(surface, fit_text(_("path of a mod's .zip or folder, or a picture"), self.path_field.rect.width - 24,
                                   14), (self.path_field.rect.left + 12,
                 self.path_field.rect.centery), 14, palette.disabled, "sans", "midleft")

    def _draw_heading(self, surface: pygame.Surface) -> None:
        """The load order in one line, and how many mods there are and where the list is."""
        palette = self.context.palette
        y = self.box.top + 66
        loaded = sum(1 for r in self.rows if r.status == "loaded")
        if len(self.rows) > VISIBLE:
            last = min(len(self.rows), self.scroll + VISIBLE)
            count = _('{value}–{last} of {len} · {loaded} loaded').format(
                    value=self.scroll + 1, last=last, len=len(self.rows), loaded=loaded)
        else:
            count = _('{len} mods · {loaded} loaded').format(len=len(self.rows), loaded=loaded)
        shown = text(surface, count, (self.box.right - 34, y), 13, palette.compass_dark, "bold", "midright")
        text(surface, fit_text(_(LOAD_ORDER), shown.left - self.box.left - 60, 13), (self.box.left + 30, y), 13,
             palette.text_dark, "sans", "midleft")

    def _draw_buttons(self, surface: pygame.Surface, row: Any) -> None:
        palette = self.context.palette
        place = self.order_number(row) if row is not None else None
        count = len(self.manager.catalog.order) if self.manager is not None else 0
        self.toggle_button.label = _("Disable") if row is None or row.enabled else _("Enable")
        self.toggle_button.enabled = row is not None
        self.up_button.enabled = place is not None and place > 1
        self.down_button.enabled = place is not None and place < count
        self.remove_button.enabled = row is not None and row.removable
        for b in self.buttons:
            b.draw(surface, palette)

    def _draw_row(self, surface: pygame.Surface, i: int) -> None:
        palette = self.context.palette
        r = self.rows[i]
        row = self._row(i)
        selected = i == self.selected
        pygame.draw.rect(surface, mix(palette.accent, palette.panel, 0.55) if selected else palette.panel_shade, row,
                         border_radius=8)
        if selected:
            pygame.draw.rect(surface, palette.accent_dark, row, width=2, border_radius=8)
        place = self.order_number(r)
        disc = pygame.Rect(row.left + 8, row.centery - 14, 34, 28)
        pygame.draw.rect(surface, palette.button if place is not None else palette.disabled, disc, border_radius=8)
        text(surface, str(place) if place is not None else "–", disc.center, 15, palette.button_text, "bold",
             "center")
        text(surface, fit_text(mod_text(r.name), 380, 16, "bold"), (row.left + 52, row.top + 3), 16,
            palette.text_dark, "bold")
        authors = _(' · by {join}').format(join=', '.join(r.authors)) if r.authors else ""
        kinds = ", ".join(pgettext("mod kind", kind) for kind in r.kinds)
        row_words = _("{id} {version} · {kinds} · {origin}{authors}").format(
            id=r.id, version=r.version, kinds=kinds, origin=pgettext("mod origin", r.origin), authors=authors)
        text(surface, fit_text(row_words, 380, 12),
             (row.left + 52, row.top + 24), 12, palette.compass_dark)
        detail = short_problem(r.problems[0], r.path) if r.problems else mod_text(r.description)
        colour = palette.east_stake if r.problems else palette.text_dark
        text(surface, fit_text(detail, row.width - 600, 13), (row.left + 450, row.centery), 13, colour, "sans",
             "midleft")
        status_colour = {"loaded": (40, 130, 70), "disabled": palette.disabled}.get(r.status, palette.east_stake)
        badge = pygame.Rect(row.right - 124, row.top + 7, 112, 26)
        pygame.draw.rect(surface, status_colour, badge, border_radius=13)
        text(surface, fit_text(pgettext("mod status", r.status), 104, 14, "bold"), badge.center, 14, (255, 255,
            255), "bold", "center")

    def _draw_row_problems(self, surface: pygame.Surface, row: Any, y: int) -> None:
        """The selected mod's problems in full under the list: its row has room for the first one only, cut."""
        palette = self.context.palette
        width = self.box.width - 70
        text(surface, _('Problems in {name}:').format(
                name=row.name), (self.box.left + 30, y), 15, palette.east_stake, "bold")
        lines = [line for problem in row.problems for line in wrap(short_problem(problem, row.path), width, 13)]
        limit = (self.buttons[0].rect.top - 10 - (y + 22)) // 17
        if len(lines) > limit:
            lines = [*lines[:limit - 1], _('… and more: python -m game mods check "{path}"').format(path=row.path)]
        for k, line in enumerate(lines):
            text(surface, line, (self.box.left + 40, y + 22 + k * 17), 13, palette.east_stake)

    def _draw_row_description(self, surface: pygame.Surface, row: Any, y: int) -> None:
        """The selected mod's description in full under the list (its row shows only the start)."""
        palette = self.context.palette
        text(surface, mod_text(row.name), (self.box.left + 30, y), 15, palette.text_dark, "bold")
        lines = wrap(mod_text(row.description), self.box.width - 70, 14)
        limit = (self.buttons[0].rect.top - 10 - (y + 22)) // 19
        if len(lines) > limit:
            lines = [*lines[:limit - 1], fit_text(" ".join(lines[limit - 1:]), self.box.width - 70, 14)]
        for k, line in enumerate(lines):
            text(surface, line, (self.box.left + 40, y + 22 + k * 19), 14, palette.text_dark)
