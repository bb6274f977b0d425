"""Helpers shared by the subcommands."""

from __future__ import annotations

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
