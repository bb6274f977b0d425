"""Rules and help pages (F1), and the in-game menu (Esc) over the table."""

from __future__ import annotations

from functools import partial

import pygame

from game.client import layout
from game.client.look import mix, text, text_size, wrap
from game.client.scenes.base import Scene
from game.client.scenes.table_keys import TABLE_KEYS
from game.client.widgets import Button, draw_panel

KeyColumn = tuple[tuple[str, str], ...]
"""A column of the keyboard page: (keys, what they do)."""

PAGES: list[tuple[str, str | tuple[KeyColumn, ...]]] = [
    ("Beginners Guide",
     "The object of the game is to be the first to go Mah Jongg: a hand of four sets and a pair. A set is a "
     "Pung (three of a kind), a Kong (four of a kind) or a Chow (three in a row of one suit).\n"
     "Your tiles stand on the long rectangle at the bottom, your stake; the other players sit to your right, "
     "opposite and to your left. East's stake is red.\n"
     "On your turn you get a tile from the wall and discard one: click it, or move the cursor with the arrow keys "
     "and press Enter. When another player discards a tile you can use, it glows green in the middle: click it "
     "(or use the buttons) before the timer bar in the compass runs out.\n"
     "You may claim a discard for a Pung or Kong from anyone, but for a Chow only from the player on your left "
     "(unless it makes you Mah Jongg). Flowers and Seasons are laid out at once and replaced by loose tiles.\n"
     "Beginners can press F6 to see every hand (Show All Hands) and F8 for a QuickTip on what to discard."),
    ("Keyboard", tuple(tuple((row.caps, row.does) for row in column) for column in TABLE_KEYS)),
    ("Mouse",
     "Left click a tile on your stake: discard it (on your turn).\n"
     "Left click the discard in the middle: claim it for a Chow, Pung, Kong or Mah Jongg. Left click your own "
     "discard while the timer bar runs: take it back.\n"
     "Right click the discard: play goes on at once. Right click anywhere else: the floating menu (Undo, Pause, "
     "Show All Hands, Save, Replays, Close Menu).\n"
     "Left click anywhere while the hand is dealt but not started: start it. A click also finishes the tile "
     "movement on the way; during Auto Play (or the demo) it stops it. While the game is paused (F9, or when the "
     "window loses the focus) any click or key goes on.\nHover over any tile to read its name in the status bar. "
     "Drop a mod (.zip or folder) or a tile-set image anywhere on the window to install or preview it in the Mods "
     "box."),
    ("Scoring",
     "At the end of a hand every player scores their sets: Pungs and Kongs of honours and terminals are worth "
     "more, concealed sets twice the exposed ones, each Flower or Season 4. Doubles (sets of dragons, your own "
     "wind, the wind of the round, one-suit hands) double the total. The winner adds 20 for going Mah Jongg.\n"
     "Then everybody settles: the losers pay the winner his score (double if either is East) and settle the "
     "difference between themselves. The Total Scores box shows each payment."),
    ("About",
     "Sparrow is a remake of Mah Jongg for Windows, The REAL Game! (version 1.10, 1995) by Elaine and Berrie "
     "Bloem, with its rules, its screen and its keys, and with modern comforts: a resizable window, claim "
     "buttons, visible discards, mods for rulesets, tiles, themes and computer players."),
]


class HelpScene(Scene):
    overlay = True
    name = "help"
    still = True

    def __init__(self, context, page: int = 0) -> None:
        super().__init__(context)
        self.page = page
        self.box = pygame.Rect(0, 0, 960, 560)
        self.box.center = (640, 350)
        self.tabs = [Button(pygame.Rect(self.box.left + 24 + i * 180, self.box.top + 58, 170, 34), title,
                            partial(self._go, i), size=15) for i, (title, _) in enumerate(PAGES)]
        self.close = Button(pygame.Rect(self.box.right - 160, self.box.bottom - 62, 136, 44), "Close",
                            lambda: context.close(self), primary=True, key_hint="Esc")
        self.rules = Button(pygame.Rect(self.box.right - 336, self.box.bottom - 62, 164, 44), "Full Rules",
                            lambda: context.open("rules"), key_hint="R")
        self._go(page)

    def _go(self, page: int) -> None:
        self.page = page % len(PAGES)
        for i, b in enumerate(self.tabs):
            b.focused = i == self.page

    def handle(self, event: pygame.Event) -> None:
        for b in [*self.tabs, self.close, self.rules]:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_r:
                self.context.open("rules")
            elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_F1):
                self.context.close(self)
            elif event.key in (pygame.K_RIGHT, pygame.K_TAB, pygame.K_PAGEDOWN):
                self._go(self.page + 1)
            elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self._go(self.page - 1)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, palette, title="Rules & Help")
        for b in self.tabs:
            b.draw(surface, palette)
        title, body = PAGES[self.page]
        y = self.box.top + 112
        if not isinstance(body, str):
            self._draw_keys(surface, body, y - 4)  # the tab names the page: the keys take the heading's room
        else:
            text(surface, title, (self.box.left + 32, y), 22, palette.text_dark, "serif_bold")
            y += 38
            for line in wrap(body, self.box.width - 70, 16):
                text(surface, line, (self.box.left + 32, y), 16, palette.text_dark)
                y += 22
        self.close.draw(surface, palette)
        self.rules.draw(surface, palette)


    def _draw_keys(self, surface: pygame.Surface, columns: tuple[KeyColumn, ...], top: int) -> None:
        """Keys as key caps beside what they do, in columns: a table to look a key up in, not a paragraph."""
        palette = self.context.palette
        width = (self.box.width - 64) // len(columns)
        for c, column in enumerate(columns):
            x = self.box.left + 32 + c * width
            caps = max(sum(text_size(cap, 13, "bold")[0] + 20 for cap in keys.split("  ")) for keys, _ in column)
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
                text(surface, action, (x + caps + 12, y + 10), 15, palette.text_dark, "sans", "midleft")


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
        entries = [("Continue", lambda: context.close(self)),
                   ("Save Game...", then(commands.save_dialog)),
                   ("Open Game...", then(commands.open_dialog)),
                   ("Replays", then(commands.show_replays)),
                   ("Statistics", then(lambda: context.open("stats", session=table_scene.session))),
                   ("The Wall", then(lambda: context.open("wall", session=table_scene.session))),
                   ("Rules & Help", then(lambda: context.open("help"))),
                   ("Settings", then(lambda: context.open("settings"))),
                   ("New Game", then(commands.new_game)),
                   ("Title Screen", lambda: context.reset_to("title"))]
        keys = ["Esc", "Alt+F3", "Alt+F2", "Alt+R", "", "W", "F1", "", "F2", ""]
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
        draw_panel(surface, self.box, self.context.palette, title="Menu")
        for b in self.buttons:
            b.draw(surface, self.context.palette)
