"""Command line: one module per subcommand of the interface contract.

Each subcommand module has ``register(subparsers)``, which adds its parser and sets ``func`` to a function
taking the parsed arguments and returning the exit status (0 success, 1 invalid input, 2 usage error).
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys

from game import __version__
from game.errors import SparrowError

# Subcommand modules, in the order ``--help`` lists them.
COMMAND_MODULES = (
    "game.cli.score",
    "game.cli.settle",
    "game.cli.simulate",
    "game.cli.rulesets",
    "game.cli.mods",
    "game.cli.screenshot",
    "game.cli.saves",
    "game.cli.selftest",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sparrow",
        description="Sparrow Mah Jongg: the classic game against three computer players. "
        "Without a command, the game window opens.",
    )
    parser.add_argument("--version", action="version", version=f"Sparrow Mah Jongg {__version__}")
    parser.add_argument("--mods-dir", metavar="DIR", help="user mods folder instead of the platform default")
    parser.add_argument("--config-dir", metavar="DIR",
                        help="settings, saves and statistics folder instead of the platform default")
    parser.add_argument("--selftest", action="store_true",
                        help="load every bundled mod, play one hand, render every scene, print 'selftest ok'")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(sub)
    return parser


def run(argv: list[str]) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors and 0 for --help/--version
        return int(exc.code or 0)
    try:
        if args.selftest:
            from game.cli.selftest import selftest

            return selftest(args)
        if args.command is None:
            from game.client.app import play

            return play(args)
        return int(args.func(args))
    except SparrowError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
