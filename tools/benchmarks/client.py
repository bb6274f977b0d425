"""Client frame times: a hand in play (``frame_ms_p95``) and the opening ceremony (``ceremony_frame_ms_max``).

Both are measured headless (dummy video driver) on the logical 1280 × 720 surface: one fixed update step plus
drawing the frame, as the game loop does. The ceremony runs at normal speed from the washing to the end of the
deal; its slowest frame must stay under 33 ms.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time


def _app(folder: str):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.client.app import App

    args = argparse.Namespace(mods_dir=os.path.join(folder, "mods"), config_dir=os.path.join(folder, "config"))
    app = App(args, size=(1280, 720), headless=True)
    app.background()  # built once when the window opens, not part of any frame
    return app


def _frame(app, times: list[float]) -> None:
    start = time.perf_counter()
    app.step(1 / 60)
    app.render(0.5)
    times.append((time.perf_counter() - start) * 1000)


def ceremony_frames(app, seed: int) -> list[float]:
    """Frame times of one whole ceremony at normal speed."""
    from game.client.scenes import games

    session = games.new_session(app, seed)
    session.options.animation_speed = 1.0
    scene = app.reset_to("table", session=session)
    scene.animator.speed = 1.0
    scene.animator.show_dealing = True
    app.stack.apply_pending()
    times: list[float] = []
    while scene.animator.busy and len(times) < 60 * 60:
        _frame(app, times)
    return times


def play_frames(app, seed: int, count: int) -> list[float]:
    """Frame times of a hand played by the computer for every seat, animations on."""
    from game.client.stage import staged_table

    scene = staged_table(app, seed, 4)
    scene.animator.speed = 1.0
    session = scene.session
    session.options.animation_speed = 1.0
    session.options.discard_delay = 0.2
    session.options.auto_play = True
    times: list[float] = []
    while len(times) < count and not session.hand_over:
        _frame(app, times)
    return times


def measure(quick: bool = False) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        app = _app(folder)
        _frame(app, [])  # warm the fonts and caches of the title
        ceremony: list[float] = []
        for seed in (1, 2) if quick else (1, 2, 3):
            ceremony += ceremony_frames(app, seed)
        play = play_frames(app, 5, 240 if quick else 900)
        play.sort()
        p95 = play[int(len(play) * 0.95)] if play else 0.0
        return {"frame_ms_p95": round(p95, 2), "ceremony_frame_ms_max": round(max(ceremony), 2)}


if __name__ == "__main__":
    print(measure(quick=True))
