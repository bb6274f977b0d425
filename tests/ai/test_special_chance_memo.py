"""A special hand's completion chance (Western (Special Hands Only) weighs some twelve thousand in forty hands)
remembers its binomial tails: the same numbers, to the last bit, as working each out afresh."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.specials import _at_least
from tests.tiers import examples


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(1, 10), st.integers(0, 40), st.floats(0.0, 0.95))
def test_at_least__a_remembered_binomial_tail_is_the_one_worked_out(k, n, p):
    """Asked twice (the second answer from memory), the tail is the one worked out afresh."""
    assert _at_least(k, n, p) == _at_least(k, n, p) == _at_least.__wrapped__(k, n, p)
