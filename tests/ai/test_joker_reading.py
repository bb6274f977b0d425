"""Reading jokers for the hand analysis: each as the held kind that brings the hand nearest ready."""

from __future__ import annotations

from game.ai.jokers import read_jokers
from game.core.analysis import shanten
from game.core.tiles import counts_of, parse_tiles, tile_from_code


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
