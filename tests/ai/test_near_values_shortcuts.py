"""Under a minimum of doubles a pair or a lone tile counts toward a pung's worth only while the copies it lacks are
out of sight (:meth:`game.ai.evaluate.ValueModel.live_terms`): worked out by patching only the kinds short of
copies, the very terms of checking every kind; a hand's value read with the caller's unseen copies is the value
read from the view; and the value of the hand less a discard (:meth:`~game.ai.evaluate.NearValues.without`) is the
value of the hand changed in that kind."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.evaluate import NearValues, ValueModel
from game.core.tiles import NUM_KINDS, counts_of, tile_code
from game.mods import get_ruleset
from tests.builders import view
from tests.tiers import examples

_BRITISH = ValueModel.build(get_ruleset("british"), 1, 0)
_WALL = [t for t in range(NUM_KINDS) for _ in range(4)]


@settings(max_examples=examples(300), deadline=None)
@given(live=st.lists(st.sampled_from([0, 1, 2, 3, 4, 4, 4]), min_size=NUM_KINDS, max_size=NUM_KINDS))
def test_live_terms__a_pair_needs_a_copy_out_of_sight_and_a_lone_tile_two(live):
    terms = _BRITISH._terms
    pair = tuple(w if live[t] >= 1 else 0.0 for t, w in enumerate(terms[2]))
    single = tuple(w if live[t] >= 2 else 0.0 for t, w in enumerate(terms[1]))
    assert _BRITISH.live_terms(live) == (terms[0], single, pair, *terms[3:])


@settings(max_examples=examples(200), deadline=None)
@given(picks=st.permutations(range(len(_WALL))), shown=st.integers(0, 70))
def test_near_values__the_unseen_copies_given_value_the_hand_as_the_view_does(picks, shown):
    tiles = [_WALL[i] for i in picks]
    hand = sorted(tiles[:14])
    seen = view(" ".join(tile_code(t) for t in hand),
                opponents={1: {"discards": " ".join(tile_code(t) for t in tiles[14:14 + shown])}})
    counts = counts_of(hand)
    given_unseen = NearValues(_BRITISH, counts, seen, seen.unseen_counts())
    read = NearValues(_BRITISH, counts, seen)
    assert given_unseen.value == read.value
    after = list(counts)
    after[hand[0]] -= 1
    assert given_unseen.of(after, (hand[0],)) == read.of(after, (hand[0],))


@settings(max_examples=examples(300), deadline=None)
@given(picks=st.permutations(range(len(_WALL))), shown=st.integers(0, 70), ruleset=st.sampled_from(
    ["british", "classic", "western"]), data=st.data())
def test_near_values__the_hand_less_a_discard_is_valued_as_the_hand_changed_in_that_kind(
        picks, shown, ruleset, data):
    tiles = [_WALL[i] for i in picks]
    hand = sorted(tiles[:14])
    seen = view(" ".join(tile_code(t) for t in hand),
                opponents={1: {"discards": " ".join(tile_code(t) for t in tiles[14:14 + shown])}})
    near = NearValues(ValueModel.build(get_ruleset(ruleset), data.draw(st.integers(0, 3)), 0), counts_of(hand), seen)
    for tile in sorted(set(hand)):
        after = counts_of(hand)
        after[tile] -= 1
        assert near.without(tile) == near.of(after, (tile,)) == near.of(after)
