"""The game's exceptions. Imports nothing from ``game`` so every layer may use it.

Messages start in lower case, say what was expected and what was found, and quote the input.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# Characters a terminal or a log viewer acts on instead of showing: control codes (an escape sequence can clear
# the screen or move the cursor), and format and separator characters (a right-to-left override reverses what
# follows). A file name or a value from a stranger's mod must not do either.
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on written as an escape (``\\x1b``, ``\\u202e``).

    Used wherever text that came from outside the game (file names, values from data files, requests) is printed
    or logged; a line break is escaped too, so one message stays one line.
    """
    if text.isprintable():
        return text
    return "".join(ch if ch == " " or unicodedata.category(ch) not in _HIDDEN else _escape(ch) for ch in text)


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


class SparrowError(Exception):
    """Base of every error the game raises on purpose."""


class InvalidTilesError(SparrowError, ValueError):
    """A tile code, tile list or meld that is not valid."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code


class IllegalActionError(SparrowError, ValueError):
    """An action the engine refuses. :attr:`code` says why (a constant of ``game.core.refusals``) and :attr:`data`
    holds the values the reason names (a tile, the claims that would do); the client words them for the player.
    The message is ``detail`` (the code and its values in tile codes), for logs and error messages."""

    def __init__(self, code: str, data: Mapping[str, Any] | None = None, seat: int | None = None,
                 action: object = None, *, detail: str = "") -> None:
        super().__init__(detail or code)
        self.code = code
        self.data: Mapping[str, Any] = dict(data or {})
        self.seat = seat
        self.action = action


@dataclass(frozen=True)
class Problem:
    """One problem in a data file, printed as ``FILE:LINE:COLUMN: message``.

    ``line`` and ``column`` are 1-based; 0 means unknown.
    """

    path: str
    message: str
    line: int = 0
    column: int = 0

    @property
    def where(self) -> str:
        """``FILE``, ``FILE:LINE`` or ``FILE:LINE:COLUMN``."""
        where = self.path
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        return where

    def __str__(self) -> str:
        """In English (as ``mods list --json`` and the log give it)."""
        return printable(f"{self.where}: {self.message}")

    def shown(self) -> str:
        """In the player's language: a message made with ``game.i18n.L_`` translates itself (this module may
        not import ``i18n``, its sibling); the file, line and column stay as they are."""
        translated = getattr(self.message, "translated", None)
        return printable(f"{self.where}: {translated() if translated else self.message}")


class DataFileError(SparrowError):
    """One or more problems in data files; all are reported at once."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems

    def __reduce__(self) -> tuple:
        # Rebuilt from its problems (not its message), so it crosses process boundaries intact.
        return (self.__class__, (self.problems,))


def message_of(error: BaseException) -> str:
    """The message ``error`` was raised with, kept as it is (``str(error)`` would make a message of
    ``game.i18n.L_`` plain English)."""
    return error.args[0] if len(error.args) == 1 and isinstance(error.args[0], str) else str(error)


def error_text(error: BaseException) -> str:
    """What ``error`` says, in the player's language: a data file's problems one a line (with their files and
    lines), else its message (one made with ``game.i18n.L_`` translates itself)."""
    if isinstance(error, DataFileError) and error.problems:
        return "\n".join(problem.shown() for problem in error.problems)
    message = message_of(error)
    translated = getattr(message, "translated", None)
    return translated() if translated else message


class RulesetError(DataFileError):
    """A ruleset that cannot be loaded."""


class ModError(DataFileError):
    """A mod that cannot be loaded or installed."""


class SaveError(SparrowError):
    """A save or replay file that cannot be read or written."""


class WriteError(SparrowError, OSError):
    """A file that could not be written (a full disk, a read-only folder); the message says what was not saved
    and where the previous copy is. An ``OSError`` too (with the system's ``errno``), so code that guards a write
    against the system's errors still catches it."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""
