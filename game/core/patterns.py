"""The special-hand pattern language: tile specs, set elements, patterns and the matcher.

A special hand is data (``docs/special-hands.md``): a list of *elements* (sets, pairs and single tiles), each
with a *tile spec* that may use variables, plus conditions on the whole hand and on how it was won. The rules
layer (``game.rules.compile``) turns the YAML into the objects here; this module only matches them.

Tile specs (each registered under the word the YAML uses):

* ``TileSet``: a fixed set of tiles, from a code (``RD``), a class (``wind``, ``terminal``, ``green`` …) or a
  list (``in: [2B, 4B]``).
* ``SeatTile``: ``own_wind`` / ``round_wind``, resolved from the hand being matched.
* ``SuitNumber``: ``{suit: s, number: n+1}``: suit and number, each fixed, a set, or a variable (with an
  offset for numbers). Variables bind on first use and must agree afterwards.
* ``TileVar``: ``{tile: x, …}``: binds the whole tile, so two elements can ask for the same tile.
* ``AnyOf`` / ``AllOf`` / ``NotSpec``: combinations.

Elements are ``pung``, ``kong``, ``pung_or_kong``, ``chow``, ``pair`` and ``single``; the rules layer expands
``knitted_pung``, ``knitted_pair``, ``run`` and plural forms into these. A chow's spec names its lowest tile.

Jokers (the Western game) stand in pungs and kongs of a special hand as they do in a regular one, beside at least
one natural tile; never in a chow, a pair or a single tile, nor so in a knitted set or a run, which the rules layer
makes of single tiles. The source (002 L192-L193, L296) names only pongs and kongs; A-002-2.

>>> from game.core.tiles import parse_tiles, counts_of
>>> p = Pattern((Element("pair", TileSet(frozenset(range(27, 34)))),) * 7, concealed=True)
>>> p.match(counts_of(parse_tiles("EW EW SW SW WW WW NW NW RD RD GD GD WD WD")), (), Env()) is not None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import compress
from typing import Literal

from game.core.frozen import quick_init
from game.core.melds import Meld, MeldKind
from game.core.tiles import (
    DRAGONS,
    EAST_WIND,
    HONOURS,
    JOKER,
    NUM_KINDS,
    TERMINALS,
    WINDS,
    Tile,
)

Bindings = dict[str, int]
ElementKind = Literal["pung", "kong", "pung_or_kong", "chow", "pair", "single"]

SIZES: dict[str, int] = {"pung": 3, "kong": 4, "pung_or_kong": 3, "chow": 3, "pair": 2, "single": 1}
JOKER_KINDS = frozenset({"pung", "kong", "pung_or_kong"})
"""The element kinds a joker may fill."""

_MINOR = frozenset(t for t in range(27) if t % 9 not in (0, 8))
_SUIT_BITS = (1 << 9) - 1  # the nine kinds of one suit in a kind mask
_KIND_BITS = tuple(1 << t for t in range(NUM_KINDS))  # a kind's bit in a kind mask
TILE_CLASSES: dict[str, frozenset[int]] = {
    "any": frozenset(range(NUM_KINDS)),
    "suit": frozenset(range(27)),
    "honour": frozenset(HONOURS),
    "wind": frozenset(WINDS),
    "dragon": frozenset(DRAGONS),
    "terminal": frozenset(TERMINALS),
    "major": frozenset(TERMINALS) | frozenset(HONOURS),
    "minor": _MINOR,
    "simple": _MINOR,
    "green": frozenset({1, 2, 3, 5, 7, 32}),  # 2 3 4 6 8 Bamboo and the Green Dragon
    "red_bamboo": frozenset({0, 4, 6, 8}),  # 1 5 7 9 Bamboo: the tiles painted red
}
"""Named tile classes a spec may use by name."""

NUMBER_CLASSES: dict[str, frozenset[int]] = {
    "even": frozenset({2, 4, 6, 8}),
    "odd": frozenset({1, 3, 5, 7, 9}),
    "minor": frozenset(range(2, 9)),
    "major": frozenset({1, 9}),
    "any": frozenset(range(1, 10)),
}
"""Named number classes for ``number:``."""


@quick_init
@dataclass(frozen=True)
class Env:
    """What a spec may depend on besides the tile: the seat and round wind of the hand (0 East … 3 North)."""

    seat_wind: int = 0
    round_wind: int = 0


class Spec:
    """A predicate on one tile, possibly binding variables.

    ``match`` returns the bindings (a new dict when it bound something) or None; ``static`` over-approximates
    the tiles it can ever accept, for cheap prefilters; ``candidates`` over-approximates those it can accept
    under given bindings, so the matcher need not offer it every tile.
    """

    @property
    def static(self) -> frozenset[int]:
        """Every tile ``match`` can ever accept (more is allowed, never fewer)."""
        return frozenset()

    def match(self, tile: Tile, b: Bindings, env: Env) -> Bindings | None:
        raise NotImplementedError

    def candidates(self, b: Bindings, env: Env) -> tuple[int, ...]:
        """The tiles ``match`` might accept under ``b``, in ascending order (every tile it accepts is among them)."""
        return self._sorted_static

    @cached_property
    def _sorted_static(self) -> tuple[int, ...]:
        return tuple(sorted(t for t in self.static if t < NUM_KINDS))

    def variables(self) -> set[str]:
        return set()


@dataclass(frozen=True)
class TileSet(Spec):
    """A fixed set of tiles: ``RD``, ``wind``, ``{in: [2B, 4B, 6B]}``."""

    tiles: frozenset[int]

    @property
    def static(self) -> frozenset[int]:
        return self.tiles

    def match(self, tile: Tile, b: Bindings, env: Env) -> Bindings | None:
        return b if tile in self.tiles else None


@dataclass(frozen=True)
class SeatTile(Spec):
    """``own_wind`` or ``round_wind``: the wind tile of the hand's seat or of the round."""

    which: Literal["own_wind", "round_wind"]

    @property
    def static(self) -> frozenset[int]:
        return frozenset(WINDS)

    def match(self, tile: Tile, b: Bindings, env: Env) -> Bindings | None:
        wind = env.seat_wind if self.which == "own_wind" else env.round_wind
        return b if tile == EAST_WIND + wind else None


@dataclass(frozen=True)
class SuitNumber(Spec):
    """A suit tile by suit and number: ``{suit: s, number: n+1}``.

    ``suit`` is a fixed suit (0–2), a variable name or None (any suit); ``number`` is a fixed set of numbers
    or None; ``number_var`` with ``offset`` binds a number variable to ``number - offset``.
    """

    suits: frozenset[int] | None = None
    suit_var: str | None = None
    numbers: frozenset[int] | None = None
    number_var: str | None = None
    offset: int = 0

    @property
    def static(self) -> frozenset[int]:
        suits = self.suits if self.suits is not None else (0, 1, 2)
        numbers: Iterable[int] = self.numbers if self.numbers is not None else range(1, 10)
        if self.number_var is not None:
            numbers = [n for n in numbers if 1 <= n - self.offset <= 9]
        return frozenset(s * 9 + n - 1 for s in suits for n in numbers)

    def match(self, tile: Tile, b: Bindings, env: Env) -> Bindings | None:
        if tile >= 27:
            return None
        suit, number = divmod(tile, 9)
        number += 1
        if self.suits is not None and suit not in self.suits:
            return None
        if self.numbers is not None and number not in self.numbers:
            return None
        new: Bindings | None = None
        if self.suit_var is not None:
            bound = b.get(self.suit_var)
            if bound is None:
                new = dict(b)
                new[self.suit_var] = suit
            elif bound != suit:
                return None
        if self.number_var is not None:
            value = number - self.offset
            bound = b.get(self.number_var)
            if bound is None:
                if not 1 <= value <= 9:
                    return None
                new = dict(b) if new is None else new
                new[self.number_var] = value
            elif bound != value:
                return None
        return b if new is None else new

    def candidates(self, b: Bindings, env: Env) -> tuple[int, ...]:
        # Once its variables are bound, a knitted or run tile is one tile or one suit: worth narrowing, since the
        # matcher asks for every set of a failing hand many times.
        suit = b.get(self.suit_var) if self.suit_var is not None else None
        number = b.get(self.number_var) if self.number_var is not None else None
        if suit is None and number is None:
            return self._sorted_static
        found = self._narrowed.get((suit, number))
        if found is None:
            found = tuple(t for t in self._sorted_static
                          if (suit is None or t // 9 == suit) and (number is None or t % 9 + 1 - self.offset == number))
            self._narrowed[(suit, number)] = found
        return found

    @cached_property
    def _narrowed(self) -> dict[tuple[int | None, int | None], tuple[int, ...]]:
        return {}

    def variables(self) -> set[str]:
        return {v for v in (self.suit_var, self.number_var) if v is not None}


@dataclass(frozen=True)
class TileVar(Spec):
    """``{tile: x}``: the whole tile bound to a variable (the same tile wherever ``x`` appears)."""

    name: str
    inner: Spec = field(default_factory=lambda: TileSet(TILE_CLASSES["any"]))

    @property
    def static(self) -> frozenset[int]:
        return self.inner.static

    def match(self, tile: Tile, b: Bindings, env: Env) -> Bindings | None:
        bound = b.get(self.name)
        if bound is not None:
            return b if bound == tile else None
        inner = self.inner.match(tile, b, env)
        if inner is None:
            return None
        new = dict(inner)
        new[self.name] = tile
        return new

    def candidates(self, b: Bindings, env: Env) -> tuple[int, ...]:
        bound = b.get(self.name)
        if bound is None:
            return self.inner.candidates(b, env)
        return (bound,) if bound < NUM_KINDS else ()

    def variables(self) -> set[str]:
        return {self.name} | self.inner.variables()


@dataclass(frozen=True)
class AnyOf(Spec):
    """``{any_of: [spec, …]}``: the first alternative that accepts the tile."""

    options: tuple[Spec, ...]

    @property
    def static(self) -> frozenset[int]:
        return frozenset().union(*(o.static for o in self.options))

    def match(self, tile: Tile, b: Bindings, env: Env) -> Bindings | None:
        for option in self.options:
            found = option.match(tile, b, env)
            if found is not None:
                return found
        return None

    def variables(self) -> set[str]:
        return set().union(*(o.variables() for o in self.options))


@dataclass(frozen=True)
class AllOf(Spec):
    """``{all_of: [spec, …]}``: every part must accept the tile."""

    parts: tuple[Spec, ...]

    @property
    def static(self) -> frozenset[int]:
        result = frozenset(range(NUM_KINDS))
        for part in self.parts:
            result &= part.static
        return result

    def match(self, tile: Tile, b: Bindings, env: Env) -> Bindings | None:
        current = b
        for part in self.parts:
            found = part.match(tile, current, env)
            if found is None:
                return None
            current = found
        return current

    def variables(self) -> set[str]:
        return set().union(*(p.variables() for p in self.parts))


@dataclass(frozen=True)
class NotSpec(Spec):
    """``{not: spec}``: any tile the inner spec refuses (the inner spec binds nothing)."""

    inner: Spec

    @property
    def static(self) -> frozenset[int]:
        # Only a fixed set can be subtracted safely; a variable or a seat wind could accept other tiles.
        return frozenset(range(NUM_KINDS)) - (self.inner.tiles if isinstance(self.inner, TileSet) else frozenset())

    def match(self, tile: Tile, b: Bindings, env: Env) -> Bindings | None:
        return b if self.inner.match(tile, b, env) is None else None

    def variables(self) -> set[str]:
        return self.inner.variables()  # read, never bound (the rules layer refuses a 'not' that binds)


ANY = TileSet(TILE_CLASSES["any"])


@dataclass(frozen=True)
class Element:
    """One set of a pattern: its kind, the spec of its tile (a chow's lowest), and whether it must be concealed.

    ``concealed`` forbids both an exposed declared meld and the claimed winning discard in this set. ``group``
    numbers the YAML element it came from, so a run prints as one group. ``twin`` marks copies made by
    ``times`` (or a plural list of identical specs): twins take their tiles in order, so a failing hand is
    not tried in every permutation; ``distinct`` twins must take different tiles.
    """

    kind: ElementKind
    spec: Spec = ANY
    concealed: bool = False
    group: int = 0
    twin: int = -1
    distinct: bool = False

    @property
    def size(self) -> int:
        return SIZES[self.kind]


@dataclass(frozen=True)
class Conditions:
    """Conditions on how the hand was won, from the YAML ``when:`` mapping (None = either way)."""

    won_by: frozenset[str] | None = None
    first_discard: bool | None = None
    original_hand: bool | None = None
    last_wall_tile: bool | None = None
    standing_hand: bool | None = None
    first_draw: bool | None = None
    seat_winds: frozenset[int] | None = None
    round_winds: frozenset[int] | None = None
    sets_declared: bool | None = None

    @cached_property
    def _empty(self) -> bool:
        values = (self.won_by, self.first_discard, self.original_hand, self.last_wall_tile, self.standing_hand,
                  self.first_draw, self.seat_winds, self.round_winds, self.sets_declared)
        return all(v is None for v in values)

    def hold(self, seat_wind: int, round_wind: int, context: object, declared: bool = False) -> bool:
        """Whether the win context (a ``WinContext``) meets every condition; ``declared``: the hand itself shows
        a declared set (so a set was declared, whatever the context says)."""
        if self._empty:
            return True
        if self.won_by is not None and getattr(context, "won_by", None) not in self.won_by:
            return False
        for name in ("first_discard", "original_hand", "last_wall_tile", "standing_hand", "first_draw"):
            wanted = getattr(self, name)
            if wanted is not None and bool(getattr(context, name, False)) != wanted:
                return False
        if (self.sets_declared is not None
                and (declared or bool(getattr(context, "sets_declared", False))) != self.sets_declared):
            return False
        return self.winds_allow(seat_wind, round_wind)

    def winds_allow(self, seat_wind: int, round_wind: int) -> bool:
        """Whether the hand may be made at this seat wind in this round wind (the one condition known before the
        hand is won)."""
        if self.seat_winds is not None and seat_wind not in self.seat_winds:
            return False
        return self.round_winds is None or round_wind in self.round_winds


@quick_init
@dataclass(frozen=True)
class MatchedGroup:
    """The tiles one element took, whether they were a declared meld, and whether they are concealed."""

    kind: str
    tiles: tuple[int, ...]
    declared: bool
    concealed: bool
    group: int


@dataclass(frozen=True)
class Pattern:
    """One form of a special hand: elements, variable constraints, concealment and winning-tile conditions.

    ``elements`` empty means "any complete hand": the hand's shape comes from the regular reading or another
    special hand, and only the conditions are checked (Golden Cock, Terrestrial Blessing).
    """

    elements: tuple[Element, ...] = ()
    different: tuple[tuple[str, str], ...] = ()
    concealed: bool = False
    winning_tile: Spec | None = None
    when: Conditions = Conditions()
    # Prefilter data, computed in __post_init__.
    allowed_mask: int = field(default=0, compare=False, repr=False)
    required: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)
    min_tiles: int = field(default=0, compare=False, repr=False)
    max_tiles: int = field(default=0, compare=False, repr=False)
    max_suits: int = field(default=3, compare=False, repr=False)
    max_kinds: int = field(default=0, compare=False, repr=False)
    """At most this many distinct tile kinds fit: one per pung, kong, pair or single, three per chow."""
    element_masks: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)
    """(mask of the tiles an element could use, its size) for every element but chows."""
    chow_masks: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)
    """For every chow element, the mask of each run it could be (its three kinds)."""
    group_needs: tuple[tuple[tuple[int, ...], int], ...] = field(default=(), compare=False, repr=False)
    """For each distinct set of kinds some element may use: those kinds (a 0 or 1 per kind), and how many tiles the
    elements that may use nothing else take from them (three pungs of winds take nine wind tiles, whichever)."""
    meld_room: tuple[tuple[frozenset[MeldKind], int, int], ...] = field(default=(), compare=False, repr=False)
    """For each group of declared-set kinds: how many elements could take such a set exposed, and how many at
    all (a concealed element takes only a concealed kong)."""
    exposed_room: int = field(default=0, compare=False, repr=False)
    """How many exposed declared sets the pattern has room for: one per element that may take a declared set and
    need not be concealed (none in a concealed pattern)."""
    live_vars: tuple[tuple[str, ...], ...] = field(default=(), compare=False, repr=False)
    """For each element index, the variables whose bindings can still matter from there on (see ``_Search``)."""
    swappable: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)
    short_counts: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """Counts of one kind no hand without jokers can hold concealed and fit: with no chow, every concealed tile
    sits in a set of its own kind, so a kind held fewer times than the smallest set cannot all be placed."""
    """For each element index ``i``, the starts ``i - L`` of the runs of ``L`` elements just before ``i`` that
    could trade tiles with the run starting at ``i`` (see ``_swappable``)."""

    def __post_init__(self) -> None:
        ordered = _order(self.elements)
        object.__setattr__(self, "elements", ordered)
        mask = 0
        required: dict[int, int] = {}
        low = high = 0
        suit_sources: set[object] = set()
        for el in ordered:
            static = el.spec.static
            for t in static:
                mask |= 1 << t
            if el.kind == "chow":
                for t in static:
                    if t < 27 and t % 9 <= 6:
                        mask |= (1 << (t + 1)) | (1 << (t + 2))
            low += el.size
            high += 4 if el.kind == "pung_or_kong" else el.size
            if len(static) == 1 and el.kind != "chow":
                (t,) = static
                required[t] = required.get(t, 0) + el.size
            suit_sources |= _suit_sources(el)
        object.__setattr__(self, "allowed_mask", mask)
        object.__setattr__(self, "required", tuple(sorted(required.items())))
        object.__setattr__(self, "min_tiles", low)
        object.__setattr__(self, "max_tiles", high)
        object.__setattr__(self, "max_suits", min(3, len(suit_sources)))
        object.__setattr__(self, "max_kinds", sum(3 if el.kind == "chow" else 1 for el in ordered))
        object.__setattr__(self, "element_masks", tuple(
            (sum(1 << t for t in el.spec.static), el.size) for el in ordered if el.kind != "chow"))
        object.__setattr__(self, "chow_masks", tuple(
            runs for runs in (tuple(sorted(7 << t for t in el.spec.static if t < 27 and t % 9 <= 6))
                              for el in ordered if el.kind == "chow") if runs))
        object.__setattr__(self, "group_needs", _group_needs(ordered, required))
        object.__setattr__(self, "meld_room", tuple(
            (kinds, sum(1 for el in ordered if set(MELD_KINDS[el.kind]) & kinds and not el.concealed),
             sum(1 for el in ordered if set(MELD_KINDS[el.kind]) & kinds))
            for kinds in (frozenset({MeldKind.CHOW}), frozenset({MeldKind.PUNG}), frozenset({MeldKind.KONG}),
                          frozenset({MeldKind.PUNG, MeldKind.KONG}))))
        object.__setattr__(self, "exposed_room", 0 if self.concealed else sum(
            1 for el in ordered if MELD_KINDS[el.kind] and not el.concealed))
        object.__setattr__(self, "live_vars", _live_vars(ordered, self.different))
        object.__setattr__(self, "swappable", _swappable(ordered, self.different))
        if ordered and all(el.kind != "chow" for el in ordered):
            object.__setattr__(self, "short_counts", tuple(range(1, min(el.size for el in ordered))))

    @property
    def has_shape(self) -> bool:
        return bool(self.elements)

    def quick_reject(self, mask: int, totals: Sequence[int], n_tiles: int, n_suits: int, jokers: int = 0,
                     shown_jokers: int = 0) -> bool:
        """Cheap tests that rule most hands out before the search (``totals`` counts every natural tile held,
        ``jokers`` the concealed jokers, which may make up that many missing tiles, ``shown_jokers`` those standing
        in declared sets, which ``totals`` leaves out)."""
        if mask & ~self.allowed_mask:
            return True
        if not self.min_tiles <= n_tiles + jokers <= self.max_tiles or n_suits > self.max_suits:
            return True
        if mask.bit_count() > self.max_kinds:
            return True
        return not self.within(mask, totals, jokers, shown_jokers)

    def shortfall(self, mask: int, totals: Sequence[int], shown_jokers: int = 0) -> int:
        """A lower bound on the tiles a hand (``mask`` of the kinds held, ``totals`` per kind, and ``shown_jokers``
        in its declared sets) lacks for this pattern: every set none of whose possible tiles is held, the kinds a
        run lacks in its nearest place, the tiles the sets of a few kinds take beyond those held of them (any
        shown joker counted as one), and every fixed tile held too few times."""
        missing = sum(size for element_mask, size in self.element_masks if not mask & element_mask)
        for runs in self.chow_masks:  # each run on its own: two runs may want the same held tile, so a bound
            missing += 3 - max((mask & run).bit_count() for run in runs)
        for kinds, need in self.group_needs:
            missing = max(missing, need - shown_jokers - sum(compress(totals, kinds)))
        return max(missing, sum(max(0, n - totals[t]) for t, n in self.required))

    def within(self, mask: int, totals: Sequence[int], limit: int, shown_jokers: int = 0) -> bool:
        """Whether :meth:`shortfall` is at most ``limit``, stopping as soon as it is not: the waits after every
        discard ask this of a few forms, and most hands are far from them."""
        for kinds, need in self.group_needs:  # first: the test that most often decides
            if need - shown_jokers - sum(compress(totals, kinds)) > limit:
                return False
        missing = 0
        for element_mask, size in self.element_masks:
            if not mask & element_mask:
                missing += size
                if missing > limit:
                    return False
        for runs in self.chow_masks:
            missing += 3 - max((mask & run).bit_count() for run in runs)
            if missing > limit:
                return False
        short = 0
        for t, n in self.required:
            if totals[t] < n:
                short += n - totals[t]
                if short > limit:
                    return False
        return True

    def match(self, counts: Sequence[int], melds: Sequence[Meld], env: Env, claimed: Tile | None = None,
              jokers: int = 0, claimed_alone: bool = True) -> list[MatchedGroup] | None:
        """The tiles each element takes, or None when the hand does not fit.

        ``counts`` are the concealed natural tiles (with the winning tile), ``melds`` the declared sets,
        ``claimed`` the winning tile when it was a claimed discard (it may not sit in a ``concealed`` element,
        nor, unless ``claimed_alone``, in a ``single`` one), ``jokers`` the concealed jokers, every one of which
        must stand in a pung or kong element.
        """
        if not self.elements:
            return None
        if self.concealed and any(m.exposed for m in melds):
            return None
        if melds and not self.melds_fit(melds):
            return None
        if not jokers:
            for n in self.short_counts:
                if n in counts:
                    return None
        for projection in self._projections:
            if not projection.allows(counts, melds, env, jokers):
                return None
        search = _Search(self, list(counts), melds, env, claimed, jokers, claimed_alone)
        return search.run()

    def forget_hands(self) -> None:
        """Forget which projected hands fit (see ``_Projection``): the cold scoring benchmark forgets every hand
        seen. The projections themselves, made from the pattern, stay."""
        for projection in self.__dict__.get("_projections", ()):
            projection.fits.clear()

    def melds_fit(self, melds: Sequence[Meld]) -> bool:
        """Whether there are elements enough for the declared sets: each goes to an element of its kind, an exposed
        one to an element that need not be concealed (a count only, so True does not mean they fit)."""
        for kinds, exposed_room, room in self.meld_room:
            held = [m for m in melds if m.kind in kinds]
            if len(held) > room or sum(1 for m in held if m.exposed) > exposed_room:
                return False
        return True

    @cached_property
    def _twins(self) -> tuple[bool, ...]:
        """Whether each element is a twin of the one before (twins take their tiles in order)."""
        elements = self.elements
        return tuple(i > 0 and el.twin >= 0 and elements[i - 1].twin == el.twin for i, el in enumerate(elements))

    @cached_property
    def _fixed(self) -> tuple[tuple[Element, int, tuple[int, ...]], ...]:
        """Each leading element that can take only one kind (a named tile such as ``RD``, not a chow, no twin or
        swappable run), with that kind and the tiles it takes concealed: the search has no choice to make there
        unless a declared set offers one too. Most constrained first, so Thirteen Orphans' thirteen singles and the
        named pungs of the wind and dragon hands lead (see ``_Search.run``)."""
        found = []
        for i, el in enumerate(self.elements):
            tiles = el.spec.tiles if type(el.spec) is TileSet else ()
            if (len(tiles) != 1 or el.kind == "chow" or self._twins[i] or self.swappable[i]
                    or not 0 <= (t := next(iter(tiles))) < NUM_KINDS):
                break
            found.append((el, t, _REPEATED[el.size][t]))
        return tuple(found)

    @cached_property
    def _different_once(self) -> tuple[tuple[str, str], ...]:
        return tuple(dict.fromkeys(self.different))  # a run of knitted pairs repeats its pair

    @cached_property
    def _projections(self) -> tuple[_Projection, ...]:
        """The coarser patterns a fitting hand must fit too, tried first (see ``_Projection``)."""
        found = []
        for keep, tile_map in (("suit", _BY_SUIT), ("number", _BY_NUMBER)):
            kept = {v for el in self.elements for v in _roles(el.spec)[keep]}
            if not kept:
                continue  # nothing to gain: the pattern's own prefilters see fixed tiles as well
            projected = _project_pattern(self, keep, tile_map)
            if projected is not None:
                found.append(_Projection(projected, tile_map))
        return tuple(found)


# -- Projections ---------------------------------------------------------------------------------------------
#
# A hand of knitted sets fails mostly on its counts: Knitting wants as many tiles in one suit as in the other,
# and an even number of each number. Forgetting every tile's number (or its suit) maps a fitting hand to a fitting
# hand of a coarser pattern, whose few distinct hands are searched once each and remembered. A hand whose
# projection does not fit cannot fit; one that does is searched in full.

_BY_SUIT = tuple(t - t % 9 if t < 27 else t for t in range(NUM_KINDS))
"""Each tile with its number forgotten: a suit tile as the 1 of its suit; honours unchanged."""
_BY_NUMBER = tuple(t % 9 if t < 27 else t for t in range(NUM_KINDS))
"""Each tile with its suit forgotten: a suit tile as the Bamboo of its number; honours unchanged."""


@dataclass(frozen=True)
class _Projection:
    """A pattern seen with part of every tile forgotten, and the hands already tried against it."""

    pattern: Pattern
    tile_map: tuple[int, ...]
    fits: dict[tuple[object, ...], bool] = field(default_factory=dict)

    def allows(self, counts: Sequence[int], melds: Sequence[Meld], env: Env, jokers: int) -> bool:
        """False when the hand's projection cannot fit, so neither can the hand."""
        tile_map = self.tile_map
        projected = [0] * NUM_KINDS
        for t, n in enumerate(counts):
            if n:
                projected[tile_map[t]] += n
        shown = tuple(_project_meld(m, tile_map) for m in melds)
        key = (bytes(projected), shown, env, jokers)
        fits = self.fits.get(key)
        if fits is None:
            # Searched directly: a projection has no projections of its own.
            fits = _Search(self.pattern, projected, shown, env, None, jokers).run() is not None
            if len(self.fits) >= 20_000:
                self.fits.clear()
            self.fits[key] = fits
        return fits


def _roles(spec: Spec) -> dict[str, set[str]]:
    """The variables a spec uses, by what they stand for: a suit, a number or a whole tile."""
    roles: dict[str, set[str]] = {"suit": set(), "number": set(), "tile": set()}
    specs = [spec]
    while specs:
        s = specs.pop()
        if isinstance(s, SuitNumber):
            roles["suit"] |= {s.suit_var} if s.suit_var is not None else set()
            roles["number"] |= {s.number_var} if s.number_var is not None else set()
        elif isinstance(s, TileVar):
            roles["tile"].add(s.name)
            specs.append(s.inner)
        elif isinstance(s, AnyOf | AllOf):
            specs.extend(s.options if isinstance(s, AnyOf) else s.parts)
        elif isinstance(s, NotSpec):
            specs.append(s.inner)
    return roles


def _project_pattern(pattern: Pattern, keep: str, tile_map: tuple[int, ...]) -> Pattern | None:
    """``pattern`` with every tile mapped by ``tile_map`` and only the ``keep`` variables' ``different`` pairs,
    or None when a spec cannot be projected so that every fitting hand still fits."""
    elements = []
    for el in pattern.elements:
        spec = _project_spec(el.spec, keep, tile_map)
        if spec is None:
            return None
        kind = el.kind
        if kind == "chow" and keep == "suit":
            kind = "pung"  # a chow's three tiles are one tile once their numbers are forgotten
        elements.append(Element(kind, spec, el.concealed, el.group, el.twin))  # distinct tiles may project alike
    roles: dict[str, set[str]] = {"suit": set(), "number": set(), "tile": set()}
    for el in pattern.elements:
        for role, names in _roles(el.spec).items():
            roles[role] |= names
    others = set().union(*(names for role, names in roles.items() if role != keep))
    different = tuple((a, c) for a, c in pattern.different
                      if {a, c} <= roles[keep] and not {a, c} & others)
    return Pattern(tuple(elements), different, pattern.concealed)


def _project_spec(spec: Spec, keep: str, tile_map: tuple[int, ...]) -> Spec | None:
    """A spec accepting the projection of every tile ``spec`` accepts, binding the ``keep`` variables alike."""
    if isinstance(spec, TileSet):
        return TileSet(frozenset(tile_map[t] for t in spec.tiles if t < NUM_KINDS))
    if isinstance(spec, SeatTile):
        return spec
    if isinstance(spec, SuitNumber):
        if keep == "suit":
            return SuitNumber(suits=spec.suits, suit_var=spec.suit_var)
        return SuitNumber(suits=frozenset({0}), numbers=spec.numbers, number_var=spec.number_var, offset=spec.offset)
    if isinstance(spec, TileVar):
        inner = _project_spec(spec.inner, keep, tile_map)
        return None if inner is None else TileVar(spec.name, inner)
    if isinstance(spec, AllOf):
        parts = [_project_spec(p, keep, tile_map) for p in spec.parts]
        kept = [p for p in parts if p is not None]
        return None if len(kept) < len(parts) else AllOf(tuple(kept))
    if not spec.variables():  # any_of or not without variables: only the tiles count
        return TileSet(frozenset(tile_map[t] for t in spec.static if t < NUM_KINDS))
    return None  # the first option of an any_of that fits depends on the bindings: no sound projection


def _project_meld(meld: Meld, tile_map: tuple[int, ...]) -> Meld:
    tiles = tuple(tile_map[t] if t < NUM_KINDS else t for t in meld.tiles)
    kind = MeldKind.PUNG if meld.kind is MeldKind.CHOW and len(set(tiles)) == 1 else meld.kind
    return Meld(kind, tiles, meld.exposed)


def _suit_sources(el: Element) -> set[object]:
    """The distinct "suit choices" an element makes: a variable, a fixed suit, or a fresh anonymous suit."""
    specs = [el.spec]
    sources: set[object] = set()
    while specs:
        spec = specs.pop()
        if isinstance(spec, SuitNumber):
            if spec.suit_var is not None:
                sources.add(spec.suit_var)
            elif spec.suits is not None and len(spec.suits) == 1:
                sources.add(("fixed", next(iter(spec.suits))))
            else:
                return {("free", id(el), i) for i in range(3)}
        elif isinstance(spec, TileSet | TileVar):
            suits = {t // 9 for t in spec.static if t < 27}
            if len(suits) > 1:
                return {("free", id(el), i) for i in range(3)}
            sources |= {("fixed", s) for s in suits}
        elif isinstance(spec, AnyOf | AllOf):
            specs.extend(spec.options if isinstance(spec, AnyOf) else spec.parts)
        elif isinstance(spec, NotSpec):
            return {("free", id(el), i) for i in range(3)}
    return sources


def _group_needs(elements: tuple[Element, ...], required: dict[int, int]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """``Pattern.group_needs``: for each element's kinds (short of every kind), the tiles that the elements using
    only those kinds take. A chow element's kinds are those of every run it could be. A single kind whose
    ``required`` count is as large is left out: the test of the required tiles already asks as much (Thirteen
    Orphans' thirteen named tiles would otherwise be asked twice, every time its distance is)."""
    masks = []
    for el in elements:
        mask = 0
        for t in el.spec.static:
            if t < NUM_KINDS:
                mask |= 7 << t if el.kind == "chow" and t < 27 and t % 9 <= 6 else 0 if el.kind == "chow" else 1 << t
        masks.append((mask, el.size))
    found = []
    for group in dict.fromkeys(mask for mask, _ in masks):
        if group == (1 << NUM_KINDS) - 1 or not group:
            continue
        need = sum(size for mask, size in masks if mask and not mask & ~group)
        if group.bit_count() == 1 and required.get(group.bit_length() - 1, 0) >= need:
            continue
        found.append((tuple(group >> t & 1 for t in range(NUM_KINDS)), need))
    return tuple(found)


def _live_vars(elements: tuple[Element, ...], different: tuple[tuple[str, str], ...]) -> tuple[tuple[str, ...], ...]:
    """For each element index ``i``, the variables the search from ``i`` on can read: those the specs of elements
    ``i…`` use, and those a ``different`` pair ties to one of them. Other bindings cannot change the outcome."""
    result = []
    later: set[str] = set()
    for el in reversed(elements):
        later |= el.spec.variables()
        tied = {a for a, c in different if c in later} | {c for a, c in different if a in later}
        result.append(tuple(sorted(later | tied)))
    result.reverse()
    return tuple(result)


def _swappable(elements: tuple[Element, ...], different: tuple[tuple[str, str], ...]) -> tuple[tuple[int, ...], ...]:
    """For each element index ``i``, the starts ``p = i - L`` such that elements ``p…i-1`` and ``i…i+L-1`` are the
    same sets up to renaming the variables only they use: the three tiles of a knitted pung, the seven pairs of
    Knitting, four knitted pungs.

    Two such runs can trade their tiles in any match, so the matcher lets the later run's first element take no
    tile before the earlier run's first (the way twins take their tiles in order). The first match it finds is
    the least in its order of trying, and any match breaking this rule would have a lesser one by the trade, so
    the rule never changes which match is found; it only spares trying a failing hand in every order.
    """
    n = len(elements)
    found: list[tuple[int, ...]] = [()] * n
    for i in range(1, n):
        found[i] = tuple(i - size for size in range(1, min(i, n - i) + 1)
                         if _runs_alike(elements, different, i - size, i, size))
    return tuple(found)


def _runs_alike(elements: tuple[Element, ...], different: tuple[tuple[str, str], ...], a: int, b: int,
                size: int) -> bool:
    """Whether runs ``a…a+size-1`` and ``b…b+size-1`` of plain elements (no twins) are alike up to renaming the
    variables each uses alone, with the ``different`` pairs unchanged by the renaming."""
    run_a, run_b = elements[a:a + size], elements[b:b + size]
    if any(el.twin >= 0 for el in (*run_a, *run_b)):
        return False
    outside_a = set().union(*(el.spec.variables() for k, el in enumerate(elements) if not a <= k < a + size))
    outside_b = set().union(*(el.spec.variables() for k, el in enumerate(elements) if not b <= k < b + size))
    local_a = set().union(*(el.spec.variables() for el in run_a)) - outside_a
    local_b = set().union(*(el.spec.variables() for el in run_b)) - outside_b
    names: dict[str, str] = {}
    for x, y in zip(run_a, run_b, strict=True):
        if x.kind != y.kind or x.concealed != y.concealed:
            return False
        if not _alike(x.spec, y.spec, names, local_a, local_b):
            return False
    if set(names) != local_a or set(names.values()) != local_b:
        return False
    swap = {**names, **{y: x for x, y in names.items()}}
    pairs = {frozenset(pair) for pair in different}
    return all(frozenset(swap.get(v, v) for v in pair) in pairs for pair in pairs)


def _alike(x: Spec, y: Spec, names: dict[str, str], local_x: set[str], local_y: set[str]) -> bool:
    """Whether spec ``y`` is ``x`` with ``x``'s local variables renamed by ``names`` (a one-to-one map, extended
    as found). Only specs whose outcome does not depend on the order the sets are matched in qualify: a
    combination that binds variables (the first option of an ``any_of`` that fits) does not."""

    def same(u: str | None, v: str | None) -> bool:
        if u is None or v is None:
            return u is v
        if u in local_x:
            return v in local_y and names.setdefault(u, v) == v and list(names.values()).count(v) == 1
        return u == v and v not in local_y

    if type(x) is not type(y):
        return False
    if isinstance(x, SuitNumber) and isinstance(y, SuitNumber):
        return (x.suits == y.suits and x.numbers == y.numbers and x.offset == y.offset
                and same(x.suit_var, y.suit_var) and same(x.number_var, y.number_var))
    if isinstance(x, TileVar) and isinstance(y, TileVar):
        return same(x.name, y.name) and _alike(x.inner, y.inner, names, local_x, local_y)
    if isinstance(x, AllOf) and isinstance(y, AllOf):
        return len(x.parts) == len(y.parts) and all(
            _alike(u, v, names, local_x, local_y) for u, v in zip(x.parts, y.parts, strict=True))
    return not x.variables() and x == y


def _order(elements: tuple[Element, ...]) -> tuple[Element, ...]:
    """Most constrained elements first (fewest possible tiles), keeping twins together."""
    indexed = list(enumerate(elements))
    indexed.sort(key=lambda pair: (len(pair[1].spec.static), pair[1].twin if pair[1].twin >= 0 else 10_000 + pair[0],
                                   pair[0]))
    return tuple(el for _, el in indexed)


MELD_KINDS: dict[str, tuple[MeldKind, ...]] = {
    "pung": (MeldKind.PUNG,),
    "kong": (MeldKind.KONG,),
    "pung_or_kong": (MeldKind.PUNG, MeldKind.KONG),
    "chow": (MeldKind.CHOW,),
    "pair": (),
    "single": (),
}
"""The declared sets an element of each kind may take."""


_REPEATED = {size: tuple((t,) * size for t in range(NUM_KINDS)) for size in set(SIZES.values())}
"""Each kind's tiles as a set of each size takes them, made once."""


class _Search:
    """Backtracking over elements: each takes a declared meld or concealed tiles, binding variables.

    A hand that fails is tried in many orders (the suits of a knitted pung, which of four alike sets takes which
    tiles), and each order reaches the same position again. ``failed`` remembers the positions already known to
    fail, so each is searched once: a position is the element reached, the tiles and melds left, the claimed
    tile's and the jokers' state, and the bindings the elements left can still read. Only failures are kept, so
    the first match found, and so the groups returned, are the same as without it.
    """

    def __init__(self, pattern: Pattern, counts: list[int], melds: Sequence[Meld], env: Env,
                 claimed: Tile | None, jokers: int = 0, claimed_alone: bool = True) -> None:
        self.elements = pattern.elements
        self.fixed = pattern._fixed
        self.n_elements = len(pattern.elements)
        self.twins = pattern._twins
        self.live_vars = pattern.live_vars
        self.failed: set[tuple[object, ...]] = set()
        self.claimed_alone = claimed_alone
        # Trading tiles between alike runs may move the claimed tile into a set that may not hold it, so the order
        # rule holds only when every set may hold it or no tile was claimed.
        self.swappable = (pattern.swappable if claimed is None or all(self._may_hold_claim(el)
                                                                         for el in pattern.elements)
                          else ((),) * len(pattern.elements))
        self.keys: list[tuple[int, int]] = [(-1, -1)] * len(pattern.elements)
        self.jokers = jokers
        self.different = pattern._different_once
        self.counts = counts
        self.melds = melds
        self.env = env
        self.claimed = claimed
        self.pending = claimed is not None
        self.used = [False] * len(melds)
        self.taken: list[MatchedGroup] = []

    def run(self) -> list[MatchedGroup] | None:
        start, prev = self._place_fixed() if self.fixed and not self.jokers else (0, (-1, -1))
        if start >= 0 and self._step(start, {}, prev):
            return list(self.taken)
        return None

    def _place_fixed(self) -> tuple[int, tuple[int, int]]:
        """Place the leading fixed elements (``Pattern._fixed``) while each has one place only: a declared set of
        its tile or that many concealed tiles of it. Where ``_step`` would find that one place and, failing later,
        no other, this takes it without a level of search each. Returns the first element left to search and the
        key of the one before, or -1 when an element has no place, so the hand does not fit."""
        counts, melds, taken = self.counts, self.melds, self.taken
        prev = (-1, -1)
        for i, (el, t, tiles) in enumerate(self.fixed):
            size = len(tiles)
            concealed = counts[t] >= size
            if concealed and self.pending and self.claimed == t and self._claim_blocks(el, tiles):
                concealed = False
            places = [j for j, meld in enumerate(melds)
                      if not self.used[j] and meld.kind in MELD_KINDS[el.kind] and not (el.concealed and meld.exposed)
                      and el.spec.match(meld.tile, {}, self.env) is not None] if melds else ()
            if len(places) + concealed != 1:
                return (i if places or concealed else -1), prev
            if places:
                j = places[0]
                self.used[j] = True
                meld = melds[j]
                taken.append(MatchedGroup(el.kind, meld.tiles, True, not meld.exposed, el.group))
                prev = (0, j)
            else:
                counts[t] -= size
                took_claim = self.pending and self.claimed == t and self._may_hold_claim(el)
                if took_claim:
                    self.pending = False
                taken.append(MatchedGroup(el.kind, tiles, False, not took_claim, el.group))
                prev = (1, t)
            self.keys[i] = prev
        return len(self.fixed), prev

    def _consistent(self, b: Bindings) -> bool:
        for a, c in self.different:
            va, vc = b.get(a), b.get(c)
            if va is not None and va == vc:
                return False
        return True

    def _step(self, i: int, b: Bindings, prev: tuple[int, int]) -> bool:
        if i == self.n_elements:
            return all(self.used) and not any(self.counts) and not self.jokers
        el = self.elements[i]
        twin = self.twins[i]
        floor = prev if twin else (-1, -1)
        for start in self.swappable[i]:
            floor = max(floor, self.keys[start])
        # A position is looked up only once some position has failed, and made on failing otherwise: a hand that
        # fits mostly walks straight to its match. ``_place`` leaves the state as it found it when it fails.
        failed = self.failed
        if failed:
            position = self._position(i, b, floor)
            if position in failed:
                return False
            if self._place(i, el, b, twin, floor):
                return True
        else:
            if self._place(i, el, b, twin, floor):
                return True
            position = self._position(i, b, floor)
        failed.add(position)
        return False

    def _position(self, i: int, b: Bindings, floor: tuple[int, int]) -> tuple[object, ...]:
        return (i, bytes(self.counts), tuple(self.used), self.pending, self.jokers, floor,
                tuple(map(b.get, self.live_vars[i])))

    def _place(self, i: int, el: Element, b: Bindings, twin: bool, floor: tuple[int, int]) -> bool:
        """Give element ``i`` each declared meld or concealed tiles it fits in turn, then match the rest."""
        # A declared meld first: it is the only place its tiles can go.
        for j, meld in enumerate(self.melds):
            if self.used[j] or meld.kind not in MELD_KINDS[el.kind]:
                continue
            if el.concealed and meld.exposed:
                continue
            key = (0, j)
            if key < floor or (twin and el.distinct and key == floor):
                continue
            nb = el.spec.match(meld.tile, b, self.env)
            if nb is None or (nb is not b and not self._consistent(nb)):
                continue
            self.used[j] = True
            self.taken.append(MatchedGroup(el.kind, meld.tiles, True, not meld.exposed, el.group))
            self.keys[i] = key
            if self._step(i + 1, nb, key):
                return True
            self.taken.pop()
            self.used[j] = False
        counts = self.counts
        size = el.size
        chow = el.kind == "chow"
        fillable = self.jokers and el.kind in JOKER_KINDS
        # Concealed tiles come after every declared set in the twins' order: only a concealed floor holds them.
        low = floor[1] if floor[0] == 1 else -1
        strict = twin and el.distinct
        pending, claimed, env = self.pending, self.claimed, self.env
        match = el.spec.match
        for t in el.spec.candidates(b, env):
            held = counts[t]
            if not held or t < low or (strict and t == low):
                continue
            if chow:
                if t >= 27 or t % 9 > 6 or not counts[t + 1] or not counts[t + 2]:
                    continue
                tiles: tuple[int, ...] = (t, t + 1, t + 2)
            else:
                if held < size:
                    if fillable and self._with_jokers(i, el, t, b, (1, t)):
                        return True
                    continue
                tiles = _REPEATED[size][t]
            if pending and claimed in tiles and self._claim_blocks(el, tiles):
                continue
            nb = match(t, b, env)
            if nb is None or (nb is not b and not self._consistent(nb)):
                continue
            if self._take(i, el, tiles, 0, nb, (1, t)):
                return True
            if fillable and self._with_jokers(i, el, t, b, (1, t)):
                return True
        return False

    def _with_jokers(self, i: int, el: Element, t: int, b: Bindings, key: tuple[int, int]) -> bool:
        """Element ``i`` (a pung or kong) as fewer natural ``t`` than its size, at least one, and jokers for the
        rest; then the elements after it. Fewer naturals may leave a tile another element needs."""
        size = el.size
        nb = el.spec.match(t, b, self.env)
        if nb is None or (nb is not b and not self._consistent(nb)):
            return False
        for real in range(min(self.counts[t], size - 1), 0, -1):
            if size - real <= self.jokers and self._take(i, el, (t,) * real, size - real, nb, key):
                return True
        return False

    def _may_hold_claim(self, el: Element) -> bool:
        """Whether ``el`` may hold the claimed tile: not a concealed set, nor a single tile where the claimed tile
        may not stand alone."""
        return not el.concealed and (self.claimed_alone or el.kind != "single")

    def _claim_blocks(self, el: Element, tiles: tuple[int, ...]) -> bool:
        """An element that may not hold the claimed tile cannot take it unless the hand has another besides."""
        return (self.pending and self.claimed in tiles and not self._may_hold_claim(el)
                and self.counts[self.claimed] - 1 < tiles.count(self.claimed))

    def _take(self, i: int, el: Element, tiles: tuple[int, ...], jokers: int, nb: Bindings,
              key: tuple[int, int]) -> bool:
        """Give element ``i`` the concealed ``tiles`` and ``jokers`` jokers, then match the rest."""
        claim_here = self.pending and self.claimed in tiles
        if claim_here and self._claim_blocks(el, tiles):
            return False
        counts = self.counts
        for x in tiles:
            counts[x] -= 1
        self.jokers -= jokers
        took_claim = claim_here and self._may_hold_claim(el)
        if took_claim:
            self.pending = False
        concealed = not took_claim
        self.taken.append(MatchedGroup(el.kind, tiles + (JOKER,) * jokers, False, concealed, el.group))
        self.keys[i] = key
        if self._step(i + 1, nb, key):
            return True
        self.taken.pop()
        if took_claim:
            self.pending = True
        self.jokers += jokers
        for x in tiles:
            counts[x] += 1
        return False


@quick_init
@dataclass(frozen=True)
class HandFacts:
    """What the prefilters need about a hand, computed once per hand."""

    mask: int
    totals: tuple[int, ...]
    n_tiles: int
    n_suits: int
    jokers: int = 0
    """Concealed jokers (not among ``totals`` or ``n_tiles``)."""
    shown_jokers: int = 0
    """Jokers in declared sets (among ``n_tiles``, not ``totals``)."""

    @classmethod
    def of(cls, counts: Sequence[int], melds: Sequence[Meld], jokers: int = 0) -> HandFacts:
        totals = list(counts)
        n_tiles = sum(counts)
        shown_jokers = 0
        for meld in melds:
            for t in meld.tiles:
                if t < NUM_KINDS:
                    totals[t] += 1
                elif t == JOKER:
                    shown_jokers += 1
            n_tiles += len(meld.tiles)
        mask = sum(compress(_KIND_BITS, totals))
        n_suits = bool(mask & _SUIT_BITS) + bool(mask >> 9 & _SUIT_BITS) + bool(mask >> 18 & _SUIT_BITS)
        return cls(mask, tuple(totals), n_tiles, n_suits, jokers, shown_jokers)
