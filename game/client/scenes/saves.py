"""Open (Alt+F2) and Save (Alt+F3): the saved games in the config folder, in a box over the table or the title.

The list shows each save's name, date, ruleset and hands played; a corrupt save is listed in red with the reason
and cannot be opened (nor is it ever changed). Saving asks for a name; an existing save of that name is replaced
only after a second confirmation. Opening a game whose ruleset is missing, or that no longer replays because mods
changed, says what is missing and leaves everything as it was. A game that used mods which are gone, or whose
ruleset has changed, but whose every saved hand still replays the same, is offered: the first Open says what
differs, a second Open loads it with what is installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.client import layout
from game.client.look import fit_text, fitted, mix, text, wrap
from game.client.messages import short_names
from game.client.scenes import games
from game.client.scenes.base import Scene
from game.client.widgets import Button, TextField, caret_wake, draw_panel
from game.errors import SaveError, WriteError, error_text
from game.i18n import _, localized

ROW_H = 48
VISIBLE = 7


def mods_in_use(context: Any) -> list[dict[str, str]]:
    """The loaded mods (id and version), kept in a save so a missing one can be named when it is opened."""
    from game.saves import loaded_mods

    catalog = getattr(context, "catalog", None)
    return loaded_mods(catalog) if catalog is not None else []


class SavesScene(Scene):
    overlay = True
    name = "saves"
    still = True

    def __init__(self, context, mode: str, session: Any = None) -> None:
        super().__init__(context)
        self.mode = mode
        self.session = session
        self.box = pygame.Rect(0, 0, 960, 620)
        self.box.center = (640, 350)
        self.saves: list[Any] = []
        self.ruleset_names: dict[str, str] = {}
        self.selected = -1
        self.scroll = 0
        self.message = ""
        self.error = False
        self.confirm: Path | None = None
        """A save to replace (Save) or to open despite what differs (Open), waiting for a second press."""
        self.field = TextField(pygame.Rect(self.box.left + 28, self.box.top + 92, 560, 42),
                               getattr(session, "save_name", "") or "", _("Save as:"))
        ok = (_("Save") if mode == "save" else _("Open"), self.confirm_action)
        self.ok = Button(pygame.Rect(self.box.right - 330, self.box.bottom - 64, 146, 44), ok[0], ok[1],
                         primary=True, key_hint=_("Enter"))
        self.cancel = Button(pygame.Rect(self.box.right - 170, self.box.bottom - 64, 146, 44), _("Cancel"), self.close,
                             key_hint=_("Esc"))
        self.replay = Button(pygame.Rect(self.box.left + 24, self.box.bottom - 64, 180, 44), _("Watch replay"),
                             self.watch, key_hint="R")
        self.reload()

    def enter(self) -> None:
        if self.mode == "save":
            pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    @property
    def folder(self) -> Path | None:
        folders = self.context.folders
        return folders.saves if folders is not None else None

    def reload(self) -> None:
        from game.saves import list_saves

        self.saves = list_saves(self.folder) if self.folder is not None else []
        self.saves.sort(key=lambda info: info.date, reverse=True)
        ids = sorted({info.ruleset for info in self.saves if info.status == "ok"})
        # Each listed ruleset by its name, as short as the list allows.
        names = short_names([self.context.resources.ruleset_name(r) for r in ids])
        self.ruleset_names = dict(zip(ids, names, strict=True))
        if self.mode == "open" and self.saves and self.selected < 0:
            self.selected = 0
        self.selected = min(self.selected, len(self.saves) - 1)

    def close(self) -> None:
        self.context.close(self)

    def say(self, message: str, error: bool = False) -> None:
        self.message, self.error = message, error

    # -- actions ----------------------------------------------------------------------------------------------

    def confirm_action(self) -> None:
        if self.mode == "save":
            self.save()
        else:
            self.open()

    def save(self) -> None:
        from game.saves import SAVE_SUFFIX, file_stem, write_save
        from game.session import notes
        from game.session.notes import Note

        name = self.field.value.strip()
        if self.session is None or self.folder is None:
            self.say(_("there is no game to save"), True)
            return
        if not name:
            self.say(_("type a name for the save first"), True)
            return
        path = self.folder / f"{file_stem(name)}{SAVE_SUFFIX}"
        if path.exists() and self.confirm != path:
            self.confirm = path
            self.say(_('a save called {stem!r} exists: press Save again to replace it').format(stem=path.stem))
            return
        try:
            write_save(path, self.session.snapshot(name, mods=mods_in_use(self.context)))
        except WriteError as exc:  # a full disk, a read-only folder: it says what is still there
            self.say(error_text(exc), True)
            return
        except (OSError, SaveError) as exc:
            self.say(_('could not save {name!r}: {exc}').format(name=name, exc=error_text(exc)), True)
            return
        self.session.save_name = name
        self.session.mark_written(path)
        self.session.tell(Note(notes.GAME_SAVED, {"name": name}))
        self.close()

    def _selected_info(self) -> Any:
        return self.saves[self.selected] if 0 <= self.selected < len(self.saves) else None

    def _read_selected(self) -> Any:
        from game.saves import read_save

        info = self._checked_selection()
        if info is None:
            return None
        try:
            return read_save(info.path)
        except SaveError as exc:
            self.say(error_text(exc), True)
            return None

    def _checked_selection(self) -> Any:
        """The save chosen, when it can be read; None after saying why not."""
        info = self._selected_info()
        if info is None:
            self.say(_("choose a saved game first"), True)
            return None
        if info.status != "ok":
            reason = localized(info.reason)
            self.say(_('{name} cannot be opened: {reason}').format(name=info.name, reason=reason), True)
            return None
        return info

    def open(self) -> None:
        from game.client.status import note_line

        info = self._checked_selection()
        if info is None:
            return
        path = Path(info.path)
        try:
            session, warnings = games.restore(self.context, path)
        except SaveError as exc:
            self.say(_('not opened: {exc}').format(exc=error_text(exc)), True)
            return
        if warnings and self.confirm != path:
            self.confirm = path
            said = "; ".join(note_line(w, session.names) for w in warnings)
            self.say(_('{said}. Press Open again to load it with what is installed.').format(said=said))
            return
        games.play_restored(self.context, session, warnings, path)

    def watch(self) -> None:
        """Replay the selected save's finished hands, without opening the game itself."""
        from game.session.restore import restore_session

        saved = self._read_selected()
        if saved is None:
            return
        try:
            session, _unused = restore_session(saved, self.context.mods_dir, config_dir=self.context.config_dir,
                                         catalog=self.context.catalog)
        except SaveError as exc:
            self.say(_('cannot replay: {exc}').format(exc=error_text(exc)), True)
            return
        if not session.match.history:
            self.say(_("that game has no finished hand to replay yet"), True)
            return
        start = saved.settings.get("replay_hand", 0)
        self.context.open("replay", session=session, hand=start if isinstance(start, int) else 0)

    # -- input ------------------------------------------------------------------------------------------------

    def _row(self, i: int) -> pygame.Rect:
        top = self.box.top + (186 if self.mode == "save" else 116)
        return pygame.Rect(self.box.left + 24, top + (i - self.scroll) * ROW_H, self.box.width - 48, ROW_H - 6)

    def _visible(self) -> int:
        return VISIBLE - (1 if self.mode == "save" else 0)

    def handle(self, event: pygame.Event) -> None:
        buttons = [self.ok, self.cancel] + ([self.replay] if self.mode == "open" else [])
        for b in buttons:
            if b.handle(event):
                return
        if self.mode == "save" and self.field.handle(event):
            self.confirm = None
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(self.scroll, min(len(self.saves), self.scroll + self._visible())):
                if self._row(i).collidepoint(event.pos):
                    self._pick(i)
                    if event.dict.get("clicks", 1) >= 2 and self.mode == "open":
                        self.open()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.saves) - self._visible()), self.scroll - event.y))
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm_action()
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.saves:
                step = -1 if event.key == pygame.K_UP else 1
                self._pick(max(0, min(len(self.saves) - 1, self.selected + step)))
            elif event.key == pygame.K_r and self.mode == "open":
                self.watch()

    def _pick(self, index: int) -> None:
        if index == self.selected and self.confirm is not None:
            return  # the second click of a double click, or the same row again: the question stands
        self.selected = index
        info = self.saves[index]
        if self.mode == "save" and info.status == "ok":
            self.field.value = info.name
        self.confirm = None
        self.say(localized(info.reason) if info.status != "ok" else "", info.status != "ok")
        self.scroll = min(self.scroll, index)
        if index >= self.scroll + self._visible():
            self.scroll = index - self._visible() + 1

    # -- drawing ----------------------------------------------------------------------------------------------

    def wake_in(self) -> float | None:
        return caret_wake([self.field] if self.mode == "save" else [])

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, palette, title=_("Save Game") if self.mode == "save" else _("Open Game"))
        if self.mode == "save":
            self.field.draw(surface, palette)
            left = self.field.rect.right + 20
            lines = wrap(_("Saved games are kept in your config folder. The autosave is made after every hand and as "
                         "you leave a game."), self.box.right - 24 - left, 13)[:3]
            top = self.field.rect.centery - 9 * (len(lines) - 1)
            for k, line in enumerate(lines):
                text(surface, line, (left, top + k * 18), 13, palette.compass_dark, "sans", "midleft")
        header = self._row(self.scroll)
        columns = self._columns(header)
        for label, x in zip((_("Name"), _("Saved"), _("Ruleset"), _("Hands")), columns, strict=True):
            text(surface, label, (x, header.top - 6), 14, palette.compass_dark, "bold", "bottomleft")
        if not self.saves:
            text(surface, _("No saved games yet.") if self.mode == "open" else _("No saved games yet: this is the "
                                                                                 "first."),
                 (self.box.centerx, header.bottom + 60), 18, palette.compass_dark, "sans", "center")
        for i in range(self.scroll, min(len(self.saves), self.scroll + self._visible())):
            self._draw_row(surface, i, columns)
        if len(self.saves) > self._visible():
            text(surface, _('{value}–{min} of {len} (wheel or arrows to scroll)').format(
                    value=self.scroll + 1, min=min(len(self.saves), self.scroll + self._visible()),
                        len=len(self.saves)), (self.box.right - 28, header.top - 6), 12,
                 palette.compass_dark, "sans", "bottomright")
        if self.message:
            # Set smaller before it is cut: a message saying where a file is must show the whole path.
            colour, face = (palette.east_stake, "bold") if self.error else (palette.text_dark, "sans")
            message, size = fitted(self.message, self.box.width - 60, 15, 11, face)
            text(surface, message, (self.box.left + 28, self.box.bottom - 86), size, colour, face, "midleft")
        self.ok.draw(surface, palette)
        self.cancel.draw(surface, palette)
        if self.mode == "open":
            self.replay.draw(surface, palette)

    def _columns(self, row: pygame.Rect) -> tuple[int, int, int, int]:
        return (row.left + 16, row.left + 380, row.left + 590, row.left + 790)

    def _draw_row(self, surface: pygame.Surface, i: int, columns: tuple[int, int, int, int]) -> None:
        palette = self.context.palette
        info = self.saves[i]
        row = self._row(i)
        selected = i == self.selected
        base = mix(palette.accent, palette.panel, 0.5) if selected else palette.panel_shade
        pygame.draw.rect(surface, base, row, border_radius=8)
        if selected:
            pygame.draw.rect(surface, palette.accent_dark, row, width=2, border_radius=8)
        if info.status != "ok":
            text(surface, fit_text(info.name, 340, 17, "bold"), (columns[0], row.top + 4), 17, palette.east_stake,
                 "bold")
            reason = localized(info.reason)
            reason = reason.split(": ", 1)[-1] if reason.startswith(info.path) else reason
            text(surface, fit_text(_('corrupt, left untouched: {reason}').format(reason=reason), row.width - 40, 12),
                 (columns[0], row.top + 25), 12, palette.east_stake)
            return
        text(surface, fit_text(info.name, 340, 17, "bold"), (columns[0], row.centery), 17, palette.text_dark,
             "bold", "midleft")
        text(surface, info.date.replace("T", "  ")[:17], (columns[1], row.centery), 15, palette.text_dark, "sans",
             "midleft")
        text(surface, fit_text(self.ruleset_names.get(info.ruleset, info.ruleset), 180, 15),
             (columns[2], row.centery), 15, palette.text_dark, "sans", "midleft")
        text(surface, str(info.hands), (columns[3], row.centery), 15, palette.text_dark, "bold", "midleft")
