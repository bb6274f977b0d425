"""What one seat may see: the only input a computer player gets, so it cannot cheat by accident."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.melds import Meld
from game.core.tiles import NUM_KINDS, Tile


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

    @property
    def me(self) -> OpponentView:
        return self.players[self.seat]

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


def view_of(table, seat: int) -> PlayerView:
    """Build the view of ``seat`` from a :class:`game.core.table.Table`."""
    players = tuple(
        OpponentView(s, table.seat_wind(s), tuple(p.melds), tuple(p.bonus), tuple(p.discards), len(p.concealed),
                     p.locked, p.ready)
        for s, p in enumerate(table.players)
    )
    drawn = table._drawn if table.phase == "turn" and table.current == seat else None
    return PlayerView(seat, table.seat_wind(seat), table.round_wind, table.east, table.phase, table.current,
                      tuple(table.players[seat].concealed), drawn, players, table.last_discard,
                      table.wall.live_count, table.discard_count)
