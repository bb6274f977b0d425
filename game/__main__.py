"""Entry point: ``python -m game`` (and the packaged executable)."""

from __future__ import annotations

import sys

from game.cli import run
from game.logsetup import start_logging


def main(argv: list[str] | None = None) -> int:
    start_logging(sys.argv[1:] if argv is None else argv)
    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
