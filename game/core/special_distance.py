"""Tiles from ready for special hands: how far a hand is from each of the ruleset's special-hand patterns.

A pattern (:class:`game.core.patterns.Pattern`) lists elements (pungs, kongs, chows, pairs, single tiles), each
with a tile spec that may bind variables. The distance to it is the fewest tiles the hand still lacks over
every way to give each element a tile, minus one, so it reads like shanten: -1 complete, 0 one tile away.
Declared sets must each be taken by an element of their kind; a pattern that needs a concealed hand is out
of reach once a set is exposed.

The search is a depth-first walk over the elements with branch and bound: an element's cheapest cost on its
own is a lower bound for it, so the walk stops as soon as the tiles already missing plus those bounds reach
the best found. A node budget keeps every call short; when it runs out the answer is the best found so far
(still a distance some real instantiation reaches, never an underestimate).

Some patterns have a closed form (:func:`_closed_form`): fixed tiles plus copies of one element over a fixed set
of tiles, as Seven Pairs and Thirteen Orphans are. Their exact distance is worked out directly; the search then
stops as soon as it reaches it, and where the budget runs out first the closed form's instantiation is the
answer, so a budget never makes those distances worse.

Most patterns' instantiations are few enough to list (:mod:`game.core.special_count`): the least distance, counted
over them, rejects a hand beyond the cutoff without a walk, and is the floor the walk stops at. The walk still
picks the instantiation, so the answers, also where a budget runs out, are what the walk alone gives.

Concealed jokers (the Western game) make up missing tiles of pung and kong elements, one natural tile always
kept, as in :mod:`game.core.patterns`; they never make up a pair, a single tile or a chow.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import product
from operator import itemgetter
from typing import NamedTuple

from game.core.melds import Meld, MeldKind
from game.core.patterns import JOKER_KINDS, MELD_KINDS, Bindings, Element, Env, Pattern, SuitNumber, TileSet
from game.core.ruleset import SpecialHand
from game.core.special_count import Batch, Counter, Discarded, candidates, least_below, reads_winds, tiles_of
from game.core.special_pungs import pungs_and_pair_least, pungs_and_pair_shape
from game.core.tiles import NUM_KINDS, minus

UNREACHABLE = 99

class Target(NamedTuple):
    """The nearest instantiation of a special hand: its distance and the concealed tiles it wants. (A named tuple:
    a computer player makes some fifty thousand in forty hands of Western (Special Hands Only), and a frozen
    dataclass costs about twice as much to make.)"""

    hand_id: str
    distance: int
    """Tiles from the hand, as shanten counts them (-1 complete, 0 one tile away)."""
    need: tuple[int, ...]
    """How many of each kind the instantiation wants among the concealed tiles (34 entries)."""


_Pairs = tuple[tuple[int, int], ...]
Option = tuple[int, tuple[int, ...], _Pairs]
"""One way to fill an element: its tile, the tiles it takes, and those as (kind, copies) pairs."""
Opened = list[tuple[int, tuple[int, ...], int, _Pairs, Bindings]]
"""An element's options its spec accepts under some bindings: tile, tiles, their kinds (one bit each), pairs and
the bindings it adds."""

Ranked1 = tuple[int, int, tuple[int, ...], int, _Pairs, Bindings]
"""An option as the walk tries it: the tiles it lacks, its tile, the tiles it takes, their kinds, those as
(kind, copies) pairs, and the bindings it adds."""
Ranked = list[Ranked1]

_OPEN_LIMIT = 4096
"""Most binding values one element remembers its accepted options for (the knitted hands' many variables
could otherwise fill it without end); past it the element starts afresh."""


class _PatternData:
    """What a search of one pattern needs that does not depend on the hand, worked out once per pattern."""

    def __init__(self, pattern: Pattern) -> None:
        self.options: list[list[Option]] = []
        for el in pattern.elements:
            row = []
            for t in candidates(el):
                tiles = tiles_of(el.kind, t)
                row.append((t, tiles, tuple((x, tiles.count(x)) for x in sorted(set(tiles)))))
            self.options.append(row)
        self.by_tile = [{option[0]: option for option in options} for options in self.options]
        self.alike: list[tuple[int, ...] | None] = [
            None if el.kind == "chow" or not options else tuple(option[0] for option in options)
            for el, options in zip(pattern.elements, self.options, strict=True)]
        """For each element but a chow, the tiles of its options, each taking ``sizes`` of one kind."""
        self.kinds = [sum(1 << x for x in {x for option in options for x in option[1]}) for options in self.options]
        """For each element, the kinds any of its options takes, one bit each."""
        self.sizes = [len(tiles_of(el.kind, 0)) for el in pattern.elements]
        elements = pattern.elements
        self.twins = [i > 0 and el.twin >= 0 and elements[i - 1].twin == el.twin for i, el in enumerate(elements)]
        """Whether each element is a twin of the one before (twins take their tiles in order)."""
        self.jokers_fill = [el.kind in JOKER_KINDS for el in elements]
        self.pairs: list[tuple[tuple[str, str], ...]] = []
        """For each element, the ``different`` pairs naming a variable its spec binds or reads."""
        self.reads: list[tuple[str, ...]] = []
        """For each element, the variables its spec reads and their ``different`` partners: all that whether an
        option is taken, and what it binds, depends on besides the tile and the winds."""
        for el in pattern.elements:
            names = el.spec.variables()
            pairs = tuple((a, c) for a, c in pattern.different if a in names or c in names)
            self.pairs.append(pairs)
            self.reads.append(tuple(sorted(names.union(*pairs))))
        self.opened: dict[tuple[int, int], list[dict[tuple[int | None, ...], Opened]]] = {}
        """Per seat and round wind, per element: the options its spec accepts, by the values of its reads."""
        self.closed = _closed_shape(pattern, self.options)
        """The pattern as fixed tiles and alike copies when it has that closed form, else None."""
        self.closed_bound = None if self.closed is not None else _closed_shapes(pattern, self.options)
        """Else, when each binding of its few variables leaves such a form (seven pairs of one suit and honours),
        those forms."""
        self.meld_kinds = [MELD_KINDS[el.kind] for el in elements]
        self.chow_starts: list[tuple[int, ...]] = [
            tuple(option[0] for option in options) if el.kind == "chow" else ()
            for el, options in zip(elements, self.options, strict=True)]
        """For each chow element, the lowest tiles of its options (three different kinds each)."""
        self.twin_groups = _twin_groups(pattern, self.options)
        self.alike_masks = [sum(1 << t for t in set(tiles)) if tiles else 0 for tiles in self.alike]
        """For each element but a chow, the kinds of its options, one bit each."""
        self.counter = Counter(pattern)
        """The least distance counted over the pattern's instantiations, where they are few."""
        self.knitted = _knitted_shape(pattern)
        """The pattern as knitted sets, where it is one (see :func:`_knitted_form`)."""
        self.pungs = pungs_and_pair_shape(pattern)
        """The pattern as pungs and a pair over one set of tiles, where it is one (All Honours)."""
        self.caps = _caps(pattern, self.options)
        """For a hand with no declared set, a bound on the tiles of each kind any instantiation wants, per
        binding of the pattern's variables (see :func:`_beyond`); None where unknown."""
        self.size = sum(self.sizes)


def _twin_groups(pattern: Pattern, options: list[list[Option]]) -> list[tuple[int, int, int, int, tuple[int, ...],
                                                                             tuple[MeldKind, ...]]]:
    """Runs of twins (copies of one element: seven pairs of majors, four pungs of winds) other than chows: their
    first element, their number, the tiles of each copy, the uses one tile allows, their options' tiles and
    the declared sets that fit them (see :meth:`_Search._twin_bounds`)."""
    elements = pattern.elements
    groups = []
    i = 0
    while i < len(elements):
        el = elements[i]
        j = i + 1
        while (j < len(elements) and el.twin >= 0 and elements[j].twin == el.twin and elements[j].kind == el.kind
               and elements[j].spec == el.spec):
            j += 1
        if j - i > 1 and el.kind != "chow":
            size = len(tiles_of(el.kind, 0))
            groups.append((i, j - i, size, 1 if el.distinct else 4 // size, tuple(o[0] for o in options[i]),
                           MELD_KINDS[el.kind]))
        i = j
    return groups


@dataclass(frozen=True)
class _ClosedShape:
    """A pattern whose elements each accept one fixed tile, but for ``copies`` alike elements over ``tiles``."""

    fixed: tuple[int, ...]
    """How many of each kind the single-option elements take together (34 entries)."""
    copies: int
    size: int
    """Tiles in each copy (2 for a pair, 1 for a single tile, 3 for a pung)."""
    tiles: tuple[int, ...]
    distinct: bool
    others: tuple[tuple[int, int, tuple[int, ...], bool], ...] = ()
    """More groups of alike copies, each over tiles of its own (no two groups share a tile): their ``copies``,
    ``size``, ``tiles`` and ``distinct`` (a pattern's bindings only, see :func:`_closed_shapes`)."""

    @cached_property
    def fixed_kinds(self) -> tuple[int, ...]:
        """The kinds the fixed elements take any of."""
        return tuple(t for t, n in enumerate(self.fixed) if n)

    @cached_property
    def counted_uses(self) -> tuple[tuple[int, int, tuple[tuple[itemgetter, tuple[int, ...]], ...]], ...]:
        """For each group of alike copies, the uses :func:`_closed_form` lists, only counted: its copies, its size,
        and for its tiles alike in what the fixed elements take of them (one reader of their copies held each),
        by the copies held, how many of a tile's uses cost 0, 1, … tiles (a byte a cost, as one integer)."""
        found = []
        for copies, size, tiles, distinct in ((self.copies, self.size, self.tiles, self.distinct), *self.others):
            costs = _use_costs(size, distinct)
            alike: dict[int, list[int]] = {}
            for t in tiles:
                alike.setdefault(self.fixed[t], []).append(t)
            # (a slice for a lone tile: the reader always gives a sequence; past four held, as four)
            found.append((copies, size, tuple(
                (itemgetter(*kinds) if len(kinds) > 1 else itemgetter(slice(kinds[0], kinds[0] + 1)),
                 tuple(sum(1 << (8 * cost) for cost in costs[taken][min(held, 4)]) for held in range(16)))
                for taken, kinds in alike.items())))
        return tuple(found)


def _closed_shape(pattern: Pattern, options: list[list[Option]],
                  elements: Sequence[Element] | None = None, several: bool = False) -> _ClosedShape | None:
    """The closed form of ``pattern``: every element's spec a fixed set of tiles binding nothing, no chows (they
    overlap other kinds), and every element but alike copies of one left with a single option. Then the
    elements compete only for the copies' tiles, and each kind's extra copies cost more tiles the more are
    taken (a pair already held is free, a second pair of it costs two), so the cheapest uses, taken in turn,
    are the best: see :func:`_closed_form`. ``elements``: those of one binding of the pattern's variables (see
    :func:`_closed_shapes`), in place of its own; ``several``: groups of alike copies over tiles no other group
    takes may be more than one (each then takes its own cheapest uses)."""
    if elements is None:
        if pattern.different:
            return None
        elements = pattern.elements
    if not elements:
        return None
    fixed = [0] * NUM_KINDS
    free: list[Element] = []
    for el, row in zip(elements, options, strict=True):
        if el.kind == "chow" or not isinstance(el.spec, TileSet) or not row:
            return None
        if len(row) == 1:
            for x in row[0][1]:
                fixed[x] += 1
        else:
            free.append(el)
    # Alike copies: one kind and spec, and where they must differ, twins of one another.
    alike: dict[tuple, list[Element]] = {}
    for el in free:
        alike.setdefault((el.kind, el.spec, el.distinct, el.twin if el.distinct else None), []).append(el)
    if (len(alike) > 1 and not several) or max(fixed) > 4:
        return None
    if not free:
        return _ClosedShape(tuple(fixed), 0, 1, (), False)
    groups = [(len(els), len(tiles_of(els[0].kind, 0)), tuple(sorted(t for t in els[0].spec.static if t < NUM_KINDS)),
               els[0].distinct) for els in alike.values()]
    taken = [t for group in groups for t in group[2]]
    if len(set(taken)) < len(taken):
        return None  # two groups over one tile compete for it: no longer each its own cheapest uses
    return _ClosedShape(tuple(fixed), *groups[0], others=tuple(groups[1:]))


@dataclass(frozen=True)
class _Knitted:
    """A pattern of knitted sets (Knitting, Triple Knitting): single suit tiles, each group of them one number
    (a variable of its own) in suits named by variables. Once the variables two groups share are given suits,
    each group may take a few sets of suits: here all groups but one at most take one and the same set (the
    alike groups), and that one takes any of a few (the odd group)."""

    ways: tuple[tuple[tuple[int, ...], int, tuple[tuple[int, ...], ...]], ...]
    """For each way to give the shared variables suits (alike ways once): the alike groups' suits (one a tile),
    how many groups they are, and the odd group's sets of suits (one empty set where there is none)."""
    size: int
    """Tiles in all."""


def _knitted_shape(pattern: Pattern) -> _Knitted | None:
    """``pattern`` as knitted sets: every element a single suit tile whose spec binds a number variable and a
    suit variable and nothing else, and its groups alike but for one; None for any other pattern."""
    groups: dict[str, list[str]] = {}
    for el in pattern.elements:
        spec = el.spec
        if (el.kind != "single" or not isinstance(spec, SuitNumber) or spec.suits is not None
                or spec.numbers is not None or spec.offset or spec.suit_var is None or spec.number_var is None):
            return None
        groups.setdefault(spec.number_var, []).append(spec.suit_var)
    if not groups:
        return None
    named = [name for suits in groups.values() for name in set(suits)]
    shared = sorted({name for name in named if named.count(name) > 1})
    if len(shared) > 3:
        return None
    ways = set()
    for suits in product(range(3), repeat=len(shared)):
        bound = dict(zip(shared, suits, strict=True))
        if not _apart(bound, pattern.different):
            continue
        takes = [_group_suits(group, bound, pattern.different) for group in groups.values()]
        alike = [t[0] for t in takes if len(t) == 1]
        if len(set(alike)) > 1 or len(alike) < len(takes) - 1:
            return None
        main = alike[0] if alike else ()
        odd = [t for t in takes if len(t) != 1 or t[0] != main]
        if any(len(set(suits)) < len(suits) for t in takes for suits in t):
            return None  # a group of two tiles of one suit (their number alike: a pair) is no knitted set
        ways.add((main, len(takes) - len(odd), tuple(odd[0]) if odd else ((),)))
    return _Knitted(tuple(sorted(ways)), len(pattern.elements)) if ways else None


def _apart(bound: dict[str, int], different: Sequence[tuple[str, str]]) -> bool:
    return not any(a in bound and c in bound and bound[a] == bound[c] for a, c in different)


def _group_suits(group: list[str], bound: dict[str, int],
                 different: Sequence[tuple[str, str]]) -> list[tuple[int, ...]]:
    """The suits (sorted, one a tile) ``group`` may take with the shared variables ``bound``."""
    free = sorted(set(group) - bound.keys())
    found = set()
    for suits in product(range(3), repeat=len(free)):
        b = {**bound, **dict(zip(free, suits, strict=True))}
        if _apart(b, different):
            found.add(tuple(sorted(b[name] for name in group)))
    return sorted(found)


def _knitted_form(shape: _Knitted, have: Sequence[int], cutoff: int = UNREACHABLE) -> tuple[int, tuple[int, ...]]:
    """The fewest missing tiles to knitted sets and the instantiation reaching it, or UNREACHABLE (also when it
    is past ``cutoff``).

    The ``m``-th alike group at a number lacks no fewer tiles than the one before it, so taking the cheapest
    uses one at a time is the least in all (as in :func:`_closed_form`); the odd group is tried at each number
    and set of suits it may take (those lacking fewest first, while they can still do better), which only
    makes the alike groups' uses at its number dearer."""
    best: tuple[int, tuple[int, ...]] = (min(cutoff + 1, UNREACHABLE), ())
    held = [sum(have[suit * 9:suit * 9 + 9]) for suit in range(3)]
    for main, count, odds in shape.ways:
        # Each tile wanted and not held is lacking: at best every held tile of the suits taken is used.
        if shape.size - sum(held[suit] for suit in set(main).union(*odds)) >= best[0]:
            continue
        uses = _alike_uses(main, have)
        floor = sum(use[0] for use in uses[:count]) if len(uses) >= count else UNREACHABLE
        tries = _odd_tries(odds, have)
        for own, number, odd in tries:
            if own + floor >= best[0]:
                break
            # (of the cheapest uses at other numbers, the first ``count`` are among the first ``count`` + 4: a
            # number has four uses at most)
            chosen = uses[:count] if not odd else sorted(
                [use for use in uses[:count + 4] if use[1] != number][:count] + _uses(main, number, have, odd))[:count]
            missing = own + sum(use[0] for use in chosen)
            if len(chosen) == count and missing < best[0]:
                need = [0] * NUM_KINDS
                for suit in odd:
                    need[suit * 9 + number] += 1
                for _, n, _ in chosen:
                    for suit in main:
                        need[suit * 9 + n] += 1
                best = missing, tuple(need)
    return best if best[1] else (UNREACHABLE, ())


def _odd_tries(odds: tuple[tuple[int, ...], ...], have: Sequence[int]) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each number and set of suits the odd group may take, as the tiles it lacks there, the number and the suits,
    fewest lacking first (ties by number, then suits), as sorting them would put them; no odd group (one empty
    set of suits): a single try at no number."""
    by_cost: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in range(max(map(len, odds)) + 1)]
    if () in odds:
        by_cost[0].append((0, -1, ()))
    ordered = sorted(odd for odd in odds if odd)
    for number in range(9 if ordered else 0):
        for odd in ordered:
            own = 0
            for suit in odd:
                if not have[suit * 9 + number]:
                    own += 1
            by_cost[own].append((own, number, odd))
    return [found for row in by_cost for found in row]


def _alike_uses(suits: tuple[int, ...], have: Sequence[int]) -> list[tuple[int, int, int]]:
    """:func:`_uses` of every number, with no odd group's tiles beside them, cheapest first (ties by number, then
    use), as sorting them would put them: listed by cost, each cost's in the order of the numbers and uses."""
    by_cost: list[list[tuple[int, int, int]]] = [[] for _ in range(len(suits) + 1)]
    lacks = _LACKS[len(suits)]
    for number in range(9):
        key = 0
        for suit in suits:
            key = 5 * key + min(4, have[suit * 9 + number])
        for m, cost in enumerate(lacks[key], 1):
            by_cost[cost].append((cost, number, m))
    return [use for row in by_cost for use in row]


_LACKS = {width: tuple(tuple(sum(1 for held in spare if held < m) for m in range(1, 5))
                       for spare in product(range(5), repeat=width)) for width in range(4)}
"""For a group of ``width`` suits, by the copies held in each (as digits base 5, the first suit's first): the
suits lacking a tile at each use 1-4 (those holding fewer copies than the use)."""


def _uses(suits: tuple[int, ...], number: int, have: Sequence[int],
          taken: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Each use ``m`` of an alike group, one tile of each of ``suits``, at ``number`` beside the odd group's
    tiles of the suits ``taken`` there: the tiles it lacks beyond the ``m - 1`` uses before, the number and
    ``m`` (no kind wanted more than four times)."""
    # A suit lacks a tile at use m where it holds fewer than m there (beside the odd group's: m + 1): with the
    # held copies, less the odd group's, in order, the suits lacking one are those below m.
    spare = sorted(have[suit * 9 + number] - (suit in taken) for suit in suits)
    most = 3 if taken and any(suit in taken for suit in suits) else 4
    return [(bisect_left(spare, m), number, m) for m in range(1, most + 1)]


_MOST_BINDINGS = 64


def _closed_shapes(pattern: Pattern, options: list[list[Option]]) -> tuple[_ClosedShape, ...] | None:
    """The closed forms of ``pattern`` under each binding of its variables, every one bound or left unbound and
    the ``different`` pairs kept apart, each element taking the tiles its spec accepts binding nothing more; None
    unless every one has a closed form (or a spec reads the winds, or there are too many bindings).

    The walk's instantiations are those of one of these: each ends with some variables bound, and under those
    bindings every element's tile is accepted as it was."""
    elements = pattern.elements
    names = sorted(set().union(*(el.spec.variables() for el in elements)))
    if not elements or any(reads_winds(el.spec) for el in elements):
        return None
    env = Env()
    values: dict[str, set[int | None]] = {name: {None} for name in names}
    for el, row in zip(elements, options, strict=True):
        for option in row:
            bound = el.spec.match(option[0], {}, env)
            for name, value in (bound or {}).items():
                if name in values:
                    values[name].add(value)
    shapes: list[_ClosedShape] = []
    for n, combination in enumerate(product(*(sorted(values[name], key=lambda v: -1 if v is None else v)
                                              for name in names))):
        if len(shapes) >= _MOST_BINDINGS or n >= 4 * _MOST_BINDINGS:
            return None
        b = {name: value for name, value in zip(names, combination, strict=True) if value is not None}
        if any(a in b and c in b and b[a] == b[c] for a, c in pattern.different):
            continue
        narrowed = [[option for option in row if el.spec.match(option[0], b, env) == b]
                    for el, row in zip(elements, options, strict=True)]
        if not all(narrowed):
            continue  # an element with no tile under these bindings: no instantiation ends with them
        shape = _closed_shape(pattern, narrowed, [
            Element(el.kind, TileSet(frozenset(option[0] for option in row)), el.concealed, el.group, el.twin,
                    el.distinct) for el, row in zip(elements, narrowed, strict=True)], several=True)
        if shape is None:
            return None
        shapes.append(shape)
    return tuple(shapes) or None


def _caps(pattern: Pattern, options: list[list[Option]]) -> tuple[int, ...] | None:
    """For each binding of the pattern's variables (as in :func:`_closed_shapes`), the most tiles of each kind an
    instantiation may want: the copies of it each element's options take at most, summed, and four at most; in
    unary (see :func:`_unary`). None where a spec reads the winds or there are too many bindings."""
    elements = pattern.elements
    if not elements or any(reads_winds(el.spec) for el in elements):
        return None
    names = sorted(set().union(*(el.spec.variables() for el in elements)))
    env = Env()
    values: dict[str, set[int | None]] = {name: {None} for name in names}
    for el, row in zip(elements, options, strict=True):
        for option in row:
            for name, value in (el.spec.match(option[0], {}, env) or {}).items():
                if name in values:
                    values[name].add(value)
    found: set[int] = set()
    for n, combination in enumerate(product(*(sorted(values[name], key=lambda v: -1 if v is None else v)
                                              for name in names))):
        if n >= _MOST_BINDINGS:
            return None
        b = {name: value for name, value in zip(names, combination, strict=True) if value is not None}
        if any(a in b and c in b and b[a] == b[c] for a, c in pattern.different):
            continue
        cap = [0] * NUM_KINDS
        group: dict[int, int] = {}  # a run of distinct twins takes each kind in one of them at most
        for i, (el, row) in enumerate(zip(elements, options, strict=True)):
            most: dict[int, int] = {}
            for t, _, pairs in row:
                if el.spec.match(t, b, env) == b:
                    for x, c in pairs:
                        most[x] = max(most.get(x, 0), c)
            if not most:
                break  # an element with no tile under these bindings: none of its instantiations
            if not (el.distinct and i and el.twin >= 0 and elements[i - 1].twin == el.twin):
                for x, c in group.items():
                    cap[x] += c
                group = {}
            for x, c in most.items():
                group[x] = max(group.get(x, 0), c)
        else:
            for x, c in group.items():
                cap[x] += c
            found.add(_unary([min(4, c) for c in cap]))
    return tuple(sorted(found))


def _unary(counts: Sequence[int]) -> int:
    """``counts`` as four bits a kind, as many of them set as the count (four at most): the tiles two such have in
    common, kind by kind the fewer, are the bits set in both."""
    return sum(map(list.__getitem__, _UNARY, counts))


_UNARY = [[((1 << min(n, 4)) - 1) << (4 * t) for n in range(8)] for t in range(NUM_KINDS)]
"""Per kind, each count's bits in unary (:func:`_unary` adds them up for a whole hand)."""


_last_unary: list[tuple[tuple[int, ...], int]] = [((), 0)]
"""The last hand :func:`_beyond` read, in unary (read and replaced whole, as ``_last_held``)."""


_MOST_CAPS = 8
"""Past this many bindings' bounds, working the bound out costs about what it saves."""


def _beyond(data: _PatternData, have: Sequence[int], jokers: int, cutoff: int) -> bool:
    """Whether a hand with no declared set lacks more than ``cutoff`` tiles for every instantiation, by a bound:
    of each kind it holds, an instantiation uses no more than the most its binding wants (``data.caps``), and
    each joker makes up one tile at most. Then every way of :func:`pattern_target` finds none within it."""
    caps = data.caps
    if caps is None or len(caps) > _MOST_CAPS:
        return False
    key = tuple(have)
    last, held = _last_unary[0]
    if last != key:
        held = _unary(key)
        _last_unary[0] = (key, held)
    used = max((held & cap).bit_count() for cap in caps) if caps else 0
    return data.size - used - (jokers if any(data.jokers_fill) else 0) > cutoff


def _closed_missing(shape: _ClosedShape, have: Sequence[int]) -> int:
    """What :func:`_closed_form` tells first, the fewest missing tiles (or UNREACHABLE), without the tiles wanted:
    most hands weighed are beyond the cutoff, and of a pattern's bindings only the nearest one's tiles are read.
    Each group's uses are counted by cost (:attr:`_ClosedShape.counted_uses`) and the cheapest taken."""
    fixed = shape.fixed
    missing = 0
    for t in shape.fixed_kinds:
        if fixed[t] > have[t]:
            missing += fixed[t] - have[t]
    for copies, size, readers in shape.counted_uses:
        uses = 0
        for held, row in readers:
            uses += sum(map(row.__getitem__, held(have)))
        lacking = _cheapest(uses, copies, size)
        if lacking >= UNREACHABLE:
            return UNREACHABLE
        missing += lacking
    return missing


def _cheapest(uses: int, copies: int, dearest: int) -> int:
    """The tiles the ``copies`` cheapest of ``uses`` lack (UNREACHABLE where there are fewer): ``uses`` counts
    them by what each lacks, 0 to ``dearest`` tiles, a byte a cost."""
    missing = 0
    for cost in range(dearest + 1):
        n = uses >> (8 * cost) & 0xFF
        if n >= copies:
            return missing + cost * copies
        missing += cost * n
        copies -= n
    return UNREACHABLE


def _closed_form(shape: _ClosedShape, have: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The fewest missing tiles to a closed-form pattern and the instantiation (tiles wanted) that reaches it,
    or UNREACHABLE.

    The fixed elements take their tiles; each copy then takes the cheapest use of a tile left: a kind's ``m``-th
    copy costs what ``m`` copies lack beyond the ``m - 1`` before, never less than the copy before it, so taking
    the cheapest uses one at a time gives the least in all. Ties go to the lower tile."""
    need = list(shape.fixed)
    missing = sum(need[t] - have[t] for t in shape.fixed_kinds if need[t] > have[t])
    # (groups over tiles of their own: each group's cheapest uses, one group after another)
    for copies, size, tiles, distinct in ((shape.copies, shape.size, shape.tiles, shape.distinct), *shape.others):
        # A use costs 0 to ``size`` tiles: listed by cost, each list in the order of the tiles (sorted) and of
        # their copies, the uses come out as sorting them by (cost, tile, copy) would put them, with no sort.
        by_cost: list[list[int]] = [[] for _ in range(size + 1)]
        uses = 0
        costs = _use_costs(size, distinct)
        for t in tiles:
            for cost in costs[need[t]][have[t] if have[t] < 4 else 4]:
                by_cost[cost].append(t)
                uses += 1
        if uses < copies:
            return UNREACHABLE, ()
        wanted = copies
        for cost, taken in enumerate(by_cost):
            taken = taken[:wanted]
            missing += cost * len(taken)
            for t in taken:
                need[t] += size
            wanted -= len(taken)
            if not wanted:
                break
    return missing, tuple(need)


@cache
def _use_costs(size: int, distinct: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For copies of ``size`` tiles, by the copies of a kind the fixed elements take (0-4) and those held (0-4):
    what each use of the kind lacks beyond the uses before it (a kind's ``m``-th copy lacks what ``m`` copies lack
    beyond the ``m - 1`` before; four of a kind at most; ``distinct`` copies use a kind once)."""
    rows = []
    for taken in range(5):
        row = []
        for held in range(5):
            left = max(0, held - taken)
            most = (4 - taken) // size
            if distinct and most > 1:
                most = 1
            lacking = [max(0, m * size - left) for m in range(most + 1)]
            row.append(tuple(lacking[m] - lacking[m - 1] for m in range(1, most + 1)))
        rows.append(tuple(row))
    return tuple(rows)


_DATA: dict[int, tuple[Pattern, _PatternData]] = {}


def _pattern_data(pattern: Pattern) -> _PatternData:
    found = _DATA.get(id(pattern))
    if found is None or found[0] is not pattern:
        found = _DATA[id(pattern)] = (pattern, _PatternData(pattern))
    return found[1]


_last_held: list[tuple[tuple[int, ...], tuple[int, int, int, int, int]]] = [((), (0, 0, 0, 0, 0))]
"""The last hand :func:`_held` read and its masks, as one tuple (read and replaced whole: a thread of the
Master's look-ahead may search beside the table's)."""


def _held(have: list[int]) -> tuple[int, int, int, int, int]:
    """The kinds ``have`` holds at least 0 … 4 of, one bit each; the searches of one hand ask it for every
    pattern, so the last hand's are kept."""
    key = tuple(have)
    last, found = _last_held[0]
    if last == key:
        return found
    masks = [0] * 5
    for x, n in enumerate(key):
        for k in range(1, n + 1 if n < 4 else 5):
            masks[k] |= 1 << x
    found = (0, masks[1], masks[2], masks[3], masks[4])
    _last_held[0] = (key, found)
    return found


_LACKING_CHOW = tuple(3 - bin(bits).count("1") for bits in range(8))
"""Tiles a chow lacks by which of its three kinds the hand holds (one bit each)."""


class _Search:
    def __init__(self, pattern: Pattern, counts: Sequence[int], melds: Sequence[Meld], env: Env, budget: int,
                 cutoff: int, jokers: int = 0, floor: int = -1) -> None:
        self.have = list(counts)
        self.melds = melds
        self.jokers = jokers
        self.best = cutoff + 1  # only instantiations missing at most ``cutoff`` tiles are of interest
        self.best_need: tuple[int, ...] = ()
        data = _pattern_data(pattern)
        self.bound = self._bounds(data)
        # Most searches of a pattern far from the hand end here: its bound alone is past the cutoff, so the walk
        # would stop at its first node; the rest of the set-up is left undone.
        self.viable = self.bound[0] - jokers < self.best
        if not self.viable:
            return
        self.elements = pattern.elements
        self.floor = floor
        """A distance known to be the least (a closed form's): the walk stops when it finds one that short."""
        self.need = [0] * NUM_KINDS
        self.used = [False] * len(melds)
        self.env = env
        self.budget = budget
        self.options = data.options
        self.by_tile = data.by_tile
        self.sizes = data.sizes
        self.twins = data.twins
        self.jokers_fill = data.jokers_fill
        self.pairs = data.pairs
        self.reads = data.reads
        self.kinds = data.kinds
        self.n_elements = len(self.elements)
        winds = (env.seat_wind, env.round_wind)
        opened = data.opened.get(winds)
        if opened is None:
            opened = data.opened[winds] = [{} for _ in self.elements]
        self.opened = opened
        self.ranked: list[dict[tuple[int | None, ...], Ranked]] = [{} for _ in self.elements]
        """Per element, by the values of its reads: its options ranked by what they lack from the hand alone."""
        # The declared sets each element may take (its kind, and concealed where it must be), with their tiles.
        self.takes = [[(j, m.tile) for j, m in enumerate(melds)
                      if m.kind in kinds and not (el.concealed and m.exposed)]
                      for el, kinds in zip(self.elements, data.meld_kinds, strict=True)
                      ] if melds else [[] for _ in self.elements]

    def _bounds(self, data: _PatternData) -> list[int]:
        """The cheapest each element could ever be on its own, summed from the back: an admissible bound."""
        melds = self.melds
        held = _held(self.have)
        alone = []
        for mask, size, starts, kinds in zip(data.alike_masks, data.sizes, data.chow_starts, data.meld_kinds,
                                             strict=True):
            cheapest = 0 if melds and any(m.kind in kinds for m in melds) else UNREACHABLE
            if mask:  # options of one kind each: the one held most lacks least
                most = 4 if held[4] & mask else 3 if held[3] & mask else 2 if held[2] & mask else 1 if (
                    held[1] & mask) else 0
                lacking = size - most
                alone.append(min(cheapest, lacking if lacking > 0 else 0))
            elif starts:  # a chow's three tiles are of three kinds: it lacks those the hand holds none of
                alone.append(min(cheapest, min(_LACKING_CHOW[held[1] >> t & 7] for t in starts)))
            else:  # no option: only a declared set can be it
                alone.append(cheapest)
        bound = [0] * (len(alone) + 1)
        # Twins' bounds only grow (see _twin_bounds): a bound past the cutoff without them is past it with them.
        if data.twin_groups and sum(alone) - self.jokers < self.best:
            self._twin_bounds(alone, data)
        for i in range(len(alone) - 1, -1, -1):
            bound[i] = bound[i + 1] + alone[i]
        return bound

    def _twin_bounds(self, alone: list[int], data: _PatternData) -> None:
        """Tighten the bound of twins (copies of one element: seven pairs of majors, four pungs of winds): they
        share their candidates, so ``k`` of them cost at least the ``k`` cheapest uses of those candidates (a
        tile used again costs more, and distinct twins use each once), not ``k`` times the cheapest.

        The group's members get those costs dearest first, so the bound of every suffix of the group is the sum
        of the cheapest uses for the members left: still a lower bound wherever the walk is."""
        have = self.have
        for i, k, size, uses, tiles, kinds in data.twin_groups:
            costs = [0] * sum(1 for m in self.melds if m.kind in kinds)
            for t in tiles:
                held, before = have[t], 0
                for m in range(1, uses + 1):
                    total = max(0, m * size - held)
                    costs.append(total - before)
                    before = total
            costs.sort()
            costs = (costs + [UNREACHABLE] * k)[:k]
            for m in range(k):
                alone[i + m] = max(alone[i + m], costs[k - 1 - m])

    def _consistent(self, b: dict[str, int], i: int) -> bool:
        """Whether ``b``, the bindings after element ``i`` bound some of its variables, keeps every ``different``
        pair apart. The bindings before were checked already, so only the pairs naming a variable of the
        element's spec need looking at."""
        for a, c in self.pairs[i]:
            va, vc = b.get(a), b.get(c)
            if va is not None and va == vc:
                return False
        return True

    def _open(self, i: int, b: Bindings, key: tuple[int | None, ...]) -> Opened:
        """Element ``i``'s options its spec accepts under the bindings ``b`` (``key``: the values of its reads),
        in tile order, each with the bindings it adds (empty when it binds nothing new).

        Whether a spec accepts a tile, and what it binds, depends only on the variables it reads, and whether
        those bindings keep the ``different`` pairs apart only on those and their partners: few distinct values
        that searches meet at very many nodes (once a one-suit hand has bound its suit, most options are refused
        at every node below). So each element filters its options once per such values, for every search of the
        pattern, instead of scoring and sorting options that can never be taken at every node. The options left
        are tried in the same order as before, so the nodes visited, and the answers under a budget, are the same.
        """
        found: Opened = []
        spec, env, by_tile = self.elements[i].spec, self.env, self.by_tile[i]
        # The spec's candidates under ``b`` come in tile order, as the options do, and hold every tile it
        # accepts; a bound suit or number narrows them to a few.
        for t in spec.candidates(b, env):
            option = by_tile.get(t)
            if option is None:
                continue
            nb = spec.match(t, b, env)
            if nb is not None and (nb is b or self._consistent(nb, i)):
                added = {} if nb is b else {name: v for name, v in nb.items() if name not in b}
                found.append((t, option[1], sum(1 << x for x, _ in option[2]), option[2], added))
        cache = self.opened[i]
        if len(cache) >= _OPEN_LIMIT:
            cache.clear()
        cache[key] = found
        return found

    def run(self) -> None:
        if self.viable:
            self._step(0, {}, 0, (-1, -1), 0, 0)

    def _step(self, i: int, b: dict[str, int], missing: int, prev: tuple[int, int], fill: int, taken: int) -> None:
        """``fill``: of the ``missing`` tiles, how many sit in pungs and kongs beside a natural tile, where a joker
        may stand instead (the jokers are subtracted at the end, so every bound subtracts them too); ``taken``:
        the kinds the elements before took concealed tiles of, one bit each."""
        self.budget -= 1
        if missing - self.jokers + self.bound[i] >= self.best or self.budget < 0:
            return
        if i == self.n_elements:
            cost = missing - min(self.jokers, fill)
            if cost < self.best and all(self.used):
                self.best = cost
                self.best_need = tuple(self.need)
                if cost <= self.floor:
                    self.budget = -1  # nothing is shorter: stop as a spent budget stops the walk
            return
        twin = self.twins[i]
        if twin:
            floor = prev
            same_too = not self.elements[i].distinct
        else:
            floor, same_too = (-1, -1), True
        if self.takes[i]:
            self._declared(i, b, missing, fill, taken, floor, same_too)
        # Options come in tile order; twin elements take theirs in order too (from the twin before's tile on).
        low = floor[1] if floor[0] == 1 else -1
        bound = self.bound[i + 1] - self.jokers
        # An option missing ``limit`` more tiles or more would be cut off by the bound below before it is tried
        # (the best found only falls), so it is never looked at.
        limit = self.best - missing - bound
        if limit <= 0:
            return
        reads = self.reads[i]
        read_key = tuple(map(b.get, reads)) if reads else ()
        ranked = self.ranked[i].get(read_key)
        if ranked is None:
            ranked = self._rank(i, b, read_key)
        need = self.need
        size = self.sizes[i] - 1 if self.jokers_fill[i] else 0
        # With no kind of its own taken before, every option lacks what it lacks from the hand alone, so the
        # ranked options are in their true order; else see ``_ordered``.
        options = ranked if not taken & self.kinds[i] else self._ordered(ranked, limit, taken, low, same_too)
        for extra, t, tiles, kinds, _, added in options:
            if missing + extra + bound >= self.best:
                return
            if t <= low and (t < low or not same_too):
                continue
            for x in tiles:
                need[x] += 1
            self._step(i + 1, {**b, **added} if added else b, missing + extra, (1, t),
                       fill + (extra if extra < size else size), taken | kinds)
            for x in tiles:
                need[x] -= 1
            if self.budget < 0:
                return

    def _declared(self, i: int, b: Bindings, missing: int, fill: int, taken: int, floor: tuple[int, int],
                  same_too: bool) -> None:
        """Give element ``i`` each declared set it may take in turn, and walk on."""
        spec, used = self.elements[i].spec, self.used
        for j, tile in self.takes[i]:
            if used[j]:
                continue
            key = (0, j)
            if key < floor or (key == floor and not same_too):
                continue
            nb = spec.match(tile, b, self.env)
            if nb is None or (nb is not b and not self._consistent(nb, i)):
                continue
            used[j] = True
            self._step(i + 1, nb, missing, key, fill, taken)
            used[j] = False

    def _ordered(self, ranked: Ranked, limit: int, taken: int, low: int, same_too: bool) -> Iterator[Ranked1]:
        """An element's options lacking fewer than ``limit`` tiles, cheapest first (ties by tile), from ``low``
        (and past it unless ``same_too``).

        The options ranked by what they lack from the hand alone are in their true order but for those sharing a
        kind with the tiles the elements before took (``taken``): those cost more (or cannot be had), so they are
        set aside and each given once the ranked ones reach its true cost. That is the order sorting every option
        by its true cost gives, so the walk visits the same nodes; but it looks no further than the walk goes."""
        need, have = self.need, self.have
        later: Ranked = []
        for option in ranked:
            extra, t, tiles, kinds, pairs, added = option
            if extra >= limit:
                break
            if t <= low and (t < low or not same_too):
                continue
            if not kinds & taken:
                while later and (later[0][0] < extra or (later[0][0] == extra and later[0][1] < t)):
                    yield later.pop(0)
                yield option
                continue
            true = 0
            for x, c in pairs:
                n = need[x] + c
                if n > 4:
                    break
                if n > have[x]:
                    true += c if n - have[x] > c else n - have[x]
            else:
                if true < limit:
                    insort(later, (true, t, tiles, kinds, pairs, added))
        yield from later

    def _rank(self, i: int, b: Bindings, read_key: tuple[int | None, ...]) -> Ranked:
        """Element ``i``'s options its spec accepts under ``b`` (``read_key``: the values of its reads), each with
        the tiles it lacks from the hand alone, cheapest first (ties by tile), for this search."""
        opened = self.opened[i].get(read_key)
        if opened is None:
            opened = self._open(i, b, read_key)
        have = self.have
        ranked = []
        for t, tiles, kinds, pairs, added in opened:
            extra = 0
            for x, c in pairs:
                if c > have[x]:
                    extra += c - have[x]
            ranked.append((extra, t, tiles, kinds, pairs, added))
        ranked.sort()  # (extra, t) never ties: options differ in t
        self.ranked[i][read_key] = ranked
        return ranked


def pattern_target(pattern: Pattern, counts: Sequence[int], melds: Sequence[Meld], env: Env, *,
                   budget: int = 4000, cutoff: int = UNREACHABLE, jokers: int = 0,
                   counted: bool = True, search: bool = True,
                   batch: Batch | None = None) -> tuple[int, tuple[int, ...]]:
    """Fewest missing tiles to ``pattern`` (not minus one) and the concealed tiles wanted, or UNREACHABLE.

    Instantiations missing more than ``cutoff`` tiles are not looked for (the search prunes them at once).
    ``jokers`` concealed jokers make up missing tiles of pungs and kongs; the tiles wanted are the natural
    tiles of the instantiation, those a joker would stand for included. ``counted=False`` searches without the
    least distance counted (:mod:`game.core.special_count`): the same answers, slower (the tests compare them).
    ``search=False`` searches only the patterns whose instantiations are not counted one by one: the others'
    answer is the closed form's, or the first listed instantiation lacking fewest tiles, always the least
    distance (no budget runs out) but not always the instantiation a search would pick among equals.
    ``batch``: where ``search`` is False, the counts of many patterns at once (the same answers).
    """
    if _ruled_out(pattern, melds, env):
        return UNREACHABLE, ()
    data = _pattern_data(pattern)
    exact: tuple[int, tuple[int, ...]] | None = None
    cutoff = min(cutoff, UNREACHABLE - 1)
    closed = _closed_knowing(data, melds, jokers)
    if closed is not None:
        if _beyond(data, counts, jokers, cutoff):
            return UNREACHABLE, ()
        if _closed_missing(closed, counts) > cutoff:
            return UNREACHABLE, ()
        exact = _closed_form(closed, counts)
        if not search:
            return exact
        walk = _Search(pattern, counts, melds, env, budget, cutoff, jokers, exact[0])
    else:
        found = None if search else _counted_target(data, counts, melds, env, jokers, cutoff, batch)
        if found is not None:
            return found if found[0] <= cutoff else (UNREACHABLE, ())
        if counted and search and not melds and _beyond(data, counts, jokers, cutoff):
            return UNREACHABLE, ()  # what the search would find, without setting it up: most patterns end here
        # Pungs and a pair (All Honours) tell their least in a few sums, cheaper than setting up the search.
        own = pungs_and_pair_least(data.pungs, counts, melds, jokers) if counted and data.pungs is not None else None
        if own is not None and own > cutoff:
            return UNREACHABLE, ()
        walk = _Search(pattern, counts, melds, env, budget, cutoff, jokers)
        if own is not None:
            walk.floor = own
        # Most hands are far from most patterns, and the search's own bound, cheaper than a count, says so first.
        elif counted and walk.viable:
            least = data.counter.least(counts, melds, env, jokers)
            if least is None and data.closed_bound is not None and not melds and not (
                    jokers and any(data.jokers_fill)):
                least = min(_closed_missing(shape, counts) for shape in data.closed_bound), True
            # Counted, the least distance (a bound with declared sets) tells a hand out of reach without a walk;
            # exact, it stops the walk as soon as it gets there (it finds the same instantiation first, and
            # stops no later where its budget runs out).
            if least is not None and least[0] > cutoff:
                return UNREACHABLE, ()
            if least is not None and least[1]:
                walk.floor = least[0]
    walk.run()
    if exact is not None and (not walk.best_need or walk.best > exact[0]):
        return exact  # the budget ran out before the search reached the closed form's distance
    if not walk.best_need:
        return UNREACHABLE, ()
    return walk.best, walk.best_need


def _ruled_out(pattern: Pattern, melds: Sequence[Meld], env: Env) -> bool:
    """Whether no hand with the declared ``melds`` can be ``pattern`` under the seat and round wind of ``env``."""
    if not pattern.elements:
        return True
    if melds:
        if _shown_mask(melds) & ~pattern.allowed_mask:
            return True
        if pattern.concealed and any(m.exposed for m in melds):
            return True
    return not pattern.when.winds_allow(env.seat_wind, env.round_wind)


_last_shown: list[tuple[Sequence[Meld], int]] = [((), 0)]
"""The last tuple of declared sets read by :func:`_shown_mask` and their mask (one tuple, read and replaced whole):
every form of a special hand asks of the same sets."""


def _shown_mask(melds: Sequence[Meld]) -> int:
    """The natural tiles of the declared ``melds``, one bit a kind."""
    last, mask = _last_shown[0]
    if last is melds:
        return mask
    mask = 0
    for meld in melds:
        for t in meld.tiles:
            if t < NUM_KINDS:
                mask |= 1 << t
    if isinstance(melds, tuple):  # (a list may change under the same identity)
        _last_shown[0] = (melds, mask)
    return mask


def _closed_knowing(data: _PatternData, melds: Sequence[Meld], jokers: int) -> _ClosedShape | None:
    """The pattern's closed form where it tells a hand's nearest instantiation (it knows neither declared sets nor
    the jokers standing in its pungs), else None."""
    return data.closed if not melds and not (jokers and any(data.jokers_fill)) else None


def _counted_target(data: _PatternData, counts: Sequence[int], melds: Sequence[Meld], env: Env, jokers: int,
                    cutoff: int, batch: Batch | None = None) -> tuple[int, tuple[int, ...]] | None:
    """The least distance and the first instantiation reaching it, where they are known without a search: from
    the listed instantiations, or the closed forms of each binding of the pattern's variables (the first with
    the least distance); None where only a search tells."""
    counter = data.counter
    # (a pattern with no listing, too many instantiations, has nothing to read in a batch either)
    listed = counter.is_listed(env)
    found = None if batch is None or melds or not listed else batch.nearest(counter, counts, env, jokers)
    if found is None and listed:
        found = counter.nearest(counts, melds, env, jokers)
    if found is not None:
        return found
    if not melds and _beyond(data, counts, jokers, cutoff):
        return UNREACHABLE, ()
    if data.closed_bound is not None and not melds and not (jokers and any(data.jokers_fill)):
        # The first binding lacking fewest, its tiles read only when it is within the cutoff.
        missing = [_closed_missing(shape, counts) for shape in data.closed_bound]
        least = min(missing)
        return (UNREACHABLE, ()) if least > cutoff else _closed_form(data.closed_bound[missing.index(least)], counts)
    if data.knitted is not None and not melds:  # (single tiles: jokers never stand in them)
        return _knitted_form(data.knitted, counts, cutoff)
    return None


def special_target(hand: SpecialHand, counts: Sequence[int], melds: Sequence[Meld], env: Env, *,
                   budget: int = 4000, max_distance: int = UNREACHABLE, jokers: int = 0,
                   search: bool = True, batch: Batch | None = None,
                   leasts: dict[int, int] | None = None) -> Target | None:
    """The nearest form of ``hand`` (None when no form has tiles of its own or none is within ``max_distance``);
    ``jokers``: the concealed jokers, which stand in its pungs and kongs; ``search``, ``batch``: as
    :func:`pattern_target`; ``leasts``: what ``batch.least_by_pattern`` tells of this hand, where it is known."""
    best: tuple[int, tuple[int, ...]] = (UNREACHABLE, ())
    # A batch tells the least of each listed form at once; the tiles wanted are read only for the nearest.
    if batch is None or search:
        leasts = None
    elif leasts is None:
        leasts = (batch.least_with_declared(counts, melds, env, jokers) if melds
                  else batch.least_by_pattern(counts, env, jokers))
    counted: Pattern | None = None
    for form in hand.forms:
        cutoff = min(best[0] - 1, max_distance + 1)
        least = None if leasts is None else leasts.get(id(form))
        if least is not None and form.when.winds_allow(env.seat_wind, env.round_wind):
            if least <= cutoff:
                best, counted = (least, ()), form
            continue
        found = pattern_target(form, counts, melds, env, budget=budget, cutoff=cutoff, jokers=jokers,
                               search=search, batch=batch)
        if found[0] < best[0]:
            best, counted = found, None
    if best[0] >= UNREACHABLE:
        return None
    if counted is not None:
        # The same least as the count: a closed form (where it knows the hand: no jokers in its pungs) picks its
        # own instantiation, as pattern_target does.
        data = _pattern_data(counted)
        nearest: tuple[int, tuple[int, ...]] | None
        closed = _closed_knowing(data, melds, jokers)
        if melds:
            nearest = data.counter.nearest(counts, melds, env, jokers)
        elif closed is not None:
            nearest = _closed_form(closed, counts)
        else:
            assert batch is not None, "the leasts counted came from the batch"
            nearest = batch.nearest(data.counter, counts, env, jokers, best[0])
        assert nearest is not None and nearest[0] == best[0]
        best = nearest
    return Target(hand.id, best[0] - 1, best[1])


def discard_targets(hand: SpecialHand, counts: Sequence[int], melds: Sequence[Meld], env: Env, kinds: Sequence[int],
                    *, budget: int = 4000, max_distance: int = UNREACHABLE, jokers: int = 0, search: bool = True,
                    batch: Batch | None = None) -> dict[int, Target | None]:
    """For each of ``kinds`` (each held), :func:`special_target` of the hand with one of it discarded (the other
    arguments as there). Where every form the hand may be is counted in ``batch``, the discards are costed at
    once from the whole hand (:meth:`Batch.lacking_after_discards`): a player weighs each discard of its hand
    for the special hand it chases, a dozen a turn."""
    if not search and batch is not None:
        forms = [form for form in hand.forms if not _ruled_out(form, melds, env)]
        discarded = batch.lacking_after_discards(counts, melds, env, jokers, kinds, forms)
        if discarded is not None:
            return {t: _counted_discard(hand, forms, discarded, t, minus(counts, t), melds, jokers, max_distance)
                    for t in kinds}
    return {t: special_target(hand, minus(counts, t), melds, env, budget=budget, max_distance=max_distance,
                              jokers=jokers, search=search, batch=batch) for t in kinds}


def _counted_discard(hand: SpecialHand, forms: Sequence[Pattern], discarded: Discarded, kind: int,
                     counts: Sequence[int], melds: Sequence[Meld], jokers: int, max_distance: int) -> Target | None:
    """:func:`special_target` of ``hand`` (as ``counts``, left by discarding ``kind``) where each of its ``forms``
    not ruled out is counted in the batch that measured ``discarded``: the first form lacking fewest, and its
    nearest instantiation (a closed form's own, else the first listed)."""
    lacking = discarded.lacking[kind]
    best, chosen = min(max_distance + 2, UNREACHABLE), None
    for form in forms:
        start, end = discarded.runs[id(form)]
        if end > start:
            least = least_below(lacking, start, end, best)
            if least < best:
                best, chosen = least, (form, start)
    if chosen is None:
        return None
    form, start = chosen
    closed = _closed_knowing(_pattern_data(form), melds, jokers)
    need = _closed_form(closed, counts)[1] if closed is not None else discarded.want(lacking.index(best, start))
    return Target(hand.id, best - 1, need)


def out_of_reach(pattern: Pattern, counts: Sequence[int], jokers: int, missing: int, env: Env | None = None) -> bool:
    """Whether a hand with no declared set (``counts`` and ``jokers`` concealed) lacks more than ``missing`` tiles
    for every instantiation of ``pattern`` by a bound alone (the most tiles of each kind its bindings want, each
    joker making up one tile at most): False where that bound does not tell. Given the seat and round wind
    (``env``), also by the natural tiles every listed instantiation lacks (listed already: none is listed here),
    each joker making up one of them at most."""
    data = _pattern_data(pattern)
    if _beyond(data, counts, jokers, missing):
        return True
    if env is None:
        return False
    least = data.counter.loose_least(counts, env)
    return least is not None and least - jokers > missing


def prepare(hands: Iterable[SpecialHand]) -> None:
    """List every form's instantiations now, for every seat and round wind where a form reads them: a game's
    first decisions would otherwise pay for it (about 0.2 s for the Western game's 84 forms), and a computer
    player decides between two frames of the window."""
    for hand in hands:
        for form in hand.forms:
            counter = _pattern_data(form).counter
            winds = [(s, r) for s in range(4) for r in range(4)] if counter.winds else [(0, 0)]
            for seat_wind, round_wind in winds:
                counter.least(_NOTHING, (), Env(seat_wind, round_wind), 1)  # (a joker: its tables too)


_NOTHING = (0,) * NUM_KINDS


def distance(hand: SpecialHand, counts: Sequence[int], melds: Sequence[Meld] = (), env: Env | None = None, *,
             jokers: int = 0) -> int:
    """Tiles from ready to a special hand, as shanten counts them; UNREACHABLE when it cannot be made."""
    target = special_target(hand, counts, melds, env or Env(), jokers=jokers)
    return UNREACHABLE if target is None else target.distance


def batch_of(hands: Iterable[SpecialHand]) -> Batch:
    """The counts of every form of ``hands`` at once (see :class:`game.core.special_count.Batch`), one for all the
    players of a game (its joined tables are built once)."""
    counters = tuple(_pattern_data(form).counter for hand in hands for form in hand.forms)
    key = tuple(map(id, counters))
    found = _BATCHES.get(key)
    if found is None or found.counters != tuple(dict.fromkeys(c for c in counters if c.usable)):
        if len(_BATCHES) >= _MOST_BATCHES:
            _BATCHES.clear()
        found = _BATCHES[key] = Batch(counters)
    return found


_BATCHES: dict[tuple[int, ...], Batch] = {}
_MOST_BATCHES = 512
"""Batches remembered (a game's players ask for one of all its special hands and one of each)."""
