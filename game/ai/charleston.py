"""Which tiles a computer player passes on in a Charleston (Western) or a goulash (British, after a wash-out).

The tiles passed are the ones the hand misses least: the pass that leaves the fewest tiles missing for a regular
hand (jokers held counted in, each beside a pair or a lone tile it could make a pung of), less the value the
caller puts on the tiles kept, then the loneliest tiles (fewest neighbours within two in their suit, or no copy
of an honour). Before, every personality passed its three lowest tiles, often a pair or a run: against three
greedy bots in Western, over the same 600 hands, the expert won 24.8% of them and the limitmaker 9.0%; passing
this way, 36.2% and 24.0%.

A Charleston offers some 160 passes. The tiles each leaves missing are a few look-ups
(:class:`game.core.analysis.NearHands`); the value of the tiles kept, worth less than a tile in most hands, is
worked out only for the passes that can still come out best with it: those whose missing tiles, less the most
any pass's value could be, do not already cost more than the best pass weighed so far. With jokers held, the tiles a
pass leaves missing without them, less a tile per joker, are that floor, and the jokers are read in only for the
passes it does not rule out.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.bots import isolation
from game.ai.evaluate import NearValues
from game.core.actions import PassTiles
from game.core.analysis import NearHands
from game.core.tiles import JOKER, counts_of

_SETS = 4  # a regular hand's sets beside its pair
_ROUNDING = 1e-5
"""More than a cost's rounding (to 6 places) and the floating-point error of a bound can move it."""


def choose_pass(concealed: Sequence[int], n_melds: int, options: Sequence[PassTiles], *, chows: bool = True,
                values: NearValues | None = None, pull: float = 0.0) -> PassTiles:
    """The pass among ``options`` that leaves ``concealed`` (the hand before passing, jokers included) nearest a
    regular hand, less ``pull`` times the value (``values``: of the hand's natural tiles) of the tiles kept (a
    tile nearer ready is worth 1); ties go to the loneliest tiles, then to the lowest (so a seed replays the same
    pass)."""
    counts = counts_of(concealed)
    jokers = sum(1 for t in concealed if t == JOKER)
    sets = max(0, _SETS - n_melds)
    # The tiles kept are fewer than a hand: how near they are to a whole hand, and to a hand of a set fewer
    # (which tells two tiles of a run, kept, from a lone tile).
    wanted = (sets, sets - 1) if sets > 1 else (sets,)
    hands = NearHands(counts, chows=chows)
    # What each pass leaves missing without the jokers; each joker read in takes at most one tile off each hand
    # weighed, so with jokers that, less a tile per joker and hand, is a floor under what it leaves missing.
    floors = hands.missing_without([option.tiles for option in options], wanted)
    off = jokers * len(wanted)
    weighed = sorted(zip(floors, options, strict=True), key=lambda w: w[0])  # the best is found early
    most = pull * values.most(jokers) if values is not None and pull > 0 else 0.0
    costs: list[tuple[float, PassTiles]] = []
    best = float("inf")
    for floor, option in weighed:
        if floor - off - most > best + _ROUNDING:
            break  # no value of the tiles kept brings this pass (or any after it) down to the best
        near, kept = floor, None
        read_as: Sequence[int] = ()
        if jokers:
            kept, read_as = _read(counts, option, jokers)
            near = sum(hands.missing(option.tiles, tuple(sorted(read_as)), wanted))
            if near - most > best + _ROUNDING:
                continue
        if values is not None and pull > 0:
            if kept is None:
                kept = _left(counts, option)
            cost = round(near - pull * values.of(kept, (*option.tiles, *read_as)), 6)
        else:
            cost = float(near)
        best = min(best, cost)
        costs.append((cost, option))

    def lonely(option: PassTiles) -> tuple[int, tuple[int, ...]]:
        left = _left(counts, option)
        return sum(isolation(left, t) for t in option.tiles), option.tiles

    return min((o for c, o in costs if c == best), key=lonely)


def _left(counts: Sequence[int], option: PassTiles) -> list[int]:
    left = list(counts)
    for t in option.tiles:
        left[t] -= 1
    return left


def _read(counts: Sequence[int], option: PassTiles, jokers: int) -> tuple[list[int], list[int]]:
    """The tiles kept with each joker read as one more tile of a kind held twice (a pung), else once (the lowest
    such kind): where a joker may stand (in a pung, beside a natural tile); and the kinds so read."""
    left = _left(counts, option)
    placed: list[int] = []
    for _ in range(jokers):
        if 2 in left:
            kind = left.index(2)
        elif 1 in left:
            kind = left.index(1)
        else:
            break
        left[kind] += 1
        placed.append(kind)
    return left, placed
