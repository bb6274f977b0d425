"""A finished hand as the scores box shows it: who won how, the scores, the payments, the totals before and after."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core import events as ev


@dataclass
class HandOutcome:
    """A finished hand: values only; the client words it (``game.client.messages.outcome_line``)."""

    winner: int | None
    winning_tile: int | None
    won_by: str | None
    from_seat: int | None
    old_totals: list[int]
    new_totals: list[int]
    scores: list[int]
    results: list[Any]
    """One ScoreResult per seat (None when the judge cannot score)."""
    payments: list[tuple[int, int, int]]
    dead: bool
    hand: Any
    """The table's :class:`~game.core.table.HandResult`: cannons, liabilities and penalties, for the words."""
    game_over: bool = False
    events: list[ev.Event] = field(default_factory=list)
    settled: bool = True
    """False when all hands were visible: scored, but no points moved (M13)."""
    faulty_out: int | None = None
    """Who declared a Mah Jongg that was not one (the hand then ends with nobody winning), or None."""
    practice: bool = False
    """A deal played again (Replay this deal): scored, not counted in the game."""

    def get_from(self, receiver: int, payer: int) -> int:
        """What ``receiver`` gets from ``payer`` (negative: pays), the Total Scores box's cells."""
        total = 0
        for source, target, amount in self.payments:
            if source == payer and target == receiver:
                total += amount
            elif source == receiver and target == payer:
                total -= amount
        return total
