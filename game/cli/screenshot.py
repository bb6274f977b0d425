"""``screenshot``: render one scene headless after a deterministic setup and write a PNG (contract §6).

``python -m game screenshot --scene title|table|wall|scores|settings|mods --out FILE.png [--seed S] [--turns N]
[--size WxH] [--tileset ID] [--theme ID]``; also every other scene of the client's registry: ``help``,
``rules``, ``saves``, ``replay`` (N moves into the first hand), ``stats`` (after three hands), ``new_game``,
``menu``, ``game_over`` (after three hands), ``confirm`` (the quit question) and ``name`` (a preset's name).
For the table, the hand is dealt from seed S and N turns (decisions) are played by computer players; the
scores scene plays the hand to its end first.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from game.cli.common import error_line, say
from game.client.scenes.registry import SCENES as REGISTRY
from game.i18n import _, known_codes

SCENES = tuple(REGISTRY)
"""Every scene of the client's registry: the contract's six first, then the other boxes (the registry imports
nothing of pygame, so the display driver can still be chosen after this)."""


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("screenshot", help=_("render a scene without a display and write a PNG"),
                              description=_("Render one scene without a display after a deterministic setup (for "
                                            "the table: the hand dealt from the seed and some turns played by "
                                            "computer players) and write it as a PNG."))
    p.add_argument("--scene", required=True, choices=SCENES, metavar=_("SCENE"),
                   help=_("the scene: {scenes}").format(scenes=", ".join(SCENES)))
    p.add_argument("--out", required=True, metavar=_("FILE.png"), help=_("the picture to write"))
    p.add_argument("--seed", type=int, default=1, metavar=_("SEED"), help=_("the seed of the deal (default: 1)"))
    p.add_argument("--turns", type=int, default=24, metavar="N",
                   help=_("decisions played by computer players before the shot"))
    p.add_argument("--size", default="1280x720", metavar=_("WxH"), help=_("the window's size (default: 1280x720)"))
    p.add_argument("--tileset", default=None, metavar=_("ID"), help=_("the tile set's id (default: the settings')"))
    p.add_argument("--theme", default=None, metavar=_("ID"), help=_("the theme's id (default: the settings')"))
    # SUPPRESS: given before the command (the global --language), it is not overwritten with None here.
    p.add_argument("--language", default=argparse.SUPPRESS, choices=known_codes(), metavar=_("CODE"),
                   help=_("the language the scene is drawn in (default: the settings', else the system's)"))
    p.set_defaults(func=run)


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a size like 1280x720, got {value}").format(value=repr(text))
                                         ) from None
    if w < 64 or h < 64:
        raise argparse.ArgumentTypeError(_("expected a size of at least 64x64, got {value}").format(value=repr(text)))
    return w, h


def run(args: argparse.Namespace) -> int:
    try:
        size = parse_size(args.size)
    except argparse.ArgumentTypeError as exc:
        say(error_line(str(exc)))
        return 2
    render_scene(args.scene, args.out, seed=args.seed, turns=args.turns, size=size, tileset=args.tileset,
                 theme=args.theme, args=args)
    say(_("wrote {file}").format(file=args.out))
    return 0


def render_scene(scene: str, out: str, *, seed: int = 1, turns: int = 24, size: tuple[int, int] = (1280, 720),
                 tileset: str | None = None, theme: str | None = None, args: Any = None) -> Any:
    """Set up ``scene`` deterministically, render one frame into a ``size`` window and save it to ``out``."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    if getattr(args, "language", None):
        os.environ["SPARROW_LANGUAGE"] = args.language
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # The display (~30 ms) only when a frame is drawn: `--help` imports every command's module, this one too.
    from game.client.app import App
    from game.client.stage import stage_scene

    app = App(args, size=size, headless=True, tileset=tileset, theme=theme)
    stage_scene(app, scene, seed=seed, turns=turns)
    import pygame  # after the client, which hides pygame's greeting on standard output

    app.render(1.0)
    pygame.image.save(app.window, out)
    return app
