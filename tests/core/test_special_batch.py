"""The shortcuts of weighing every special hand at once (Western (Special Hands Only)), and of the waits of a hand
with jokers: each answers as the plain way does, so no computer player's move and no table changes."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import scoring
from game.core.judge import HandSpec, WinContext, waits_by_trial
from game.core.melds import Meld, MeldKind
from game.core.patterns import Env
from game.core.scoring import RulesetJudge
from game.core.special_count import Batch, _the_one_less
from game.core.special_distance import (
    UNREACHABLE,
    _beyond,
    _pattern_data,
    _Search,
    batch_of,
    out_of_reach,
    pattern_target,
    prepare,
    special_target,
)
from game.core.tiles import JOKER, NUM_KINDS, counts_of, parse_tiles
from game.mods import get_ruleset
from tests.builders import bundled_rulesets, bundled_special_forms
from tests.tiers import examples

FORMS = bundled_special_forms()
SPECIALS = {ruleset_id: [h for h in ruleset.special_hands if h.allowed and h.has_shape]
            for ruleset_id, ruleset in bundled_rulesets().items()}
"""Each bundled ruleset's special hands with a shape (some read the seat and round winds)."""


@st.composite
def _concealed(draw: st.DrawFn) -> tuple[list[int], int, Env]:
    """A concealed hand of 13 or 14 tiles (jokers among them) drawn from few kinds or many; any seat and round."""
    kinds = draw(st.lists(st.integers(0, NUM_KINDS - 1), min_size=4, max_size=NUM_KINDS, unique=True))
    jokers = draw(st.integers(0, 2))
    pool = [t for t in kinds for _ in range(4)]
    size = 14 - jokers - draw(st.integers(0, 1))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=min(size, len(pool)),
                          max_size=min(size, len(pool)), unique=True))
    counts = [0] * NUM_KINDS
    for i in picks:
        counts[pool[i]] += 1
    return counts, jokers, Env(draw(st.integers(0, 3)), draw(st.integers(0, 3)))


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(sorted(SPECIALS)), st.lists(_concealed(), min_size=1, max_size=3),
       st.sampled_from((2, 4, 7, UNREACHABLE)))
def test_batch__every_special_hand_answers_as_counted_alone(ruleset_id, hands, cutoff):
    """A ruleset's special hands' counts worked out at once give each form the distance and instantiation its own
    count gives, hand after hand (the batch remembers the last hand), at any seat and round."""
    batch = batch_of(SPECIALS[ruleset_id])
    for counts, jokers, env in hands:
        for hand in SPECIALS[ruleset_id]:
            for form in hand.forms:
                alone = pattern_target(form, counts, (), env, budget=120, cutoff=cutoff, jokers=jokers, search=False)
                assert pattern_target(form, counts, (), env, budget=120, cutoff=cutoff, jokers=jokers, search=False,
                                      batch=batch) == alone, hand.id


@settings(max_examples=examples(60), deadline=None)
@given(_concealed())
def test_bound__never_past_the_exhaustive_searchs_least_distance(position):
    """The bound that answers a hand out of reach without a count or a walk: every bundled form it applies to
    is past a cutoff by it only where the exhaustive search finds nothing within that cutoff."""
    counts, jokers, env = position
    for form, name in FORMS:
        data = _pattern_data(form)
        if data.caps is None:
            continue
        search = _Search(form, counts, (), env, 10**7, UNREACHABLE - 1, jokers)
        search.run()
        least = search.best if search.best_need else UNREACHABLE
        assert not _beyond(data, counts, jokers, min(least, UNREACHABLE - 1)), name


def _near_special_hands(ruleset_id: str, seed: int, count: int) -> list[tuple[int, ...]]:
    """Concealed hands of 13 tiles one tile short of an instantiation of one of the ruleset's special hands,
    another tile perhaps swapped, one to three of them jokers."""
    ruleset = get_ruleset(ruleset_id)
    prepare(ruleset.special_hands)
    wanted = sorted({need for hand in ruleset.special_hands for form in hand.forms
                     if (listed := _pattern_data(form).counter.listed.get((0, 0))) is not None
                     for need in _needs(listed.exact)})
    rng = random.Random(seed)
    hands: list[tuple[int, ...]] = []
    while len(hands) < count:
        tiles = [t for t, n in enumerate(rng.choice(wanted)) for _ in range(n)]
        del tiles[rng.randrange(len(tiles))]
        swapped = rng.random() < 0.5
        places = rng.sample(range(len(tiles)), swapped + rng.choice((1, 1, 2, 3)))
        for k, i in enumerate(places):
            tiles[i] = rng.randrange(NUM_KINDS) if swapped and k == 0 else JOKER
        if max(counts_of([t for t in tiles if t != JOKER])) <= 4:
            hands.append(tuple(sorted(tiles)))
    return hands


def _needs(leaves) -> list[tuple[int, ...]]:
    raw = leaves.needs.to_bytes(leaves.count * NUM_KINDS, "little")
    return [tuple(raw[i * NUM_KINDS:(i + 1) * NUM_KINDS]) for i in range(leaves.count)]


@pytest.mark.parametrize("ruleset_id", ["western", "western-specials"])
def test_joker_waits__the_same_as_trying_every_form_that_lets_the_tile_through(ruleset_id, monkeypatch):
    """The waits of a hand with jokers ask Mah Jongg of a tile only if some form a hand with jokers may be lets it
    through, within the bound: the same waits as asking it whenever the table's prefilters let the tile through."""
    ruleset = get_ruleset(ruleset_id)
    quick, plain = RulesetJudge(ruleset), RulesetJudge(ruleset)
    hands = [HandSpec(concealed, (), (), 0, 0) for concealed in _near_special_hands(ruleset_id, 7, examples(400))]
    found = [quick.waits(hand) for hand in hands]
    monkeypatch.setattr(scoring, "out_of_reach", lambda *_: False)
    plain._joker_forms = {exposed: [(f, o) for _h, f, o in plain._shaped_forms] for exposed in (False, True)}
    assert found == [plain.waits(hand) for hand in hands]
    assert sum(1 for waits in found if waits) > len(hands) // 5  # (hands that wait on something among them)


@pytest.mark.parametrize("ruleset_id", ["western", "western-specials"])
def test_joker_waits__a_joker_may_free_a_natural_tile_for_another_set(ruleset_id):
    """Three 1 Characters and a joker are a pung of 1s beside a 1 Character as Dragon Gates' odd tile (1s, 2 to 8
    and the Red Dragons): the 6 Characters completes the hand, so a player must be let claim it. A count that
    placed the joker in the 1s as a kong found the hand two tiles short and refused the win."""
    judge = RulesetJudge(get_ruleset(ruleset_id))
    hand = HandSpec((*parse_tiles("1C 1C 1C 2C 3C 4C 5C 7C 8C RD RD RD"), JOKER), (), (), 0, 0)
    assert parse_tiles("6C")[0] in judge.waits(hand)


@pytest.mark.parametrize("ruleset_id", ["western", "western-specials"])
def test_joker_waits__the_same_as_trying_every_tile(ruleset_id):
    """The waits of hands with jokers near a special hand are those found by asking Mah Jongg of every tile."""
    judge = RulesetJudge(get_ruleset(ruleset_id))
    hands = [HandSpec(concealed, (), (), 0, 0) for concealed in _near_special_hands(ruleset_id, 5, examples(400))]
    assert [judge.waits(hand) for hand in hands] == [waits_by_trial(judge, hand) for hand in hands]


@pytest.mark.parametrize("ruleset_id", ["western", "western-specials"])
def test_out_of_reach__never_for_a_form_the_hand_fits(ruleset_id):
    """The bound tells no hand that fits a form (jokers standing in its pungs and kongs) that it is out of reach."""
    ruleset = get_ruleset(ruleset_id)
    forms = [form for hand in ruleset.special_hands for form in hand.forms if form.elements]
    rng = random.Random(11)
    fitting = 0
    for concealed in _near_special_hands(ruleset_id, 11, examples(400)):
        full = [*concealed, rng.randrange(NUM_KINDS)]
        counts = counts_of([t for t in full if t != JOKER])
        if max(counts) > 4:
            continue
        for form in forms:
            if form.match(counts, (), Env(), jokers=full.count(JOKER)) is not None:
                fitting += 1
                assert not out_of_reach(form, counts, full.count(JOKER), 0)
                assert not out_of_reach(form, counts, full.count(JOKER), 0, Env())
    assert fitting


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(sorted(SPECIALS)), _concealed())
def test_batch__each_discard_costed_from_the_whole_hand_as_in_full(ruleset_id, position):
    """A hand one tile short of the last one the batch worked out in full (each discard weighed after the whole
    hand) is costed from that one's terms: every form gets the distance and instantiation counted afresh."""
    counts, jokers, env = position
    batch, fresh = batch_of(SPECIALS[ruleset_id]), Batch(batch_of(SPECIALS[ruleset_id]).counters)
    melds = (Meld(MeldKind.PUNG, (27,) * 3, True),)  # (and beside a declared pung of East Winds)
    batch._last, batch._last_least, batch._last_declared = (None, b""), (None, {}), (None, {})  # (forgotten)
    batch.least_with_declared(counts, melds, env, jokers)  # the whole hand, in full
    for t in range(NUM_KINDS):
        if counts[t]:
            after = list(counts)
            after[t] -= 1
            fresh._base = (None, (), 0, 0)  # (worked out in full)
            assert batch.least_with_declared(after, melds, env, jokers) == fresh.least_with_declared(
                after, melds, env, jokers)
    batch._last, batch._last_least = (None, b""), (None, {})
    batch.least_by_pattern(counts, env, jokers)
    for t in range(NUM_KINDS):
        if counts[t]:
            after = list(counts)
            after[t] -= 1
            fresh._base = (None, (), 0, 0)
            assert batch.least_by_pattern(after, env, jokers) == fresh.least_by_pattern(after, env, jokers)
            for hand in SPECIALS[ruleset_id]:
                for form in hand.forms:
                    counter = _pattern_data(form).counter
                    assert batch.nearest(counter, after, env, jokers) == fresh.nearest(counter, after, env, jokers)


@pytest.mark.parametrize("ruleset_id", ["western", "western-specials"])
def test_mah_jongg__a_hand_with_jokers_goes_out_as_without_the_bound(ruleset_id, monkeypatch):
    """A concealed hand with jokers is tried against a form only if its jokers can make up what its natural tiles
    lack: the same special hands go out (and the same do not) as trying every form the prefilters let through."""
    ruleset = get_ruleset(ruleset_id)
    quick, plain = RulesetJudge(ruleset), RulesetJudge(ruleset)
    rng = random.Random(13)
    hands = []
    for concealed in _near_special_hands(ruleset_id, 13, examples(400)):
        for tile in (rng.randrange(NUM_KINDS), *[t for t in range(NUM_KINDS) if t in quick.waits(
                HandSpec(concealed, (), (), 0, 0))][:1]):
            hands.append((HandSpec(tuple(sorted((*concealed, tile))), (), (), 0, 0), WinContext(True, tile, "wall")))
    found = [quick.mah_jongg(hand, context) for hand, context in hands]
    monkeypatch.setattr(scoring, "out_of_reach", lambda *_: False)
    assert found == [plain.mah_jongg(hand, context) for hand, context in hands]
    assert sum(1 for shape in found if shape is not None) > len(hands) // 10  # (winning hands among them)


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(sorted(SPECIALS)), _concealed(), st.integers(0, NUM_KINDS - 1), st.booleans(),
       st.sampled_from((2, 4, 7, UNREACHABLE)))
def test_batch__hands_with_a_declared_set_answer_as_each_hand_alone(ruleset_id, position, tile, exposed, reach):
    """With a declared pung the batch's counts (each pattern's instantiations with that set, joined) give every
    special hand the nearest form and distance it gets measured on its own, without a search."""
    counts, jokers, env = position
    counts = [n if t != tile else max(0, n - 3) for t, n in enumerate(counts)]
    melds = (Meld(MeldKind.PUNG, (tile,) * 3, exposed),)
    batch = batch_of(SPECIALS[ruleset_id])
    for hand in SPECIALS[ruleset_id]:
        alone = special_target(hand, counts, melds, env, budget=120, max_distance=reach, jokers=jokers, search=False)
        assert special_target(hand, counts, melds, env, budget=120, max_distance=reach, jokers=jokers, search=False,
                              batch=batch) == alone, hand.id


@given(st.lists(st.integers(0, 4), min_size=NUM_KINDS, max_size=NUM_KINDS),
       st.lists(st.tuples(st.integers(0, NUM_KINDS - 1), st.integers(-2, 2)), max_size=3))
def test_batch__the_kind_one_fewer_of_is_told_only_where_it_is_the_one_difference(before, changes):
    """The short way of costing a discard is taken exactly where the hand is the last one with one tile less."""
    after = list(before)
    for t, d in changes:
        after[t] = min(4, max(0, after[t] + d))
    differ = [t for t in range(NUM_KINDS) if before[t] != after[t]]
    expected = differ[0] if len(differ) == 1 and before[differ[0]] - after[differ[0]] == 1 else None
    assert _the_one_less(tuple(before), tuple(after)) == expected
