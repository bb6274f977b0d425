"""The game's exceptions. Imports nothing from ``game`` so every layer may use it.

Messages start in lower case, say what was expected and what was found, and quote the input.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


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

    def __str__(self) -> str:
        where = self.path
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        return f"{where}: {self.message}"


class DataFileError(SparrowError):
    """One or more problems in data files; all are reported at once."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems

    def __reduce__(self) -> tuple:
        # Rebuilt from its problems (not its message), so it crosses process boundaries intact.
        return (self.__class__, (self.problems,))


class RulesetError(DataFileError):
    """A ruleset that cannot be loaded."""


class ModError(DataFileError):
    """A mod that cannot be loaded or installed."""


class SaveError(SparrowError):
    """A save or replay file that cannot be read or written."""
