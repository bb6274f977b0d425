"""The title screen: the game's name over a fan of tiles, and the main menu."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pygame

from game import __version__
from game.client.look import fit_text, mix, text
from game.client.messages import sentence
from game.client.scenes import games
from game.client.scenes.base import Scene, SceneContext
from game.client.widgets import Button
from game.i18n import _

FAN = (31, 27, 33, 18, 9, 0, 32, 38, 34)
MENU_TOP = 364
"""Where the menu's first row stands; the title and the lines under the menu are placed from it."""
SWAY_SECONDS = 8.0
"""The fan breathes for a while after the title opens, then rests, so the idle title costs no CPU."""


class TitleScene(Scene):
    name = "title"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.time = 0.0
        self.notice = ""
        self._build()

    def enter(self) -> None:
        # The game just left is saved as the table closes, after this scene was made: ask again what to continue.
        self._build()

    def _build(self) -> None:
        context = self.context
        has_autosave = continue_path(context) is not None
        # The ways into a game (and into learning it) stand out on the first row; the other commands sit in a grid.
        first = [(_("Continue"), self._continue, "C")] if has_autosave else []
        first += [(_("New Game"), self._new_game, "N · F2"), (_("Learn to Play"), self._lessons, "L")]
        grid = [(_("Open…"), self._open, "O"), (_("Join a Table"), self._join, "J"), (_("Statistics"),
            self._stats, "T"),
                (_("Settings"), self._settings, "S"), (_("Mods"), self._mods, "M"), (_("Rules & Help"),
                    self._help, "H"),
                (_("Quit"), context.quit, _("Esc"))]
        self.buttons: list[Button] = []
        width, gap = 250, 14
        row_width = 2 * width + gap
        w = (row_width - gap * (len(first) - 1)) // len(first)
        for i, (label, action, key) in enumerate(first):
            rect = pygame.Rect(640 - row_width // 2 + i * (w + gap), MENU_TOP, w, 56)
            self.buttons.append(Button(rect, label, action, key_hint=key, primary=True, size=21 if len(first) < 3
                                       else 18))
        for i, (label, action, key) in enumerate(grid):
            col, row = i % 2, i // 2
            # The last button of an odd count (Quit) takes the whole row under the others.
            wide = i == len(grid) - 1 and len(grid) % 2
            rect = pygame.Rect(640 - row_width // 2 + col * (width + gap), MENU_TOP + 72 + row * 54,
                               row_width if wide else width, 44)
            self.buttons.append(Button(rect, label, action, key_hint=key, size=18))
        self.keys = {pygame.K_F2: self._new_game, pygame.K_n: self._new_game, pygame.K_s: self._settings,
                     pygame.K_j: self._join,
                     pygame.K_m: self._mods, pygame.K_h: self._help, pygame.K_o: self._open,
                     pygame.K_t: self._stats, pygame.K_l: self._lessons, pygame.K_ESCAPE: context.ask_to_quit}
        if has_autosave:
            self.keys[pygame.K_c] = self._continue
        self.summary: str | None = None if has_autosave else ""
        """What Continue opens, in words; None until read (after the first frame: it costs a file read)."""
        self.focus = 0
        self.buttons[0].focused = True

    def settings_changed(self, key: str) -> None:
        if key == "language":  # the menu in the new language, the same button focused
            focus = self.focus
            self._build()
            self.focus = min(focus, len(self.buttons) - 1)
            for i, button in enumerate(self.buttons):
                button.focused = i == self.focus

    def _new_game(self) -> None:
        self.context.open("new_game")

    def _join(self) -> None:
        self.context.open("join")

    def _lessons(self) -> None:
        self.context.open("lessons")

    def _open(self) -> None:
        self.context.open("saves", mode="open")

    def _stats(self) -> None:
        self.context.open("stats")

    def _settings(self) -> None:
        self.context.open("settings")

    def _mods(self) -> None:
        self.context.open("mods")

    def _help(self) -> None:
        self.context.open("help")

    def _continue(self) -> None:
        if games.continue_game(self.context) is None:
            self.buttons[0].enabled = False
            self.buttons[0].label = _("Continue (save unreadable)")
            # The autosave is left as it is; saying why lets the player pick autosave.prev under Open… instead.
            self.notice = self.context.continue_error

    def _move(self, key: int) -> None:
        """Arrow keys go to the nearest button that way (the menu is a grid); Tab walks them in order."""
        if key == pygame.K_TAB:
            self.focus = (self.focus + 1) % len(self.buttons)
            return
        dx, dy = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}[key]
        here = self.buttons[self.focus].rect.center
        best, best_cost = self.focus, float("inf")
        for i, b in enumerate(self.buttons):
            ax, ay = b.rect.centerx - here[0], b.rect.centery - here[1]
            along = ax * dx + ay * dy
            if along <= 0:
                continue
            cost = along + 2 * abs(ax * dy + ay * dx)
            if cost < best_cost:
                best, best_cost = i, cost
        self.focus = best

    def handle(self, event: pygame.Event) -> None:
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self._move(event.key)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.buttons[self.focus].enabled:
                    self.buttons[self.focus].action()
            elif event.key in self.keys:
                self.keys[event.key]()
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus
        if event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.hovered:
                    self.focus = i

    def update(self, dt: float) -> None:
        self.time += dt
        if self.summary is None:
            self.summary = continue_summary(self.context)

    def wake_in(self) -> float | None:
        return 0.0 if self.time < SWAY_SECONDS or self.summary is None else None

    def sway(self) -> float:
        """How far the fan breathes now, in degrees: easing out to rest over the first seconds."""
        fading = max(0.0, 1.0 - self.time / SWAY_SECONDS)
        return 1.5 * fading * fading

    def notice_line(self) -> str:
        """The line under the menu: why Continue failed, else why the last game could not be saved, else the latest
        of what could not be loaded (a tile set, the theme, the sound, the settings file); "" when all is well."""
        notices = self.context.resources.notices
        keeper = self.context.keeper
        unsaved = sentence(keeper.autosave_error) if keeper is not None else ""
        return self.notice or unsaved or (notices[-1] if notices else "")

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        surface.blit(self.context.background(), (0, 0))
        # A fan of tiles behind the title, gently breathing, then resting.
        sprites = self.context.sprites
        breath = self.sway()
        for i, tile in enumerate(FAN):
            angle = (i - (len(FAN) - 1) / 2) * 9
            sway = math.sin(self.time * 0.8 + i * 0.5) * breath
            sprite = pygame.transform.rotozoom(sprites.tile(tile, (76, 102)), -(angle + sway), 1.0)
            rad = math.radians(angle)
            cx = 640 + math.sin(rad) * 440
            cy = MENU_TOP + 202 - math.cos(rad) * 440
            sprite.set_alpha(235)
            surface.blit(sprite, sprite.get_rect(center=(cx, cy)))
        text(surface, _("Sparrow"), (640, MENU_TOP - 112), 96, palette.accent, "serif_bold", "center",
             shadow=(10, 24, 20))
        spaced = "   ".join(" ".join(word) for word in _("MAH JONGG").split())
        text(surface, spaced, (640, MENU_TOP - 50), 22, mix(palette.text, palette.accent, 0.3),
             "serif_bold", "center")
        for b in self.buttons:
            b.draw(surface, palette)
        if self.summary:
            text(surface, fit_text(self.summary, 900, 15), (640, 654), 15, palette.text_dim, "sans", "midtop")
        notice = self.notice_line()
        if notice:
            text(surface, fit_text(notice, 1200, 14, "bold"), (640, 686), 14, palette.east_stake, "bold",
                 "midbottom")
        text(surface, _('version {version} · after Mah Jongg for Windows by Elaine & '
                        'Berrie Bloem (1995)').format(version=__version__),
             (640, 708), 13, palette.text_dim, "sans", "midbottom")


def continue_path(context: SceneContext) -> Path | None:
    """The file Continue opens, or None."""
    keeper = context.keeper
    return keeper.continue_path() if keeper is not None else None


def continue_summary(context: SceneContext) -> str:
    """"Continue: hand 4 of Classic (Mah Jongg for Windows, 1995) · mysave1"; "" when the file cannot tell."""
    from game.saves import AUTOSAVE_NAME

    path = continue_path(context)
    if path is None:
        return ""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        hands = list(data["hands"])
        ruleset = str(data["ruleset"])
    except (OSError, ValueError, KeyError, TypeError):  # Continue itself says what is wrong with the file
        return ""
    finished = sum(1 for hand in hands if isinstance(hand, dict) and hand.get("finished"))
    shown = _('Continue: hand {value} of {ruleset_name}').format(
            value=finished + 1, ruleset_name=context.resources.ruleset_name(ruleset))
    name = str(data.get("name") or "")
    return f"{shown} · {name}" if name and path.stem != AUTOSAVE_NAME else shown
