"""One-line builders in tile codes for engine tests."""

from __future__ import annotations

from game.core.judge import RegularJudge
from game.core.melds import parse_meld
from game.core.play_rules import PlayRules
from game.core.table import Table
from game.core.tiles import parse_tiles


def rigged_table(hands: dict[int, str], draws: str = "", *, rules: PlayRules | None = None, east: int = 0,
                 melds: dict[int, list[str]] | None = None, judge=None, current: int | None = None) -> Table:
    """A table whose seats hold ``hands`` (13 tiles each unless melds are given) and whose live wall will yield
    ``draws`` next, in order. The ceremony ran normally first; tile conservation is not kept by rigging.

    ``current`` makes that seat the one to draw next: the table is left just before its draw.
    """
    table = Table(rules or PlayRules(flowers=False), judge or RegularJudge(), seed=7, east=east)
    for seat, codes in hands.items():
        table.players[seat].concealed = parse_tiles(codes)
        table.players[seat].bonus = []
        table.players[seat].melds = [parse_meld(m) for m in (melds or {}).get(seat, [])]
    for position, tile in zip(list(table.wall.live), parse_tiles(draws), strict=False):
        table.wall.tiles[position] = tile
    if current is not None:
        table.phase = "claims"  # pretend the seat before `current` discarded and nobody claimed
        table._next_turn((current - 1) % 4)
    return table


def t(code: str) -> int:
    return parse_tiles(code)[0]
