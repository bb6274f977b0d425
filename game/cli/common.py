"""Helpers shared by the subcommands."""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from typing import Any

from game.errors import error_text, printable
from game.i18n import _


def print_json(data: Any) -> None:
    """Print exactly one JSON document on stdout (interface contract)."""
    sys.stdout.write(json.dumps(data, separators=(", ", ": ")) + "\n")


def column(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns (a Chinese character takes two), for a column of a table."""
    taken = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - taken)


def error_line(message: str) -> str:
    """``message`` as the first line of an error report on stderr (``error: …``, in the run's language)."""
    return _("error: {message}").format(message=message)


def say(message: str) -> None:
    """Print a message (what was done, what went wrong) on stderr, away from the output a program reads."""
    print(message, file=sys.stderr)


def error_lines(error: Exception) -> list[str]:
    """What ``error`` says, a line each, in the run's language and escaped (a message may quote a file name or
    a value that came from outside the game): a data file's problems with their file and line, or its message."""
    return [printable(line) for line in error_text(error).split("\n")]


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of a run of computer players (``simulate``, ``play-headless``): ruleset, hands, seed, players."""
    parser.add_argument("--ruleset", default="classic", metavar=_("ID"), help=_("the ruleset's id (default: classic)"))
    parser.add_argument("--hands", type=int, required=True, metavar="N", help=_("how many hands to play"))
    parser.add_argument("--seed", type=int, required=True, metavar=_("SEED"),
                        help=_("the seed every deal comes from (a whole number)"))
    parser.add_argument("--players", default="", metavar=_("IDS"),
                        help=_("four player ids (three for a three-handed ruleset): AI personalities or reference "
                               "bots (random, greedy, efficient); default: greedy at every seat"))


def player_ids(text: str) -> list[str]:
    """The player ids of a ``--players`` value, separated by commas (blanks ignored)."""
    return [p.strip() for p in text.split(",") if p.strip()]
