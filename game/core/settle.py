"""Payments at the end of a hand: who pays whom, from the four hand scores.

The classic scheme (``east_double_losers_settle``, seed L1604–L1644):

* every loser pays the winner the winner's score; East pays, or receives, double;
* every two losers settle the difference of their scores, the lower paying the higher; double if East is one
  of them (the second worked example shows East also *receives* double);
* a hand without a winner (dead hand) settles nothing.

Scores above the ruleset's limit are capped first (A6: the limit caps a hand score; East's double comes from
the payment, so East receives up to twice the limit from each player). Deltas always sum to zero.

>>> from game.core.ruleset import Ruleset
>>> settle(Ruleset("classic", "Classic"), east=0, winner=0, scores=[80, 12, 48, 112]).deltas
(480, -296, -188, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core.ruleset import Ruleset


@dataclass(frozen=True)
class Payment:
    """One payment from a seat to a seat (seats 0–3 in playing order)."""

    from_seat: int
    to_seat: int
    amount: int

    def to_dict(self) -> dict[str, int]:
        return {"from": self.from_seat, "to": self.to_seat, "amount": self.amount}


@dataclass(frozen=True)
class Settlement:
    """The net change of every seat's total (summing to zero) and the payments that make it up."""

    deltas: tuple[int, int, int, int]
    payments: tuple[Payment, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"deltas": list(self.deltas), "payments": [p.to_dict() for p in self.payments]}


def _seat(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise ValueError(f"expected {what} to be a seat 0 to 3, got {value!r}")
    return value


def settle(ruleset: Ruleset, east: int, winner: int | None, scores: Sequence[int], discarder: int | None = None,
           self_drawn: bool = False) -> Settlement:
    """Settle one hand under ``ruleset.payment``; raise ``ValueError`` for seats or scores out of range."""
    from game.core.ruleset import PaymentScheme

    east = _seat(east, "'east'")
    if len(scores) != 4 or any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in scores):
        raise ValueError(f"expected four hand scores that are whole numbers of 0 or more, got {list(scores)!r}")
    if winner is None:
        return Settlement((0, 0, 0, 0), ())
    winner = _seat(winner, "'winner'")
    if discarder is not None:
        discarder = _seat(discarder, "'discarder'")
        if discarder == winner:
            raise ValueError(f"the discarder cannot be the winner (seat {winner})")
    scheme = ruleset.payment
    limit = ruleset.limit
    if limit is not None and scheme is not PaymentScheme.HONGKONG:
        scores = [min(s, limit) for s in scores]
    losers = [seat for seat in range(4) if seat != winner]
    payments: list[Payment] = []

    def pay(a: int, b: int, amount: int) -> None:
        if amount > 0:
            payments.append(Payment(a, b, amount))

    win = scores[winner]
    if scheme is PaymentScheme.HONGKONG:
        for seat in losers:
            share = win if self_drawn or seat == discarder or discarder is None else win // 2
            pay(seat, winner, share)
    elif scheme is PaymentScheme.DISCARDER_PAYS and not self_drawn and discarder is not None:
        total = sum(win * (2 if east in (seat, winner) else 1) for seat in losers)
        pay(discarder, winner, total)
    else:
        for seat in losers:
            pay(seat, winner, win * (2 if east in (seat, winner) else 1))
        if scheme is PaymentScheme.EAST_DOUBLE_LOSERS_SETTLE:
            for i, a in enumerate(losers):
                for b in losers[i + 1:]:
                    factor = 2 if east in (a, b) else 1
                    diff = scores[a] - scores[b]
                    if diff > 0:
                        pay(b, a, diff * factor)
                    elif diff < 0:
                        pay(a, b, -diff * factor)
    deltas = [0, 0, 0, 0]
    for p in payments:
        deltas[p.from_seat] -= p.amount
        deltas[p.to_seat] += p.amount
    return Settlement((deltas[0], deltas[1], deltas[2], deltas[3]), tuple(payments))
