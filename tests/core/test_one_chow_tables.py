"""A suit's cost table with its one chow (British hands: one chow at most) is built from the ways to place the chow,
each rest looked up by how many kinds it holds once, twice, three and four times: the very table of placing the
chow at each start in turn and costing each rest afresh."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import analysis
from tests.tiers import examples

_INF = 1000


def _plainly(suit: tuple[int, ...]) -> tuple[int, ...]:
    table = [_INF] * 10
    for start in range(7):
        held = [x for x in (start, start + 1, start + 2) if suit[x]]
        if not held:
            continue
        rest = list(suit)
        for x in held:
            rest[x] -= 1
        after = analysis._tables[analysis._suit_id(tuple(rest), analysis._NO_CHOWS)]
        for i in range(8):
            if after[i] < _INF:
                table[i + 2] = min(table[i + 2], 3 - len(held) + after[i])
    return tuple(table)


@settings(max_examples=examples(500), deadline=None)
@given(suit=st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda s: sum(s) <= 15).map(tuple))
def test_one_chow_table__is_the_chow_placed_at_each_start_and_the_rest_costed_afresh(suit):
    assert analysis._tables[analysis._one_chow_id(suit)] == _plainly(suit)


def test_one_chow_table__suits_whose_chows_leave_the_same_rests_share_one_table():
    # 1-2-3 and 7-8-9 with a pair: the chow takes either run, the rest is a run and a pair alike.
    assert analysis._one_chow_id((1, 1, 1, 0, 2, 0, 0, 0, 0)) == analysis._one_chow_id((0, 0, 0, 0, 2, 0, 1, 1, 1))
