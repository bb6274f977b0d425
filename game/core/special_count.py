"""The least distance to a special-hand pattern by counting over its instantiations instead of searching.

Most special hands are a few sets of named tiles, or of tiles a suit or number variable picks: the ways to give
every element a tile (its *instantiations*) are a few dozen to a few thousand. They are listed once per pattern
(and per seat and round wind where a spec reads them), as the concealed tiles each wants, and for a hand with
declared sets again once per such sets (where there are at most ``_MOST_KEPT``; with more, those hands get only a
bound). The tiles a hand lacks for one of them is what it wants less, kind by kind, what it holds of those; kept
as tables of ``min(wanted, held)`` per kind, one byte an instantiation in one integer, a hand is measured against
all of them in a few additions, one per kind it holds.

The count is the least distance the search of :mod:`game.core.special_distance` finds when its budget does not
run out: the same elements and bindings, the same declared sets taken (each by one element of its kind, exposed
ones by elements that need not be concealed), the same order of twins (distinct twins differ only among their
concealed tiles), the same four tiles of a kind at most among the concealed ones, and the same jokers (each makes
up a missing tile of a pung or kong beside a natural tile, as the search counts them element by element). The
search still picks which instantiation, and where its budget runs out what it had by then; knowing the least
distance, it stops as soon as it reaches it, and a hand farther than the search's cutoff is not searched at all.

A pattern with too many instantiations (pairs of any tiles, kongs of any tiles, the knitted hands) is left to
the search alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from game.core.melds import Meld, MeldKind
from game.core.patterns import (
    JOKER_KINDS,
    MELD_KINDS,
    AllOf,
    AnyOf,
    Bindings,
    Element,
    Env,
    NotSpec,
    Pattern,
    SeatTile,
    Spec,
    SuitNumber,
    TileSet,
    TileVar,
)
from game.core.tiles import NUM_KINDS

_MOST_INSTANTIATIONS = 6000
"""Past this many instantiations a pattern is left to the search (listing it would cost more than it saves)."""
_MOST_STEPS = 40_000
"""Past this many steps of listing (specs refusing most tiles can take many for few instantiations), likewise."""
_MOST_KEPT = 1000
"""Patterns with at most this many instantiations keep each as its elements' tiles: with declared sets they are
counted exactly, the declared sets given to their elements in every way the search would (more are bounded)."""
_MOST_MELD_SETS = 256
"""Declared sets remembered per pattern; past it they are worked out afresh."""

_FIELD = 8
"""Bits per kind: a byte, as :class:`_Tables` reads them."""
_BLOCK = NUM_KINDS * _FIELD
"""Bits per instantiation."""


def tiles_of(kind: str, t: int) -> tuple[int, ...]:
    """The concealed tiles an element of ``kind`` at tile ``t`` wants."""
    if kind == "chow":
        return (t, t + 1, t + 2)
    if kind == "kong":
        return (t,) * 4
    if kind == "pair":
        return (t, t)
    if kind == "single":
        return (t,)
    return (t, t, t)  # pung, and pung_or_kong built as a pung (a fourth tile is never required)


def candidates(el: Element) -> list[int]:
    """The tiles an element may be given concealed, in order: its spec's, and a chow's lowest within a suit."""
    tiles = sorted(t for t in el.spec.static if t < NUM_KINDS)
    if el.kind == "chow":
        tiles = [t for t in tiles if t < 27 and t % 9 <= 6]
    return tiles


def _pack(counts: Sequence[int] | dict[int, int]) -> int:
    items = counts.items() if isinstance(counts, dict) else enumerate(counts)
    return sum(n << (_FIELD * x) for x, n in items if n)


def reads_winds(spec: Spec) -> bool:
    """Whether what ``spec`` accepts may depend on the seat or round wind (a spec of a kind not known here might)."""
    if isinstance(spec, SeatTile):
        return True
    if isinstance(spec, TileSet | SuitNumber):
        return False
    if isinstance(spec, TileVar | NotSpec):
        return reads_winds(spec.inner)
    if isinstance(spec, AnyOf):
        return any(reads_winds(s) for s in spec.options)
    if isinstance(spec, AllOf):
        return any(reads_winds(s) for s in spec.parts)
    return True


@dataclass(frozen=True)
class _Leaves:
    """Instantiations as what each wants concealed, packed one a block."""

    count: int
    needs: int
    """Each instantiation's concealed tiles, 8 bits a kind."""
    fills: int = 0
    """Each instantiation's concealed pungs and kongs, which jokers may fill: their size at their kind."""
    fills_after: int = 0
    """Those of a kind one tile of which an element before them takes (a single before a pung of the same
    tile): their size plus one at their kind (see :func:`_least`)."""

    @classmethod
    def of(cls, leaves: set[tuple[int, int, int]]) -> _Leaves:
        ordered = sorted(leaves)  # one order whatever the set's hashing
        return cls(len(ordered), *(_joined(leaf[part] for leaf in ordered) for part in range(3)))

    @cached_property
    def tables(self) -> _Tables:
        return _Tables.of(self)

    @cached_property
    def wants(self) -> bytes:
        """``needs`` as bytes, a kind a byte: an instantiation's tiles are a slice of it (shifting the packed
        integer down to one costs a pass over all of it, a few thousand instantiations for some patterns)."""
        return self.needs.to_bytes(self.count * (_BLOCK // 8), "little")

    def want(self, n: int) -> tuple[int, ...]:
        """The concealed tiles the ``n``-th instantiation wants, a count a kind (34 entries)."""
        size = _BLOCK // 8
        return tuple(self.wants[n * size:(n + 1) * size])


@dataclass(frozen=True)
class _Tables:
    """Instantiations kind by kind, for :func:`_lacking`: each value one byte an instantiation, in their order,
    as an integer."""

    total: int
    """The tiles each wants."""
    needs: dict[int, tuple[int, ...]]
    """For each kind some instantiation wants, by the copies held ``h`` (past the last: as the last): ``min(h,
    wanted)``."""
    fill_total: int
    """The tiles jokers may fill in each when no kind is held."""
    fills: dict[int, tuple[int, ...]] | None
    """For each kind of a fillable set, by the copies held: how many fewer they may fill (None: no such set)."""

    @classmethod
    def of(cls, leaves: _Leaves) -> _Tables:
        size, count = _BLOCK // 8, leaves.count

        none = bytes(count)

        def columns(packed: int) -> dict[int, bytes]:
            raw = packed.to_bytes(count * size, "little")
            return {t: column for t in range(NUM_KINDS) if (column := raw[t::size]) != none}

        wanted = columns(leaves.needs)
        # (an instantiation wants 18 tiles at most, four kongs and a pair: the columns add up without carrying)
        total = sum(map(_int, wanted.values()))
        needs = {t: tuple(_int(column.translate(_at_most(h))) for h in range(max(column) + 1))
                 for t, column in wanted.items()}
        if not (leaves.fills or leaves.fills_after):
            return cls(total, needs, 0, None)
        fills, after = columns(leaves.fills), columns(leaves.fills_after)
        fill_total, rows = 0, {}
        for t in sorted(fills.keys() | after.keys()):
            f, a = fills.get(t, none), after.get(t, none)
            # What one pung or kong (after a tile of its kind or not) keeps of its fill with ``h`` held.
            kept = [_int(f.translate(_at_most(max(h, 1)))) + _int(a.translate(_at_most(max(h, 2)))) for h in range(5)]
            fill_total += _int(f) + _int(a) - kept[0]
            rows[t] = tuple(k - kept[0] for k in kept)
        return cls(total, needs, fill_total, rows)


def _int(column: bytes) -> int:
    return int.from_bytes(column, "little")


def _joined(blocks: Iterable[int]) -> int:
    """One packed instantiation after another, as one integer (joined as bytes: shifting each in is quadratic)."""
    return int.from_bytes(b"".join(block.to_bytes(_BLOCK // 8, "little") for block in blocks), "little")


@dataclass(frozen=True)
class _Listed:
    """A pattern's instantiations under one seat and round wind."""

    exact: _Leaves
    """Those a hand with no declared set may be: four of a kind at most, distinct twins distinct."""
    loose: _Leaves
    """Every one, each element concealed: distinct twins may share a tile and a kind be wanted more than four
    times (a declared set may take one of them), jokers left out. Hands with declared sets are measured against
    these, for a bound."""
    assignments: tuple[tuple[int, ...], ...] | None
    """Every one as the tile of each element (as ``loose``), where they are few."""
    by_place: dict[tuple[int, int], tuple[int, ...]]
    """For each (element, tile), the assignments giving that element that tile."""


class Counter:
    """Counts the least distance to one pattern (see the module's docs); one per pattern, kept by the search's
    per-pattern data."""

    def __init__(self, pattern: Pattern) -> None:
        self.pattern = pattern
        elements = pattern.elements
        self.options = [set(candidates(el)) for el in elements]
        self.twins = [i > 0 and el.twin >= 0 and elements[i - 1].twin == el.twin for i, el in enumerate(elements)]
        # Twins are told apart by their order only when they are alike (the search assumes it too).
        self.usable = bool(elements) and all(
            not twin or (el.kind, el.spec, el.concealed, el.distinct) == (prev.kind, prev.spec, prev.concealed,
                                                                          prev.distinct)
            for twin, el, prev in zip(self.twins[1:], elements[1:], elements, strict=False))
        self.groups = self._groups()
        self.winds = any(reads_winds(el.spec) for el in elements)
        self.wanted = [{t: _pack(_counted(tiles_of(el.kind, t))) for t in row}
                       for el, row in zip(elements, self.options, strict=True)]
        """Each element's tiles at each of its options, packed."""
        self.fillable = [len(tiles_of(el.kind, 0)) if el.kind in JOKER_KINDS else 0 for el in elements]
        """Each element's size where jokers may fill it, else 0."""
        self.pairs = [tuple((a, c) for a, c in pattern.different if {a, c} & el.spec.variables()) for el in elements]
        """Each element's ``different`` pairs naming a variable of its spec (the only ones it can break)."""
        self.listed: dict[tuple[int, int], _Listed | None] = {}
        self.declared: dict[tuple[tuple[int, int], tuple[tuple[MeldKind, int, bool], ...]], _Leaves] = {}

    def _groups(self) -> list[tuple[int, ...]]:
        """The runs of distinct twins, each as its elements."""
        found: list[tuple[int, ...]] = []
        elements = self.pattern.elements
        for i, el in enumerate(elements):
            if self.twins[i] and el.distinct:
                if found and found[-1][-1] == i - 1:
                    found[-1] += (i,)
                else:
                    found.append((i - 1, i))
        return found

    def least(self, counts: Sequence[int], melds: Sequence[Meld], env: Env, jokers: int) -> tuple[int, bool] | None:
        """The fewest tiles ``counts`` (with ``jokers`` concealed jokers and the declared ``melds``) lack for the
        pattern (at least ``NONE`` when no instantiation fits), and whether that is exact: with declared sets and
        more than ``_MOST_KEPT`` instantiations it is only a bound (never more than the search's). None when the
        pattern is not counted."""
        listed = self._listed(env)
        if listed is None:
            return None
        leaves = self._exact(listed, env, melds)
        if leaves is not None:
            return (_least(leaves, counts, jokers) if leaves.count else NONE), True
        return self._bound(listed, counts, melds, jokers)

    def loose_least(self, counts: Sequence[int], env: Env) -> int | None:
        """The fewest natural tiles ``counts`` lack for any instantiation, each element concealed, four of a kind
        not the most and twins not kept apart (so no fewer than any hand with jokers making up some of them can
        lack); None where the instantiations are not listed yet (this never lists them)."""
        listed = self.listed.get((env.seat_wind, env.round_wind) if self.winds else (0, 0))
        return None if listed is None else _least(listed.loose, counts, 0)

    def nearest(self, counts: Sequence[int], melds: Sequence[Meld], env: Env,
                jokers: int) -> tuple[int, tuple[int, ...]] | None:
        """The fewest tiles ``counts`` lack for the pattern (as :meth:`least`) and the concealed tiles of the
        first listed instantiation that lacks that few (34 entries); ``(NONE, ())`` when none fits. None where
        the count is not exact (not counted, or declared sets beside too many instantiations): there only the
        search tells an instantiation."""
        listed = self._listed(env)
        if listed is None:
            return None
        leaves = self._exact(listed, env, melds)
        if leaves is None:
            return None
        if not leaves.count:
            return NONE, ()
        lacking = _lacking(leaves, counts, jokers)
        least = _least_in(lacking, 0, leaves.count)
        return least, leaves.want(lacking.index(least))

    def is_listed(self, env: Env) -> bool:
        """Whether the pattern's instantiations are listed (not too many) under the winds of ``env``."""
        return self._listed(env) is not None

    def _listed(self, env: Env) -> _Listed | None:
        if not self.usable:
            return None
        winds = (env.seat_wind, env.round_wind) if self.winds else (0, 0)
        if winds not in self.listed:
            self.listed[winds] = self._list(env)
        return self.listed[winds]

    def _exact(self, listed: _Listed, env: Env, melds: Sequence[Meld]) -> _Leaves | None:
        """The instantiations a hand with the declared ``melds`` may be, where they are known one by one."""
        if not melds:
            return listed.exact
        if listed.assignments is None or not all(m.tile < NUM_KINDS for m in melds):
            return None
        winds = (env.seat_wind, env.round_wind) if self.winds else (0, 0)
        key = (winds, tuple((m.kind, m.tile, m.exposed) for m in melds))
        leaves = self.declared.get(key)
        if leaves is None:
            if len(self.declared) >= _MOST_MELD_SETS:
                self.declared.clear()
            leaves = self.declared[key] = self._with_declared(listed, melds)
        return leaves

    def _bound(self, listed: _Listed, counts: Sequence[int], melds: Sequence[Meld],
               jokers: int) -> tuple[int, bool] | None:
        # A declared set takes the tiles its element would want concealed (those of a pung or kong in full, the
        # jokers in it standing for its tile); as held tiles they lack no fewer.
        held = list(counts)
        for meld in melds:
            t = meld.tile
            if t >= NUM_KINDS:
                return None
            if meld.kind is MeldKind.CHOW:
                for x in meld.tiles:
                    held[x] += 1
            else:
                held[t] += len(meld.tiles)
        return max(0, _least(listed.loose, held, 0) - jokers), False

    def _list(self, env: Env) -> _Listed | None:
        """Walk every instantiation (as the search does, without a hand), adding up what each wants as it goes."""
        pattern = self.pattern
        elements, options, twins, pairs = pattern.elements, self.options, self.twins, self.pairs
        distinct = [twin and el.distinct for twin, el in zip(twins, elements, strict=True)]
        wanted, fillable = self.wanted, self.fillable
        exact: set[tuple[int, int, int]] = set()
        loose: set[int] = set()
        kept: list[tuple[int, ...]] = []
        tiles: list[int] = []
        steps = 0

        def walk(i: int, b: Bindings, low: int, need: int, fill: int, fill_after: int, fits: bool) -> bool:
            nonlocal steps
            if i == len(elements):
                loose.add(need)
                if len(kept) <= _MOST_KEPT:
                    kept.append(tuple(tiles))
                if fits and not (need + _ELEVENS) & _HIGH:  # no kind wanted more than four times
                    exact.add((need, fill, fill_after))
                return len(loose) <= _MOST_INSTANTIATIONS
            spec = elements[i].spec
            if not twins[i]:
                low = -1
            for t in spec.candidates(b, env):
                steps += 1
                if steps > _MOST_STEPS:
                    return False
                if t < low or t not in options[i]:
                    continue
                nb = spec.match(t, b, env)
                if nb is None or (nb is not b and any(nb.get(x) is not None and nb.get(x) == nb.get(y)
                                                      for x, y in pairs[i])):
                    continue
                tiles.append(t)
                filled = _filled(need, t, fillable[i], fill, fill_after) if fillable[i] else (fill, fill_after)
                going = walk(i + 1, nb, t, need + wanted[i][t], *filled, fits and not (distinct[i] and t == low))
                tiles.pop()
                if not going:
                    return False
            return True

        if not walk(0, {}, -1, 0, 0, 0, True) or not loose:
            return None
        assignments = tuple(kept) if len(kept) <= _MOST_KEPT else None
        by_place: dict[tuple[int, int], list[int]] = {}
        for n, assignment in enumerate(assignments or ()):
            for i, t in enumerate(assignment):
                by_place.setdefault((i, t), []).append(n)
        return _Listed(_Leaves.of(exact), _Leaves.of({(need, 0, 0) for need in loose}), assignments,
                       {place: tuple(ns) for place, ns in by_place.items()})

    def _with_declared(self, listed: _Listed, melds: Sequence[Meld]) -> _Leaves:
        """The instantiations a hand with the declared ``melds`` may be: each declared set taken by an element of
        its kind and tile (an exposed one by an element that need not be concealed), the rest concealed."""
        elements = self.pattern.elements
        takers = [[i for i, el in enumerate(elements) if m.kind in MELD_KINDS[el.kind]
                   and not (el.concealed and m.exposed)] for m in melds]
        assignments = listed.assignments or ()
        tiles = tuple(m.tile for m in melds)
        found: set[tuple[int, int, int]] = set()
        concealed = self._concealed
        for n in _holding(listed.by_place, takers, tiles):
            for declared in _matchings(assignments[n], tiles, takers):
                leaf = concealed(assignments[n], declared)
                if leaf is not None:
                    found.add(leaf)
        return _Leaves.of(found)

    def _concealed(self, assignment: tuple[int, ...], declared: frozenset[int]) -> tuple[int, int, int] | None:
        """What ``assignment`` wants concealed, the ``declared`` elements taking declared sets, and its
        joker-fillable sets (as in :class:`_Leaves`), packed; None when it wants more than four of a kind
        concealed or distinct twins share a concealed tile (a declared set may share a distinct twin's tile)."""
        for group in self.groups:
            concealed = [assignment[i] for i in group if i not in declared]
            if len(set(concealed)) < len(concealed):
                return None
        need = fill = fill_after = 0
        fillable, wanted = self.fillable, self.wanted
        for i, t in enumerate(assignment):
            if i not in declared:
                if fillable[i]:
                    fill, fill_after = _filled(need, t, fillable[i], fill, fill_after)
                need += wanted[i][t]
        if (need + _ELEVENS) & _HIGH:
            return None
        return need, fill, fill_after


NONE = 1 << 30
"""The distance where no instantiation fits."""


class Discarded(NamedTuple):
    """A hand's discards measured against a batch (:meth:`Batch.lacking_after_discards`)."""

    runs: dict[int, tuple[int, int]]
    """Each joined pattern's run of instantiations (its start and end), by the pattern's ``id``."""
    lacking: dict[int, bytes]
    """For each kind discarded, the tiles the hand left lacks for each joined instantiation, a byte each."""
    want: Callable[[int], tuple[int, ...]]
    """The concealed tiles the ``n``-th joined instantiation wants (34 entries)."""


class Batch:
    """Many patterns' counts at once, for a hand measured against all of them (a computer player weighing every
    special hand of its ruleset): their instantiations joined one after another, so a hand lacks what it lacks
    for all of them in one pass of :func:`_lacking`, and each pattern reads its own bytes. The same answers as
    :meth:`Counter.nearest` for a hand with no declared set (every byte is worked out on its own)."""

    def __init__(self, counters: Iterable[Counter]) -> None:
        self.counters = tuple(dict.fromkeys(c for c in counters if c.usable))
        self.winds = any(c.winds for c in self.counters)
        self._joined: dict[tuple[int, int], tuple[_Leaves, dict[int, tuple[int, _Leaves]]]] = {}
        self._last: tuple[object, bytes] = (None, b"")
        """The last hand measured and what it lacks for every joined instantiation (replaced whole)."""
        self._last_least: tuple[object, dict[int, int]] = (None, {})
        """The last hand measured and the least it lacks for each pattern (replaced whole)."""
        self._declared: dict[tuple[tuple[int, int], tuple], tuple[_Leaves, dict[int, tuple[int, _Leaves]]]] = {}
        """The instantiations joined for a hand with declared sets, by the winds and those sets."""
        self._last_declared: tuple[object, dict[int, int]] = (None, {})
        self._runs: dict[int, tuple[dict[int, tuple[int, _Leaves]], dict[int, tuple[int, int]]]] = {}
        """For each joining's places (by ``id``, kept beside them), each pattern's run: its ``id``, start and end."""
        self._base: tuple[object, tuple[int, ...], int, int] = (None, (), 0, 0)
        """The last hand worked out in full (its winds and jokers, its counts) and its :func:`_parts`."""

    def nearest(self, counter: Counter, counts: Sequence[int], env: Env, jokers: int,
                least: int | None = None) -> tuple[int, tuple[int, ...]] | None:
        """As ``counter.nearest(counts, (), env, jokers)``; None also for a counter not in the batch. ``least``: the
        fewest tiles the hand lacks for it, where that is known already (:meth:`least_by_pattern`)."""
        winds = (env.seat_wind, env.round_wind) if self.winds else (0, 0)
        leaves, places = self._winds_joined(winds, env)
        place = places.get(id(counter))
        if place is None:
            return None
        start, own = place
        if not own.count:
            return NONE, ()
        lacking = self._lacking(leaves, counts, winds, jokers)
        if least is None:
            least = _least_in(lacking, start, start + own.count)
        return least, own.want(lacking.index(least, start) - start)

    def least_by_pattern(self, counts: Sequence[int], env: Env, jokers: int, below: int = NONE) -> dict[int, int]:
        """For each pattern of the batch (by ``id``), what :meth:`nearest` tells first: the fewest tiles the hand
        lacks for it (``NONE`` where no instantiation fits), all worked out at once; ``below``: where that is
        ``below`` or more, ``below`` (for a caller that leaves out every pattern lacking so many)."""
        winds = (env.seat_wind, env.round_wind) if self.winds else (0, 0)
        key = (tuple(counts), winds, jokers, below)
        last, found = self._last_least
        if last == key:
            return found
        leaves, places = self._winds_joined(winds, env)
        found = self._leasts(places, self._lacking(leaves, counts, winds, jokers), below)
        self._last_least = (key, found)
        return found

    def least_with_declared(self, counts: Sequence[int], melds: Sequence[Meld], env: Env,
                            jokers: int, below: int = NONE) -> dict[int, int]:
        """As :meth:`least_by_pattern` for a hand with the declared ``melds``: each pattern whose instantiations
        with them are known one by one (:meth:`Counter.nearest` tells them), the others left out."""
        situation = self._declared_situation(env, melds)
        key = (tuple(counts), situation, jokers, below)
        last, found = self._last_declared
        if last == key:
            return found
        leaves, places = self._declared_joined(situation, env, melds)
        # (keyed by the declared sets too, so a discard after the whole hand is costed from it here as well)
        found = self._leasts(places, self._lacking(leaves, counts, situation, jokers) if leaves.count
                             else b"", below)
        self._last_declared = (key, found)
        return found

    def lacking_after_discards(self, counts: Sequence[int], melds: Sequence[Meld], env: Env, jokers: int,
                               kinds: Sequence[int], patterns: Iterable[Pattern]) -> Discarded | None:
        """What the hand ``counts`` (with ``jokers`` and the declared ``melds``) lacks for every instantiation
        joined for it, once each of ``kinds`` (each held) is discarded, as :meth:`least_by_pattern` and
        :meth:`least_with_declared` read it: a hand's discards weighed at once, each changing only its kind's
        terms from the whole hand's. None unless each of ``patterns`` is joined (counted one by one)."""
        situation: object
        if melds:
            situation = declared = self._declared_situation(env, melds)
            leaves, places = self._declared_joined(declared, env, melds)
        else:
            situation = winds = (env.seat_wind, env.round_wind) if self.winds else (0, 0)
            leaves, places = self._winds_joined(winds, env)
        runs = self._runs_of(places)
        if not all(id(pattern) in runs for pattern in patterns):
            return None
        if not leaves.count:
            return Discarded(runs, dict.fromkeys(kinds, b""), leaves.want)
        held = tuple(counts)
        matched, fill = self._whole_parts(leaves, held, (situation, jokers), jokers)
        return Discarded(runs, {t: _from_parts(leaves, *_one_less(leaves, matched, fill, jokers, t, held[t]), jokers)
                                for t in kinds}, leaves.want)

    def _declared_situation(self, env: Env, melds: Sequence[Meld]) -> tuple[tuple[int, int], tuple]:
        """What the instantiations joined for a hand with the declared ``melds`` are kept by: the winds they read,
        and the sets."""
        winds = (env.seat_wind, env.round_wind) if self.winds else (0, 0)
        return winds, tuple((m.kind, m.tile, m.exposed) for m in melds)

    def _winds_joined(self, winds: tuple[int, int], env: Env) -> tuple[_Leaves, dict[int, tuple[int, _Leaves]]]:
        joined = self._joined.get(winds)
        if joined is None:
            joined = self._joined[winds] = self._join(env)
        return joined

    def _declared_joined(self, key: tuple[tuple[int, int], tuple], env: Env,
                         melds: Sequence[Meld]) -> tuple[_Leaves, dict[int, tuple[int, _Leaves]]]:
        joined = self._declared.get(key)
        if joined is None:
            if len(self._declared) >= _MOST_MELD_SETS:
                self._declared.clear()
            joined = self._declared[key] = self._join(env, melds)
        return joined

    def _whole_parts(self, leaves: _Leaves, held: tuple[int, ...], situation: object, jokers: int) -> tuple[int, int]:
        """:func:`_parts` of the hand ``held`` in ``situation`` (its winds, declared sets and jokers), kept as the
        base that a hand one tile short of it is told from."""
        base, before, matched, fill = self._base
        if base == situation and before == held:
            return matched, fill
        parts = _parts(leaves, held, jokers)
        self._base = (situation, held, *parts)
        return parts

    def _leasts(self, places: dict[int, tuple[int, _Leaves]], lacking: bytes, below: int) -> dict[int, int]:
        """Each placed pattern's least of ``lacking`` (its run of the joined instantiations) below ``below``, else
        ``below``, by its ``id``."""
        runs = self._runs_of(places)
        if below >= 256:
            return {pattern: least_below(lacking, start, end, below) if end > start else below
                    for pattern, (start, end) in runs.items()}
        # Most patterns lack ``below`` or more in every instantiation (out of the caller's reach): one pass marks
        # the instantiations lacking fewer, and only a run holding one is read for its least.
        near = lacking.translate(_under(below))
        return {pattern: least_below(lacking, start, end, below) if near.find(1, start, end) >= 0 else below
                for pattern, (start, end) in runs.items()}

    def _runs_of(self, places: dict[int, tuple[int, _Leaves]]) -> dict[int, tuple[int, int]]:
        """Each placed pattern's run of the joined instantiations (its start and end), by the pattern's ``id``."""
        runs = self._runs.get(id(places))
        if runs is None or runs[0] is not places:
            if len(self._runs) >= 2 * _MOST_MELD_SETS:
                self._runs.clear()
            runs = self._runs[id(places)] = (places, {
                id(counter.pattern): (place[0], place[0] + place[1].count) for counter in self.counters
                if (place := places.get(id(counter))) is not None})
        return runs[1]

    def _lacking(self, leaves: _Leaves, counts: Sequence[int], winds: object, jokers: int) -> bytes:
        """:func:`_lacking` of the instantiations joined for ``winds`` (and declared sets, where they are part of
        it); a hand one tile short of the last one worked out in full (each discard weighed after the whole hand)
        costs only that kind's terms."""
        held = tuple(counts)
        key = (held, winds, jokers)
        last, lacking = self._last
        if last == key:
            return lacking
        situation, before, matched, fill = self._base
        parts = None
        if situation == (winds, jokers):
            t = _the_one_less(before, held)
            if t is not None:
                parts = _one_less(leaves, matched, fill, jokers, t, before[t])
        if parts is None:
            parts = self._whole_parts(leaves, held, (winds, jokers), jokers)
        lacking = _from_parts(leaves, *parts, jokers)
        self._last = (key, lacking)
        return lacking

    def _join(self, env: Env, melds: Sequence[Meld] = ()) -> tuple[_Leaves, dict[int, tuple[int, _Leaves]]]:
        places: dict[int, tuple[int, _Leaves]] = {}
        needs = fills = fills_after = count = 0
        for counter in self.counters:
            listed = counter._listed(env)
            if listed is None:
                continue
            if melds:
                # (the patterns these sets rule out at once are left to pattern_target, which says so first)
                pattern = counter.pattern
                if any(not pattern.allowed_mask >> t & 1 for m in melds for t in m.tiles if t < NUM_KINDS) or (
                        pattern.concealed and any(m.exposed for m in melds)):
                    continue
                found = counter._exact(listed, env, melds)
                if found is None:
                    continue
                own = found
            else:
                own = listed.exact
            places[id(counter)] = (count, own)
            shift = _BLOCK * count
            needs |= own.needs << shift
            fills |= own.fills << shift
            fills_after |= own.fills_after << shift
            count += own.count
        if len(places) == 1:
            # One pattern's own listing (a hand of one form): its tables are worked out once, for the batch and
            # for its nearest instantiation alike.
            return next(iter(places.values()))[1], places
        return _Leaves(count, needs, fills, fills_after), places


def _the_one_less(before: tuple[int, ...], after: tuple[int, ...]) -> int | None:
    """The kind ``after`` holds one fewer of than ``before``, where that is their only difference: read as
    numbers of one digit (base 256) a kind, they differ by a power of 256 (each digit's difference being within
    ±4, no other sum of them is one)."""
    if len(before) != len(after):
        return None
    gap = int.from_bytes(bytes(before), "little") - int.from_bytes(bytes(after), "little")
    if gap <= 0 or gap & (gap - 1) or (gap.bit_length() - 1) % 8:
        return None
    return (gap.bit_length() - 1) // 8


def _filled(need: int, t: int, size: int, fill: int, fill_after: int) -> tuple[int, int]:
    """The joker-fillable sets (as in :class:`_Leaves`) with a pung or kong of ``size`` at ``t`` added after
    elements wanting ``need``: with at most four of a kind, a pung has at most one tile of its kind before it
    and a kong none."""
    if need >> (_FIELD * t) & 0xFF:
        return fill, fill_after + ((size + 1) << (_FIELD * t))
    return fill + (size << (_FIELD * t)), fill_after


def _holding(by_place: dict[tuple[int, int], tuple[int, ...]], takers: list[list[int]],
             tiles: tuple[int, ...]) -> Iterable[int]:
    """The assignments (by their place in the listing) giving each declared set's tile (of ``tiles``) to some
    element that may take it (``takers``, each set's): only those can take them all, in any order."""
    found: set[int] | None = None
    for taking, tile in zip(takers, tiles, strict=True):
        here = {n for i in taking for n in by_place.get((i, tile), ())}
        found = here if found is None else found & here
        if not found:
            break
    return found or ()


def _matchings(assignment: tuple[int, ...], tiles: tuple[int, ...], takers: list[list[int]]
               ) -> list[frozenset[int]]:
    """Each way to give every declared set (of ``tiles``) an element of its own taking its tile. (Most hands
    weighed have one or two declared sets, a claim's among them: those are listed at once, without a walk.)"""
    if len(tiles) == 1:
        tile = tiles[0]
        return [frozenset((i,)) for i in takers[0] if assignment[i] == tile]
    if len(tiles) == 2:
        first, second = tiles
        return [frozenset((i, k)) for i in takers[0] if assignment[i] == first
                for k in takers[1] if k != i and assignment[k] == second]
    return list(_matchings_from(assignment, tiles, takers, 0, frozenset()))


def _matchings_from(assignment: tuple[int, ...], tiles: tuple[int, ...], takers: list[list[int]], j: int,
                    used: frozenset[int]) -> Iterator[frozenset[int]]:
    """As :func:`_matchings`, the declared sets from the ``j``-th on, beside the elements ``used``."""
    if j == len(tiles):
        yield used
        return
    tile = tiles[j]
    for i in takers[j]:
        if i not in used and assignment[i] == tile:
            yield from _matchings_from(assignment, tiles, takers, j + 1, used | {i})


def _counted(tiles: tuple[int, ...]) -> dict[int, int]:
    found: dict[int, int] = {}
    for x in tiles:
        found[x] = found.get(x, 0) + 1
    return found


_ELEVENS = 11 * sum(1 << (_FIELD * x) for x in range(NUM_KINDS))
_HIGH = sum(0xF0 << (_FIELD * x) for x in range(NUM_KINDS))
"""Adding eleven to each field reaches its high half where more than four are wanted."""


_FEW = 40
"""Up to this many bytes ``min`` reads them at once faster than looking for each count in turn."""


def _least_in(lacking: bytes, start: int, end: int) -> int:
    """The least byte of ``lacking[start:end]`` (not empty)."""
    return least_below(lacking, start, end, 256)


def least_below(lacking: bytes, start: int, end: int, below: int) -> int:
    """The least byte of ``lacking[start:end]`` (not empty), or ``below`` where none is below it (a least of no use
    to the caller is not looked for). ``min`` makes a Python object of every byte; a long run is read faster by
    looking for 0, 1, 2 … in turn (each a pass in C), as an instantiation lacks few tiles."""
    if end - start <= _FEW:
        least = min(lacking[start:end])
        return least if least < below else below
    for value in range(below):
        if lacking.find(value, start, end) >= 0:
            return value
    return below


def _least(leaves: _Leaves, counts: Sequence[int], jokers: int) -> int:
    """The fewest tiles ``counts`` and ``jokers`` lack for any of ``leaves`` (there is at least one)."""
    return _least_in(_lacking(leaves, counts, jokers), 0, leaves.count)


def _lacking(leaves: _Leaves, counts: Sequence[int], jokers: int) -> bytes:
    """The tiles ``counts`` and ``jokers`` lack for each of ``leaves``, one byte each, in their order.

    An instantiation lacks the tiles it wants less, kind by kind, those of them held: ``min(wanted, held)``
    of each kind held, looked up for every instantiation at once (:class:`_Tables`: one byte an instantiation),
    and summed over the few kinds held; the bytes never carry into one another.

    As the search counts them, ``j`` jokers make up ``min(j, fill)`` of the tiles lacking, ``fill`` summing, over
    the pungs and kongs, the tiles each lacks but one natural tile: ``max(0, size - max(held, 1))`` for a set of
    a kind no element before it takes, and ``max(0, size + 1 - max(held, 2))`` for a pung after one tile of its
    kind (the tile before it takes one of those held)."""
    return _from_parts(leaves, *_parts(leaves, counts, jokers), jokers)


def _parts(leaves: _Leaves, counts: Sequence[int], jokers: int) -> tuple[int, int]:
    """What :func:`_lacking` sums over the kinds held: the tiles held that each instantiation wants, and (with
    jokers) the tiles the jokers may fill in each, one byte an instantiation (the bytes never carry)."""
    tables = leaves.tables
    held = [(t, n) for t, n in enumerate(counts) if n]
    matched = 0
    for t, n in held:
        row = tables.needs.get(t)
        if row is not None:
            matched += row[n if n < len(row) else -1]
    fill = 0
    if jokers and tables.fills is not None:
        fill = tables.fill_total
        for t, n in held:
            row = tables.fills.get(t)
            if row is not None:
                fill -= row[n if n < len(row) else -1]
    return matched, fill


def _one_less(leaves: _Leaves, matched: int, fill: int, jokers: int, t: int, n: int) -> tuple[int, int]:
    """:func:`_parts` of a hand holding ``n`` of kind ``t`` from those of the same hand with one fewer of them:
    only kind ``t``'s terms change (each row starts at 0 for none held)."""
    tables = leaves.tables
    row = tables.needs.get(t)
    if row is not None:
        matched += row[n - 1 if n - 1 < len(row) else -1] - row[n if n < len(row) else -1]
    if jokers and tables.fills is not None:
        row = tables.fills.get(t)
        if row is not None:
            fill += row[n if n < len(row) else -1] - row[n - 1 if n - 1 < len(row) else -1]
    return matched, fill


def _from_parts(leaves: _Leaves, matched: int, fill: int, jokers: int) -> bytes:
    lacking = leaves.tables.total - matched
    if jokers and leaves.tables.fills is not None:
        # The jokers fill at most ``fill`` of the tiles lacking, never more than they lack (a fillable tile is a
        # lacking one), so the bytes subtract without borrowing.
        lacking -= int.from_bytes(fill.to_bytes(leaves.count, "little").translate(_at_most(jokers)), "little")
    return lacking.to_bytes(leaves.count, "little")


_UNDER: dict[int, bytes] = {}


def _under(below: int) -> bytes:
    """A table for ``bytes.translate`` taking each byte under ``below`` to 1, the others to 0."""
    table = _UNDER.get(below)
    if table is None:
        table = _UNDER[below] = bytes(int(b < below) for b in range(256))
    return table


_AT_MOST: dict[int, bytes] = {}


def _at_most(jokers: int) -> bytes:
    """A table for ``bytes.translate`` taking each byte to at most ``jokers``."""
    table = _AT_MOST.get(jokers)
    if table is None:
        table = _AT_MOST[jokers] = bytes(min(jokers, b) for b in range(256))
    return table
