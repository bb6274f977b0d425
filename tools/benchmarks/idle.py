"""Idle CPU: how much of one core the game takes while nothing moves, on the title screen
(``idle_cpu_title_pct``) and at a table waiting for the player to discard (``idle_cpu_table_pct``).

The real loop (:meth:`game.client.app.App.run`) runs under the dummy video driver in a window of the default
size (1024 × 768, so every frame is scaled as on screen). Each scene is first brought to rest with plain
fixed steps (the title's fan stops breathing, the table's glow stops pulsing); then the loop runs for a few
seconds of wall time and the figure is the process's CPU time over that wall time, in percent.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

SETTLE_STEPS = 60 * 10
"""Fixed steps (10 s of game time) that bring a scene to rest before it is measured."""


def _app(folder: str):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.client.app import App

    args = argparse.Namespace(mods_dir=os.path.join(folder, "mods"), config_dir=os.path.join(folder, "config"))
    return App(args, size=(1024, 768), headless=True)


def loop_cpu(app, seconds: float) -> float:
    """Percent of a core the app's loop took while it ran for ``seconds`` of wall time."""
    import pygame

    for _ in range(SETTLE_STEPS):
        app.step()
    app.render()  # fonts and sprites are made by the first frame, long before the player leaves the window alone
    app.running = True
    pygame.event.clear()
    pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), loops=1)
    wall, cpu = time.perf_counter(), time.process_time()
    app.run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return 100.0 * cpu / max(wall, 1e-9)


def measure(quick: bool = False) -> dict[str, float]:
    from game.client.stage import staged_table

    seconds = 2.0 if quick else 4.0
    with tempfile.TemporaryDirectory() as folder:
        app = _app(folder)
        app.reset_to("title")
        title = loop_cpu(app, seconds)
        staged_table(app, 5, 4)
        table = loop_cpu(app, seconds)
        return {"idle_cpu_title_pct": round(title, 2), "idle_cpu_table_pct": round(table, 2)}


if __name__ == "__main__":
    print(measure(quick=True))
