"""Where only special hands go out: how likely a special hand is to be completed before the wall ends, and which
tiles to pass on in a Charleston.

A special hand's worth matters little where every hand that goes out is a special one: a hand that does not go
out scores nothing. So the computer players weigh each special hand by its chance to be completed in the draws
left (:func:`completion_chance`), from the tiles it lacks, the copies of them still unseen and the discards that
can be claimed for it, and pass on in the Charleston the tiles that the special hands nearest them need least
(:func:`pass_by_keep`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from game.ai.bots import isolation
from game.core.special_distance import Target
from game.core.tiles import NUM_KINDS

_DEAD = 0.02
"""What is left of the chance of a form that lacks more copies of some tile than are unseen and jokers held
(another form of the hand may still be reached, so not nothing)."""
_CLAIMED = 1.5
"""Extra draws a tile brings per opponent who may discard it to a claim (a pung completed from a pair)."""
_FROM_DISCARDS = 1.0 + _CLAIMED * 3
"""The draws a tile of a pair held is worth where the three opponents' discards may be claimed for it."""


def completion_chance(target: Target, counts: Sequence[int], jokers: int, live: Sequence[int], draws: int,
                      claimable: bool) -> float:
    """The chance, 0–1, of completing ``target`` (the nearest form of a special hand) in ``draws`` more draws.

    Each of the ``target.distance + 1`` tiles it lacks comes from a draw that brings one of its lacking kinds:
    the chance of a draw is the unseen copies of those kinds over every unseen tile, and a kind of which a pair
    is held comes from the three opponents' discards as well when the hand may claim. The count of draws that
    bring one is binomial; a form that lacks more copies of a kind than are unseen (the jokers held standing in
    for some) is nearly out of reach."""
    steps = target.distance + 1
    if steps <= 0:
        return 1.0
    unseen = sum(live)
    if unseen <= 0 or draws <= 0:
        return 0.0
    outs = 0.0
    short = 0
    for wanted, held, unseen_copies in zip(target.need, counts, live, strict=True):
        if wanted <= held:
            continue
        lacking = wanted - held
        if lacking > unseen_copies:
            short += lacking - unseen_copies
        outs += unseen_copies * (_FROM_DISCARDS if claimable and held >= 2 else 1.0)
    p = min(0.95, outs / unseen)
    chance = _at_least(steps, draws, p)
    if short > jokers:
        chance *= _DEAD
    return chance


@lru_cache(maxsize=4096)
def _at_least(k: int, n: int, p: float) -> float:
    """P(X >= k) for X binomial over ``n`` tries of chance ``p``. (Remembered: the chances are few ratios of small
    counts, and the same come back over and over, more than half of them within forty hands.)"""
    if k > n:
        return 0.0
    if p <= 0.0:
        return 0.0
    below = 0.0
    q = 1.0 - p
    for i in range(k):
        below += math.comb(n, i) * p ** i * q ** (n - i)
    return max(0.0, 1.0 - below)


def keep_values(counts: Sequence[int], wanted: Sequence[tuple[float, Sequence[int]]]) -> list[list[float]]:
    """For each kind, the worth of keeping each copy held (first copy first): the weights of the ``wanted``
    hands (weight, tiles wanted per kind) that want at least that many copies."""
    found = []
    for t in range(NUM_KINDS):
        found.append([sum(w for w, need in wanted if need[t] > j) for j in range(counts[t])])
    return found


def pass_by_keep(counts: Sequence[int], count: int, keep: Sequence[Sequence[float]]) -> tuple[int, ...]:
    """The ``count`` tiles of ``counts`` least worth keeping (``keep``, per kind and copy); ties go to the
    loneliest tile (fewest tiles held of its kind and beside it), then the lower kind."""
    copies = []
    for t in range(NUM_KINDS):
        for j in range(counts[t]):
            copies.append((keep[t][j], isolation(counts, t), t, -j))
    # The last copies of a kind are worth least (keep falls with j): taken last copy first, a kind keeps its first.
    copies.sort()
    return tuple(sorted(c[2] for c in copies[:count]))

