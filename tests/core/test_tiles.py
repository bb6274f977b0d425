"""Tile codes (interface contract §1)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import tiles as t
from game.errors import InvalidTilesError


def test_tiles__codes_cover_the_contract():
    """Every code of the contract parses, case-insensitively, and prints upper-case."""
    codes = [f"{n}{s}" for s in "BCD" for n in range(1, 10)]
    codes += ["EW", "SW", "WW", "NW", "RD", "GD", "WD", "F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4", "JK"]
    assert t.format_tiles(t.parse_tiles(" ".join(c.lower() for c in codes))) == " ".join(codes)


@pytest.mark.parametrize("bad", ["0B", "10B", "XW", "F5", "S0", "", "B1"])
def test_tiles__unknown_code_is_refused(bad):
    """An unknown code raises an error quoting it."""
    with pytest.raises(InvalidTilesError, match="unknown tile code"):
        t.tile_from_code(bad)


@given(st.lists(st.integers(min_value=0, max_value=t.ALL_TILES - 1)))
def test_tiles__parse_format_round_trip(tiles):
    """Formatting then parsing gives back the same tiles."""
    assert t.parse_tiles(t.format_tiles(tiles)) == tiles


@pytest.mark.parametrize(("flowers", "jokers", "size"), [(False, 0, 136), (True, 0, 144), (True, 8, 152)])
def test_tiles__set_sizes(flowers, jokers, size):
    """The tile set is 136, 144 or 152 tiles."""
    assert len(t.full_set(flowers, jokers)) == size


def test_tiles__classification():
    """Terminals, honours, bonus tiles and their owners."""
    assert t.is_terminal(t.tile_from_code("9D")) and not t.is_terminal(t.tile_from_code("5D"))
    assert t.is_major(t.tile_from_code("RD")) and t.is_dragon(t.tile_from_code("WD"))
    assert t.bonus_owner(t.tile_from_code("F3")) == 2 and t.bonus_owner(t.tile_from_code("S4")) == 3
    assert t.tile_name(t.tile_from_code("3C")) == "3 Characters"


def test_tiles__one_tile_is_named_in_the_singular_several_in_the_plural():
    """"You get 1 Character", "1 Dot", "1 Bamboo"; "the four 1 Characters are wild", "a pung of Red Dragons"."""
    names = [t.tile_name(t.tile_from_code(code)) for code in ("1C", "1D", "1B", "2C", "9D", "RD", "EW")]
    assert names == ["1 Character", "1 Dot", "1 Bamboo", "2 Characters", "9 Dots", "Red Dragon", "East Wind"]
    many = [t.tiles_name(t.tile_from_code(code)) for code in ("1C", "1D", "5B", "RD", "EW")]
    assert many == ["1 Characters", "1 Dots", "5 Bamboo", "Red Dragons", "East Winds"]


def test_tiles__stake_order_puts_characters_first():
    """The stake is sorted Characters, Bamboo, Dots, winds, dragons (classic help L806)."""
    tiles = t.parse_tiles("RD 1D 2B EW 9C")
    assert t.format_tiles(t.sort_for_display(tiles)) == "9C 2B 1D EW RD"
