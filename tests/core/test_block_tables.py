"""The block cost tables match the dynamic programme as it was first written, state by state.

The faster ``_block_table`` (moves looked up per position instead of worked out per state) must give exactly
the same tables, or games would play differently: ``_reference_table`` is the earlier implementation, kept
here unchanged as the yardstick.
"""

from __future__ import annotations

import itertools
import random

import pytest

from game.core import analysis
from tests.tiers import examples

_INF = 1000
_MAX_SETS = 4
_UNPACK = [(state // 50, state // 25 % 2, state // 5 % 5, state % 5) for state in range(250)]


def _reference_table(block: tuple[int, ...], room_left: int, room_right: int, chows: bool) -> tuple[int, ...]:
    """The original ``_block_table``, without its cache.

    The mirror folding stays: the programme's pruning is not symmetric, so a block read backwards can get a
    different table, and the game has always used the one of the smaller key.
    """
    mirror = (block[::-1], room_right, room_left, chows)
    if mirror < (block, room_left, room_right, chows):
        return _reference_table(*mirror)
    counts = (0,) * room_left + block + (0,) * room_right
    n = len(counts)
    limit = min(_MAX_SETS, sum(block))
    states: dict[int, int] = {0: 0}
    for i, have in enumerate(counts):
        chow_ok = chows and i <= n - 3
        ahead1 = counts[i + 1] if chow_ok else 0
        ahead2 = counts[i + 2] if chow_ok else 0
        nxt: dict[int, int] = {}
        get = nxt.get
        for state, cost in states.items():
            m, h, a, b = _UNPACK[state]
            carried = a + b
            for pung in ((0, 1) if have > carried and m < limit else (0,)):
                for pair in ((0, 1) if h == 0 and have > carried + 3 * pung else (0,)):
                    base = carried + 3 * pung + 2 * pair
                    if base > 4:
                        continue
                    top = min(max(have - base, ahead1 - a, ahead2), 4 - base, limit - m - pung) if chow_ok else 0
                    packed = ((m + pung) * 2 + h + pair) * 25 + a
                    for new in range(top + 1):
                        used = base + new
                        c = cost + used - have if used > have else cost
                        key_new = packed + new * 5 + 50 * new
                        if c < get(key_new, _INF):
                            nxt[key_new] = c
        states = nxt
    table = [_INF] * 10
    for state, cost in states.items():
        if state % 25 == 0 and cost < table[state // 25]:
            table[state // 25] = cost
    return tuple(table)


def _check(blocks) -> int:
    """Compare every block in every room and chow setting, from cold caches; returns how many were checked."""
    analysis.clear_caches()
    checked = 0
    for block in blocks:
        for room_left, room_right, chows in itertools.product(range(3), range(3), (True, False)):
            want = _reference_table(block, room_left, room_right, chows)
            assert analysis._block_table(block, room_left, room_right, chows) == want, (block, room_left, room_right)
            checked += 1
    return checked


@pytest.mark.parametrize("length", [1, 2, 3, pytest.param(4, marks=pytest.mark.slow)])
def test_block_table__every_short_block_matches_the_reference(length):
    assert _check(itertools.product(range(5), repeat=length)) == 18 * 5 ** length


@pytest.mark.slow
def test_block_table__every_five_long_block_matches_the_reference():
    # All 3,125 blocks of five (counts 0-4), the mirror-folded ones included.
    assert _check(itertools.product(range(5), repeat=5)) == 18 * 5 ** 5


def test_block_table__random_long_blocks_match_the_reference():
    rng = random.Random(2024)
    blocks = set()
    while len(blocks) < examples(400):
        length = rng.randint(6, 9)
        block = [rng.choice((0, 1, 1, 2, 2, 3, 4)) for _ in range(length)]
        block[0] = block[-1] = rng.randint(1, 4)  # a real block starts and ends on a held tile
        blocks.add(tuple(block))
    _check(sorted(blocks))


def _random_hand(rng: random.Random, size: int) -> list[int]:
    wall = [t for t in range(34) for _ in range(4)]
    counts = [0] * 34
    for t in rng.sample(wall, size):
        counts[t] += 1
    return counts


def _one_suit_hand(rng: random.Random, size: int) -> list[int]:
    # Long single-suit runs make the longest blocks, the slow case the faster programme is for.
    wall = [t for t in range(9) for _ in range(4)] + [t for t in range(27, 34) for _ in range(4)]
    counts = [0] * 34
    for t in rng.sample(wall, size):
        counts[t] += 1
    return counts


def test_analysis__shanten_useful_tiles_and_waits_agree_with_reference_tables(monkeypatch):
    rng = random.Random(99)
    hands = [_random_hand(rng, 13) for _ in range(150)] + [_one_suit_hand(rng, 13) for _ in range(150)]
    results = []
    for table in (analysis._block_table, None):
        if table is None:
            cache: dict = {}

            def reference(block, room_left, room_right, chows, cache=cache):
                key = (block, room_left, room_right, chows)
                if key not in cache:
                    cache[key] = _reference_table(block, room_left, room_right, chows)
                return cache[key]

            monkeypatch.setattr(analysis, "_block_table", reference)
        analysis.clear_caches()
        run = []
        for counts in hands:
            for chows in (True, False):
                run.append((
                    analysis.shanten(counts, chows=chows),
                    analysis.useful_tiles(counts, chows=chows),
                    analysis.waits(counts, chows=chows),
                    analysis.shanten(counts, chows=chows, max_chows=1),
                ))
        results.append(run)
    analysis.clear_caches()
    assert results[0] == results[1]
