"""The danger of a one-suit hand (seed 002 L498-L499, seed 003 L244-L246): a player who shows three sets of one suit
announces it ("Danger!"), the table warns you, and the warning stays marked by the player's name for the rest of the
hand.

Every set counts here, chows too, so the warning comes no later than the Nine Dragons (and Four Winds nine tiles)
penalty can: that penalty makes the discarder pay for everyone only for a suit tile fed to a player already showing
three sets of its suit (``Table._note_one_suit_feeder``), that is only after this warning.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from game.core import events as ev
from game.core.frozen import quick_init
from game.core.tiles import is_suit, suit_of


@quick_init  # as every event class has (tests/core/test_frozen.py)
@dataclass(frozen=True)
class DangerCalled(ev.Event):
    """``seat`` has just shown its third set of ``suit``: a client event, animated like the engine's (its balloon
    and voice come in turn) but never in a hand's log."""

    kind: ClassVar[str] = "danger_called"
    seat: int
    suit: int


def danger_suit(player: Any) -> int | None:
    """The suit ``player`` shows three exposed sets of, or None."""
    counts = Counter(suit_of(m.tile) for m in player.melds if m.exposed and is_suit(m.tile))
    return next((suit for suit, count in counts.items() if count >= 3), None)


class DangerWatch:
    """Finds the moment each player first shows three sets of one suit, once per hand."""

    def __init__(self) -> None:
        self._table: Any = None
        self._called: set[tuple[int, int]] = set()

    def _showing(self, table: Any) -> set[tuple[int, int]]:
        found = ((seat, danger_suit(p)) for seat, p in enumerate(table.players))
        return {(seat, suit) for seat, suit in found if suit is not None}

    def new_calls(self, table: Any) -> list[DangerCalled]:
        """The dangers ``table`` shows that were not there when last asked. A table seen for the first time
        (a new hand, an opened game) only sets the start: what it already shows was announced before."""
        if table is None:
            return []
        showing = self._showing(table)
        if table is not self._table:
            self._table, self._called = table, showing
            return []
        calls = [DangerCalled(seat, suit) for seat, suit in sorted(showing - self._called)]
        self._called |= showing
        return calls
