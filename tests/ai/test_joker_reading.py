"""Reading jokers for the hand analysis: each as the held kind that brings the hand nearest ready."""

from __future__ import annotations

from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.jokers import read_jokers
from game.core.analysis import shanten
from game.core.tiles import NUM_KINDS, counts_of, parse_tiles, tile_from_code


def test_read_jokers__a_joker_completes_the_pung_that_makes_the_hand_mah_jongg() -> None:
    # Three runs and two pairs, 13 tiles: a joker on either pair makes a pung and the hand is complete.
    counts = counts_of(parse_tiles("1B 2B 3B 4C 5C 6C 7D 8D 9D 5B 5B EW EW"))
    read = read_jokers(counts, 1, 0)
    assert sum(read) == 14 and shanten(read, 0) == -1
    assert read[tile_from_code("5B")] == 3 or read[tile_from_code("EW")] == 3


def test_read_jokers__stand_only_beside_a_held_kind_and_never_make_a_fourth() -> None:
    counts = counts_of(parse_tiles("1B 1B 1B 9C"))
    read = read_jokers(counts, 1, 3)
    assert read[tile_from_code("1B")] == 3 and read[tile_from_code("9C")] == 2


def test_read_jokers__two_jokers_are_read_together_and_a_lone_joker_keeps_the_hand_size() -> None:
    # Two jokers: one completes the 5 Bamboo pung, the other the East Wind pung: the hand is complete.
    counts = counts_of(parse_tiles("1B 2B 3B 4C 5C 6C 7D 8D 9D 5B 5B EW"))
    read = read_jokers(counts, 2, 0)
    assert sum(read) == 14 and shanten(read, 0) == -1
    alone = read_jokers([0] * 34, 1, 4)
    assert sum(alone) == 1 and shanten(alone, 4) == 0, "a joker with nothing beside it waits like a lone tile"


_WALL = [t for t in range(NUM_KINDS) for _ in range(4)]


@settings(max_examples=150, deadline=None)
@given(picks=st.data(), jokers=st.sampled_from([1, 2]), n_melds=st.integers(0, 3), chows=st.booleans(),
       extra=st.sampled_from([1, 2]))
def test_read_jokers__is_the_nearest_of_every_reading_pungs_first_then_the_lowest_kinds(
        picks: st.DataObject, jokers: int, n_melds: int, chows: bool, extra: int) -> None:
    """Against every way of reading the jokers as held kinds (one more beside a single or a pair): the reading
    is the one fewest tiles from ready; among those, the one completing most pungs; then the lowest kinds."""
    size = 3 * (4 - n_melds) + extra - jokers
    held = picks.draw(st.lists(st.sampled_from(range(len(_WALL))), min_size=size, max_size=size, unique=True))
    counts = counts_of(_WALL[i] for i in held)
    kinds = [t for t in range(NUM_KINDS) if counts[t] in (1, 2)]
    readings = []
    for chosen in combinations_with_replacement(kinds, jokers):
        reading = list(counts)
        for x in chosen:
            reading[x] += 1
        readings.append(((shanten(reading, n_melds, chows=chows), -sum(reading[x] for x in chosen), chosen),
                         reading))
    if readings:
        assert read_jokers(counts, jokers, n_melds, chows=chows) == min(readings)[1]
