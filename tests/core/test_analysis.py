"""Hand analysis: shanten, waits, useful tiles, live tiles (with the PyPI ``mahjong`` library as oracle)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import analysis
from game.core.hand import is_complete
from game.core.tiles import counts_of, parse_tiles
from tests.tiers import examples

mahjong_shanten = pytest.importorskip("mahjong.shanten")
LIB = mahjong_shanten.Shanten.calculate_shanten_for_regular_hand


def c(codes: str) -> list[int]:
    return counts_of(parse_tiles(codes))


def codes(tiles: list[int]) -> str:
    return " ".join(analysis.tile_code(t) for t in tiles)


def _hand_strategy(sizes: tuple[int, ...], kinds: int = 34):
    """Random hands of the given sizes drawn without replacement from four copies of ``kinds`` kinds."""
    wall = [t for t in range(kinds) for _ in range(4)]
    return st.sampled_from(sizes).flatmap(
        lambda n: st.lists(st.sampled_from(range(len(wall))), min_size=n, max_size=n, unique=True)
    ).map(lambda picks: [wall[i] for i in picks])


def _n_melds(counts: list[int]) -> int:
    return 4 - (sum(counts) - 1) // 3


# --- shanten --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("hand, n_melds, expected", [
    ("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD", 0, 0),
    ("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD RD", 0, -1),
    ("1B 4B 7B 1C 4C 7C 1D 4D 7D EW SW WW NW", 0, 8),
    ("1B 1B 1B 2B 3B 4B 5B 5B", 2, -1),
    ("RD RD", 4, -1),
    ("RD", 4, 0),
    # The four 1B cannot wait on a fifth 1B for the pair: not ready, one tile more is needed.
    ("1B 1B 1B 1B 4C 5C 6C 7D 8D 9D EW EW EW", 0, 1),
], ids=["ready-pair-wait", "complete", "worst-spread", "two-melds-declared", "pair-only", "single", "four-copies"])
def test_shanten__known_hands(hand, n_melds, expected):
    """Hands whose distance from Mah Jongg is known by hand."""
    assert analysis.shanten(c(hand), n_melds) == expected


@settings(max_examples=examples(3000), deadline=None)
@given(_hand_strategy((13, 14)))
def test_shanten__matches_mahjong_library_full_hands(tiles):
    """13- and 14-tile hands agree with the ``mahjong`` library's regular-hand shanten."""
    counts = counts_of(tiles)
    assert analysis.shanten(counts) == LIB(counts)


@settings(max_examples=examples(2000), deadline=None)
@given(_hand_strategy((1, 2, 4, 5, 7, 8, 10, 11)))
def test_shanten__matches_mahjong_library_with_declared_sets(tiles):
    """Hands beside declared sets agree with the library (which reads the sets from the tile count)."""
    counts = counts_of(tiles)
    assert analysis.shanten(counts, _n_melds(counts)) == LIB(counts)


@settings(max_examples=examples(1500), deadline=None)
@given(_hand_strategy((13, 14), kinds=9))
def test_shanten__matches_mahjong_library_one_suit(tiles):
    """Crowded one-suit hands (many chows, many four-of-a-kinds) still agree with the library."""
    counts = counts_of(tiles)
    assert analysis.shanten(counts) == LIB(counts)


def _sets() -> list[list[int]]:
    sets = []
    for t in range(34):
        v = [0] * 34
        v[t] = 3
        sets.append(v)
    for s in range(3):
        for n in range(7):
            v = [0] * 34
            for u in range(3):
                v[9 * s + n + u] = 1
            sets.append(v)
    return sets


SETS = _sets()


def _brute_shanten(counts: list[int], n_sets: int, chows: bool = True, kinds: int = 34,
                   max_chows: int | None = None) -> int:
    """Fewest missing tiles over every possible complete hand of ``n_sets`` sets and a pair, minus one.

    Only sets within the first ``kinds`` kinds are tried: enough when the hand lies well inside them.
    """
    pool = [v for v in (SETS if chows else SETS[:34]) if not any(v[kinds:])]
    best = 99
    for combo in itertools.combinations_with_replacement(range(len(pool)), n_sets):
        if max_chows is not None and sum(1 for index in combo if max(pool[index]) == 1) > max_chows:
            continue
        base = [0] * 34
        for index in combo:
            for t in range(34):
                base[t] += pool[index][t]
        if max(base) > 4:
            continue
        for p in range(kinds):
            if base[p] + 2 > 4:
                continue
            missing = sum(max(0, base[t] + (2 if t == p else 0) - counts[t]) for t in range(34))
            best = min(best, missing)
    return best - 1


@settings(max_examples=examples(300), deadline=None)
@given(_hand_strategy((4, 5), kinds=6))
def test_shanten__exact_against_brute_force(tiles):
    """Crowded small hands (one set and a pair to make) match a search over every complete hand."""
    counts = counts_of(tiles)
    assert analysis.shanten(counts, 3) == _brute_shanten(counts, 1)


@settings(max_examples=examples(200), deadline=None)
@given(_hand_strategy((4, 5, 7, 8), kinds=5), st.booleans())
def test_shanten__exact_without_chows(tiles, _):
    """With chows forbidden, only pungs and the pair count, and the result matches a full search."""
    counts = counts_of(tiles)
    n_sets = (sum(counts) - 1) // 3
    # Kinds 5-7 are free for fresh sets and the pair.
    assert analysis.shanten(counts, 4 - n_sets, chows=False) == _brute_shanten(counts, n_sets, False, kinds=8)


@settings(max_examples=examples(300), deadline=None)
@given(_hand_strategy((4, 5, 7, 8, 10, 11), kinds=6), st.integers(min_value=0, max_value=2))
def test_shanten__exact_with_a_chow_limit(tiles, max_chows):
    """With at most ``max_chows`` chows (British rules: one in a hand), the result matches a full search."""
    counts = counts_of(tiles)
    n_sets = (sum(counts) - 1) // 3
    # Kinds 6-8 are free for fresh sets and the pair.
    assert (analysis.shanten(counts, 4 - n_sets, max_chows=max_chows)
            == _brute_shanten(counts, n_sets, kinds=9, max_chows=max_chows))


def _one_chow_by_search(counts: list[int], n_sets: int) -> int:
    """Shanten with at most one chow, found the long way: no chow at all, or each chow that touches the hand
    taking the tiles of it the hand holds, the other sets built without chows (the search British hands used
    before they had tables of their own)."""
    best = analysis.missing_tiles(counts, n_sets, chows=False)
    for start in (s for s in range(27) if s % 9 <= 6):
        held = [t for t in (start, start + 1, start + 2) if counts[t]]
        if held:
            rest = list(counts)
            for t in held:
                rest[t] -= 1
            best = min(best, 3 - len(held) + analysis.missing_tiles(rest, n_sets - 1, chows=False))
    return best - 1


@settings(max_examples=examples(400), deadline=None)
@given(_hand_strategy((13, 14, 10, 11, 7, 8)))
def test_shanten__one_chow_tables_match_the_chow_by_chow_search(tiles):
    """British hands (one chow at most) over all 34 kinds: their own tables give the search's numbers, for the
    hand and for each discard."""
    counts = counts_of(tiles)
    n_sets = (sum(counts) - 1) // 3
    assert analysis.shanten(counts, 4 - n_sets, max_chows=1) == _one_chow_by_search(counts, n_sets)
    if sum(counts) % 3 == 2:
        after = analysis.shanten_after_discards(counts, 4 - n_sets, max_chows=1)
        for t in after:
            counts[t] -= 1
            assert after[t] == _one_chow_by_search(counts, n_sets), analysis.tile_code(t)
            counts[t] += 1


def test_shanten__one_chow_allowed():
    """Three chows, a pung and a pair: complete with chows free, three tiles short of ready with one chow."""
    hand = c("1B 2B 3B 4C 5C 6C 7D 8D 9D RD RD RD GD GD")
    assert analysis.shanten(hand) == -1
    assert analysis.shanten(hand, max_chows=3) == -1
    assert analysis.shanten(hand, max_chows=2) == 1
    assert analysis.shanten(hand, max_chows=1) == 3
    assert analysis.shanten(hand, max_chows=0) == analysis.shanten(hand, chows=False)


def test_shanten__chows_off_changes_the_answer():
    """A run of three is a set only when chows are allowed."""
    hand = c("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD")
    assert analysis.shanten(hand) == 0
    assert analysis.shanten(hand, chows=False) == 6


@pytest.mark.parametrize("counts, n_melds, message", [
    ([0] * 33, 0, "expected a count vector of 34 kinds, got 33"),
    (c("1B 2B 3B"), 0, "expected 13 or 14 concealed tiles beside 0 declared sets, got 3"),
    (c("1B 2B 3B"), 5, "expected 0 to 4 declared sets, got 5"),
], ids=["short-vector", "wrong-count", "too-many-melds"])
def test_shanten__refuses_impossible_hands(counts, n_melds, message):
    """A hand with the wrong number of tiles is an error that says what was expected."""
    with pytest.raises(ValueError, match=message):
        analysis.shanten(counts, n_melds)


# --- waits and useful tiles -----------------------------------------------------------------------------------


@pytest.mark.parametrize("hand, expected", [
    ("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD", "RD"),
    ("2B 3B 4B 5B 6B 7B 8B 8B 8B 2C 3C 4C 9D", "9D"),
    ("1B 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B 9B 9B", "1B 2B 3B 4B 5B 6B 7B 8B 9B"),
    ("4C 5C 6C 7D 8D 9D EW EW EW RD RD 2B 3B", "1B 4B"),
    ("1B 1B 1B 1B 4C 5C 6C 7D 8D 9D EW EW EW", ""),
], ids=["single-wait", "isolated-nine", "nine-gates", "two-sided", "fifth-copy-is-no-wait"])
def test_waits__known_hands(hand, expected):
    """The tiles that complete a ready hand, and none for a hand that only looks ready."""
    assert codes(analysis.waits(c(hand))) == expected


@settings(max_examples=examples(400), deadline=None)
@given(_hand_strategy((13,), kinds=12))
def test_waits__are_exactly_the_completing_tiles(tiles):
    """A tile is a wait exactly when adding it makes a complete hand (checked with every arrangement)."""
    counts = counts_of(tiles)
    expected = []
    for t in range(34):
        if counts[t] < 4:
            counts[t] += 1
            if is_complete(counts):
                expected.append(t)
            counts[t] -= 1
    assert analysis.waits(counts) == expected


@settings(max_examples=examples(400), deadline=None)
@given(_hand_strategy((13, 10, 4)), st.sampled_from((None, 0, 1, 2)))
def test_useful_tiles__are_exactly_the_tiles_that_lower_shanten(tiles, max_chows):
    """Useful tiles are those whose draw lowers shanten, far-away tiles included, checked over all 34 kinds; with
    a limit on chows (British: one in a hand) by the shanten under that limit."""
    counts = counts_of(tiles)
    n_melds = _n_melds(counts)
    before = analysis.shanten(counts, n_melds, max_chows=max_chows)
    expected = []
    for t in range(34):
        if counts[t] < 4:
            counts[t] += 1
            if analysis.shanten(counts, n_melds, max_chows=max_chows) < before:
                expected.append(t)
            counts[t] -= 1
    assert analysis.useful_tiles(counts, n_melds, max_chows=max_chows) == expected


def test_useful_tiles__a_second_chow_is_no_use_where_one_is_allowed():
    """A run held and two more partial runs: with chows free 3B or 6B completes one, with one chow allowed only the
    tiles that make pairs and pungs help."""
    hand = c("1C 2C 3C 4B 5B 7D 8D RD RD EW EW 9C 9C")
    free = codes(analysis.useful_tiles(hand)).split()
    one = codes(analysis.useful_tiles(hand, max_chows=1)).split()
    assert {"3B", "6B", "6D", "9D"} <= set(free)
    assert not {"3B", "6B", "6D", "9D"} & set(one)
    assert {"RD", "EW", "9C"} <= set(one)


def test_useful_tiles__a_far_tile_counts_when_it_starts_the_pair():
    """Four 1B beside three sets: any unrelated tile, drawn, is a pair wait once a 1B goes, so it is useful."""
    hand = c("1B 1B 1B 1B 4C 5C 6C 7D 8D 9D EW EW EW")
    useful = codes(analysis.useful_tiles(hand)).split()
    assert {"WD", "RD", "NW", "9B", "1C"} <= set(useful)
    assert "1B" not in useful


def test_ukeire__counts_live_copies():
    """Useful tiles are counted against what the player can see."""
    hand = c("4C 5C 6C 7D 8D 9D EW EW EW RD RD 2B 3B")
    assert analysis.ukeire(hand) == 8
    seen = c("1B 1B 1B 4B")
    remaining = analysis.visible_remaining(hand, seen)
    assert remaining[parse_tiles("1B")[0]] == 1 and remaining[parse_tiles("RD")[0]] == 2
    assert analysis.ukeire(hand, 0, remaining) == 4


def test_visible_remaining__never_negative():
    """A kind seen more often than four times (a miscount upstream) still gives zero, not a negative count."""
    remaining = analysis.visible_remaining(c("1B 1B 1B"), c("1B 1B"))
    assert remaining[0] == 0 and remaining[1] == 4


def test_useful_tiles__refuses_fourteen_tiles():
    """Useful tiles are asked of a hand waiting to draw, not of one that must discard."""
    with pytest.raises(ValueError, match="expected 13 concealed tiles to look for useful tiles, got 14"):
        analysis.useful_tiles(c("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD RD"))


def test_caches__clear_and_refill():
    """Clearing the caches changes no answer."""
    hand = c("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD")
    analysis.clear_caches()
    assert analysis.cache_sizes()["suits"] == 0
    assert analysis.shanten(hand) == 0 and analysis.cache_sizes()["suits"] == 3
