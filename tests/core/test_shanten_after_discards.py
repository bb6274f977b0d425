"""``analysis.shanten_after_discards``: the same numbers as one ``shanten`` call per discard, only faster."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import analysis
from game.core.tiles import NUM_KINDS, counts_of, parse_tiles
from tests.tiers import examples


def _slow(counts: list[int], n_melds: int, **options) -> dict[int, int]:
    found = {}
    for t in range(NUM_KINDS):
        if counts[t]:
            after = list(counts)
            after[t] -= 1
            found[t] = analysis.shanten(after, n_melds, **options)
    return found


def _random_hand(rng: random.Random, size: int, kinds: list[int]) -> list[int]:
    wall = [t for t in kinds for _ in range(4)]
    return counts_of(rng.sample(wall, size))


# Kind pools that reach every branch: all tiles, one suit (chows crowd), honours only, two suits and the honours.
_POOLS = {
    "all": list(range(NUM_KINDS)),
    "one-suit": list(range(9, 18)),
    "honours": list(range(27, 34)),
    "dots-and-honours": list(range(18, 34)),
    "two-suits": list(range(0, 18)),
}


@pytest.mark.parametrize("pool", sorted(_POOLS))
@pytest.mark.parametrize("options", [{}, {"chows": False}, {"max_chows": 0}, {"max_chows": 1}, {"max_chows": 2}],
                         ids=["chows", "no-chows", "max0", "max1", "max2"])
def test_after_discards__equal_shanten_per_discard(pool, options):
    """Many random hands of every size (14 tiles down to 2 beside declared sets) give the slow path's numbers."""
    rng = random.Random(f"{pool} {options}")
    kinds = _POOLS[pool]
    for _ in range(examples(200)):
        n_melds = rng.randrange(5)
        size = 3 * (4 - n_melds) + 2
        if size > 4 * len(kinds):
            continue
        counts = _random_hand(rng, size, kinds)
        assert analysis.shanten_after_discards(counts, n_melds, **options) == _slow(counts, n_melds, **options)


@settings(max_examples=examples(500), deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=NUM_KINDS - 1), min_size=14, max_size=14),
       st.sampled_from([None, 0, 1]), st.booleans())
def test_after_discards__any_fourteen_tiles(picks, max_chows, chows):
    """Hypothesis-chosen 14-tile hands (at most four of a kind) agree with ``shanten`` after each discard."""
    counts = [0] * NUM_KINDS
    for t in picks:
        if counts[t] < 4:
            counts[t] += 1
    total = sum(counts)
    if total % 3 != 2:
        return
    n_melds = 4 - (total - 2) // 3
    options = {"chows": chows, "max_chows": max_chows}
    assert analysis.shanten_after_discards(counts, n_melds, **options) == _slow(counts, n_melds, **options)


def test_after_discards__a_known_hand():
    """Throwing the lone North Wind keeps the hand ready; breaking the 1-2-3 chow puts it a tile further."""
    counts = counts_of(parse_tiles("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD NW"))
    after = analysis.shanten_after_discards(counts)
    assert after[parse_tiles("NW")[0]] == 0
    assert after[parse_tiles("RD")[0]] == 0
    assert after[parse_tiles("1B")[0]] == 1
    assert sorted(after) == sorted(t for t in range(NUM_KINDS) if counts[t])


def test_after_discards__a_cold_cache_gives_the_same_numbers():
    """The numbers do not depend on what the caches already hold."""
    rng = random.Random(3)
    hands = [_random_hand(rng, 14, _POOLS["all"]) for _ in range(50)]
    warm = [analysis.shanten_after_discards(h) for h in hands]
    analysis.clear_caches()
    assert [analysis.shanten_after_discards(h) for h in hands] == warm


@pytest.mark.parametrize("counts, n_melds, message", [
    ([0] * 33, 0, "expected a count vector of 34 kinds, got 33"),
    (counts_of(parse_tiles("1B 2B 3B")), 0, "expected 13 or 14 concealed tiles beside 0 declared sets, got 2"),
    (counts_of(parse_tiles("1B 2B 3B")), 5, "expected 0 to 4 declared sets, got 5"),
], ids=["short-vector", "wrong-count", "too-many-melds"])
def test_after_discards__refuses_impossible_hands(counts, n_melds, message):
    """A hand of the wrong size is refused as ``shanten`` refuses the hand left after a discard."""
    with pytest.raises(ValueError, match=message):
        analysis.shanten_after_discards(counts, n_melds)
