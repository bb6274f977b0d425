"""The application: the window, the fixed-step loop and the scene stack.

The game is drawn on a logical 1280 × 720 surface, scaled to fit the (resizable) window with letterboxing;
mouse positions are mapped back to logical coordinates before any scene sees them. The loop runs the
simulation in fixed steps of 1/60 s (accumulator, clamp, at most 5 catch-up steps) and draws with the fraction
of a step left over, so tweens move smoothly at any frame rate; while nothing moves it sleeps until input comes
or the top scene's next change is due (:meth:`Scene.wake_in`). Alt+Enter toggles fullscreen (F11 is the
original's "tile movement direction", handled by the table).
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Task bars and window switchers name the window by its class, which SDL would take from the script run
# ("__main__.py"); the sound server lists the game under the application name.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "Sparrow Mah Jongg")
os.environ.setdefault("SDL_APP_NAME", "Sparrow Mah Jongg")

import contextlib

import pygame

from game import i18n
from game.client import layout
from game.client.look import Palette
from game.client.messages import sentence
from game.client.render.sprites import TileSprites
from game.client.resources import Resources
from game.client.scenes.base import Scene, SceneStack
from game.client.scenes.help_pages import help_topic
from game.client.scenes.registry import scene_class
from game.client.window_size import FIT, size_for
from game.config import Folders, Settings, folders_from_args, language_choice, load_settings, save_settings
from game.i18n import N_, _

if TYPE_CHECKING:
    from game.session.keeper import Keeper

log = logging.getLogger(__name__)

STEP = 1 / 60
MAX_FRAME = 0.25
MAX_STEPS = 5
TITLE = N_("Sparrow Mah Jongg")
FRAME_CAP = 120
POLL = 0.01
"""How often a sleeping loop looks for input."""
IDLE_WAIT = 1.0
"""The longest the loop sleeps while nothing moves and no input comes: scenes say when they change next, this
only bounds a mistake."""
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class App:
    """The window, the fixed-step loop and the scene stack; the settings, the resources (:mod:`.resources`) and
    the games kept between runs (:mod:`game.session.keeper`) are held here for the scenes."""

    def __init__(self, args: Any = None, *, size: tuple[int, int] | None = None, headless: bool = False,
                 tileset: str | None = None, theme: str | None = None) -> None:
        self.args = args
        self.headless = headless
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.display.init()
        pygame.font.init()
        self.folders: Folders | None = folders_from_args(args)
        self.persist_settings = not headless or bool(getattr(args, "config_dir", None))
        """Headless runs write settings only into a config folder they were given (tests), never the player's."""
        self.settings, settings_problem = self._load_settings()
        # SPARROW_LANGUAGE (the screenshot command, the self-test of each language) wins over the setting.
        i18n.set_language(language_choice(self.settings.language))
        i18n.prepare_formats()
        flags = 0 if headless else pygame.RESIZABLE
        self.window = pygame.display.set_mode(size or self.wanted_size(), flags)
        self.opened_size = self.settings.window_size
        """The window size the settings gave at the start (a resized window is saved when the game closes)."""
        pygame.display.set_caption(TITLE)
        # Made in the window's pixel format at once (as convert() would give, without a second full-size pass).
        self.logical = pygame.Surface(layout.LOGICAL, 0, self.window)
        self.fullscreen = False
        self.resources = Resources(self.folders, self.settings, headless=headless, tileset=tileset, theme=theme)
        if settings_problem:
            self.resources.notices.insert(0, settings_problem)
        self.stack = SceneStack()
        self._keeper: Keeper | None = None
        self.continue_error = ""
        """Why the autosave could not be continued, for the title screen to show; "" when it could."""
        if self.settings.fullscreen:
            self.toggle_fullscreen(save=False)
        self.running = True
        self.terminating = False
        """The system asked the program to stop (SIGTERM): the loop saves every game and ends."""
        self.clock = pygame.Clock()
        self.frame_ms: list[float] = []
        self._previous = time.perf_counter()
        self._accumulator = 0.0

    # -- settings ---------------------------------------------------------------------------------------------

    def _load_settings(self) -> tuple[Settings, str]:
        """The player's settings, and what the player should know when their file could not be read."""
        if self.folders is None:
            return Settings(), ""
        loaded = load_settings(self.folders.settings_file)
        if loaded.problems:
            # Only the values in error fall back to their defaults (game.config.load_settings keeps the others).
            return loaded.settings, (_('Your settings could not all be read ({problems}) — the defaults take '
                                       'their place').format(problems=loaded.problems[0]))
        return loaded.settings, ""

    def save_settings(self) -> None:
        """Write the settings as they are now to the settings file (a failure is reported, the game goes on)."""
        if self.folders is None or not self.persist_settings:
            return
        try:
            save_settings(self.folders.settings_file, self.settings)
        except OSError as exc:
            self.resources.tell(_("Your settings could not be saved to %s: %s"), self.folders.settings_file, exc)

    # -- what the scenes draw and hear with (see game.client.resources) ---------------------------------------

    @property
    def palette(self) -> Palette:
        return self.resources.palette

    @property
    def sprites(self) -> TileSprites:
        return self.resources.sprites

    @property
    def catalog(self) -> Any:
        return self.resources.catalog

    def background(self) -> pygame.Surface:
        return self.resources.background()

    def change_look(self, *, tileset: str | None = None, theme: str | None = None, voice: str | None = None) -> None:
        self.resources.change_look(tileset=tileset, theme=theme, voice=voice)

    def reload_mods(self, *, tileset: str | None = None) -> None:
        """Mods were installed, removed, switched or reordered: read them again and use them at once (``tileset``:
        the tile set just installed, in use from now on).

        New Game offers the new rulesets and opponents and Settings the new tile sets, themes and voices; open
        scenes that list mods are told. A game in progress keeps its ruleset and players.
        """
        self.resources.reload(tileset=tileset)
        for scene in self.stack.scenes:
            scene.mods_changed()

    def settings_changed(self, key: str) -> None:
        """Setting ``key`` was changed (in the Settings box): colours and sound follow at once, and every scene is
        told."""
        if key == "colours":
            self.resources.apply_colours()
        elif key == "language":
            i18n.set_language(self.settings.language)
        self.resources.apply_audio_settings()
        for scene in self.stack.scenes:
            scene.settings_changed(key)

    # -- scenes -----------------------------------------------------------------------------------------------

    def open(self, name: str, /, **kwargs: Any) -> Scene:
        """Make the scene registered as ``name`` (:mod:`.scenes.registry`) and put it on top; returns it."""
        scene = scene_class(name)(self, **kwargs)
        self.stack.push(scene)
        return scene

    def reset_to(self, name: str, /, **kwargs: Any) -> Scene:
        """Close every scene and start again from the one registered as ``name``; returns it."""
        scene = scene_class(name)(self, **kwargs)
        self.stack.clear_to(scene)
        return scene

    def close(self, scene: Scene) -> None:
        self.stack.remove(scene)

    @property
    def scenes(self) -> list[Scene]:
        return self.stack.scenes

    @property
    def top(self) -> Scene | None:
        return self.stack.top

    @property
    def mods_dir(self) -> str | None:
        return getattr(self.args, "mods_dir", None)

    @property
    def config_dir(self) -> str | None:
        return getattr(self.args, "config_dir", None)

    @property
    def keeper(self) -> Keeper | None:
        """The autosave and Continue (None without a config folder)."""
        if self._keeper is None and self.folders is not None:
            from game.saves import loaded_mods
            from game.session.keeper import Keeper

            def mods() -> list[dict[str, str]]:
                return loaded_mods(self.catalog) if self.catalog is not None else []

            self._keeper = Keeper(self.folders.saves, self.settings, self.save_settings, mods,
                                  enabled=not self.headless)
        return self._keeper

    def set_caption(self, game_name: str) -> None:
        """P-01: the title bar names the game once it has been saved or opened."""
        if not self.headless:
            pygame.display.set_caption(f"{TITLE} — {game_name}" if game_name else TITLE)

    def dropped(self, path: str) -> None:
        """A file dropped on the window: a saved game is opened (P-37), a picture offered as a tile set (P-161's
        drag and drop of bitmaps), a zip or folder as a mod (the mod manager)."""
        from game.mods.picture_tiles import looks_like_picture  # the mods layer is not needed for the first frame
        from game.saves import SAVE_SUFFIX

        if Path(path).suffix.lower() == SAVE_SUFFIX:
            self.open_file(path)
            return
        wanted = "tile_picture" if looks_like_picture(path) else "mods"
        top = self.stack.top
        scene: Any = top if top is not None and top.name == wanted else self.open(wanted)
        scene.dropped(path)

    def open_file(self, path: str) -> None:
        """Open the saved game in ``path`` at the table (dropped on the window, or named on the command line or
        by the file manager: P-37, P-38); one that cannot be opened is shown in the Open box with the reason."""
        from game.client.scenes import games
        from game.errors import SaveError, error_text

        try:
            games.open_file(self, path)
        except SaveError as exc:
            top = self.stack.top
            scene: Any = top if top is not None and top.name == "saves" else self.open("saves", mode="open")
            scene.say(_('{name} could not be opened: {exc}').format(name=Path(path).name, exc=error_text(exc)), True)

    def tables(self) -> list[Any]:
        """The table scenes on the stack (one while a game is played)."""
        return [scene for scene in self.stack.scenes if scene.name == "table"]

    def quit(self) -> None:
        """Stop, with every game on the table saved for Continue and the window's size for the next start; when
        the game could not be saved, ask first (saying what was not saved and where the previous copy is) rather
        than lose it unawares."""
        keeper = self.keeper
        self.leave_tables()
        if keeper is not None and keeper.autosave_error and self.tables():
            self.open("confirm", question=_("Your game could not be saved. Quit anyway?"),
                      detail=sentence(keeper.autosave_error), yes=self.quit_unsaved, title=_("Not Saved"),
                      ok_label=_("Quit Anyway"), cancel_label=_("Keep Playing"), name="quit_unsaved")
            return
        self.quit_unsaved()

    def leave_tables(self) -> None:
        """Every game on the table saved for Continue as it stands (a failure is kept in the keeper's
        ``autosave_error``)."""
        keeper = self.keeper
        if keeper is not None:
            for table in self.tables():
                keeper.leave(table.session)

    def quit_unsaved(self) -> None:
        """Quit although the game on the table could not be saved (the player was told and chose to); the
        window's size, changed by dragging its edge, is kept for the next start."""
        if self.settings.window_size != self.opened_size:
            self.save_settings()
        self.running = False

    def game_in_progress(self) -> bool:
        """A game is on the table and not over."""
        return any(not table.session.match.is_over for table in self.tables())

    def close_window(self) -> None:
        """The window's close button or Alt+F4: during a game, ask first; otherwise there is nothing to lose."""
        if self.game_in_progress():
            self.ask_to_quit()
        else:
            self.quit()

    def ask_to_quit(self) -> None:
        """Quit after asking (Esc on the title, the window's close button or Alt+F4 during a game); asked again
        while the question is open, it quits."""
        if self.stack.top is not None and self.stack.top.name == "quit":
            self.quit()
            return
        if self.game_in_progress():
            detail = _("The game will be saved as it stands: Continue on the title screen picks it up right here.")
            self.open("confirm", question=_("Quit Sparrow in the middle of the game?"), detail=detail, yes=self.quit,
                      title=_("Quit"), ok_label=_("Quit"), cancel_label=_("Keep Playing"), name="quit")
        else:
            saved = self.keeper is not None and self.keeper.continue_path() is not None
            detail = _("Your last game is saved: Continue picks it up next time.") if saved else ""
            self.open("confirm", question=_("Quit Sparrow?"), detail=detail, yes=self.quit, title=_("Quit"),
                      ok_label=_("Quit"), cancel_label=_("Stay"), name="quit")

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

    def resize_window(self, size: tuple[int, int] | None) -> None:
        """The window at ``size`` (None: as large as fits the screen) from now on (Settings ▸ Look ▸ Window size);
        in full screen, when it is left."""
        self.settings.window_size = size
        if not self.fullscreen and not self.headless:
            self.window = pygame.display.set_mode(self.wanted_size(), pygame.RESIZABLE)
            pygame.Window.from_display_module().position = pygame.WINDOWPOS_CENTERED  # grown, it stays on screen

    def wanted_size(self) -> tuple[int, int]:
        """The window's size as the settings give it: the player's, else as large as fits the screen (so a large
        or high-DPI screen gets a large game from the first start)."""
        return self.settings.window_size or size_for(FIT, self.desktop_size())

    def desktop_size(self) -> tuple[int, int]:
        """The size of the screen the game is on."""
        sizes = pygame.display.get_desktop_sizes()
        return sizes[0] if sizes else layout.LOGICAL

    def toggle_fullscreen(self, save: bool = True) -> None:
        """Alt+Enter or the settings switch; remembered for the next start unless ``save`` is False."""
        self.fullscreen = not self.fullscreen
        if save:
            self.settings.fullscreen = self.fullscreen
            self.save_settings()
        if self.headless:
            return
        if self.fullscreen:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self.wanted_size(), pygame.RESIZABLE)

    def dispatch(self, event: pygame.Event) -> None:
        """Window-level keys first (quit, fullscreen, help), then the top scene."""
        if event.type == pygame.QUIT:
            self.close_window()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen and not self.headless:
            self.window = pygame.display.set_mode(event.size, pygame.RESIZABLE)
            self.settings.window_size = self.window.get_size()  # written when the game closes (see quit)
            return
        if event.type == pygame.DROPFILE:
            self.dropped(event.file)
            return
        if event.type == pygame.KEYDOWN:
            alt = event.mod & pygame.KMOD_ALT
            if alt and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.toggle_fullscreen()
                return
            if alt and event.key == pygame.K_F4:
                self.close_window()
                return
            if event.key == pygame.K_F1 and self.stack.top is not None and self.stack.top.name != "help":
                # Every screen's F1 is the help about that screen (the help box's own F1 closes it).
                self.open("help", topic=help_topic(self.stack.top))
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
        """The loop, until the window closes or the last scene goes (or the system asks the program to stop)."""
        self._previous = time.perf_counter()
        self.stack.apply_pending()
        previous = self.catch_terminate()
        try:
            while self.running and self.stack.scenes:
                if self.terminating:
                    self.terminate()
                    break
                self.tick()
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
        return 0

    def catch_terminate(self) -> Any:
        """Take SIGTERM (a logout or shutdown) from SDL, which would turn it into a window close and so into a
        question nobody is there to answer; the previous handler is returned (None off the main thread)."""
        if threading.current_thread() is not threading.main_thread():
            return None

        def asked_to_stop(signum: int, frame: Any) -> None:
            self.terminating = True  # acted on between ticks, never in the middle of a step

        return signal.signal(signal.SIGTERM, asked_to_stop)

    def terminate(self) -> None:
        """Stop without asking: every game on the table is saved for Continue as it stands (a save that fails is
        logged; there is no one to tell), and the window's size as a normal quit keeps it."""
        self.leave_tables()
        self.quit_unsaved()

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

    def _sleep(self, seconds: float) -> list[pygame.Event]:
        """Wait up to ``seconds`` for input; the events that came (none when the time ran out or the system asked
        the program to stop).

        pygame's own ``event.wait`` looks every millisecond, a steady 2% of a core; a look every 10 ms costs
        well under 1% and answers as quickly to the eye.
        """
        end = time.perf_counter() + seconds
        while True:
            events = pygame.event.get()
            left = end - time.perf_counter()
            if events or left <= 0 or self.terminating:
                return events
            time.sleep(min(POLL, left))


def play(args: Any = None) -> int:
    """``python -m game`` with no command: open the window at the title screen and play."""
    with contextlib.suppress(pygame.error):
        pygame.mixer.pre_init(44100, -16, 2, 512)
    app = App(args)
    app.reset_to("title")
    if app.settings.language is None:  # the first start: which language, the system's chosen
        app.open("language")
    if getattr(args, "open_file", None):
        app.stack.apply_pending()
        app.open_file(args.open_file)
    try:
        return app.run()
    finally:
        pygame.quit()
