"""What one seat may see: the only input a computer player gets, so it cannot cheat by accident."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.core.frozen import quick_init
from game.core.melds import Meld
from game.core.tiles import NUM_KINDS, Tile


@quick_init
@dataclass(frozen=True)
class OpponentView:
    """What everybody can see of a player."""

    seat: int
    seat_wind: int
    melds: tuple[Meld, ...]
    bonus: tuple[Tile, ...]
    discards: tuple[Tile, ...]
    concealed_count: int
    standing: bool
    """The hand is locked (a standing hand or riichi)."""
    ready: bool = False
    """A ready hand was declared."""


@quick_init
@dataclass(frozen=True)
class PlayerView:
    """The table as seen from ``seat``."""

    seat: int
    seat_wind: int
    round_wind: int
    east: int
    phase: str
    current: int
    concealed: tuple[Tile, ...]
    drawn: Tile | None
    """The tile just drawn on this seat's own turn (None after a claim or on others' turns)."""
    players: tuple[OpponentView, ...]
    """All four seats, this one included, by seat number."""
    last_discard: tuple[int, Tile] | None
    tiles_left: int
    discard_count: int
    discard_order: tuple[tuple[int, Tile], ...] = ()
    """Every discard of the hand so far, in order, as (seat, tile), claimed ones included: everybody saw them."""
    goulash: bool = False
    """This hand is a goulash (the British hand after a wash-out): the ruleset's goulash rules apply, such as its
    wild tiles and no chows."""
    empty_seat: int | None = None
    """The empty chair of a three-handed game (its entry in ``players`` has nothing), or None."""

    @property
    def me(self) -> OpponentView:
        return self.players[self.seat]

    @cached_property
    def passed(self) -> tuple[frozenset[Tile], ...]:
        """Per seat, the tiles the others have discarded since its own last discard. Its hand has not changed
        since, and a player who could go out on one of them would have claimed it: none of them completes it."""
        found: list[set[Tile]] = [set(), set(), set(), set()]
        still_open = [True] * 4
        for seat, tile in reversed(self.discard_order):
            still_open[seat] = False
            for other in range(4):
                if still_open[other] and other != seat:
                    found[other].add(tile)
            if not any(still_open):
                break
        return tuple(frozenset(f) for f in found)

    def visible_counts(self) -> list[int]:
        """How many of each tile kind this seat can see: its own hand, every meld and every discard."""
        counts = [0] * NUM_KINDS
        for t in self.concealed:
            if t < NUM_KINDS:
                counts[t] += 1
        for p in self.players:
            for m in p.melds:
                for t in m.tiles:
                    if t < NUM_KINDS:
                        counts[t] += 1
            for t in p.discards:
                if t < NUM_KINDS:
                    counts[t] += 1
        return counts

    def unseen_counts(self) -> list[int]:
        """How many of each tile kind this seat cannot see (in the wall and the other hands)."""
        return unseen(self.visible_counts())


def unseen(visible: Sequence[int]) -> list[int]:
    """The copies of each tile kind not among ``visible`` (a seat's :meth:`PlayerView.visible_counts`)."""
    return [4 - n if n < 4 else 0 for n in visible[:NUM_KINDS]]  # (no call per kind: every decision asks)


def view_of(table: Any, seat: int) -> PlayerView:
    """Build the view of ``seat`` from a :class:`game.core.table.Table` (not named in the type: that module
    imports this one)."""
    # A seat's public side changes seldom, so its last view is kept on the table and given again while it is
    # equal (views are immutable); building four frozen dataclasses for every decision was a visible cost.
    cache: dict[int, tuple[tuple, OpponentView]] = table._opponent_views
    players = []
    for s, p in enumerate(table.players):
        melds, bonus, discards = tuple(p.melds), tuple(p.bonus), tuple(p.discards)
        key = (melds, bonus, discards, len(p.concealed), p.locked, p.ready)
        kept = cache.get(s)
        if kept is None or kept[0] != key:
            kept = cache[s] = (key, OpponentView(s, table.seat_wind(s), melds, bonus, discards, len(p.concealed),
                                                 p.locked, p.ready))
        players.append(kept[1])
    drawn = table._drawn if table.phase == "turn" and table.current == seat else None
    return PlayerView(seat, table.seat_wind(seat), table.round_wind, table.east, table.phase, table.current,
                      tuple(table.players[seat].concealed), drawn, tuple(players), table.last_discard,
                      table.wall.live_count, table.discard_count, tuple(table.discard_order), table.goulash,
                      table.empty_seat)
