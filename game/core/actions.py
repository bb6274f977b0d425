"""What a player may do. The table lists the legal ones at every decision point and refuses anything else."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.core.tiles import Tile, format_tiles, parse_tiles

ClaimType = Literal["chow", "pung", "kong", "mah_jongg"]


@dataclass(frozen=True)
class Discard:
    """Discard a tile; ``standing`` declares a standing hand with this first discard (rule 9)."""

    tile: Tile
    standing: bool = False

    kind = "discard"


@dataclass(frozen=True)
class DeclareKong:
    """On one's own turn: declare a concealed kong, or promote an exposed pung with a drawn tile (rule 17)."""

    tile: Tile

    kind = "kong"


@dataclass(frozen=True)
class MahJongg:
    """Go Mah Jongg with the tile just drawn (or the dealt hand), or by robbing a kong."""

    kind = "mah_jongg"


@dataclass(frozen=True)
class Claim:
    """Claim the discard. ``tiles`` are the tiles from the hand that make the set with it (empty for Mah Jongg)."""

    type: ClaimType
    tiles: tuple[Tile, ...] = field(default=())

    kind = "claim"


@dataclass(frozen=True)
class Pass:
    """Let the discard (or the tile of a promoted kong) go."""

    kind = "pass"


Action = Discard | DeclareKong | MahJongg | Claim | Pass


def action_to_dict(action: Action) -> dict:
    """A JSON-ready form of an action, for saves and replays."""
    if isinstance(action, Discard):
        data = {"kind": "discard", "tile": format_tiles([action.tile])}
        if action.standing:
            data["standing"] = True
        return data
    if isinstance(action, DeclareKong):
        return {"kind": "kong", "tile": format_tiles([action.tile])}
    if isinstance(action, Claim):
        return {"kind": "claim", "type": action.type, "tiles": format_tiles(action.tiles)}
    return {"kind": action.kind}


def action_from_dict(data: dict) -> Action:
    """Inverse of :func:`action_to_dict`."""
    kind = data.get("kind")
    if kind == "discard":
        return Discard(parse_tiles(data["tile"])[0], bool(data.get("standing", False)))
    if kind == "kong":
        return DeclareKong(parse_tiles(data["tile"])[0])
    if kind == "claim":
        return Claim(data["type"], tuple(parse_tiles(data.get("tiles", ""))))
    if kind == "mah_jongg":
        return MahJongg()
    if kind == "pass":
        return Pass()
    raise ValueError(f"unknown action kind {kind!r}")


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
    return "pass"
