"""The status-bar words for an action the table refuses, in the classic program's words (help L296–L320).

The engine gives a code and its values (``game.core.refusals``); this is the one place they become a sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import refusals as r
from game.core.actions import CLAIM_NAMES
from game.core.tiles import tile_name


def _names(tiles: Any) -> str:
    return " or ".join(tile_name(t) for t in tiles) or "nothing"


def refusal_line(code: str, data: Mapping[str, Any] | None = None) -> str:
    """The sentence the player reads for a refusal ``code`` with its ``data``."""
    data = data or {}
    tile = data.get("tile")
    name = tile_name(tile) if isinstance(tile, int) else ""
    if code == r.HAND_OVER:
        return "The hand is over."
    if code == r.STANDING_ONLY:
        return f"You've called a Standing Hand and can only take {_names(data.get('waits', ()))}."
    if code == r.SACRED_DISCARD:
        return f"You can't claim {name}: you discarded it yourself (sacred discard)."
    if code == r.MISSED_DISCARD:
        return f"You can't go out on {name}: you let it pass before (missed discard)."
    if code == r.DECLARE_READY_FIRST:
        return "You have to declare a ready hand before you can go out."
    if code == r.CHOW_FROM_LEFT_ONLY:
        return "You can only Chow a Tile discarded by the player on your left, unless you go Mah Jongg."
    if code == r.KONG_FROM_EXPOSED_PUNG:
        return "You can't use a discarded Tile to turn an Exposed Pung into an Exposed Kong."
    if code == r.USE_FOR:
        return f"You can use {name} for a {' or '.join(CLAIM_NAMES[t] for t in data.get('claims', ()))}."
    if code == r.CANNOT_PICK_UP:
        what = "Chow, Pung, Kong or Mah Jongg" if data.get("chow") else "Pung, Kong or Mah Jongg"
        return f"You can't pick up {name}! No {what}..."
    if code == r.NOT_YOUR_TURN:
        return "It's not your turn."
    if code == r.MUST_DISCARD_DRAWN:
        what = "a Standing Hand" if data.get("standing") else "riichi"
        return f"You've called {what} and have to discard {name}."
    if code == r.NOT_IN_HAND:
        return f"You don't have {name} on your stake."
    if code == r.STANDING_FIRST_DISCARD:
        return "You can only call a Standing Hand with your first discard, one tile from Mah Jongg."
    if code == r.NOT_MAH_JONGG:
        return "Your hand is not a complete Mah Jongg hand."
    if code == r.NO_KONG_NOW:
        return f"You can't make a Kong of {name} now."
    if code == r.STILL_PASSING:
        return "The tiles are still being passed."
    if code == r.ALREADY_STARTED:
        return "The hand has already started."
    if code == r.TAKE_BACK_TOO_LATE:
        return "You can only take back your own discard before anybody claims it."
    return "That move is not allowed now."
