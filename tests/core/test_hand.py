"""game.core.hand: every split of a hand's concealed tiles into sets and a pair, each once."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.hand import arrangements
from game.core.tiles import NUM_KINDS, counts_of, parse_tiles
from tests.tiers import examples


def _one_set_at_a_time(counts: list[int], pair: bool, chows: bool) -> set[tuple[tuple[str, int], ...]]:
    """Every split, found the slow way: the lowest kind left takes one pung, the pair or one chow, in turn."""
    i = next((t for t, n in enumerate(counts) if n), -1)
    if i < 0:
        return set() if pair else {()}
    found = set()
    takes = [("pung", (i,) * 3)] + ([("pair", (i,) * 2)] if pair else [])
    if chows and i < 27 and i % 9 <= 6:
        takes.append(("chow", (i, i + 1, i + 2)))
    for kind, tiles in takes:
        rest = list(counts)
        for t in tiles:
            rest[t] -= 1
        if min(rest) < 0:
            continue
        for split in _one_set_at_a_time(rest, pair and kind != "pair", chows):
            found.add(tuple(sorted(((kind, i), *split))))
    return found


def test_arrangements__a_pair_and_a_chow_on_one_tile_is_one_split():
    assert arrangements(counts_of(parse_tiles("1B 1B 1B 2B 3B"))) == ((("chow", 0), ("pair", 0)),)
    assert arrangements(counts_of(parse_tiles("1B 1B 1B 2B 3B")), chows=False) == ()


@settings(max_examples=examples(2000), deadline=None)
@given(st.lists(st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 27, 31]), min_size=2, max_size=14),
       st.booleans(), st.booleans())
def test_arrangements__every_split_once_and_in_order(tiles, pair, chows):
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    if max(counts) > 4:
        return
    found = arrangements(counts, pair=pair, chows=chows)
    assert list(found) == sorted(_one_set_at_a_time(counts, pair, chows))
    assert all(split == tuple(sorted(split)) for split in found)
