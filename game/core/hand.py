"""Every way to split concealed tiles into sets and a pair.

A concealed part of ``3n + 2`` tiles is complete when it splits into ``n`` sets (pungs or chows) and one
pair; :func:`arrangements` lists every such split, cached on the count vector (:func:`forget_splits` empties
the caches). Kongs are never found here:
four identical concealed tiles count as a kong only once declared (they then become a meld).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress

from game.core.tiles import NUM_KINDS

# A set in an arrangement: (kind, first tile), kind one of "pung", "chow", "pair".
Group = tuple[str, int]
Arrangement = tuple[Group, ...]


def _first(counts: tuple[int, ...]) -> int:
    for i, n in enumerate(counts):
        if n:
            return i
    return -1


@lru_cache(maxsize=50_000)
def _splits(counts: tuple[int, ...], need_pair: bool, chows: bool) -> tuple[Arrangement, ...]:
    found: list[Arrangement] = []
    _split_from(list(counts), list(compress(_KINDS, counts)), 0, need_pair, chows, (), (), (), found)
    return tuple(sorted(found))


_KINDS = range(NUM_KINDS)
_CHOW_STARTS = tuple(t < 27 and t % 9 <= 6 for t in range(NUM_KINDS))
_CHOWS = tuple(tuple((("chow", t),) * n for n in range(5)) for t in range(NUM_KINDS))
_PUNGS = tuple(tuple((("pung", t),) * n for n in range(3)) for t in range(NUM_KINDS))
_PAIRS = tuple((("pair", t),) for t in range(NUM_KINDS))


def _split_from(counts: list[int], kinds: list[int], k: int, need_pair: bool, chows: bool, runs: Arrangement,
                pair: Arrangement, pungs: Arrangement, found: list[Arrangement]) -> None:
    """Add to ``found`` every split of ``counts`` from ``kinds[k]`` on (``kinds``: those held, in order; the ones
    before used up), given the chows, pair and pungs taken so far.

    The lowest kind left starts every set holding it: some pungs, perhaps the pair, and chows for the rest of its
    tiles. Choosing how many of each at once reaches each split once (taking one set at a time reaches a pair and
    a chow of the same tile in two orders), and taking the kinds in order keeps each kind's sets sorted, so a split
    is the chows, the pair and the pungs one after the other, as sorting its sets would give."""
    end = len(kinds)
    while k < end and not counts[kinds[k]]:
        k += 1
    if k == end:
        if not need_pair:
            found.append(runs + pair + pungs)
        return
    i = kinds[k]
    held = counts[i]
    if held == 1:  # the usual case: a chow or nothing
        if chows and _CHOW_STARTS[i] and counts[i + 1] and counts[i + 2]:
            counts[i] = 0
            counts[i + 1] -= 1
            counts[i + 2] -= 1
            _split_from(counts, kinds, k + 1, need_pair, chows, runs + _CHOWS[i][1], pair, pungs, found)
            counts[i] = 1
            counts[i + 1] += 1
            counts[i + 2] += 1
        return
    for n_pungs in range(held // 3 + 1):
        left = held - 3 * n_pungs
        for paired in (False, True) if need_pair and left >= 2 else (False,):
            n_runs = left - 2 if paired else left
            if n_runs:
                if not (chows and _CHOW_STARTS[i] and counts[i + 1] >= n_runs and counts[i + 2] >= n_runs):
                    continue
                counts[i + 1] -= n_runs
                counts[i + 2] -= n_runs
            counts[i] = 0
            # (More than four of a kind is no real hand, but is split all the same.)
            more_runs = _CHOWS[i][n_runs] if n_runs < 5 else (("chow", i),) * n_runs
            more_pungs = _PUNGS[i][n_pungs] if n_pungs < 3 else (("pung", i),) * n_pungs
            _split_from(counts, kinds, k + 1, need_pair and not paired, chows, runs + more_runs,
                        _PAIRS[i] if paired else pair, pungs + more_pungs, found)
            counts[i] = held
            if n_runs:
                counts[i + 1] += n_runs
                counts[i + 2] += n_runs


def forget_splits() -> None:
    """Empty the caches of splits (the cold scoring benchmark forgets every hand seen)."""
    _splits.cache_clear()
    _joker_splits.cache_clear()


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
