"""Settings: the original's General Setup, Tile Movements, Sound and Colours boxes, as seven pages of one box.

Play (wait time, computer pause, Ask First, QuickTip, timer bar, balloons, ruleset), Animation (speed, 0 =
instant; show dealing; movement direction), Sound (volumes and switches), Look (tile set with a row of its tiles,
theme with its colours, voice pack, fullscreen, status text size, window size), Colours (the player's own
colours over the theme's; see :mod:`.colours_page`), Players (your name and the three opponents') and Rules
(ruleset presets: built in, read-only, and the player's own, made with Save as…; see :mod:`.presets`).

Every change applies at once where it can (the game in progress, the sound, the tile set and the theme) and the
settings file is written when the box closes. Keys: Page Up/Down or Ctrl+Tab switch pages, Up/Down move between
the controls, Left/Right change the one in focus, Esc or Enter close.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game import timing
from game.client import layout, window_size
from game.client.forms import Card, CardList, Cycle
from game.client.look import Palette, fit_text, gradient, text, wrap
from game.client.messages import short_names
from game.client.render.sprites import PICTURE_ERRORS
from game.client.scenes.base import Scene
from game.client.scenes.movement_test import MovementTest
from game.client.widgets import Button, Slider, TextField, Toggle, caret_wake, draw_panel
from game.config import STATUS_TEXTS
from game.i18n import LANGUAGES, N_, _, available_languages, format_number, format_percent, language, mod_text
from game.session.options import DEFAULT_NAMES, seat_names

log = logging.getLogger(__name__)

STATUS_TEXT_WORDS = {"small": N_("Small"), "normal": N_("Normal"), "large": N_("Large")}
"""The status bar's text sizes as the Status text choice names them."""
PAGES = (N_("Play"), N_("Animation"), N_("Sound"), N_("Look"), N_("Colours"), N_("Players"), N_("Rules"))
PREVIEW_TILES = (0, 13, 26, 27, 31, 32, 33, 34)
"""The row shown for each tile set: a tile of every suit, a wind, the dragons and a flower."""
SEATS = (N_("On your right"), N_("Opposite you"), N_("On your left"))


def speed_label(value: float) -> str:
    return _("instant") if value <= 0 else f"{format_number(value, 2)}×"


def shadow_label(value: float) -> str:
    return _("off") if value <= 0 else format_percent(value)


def percent(value: float) -> str:
    return format_percent(round(value, 2))


def seconds(decimals: int) -> Callable[[float], str]:
    """A slider's label for a time: ``2.50 s`` (``2,50 s`` in German)."""
    return lambda value: _("{seconds} s").format(seconds=format_number(value, decimals))


def tile_row(sheet: Any, height: int = 46) -> pygame.Surface:
    """A row of a tile set's tiles (see PREVIEW_TILES) and its back, as the tile-set chooser shows them."""
    w, h = sheet.tile_size(height)
    tiles = [t for t in PREVIEW_TILES if sheet.has(t)]
    row = pygame.Surface(((len(tiles) + 1) * (w + 4), h), pygame.SRCALPHA)
    for i, tile in enumerate(tiles):
        row.blit(sheet.face(tile, height), (i * (w + 4), 0))
    row.blit(sheet.back(height), (len(tiles) * (w + 4), 0))
    return row


def swatch(colours: dict[str, Any] | None) -> pygame.Surface:
    """A theme's colours in small: its cloth gradient, a panel chip and an accent stripe."""
    palette = Palette.from_theme(colours)
    surf = gradient((64, 40), palette.back_top, palette.back_bottom, vignette=False).copy()
    pygame.draw.rect(surf, palette.panel, pygame.Rect(36, 8, 22, 24), border_radius=4)
    pygame.draw.rect(surf, palette.panel_edge, pygame.Rect(36, 8, 22, 24), width=2, border_radius=4)
    pygame.draw.rect(surf, palette.accent, pygame.Rect(6, 28, 24, 6), border_radius=3)
    pygame.draw.rect(surf, palette.east_stake, pygame.Rect(6, 8, 10, 14), border_radius=2)
    out = pygame.Surface((66, 42), pygame.SRCALPHA)
    pygame.draw.rect(out, (30, 30, 30), out.get_rect(), border_radius=6)
    out.blit(surf, (1, 1))
    return out


class SettingsScene(Scene):
    overlay = True
    name = "settings"
    still = True

    def __init__(self, context, page: str = "Play") -> None:
        super().__init__(context)
        self.settings = context.settings
        """The player's settings, changed as the controls change (the file is written when the box closes)."""
        self.fullscreen = context.fullscreen
        self.desktop = context.desktop_size()
        resources = context.resources
        self.tileset = resources.tileset_record.id if resources.tileset_record is not None else None
        self.theme = resources.theme_record.id if resources.theme_record is not None else None
        self.voice = self.settings.voice or self._current_id("voice", "voice_default")
        self.names_chosen = bool(self.settings.opponent_names)
        """False while the opponents go by their personalities' names: shown, but not written unless edited."""
        self.player_name = self.shown_player = seat_names(self.settings)[0]
        """The player's name as the field shows it: the default one ("You") in the language of the moment."""
        self.opponent_names = seat_names(self.settings)[1:]
        self.shown_names = list(self.opponent_names)
        self.notices_before = len(resources.notices)
        """The look's problems already told before the box opened (newer ones are shown on the Look page)."""
        self.rulesets = self._ids("ruleset") or [self.settings.ruleset]
        self.voices = self._records("voice")
        self.box = pygame.Rect(0, 0, 1160, 650)
        self.box.center = (640, 356)
        self.page_area = pygame.Rect(self.box.left + 224, self.box.top + 66, self.box.width - 252, 500)
        self._label_buttons()
        self.cards: dict[str, CardList] = {}
        """The Look page's lists of tile sets and themes, by kind (any number of each: the lists scroll)."""
        self.controls: list[Any] = []
        self.fields: list[TextField] = []
        self.editor: Any = None
        self.focus = -1
        self.page = ""
        self.closed = False
        self.movement_test = MovementTest()
        """The Animation page's sample flight (its Test button, P-172)."""
        self.show(page if page in PAGES else "Play")

    def _label_buttons(self) -> None:
        """The tabs and Done, in the language of the moment (built again when the language changes)."""
        self.tabs = [Button(pygame.Rect(self.box.left + 24, self.box.top + 70 + i * 54, 176, 44), _(page),
                            partial(self.show, page), size=17) for i, page in enumerate(PAGES)]
        self.done = Button(pygame.Rect(self.box.right - 170, self.box.bottom - 62, 146, 44), _("Done"), self.close,
                           primary=True, key_hint=_("Esc"))

    def settings_changed(self, key: str) -> None:
        if key == "language":  # every label is written again in the new language, the page stays
            self._label_buttons()
            focus = self.focus
            self.show(self.page)
            self.focus = focus

    # -- what can be chosen -----------------------------------------------------------------------------------

    def _records(self, kind: str) -> list[Any]:
        catalog = self.context.catalog
        return list(catalog.list(kind)) if catalog is not None else []  # no catalog: only the current choice

    def _ids(self, kind: str) -> list[str]:
        return [r.id for r in self._records(kind)]

    def _current_id(self, kind: str, fallback: str | None = None) -> str | None:
        ids = self._ids(kind)
        return fallback if fallback in ids else (ids[0] if ids else None)

    def mods_changed(self) -> None:
        """Mods were installed or switched while Settings was open (a mod dropped on the window): the lists
        offer what the mods offer now."""
        self.rulesets = self._ids("ruleset") or [self.settings.ruleset]
        self.voices = self._records("voice")
        resources = self.context.resources
        self.tileset = resources.tileset_record.id if resources.tileset_record is not None else None
        self.theme = resources.theme_record.id if resources.theme_record is not None else None
        self.cards = {}
        if self.page in ("Play", "Look"):
            self.show(self.page)

    def _ruleset_label(self, ruleset_id: str) -> str:
        """A ruleset's name, short enough for its box ("Classic", "Japanese Riichi")."""
        labels = dict(zip(self.rulesets, short_names([self.context.resources.ruleset_name(r) for r in self.rulesets]),
                          strict=True))
        return labels.get(ruleset_id, ruleset_id)

    # -- pages ------------------------------------------------------------------------------------------------

    def show(self, page: str) -> None:
        """Open ``page``: its controls are built afresh (the Look page loads its pictures the first time)."""
        self.page = page
        self.focus = -1
        for tab, name in zip(self.tabs, PAGES, strict=True):
            tab.focused = tab.primary = name == page
        area = self.page_area
        left = pygame.Rect(area.left, area.top + 8, 440, 42)
        right = pygame.Rect(area.left + 468, area.top + 8, 440, 42)
        self.fields = []
        self.editor = None
        if page == "Play":
            self.controls = [
                self._slider(left, 0, _("Claim wait time"), "wait_time", 0, 10, 0.25, seconds(2)),
                self._slider(left, 1, _("Computer pause"), "discard_delay", 0, 3, 0.1, seconds(1)),
                self._toggle(left, 2, _("Ask First (F10)"), "ask_first"),
                self._toggle(left, 3, _("QuickTip (F8)"), "quick_tip"),
                self._toggle(right, 0, _("Timer bar (Ctrl+F3)"), "timer_bar"),
                self._toggle(right, 1, _("Speech balloons (F12)"), "speech_balloons"),
                self._cycle(right, 2, _("Ruleset for new games"), "ruleset", self.rulesets, self._ruleset_label),
                self._cycle(right, 3, _("Language"), "language", [code for code, _name in available_languages()],
                            LANGUAGES.__getitem__),
            ]
        elif page == "Animation":
            self.controls = [
                self._slider(left, 0, _("Tile speed"), "animation_speed", 0, timing.ANIMATION_SPEED_MAX,
                             timing.ANIMATION_SPEED_STEP, speed_label),
                self._toggle(left, 1, _("Show the wall and dealing"), "show_dealing"),
                self._toggle(left, 2, _("Movement direction (F11)"), "movement_direction"),
                self._slider(left, 3, _("Tile shadows"), "tile_shadow", 0, 2, 0.25, shadow_label),
                Button(pygame.Rect(right.left, right.top, 140, 42), _("Test"), self.movement_test.start, size=16),
            ]
        elif page == "Sound":
            self.controls = [
                self._slider(left, 0, _("Master volume"), "master_volume", 0, 1, 0.05, percent),
                self._slider(left, 1, _("Effects"), "effects_volume", 0, 1, 0.05, percent),
                self._slider(left, 2, _("Voices"), "voice_volume", 0, 1, 0.05, percent),
                self._slider(left, 3, _("Music"), "music_volume", 0, 1, 0.05, percent),
                self._toggle(right, 0, _("Tile sounds"), "sound"),
                self._toggle(right, 1, _("Players' voices"), "voices"),
                self._toggle(right, 2, _("Your own voice"), "own_voice"),
                self._toggle(right, 3, _("Warning beeps"), "warning_beeps"),
            ]
        elif page == "Look":
            self._build_cards()
            names = {r.id: mod_text(r.name) for r in self.voices}
            voice_ids = list(names) or [self.voice or "none"]
            column = pygame.Rect(area.left + 560, 0, 348, 42)
            column.top = area.top + 264
            self.controls = [self._cycle(column, 0, _("Voices"), "voice", voice_ids, lambda v: names.get(v, v or "—")),
                             self._toggle(column, 1, _("Full screen (Alt+Enter)"), "fullscreen"),
                             self._cycle(column, 2, _("Status text"), "status_text", list(STATUS_TEXTS),
                                         lambda size: _(STATUS_TEXT_WORDS[size])),
                             self._cycle(column, 3, _("Window size"), "window", window_size.choices(self.desktop),
                                         window_size.label),
                             Button(pygame.Rect(area.left, area.top + 424, 250, 42), _("From a Picture…"),
                                    self._from_picture, size=16)]
        elif page == "Players":
            people = [self.player_name, *self.opponent_names]
            labels = (_("Your name"), *(_(seat) for seat in SEATS))
            self.fields = [TextField(pygame.Rect(area.left + 10, area.top + 40 + i * 92, 440, 44), name, label,
                                     max_length=40, focused=i == 0) for i, (name, label) in
                           enumerate(zip(people, labels, strict=True))]
            self.controls = []
            if not self.context.headless:
                pygame.key.start_text_input()
        elif page == "Colours":
            from game.client.scenes.colours_page import ColoursPage  # the table's drawing only once asked

            self.editor = ColoursPage(self, area)
            self.controls = []
        elif page == "Rules":
            from game.client.scenes.presets import PresetEditor

            self.editor = PresetEditor(self, area)
            self.controls = []

    def _build_cards(self) -> None:
        area = self.page_area
        if "tileset" not in self.cards:
            from game.client.render.tilesheet import TileSheet

            cards = []
            for record in self._records("tileset"):
                try:
                    picture = tile_row(TileSheet.load(record.file))
                except PICTURE_ERRORS as exc:  # a broken tile set is still listed, without its picture
                    log.warning("tile set %s has no preview: %s", record.id, exc)
                    picture = None
                cards.append(Card(pygame.Rect(0, 0, 516, 88), record.id, mod_text(record.name), picture,
                                  self._choose_tileset))
            self.cards["tileset"] = CardList(pygame.Rect(area.left, area.top + 36, 516, 376), 96, cards)
        if "theme" not in self.cards:
            cards = []
            for record in self._records("theme"):
                colours = getattr(getattr(record, "data", None), "colours", None)
                colours = colours.model_dump() if colours is not None and hasattr(colours, "model_dump") else colours
                cards.append(Card(pygame.Rect(0, 0, 334, 54), record.id, mod_text(record.name), swatch(colours),
                                  self._choose_theme, beside=True))
            self.cards["theme"] = CardList(pygame.Rect(area.left + 560, area.top + 36, 334, 180), 62, cards)

    def _slider(self, column: pygame.Rect, row: int, label: str, key: str, low: float, high: float, step: float,
                fmt: Any) -> Slider:
        return Slider(column.move(0, row * 54), label, lambda: self.value(key), lambda v: self._set(key, v), low,
                      high, step, fmt)

    def _toggle(self, column: pygame.Rect, row: int, label: str, key: str) -> Toggle:
        return Toggle(column.move(0, row * 54), label, lambda: self.value(key), lambda v: self._set(key, v))

    def _cycle(self, column: pygame.Rect, row: int, label: str, key: str, choices: list[str],
               shown: Callable[[str], str]) -> Cycle:
        return Cycle(column.move(0, row * 54), label, choices, lambda: self.value(key), lambda v: self._set(key, v),
                     shown)

    # -- changes ----------------------------------------------------------------------------------------------

    def _choose_tileset(self, record_id: str) -> None:
        if record_id != self.tileset:
            self.tileset = self.settings.tileset = record_id
            self.context.change_look(tileset=record_id)

    def _from_picture(self) -> None:
        self.context.open("tile_picture")

    def _choose_theme(self, record_id: str) -> None:
        if record_id != self.theme:
            self.theme = self.settings.theme = record_id
            self.context.change_look(theme=record_id)

    def value(self, key: str) -> Any:
        """The value a control shows: the setting's (the window's state for full screen)."""
        if key == "fullscreen":
            return self.fullscreen
        if key == "voice":
            return self.voice
        if key == "language":
            return language() if language() in LANGUAGES else self.settings.language or "en"
        if key == "window":
            return window_size.current(self.settings.window_size, self.desktop)
        return getattr(self.settings, key)

    def _set(self, key: str, value: Any) -> None:
        """Change setting ``key`` and apply it to everything running now (the file is written on close)."""
        if key == "fullscreen":
            self.fullscreen = value
            if bool(value) != self.context.fullscreen:
                self.context.toggle_fullscreen(save=False)
            return
        if key == "voice":
            self.voice = self.settings.voice = value
            self.context.change_look(voice=value)
            return
        if key == "window":
            self.context.resize_window(None if value == window_size.FIT else window_size.size_for(value, self.desktop))
            return
        setattr(self.settings, key, value)
        self.context.settings_changed(key)

    def _read_fields(self) -> None:
        if self.page != "Players" or len(self.fields) != 4:
            return
        names = [f.value.strip() for f in self.fields]
        names = [name or default for name, default in zip(names, DEFAULT_NAMES, strict=True)]
        self.player_name = names[0]
        self.opponent_names = names[1:]

    def close(self) -> None:
        self.context.close(self)

    def exit(self) -> None:
        """Leaving the box, however it was left, writes the settings file."""
        if self.closed:
            return
        self.closed = True
        self._read_fields()
        if self.page == "Players" and not self.context.headless:
            pygame.key.stop_text_input()
        settings = self.settings
        if self.player_name != self.shown_player:  # the default left as shown stays the default, in any language
            settings.player_name = self.player_name
        settings.opponent_names = [] if not self.names_chosen and self.opponent_names == self.shown_names else \
            list(self.opponent_names)
        settings.fullscreen = self.fullscreen
        self.context.save_settings()

    # -- input ------------------------------------------------------------------------------------------------

    def page_controls(self) -> list[Any]:
        if self.editor is not None:
            return list(self.editor.controls)
        if self.page != "Look":
            return list(self.controls)
        return [*(card for cards in self.cards.values() for card in cards.cards), *self.controls]

    def handle(self, event: pygame.Event) -> None:
        for w in [*self.tabs, self.done]:
            if w.handle(event):
                return
        if self.page == "Players":
            if event.type == pygame.MOUSEBUTTONDOWN:
                for f in self.fields:
                    f.handle(event)
            elif any(f.handle(event) for f in self.fields if f.focused):
                self._read_fields()
                return
        if self.editor is not None:
            if self.editor.handle(event):
                return
        else:
            lists = list(self.cards.values()) if self.page == "Look" else []
            for w in [*lists, *self.controls]:
                if w.handle(event):
                    return
        if event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.Event) -> None:
        key = event.key
        if key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
        elif key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) or (key == pygame.K_TAB and event.mod & pygame.KMOD_CTRL):
            step = -1 if key == pygame.K_PAGEUP or event.mod & pygame.KMOD_SHIFT else 1
            self._read_fields()
            self.show(PAGES[(PAGES.index(self.page) + step) % len(PAGES)])
        elif self.page == "Players" and key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
            at = next((i for i, f in enumerate(self.fields) if f.focused), -1)
            at = (at + (-1 if key == pygame.K_UP or event.mod & pygame.KMOD_SHIFT else 1)) % len(self.fields)
            for i, f in enumerate(self.fields):
                f.focused = i == at
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            controls = self.page_controls()
            if controls:
                step = -1 if key == pygame.K_UP or event.mod & pygame.KMOD_SHIFT else 1
                self.focus = (self.focus + step) % len(controls)
                for cards in self.cards.values() if self.page == "Look" else ():
                    cards.show(controls[self.focus])
                if self.editor is not None:
                    self.editor.follow_focus()  # the Rules page's Hands list scrolls to the control in focus
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE) and 0 <= self.focus < len(self.page_controls()):
            self._change(self.page_controls()[self.focus], -1 if key == pygame.K_LEFT else 1)

    def _change(self, control: Any, step: int) -> None:
        if isinstance(control, Slider):
            control.nudge(step * control.key_steps)
        elif isinstance(control, Toggle):
            control.set(not control.get())
        elif isinstance(control, Cycle):
            control.turn(step)
        elif isinstance(control, Card):
            control.choose(control.record_id)
        elif isinstance(control, Button):
            if control.enabled:
                control.action()
        elif hasattr(control, "step"):
            control.step(step)

    # -- drawing ----------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.movement_test.update(dt, self.value("animation_speed"))

    def wake_in(self) -> float | None:
        return 0.0 if self.movement_test.running else caret_wake(self.fields)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, palette, title=_("Settings"))
        for tab in self.tabs:
            tab.draw(surface, palette)
        x = self.page_area.left - 14
        pygame.draw.line(surface, palette.panel_shade, (x, self.box.top + 66), (x, self.box.bottom - 24), 2)
        if self.page == "Look":
            self._draw_look(surface, palette)
        if self.page == "Players":
            self._draw_players(surface, palette)
        if self.page == "Animation":
            strip = pygame.Rect(self.page_area.left + 468, self.page_area.top + 62, 440, 140)
            self.movement_test.draw(surface, strip, self.context.sprites, palette,
                                    speed=self.value("animation_speed"), shadow=self.value("tile_shadow"),
                                    trail=self.value("movement_direction"))
        if self.editor is not None:
            self.editor.draw(surface, palette)
        for w in self.controls:
            w.draw(surface, palette)
        controls = self.page_controls()
        if 0 <= self.focus < len(controls):
            pygame.draw.rect(surface, palette.accent_dark, controls[self.focus].rect.inflate(6, 6), width=2,
                             border_radius=10)
        self._draw_foot(surface, palette)
        self.done.draw(surface, palette)

    def _draw_foot(self, surface: pygame.Surface, palette: Palette) -> None:
        """The page's hint, what went wrong, or what the Rules page says of its preset, left of Done: in two lines
        when one is too short (a French or Dutch sentence), beside the button's height, never under it."""
        problem = self.look_problem()
        said, ok = self.editor.status() if self.page == "Rules" and self.editor is not None else ("", None)
        if problem or ok is False:
            message, colour, face = problem or said, palette.east_stake, "bold"
        elif said:
            message, colour, face = said, palette.text_dark if ok else palette.compass_dark, "sans"
        else:
            message, colour, face = self.hint(), palette.compass_dark, "sans"
        width = self.done.rect.left - self.page_area.left - 20
        lines = wrap(message, width, 14, face)
        if len(lines) > 2:
            lines = [lines[0], fit_text(" ".join(lines[1:]), width, 14, face)]
        for i, line in enumerate(lines):
            centre = self.box.bottom - 40 + (2 * i - len(lines) + 1) * 9
            text(surface, line, (self.page_area.left, centre), 14, colour, face, "midleft")

    def look_problem(self) -> str:
        """On the Look page: what went wrong with a tile set, theme or voice chosen here ("" when nothing did)."""
        notices = self.context.resources.notices
        return notices[-1] if self.page == "Look" and len(notices) > self.notices_before else ""

    def hint(self) -> str:
        return {
            "Play": _("The wait time is how long a discard waits for your claim (and you may take yours back)."),
            "Animation": _("Speed 0 shows every move at once; without dealing the hand starts from the dealt tiles."),
            "Sound": _("The master volume scales the others; a warning beep sounds when something is refused."),
            "Look": _("Tile set and theme change at once. A picture of the tile grid can be your own tile set."),
            "Colours": _("Pick an item, then set it with the sliders (Left/Right); the theme stays under your "
                         "colours."),
            "Players": _("Names are used from the next new game."),
            "Rules": _("Your presets are kept as mods: New Game lists them with the built-in ones."),
        }[self.page]

    def _draw_look(self, surface: pygame.Surface, palette: Palette) -> None:
        area = self.page_area
        text(surface, _("Tile set"), (area.left, area.top + 6), 18, palette.text_dark, "serif_bold")
        text(surface, _("Theme"), (area.left + 560, area.top + 6), 18, palette.text_dark, "serif_bold")
        text(surface, _("Voices, window and text"), (area.left + 560, area.top + 230), 18, palette.text_dark,
            "serif_bold")
        self.cards["tileset"].draw(surface, palette, self.tileset)
        self.cards["theme"].draw(surface, palette, self.theme)
        if not self.cards["tileset"].cards:
            text(surface, _("No tile set found: the tiles are drawn by the game."), (area.left, area.top + 50), 15,
                 palette.compass_dark)

    def _draw_players(self, surface: pygame.Surface, palette: Palette) -> None:
        for f in self.fields:
            f.draw(surface, palette)
        note = pygame.Rect(self.page_area.left + 500, self.page_area.top + 18, 400, 300)
        lines = [*wrap(_("The names appear on the table's name plates, in the scores and in the statistics."),
                       note.width, 16), "",
                 *wrap(_("Type a name; Tab or a click moves to the next one."), note.width, 16)]
        for i, line in enumerate(lines):
            text(surface, line, (note.left, note.top + i * 24), 16, palette.text_dark)


