"""Rules and help pages (F1), and the in-game menu (Esc) over the table."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pygame

from game import __version__
from game.client import layout
from game.client.desktop import open_folder
from game.client.look import fit_text, mix, text, text_size, wrap
from game.client.scenes.base import Scene
from game.client.scenes.glossary import GLOSSARY
from game.client.scenes.help_glossary import glossary_canvas
from game.client.scenes.help_pages import SCREEN_PAGES
from game.client.scenes.help_search import Entry, Found, search
from game.client.scenes.rules import ruleset_for
from game.client.scenes.table_keys import TABLE_KEYS
from game.client.widgets import Button, ScrollBar, TextField, dim, draw_panel
from game.i18n import N_, _, mod_text
from game.logsetup import LOG_FILE

KeyColumn = tuple[tuple[str, str], ...]
"""A column of the keyboard page: (keys, what they do)."""

PAGES: list[tuple[str, str | tuple[KeyColumn, ...]]] = [
    (N_("Beginners Guide"),
     N_("The object of the game is to be the first to go Mah Jongg: a hand of four sets and a pair. A set is a "
     "Pung (three of a kind), a Kong (four of a kind) or a Chow (three in a row of one suit).\n"
     "Your tiles stand on the long rectangle at the bottom, your stake; the other players sit to your right, "
     "opposite and to your left. East's stake is red.\n"
     "On your turn you get a tile from the wall and discard one: click it, or move the cursor with the arrow keys "
     "and press Enter. When another player discards a tile you can use, it glows green in the middle: click it "
     "(or use the buttons) before the timer bar in the compass runs out.\n"
     "You may claim a discard for a Pung or Kong from anyone, but for a Chow only from the player on your left "
     "(unless it makes you Mah Jongg). Flowers and Seasons are laid out at once and replaced by loose tiles.\n"
     "Beginners can press F6 to see every hand (Show All Hands) and F8 for a QuickTip on what to discard.")),
    (N_("Keyboard"), tuple(tuple((row.caps, row.does) for row in column) for column in TABLE_KEYS)),
    (N_("Mouse"),
     N_("Left click a tile on your stake: discard it (on your turn).\n"
     "Left click the discard in the middle: claim it for a Chow, Pung, Kong or Mah Jongg. Left click your own "
     "discard while the timer bar runs: take it back.\n"
     "Right click the discard: play goes on at once. Right click anywhere else: the floating menu (Undo, Pause, "
     "Show All Hands, Save, Replays, Close Menu).\n"
     "Left click anywhere while the hand is dealt but not started: start it. A click also finishes the tile "
     "movement on the way; during Auto Play (or the demo) it stops it. While the game is paused (F9, or when the "
     "window loses the focus) any click or key goes on.\nHover over any tile to read its name in the status bar. "
     "Drop a mod (.zip or folder) or a tile-set image anywhere on the window to install or preview it in the Mods "
     "box.")),
    (N_("Scoring"),
     N_("At the end of a hand every player scores their sets: Pungs and Kongs of honours and terminals are worth "
     "more, concealed sets twice the exposed ones, each Flower or Season 4. Doubles (sets of dragons, your own "
     "wind, the wind of the round, one-suit hands) double the total. The winner adds 20 for going Mah Jongg.\n"
     "Then everybody settles: the losers pay the winner his score (double if either is East) and settle the "
     "difference between themselves. The Total Scores box shows each payment.")),
    (N_("Troubleshooting"),
     N_("No sound: look at Settings > Sound (sound and voices on, the volumes up). If Sparrow found no sound device "
     "it says so on the title screen; the game plays on silently. Sounds a mod brings that cannot be decoded "
     "are left out and named in the Mods box.\n"
     "A mod refused: open Mods. A mod with a problem is marked and says which file and which line is wrong and "
     "why; the other mods keep working. Mend the file, or switch the mod off.\n"
     "A save that will not open: the Saved Games box says why (damaged, from a newer Sparrow, or needing a mod "
     "you do not have). Nothing is deleted. Continue always has a second copy: open autosave.prev under "
     "Open…\n"
     "Settings that could not be read: only the values in error take their defaults, and the title screen "
     "says which. Everything else that goes wrong is written to sparrow.log in the config folder: the About "
     "page shows where it is, with a button to open the folder.")),
]
"""The pages after "This Screen": the game, the keys, the mouse, scoring and troubleshooting (About is made
from the game as it runs: :class:`HelpScene` draws it)."""

ABOUT = N_("About")
SCREEN = N_("This Screen")
GLOSSARY_TAB = N_("Glossary")
SEARCH_HINT = N_("Search the help (Ctrl+F)")


CREDIT = (N_("A remake of Mah Jongg for Windows, The REAL Game! (version 1.10, 1995) by Elaine and Berrie Bloem, "
          "with its rules, its screen and its keys, and with modern comforts: a resizable window, claim buttons, "
          "lessons, and mods for rulesets, tiles, themes, voices and computer players."))
BOX = pygame.Rect(0, 0, 1100, 620)
BOX.center = (640, 352)


def about_folders(context: Any) -> list[tuple[str, Path, Path]]:
    """The folders in use, as About lists them: (what, the path shown, the folder its Open button opens)."""
    folders = context.folders
    if folders is None:
        return []
    return [(_("Settings"), folders.settings_file, folders.config), (_("Saves"), folders.saves, folders.saves),
            (_("Mods"), folders.user_mods, folders.user_mods), (_("Log"), folders.config / LOG_FILE, folders.config)]


def loaded_mod_names(context: Any) -> list[str]:
    """Each loaded mod as "name version", in load order."""
    catalog = context.catalog
    if catalog is None:
        return []
    named = []
    for entry in catalog.entries:
        if entry.loaded and entry.manifest is not None:
            named.append(f"{mod_text(entry.manifest.name, domain=entry.id)} {entry.manifest.version}")
    return named


class HelpScene(Scene):
    """Rules & Help: opened by F1 at the page about the screen below (``topic``), else at the Beginners Guide."""

    overlay = True
    name = "help"
    still = True

    def __init__(self, context, page: int | str = 0, topic: str | None = None) -> None:
        super().__init__(context)
        self.box = BOX
        self.topic: str | None = None
        self._build_tabs(topic)
        self.close = Button(pygame.Rect(self.box.right - 160, self.box.bottom - 62, 136, 44), _("Close"),
                            lambda: context.close(self), primary=True, key_hint=_("Esc"))
        self.rules = Button(pygame.Rect(self.box.right - 336, self.box.bottom - 62, 164, 44), _("Full Rules"),
                            lambda: context.open("rules"), key_hint="R")
        self.notice = ""
        """What the last Open button did, shown under the About page's folders."""
        self.folders = about_folders(context)
        self.openers = [Button(pygame.Rect(self.box.right - 136, 0, 100, 30), _("Open"), partial(self._open, folder),
                               size=14) for _label, _shown, folder in self.folders]
        self.view = pygame.Rect(self.box.left + 32, self.box.top + 108, self.box.width - 64, self.box.height - 190)
        self.bar = ScrollBar(pygame.Rect(self.view.right - 8, self.view.top, 8, self.view.height), self.view.height)
        """The glossary's scroll bar, counted in pixels of its canvas: it says the page goes on below."""
        self._glossary: tuple[pygame.Surface, dict[str, int]] | None = None
        self.search = TextField(pygame.Rect(self.box.left + 24, self.box.bottom - 60, 400, 42), "", max_length=40,
                                focused=False)
        self.found: list[Found] = []
        self._entries: list[Entry] | None = None
        self.chosen = 0
        """The search result Enter opens."""
        self._go(self.titles.index(page) if isinstance(page, str) else page)

    def _build_tabs(self, topic: str | None) -> None:
        """The tabs, with the page about ``topic`` (a screen) first when there is one."""
        self.topic = topic if topic in SCREEN_PAGES else None
        self.titles = ([SCREEN] if self.topic else []) + [title for title, _unused in PAGES[:-1]] + [GLOSSARY_TAB,
                                                                                                PAGES[-1][0], ABOUT]
        # Each tab as wide as its name needs, the room left shared out, so no name is cut.
        needs = [Button.width_for(_(title), 15, 18) for title in self.titles]
        spare = (self.box.width - 48 - 6 * (len(needs) - 1) - sum(needs)) // len(needs)
        self.tabs, x = [], self.box.left + 24
        for i, (title, need) in enumerate(zip(self.titles, needs, strict=True)):
            self.tabs.append(Button(pygame.Rect(x, self.box.top + 58, need + spare, 34), _(title), partial(self._go, i),
                                    size=15))
            x += need + spare + 6

    def exit(self) -> None:
        if self.search.focused and not self.context.headless:
            pygame.key.stop_text_input()

    @property
    def title(self) -> str:
        """The name of the page shown (its tab's)."""
        return self.titles[self.page]

    def page_heading(self) -> str:
        """The heading over the page shown: the screen's own name on This Screen."""
        if self.title == SCREEN and self.topic:
            return _(SCREEN_PAGES[self.topic][0])
        return _(self.title)

    def page_text(self) -> str:
        """The words of the page shown ("" for the key table and About, which are drawn from data)."""
        if self.title == SCREEN and self.topic:
            return _(SCREEN_PAGES[self.topic][1])
        body = dict(PAGES).get(self.title, "")
        return _(body) if isinstance(body, str) else ""

    @staticmethod
    def about_heading() -> str:
        return _('Sparrow Mah Jongg {version}').format(version=__version__)

    def _go(self, page: int) -> None:
        self.page = page % len(self.titles)
        self.scroll = 0
        for i, b in enumerate(self.tabs):
            b.focused = i == self.page

    # -- the glossary and the search ----------------------------------------------------------------------------

    @property
    def scroll(self) -> int:
        """How far down the glossary is scrolled, in pixels."""
        return self.bar.first

    @scroll.setter
    def scroll(self, pixels: int) -> None:
        self.bar.scroll_to(pixels)

    def glossary(self) -> tuple[pygame.Surface, dict[str, int]]:
        if self._glossary is None:
            self._glossary = glossary_canvas(self.context, self.view.width - 14)
            self.bar.total = self._glossary[0].get_height()
        return self._glossary

    def _scroll_by(self, pixels: int) -> None:
        self.glossary()
        self.scroll += pixels

    def entries(self) -> list[Entry]:
        """Everything the search looks through: the glossary, the help pages, the screens' pages and the special
        hands of the ruleset in play (gathered once)."""
        if self._entries is None:
            self._entries = self._gather()
        return self._entries

    def _gather(self) -> list[Entry]:
        found: list[Entry] = [(_("Glossary"), _(term), _(meaning), term) for term, meaning, _codes in GLOSSARY]
        found += [(_("Help"), _(title), _(body), title) for title, body in PAGES if isinstance(body, str)]
        found += [(_("Screen"), _(title), _(body), topic) for topic, (title, body) in SCREEN_PAGES.items()]
        try:
            ruleset = ruleset_for(self.context)
        except Exception:  # no ruleset can be read (broken mods): the rest of the help is still searched
            ruleset = None
        for hand in getattr(ruleset, "special_hands", ()):
            found.append((_("Special hand"), mod_text(hand.name), mod_text(hand.description or ""), hand.id))
        return found

    @property
    def searching(self) -> bool:
        """The results take the page's place: something is typed in the search field."""
        return bool(self.search.value.strip())

    def _searched(self) -> None:
        self.found = search(self.search.value, self.entries())
        self.chosen = 0

    def focus_search(self) -> None:
        if not self.search.focused and not self.context.headless:
            pygame.key.start_text_input()
        self.search.focused = True

    def open_found(self, found: Found) -> None:
        """Show what a search result is about: the term in the glossary, a page, a screen's page, or a special
        hand on the Rules pages."""
        self.search.value, self.found, self.search.focused = "", [], False
        if found.kind == "Special hand":
            self.context.open("rules", page=3, special=found.target)
        elif found.kind == "Glossary":
            self._go(self.titles.index(GLOSSARY_TAB))
            self._scroll_by(self.glossary()[1][found.target])
        elif found.kind == "Screen":
            self._build_tabs(found.target)
            self._go(0)
        else:
            self._go(self.titles.index(found.target))

    def _search_key(self, event: pygame.Event) -> bool:
        """Keys for the focused search field: True when used."""
        if event.key == pygame.K_ESCAPE:
            if self.search.value:
                self.search.value, self.found = "", []
            else:
                self.search.focused = False
            return True
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.found:
            self.chosen = (self.chosen + (1 if event.key == pygame.K_DOWN else -1)) % len(self.found)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.found:
                self.open_found(self.found[self.chosen])
            return True
        return event.key != pygame.K_F1

    def _open(self, folder: Path) -> None:
        self.notice = open_folder(folder)

    def handle(self, event: pygame.Event) -> None:
        before = self.search.value
        if self.search.handle(event):
            if self.search.focused and not self.context.headless:
                pygame.key.start_text_input()
            if self.search.value != before:
                self._searched()
            return
        if event.type == pygame.KEYDOWN and self.search.focused and self._search_key(event):
            return
        if self.searching and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for found, row in zip(self.found, self.result_rows(), strict=False):
                if row.collidepoint(event.pos):
                    self.open_found(found)
                    return
        extra = self.openers if self.title == ABOUT else []
        for b in [*self.tabs, self.close, self.rules, *extra]:
            if b.handle(event):
                return
        if self.title == GLOSSARY_TAB and not self.searching and self.bar.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL and self.title == GLOSSARY_TAB:
            self._scroll_by(-event.y * 60)
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key == pygame.K_f and ctrl:
                self.focus_search()
            elif self.title == GLOSSARY_TAB and event.key in (pygame.K_UP, pygame.K_DOWN):
                self._scroll_by(60 if event.key == pygame.K_DOWN else -60)
            elif event.key == pygame.K_r:
                self.context.open("rules")
            elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_F1):
                self.context.close(self)
            elif event.key in (pygame.K_RIGHT, pygame.K_TAB, pygame.K_PAGEDOWN):
                self._go(self.page + 1)
            elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self._go(self.page - 1)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        dim(surface, 130)
        draw_panel(surface, self.box, palette, title=_("Rules & Help"))
        for b in self.tabs:
            b.draw(surface, palette)
        y = self.box.top + 112
        body = dict(PAGES).get(self.title)
        if self.searching:
            self._draw_found(surface)
        elif self.title == GLOSSARY_TAB:
            canvas = self.glossary()[0]
            shown = pygame.Rect(0, self.scroll, canvas.get_width(), min(self.view.height, canvas.get_height()))
            surface.blit(canvas, self.view.topleft, shown)
            self.bar.draw(surface, palette)
        elif self.title == ABOUT:
            self._draw_about(surface, y)
        elif body is not None and not isinstance(body, str):
            self._draw_keys(surface, body, y - 4)  # the tab names the page: the keys take the heading's room
        else:
            text(surface, self.page_heading(), (self.box.left + 32, y), 22, palette.text_dark, "serif_bold")
            self._paragraphs(surface, self.page_text(), y + 38)
        self.close.draw(surface, palette)
        self.rules.draw(surface, palette)
        self.search.draw(surface, palette)
        if not self.search.value and not self.search.focused:
            text(surface, _(SEARCH_HINT), (self.search.rect.left + 12, self.search.rect.centery), 16,
                 mix(palette.text_dark, palette.panel, 0.45), "sans", "midleft")

    def result_rows(self) -> list[pygame.Rect]:
        """Where the search results stand, one row each (as many as fit)."""
        rows = self.view.height // 50
        return [pygame.Rect(self.view.left, self.view.top + i * 50, self.view.width, 46) for i in range(rows)]

    def _draw_found(self, surface: pygame.Surface) -> None:
        palette = self.context.palette
        if not self.found:
            text(surface, _('Nothing in the help mentions “{strip}”.').format(strip=self.search.value.strip()),
                 self.view.topleft, 17, palette.text_dark)
            return
        for i, (found, row) in enumerate(zip(self.found, self.result_rows(), strict=False)):
            if i == self.chosen:
                pygame.draw.rect(surface, mix(palette.panel, palette.accent, 0.25), row, border_radius=8)
            text(surface, found.kind, (row.left + 10, row.top + 5), 13, palette.accent_dark, "bold")
            text(surface, fit_text(found.title, row.width - 150, 17, "bold"), (row.left + 130, row.top + 3), 17,
                 palette.text_dark, "bold")
            text(surface, fit_text(found.snippet, row.width - 150, 13), (row.left + 130, row.top + 26), 13,
                 mix(palette.text_dark, palette.panel, 0.25))
        more = len(self.found) - len(self.result_rows())
        if more > 0:
            text(surface, _('and {more} more: type more of the word').format(
                    more=more), (self.view.left + 10, self.view.bottom - 4), 13,
                 palette.text_dark, "sans", "bottomleft")

    def _paragraphs(self, surface: pygame.Surface, body: str, y: int, size: int = 16) -> int:
        """Wrapped paragraphs with a little room between them; returns the y below the last."""
        for paragraph in body.split("\n"):
            for line in wrap(paragraph, self.box.width - 70, size):
                text(surface, line, (self.box.left + 32, y), size, self.context.palette.text_dark)
                y += size + 6
            y += 8
        return y

    def _draw_about(self, surface: pygame.Surface, y: int) -> None:
        """The version, the mods loaded and the folders in use, each folder with a button to open it."""
        palette = self.context.palette
        left = self.box.left + 32
        text(surface, self.about_heading(), (left, y), 22, palette.text_dark, "serif_bold")
        y = self._paragraphs(surface, _(CREDIT), y + 36, 15)
        mods = loaded_mod_names(self.context)
        text(surface, _('Mods loaded ({len})').format(len=len(mods)), (left, y), 17, palette.accent_dark, "bold")
        y = self._paragraphs(surface, ", ".join(mods) or _("none"), y + 26, 14)
        text(surface, _("Folders in use"), (left, y), 17, palette.accent_dark, "bold")
        y += 28
        for (label, shown, _folder), button in zip(self.folders, self.openers, strict=True):
            text(surface, label, (left, y + 15), 15, palette.text_dark, "bold", "midleft")
            path = fit_text(str(shown), button.rect.left - left - 110, 14)
            text(surface, path, (left + 90, y + 15), 14, palette.text_dark, "sans", "midleft")
            button.rect.top = y
            button.draw(surface, palette)
            y += 36
        if self.notice:
            text(surface, fit_text(self.notice, self.box.width - 64, 14, "bold"), (left, y + 4), 14,
                 palette.accent_dark, "bold")

    def _draw_keys(self, surface: pygame.Surface, columns: tuple[KeyColumn, ...], top: int) -> None:
        """Keys as key caps beside what they do, in columns: a table to look a key up in, not a paragraph."""
        palette = self.context.palette
        width = (self.box.width - 64) // len(columns)
        for c, column in enumerate(columns):
            x = self.box.left + 32 + c * width
            caps = max(sum(text_size(cap, 13, "bold")[0] + 20 for cap in keys.split("  ")) for keys, _unused in column)
            for r, (keys, action) in enumerate(column):
                y = top + r * 24
                cx = x
                for cap in keys.split("  "):
                    w = text_size(cap, 13, "bold")[0] + 14
                    rect = pygame.Rect(cx, y, w, 20)
                    pygame.draw.rect(surface, mix(palette.panel_shade, (0, 0, 0), 0.08), rect.move(0, 2),
                                     border_radius=5)
                    pygame.draw.rect(surface, palette.panel, rect, border_radius=5)
                    pygame.draw.rect(surface, palette.compass_dark, rect, width=1, border_radius=5)
                    text(surface, cap, rect.center, 13, palette.text_dark, "bold", "center")
                    cx += w + 6
                text(surface, _(action), (x + caps + 12, y + 10), 15, palette.text_dark, "sans", "midleft")


class GameMenuScene(Scene):
    """Esc at the table: the original's Game menu (save, open, new) with replays, statistics, help and settings."""

    overlay = True
    name = "menu"
    still = True

    def __init__(self, context, table_scene) -> None:
        super().__init__(context)
        self.table_scene = table_scene
        self.box = pygame.Rect(0, 0, 620, 440)
        self.box.center = (640, 340)

        def then(fn):
            return lambda: (context.close(self), fn())

        commands = table_scene.commands
        entries = [(_("Continue"), lambda: context.close(self)),
                   (_("Save Game…"), then(commands.save_dialog)),
                   (_("Open Game…"), then(commands.open_dialog)),
                   (_("Replays"), then(commands.show_replays)),
                   (_("Statistics"), then(lambda: context.open("stats", session=table_scene.session))),
                   (_("The Wall"), then(lambda: context.open("wall", session=table_scene.session))),
                   (_("Rules & Help"), then(lambda: context.open("help"))),
                   (_("Settings"), then(lambda: context.open("settings"))),
                   (_("New Game"), then(commands.new_game)),
                   (_("Title Screen"), lambda: context.reset_to("title"))]
        keys = [_("Esc"), _("Alt+F3"), _("Alt+F2"), _("Alt+R"), "", "W", "F1", "", "F2", ""]
        self.buttons = [Button(pygame.Rect(self.box.left + 36 + (i % 2) * 282, self.box.top + 72 + (i // 2) * 70,
                                           266, 54), label, fn, primary=(i == 0), size=18, key_hint=keys[i])
                        for i, (label, fn) in enumerate(entries)]
        self.focus = 0
        self.buttons[0].focused = True

    def handle(self, event: pygame.Event) -> None:
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.context.close(self)
            elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                step = {pygame.K_UP: -2, pygame.K_DOWN: 2, pygame.K_LEFT: -1}.get(event.key, 1)
                self.focus = (self.focus + step) % len(self.buttons)
                for i, b in enumerate(self.buttons):
                    b.focused = i == self.focus
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].action()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, self.context.palette, title=_("Menu"))
        for b in self.buttons:
            b.draw(surface, self.context.palette)
