"""The shortcuts of weighing every special hand at once (Western (Special Hands Only)): each answers as the plain
way does, so no computer player's move changes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.patterns import Env, Pattern
from game.core.special_distance import UNREACHABLE, _beyond, _pattern_data, _Search, batch_of, pattern_target
from game.core.tiles import NUM_KINDS
from game.mods import get_ruleset, list_rulesets
from tests.tiers import examples


def _bundled_forms() -> list[tuple[Pattern, str]]:
    found: dict[Pattern, str] = {}
    for info in list_rulesets():
        for hand in get_ruleset(info.id).special_hands:
            for form in hand.forms:
                if form.elements:
                    found.setdefault(form, f"{info.id}:{hand.id}")
    return list(found.items())


FORMS = _bundled_forms()
WESTERN = [h for h in get_ruleset("western-specials").special_hands if h.allowed and h.has_shape]


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
@given(st.lists(_concealed(), min_size=1, max_size=3), st.sampled_from((2, 4, 7, UNREACHABLE)))
def test_batch__every_western_special_hand_answers_as_counted_alone(hands, cutoff):
    """All the special hands' counts worked out at once give each form the distance and instantiation its own
    count gives, hand after hand (the batch remembers the last hand)."""
    batch = batch_of(WESTERN)
    for counts, jokers, env in hands:
        for hand in WESTERN:
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
