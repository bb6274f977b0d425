"""Entry point: ``python -m game`` (and the packaged executable)."""

from __future__ import annotations

import sys

from game import sound_probe
from game.cli import run
from game.logsetup import start_logging


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == [sound_probe.FLAG]:  # the game checking a mod's sounds in a child process of its own
        return sound_probe.main(args[1:])
    start_logging(args)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
