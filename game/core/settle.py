"""Payments at the end of a hand: who pays whom, from the four hand scores.

The classic scheme (``east_double_losers_settle``, seed L1604–L1644):

* every loser pays the winner the winner's score; East pays, or receives, double;
* every two losers settle the difference of their scores, the lower paying the higher; double if East is one
  of them (the second worked example shows East also *receives* double);
* a hand without a winner (dead hand) settles nothing.

Scores above the ruleset's limit are capped first (A6: the limit caps a hand score; East's double comes from
the payment, so East receives up to twice the limit from each player). A winning special hand valued at more than
one limit (``limit: 2`` in the ruleset: British and Western double-limit hands) is capped at its own value
instead, so a double limit is paid in full. Deltas always sum to zero.

>>> from game.core.ruleset import Ruleset
>>> settle(Ruleset("classic", "Classic"), east=0, winner=0, scores=[80, 12, 48, 112]).deltas
(480, -296, -188, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.core.frozen import quick_init
from game.core.ruleset import PaymentScheme, Ruleset
from game.i18n import L_


@quick_init
@dataclass(frozen=True)
class Payment:
    """One payment from a seat to a seat (seats 0–3 in playing order)."""

    from_seat: int
    to_seat: int
    amount: int

    def to_dict(self) -> dict[str, int]:
        return {"from": self.from_seat, "to": self.to_seat, "amount": self.amount}


@quick_init
@dataclass(frozen=True)
class Settlement:
    """The net change of every seat's total (summing to zero) and the payments that make it up."""

    deltas: tuple[int, int, int, int]
    payments: tuple[Payment, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"deltas": list(self.deltas), "payments": [p.to_dict() for p in self.payments]}


def _seat(value: object, what: str, ruleset: Ruleset | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise ValueError(L_("expected {what} to be a seat 0 to 3, got {value}", what=what, value=repr(value)))
    if ruleset is not None and value == ruleset.play.empty_seat:
        raise ValueError(L_("expected {what} to be a seat that plays, got {value}: seat {value} is empty in the "
                            "three-handed game of ruleset {ruleset}", what=what, value=repr(value),
                            ruleset=repr(ruleset.id)))
    return value


def settle(ruleset: Ruleset, east: int, winner: int | None, scores: Sequence[int], discarder: int | None = None,
           self_drawn: bool = False, *, liable: int | None = None, dealer_wins: int = 0,
           special_hand: str | None = None, losers_settle: bool = True) -> Settlement:
    """Settle one hand under ``ruleset.payment``; raise ``ValueError`` for seats or scores out of range.

    ``liable``: a seat that pays the winner for all the losers (Four Winds' five-last-tiles and nine-tiles
    errors, L1825-L1833); the losers still settle among themselves where they do (A30). ``dealer_wins``: how many
    hands in a row East has now won, for the dealer's extra-hand bonus (see :func:`dealer_bonus`).
    ``special_hand``: the id (or name) of the special hand the winner scored, whose value in limits caps the
    winner's score when it is above one limit. ``losers_settle`` False: the losers settle nothing among
    themselves this hand even where they usually do (British letting off a cannon, L87).
    """
    east = _seat(east, "'east'", ruleset)
    if len(scores) != 4 or any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in scores):
        raise ValueError(L_("expected four hand scores that are whole numbers of 0 or more, got {scores}",
                            scores=repr(list(scores))))
    empty = ruleset.play.empty_seat
    if empty is not None and scores[empty]:
        raise ValueError(L_("expected a score of 0 for seat {seat}, empty in the three-handed game of ruleset "
                            "{ruleset}, got {score}", seat=empty, ruleset=repr(ruleset.id), score=repr(scores[empty])))
    if winner is None:
        return Settlement((0, 0, 0, 0), ())
    winner = _seat(winner, "'winner'", ruleset)
    if discarder is not None:
        discarder = _seat(discarder, "'discarder'", ruleset)
        if discarder == winner:
            raise ValueError(L_("the discarder cannot be the winner (seat {seat})", seat=winner))
    if liable is not None:
        liable = _seat(liable, "'liable'", ruleset)
        if liable == winner:
            raise ValueError(L_("the seat paying for all cannot be the winner (seat {seat})", seat=winner))
    scheme = ruleset.payment
    limit = ruleset.limit
    scores = list(scores)
    if limit is not None and scheme is not PaymentScheme.HONGKONG:
        caps = [limit] * 4
        caps[winner] = max(limit, int(limit * _limits_of(ruleset, special_hand)))
        scores = [min(s, cap) for s, cap in zip(scores, caps, strict=True)]
    bonus = dealer_bonus(ruleset, east, winner, dealer_wins)
    if bonus is None and limit is not None:
        scores[winner] = limit  # A7: the dealer's last extra hand pays the limit
    losers = [seat for seat in ruleset.play.seats if seat != winner]
    payments: list[Payment] = []

    def pay(a: int, b: int, amount: int) -> None:
        if amount > 0:
            payments.append(Payment(a, b, amount))

    win = scores[winner]
    if scheme is PaymentScheme.HONGKONG:
        owed = {seat: win if self_drawn or seat == discarder or discarder is None else win // 2 for seat in losers}
        if ruleset.discarder_pays_all and not self_drawn and discarder is not None and liable is None:
            liable = discarder
    else:
        owed = {seat: win * (2 if east in (seat, winner) else 1) for seat in losers}
        if scheme is PaymentScheme.DISCARDER_PAYS and not self_drawn and discarder is not None and liable is None:
            liable = discarder
    if liable is not None:
        pay(liable, winner, sum(owed.values()))
    else:
        for seat in losers:
            pay(seat, winner, owed[seat])
    if scheme is PaymentScheme.EAST_DOUBLE_LOSERS_SETTLE and losers_settle:
        for i, a in enumerate(losers):
            for b in losers[i + 1:]:
                factor = 2 if east in (a, b) else 1
                diff = scores[a] - scores[b]
                if diff > 0:
                    pay(b, a, diff * factor)
                elif diff < 0:
                    pay(a, b, -diff * factor)
    for seat in losers:
        pay(seat, winner, bonus or 0)
    return _settlement(payments)


def _limits_of(ruleset: Ruleset, special_hand: str | None) -> float:
    """How many limits the named special hand is worth (1 for none, or for a hand valued in points)."""
    if special_hand is None:
        return 1
    for hand in ruleset.special_hands:
        if special_hand in (hand.id, hand.name, *hand.aliases):
            return hand.limit if hand.limit is not None else 1
    raise ValueError(L_("expected the id or name of a special hand of ruleset {ruleset}, got {value}",
                        ruleset=repr(ruleset.id), value=repr(special_hand)))


def dealer_bonus(ruleset: Ruleset, east: int, winner: int | None, dealer_wins: int) -> int | None:
    """What each loser pays East for East's ``dealer_wins``-th win in a row (Four Winds L419, A6): the step
    times ``dealer_wins`` - 1, paid after the limit. None on the win that pays the limit instead (A7)."""
    step = ruleset.penalties.dealer_bonus
    if not step or winner != east or dealer_wins < 2:
        return 0
    if ruleset.penalties.dealer_limit_win and dealer_wins >= ruleset.penalties.dealer_limit_win:
        return None
    return step * (dealer_wins - 1)


def _settlement(payments: Sequence[Payment]) -> Settlement:
    deltas = [0, 0, 0, 0]
    for p in payments:
        deltas[p.from_seat] -= p.amount
        deltas[p.to_seat] += p.amount
    return Settlement((deltas[0], deltas[1], deltas[2], deltas[3]), tuple(payments))


def combine(*parts: Settlement) -> Settlement:
    """One settlement of several: the hand's payments, then penalties."""
    return _settlement([p for part in parts for p in part.payments])
