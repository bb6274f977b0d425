"""What a player may do. The table lists the legal ones at every decision point and refuses anything else."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.core.frozen import quick_init
from game.core.tiles import Tile, format_tiles, parse_tiles
from game.i18n import N_

ClaimType = Literal["chow", "pung", "kong", "mah_jongg"]
_CLAIM_TYPES: dict[str, ClaimType] = {"chow": "chow", "pung": "pung", "kong": "kong", "mah_jongg": "mah_jongg"}


@quick_init
@dataclass(frozen=True)
class Discard:
    """Discard a tile; ``standing`` declares a ready hand with this discard: the classic standing hand (rule 9),
    or a ready hand or riichi under the ruleset's ready rule."""

    tile: Tile
    standing: bool = False

    kind = "discard"


@quick_init
@dataclass(frozen=True)
class DeclareKong:
    """On one's own turn: declare a concealed kong, or promote an exposed pung with a drawn tile (rule 17)."""

    tile: Tile

    kind = "kong"


@quick_init
@dataclass(frozen=True)
class MahJongg:
    """Go Mah Jongg with the tile just drawn (or the dealt hand), or by robbing a kong."""

    kind = "mah_jongg"


@quick_init
@dataclass(frozen=True)
class Claim:
    """Claim the discard. ``tiles`` are the tiles from the hand that make the set with it (empty for Mah Jongg)."""

    type: ClaimType
    tiles: tuple[Tile, ...] = field(default=())

    kind = "claim"


CLAIM_NAMES = {"chow": N_("Chow"), "pung": N_("Pung"), "kong": N_("Kong"), "mah_jongg": N_("Mah Jongg")}
"""A claim as the player reads it (M4: "You can use 6 Circle for a Pung."); the type is the saves' notation."""


@quick_init
@dataclass(frozen=True)
class PassTiles:
    """In a Charleston or goulash: the tiles this player passes on (face down) in the current step."""

    tiles: tuple[Tile, ...]

    kind = "give"


@quick_init
@dataclass(frozen=True)
class Pass:
    """Let the discard (or the tile of a promoted kong) go."""

    kind = "pass"


Action = Discard | DeclareKong | MahJongg | Claim | Pass | PassTiles


def action_to_text(action: Action) -> str:
    """The notation of saves and replays: ``discard 3C``, ``discard 3C standing``, ``kong 7B``,
    ``claim pung 5D 5D``, ``claim mah_jongg``, ``mah_jongg``, ``pass``.

    >>> action_to_text(Claim("chow", (3, 4)))
    'claim chow 4B 5B'
    """
    if isinstance(action, Discard):
        return f"discard {format_tiles([action.tile])}" + (" standing" if action.standing else "")
    if isinstance(action, DeclareKong):
        return f"kong {format_tiles([action.tile])}"
    if isinstance(action, Claim):
        return " ".join(["claim", action.type, format_tiles(action.tiles)]).strip()
    if isinstance(action, PassTiles):
        return f"give {format_tiles(action.tiles)}"
    return action.kind


def action_from_text(text: str) -> Action:
    """Inverse of :func:`action_to_text`; raises ``ValueError`` for anything else."""
    words = text.split()
    if not words:
        raise ValueError("empty action")
    verb, rest = words[0], words[1:]
    if verb == "discard" and len(rest) in (1, 2) and rest[1:] in ([], ["standing"]):
        return Discard(parse_tiles(rest[:1])[0], rest[1:] == ["standing"])
    if verb == "kong" and len(rest) == 1:
        return DeclareKong(parse_tiles(rest)[0])
    if verb == "claim" and rest and rest[0] in _CLAIM_TYPES:
        return Claim(_CLAIM_TYPES[rest[0]], tuple(parse_tiles(rest[1:])))
    if verb == "give" and rest:
        return PassTiles(tuple(parse_tiles(rest)))
    if verb == "mah_jongg" and not rest:
        return MahJongg()
    if verb == "pass" and not rest:
        return Pass()
    raise ValueError(f"unknown action {text!r}")


def describe(action: Action) -> str:
    """A short player-facing description: ``'discard 3C'``, ``'pung'``, ``'Mah Jongg'``."""
    if isinstance(action, Discard):
        return f"discard {format_tiles([action.tile])}" + (" (standing hand)" if action.standing else "")
    if isinstance(action, DeclareKong):
        return f"kong of {format_tiles([action.tile])}"
    if isinstance(action, Claim):
        return "Mah Jongg" if action.type == "mah_jongg" else f"{action.type} with {format_tiles(action.tiles)}"
    if isinstance(action, MahJongg):
        return "Mah Jongg"
    if isinstance(action, PassTiles):
        return f"pass on {format_tiles(action.tiles)}"
    return "pass"
