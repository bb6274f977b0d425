"""Jokers (and a goulash's wild tiles) in a computer player's hand, for the hand analysis that counts kinds.

A joker stands in a pung or kong beside at least one natural tile (A-002-2, British L99), so the analysis reads
each joker the player holds as one more tile of a kind it already holds: the reading that brings the hand
nearest ready. The reading is an estimate (it may treat a natural tile and a joker as a pair, which the rules do
not allow), good enough to choose discards and claims; what goes out is still decided by the ruleset's judge.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.core.analysis import missing_with_one_more, shanten
from game.core.tiles import EAST_WIND, NUM_KINDS

_SEARCHED = 2
"""Jokers read together by trying every pair of kinds; more than that (rare) are placed on pairs first."""
_SETS = 4  # a regular hand's sets beside its pair


def read_jokers(counts: Sequence[int], jokers: int, n_melds: int, *, chows: bool = True) -> list[int]:
    """``counts`` (34 natural kinds) with ``jokers`` jokers added as the kinds that help most."""
    return list(_read(tuple(counts), jokers, n_melds, chows))


@lru_cache(maxsize=50_000)  # a position is read again for every discard and claim weighed from it
def _read(counts: tuple[int, ...], jokers: int, n_melds: int, chows: bool) -> tuple[int, ...]:
    reading = list(counts)
    for _ in range(max(0, jokers - _SEARCHED)):
        _place(reading, _first(reading, (2, 1)))
    searched = min(jokers, _SEARCHED)
    if not searched:
        return tuple(reading)
    kinds = [t for t in range(NUM_KINDS) if reading[t] in (1, 2)]  # beside a natural tile, and no fifth
    sets = _SETS - n_melds
    # Fewest tiles from ready; then pungs completed over pairs made; then the lower kinds (determinism). One
    # table walk tells the hand with one more tile of each kind; a second joker takes off at most one tile more.
    one_more = missing_with_one_more(reading, sets, chows=chows)
    best: tuple[int, int, tuple[int, ...]] | None = None
    if searched == 1:
        best = min(((one_more[t] - 1, -(reading[t] + 1), (t,)) for t in kinds), default=None)
    else:
        # Each pair of kinds under the least it could reach, best first: only those whose floor can still beat
        # the best read so far are read in full, and the best read is the best of every pair.
        floors = sorted((max(one_more[a], one_more[b]) - 2,
                         -(2 * reading[a] + 4 if a == b else reading[a] + reading[b] + 2), (a, b))
                        for i, a in enumerate(kinds) for b in kinds[i:])
        for floor in floors:
            if best is not None and floor >= best:
                break
            a, b = floor[2]
            reading[a] += 1
            reading[b] += 1
            key = (shanten(reading, n_melds, chows=chows), floor[1], floor[2])
            reading[a] -= 1
            reading[b] -= 1
            if best is None or key < best:
                best = key
    for t in best[2] if best is not None else ():
        reading[t] += 1
    for _ in range(searched if best is None else 0):
        _place(reading, None)
    return tuple(reading)


def _first(reading: list[int], wanted: tuple[int, ...]) -> int | None:
    for count in wanted:
        for t in range(NUM_KINDS):
            if reading[t] == count:
                return t
    return None


def _place(reading: list[int], kind: int | None) -> None:
    """Count a joker as ``kind``; with nothing to stand beside, as a lone honour, which helps no set."""
    if kind is None:
        kind = next((t for t in range(EAST_WIND, NUM_KINDS) if reading[t] == 0), NUM_KINDS - 1)
    reading[kind] += 1
