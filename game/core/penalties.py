"""Payments that do not come from the hand scores: Four Winds' penalties and the payments after a draw.

Each function returns a :class:`~game.core.settle.Settlement` (deltas summing to zero) under the ruleset's
``penalties``; :func:`game.core.settle.combine` adds one to the hand's own settlement. Penalties are never
doubled for East (L403) and are paid after the limit (L333, L1725).

>>> from game.core.ruleset import Penalties, Ruleset
>>> rs = Ruleset("european", "European", limit=500, penalties=Penalties(faulty_out=True))
>>> faulty_out(rs, east=0, offender=2).deltas
(500, 250, -1000, 250)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from game.core.ruleset import Ruleset
from game.core.settle import Payment, Settlement, _seat, _settlement, combine, settle
from game.i18n import L_


def faulty_out(ruleset: Ruleset, east: int, offender: int) -> Settlement:
    """A faulty declaration of going out (L230, L1817): a non-dealer pays the limit to East and
    ``faulty_out_others`` × the limit to each other player; East pays the limit to each (Hong Kong: the limit
    to each player, 384 in all, L697). Nothing when the penalty is off or the ruleset has no limit."""
    east, offender = _seat(east, "'east'", ruleset), _seat(offender, "'offender'", ruleset)
    limit = ruleset.limit
    if not ruleset.penalties.faulty_out or not limit:
        return Settlement((0, 0, 0, 0), ())
    others = int(limit * ruleset.penalties.faulty_out_others)
    payments = [Payment(offender, seat, limit if east in (seat, offender) else others)
                for seat in ruleset.play.seats if seat != offender]
    return _settlement([p for p in payments if p.amount > 0])


def faulty_claims(ruleset: Ruleset, winner: int | None, claims: Sequence[int]) -> Settlement:
    """The faulty-claim penalty (L407, L1821): each seat pays the winner ``faulty_claim`` per faulty or
    cancelled claim (``claims[seat]``). Nothing on a draw or a faulty out (``winner`` None, A41), and the winner's
    own claims are refunded."""
    amount = ruleset.penalties.faulty_claim
    if len(claims) != 4 or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in claims):
        raise ValueError(L_("expected four counts of faulty claims, got {counts}", counts=repr(list(claims))))
    if not amount or winner is None:
        return Settlement((0, 0, 0, 0), ())
    winner = _seat(winner, "'winner'")
    return _settlement([Payment(seat, winner, amount * n) for seat, n in enumerate(claims) if seat != winner and n])


def riichi_deposits(ruleset: Ruleset, winner: int | None, declared: Collection[int]) -> Settlement:
    """The Riichi deposits (L408, L516): every loser who declared pays ``riichi_deposit`` to the winner, who
    gets their own back; on a draw every deposit is returned (A28)."""
    amount = ruleset.penalties.riichi_deposit
    seats = {_seat(seat, "a ready seat") for seat in declared}
    if not amount or winner is None:
        return Settlement((0, 0, 0, 0), ())
    winner = _seat(winner, "'winner'")
    return _settlement([Payment(seat, winner, amount) for seat in sorted(seats) if seat != winner])


def ready_after_draw(ruleset: Ruleset, ready: Collection[int]) -> Settlement:
    """Paying for ready hands after a draw (L412-L417, L1767): the non-ready players pay ``ready_after_draw``
    in all, each an equal share, split equally among the ready players (1 ready: 600 from 200 each; 2: 150 to
    each; 3: 600 from the one). Nothing with nobody or everybody ready."""
    pool = ruleset.penalties.ready_after_draw
    ready_seats = sorted({_seat(seat, "a ready seat") for seat in ready})
    others = [seat for seat in ruleset.play.seats if seat not in ready_seats]
    if not pool or not ready_seats or not others:
        return Settlement((0, 0, 0, 0), ())
    share = pool // len(others) // len(ready_seats)
    return _settlement([Payment(a, b, share) for a in others for b in ready_seats])


def settle_hand(ruleset: Ruleset, east: int, winner: int | None, scores: Sequence[int],
                discarder: int | None = None, self_drawn: bool = False, *, liable: int | None = None,
                dealer_wins: int = 0, faulty_out_by: int | None = None, faulty_claim_counts: Sequence[int] = (0,) * 4,
                riichi: Collection[int] = (), ready: Collection[int] = (), five_last_tiles_by: int | None = None,
                nine_tiles_by: int | None = None, special_hand: str | None = None,
                cannon_by: int | None = None) -> Settlement:
    """Everything paid at the end of a hand: the hand scores (:func:`game.core.settle.settle`), then a faulty
    declaration of going out, faulty claims, Riichi deposits, and the ready hands after a draw.

    ``five_last_tiles_by`` / ``nine_tiles_by``: the seat that made the five last tiles error or the nine tiles
    error (L1825-L1833); it pays the winner for all the losers when the ruleset has that penalty on and nobody
    else is already named ``liable``. ``special_hand``: the winner's special hand, for one worth more than the
    limit (see :func:`game.core.settle.settle`). ``cannon_by``: the seat that let off a cannon (British L77-L89):
    with the ruleset's cannon penalty it pays the winner for all the losers, who settle nothing among
    themselves."""
    if faulty_out_by is not None and winner is not None:
        raise ValueError(L_("a hand that ends in a faulty declaration has no winner, got winner {seat}", seat=winner))
    cannon = bool(ruleset.penalties.cannon) and cannon_by is not None and cannon_by != winner and winner is not None
    if cannon and liable is None:
        liable = cannon_by
    if liable is None and winner is not None:
        if ruleset.penalties.nine_tiles and nine_tiles_by is not None and nine_tiles_by != winner:
            liable = nine_tiles_by
        elif ruleset.penalties.five_last_tiles and five_last_tiles_by is not None and five_last_tiles_by != winner:
            liable = five_last_tiles_by
    parts = [settle(ruleset, east, winner, scores, discarder, self_drawn, liable=liable, dealer_wins=dealer_wins,
                    special_hand=special_hand, losers_settle=not cannon)]
    if faulty_out_by is not None:
        parts.append(faulty_out(ruleset, east, faulty_out_by))
    parts.append(faulty_claims(ruleset, winner, faulty_claim_counts))
    parts.append(riichi_deposits(ruleset, winner, riichi))
    if winner is None and faulty_out_by is None:
        parts.append(ready_after_draw(ruleset, ready))
    return combine(*parts)
