"""The status-bar messages for actions the table refuses, in the words of the classic program (help L296–L320)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.actions import CLAIM_NAMES, Action, Claim, DeclareKong, Discard, MahJongg
from game.core.melds import MeldKind
from game.core.tiles import Tile, tile_name

if TYPE_CHECKING:
    from game.core.table import Table


def refusal(table: Table, seat: int, action: Action, legal: list[Action]) -> str:
    """The status-bar message for an action that is not allowed (classic help L296–L320)."""
    if table.phase == "over":
        return "The hand is over."
    p = table.players[seat]
    if isinstance(action, Claim) and table.last_discard is not None and table.phase in ("claims", "turn"):
        tile = table.last_discard[1]
        name = tile_name(tile)
        if p.standing:
            return f"You've called a Standing Hand and can only take {_names(p.waits)}."
        if table.rules.sacred_discard != "off" and tile in p.own_discards:
            return f"You can't claim {name}: you discarded it yourself (sacred discard)."
        if action.type == "mah_jongg" and table.rules.missed_discard and tile in p.missed:
            return f"You can't go out on {name}: you let it pass before (missed discard)."
        if action.type == "mah_jongg" and not table.may_go_out(seat):
            return "You have to declare a ready hand before you can go out."
        if action.type == "chow" and (seat - table.last_discard[0]) % 4 != 1 and table.rules.chows_allowed:
            return "You can only Chow a Tile discarded by the player on your left, unless you go Mah Jongg."
        if action.type == "kong" and any(m.kind is MeldKind.PUNG and m.tile == tile for m in p.melds):
            return "You can't use a discarded Tile to turn an Exposed Pung into an Exposed Kong."
        usable = [a.type for a in legal if isinstance(a, Claim)]
        if usable:
            return f"You can use {name} for a {' or '.join(CLAIM_NAMES[t] for t in usable)}."
        what = "Chow, Pung, Kong or Mah Jongg" if (seat - table.last_discard[0]) % 4 == 1 \
            else "Pung, Kong or Mah Jongg"
        return f"You can't pick up {name}! No {what}..."
    if seat not in table.awaiting():
        return "It's not your turn."
    if isinstance(action, Discard):
        if p.locked and table.drawn_tile is not None and action.tile != table.drawn_tile:
            what = "a Standing Hand" if p.standing else "riichi"
            return f"You've called {what} and have to discard {tile_name(table.drawn_tile)}."
        if action.tile not in p.concealed:
            return f"You don't have {tile_name(action.tile)} on your stake."
        if action.standing:
            return "You can only call a Standing Hand with your first discard, one tile from Mah Jongg."
    if isinstance(action, MahJongg):
        return "Your hand is not a complete Mah Jongg hand."
    if isinstance(action, DeclareKong):
        return f"You can't make a Kong of {tile_name(action.tile)} now."
    return "That move is not allowed now."


def _names(tiles: tuple[Tile, ...]) -> str:
    return " or ".join(tile_name(t) for t in tiles) or "nothing"
