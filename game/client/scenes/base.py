"""Scenes, the scene stack, and the context a scene works in.

A scene gets events and ``update(dt)`` only while it is on top; ``draw`` walks down to the first scene that is
not an overlay and draws bottom-up. Changes to the stack are queued and applied after the update pass, so no
scene changes the stack while it is being walked (Tuxemon's state manager, Arcade's views).

Lifecycle hooks: ``enter()`` when pushed, ``exit()`` when removed, ``pause()`` when covered, ``resume()`` when
uncovered again; ``settings_changed(key)`` and ``mods_changed()`` on every scene on the stack.

A scene never sees the application itself, only its :class:`SceneContext`: the look, the settings, the mods, the
games kept between runs, and navigation by name (``context.open("help")``, see :mod:`.registry`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from game.client.look import Palette
    from game.client.render.sprites import TileSprites
    from game.client.resources import Resources
    from game.config import Folders, Settings
    from game.session.keeper import Keeper


class SceneContext(Protocol):
    """What a scene may use of the application (``game.client.app.App`` is the one in the game)."""

    headless: bool
    """No window to show (screenshots, the self-test, tests): no text input, no window caption."""
    fullscreen: bool
    settings: Settings
    """The player's settings, read and changed directly; :meth:`save_settings` writes them."""
    resources: Resources
    folders: Folders | None
    continue_error: str

    @property
    def palette(self) -> Palette: ...

    @property
    def sprites(self) -> TileSprites: ...

    @property
    def catalog(self) -> Any: ...

    @property
    def keeper(self) -> Keeper | None: ...

    @property
    def mods_dir(self) -> str | None: ...

    @property
    def config_dir(self) -> str | None: ...

    @property
    def scenes(self) -> list[Scene]:
        """The scenes on the stack, bottom first."""

    @property
    def top(self) -> Scene | None: ...

    def background(self) -> pygame.Surface: ...

    def save_settings(self) -> None: ...

    def settings_changed(self, key: str) -> None:
        """Tell the sound and every scene that setting ``key`` changed."""

    def reload_mods(self, *, tileset: str | None = None) -> None: ...

    def resize_window(self, size: tuple[int, int] | None) -> None: ...

    def desktop_size(self) -> tuple[int, int]: ...

    def change_look(self, *, tileset: str | None = None, theme: str | None = None,
                    voice: str | None = None) -> None: ...

    def open(self, name: str, /, **kwargs: Any) -> Scene:
        """Make the scene registered as ``name`` and put it on top (queued); returns it."""

    def reset_to(self, name: str, /, **kwargs: Any) -> Scene:
        """Close every scene and start again from the one registered as ``name`` (queued); returns it."""

    def close(self, scene: Scene) -> None:
        """Take ``scene`` off the stack, wherever it is (queued)."""

    def set_caption(self, game_name: str) -> None:
        """Name the game in the window's title bar ("" for none)."""

    def toggle_fullscreen(self, save: bool = True) -> None: ...

    def quit(self) -> None: ...

    def ask_to_quit(self) -> None: ...


class Scene:
    """A screen of the game. Subclasses override the hooks they need."""

    overlay = False
    """True for boxes drawn over the scene below (scores, wall view, help over the table)."""
    name = "scene"
    """The scene's name in the registry (:mod:`.registry`)."""
    still = False
    """True for a scene that nothing moves but input (a box of text and buttons): the loop sleeps meanwhile."""

    def __init__(self, context: SceneContext) -> None:
        self.context = context

    def enter(self) -> None:
        """Runs when the scene is pushed."""

    def exit(self) -> None:
        """Runs when the scene is removed from the stack."""

    def pause(self) -> None:
        """Runs when another scene is pushed on top."""

    def resume(self) -> None:
        """Runs when the scene is on top again."""

    def handle(self, event: pygame.Event) -> None:
        """Runs for every input event while on top (positions are logical)."""

    def update(self, dt: float) -> None:
        """Runs once per fixed step (1/60 s) while on top."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draws the scene; ``alpha`` is how far the frame lies between the last two steps."""

    def settings_changed(self, key: str) -> None:
        """Runs (on every scene on the stack) when setting ``key`` was changed in the Settings box."""

    def mods_changed(self) -> None:
        """Runs (on every scene on the stack) when mods were installed, removed, switched or reordered."""

    def wake_in(self) -> float | None:
        """How soon this scene changes by itself, so the loop may sleep until then: 0.0 while anything moves or
        any timer runs (every frame is drawn), seconds until its next slow change, or None when only input
        changes it. The time slept is not game time, so a scene whose timers run must answer 0.0; a scene that
        does not know answers 0.0, which costs only CPU."""
        return None if self.still else 0.0


class SceneStack:
    """The stack of scenes with queued changes."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._queue: list[Callable[[], None]] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def push(self, scene: Scene) -> None:
        self._queue.append(lambda: self._push(scene))

    def pop(self) -> None:
        self._queue.append(self._pop)

    def replace(self, scene: Scene) -> None:
        def apply() -> None:
            self._pop()
            self._push(scene)
        self._queue.append(apply)

    def clear_to(self, scene: Scene) -> None:
        """Remove every scene and start again from ``scene``."""
        def apply() -> None:
            while self.scenes:
                self._pop(resume=False)
            self._push(scene)
        self._queue.append(apply)

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` off the stack wherever it is (a box closing itself after others were pushed)."""
        def apply() -> None:
            if scene in self.scenes:
                if scene is self.top:
                    self._pop()
                else:
                    self.scenes.remove(scene)
                    scene.exit()
        self._queue.append(apply)

    @property
    def pending(self) -> bool:
        return bool(self._queue)

    def apply_pending(self) -> None:
        """Carry out the queued changes, in order (a change may queue more; those run too)."""
        while self._queue:
            change = self._queue.pop(0)
            change()

    def _push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.pause()
        self.scenes.append(scene)
        scene.enter()

    def _pop(self, resume: bool = True) -> None:
        if not self.scenes:
            return
        scene = self.scenes.pop()
        scene.exit()
        if resume and self.top is not None:
            self.top.resume()

    def handle(self, event: pygame.Event) -> None:
        if self.top is not None:
            self.top.handle(event)

    def update(self, dt: float) -> None:
        if self.top is not None:
            self.top.update(dt)

    def wake_in(self) -> float | None:
        """The top scene's :meth:`Scene.wake_in` (only the top scene is updated); 0.0 while changes are queued."""
        if self._queue:
            return 0.0
        return self.top.wake_in() if self.top is not None else None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        for scene in self.scenes[start:]:
            scene.draw(surface, alpha)
