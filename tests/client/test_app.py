"""The application loop and the window: events reach the top scene, logical coordinates, quitting."""

from __future__ import annotations

import argparse

import pygame

from game.client import app as app_module
from game.client.app import App
from tests.builders import VirtualTime
from tests.client.helpers import make_app


def test_app__loop_runs_title_to_table_and_quits(tmp_path, monkeypatch) -> None:
    """Posted events go through the real loop: Enter on the title opens New Game, Enter there starts the game;
    closing the window asks first during a game, and Enter on the question ends run() with 0."""
    app = make_app(tmp_path)
    # The loop's clock: it sleeps while nothing moves (the quit question, the New Game box between blinks of its
    # cursor), about ten seconds of real waiting that a virtual clock passes at once.
    clock = VirtualTime()
    monkeypatch.setattr(app_module, "time", clock)
    app.clock = clock
    app.reset_to("title")
    frames = [0]
    render = app.render
    asked = []

    def counting_render(alpha: float = 1.0) -> pygame.Surface:
        frames[0] += 1
        if frames[0] in (5, 10, 50):
            pygame.event.post(pygame.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        if frames[0] == 40:
            pygame.event.post(pygame.Event(pygame.QUIT))
        if frames[0] == 45:
            asked.append(app.stack.top.name)
        return render(alpha)

    app.render = counting_render
    assert app.run() == 0
    assert asked == ["quit"]
    assert app.stack.scenes[0].name == "table"
    assert frames[0] >= 50
    assert clock.slept >= 9, "the loop slept while the quit question waited for an answer"


def test_app__mouse_positions_map_to_logical_coordinates(tmp_path) -> None:
    """In a window of another shape the 1280 × 720 table is letterboxed; clicks map back onto it."""
    args = argparse.Namespace(mods_dir=str(tmp_path / "mods"), config_dir=str(tmp_path / "config"))
    app = App(args, size=(800, 600), headless=True)
    view = app.viewport()
    assert view.width == 800 and view.height == 450 and view.top == 75
    assert app.to_logical((400, 300)) == (640, 360)
    assert app.to_logical((0, 75)) == (0, 0)
    moved = app.translate(pygame.Event(pygame.MOUSEMOTION, pos=(800, 525), rel=(0, 0), buttons=(0, 0, 0)))
    assert moved.pos == (1280, 720)


def test_app__fixed_step_advances_scenes_by_whole_steps(tmp_path) -> None:
    """update always gets 1/60 s, however the frames fall."""
    app = make_app(tmp_path)
    seen: list[float] = []

    class Probe:
        overlay = False
        name = "probe"

        def enter(self) -> None: ...
        def exit(self) -> None: ...
        def pause(self) -> None: ...
        def resume(self) -> None: ...
        def handle(self, event) -> None: ...
        def wake_in(self) -> float: return 0.0

        def update(self, dt: float) -> None:
            seen.append(dt)
            if len(seen) >= 3:
                app.running = False

        def draw(self, surface, alpha) -> None: ...

    app.stack.push(Probe())
    app.run()
    assert seen and all(abs(dt - 1 / 60) < 1e-12 for dt in seen)


def test_app__the_window_is_named_sparrow_mah_jongg(tmp_path) -> None:
    """Title bar and window class (what task bars and window switchers show; it was "__main__.py")."""
    import os

    make_app(tmp_path)
    assert pygame.display.get_caption()[0] == "Sparrow Mah Jongg"
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "Sparrow Mah Jongg"
