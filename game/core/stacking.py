"""A stacked wall: a prepared deal for a lesson, made by rearranging a shuffled wall, never by inventing tiles.

The wall is shuffled and broken as always; then tiles are swapped so that the deal and the first draws give the
tiles asked for. Every tile stays one of the set, so the table, the wall view and the scores see a real game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from game.core.tiles import Tile, is_bonus, tile_name
from game.core.wall import Position, Wall


@dataclass(frozen=True)
class PreparedDeal:
    """The tiles a prepared hand deals: ``hands`` by seat (13 each; a seat left out is dealt by chance, without
    flowers or seasons), then ``draws`` from the live wall in the order they are drawn, whoever draws them
    (None: any tile but a flower or season), and ``loose``: the first loose tiles (replacements for flowers,
    seasons and kongs)."""

    hands: Mapping[int, Sequence[Tile]] = field(default_factory=dict)
    draws: Sequence[Tile | None] = ()
    loose: Sequence[Tile] = ()


DEAL_CHUNKS = (4, 4, 4, 1)
"""How the deal hands the tiles out: four at a time to each player from East, three times, then one each."""


def deal_order(hands: Mapping[int, Sequence[Tile]], east: int, draws: Sequence[Tile | None] = (),
               east_fourteen: bool = False) -> list[Tile | None]:
    """The live wall in draw order that deals ``hands`` (13 tiles per seat given; None for a seat left to
    chance) and then yields ``draws``."""
    order: list[Tile | None] = []
    taken = dict.fromkeys(range(4), 0)
    seats = [(east + k) % 4 for k in range(4)]
    chunks = [(size, seat) for size in DEAL_CHUNKS for seat in seats]
    if east_fourteen:
        chunks.append((1, east))
    for size, seat in chunks:
        hand = hands.get(seat)
        for _ in range(size):
            order.append(hand[taken[seat]] if hand is not None and taken[seat] < len(hand) else None)
            taken[seat] += 1
    return order + list(draws)


def stack_wall(wall: Wall, live: Sequence[Tile | None], loose: Sequence[Tile] = ()) -> None:
    """Swap tiles so that the live wall starts with ``live`` (None: any tile but a flower or season) and the
    loose tiles start with ``loose``. ValueError naming the tile when the set has too few of one."""
    fixed: set[Position] = set()
    targets: list[tuple[Position, Tile | None]] = list(zip(list(wall.live), live, strict=False))
    targets += list(zip(wall.loose, loose, strict=False))
    # The tiles asked for first: a place left to chance must not keep a tile that is asked for later.
    targets.sort(key=lambda target: target[1] is None)
    for position, wanted in targets:
        here = wall.tiles[position]
        if here == wanted if wanted is not None else not is_bonus(here):
            fixed.add(position)
            continue
        # Take the tile from the far end of the live wall first: the positions least likely to be asked for.
        spare = [p for p in [*reversed(wall.live), *wall.kong_box, *wall.loose] if p not in fixed and p != position]
        source = next((p for p in spare if (wall.tiles[p] == wanted if wanted is not None
                                            else not is_bonus(wall.tiles[p]))), None)
        if source is None:
            raise ValueError(f"the prepared deal asks for more of {tile_name(wanted)} than the set holds"
                             if wanted is not None else "the prepared deal leaves no tile but flowers")
        wall.tiles[position], wall.tiles[source] = wall.tiles[source], wall.tiles[position]
        fixed.add(position)
