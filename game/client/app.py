"""The application: the window, the fixed-step loop and the scene stack.

The game is drawn on a logical 1280 × 720 surface, scaled to fit the (resizable) window with letterboxing;
mouse positions are mapped back to logical coordinates before any scene sees them. The loop runs the
simulation in fixed steps of 1/60 s (accumulator, clamp, at most 5 catch-up steps) and draws with the fraction
of a step left over, so tweens move smoothly at any frame rate; while nothing moves it sleeps until input comes
or the top scene's next change is due (:meth:`Scene.wake_in`). Alt+Enter toggles fullscreen (F11 is the
original's "tile movement direction", handled by the table).
"""

from __future__ import annotations

import io
import logging
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Task bars and window switchers name the window by its class, which SDL would take from the script run
# ("__main__.py"); the sound server lists the game under the application name.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "Sparrow Mah Jongg")
os.environ.setdefault("SDL_APP_NAME", "Sparrow Mah Jongg")

import contextlib

import pygame

from game.client import layout
from game.client.look import Palette
from game.client.render.sprites import TileSprites
from game.client.scenes.base import Scene, SceneStack

if TYPE_CHECKING:
    from game.client.controller import Options, Session

log = logging.getLogger(__name__)

STEP = 1 / 60
MAX_FRAME = 0.25
MAX_STEPS = 5
TITLE = "Sparrow Mah Jongg"
FRAME_CAP = 120
POLL = 0.01
"""How often a sleeping loop looks for input."""
IDLE_WAIT = 1.0
"""The longest the loop sleeps while nothing moves and no input comes: scenes say when they change next, this
only bounds a mistake."""
DEFAULT_OPPONENTS = ("defensive", "expert", "beginner")
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class App:
    """Everything the scenes share: window, logical surface, palette, tile sprites, settings and the stack."""

    def __init__(self, args: Any = None, *, size: tuple[int, int] | None = None, headless: bool = False,
                 tileset: str | None = None, theme: str | None = None) -> None:
        self.args = args
        self.headless = headless
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.display.init()
        pygame.font.init()
        self.folders = self._folders()
        self.settings = self._load_settings()
        window = size or tuple(self.settings_value("window_size", (1280, 720)))
        flags = 0 if headless else pygame.RESIZABLE
        self.window = pygame.display.set_mode(window, flags)
        pygame.display.set_caption(TITLE)
        self.logical = pygame.Surface(layout.LOGICAL).convert()
        self.fullscreen = False
        self.tileset_id = tileset or self.settings_value("tileset", None)
        self.theme_id = theme or self.settings_value("theme", None)
        self.theme = self._load_theme()
        self.palette = self._theme_palette()
        self.sprites = self._load_sprites()
        self._voiced_session: Any = None
        """The game whose players' voices are set (the table scene may not be on the stack yet)."""
        self.audio = self._load_audio()
        self.stack = SceneStack()
        self.autosave_enabled = not headless
        """Headless runs (screenshots, the self-test) leave the player's autosave alone."""
        self.continue_error = ""
        """Why the autosave could not be continued, for the title screen to show; "" when it could."""
        self.persist_settings = not headless or bool(getattr(args, "config_dir", None))
        """Headless runs write settings only into a config folder they were given (tests), never the player's."""
        if self.settings_value("fullscreen", False):
            self.toggle_fullscreen(save=False)
        self.running = True
        self.clock = pygame.Clock()
        self.frame_ms: list[float] = []
        self._previous = time.perf_counter()
        self._accumulator = 0.0

    # -- resources (each falls back to something that works) -------------------------------------------------

    def _folders(self) -> Any:
        try:
            from game.config import folders_from_args

            return folders_from_args(self.args)
        except Exception as exc:  # folders are only needed for settings and mods; the table runs without them
            log.warning("folders unavailable: %s", exc)
            return None

    def _load_settings(self) -> Any:
        try:
            from game.config import load_settings

            if self.folders is not None:
                return load_settings(self.folders.settings_file).settings
        except Exception as exc:  # a broken settings module must not stop the game: use defaults
            log.warning("settings unavailable: %s", exc)
        return None

    def settings_value(self, key: str, default: Any) -> Any:
        if self.settings is None:
            return default
        value = getattr(self.settings, key, None)
        if value is None:
            extra = getattr(self.settings, "model_extra", None) or {}
            value = extra.get(key, default)
        return default if value is None else value

    def setting(self, key: str, default: Any) -> Any:
        return self.settings_value(key, default)

    def save_settings(self, **values: Any) -> None:
        """Store ``values`` in the settings file (unknown keys are kept by the settings model)."""
        if self.settings is None or self.folders is None:
            return
        try:
            from game.config import save_settings

            for key, value in values.items():
                setattr(self.settings, key, value)
            if self.persist_settings:
                save_settings(self.folders.settings_file, self.settings)
        except Exception as exc:  # settings that cannot be written are reported, the game goes on
            log.warning("settings not saved: %s", exc)

    def _catalog(self) -> Any:
        if self.folders is None:
            return None
        try:
            from game.mods.catalog import build_catalog

            # Content is validated when it is used (and in the mod manager): decoding every sound at start-up
            # would double the time to the first frame.
            return build_catalog(self.folders, full=False)
        except Exception as exc:  # no mods system yet or a broken one: bundled defaults are used
            log.warning("mods catalog unavailable: %s", exc)
            return None

    def _record(self, kind: str, wanted: str | None, preferred: tuple[str, ...] = ()) -> Any:
        """The catalog record of ``kind``: the one asked for, else a preferred one, else the first."""
        catalog = self.catalog
        if catalog is None:
            return None
        try:
            if wanted:
                record = catalog.record(kind, wanted)
                if record is not None:
                    return record
                log.warning("%s %r not found; using the default", kind, wanted)
            records = catalog.list(kind)
            for rid in preferred:
                for record in records:
                    if record.id == rid:
                        return record
            return records[0] if records else None
        except Exception as exc:  # a broken catalog leaves the built-in defaults
            log.warning("%s records unavailable: %s", kind, exc)
            return None

    def ruleset_name(self, ruleset_id: str) -> str:
        """A ruleset as the player knows it ("Classic (Mah Jongg for Windows, 1995)"); its id only when no
        enabled mod has it any more."""
        record = self._catalog_record("ruleset", ruleset_id)
        return record.name if record is not None and record.name else ruleset_id

    def player_name(self, player_id: str) -> str:
        """A seat's player as a person: ``human`` is the player's name, ``expert`` its personality's ("Eliza"); a
        personality with modifiers (``defensive+scatterbrain``) or a reference bot (``greedy``) is named from
        its id."""
        if player_id == "human":
            return str(self.settings_value("player_name", "You"))
        base, *modifiers = player_id.split("+")
        record = self._catalog_record("ai", base)
        name = getattr(getattr(record, "data", None), "name", None) or base.replace("_", " ").title()
        return " + ".join([name, *(m.replace("_", " ") for m in modifiers)])

    def load_ruleset(self, ruleset_id: str) -> Any:
        """The ruleset ``ruleset_id`` from the enabled mods, or None when it does not load."""
        if self.catalog is None:
            return None
        try:
            from game.mods.rulesets import load_ruleset

            return load_ruleset(self.catalog, ruleset_id)
        except Exception as exc:  # a ruleset that no longer loads leaves its names unknown
            log.warning("ruleset %r unavailable: %s", ruleset_id, exc)
            return None

    def _catalog_record(self, kind: str, record_id: str) -> Any:
        try:
            return self.catalog.record(kind, record_id) if self.catalog is not None else None
        except Exception as exc:  # a broken catalog names nothing
            log.warning("%s %r unavailable: %s", kind, record_id, exc)
            return None

    def _load_theme(self) -> dict[str, Any]:
        self.catalog = self._catalog()
        self.theme_record = self._record("theme", self.theme_id, ("jade",))
        if self.theme_record is None:
            return {}
        try:
            from game.datafile import load_yaml

            data = load_yaml(self.theme_record.file).data
            return dict(data) if isinstance(data, dict) else {}
        except Exception as exc:  # a theme that cannot be read leaves the house colours
            log.warning("theme unavailable: %s", exc)
            return {}

    def _theme_palette(self) -> Palette:
        """The theme's colours and stake colours over the house palette; its fonts replace the house fonts."""
        from game.client.look import use_theme_fonts

        theme = self.theme or {}
        record = getattr(self, "theme_record", None)
        use_theme_fonts(theme.get("fonts"), record.folder if record is not None else None)
        return Palette.from_theme(theme.get("colours"), theme.get("stakes"))

    def _load_sprites(self) -> TileSprites:
        record = self._record("tileset", self.tileset_id, ("tiles-numbers",))
        self.tileset_record = record
        if record is not None:
            try:
                from game.client.render.tilesheet import TileSheet

                return TileSprites(self.palette, sheet=TileSheet.load(record.file))
            except Exception as exc:  # an unreadable tile set falls back to drawn faces
                log.warning("tile set unavailable: %s", exc)
        return TileSprites(self.palette)

    def _load_audio(self) -> Any:
        try:
            from game.client.audio import Audio

            audio = Audio(enabled=not self.headless,
                          sound_cache=self.folders.sound_verdicts if self.folders is not None else None)
            if self.theme_record is not None:
                audio.load_theme(self.theme_record.file)
            voice = self._record("voice", self.settings_value("voice", None), ("voice_default",))
            if voice is not None:
                audio.set_voice_all(voice.file)
        except Exception as exc:  # without sound files or a device the game runs muted
            log.warning("audio unavailable: %s", exc)
            return None
        self.apply_audio_settings(audio)
        audio.start_music()
        return audio

    def apply_voices(self, session: Any = None) -> None:
        """The chosen voice pack for every seat, then each computer player's own voice (its personality's).

        ``session`` defaults to the game on the table; seats count from the human (0), as the voice files do.
        """
        audio = self.audio
        if audio is None:
            return
        if session is None:
            session = next((getattr(scene, "session", None) for scene in self.stack.scenes
                            if scene.name == "table"), self._voiced_session)
        self._voiced_session = session
        try:
            wanted = getattr(self, "voice_id", None) or self.settings_value("voice", None)
            voice = self._record("voice", wanted, ("voice_default",))
            audio.set_voice_all(voice.file if voice is not None else None)
            for seat, player_id in enumerate(getattr(session, "opponents", ())[:3], start=1):
                personality = self.catalog.record("ai", player_id) if self.catalog is not None else None
                voice_id = getattr(getattr(personality, "data", None), "voice", None)
                record = self.catalog.record("voice", voice_id) if voice_id else None
                if record is not None:
                    audio.set_voice(seat, record.file)
                elif voice_id:
                    log.info("voice %r of %r is not installed; the seat uses the table voices", voice_id, player_id)
        except Exception as exc:  # a broken voice pack leaves the voices there were
            log.warning("voices unavailable: %s", exc)

    def apply_audio_settings(self, audio: Any = None) -> None:
        """Volumes and the sound switches from the settings, applied to the running sound at once."""
        audio = audio if audio is not None else self.audio
        if audio is None:
            return
        s = self.settings_value
        audio.volumes.master = float(s("master_volume", 1.0))
        audio.volumes.effects = float(s("effects_volume", 0.8))
        audio.volumes.voices = float(s("voice_volume", 0.8))
        audio.tile_sounds = bool(s("sound", True))
        audio.voices = bool(s("voices", True))
        audio.your_voice = bool(s("own_voice", True))
        audio.volumes.music = float(s("music_volume", 0.5))
        with contextlib.suppress(pygame.error):
            if audio.music_playing is None:
                audio.start_music()
            else:
                audio.set_music_volume()

    def change_look(self, *, tileset: str | None = None, theme: str | None = None, voice: str | None = None) -> None:
        """Switch the tile set, theme or voice pack while playing: everything is drawn with the new one at once."""
        if tileset is not None:
            self.tileset_id = tileset
        if theme is not None:
            self.theme_id = theme
            self.theme = self._load_theme()
            self.palette = self._theme_palette()
            self._background = None
        if tileset is not None or theme is not None:
            self.sprites = self._load_sprites()
        if self.audio is None:
            return
        try:
            if theme is not None and self.theme_record is not None:
                self.audio.load_theme(self.theme_record.file)
            if voice is not None:
                self.voice_id = voice
                self.apply_voices()
        except Exception as exc:  # a theme's or voice pack's broken sounds leave the ones before
            log.warning("sounds unavailable: %s", exc)

    def reload_mods(self) -> None:
        """Mods were installed, removed, switched or reordered: read them again and use them at once.

        The catalog is rebuilt, so New Game offers the new rulesets and opponents and Settings the new tile sets,
        themes and voices; the look is loaded again (a disabled theme or tile set gives way to the default one);
        open scenes that list mods are told. A game in progress keeps its ruleset and players.
        """
        self.theme = self._load_theme()
        self.palette = self._theme_palette()
        self._background = None
        self.sprites = self._load_sprites()
        if self.audio is not None:
            try:
                if self.theme_record is not None:
                    self.audio.load_theme(self.theme_record.file)
            except Exception as exc:  # a theme's broken sounds leave the ones before
                log.warning("sounds unavailable: %s", exc)
            self.apply_voices()
        for scene in self.stack.scenes:
            refresh = getattr(scene, "mods_changed", None)
            if refresh is not None:
                refresh()

    SOUNDS: ClassVar[dict[str, str]] = {"tile_drawn": "draw", "replacement_drawn": "draw", "tile_discarded": "discard",
              "bonus_exposed": "draw", "dice_thrown": "dice", "wall_built": "wall_build"}

    def play_sound(self, name: str, event: Any = None) -> None:
        """Sound and voice for an event (a no-op when audio is missing or muted)."""
        audio = self.audio
        if audio is None or not getattr(audio, "available", False):
            return
        try:
            seat = getattr(event, "seat", 0)
            if name in self.SOUNDS:
                audio.play(self.SOUNDS[name])
            if name == "tile_discarded":
                audio.say_tile(seat, event.tile)
            elif name == "discard_claimed":
                audio.play(event.claim)
                audio.say_claim(seat, event.claim)
            elif name == "kong_declared":
                audio.play("kong")
                audio.say_claim(seat, "kong")
            elif name == "mah_jongg":
                audio.play("mah_jongg")
                audio.say_claim(seat, "mah_jongg")
            elif name == "bonus_exposed":
                audio.say_tile(seat, event.tile)
        except Exception as exc:  # a bad sound file must not stop play
            log.warning("sound for %s failed: %s", name, exc)

    def background(self) -> pygame.Surface:
        """The table cloth: the theme's cloth image tiled (else the theme's gradient), darker towards the edges."""
        cached = getattr(self, "_background", None)
        if cached is not None:
            return cached
        from game.client.look import gradient

        surf = gradient(layout.LOGICAL, self.palette.back_top, self.palette.back_bottom, vignette=False).copy()
        cloth_name = self.theme.get("cloth") if self.theme else None
        if cloth_name and self.theme_record is not None:
            try:
                from game.mods.media import checked_image

                cloth_file = self.theme_record.folder / cloth_name
                cloth = pygame.image.load(io.BytesIO(checked_image(cloth_file)), cloth_file.name).convert()
                for x in range(0, layout.LOGICAL[0], cloth.get_width()):
                    for y in range(0, layout.LOGICAL[1], cloth.get_height()):
                        surf.blit(cloth, (x, y))
            except (pygame.error, OSError, ValueError) as exc:  # a missing or refused cloth leaves the gradient
                log.warning("table cloth %r unavailable: %s", cloth_name, exc)
        small = pygame.Surface((48, 27), pygame.SRCALPHA)
        for y in range(27):
            for x in range(48):
                d = ((x - 23.5) / 24) ** 2 + ((y - 12) / 14) ** 2
                small.set_at((x, y), (0, 0, 0, int(min(1.0, max(0.0, d - 0.25)) * 150)))
        surf.blit(pygame.transform.smoothscale(small, layout.LOGICAL), (0, 0))
        self._background = surf
        return surf

    # -- scenes -----------------------------------------------------------------------------------------------

    def options(self) -> Options:
        # The controller (and the whole game engine under it) is imported when a game starts: the title screen
        # does not need it, and it costs ~60 ms at start-up.
        from game.client.controller import Options

        s = self.settings_value
        return Options(wait_time=float(s("wait_time", 2.5)), discard_delay=float(s("discard_delay", 0.9)),
                       ask_first=bool(s("ask_first", True)), quick_tip=bool(s("quick_tip", False)),
                       timer_bar=bool(s("timer_bar", True)), balloons=bool(s("speech_balloons", True)),
                       animation_speed=float(s("animation_speed", 1.0)))

    def names(self) -> list[str]:
        others = list(self.settings_value("opponent_names", []) or [])[:3]
        others += ["Elaine", "Eric", "Gaby"][len(others):]
        return [self.settings_value("player_name", "You"), *others]

    def new_session(self, seed: int | None = None) -> Session:
        opponents = self.settings_value("opponents", []) or list(DEFAULT_OPPONENTS)
        opponents = (list(opponents) + list(DEFAULT_OPPONENTS))[:3]
        from game.client.controller import Session

        return Session.create(self.settings_value("ruleset", "classic"), seed,
                              getattr(self.args, "mods_dir", None), catalog=self.catalog, opponents=opponents,
                              names=self.names(), options=self.options())

    def new_game(self, seed: int | None = None) -> Scene:
        return self.play_session(self.new_session(seed))

    def play_session(self, session: Session) -> Scene:
        """Open the table for ``session`` (new, continued or opened), with autosave and statistics."""
        from game.client.scenes.table import TableScene

        session.on_hand_finished.append(self.autosave)
        self.apply_voices(session)
        if self.folders is not None and not self.headless:
            session.stats_folder = self.folders.config
        scene = TableScene(self, session)
        self.stack.clear_to(scene)
        return scene

    def autosave_path(self) -> Any:
        if self.folders is None:
            return None
        from game.saves import AUTOSAVE_NAME, SAVE_SUFFIX

        return self.folders.saves / f"{AUTOSAVE_NAME}{SAVE_SUFFIX}"

    def continue_path(self) -> Path | None:
        """The game Continue opens: the one last played, where it was left (the autosave, or a save that was
        opened and left as it was); None when there is none."""
        if self.folders is None:
            return None
        name = self.settings_value("continue_from", None)
        if name:
            path = self.folders.saves / str(name)
            if path.is_file():
                return path
        path = self.autosave_path()
        return path if path.is_file() else None

    def _continue_from(self, path: Path | None) -> None:
        """Remember which file in the saves folder holds the game last played."""
        if self.folders is None or path is None or path.parent != self.folders.saves:
            return
        if self.settings_value("continue_from", None) != path.name:
            self.save_settings(continue_from=path.name)

    def autosave(self, session: Session) -> None:
        """Save the game in progress (after every hand and when leaving it), so Continue picks it up."""
        if self.folders is None or not self.autosave_enabled or session.ruleset is None:
            return
        try:
            from game.client.scenes.saves import mods_in_use
            from game.saves import write_autosave

            written = write_autosave(self.folders.saves, session.snapshot(mods=mods_in_use(self)))
        except Exception as exc:  # a failed autosave is reported, never fatal
            log.warning("autosave failed: %s", exc)
            return
        session.mark_written(written)
        self._continue_from(written)

    def leave_game(self, session: Session) -> None:
        """The table closes (the title, another game, quitting): Continue will resume this game exactly here.

        The hand in progress is autosaved with its actions so far. A game opened from a save and left as it was
        is not written again: Continue opens that save, and the autosave keeps the game it held. A game not
        played at all leaves Continue with the game played before it.
        """
        if self.folders is None or not self.autosave_enabled or session.ruleset is None:
            return
        if not session.unwritten:
            self._continue_from(session.source)
        elif session.progress != (0, 0, False):
            self.autosave(session)

    def continue_game(self) -> Scene | None:
        """Reopen the game last played where it was left; None (and a warning) when there is none to open."""
        path = self.continue_path()
        self.continue_error = ""
        if path is None:
            return None
        try:
            from game.client.controller import Session
            from game.client.scenes.saves import available_mod_ids
            from game.saves import AUTOSAVE_NAME, read_save

            saved = read_save(path)
            session, warnings = Session.from_save(saved, getattr(self.args, "mods_dir", None),
                                                  options=self.options(), source=path.name,
                                                  config_dir=getattr(self.args, "config_dir", None),
                                                  available_mods=available_mod_ids(self), catalog=self.catalog)
        except Exception as exc:  # a save that cannot be restored is left alone and reported
            log.warning("%s could not be opened: %s", path.name, exc)
            self.continue_error = str(exc).replace(str(path), path.name)
            return None
        session.save_name = "" if path.stem == AUTOSAVE_NAME else (saved.name or path.stem)
        session.mark_written(path)
        session.status = warnings[0] if warnings else "Welcome back: the game goes on where you left it."
        return self.play_session(session)

    def show_title(self) -> None:
        from game.client.scenes.title import TitleScene

        self.stack.clear_to(TitleScene(self))

    def show_scores(self, table_scene: Any, outcome: Any) -> None:
        from game.client.scenes.scores import ScoresScene

        self.stack.push(ScoresScene(self, table_scene, outcome))

    def show_wall(self, table_scene: Any) -> None:
        from game.client.scenes.wall_view import WallScene

        self.stack.push(WallScene(self, table_scene.session))

    def show_help(self, _from: Any = None, page: int = 0) -> None:
        from game.client.scenes.help import HelpScene

        self.stack.push(HelpScene(self, page))

    def show_settings(self) -> None:
        from game.client.scenes.settings import SettingsScene

        self.stack.push(SettingsScene(self))

    def show_mods(self) -> None:
        from game.client.scenes.mod_manager import ModManagerScene

        self.stack.push(ModManagerScene(self))

    def show_dropped(self, path: str) -> None:
        """A file dropped on the window: an image is previewed as a tile set, a zip or folder offered as a mod
        (the mod manager does both, as P-161's drag and drop did for bitmaps)."""
        from game.client.scenes.mod_manager import ModManagerScene

        top = self.stack.top
        scene = top if isinstance(top, ModManagerScene) else ModManagerScene(self)
        scene.dropped(path)
        if scene is not top:
            self.stack.push(scene)

    def show_menu(self, table_scene: Any) -> None:
        from game.client.scenes.help import GameMenuScene

        self.stack.push(GameMenuScene(self, table_scene))

    def quit(self) -> None:
        """Stop, with every game on the table saved for Continue."""
        for scene in self.stack.scenes:
            session = getattr(scene, "session", None)
            if session is not None and scene.name == "table":
                self.leave_game(session)
        self.running = False

    def game_in_progress(self) -> bool:
        """A game is on the table and not over."""
        return any(scene.name == "table" and not scene.session.match.is_over for scene in self.stack.scenes)

    def close_window(self) -> None:
        """The window's close button or Alt+F4: during a game, ask first; otherwise there is nothing to lose."""
        if self.game_in_progress():
            self.ask_to_quit()
        else:
            self.quit()

    def ask_to_quit(self) -> None:
        """Quit after asking (Esc on the title, the window's close button or Alt+F4 during a game); asked again
        while the question is open, it quits."""
        from game.client.scenes.dialogs import ConfirmBox

        if isinstance(self.stack.top, ConfirmBox) and self.stack.top.name == "quit":
            self.quit()
            return
        if self.game_in_progress():
            detail = "The game is saved as it stands: Continue on the title screen picks it up right here."
            box = ConfirmBox(self, "Quit Sparrow in the middle of the game?", detail, self.quit, title="Quit",
                             ok_label="Quit", cancel_label="Keep Playing")
        else:
            path = self.continue_path()
            detail = "Your last game is saved: Continue picks it up next time." if path is not None else ""
            box = ConfirmBox(self, "Quit Sparrow?", detail, self.quit, title="Quit", ok_label="Quit",
                             cancel_label="Stay")
        box.name = "quit"
        self.stack.push(box)

    # -- the window -------------------------------------------------------------------------------------------

    def viewport(self) -> pygame.Rect:
        """Where the logical surface lands in the window (scaled to fit, centred)."""
        ww, wh = self.window.get_size()
        lw, lh = layout.LOGICAL
        scale = min(ww / lw, wh / lh)
        w, h = round(lw * scale), round(lh * scale)
        return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        view = self.viewport()
        lw, lh = layout.LOGICAL
        x = (pos[0] - view.left) * lw / max(1, view.width)
        y = (pos[1] - view.top) * lh / max(1, view.height)
        return (round(x), round(y))

    def translate(self, event: pygame.Event) -> pygame.Event:
        """A copy of a mouse event with its position in logical coordinates."""
        if event.type in MOUSE_EVENTS:
            data = dict(event.dict)
            data["pos"] = self.to_logical(event.pos)
            return pygame.Event(event.type, data)
        return event

    def toggle_fullscreen(self, save: bool = True) -> None:
        """Alt+Enter or the settings switch; remembered for the next start unless ``save`` is False."""
        self.fullscreen = not self.fullscreen
        if save:
            self.save_settings(fullscreen=self.fullscreen)
        if self.headless:
            return
        if self.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(tuple(self.settings_value("window_size", (1280, 720))),
                                                  pygame.RESIZABLE)

    def dispatch(self, event: pygame.Event) -> None:
        """Window-level keys first (quit, fullscreen), then the top scene."""
        if event.type == pygame.QUIT:
            self.close_window()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen and not self.headless:
            self.window = pygame.display.set_mode(event.size, pygame.RESIZABLE)
            return
        if event.type == pygame.DROPFILE:
            self.show_dropped(event.file)
            return
        if event.type == pygame.KEYDOWN:
            alt = event.mod & pygame.KMOD_ALT
            if alt and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.toggle_fullscreen()
                return
            if alt and event.key == pygame.K_F4:
                self.close_window()
                return
        self.stack.handle(self.translate(event))

    def step(self, dt: float = STEP) -> None:
        """One fixed step: update the top scene, then apply the queued scene changes."""
        self.stack.apply_pending()
        self.stack.update(dt)
        self.stack.apply_pending()

    def render(self, alpha: float = 1.0) -> pygame.Surface:
        """Draw the scenes on the logical surface and scale it into the window; returns the logical surface."""
        self.stack.apply_pending()
        self.logical.fill((0, 0, 0))
        self.stack.draw(self.logical, alpha)
        view = self.viewport()
        if view.size == self.logical.get_size() and view.topleft == (0, 0):
            self.window.blit(self.logical, (0, 0))
        else:
            self.window.fill((0, 0, 0))
            pygame.transform.smoothscale(self.logical, view.size, self.window.subsurface(view))
        return self.logical

    def run(self) -> int:
        """The loop, until the window closes or the last scene goes."""
        self._previous = time.perf_counter()
        self.stack.apply_pending()
        while self.running and self.stack.scenes:
            self.tick()
        return 0

    def tick(self) -> None:
        """One pass of the fixed-timestep loop (Fiedler's "Fix Your Timestep!"): input, steps, a frame.

        While nothing moves it first sleeps until input comes or the scene's next change is due. The time slept
        is not game time: a scene only rests while none of its timers runs, and the input that wakes it must
        not find a timer it starts already run down.
        """
        events = pygame.event.get()
        rest = None if events else self.rest_for()
        if rest is not None:
            events = self._sleep(rest)
            self._previous = time.perf_counter() - STEP  # one step after waking, for the input to take effect
            self._accumulator = 0.0
        now = time.perf_counter()
        self._accumulator += min(now - self._previous, MAX_FRAME)
        self._previous = now
        for event in events:
            self.dispatch(event)
        steps = 0
        while self._accumulator >= STEP and steps < MAX_STEPS:
            self.step(STEP)
            self._accumulator -= STEP
            steps += 1
        if steps == MAX_STEPS:
            self._accumulator = 0.0
        self.stack.apply_pending()
        if not self.stack.scenes:
            return
        start = time.perf_counter()
        self.render(self._accumulator / STEP)
        pygame.display.flip()
        self.frame_ms.append((time.perf_counter() - start) * 1000)
        del self.frame_ms[:-600]
        self.clock.tick(FRAME_CAP)

    def rest_for(self) -> float | None:
        """How long the loop may sleep before the next frame; None while anything moves."""
        wake = self.stack.wake_in()
        if wake is not None and wake <= 0:
            return None
        return IDLE_WAIT if wake is None else min(wake, IDLE_WAIT)

    @staticmethod
    def _sleep(seconds: float) -> list[pygame.Event]:
        """Wait up to ``seconds`` for input; the events that came (none when the time ran out).

        pygame's own ``event.wait`` looks every millisecond, a steady 2% of a core; a look every 10 ms costs
        well under 1% and answers as quickly to the eye.
        """
        end = time.perf_counter() + seconds
        while True:
            events = pygame.event.get()
            left = end - time.perf_counter()
            if events or left <= 0:
                return events
            time.sleep(min(POLL, left))


def play(args: Any = None) -> int:
    """``python -m game`` with no command: open the window at the title screen and play."""
    with contextlib.suppress(pygame.error):
        pygame.mixer.pre_init(44100, -16, 2, 512)
    app = App(args)
    app.show_title()
    try:
        return app.run()
    finally:
        pygame.quit()
