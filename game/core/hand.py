"""Every way to split concealed tiles into sets and a pair.

A concealed part of ``3n + 2`` tiles is complete when it splits into ``n`` sets (pungs or chows) and one
pair; :func:`arrangements` lists every such split, cached on the count vector. Kongs are never found here:
four identical concealed tiles count as a kong only once declared (they then become a meld).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.core.tiles import NUM_KINDS

# A set in an arrangement: (kind, first tile), kind one of "pung", "chow", "pair".
Group = tuple[str, int]
Arrangement = tuple[Group, ...]


def _first(counts: tuple[int, ...]) -> int:
    for i, n in enumerate(counts):
        if n:
            return i
    return -1


@lru_cache(maxsize=200_000)
def _splits(counts: tuple[int, ...], need_pair: bool, chows: bool) -> tuple[Arrangement, ...]:
    i = _first(counts)
    if i < 0:
        return ((),) if not need_pair else ()
    found: list[Arrangement] = []
    c = list(counts)
    if counts[i] >= 3:
        c[i] -= 3
        found += [(("pung", i), *rest) for rest in _splits(tuple(c), need_pair, chows)]
        c[i] += 3
    if need_pair and counts[i] >= 2:
        c[i] -= 2
        found += [(("pair", i), *rest) for rest in _splits(tuple(c), False, chows)]
        c[i] += 2
    if chows and i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        found += [(("chow", i), *rest) for rest in _splits(tuple(c), need_pair, chows)]
    # The same sets can be reached in two orders (a pair then a chow on the same tile, or the reverse).
    return tuple(sorted({tuple(sorted(a)) for a in found}))


def arrangements(counts: Sequence[int], *, pair: bool = True, chows: bool = True
                 ) -> tuple[Arrangement, ...]:
    """All splits of ``counts`` into pungs and chows (and exactly one pair when ``pair``).

    >>> from game.core.tiles import counts_of, parse_tiles
    >>> arrangements(counts_of(parse_tiles("1B 1B 1B 2B 3B")))
    ((('chow', 0), ('pair', 0)),)
    """
    key = tuple(counts)
    if len(key) != NUM_KINDS:
        raise ValueError(f"expected a count vector of {NUM_KINDS} kinds, got {len(key)}")
    return _splits(key, pair, chows)


def is_complete(counts: Sequence[int], *, chows: bool = True) -> bool:
    """Whether the concealed tiles form sets and one pair."""
    return bool(arrangements(counts, chows=chows))


# A set in a joker arrangement: (kind, tile, jokers standing in for that tile).
JokerGroup = tuple[str, int, int]


@lru_cache(maxsize=100_000)
def _joker_splits(counts: tuple[int, ...], jokers: int, need_pair: bool, chows: bool
                  ) -> tuple[tuple[JokerGroup, ...], ...]:
    i = _first(counts)
    if i < 0:
        return ((),) if not need_pair and jokers == 0 else ()
    found: list[tuple[JokerGroup, ...]] = []
    c = list(counts)
    for real in range(min(3, counts[i]), 0, -1):  # a pung of tile i from `real` tiles and jokers for the rest
        used = 3 - real
        if used > jokers:
            continue
        c[i] -= real
        found += [(("pung", i, used), *rest) for rest in _joker_splits(tuple(c), jokers - used, need_pair, chows)]
        c[i] += real
    if need_pair and counts[i] >= 2:
        c[i] -= 2
        found += [(("pair", i, 0), *rest) for rest in _joker_splits(tuple(c), jokers, False, chows)]
        c[i] += 2
    if chows and i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        found += [(("chow", i, 0), *rest) for rest in _joker_splits(tuple(c), jokers, need_pair, chows)]
    return tuple(sorted({tuple(sorted(a)) for a in found}))


def joker_arrangements(counts: Sequence[int], jokers: int, *, pair: bool = True, chows: bool = True
                       ) -> tuple[tuple[JokerGroup, ...], ...]:
    """Every split of ``counts`` plus ``jokers`` jokers into sets and one pair, jokers standing in pungs only.

    Jokers fill pungs (and so kongs) but never chows, pairs or single tiles, and a set needs at least one natural
    tile: the minimal reading of the Western rules, which say no more (A-002-2).

    >>> from game.core.tiles import counts_of, parse_tiles
    >>> joker_arrangements(counts_of(parse_tiles("1B 1B 5D 5D")), 1)
    ((('pair', 0, 0), ('pung', 22, 1)), (('pair', 22, 0), ('pung', 0, 1)))
    """
    key = tuple(counts)
    if len(key) != NUM_KINDS:
        raise ValueError(f"expected a count vector of {NUM_KINDS} kinds, got {len(key)}")
    return _joker_splits(key, jokers, pair, chows)
