"""Tiles and their codes (interface contract §1).

A tile is a small int, so hands are cheap count vectors and sets are fast to hash:

======  ===========  =====================================
index   codes        tiles
======  ===========  =====================================
0–8     1B … 9B      Bamboo 1–9
9–17    1C … 9C      Characters (Wan) 1–9
18–26   1D … 9D      Dots (Circles) 1–9
27–30   EW SW WW NW  winds East, South, West, North
31–33   RD GD WD     dragons Red, Green, White
34–37   F1 … F4      flowers (Plum, Orchid, Chrysanthemum, Bamboo)
38–41   S1 … S4      seasons (Spring, Summer, Autumn, Winter)
42      JK           joker
======  ===========  =====================================

Indices 0–33 are the 34 playing kinds; a count vector covers those only.

>>> parse_tiles("1b 2B rd")
[0, 1, 31]
>>> format_tiles([0, 1, 31])
'1B 2B RD'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.errors import InvalidTilesError
from game.i18n import L_, N_, _, ngettext, pgettext

Tile = int

BAMBOO, CHARACTERS, DOTS = 0, 1, 2
SUITS = (BAMBOO, CHARACTERS, DOTS)
SUIT_LETTERS = "BCD"

EAST_WIND, SOUTH_WIND, WEST_WIND, NORTH_WIND = 27, 28, 29, 30
RED_DRAGON, GREEN_DRAGON, WHITE_DRAGON = 31, 32, 33
FIRST_FLOWER = 34
FIRST_SEASON = 38
JOKER = 42

NUM_KINDS = 34  # playing tile kinds (suits and honours)
ALL_TILES = 43

WINDS = (EAST_WIND, SOUTH_WIND, WEST_WIND, NORTH_WIND)
DRAGONS = (RED_DRAGON, GREEN_DRAGON, WHITE_DRAGON)
HONOURS = WINDS + DRAGONS
FLOWERS = tuple(range(FIRST_FLOWER, FIRST_FLOWER + 4))
SEASONS = tuple(range(FIRST_SEASON, FIRST_SEASON + 4))
BONUS_TILES = FLOWERS + SEASONS
TERMINALS = (0, 8, 9, 17, 18, 26)
WIND_LETTERS = "ESWN"  # seat and round winds, seat 0 = East

_HONOUR_CODES = ("EW", "SW", "WW", "NW", "RD", "GD", "WD")

# The tile names: one table, translated by the catalogs (game.i18n) into the language of the moment. A tile of a
# suit is named with its number through ngettext ("1 Character", "3 Characters"; German "3 Zeichen", Chinese
# "3万"), several of a tile by the "several" context ("1 Characters", "Red Dragons").
_HONOUR_NAMES = (
    N_("East Wind"), N_("South Wind"), N_("West Wind"), N_("North Wind"),
    N_("Red Dragon"), N_("Green Dragon"), N_("White Dragon"),
)
_HONOURS_NAMES = (
    N_("East Winds"), N_("South Winds"), N_("West Winds"), N_("North Winds"),
    N_("Red Dragons"), N_("Green Dragons"), N_("White Dragons"),
)
_SUIT_NAMES = (N_("Bamboo"), N_("Characters"), N_("Dots"))
_FLOWER_NAMES = (N_("Plum Blossom"), N_("Orchid"), N_("Chrysanthemum"), N_("Bamboo Flower"))
_SEASON_NAMES = (N_("Spring"), N_("Summer"), N_("Autumn"), N_("Winter"))
_BONUS_NAMES = (N_("Plum Blossoms"), N_("Orchids"), N_("Chrysanthemums"), N_("Bamboo Flowers"),
                N_("Springs"), N_("Summers"), N_("Autumns"), N_("Winters"))


def _suited(number: int, suit: int) -> str:
    """One tile of a suit: ``'1 Character'``, ``'3 Characters'``, ``'5 Bamboo'``."""
    if suit == 0:
        return ngettext("{n} Bamboo", "{n} Bamboo", number).format(n=number)
    if suit == 1:
        return ngettext("{n} Character", "{n} Characters", number).format(n=number)
    return ngettext("{n} Dot", "{n} Dots", number).format(n=number)


def _several_suited(number: int, suit: int) -> str:
    """Several of one tile of a suit: ``'1 Characters'``, ``'5 Dots'``."""
    return (pgettext("several", "{n} Bamboo"), pgettext("several", "{n} Characters"),
            pgettext("several", "{n} Dots"))[suit].format(n=number)


def _build_codes() -> tuple[str, ...]:
    codes = [f"{n}{SUIT_LETTERS[s]}" for s in SUITS for n in range(1, 10)]
    codes += _HONOUR_CODES
    codes += [f"F{n}" for n in range(1, 5)]
    codes += [f"S{n}" for n in range(1, 5)]
    codes.append("JK")
    return tuple(codes)


CODES: tuple[str, ...] = _build_codes()
_BY_CODE = {code: index for index, code in enumerate(CODES)}


def tile_from_code(code: str) -> Tile:
    """Return the tile for a code such as ``'5D'`` or ``'rd'`` (case-insensitive)."""
    try:
        return _BY_CODE[code.strip().upper()]
    except KeyError:
        raise InvalidTilesError(L_("unknown tile code {code}", code=repr(code)), code=code) from None


def tile_code(tile: Tile) -> str:
    """Return the upper-case code of a tile."""
    return CODES[tile]


def parse_tiles(text: str | Iterable[str]) -> list[Tile]:
    """Parse whitespace-separated tile codes (or an iterable of codes) into tiles."""
    words = text.split() if isinstance(text, str) else list(text)
    return [tile_from_code(word) for word in words]


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Format tiles as space-separated upper-case codes."""
    return " ".join(CODES[t] for t in tiles)


def suit_of(tile: Tile) -> int:
    """Return the suit (0 Bamboo, 1 Characters, 2 Dots) of a suit tile, -1 otherwise."""
    return tile // 9 if tile < 27 else -1


def number_of(tile: Tile) -> int:
    """Return 1–9 for a suit tile, 1–4 for a flower or season, 0 otherwise."""
    if tile < 27:
        return tile % 9 + 1
    if FIRST_FLOWER <= tile < JOKER:
        return (tile - FIRST_FLOWER) % 4 + 1
    return 0


def suit_tile(suit: int, number: int) -> Tile:
    """Return the tile of a suit (0–2) and number (1–9)."""
    return suit * 9 + number - 1


def is_suit(tile: Tile) -> bool:
    return tile < 27


def is_honour(tile: Tile) -> bool:
    return 27 <= tile < NUM_KINDS


def is_wind(tile: Tile) -> bool:
    return EAST_WIND <= tile <= NORTH_WIND


def is_dragon(tile: Tile) -> bool:
    return RED_DRAGON <= tile <= WHITE_DRAGON


def is_terminal(tile: Tile) -> bool:
    """A 1 or 9 of a suit (a "major" suit tile)."""
    return tile < 27 and tile % 9 in (0, 8)


def is_major(tile: Tile) -> bool:
    """A terminal or an honour: the tiles that score as "1, 9, winds and dragons"."""
    return is_terminal(tile) or is_honour(tile)


def is_bonus(tile: Tile) -> bool:
    """A flower or a season."""
    return FIRST_FLOWER <= tile < JOKER


def is_flower(tile: Tile) -> bool:
    return FIRST_FLOWER <= tile < FIRST_SEASON


def is_season(tile: Tile) -> bool:
    return FIRST_SEASON <= tile < JOKER


def is_joker(tile: Tile) -> bool:
    return tile == JOKER


def wind_tile(seat_wind: int) -> Tile:
    """The wind tile for a wind index (0 East … 3 North)."""
    return EAST_WIND + seat_wind


def bonus_owner(tile: Tile) -> int:
    """The wind index (0 East … 3 North) a flower or season belongs to."""
    return (tile - FIRST_FLOWER) % 4


def wind_from_letter(letter: str) -> int:
    """Parse a seat or round wind written ``E``, ``S``, ``W`` or ``N`` (case-insensitive)."""
    key = letter.strip().upper()[:1]
    if len(letter.strip()) != 1 or key not in WIND_LETTERS:
        raise InvalidTilesError(L_("expected a wind E, S, W or N, got {letter}", letter=repr(letter)), code=letter)
    return WIND_LETTERS.index(key)


def tile_name(tile: Tile) -> str:
    """A player-facing name, as the status bar says it: ``'3 Characters'``, ``'1 Character'``, ``'Red Dragon'``."""
    if tile < 27:
        return _suited(number_of(tile), suit_of(tile))
    if tile < NUM_KINDS:
        return _(_HONOUR_NAMES[tile - 27])
    if tile < FIRST_SEASON:
        return _(_FLOWER_NAMES[tile - FIRST_FLOWER])
    if tile < JOKER:
        return _(_SEASON_NAMES[tile - FIRST_SEASON])
    return _("Joker")


def suit_name(suit: int) -> str:
    """A suit as a sentence names it: ``'Bamboo'``, ``'Characters'``, ``'Dots'``."""
    return _(_SUIT_NAMES[suit])


def tiles_name(tile: Tile) -> str:
    """Several of ``tile``, as a sentence names them: ``'1 Characters'``, ``'5 Dots'``, ``'Red Dragons'``."""
    if tile < 27:
        return _several_suited(number_of(tile), suit_of(tile))
    if tile < NUM_KINDS:
        return _(_HONOURS_NAMES[tile - 27])
    if tile < JOKER:
        return _(_BONUS_NAMES[tile - FIRST_FLOWER])
    return _("Jokers")


def display_key(tile: Tile) -> tuple[int, int]:
    """Sort key for a stake, left to right: Characters, Bamboo, Dots, winds, dragons, bonus, jokers.

    The classic program sorts Wan (Characters) first, then Bamboo, then Circles (its help L806).
    """
    if tile < 27:
        order = (1, 0, 2)[suit_of(tile)]
        return (order, tile % 9)
    return (3, tile)


def sort_for_display(tiles: Iterable[Tile]) -> list[Tile]:
    return sorted(tiles, key=display_key)


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    """A 34-long count vector of the playing tiles in ``tiles`` (bonus tiles and jokers ignored)."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        if t < NUM_KINDS:
            counts[t] += 1
    return counts


def minus(counts: Sequence[int], tile: Tile) -> list[int]:
    """A copy of the count vector ``counts`` with one ``tile`` fewer: the hand a discard leaves."""
    after = list(counts)
    after[tile] -= 1
    return after


def tiles_of(counts: Sequence[int]) -> list[Tile]:
    """The sorted tiles of a count vector."""
    return [t for t, n in enumerate(counts) for _ in range(n)]


def full_set(with_bonus: bool = True, jokers: int = 0) -> list[Tile]:
    """Every tile of a set: 136 playing tiles, plus 8 flowers and seasons, plus jokers."""
    tiles = [t for t in range(NUM_KINDS) for _ in range(4)]
    if with_bonus:
        tiles += list(BONUS_TILES)
    tiles += [JOKER] * jokers
    return tiles


def copies_in_set(tile: Tile, jokers: int = 0) -> int:
    """How many copies of ``tile`` a set holds."""
    if tile < NUM_KINDS:
        return 4
    if tile == JOKER:
        return jokers
    return 1
