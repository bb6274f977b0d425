"""``--selftest`` (interface contract §7): load every bundled mod, play one hand among four computer players,
render one frame of each scene headless, and print ``selftest ok`` last (exit 0), or what failed (exit 1).

It runs the same way from source and inside the packaged executable, so it proves the bundle is complete.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from game import i18n
from game.autoplay import create_player, play_hand
from game.cli.screenshot import SCENES
from game.config import LANGUAGE_VARIABLE
from game.core.match import Match
from game.i18n import _
from game.mods import load_catalog, rules_for

log = logging.getLogger(__name__)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("selftest", help=_("the same as --selftest"))
    p.set_defaults(func=selftest)


def _check_mods(args: argparse.Namespace) -> list[str]:
    catalog = load_catalog(args.mods_dir, args.config_dir)
    failures = []
    for entry in catalog.entries:
        if entry.origin == "bundled" and entry.problems:
            failures += [f"bundled mod {entry.id!r}: {problem}" for problem in entry.problems]
    if not any(entry.origin == "bundled" for entry in catalog.entries):
        failures.append("no bundled mods found: the bundle is incomplete")
    return failures


def _play_hand(args: argparse.Namespace) -> str:
    ruleset, judge = rules_for("classic", args.mods_dir, args.config_dir)
    match = Match(ruleset.play, judge, seed=1)
    players = [create_player("greedy", random.Random(seat), ruleset) for seat in range(4)]
    table = match.new_hand()
    play_hand(table, players)
    match.finish_hand(table)
    result = table.result
    assert result is not None, "play_hand plays the hand to its end"
    return "a dead hand" if result.winner is None else f"seat {result.winner} went Mah Jongg"


def _render_scenes(folder: Path) -> list[str]:
    """One frame of every scene the client has (the screenshot command's list), drawn by one headless app."""
    # The display (~30 ms) only when a frame is drawn: `--help` imports every command's module, this one too.
    import pygame

    from game.client.app import App
    from game.client.stage import stage_scene

    # The player's own settings and mods stay out of it: a fresh config folder, the bundled mods only.
    app = App(argparse.Namespace(config_dir=str(folder / "config"), mods_dir=str(folder / "mods")),
              size=(1280, 720), headless=True)
    failures = []
    for scene in SCENES:
        out = folder / f"{scene}.bmp"  # BMP: PNG compression would be most of the self-test's time
        try:
            stage_scene(app, scene, seed=1, turns=8)
            app.render(1.0)
            pygame.image.save(app.window, str(out))
        except Exception as exc:  # a broken scene is reported by name; the other scenes are still tried
            log.warning("self-test: scene %r could not be drawn", scene, exc_info=True)
            failures.append(f"scene {scene!r}: {type(exc).__name__}: {exc}")
            continue
        if not out.exists() or out.stat().st_size < 1000:
            failures.append(f"scene {scene!r}: no picture was written")
    return failures


def _check_language() -> str:
    """The language of this run (``SPARROW_LANGUAGE``, else English) with its catalog and number formats: a bundle
    without the compiled catalog or Babel's data for it would show English or fail at the first number."""
    code = i18n.set_language(os.environ.get(LANGUAGE_VARIABLE) or i18n.SOURCE_LANGUAGE)
    if code not in (i18n.SOURCE_LANGUAGE, i18n.PSEUDO) and i18n._("Settings") == "Settings":
        raise RuntimeError(f"the {code} catalog is missing: 'Settings' is not translated")
    return f"{code} ({i18n.LANGUAGES.get(code, code)}), 12345.5 is {i18n.format_number(12345.5, 1)}"


def selftest(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    started = time.perf_counter()
    failures: list[str] = []
    try:
        failures += _check_mods(args)
    except Exception as exc:  # every step reports its failure (the trace goes to the log); the test goes on
        log.warning("self-test: the mods could not be checked", exc_info=True)
        failures.append(f"mods: {type(exc).__name__}: {exc}")
    try:
        print(f"language: {_check_language()}")
    except Exception as exc:  # reported below
        log.warning("self-test: the language could not be set up", exc_info=True)
        failures.append(f"language: {type(exc).__name__}: {exc}")
    try:
        print(f"hand: {_play_hand(args)}")
    except Exception as exc:  # reported below
        log.warning("self-test: the hand could not be played", exc_info=True)
        failures.append(f"hand: {type(exc).__name__}: {exc}")
    with tempfile.TemporaryDirectory(prefix="sparrow-selftest-") as tmp:
        try:
            failures += _render_scenes(Path(tmp))
        except Exception as exc:  # reported below
            log.warning("self-test: the scenes could not be drawn", exc_info=True)
            failures.append(f"scenes: {type(exc).__name__}: {exc}")
    for failure in failures:
        print(f"FAILED {failure}")
    if failures:
        print(f"selftest failed: {len(failures)} problem(s)", file=sys.stderr)
        return 1
    print(f"all {len(SCENES)} scenes rendered in {time.perf_counter() - started:.2f} s")
    print("selftest ok")
    return 0
