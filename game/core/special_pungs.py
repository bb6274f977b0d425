"""The least distance to pungs and a pair over one set of tiles (All Honours: four pungs or kongs and a pair of
terminals and honours), with concealed jokers and declared sets, worked out without a search.

Such a pattern has too many instantiations to list (thirteen tiles: 6,435), and its search, with jokers or a
declared set, walks thousands of nodes: its bounds cannot tell which pungs the jokers will stand in. Yet a tile
counts only by how many of it the hand holds (none, one, two, three or more), so the least is the cheapest
choice of how many pungs take tiles of each count, and of the pair's count: a few dozen sums.

It is the least the search of :mod:`game.core.special_distance` finds when its budget does not run out: the same
four of a kind at most among the concealed tiles (a pung and the pair never share a tile, nor two pungs), each
declared set taken by a pung (which then wants no concealed tile), and each joker making up a missing tile of a
concealed pung beside a natural tile. Knowing it, the search stops as soon as it reaches it, and a hand farther
than the search's cutoff is not searched at all: the same answers, also where a budget runs out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.melds import Meld, MeldKind
from game.core.patterns import MELD_KINDS, Pattern, TileSet
from game.core.special_count import NONE
from game.core.tiles import NUM_KINDS


@dataclass(frozen=True)
class PungsAndPair:
    """A pattern of ``pungs`` pung elements and one pair, each over ``tiles``, binding nothing."""

    pungs: int
    tiles: tuple[int, ...]
    takes: tuple[MeldKind, ...]
    """The declared sets a pung element takes."""
    concealed: bool
    """Whether the pungs must be concealed (an exposed set then fits none)."""


def pungs_and_pair_shape(pattern: Pattern) -> PungsAndPair | None:
    """``pattern`` as pungs and a pair over one set of tiles, or None where it is not one."""
    elements = pattern.elements
    if pattern.different or len(elements) < 2:
        return None
    pungs = [el for el in elements if el.kind != "pair"]
    pairs = [el for el in elements if el.kind == "pair"]
    if len(pairs) != 1 or any(el.kind not in ("pung", "pung_or_kong") for el in pungs):
        return None
    first = pungs[0]
    if any((el.kind, el.spec, el.concealed) != (first.kind, first.spec, first.concealed) for el in pungs):
        return None
    spec = first.spec
    if not isinstance(spec, TileSet) or pairs[0].spec != spec:
        return None
    tiles = tuple(sorted(t for t in spec.tiles if t < NUM_KINDS))
    return PungsAndPair(len(pungs), tiles, MELD_KINDS[first.kind], first.concealed) if tiles else None


def pungs_and_pair_least(shape: PungsAndPair, have: Sequence[int], melds: Sequence[Meld], jokers: int) -> int | None:
    """The fewest tiles ``have`` (with ``jokers`` concealed jokers and the declared ``melds``) lack for the
    pattern, NONE where no instantiation fits; None where a declared set is one the search alone tells of (not a
    pung or kong of the pattern's tiles).

    By a tile's count ``h`` (three or more alike), a concealed pung of it lacks ``e = 3 - h`` tiles and the pair
    ``2 - h``. A joker makes up one of a pung's missing tiles beside a natural one, so the pungs together lack
    ``sum(e) - min(jokers, sum(min(e, 2)))``, that is ``max(sum(e) - jokers, the pungs of tiles held none of)``."""
    tiles = shape.tiles
    for meld in melds:
        if meld.kind not in shape.takes or meld.tile not in tiles or (shape.concealed and meld.exposed):
            return None
    wanted = shape.pungs - len(melds)
    if wanted < 0 or wanted + 1 > len(tiles):
        return NONE
    held = [0, 0, 0, 0]
    for t in tiles:
        held[have[t] if have[t] < 3 else 3] += 1
    best = NONE
    n0, n1, n2, n3 = held
    for a0 in range(min(n0, wanted) + 1):
        for a1 in range(min(n1, wanted - a0) + 1):
            for a2 in range(min(n2, wanted - a0 - a1) + 1):
                a3 = wanted - a0 - a1 - a2
                if a3 > n3:
                    continue
                pungs = max(3 * a0 + 2 * a1 + a2 - jokers, a0)
                # the pair's tile, one no pung takes, held as often as can be
                pair = 0 if n3 > a3 or n2 > a2 else 1 if n1 > a1 else 2 if n0 > a0 else NONE
                if pungs + pair < best:
                    best = pungs + pair
    return best
