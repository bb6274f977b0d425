"""Routes to a ruleset's minimum of doubles: which hands can go out where a hand needs doubles to go out at all
(British club rules: 2).

A complete hand of no value is no use there, so a player plans its hand toward a *route*: a few of the
ruleset's sources of doubles that together reach the minimum, each a constraint on the final hand. A pung of a
dragon, of the own or the round wind is a set the hand must hold; No Chows forbids chows; All Simples, All
Major Tiles, One Suit and One Suit with Honours allow only some tiles. So a route is a set of tile kinds the hand
may hold, whether it may hold chows, and the pungs it must hold, and its distance (the tiles a hand lacks for a
complete hand that meets it) is a regular hand's distance on the tiles it allows, plus the missing copies of
the pungs it needs.

The routes are read from the ruleset's scoring lines (set lines that double a pung of some tiles, hand lines
whose one condition shapes the hand), never from its id, so a mod ruleset with a minimum gets the same care.
Doubles that come by luck (a self-drawn hand, the last tile of the wall) make no route.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from game.core.analysis import missing_tiles
from game.core.melds import Meld, MeldKind
from game.core.patterns import Env
from game.core.ruleset import Ruleset, SetSelector
from game.core.tiles import NUM_KINDS

_SIMPLES = frozenset(t for t in range(27) if t % 9 not in (0, 8))
_MAJORS = frozenset(range(NUM_KINDS)) - _SIMPLES
_HONOURS = frozenset(range(27, NUM_KINDS))
_MOST_SOURCES = 3  # routes of more sources than this are too far-fetched to plan for


def _suit(s: int) -> frozenset[int]:
    return frozenset(range(9 * s, 9 * s + 9))


@dataclass(frozen=True)
class _Source:
    """One scoring line that brings doubles to a hand of a given shape."""

    name: str
    doubles: int
    tiles: frozenset[int] | None = None
    chows: bool = True
    pung: int | None = None
    suit: int | None = None
    """The suit a one-suit line binds (two lines of different suits cannot both hold)."""


# The hand conditions that shape a hand, as (the tiles it may hold per suit it binds, or overall; chows).
def _shapes(condition: str) -> list[tuple[frozenset[int] | None, bool, int | None]]:
    if condition == "no_chows":
        return [(None, False, None)]
    if condition == "all_simples":
        return [(_SIMPLES, True, None)]
    if condition == "no_simples":
        return [(_MAJORS, True, None)]
    if condition == "one_suit":
        return [(_suit(s), True, s) for s in range(3)]
    if condition == "one_suit_with_honours":
        return [(_suit(s) | _HONOURS, True, s) for s in range(3)]
    return []


@dataclass(frozen=True)
class Route:
    """Sources of doubles that together reach the minimum, as a constraint on the final hand."""

    sources: tuple[str, ...]
    doubles: int
    tiles: frozenset[int] | None
    """The tile kinds the hand may hold (None: any)."""
    chows: bool
    pungs: tuple[int, ...]
    """The kinds the hand must hold a pung or kong of."""

    def missing(self, counts: Sequence[int], melds: Sequence[Meld], live: Sequence[int],
                max_chows: int | None = None, chows: bool = True) -> int | None:
        """Fewest tiles the concealed ``counts`` (any number of tiles) lack for a complete hand that meets this
        route beside the declared ``melds``; None when the route is out of reach: a declared set breaks it, or
        a pung it needs has too few copies left (``live``: copies not in sight, the hand's own included, as
        the engine counts them). ``max_chows``: the most chows a hand may hold (None: any number); ``chows``
        False: the hand may hold none (a goulash hand)."""
        tiles, pungs = self.tiles, list(self.pungs)
        chows = chows and self.chows
        shown_chows = 0
        for meld in melds:
            if meld.kind is MeldKind.CHOW:
                if not chows:
                    return None
                shown_chows += 1
            if tiles is not None and any(t < NUM_KINDS and t not in tiles for t in meld.tiles):
                return None
            if meld.kind in (MeldKind.PUNG, MeldKind.KONG) and meld.tile in pungs:
                pungs.remove(meld.tile)
        sets = 4 - len(melds)
        held = list(counts) if tiles is None else [counts[t] if t in tiles else 0 for t in range(NUM_KINDS)]
        lacking = 0
        for t in pungs:
            if held[t] + live[t] < 3 or sets <= 0:
                return None
            have = min(3, held[t])
            held[t] -= have
            lacking += 3 - have
            sets -= 1
        left = None if max_chows is None else max(0, max_chows - shown_chows)
        return lacking + missing_tiles(held, sets, chows=chows, max_chows=left)


def routes(ruleset: Ruleset | None, env: Env) -> tuple[Route, ...]:
    """Every route to the ruleset's minimum of doubles for a seat (its own and the round's wind), fewest sources
    first; none where the ruleset sets no minimum. A route lists no source it could do without."""
    if ruleset is None or ruleset.min_doubles <= 0:
        return ()
    minimum = ruleset.min_doubles
    sources = _sources(ruleset, env)
    found: list[Route] = []
    for size in range(1, _MOST_SOURCES + 1):
        for combo in itertools.combinations(sources, size):
            doubles = sum(s.doubles for s in combo)
            if doubles < minimum or any(doubles - s.doubles >= minimum for s in combo):
                continue
            route = _combine(combo)
            if route is not None:
                found.append(route)
    # A route whose every hand meets a looser one is never nearer than it (All Simples in one suit is One Suit).
    return tuple(r for r in found if not any(o is not r and _looser(o, r) for o in found))


def _looser(a: Route, b: Route) -> bool:
    """Whether every hand that meets route ``b`` meets ``a`` too (and they differ)."""
    tiles = a.tiles is None or (b.tiles is not None and b.tiles <= a.tiles)
    pungs = set(a.pungs) <= set(b.pungs)
    return tiles and pungs and (a.chows or not b.chows) and (a.tiles, a.chows, a.pungs) != (b.tiles, b.chows, b.pungs)


def _sources(ruleset: Ruleset, env: Env) -> list[_Source]:
    excluded = set(ruleset.min_doubles_not_counting)
    pungs = [0] * NUM_KINDS
    found: list[_Source] = []
    for item in ruleset.scoring:
        if not item.allowed or item.doubles <= 0 or item.id in excluded:
            continue
        selector = item.for_each
        if isinstance(selector, SetSelector):
            # A pung's doubles (a concealed one's alone would forbid claiming it: not a route worth planning).
            if selector.kinds & {"pung", "kong"} and selector.exposed is None and selector.tile is not None:
                for t in range(NUM_KINDS):
                    if selector.tile.match(t, {}, env) is not None:
                        pungs[t] += item.doubles
        elif selector is None and len(item.when) == 1:
            for tiles, chows, suit in _shapes(item.when[0]):
                found.append(_Source(item.id, item.doubles, tiles, chows, suit=suit))
    found[:0] = [_Source(f"pung:{t}", pungs[t], pung=t) for t in range(NUM_KINDS) if pungs[t]]
    return found


def _combine(combo: Sequence[_Source]) -> Route | None:
    """The route of sources that can all hold in one hand, or None."""
    tiles: frozenset[int] | None = None
    suits = {s.suit for s in combo if s.suit is not None}
    names = [s.name for s in combo]
    if len(suits) > 1 or len(set(names)) < len(names):
        return None
    for source in combo:
        if source.tiles is not None:
            tiles = source.tiles if tiles is None else tiles & source.tiles
    pungs = tuple(s.pung for s in combo if s.pung is not None)
    if tiles is not None and (not tiles or any(t not in tiles for t in pungs)):
        return None
    return Route(tuple(names), sum(s.doubles for s in combo), tiles, all(s.chows for s in combo), pungs)


OUT_OF_REACH = 8
"""Tiles from ready of a hand with no route in reach: farther than any hand can be."""


class Nearest(NamedTuple):
    """Where a hand stands on its routes to the minimum."""

    distance: int
    """Tiles from ready by the nearest routes (shanten: 0 ready)."""
    routes: tuple[Route, ...]
    """The nearest routes."""


def _nearest(found: Iterable[tuple[int, Route]]) -> Nearest | None:
    """The nearest of ``(missing tiles, route)``; None when there are none."""
    found = list(found)
    if not found:
        return None
    best = min(m for m, _ in found)
    return Nearest(best - 1, tuple(r for m, r in found if m == best))


class RoutePlanner:
    """A player's routes to the minimum, per seat and round wind, and the nearest of them to a hand."""

    def __init__(self, ruleset: Ruleset, max_chows: int | None) -> None:
        self.ruleset = ruleset
        self.max_chows = max_chows
        self._routes: dict[Env, tuple[Route, ...]] = {}

    def routes(self, env: Env) -> tuple[Route, ...]:
        found = self._routes.get(env)
        if found is None:
            found = self._routes[env] = routes(self.ruleset, env)
        return found

    def nearest(self, counts: Sequence[int], melds: Sequence[Meld], env: Env, live: Sequence[int],
                chows: bool = True) -> Nearest | None:
        """The nearest routes for the concealed ``counts`` (a hand between discards); None when no route is in
        reach."""
        found = ((route.missing(counts, melds, live, self.max_chows, chows), route) for route in self.routes(env))
        return _nearest((m, r) for m, r in found if m is not None)

    def after_discards(self, counts: Sequence[int], melds: Sequence[Meld], env: Env, live: Sequence[int],
                       chows: bool = True) -> dict[int, Nearest] | None:
        """For each kind ``counts`` (a hand about to discard) holds, the nearest routes after discarding it;
        None when no route is in reach.

        A discard costs a route at most one tile, and none when the route does not allow the tile: so only
        the routes at most one tile farther than the nearest are weighed, and each only for its own tiles."""
        whole = []
        for route in self.routes(env):
            missing = route.missing(counts, melds, live, self.max_chows, chows)
            if missing is not None:
                whole.append((missing, route))
        if not whole:
            return None
        best = min(m for m, _ in whole)
        weighed = [(m, r) for m, r in whole if m <= best + 1]
        after = list(counts)
        found: dict[int, Nearest] = {}
        for d in range(NUM_KINDS):
            if not counts[d]:
                continue
            after[d] -= 1
            distances = []
            for missing, route in weighed:
                now = (route.missing(after, melds, live, self.max_chows, chows)
                       if route.tiles is None or d in route.tiles else missing)
                if now is not None:
                    distances.append((now, route))
            after[d] += 1
            found[d] = _nearest(distances) or Nearest(OUT_OF_REACH, ())
        return found
