"""Settlement: the classic worked examples, the other payment schemes, and zero-sum for any scores."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.ruleset import PaymentScheme, Ruleset
from game.core.settle import Payment, settle

CLASSIC = Ruleset("classic", "Classic")


def test_settle__t_set_1_east_wins() -> None:
    """Example 1 (L1620-L1629): East wins with 80; every loser pays 160; North gains though he lost."""
    result = settle(CLASSIC, east=0, winner=0, scores=[80, 12, 48, 112])
    assert result.deltas == (480, -296, -188, 4)
    assert result.payments == (Payment(1, 0, 160), Payment(2, 0, 160), Payment(3, 0, 160), Payment(1, 2, 36),
                               Payment(1, 3, 100), Payment(2, 3, 64))


def test_settle__t_set_2_north_wins() -> None:
    """Example 2 (L1635-L1644): North wins; East pays 224 and receives double differences from the others."""
    result = settle(CLASSIC, east=0, winner=3, scores=[80, 12, 48, 112])
    assert result.deltas == (-24, -284, -140, 448)
    assert result.payments == (Payment(0, 3, 224), Payment(1, 3, 112), Payment(2, 3, 112), Payment(1, 0, 136),
                               Payment(2, 0, 64), Payment(1, 2, 36))


def test_settle__t_set_3_total_scores_box() -> None:
    """The Total Scores box (L2741-L2764): Berrie (East) wins with 96; the old scores sum to the new."""
    result = settle(CLASSIC, east=0, winner=0, scores=[96, 60, 40, 32])
    assert result.deltas == (576, -144, -204, -228)
    old = [1108, -276, 1422, 1746]
    assert [o + d for o, d in zip(old, result.deltas, strict=True)] == [1684, -420, 1218, 1518]


def test_settle__t_sco_6_east_wins_small_hand() -> None:
    """Example E (L872): East wins with 34, so every loser pays 68 to East."""
    result = settle(CLASSIC, east=0, winner=0, scores=[34, 0, 0, 0])
    assert result.payments == (Payment(1, 0, 68), Payment(2, 0, 68), Payment(3, 0, 68))


def test_settle__east_loses_to_a_loser_with_more() -> None:
    """A loser who outscores East receives double the difference from East."""
    result = settle(CLASSIC, east=2, winner=0, scores=[20, 100, 10, 0])
    assert Payment(2, 1, 180) in result.payments
    assert Payment(2, 0, 40) in result.payments


def test_settle__dead_hand_settles_nothing() -> None:
    """No winner: no payments, all deltas zero."""
    result = settle(CLASSIC, east=1, winner=None, scores=[0, 0, 0, 0])
    assert (result.deltas, result.payments) == ((0, 0, 0, 0), ())


def test_settle__limit_caps_scores_first() -> None:
    """A6: with a 500 limit, East winning 6000 receives 1000 from each player (twice the limit)."""
    ruleset = dataclasses.replace(CLASSIC, limit=500)
    result = settle(ruleset, east=0, winner=0, scores=[6000, 0, 0, 0])
    assert result.deltas == (3000, -1000, -1000, -1000)


def test_settle__winner_only_no_loser_differences() -> None:
    """``winner_only``: losers pay the winner (East double) and settle nothing among themselves."""
    ruleset = dataclasses.replace(CLASSIC, payment=PaymentScheme.WINNER_ONLY)
    result = settle(ruleset, east=0, winner=3, scores=[80, 12, 48, 112])
    assert result.deltas == (-224, -112, -112, 448)


@pytest.mark.parametrize(("winner", "discarder", "self_drawn", "deltas"), [
    (0, 1, False, (720, -720, 0, 0)),
    (2, 1, False, (0, -480, 480, 0)),
    (2, None, True, (-240, -120, 480, -120)),
], ids=["east_wins_on_discard_t09", "west_wins_on_discard_t10", "self_drawn_t08"])
def test_settle__discarder_pays(winner: int, discarder: int | None, self_drawn: bool,
                                deltas: tuple[int, ...]) -> None:
    """``discarder_pays`` (four-winds T-07..T-10): a discarder pays for everybody; self-drawn all pay."""
    ruleset = dataclasses.replace(CLASSIC, payment=PaymentScheme.DISCARDER_PAYS)
    result = settle(ruleset, east=0, winner=winner, scores=[120, 0, 120, 0], discarder=discarder,
                    self_drawn=self_drawn)
    assert result.deltas == deltas


@pytest.mark.parametrize(("self_drawn", "deltas"), [(False, (-2, -4, 8, -2)), (True, (-4, -4, 12, -4))],
                         ids=["discard", "self_drawn"])
def test_settle__hongkong_base_pay(self_drawn: bool, deltas: tuple[int, ...]) -> None:
    """``hongkong`` (four-winds §4.4): 1 point = base 4; on a discard the others pay half; no East double."""
    ruleset = dataclasses.replace(CLASSIC, payment=PaymentScheme.HONGKONG)
    result = settle(ruleset, east=0, winner=2, scores=[0, 0, 4, 0], discarder=None if self_drawn else 1,
                    self_drawn=self_drawn)
    assert result.deltas == deltas


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"east": 4, "winner": 0, "scores": [1, 2, 3, 4]}, "expected 'east' to be a seat 0 to 3"),
    ({"east": 0, "winner": 5, "scores": [1, 2, 3, 4]}, "expected 'winner' to be a seat 0 to 3"),
    ({"east": 0, "winner": 0, "scores": [1, 2, 3]}, "expected four hand scores"),
    ({"east": 0, "winner": 0, "scores": [1, -2, 3, 4]}, "expected four hand scores"),
    ({"east": 0, "winner": 1, "scores": [1, 2, 3, 4], "discarder": 1}, "the discarder cannot be the winner"),
], ids=["east", "winner", "three_scores", "negative", "discarder_is_winner"])
def test_settle__bad_input(kwargs: dict, message: str) -> None:
    """Seats and scores out of range are refused with a message saying what was expected."""
    with pytest.raises(ValueError, match=message):
        settle(CLASSIC, **kwargs)


@given(east=st.integers(0, 3), winner=st.one_of(st.none(), st.integers(0, 3)),
       scores=st.lists(st.integers(0, 100_000), min_size=4, max_size=4),
       scheme=st.sampled_from(list(PaymentScheme)), discarder=st.integers(0, 3), self_drawn=st.booleans(),
       limit=st.one_of(st.none(), st.integers(1, 5000)))
def test_settle__always_sums_to_zero(east: int, winner: int | None, scores: list[int], scheme: PaymentScheme,
                                     discarder: int, self_drawn: bool, limit: int | None) -> None:
    """Whatever the scores and scheme, the deltas sum to zero and the winner never pays."""
    ruleset = dataclasses.replace(CLASSIC, payment=scheme, limit=limit)
    result = settle(ruleset, east, winner, scores, None if discarder == winner else discarder, self_drawn)
    assert sum(result.deltas) == 0
    assert all(p.amount > 0 for p in result.payments)
    if winner is not None:
        assert all(p.from_seat != winner for p in result.payments)
        assert result.deltas[winner] >= 0
