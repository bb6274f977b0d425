"""Readings of a hand: the sets it is split into, and the facts the scoring table's conditions ask about.

A *reading* is one way to see a hand for scoring: every set with its kind, tile and whether it is concealed.
A winner has one reading per arrangement of the concealed tiles and per set the claimed winning tile may sit
in (that set counts as exposed); a loser has one reading, their concealed pungs and pairs (A27).

The hand conditions the YAML ``when:`` key may name are in :data:`HAND_CONDITIONS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress
from typing import Any

from game.core.frozen import quick_init, worked_out
from game.core.hand import arrangements, forget_splits, joker_arrangements
from game.core.judge import HandSpec, WinContext
from game.core.melds import Meld, MeldKind
from game.core.tiles import JOKER, NUM_KINDS, Tile, counts_of

CLAIMED_WINS = ("discard", "robbed_kong")


@quick_init
@dataclass(frozen=True)
class ReadSet:
    """One set of a reading: kind (``pung``, ``kong``, ``chow``, ``pair``, ``single``), its tiles, concealment.

    ``scores`` is False for tiles shown only for the layout (a loser's leftover chows and singles).
    """

    kind: str
    tiles: tuple[Tile, ...]
    concealed: bool
    declared: bool = False
    scores: bool = True

    @property
    def tile(self) -> Tile:
        return self.tiles[0]

    @worked_out
    def outside(self) -> bool:
        """Whether the set holds a terminal or an honour (a joker counts as an honour)."""
        return any(map(_OUTSIDE_TILE.__getitem__, self.tiles))

    @worked_out
    def dragon(self) -> bool:
        """Whether the set is of a dragon."""
        return 31 <= self.tiles[0] < NUM_KINDS


@quick_init
@dataclass(frozen=True)
class Reading:
    """A hand seen as sets; ``complete`` for a winning reading.

    ``win_set`` is the index in ``sets`` of the set the winning tile completes in this reading (-1: unknown).
    """

    sets: tuple[ReadSet, ...]
    complete: bool = True
    win_set: int = -1

    @worked_out
    def facts(self) -> ReadingFacts:
        """What the hand conditions ask about the sets, counted in one pass the first time it is asked."""
        return ReadingFacts(self.sets)

    @property
    def chows(self) -> int:
        return self.facts.chows

    @worked_out
    def tiles(self) -> tuple[tuple[Tile, ...], ...]:
        """Each set's tiles, in order (laid out once: a reading is kept and scored again)."""
        return tuple(s.tiles for s in self.sets)


_OUTSIDE_TILE = tuple(t >= 27 or t % 9 in (0, 8) for t in range(JOKER + 1))
"""Whether each tile makes a set an outside set: a terminal or an honour (a joker counts as an honour)."""


class ReadingFacts:
    """Counts over a reading's sets. Only the sets that score count (a loser's leftover chows and single tiles do
    not), except for ``all_concealed`` (every set) and ``declared_concealed`` (every declared set)."""

    __slots__ = ("all_concealed", "chow_lows", "chows", "concealed_pungs", "declared_concealed", "dragon_pairs",
                 "dragon_pungs", "outside", "pairs", "pungs")

    def __init__(self, sets: Sequence[ReadSet]) -> None:
        chows = pungs = concealed_pungs = dragon_pungs = dragon_pairs = 0
        pairs: list[ReadSet] = []
        lows: set[Tile] = set()
        outside = all_concealed = declared_concealed = True
        for s in sets:
            concealed = s.concealed
            if not concealed:
                all_concealed = False
                if s.declared:
                    declared_concealed = False
            if not s.scores:
                continue
            kind = s.kind
            if kind == "chow":
                chows += 1
                lows.add(s.tiles[0])
            elif kind == "pung" or kind == "kong":
                pungs += 1
                concealed_pungs += concealed
                dragon_pungs += s.dragon
            elif kind == "pair":
                pairs.append(s)
                dragon_pairs += s.dragon
            else:
                continue
            if outside and not s.outside:
                outside = False
        self.chows, self.pungs, self.concealed_pungs = chows, pungs, concealed_pungs
        self.dragon_pungs, self.dragon_pairs, self.pairs, self.chow_lows = dragon_pungs, dragon_pairs, pairs, lows
        self.outside, self.all_concealed, self.declared_concealed = outside, all_concealed, declared_concealed


_KIND_BITS = tuple(1 << t for t in range(NUM_KINDS))
_SUITS_HELD = tuple(frozenset(suit for suit in (0, 1, 2) if held >> suit & 1) for held in range(8))
"""The suits held, by a bit per suit."""
_SIMPLE_BITS = sum(1 << t for t in range(27) if t % 9 not in (0, 8))
_TERMINAL_BITS = sum(1 << t for t in range(27) if t % 9 in (0, 8))


@dataclass
class HandInfo:
    """Facts about one hand that do not depend on the reading (tile classes over every tile held).

    ``suits`` (the suits held), ``honours`` (how many honour tiles) and ``terminals_only`` (no suit tile but ones
    and nines) are worked out once, from ``totals``: several conditions ask each of them.
    """

    hand: HandSpec
    context: WinContext
    totals: tuple[int, ...]
    waits: int = -1
    """Tile kinds that would have completed the hand (-1: not counted, so no single wait)."""
    mask: int = -1
    """The kinds held, one bit each (-1: worked out from ``totals``)."""
    wait_rules: tuple[bool, int | None] | None = None
    """Whether chows are played and their most per hand, where the waits may be counted (see :meth:`one_wait`)."""
    suits: frozenset[int] = field(init=False)
    honours: int = field(init=False)
    terminals_only: bool = field(init=False)

    def __post_init__(self) -> None:
        totals = self.totals
        if self.mask < 0:
            self.mask = sum(compress(_KIND_BITS, totals))
        mask = self.mask
        self.suits = _SUITS_HELD[bool(mask & 511) | bool(mask >> 9 & 511) << 1 | bool(mask >> 18 & 511) << 2]
        self.honours = sum(totals[27:NUM_KINDS])
        self.terminals_only = not mask & _SIMPLE_BITS

    def one_wait(self) -> bool:
        """Whether a single tile kind could have completed the hand, the waits counted the first time it is
        asked: most hands are never asked (the one line that asks seldom survives the win's other conditions)."""
        if self.waits < 0 and self.wait_rules is not None:
            chows, max_chows = self.wait_rules
            winning = self.context.winning_tile
            assert winning is not None  # wait_rules are only given with a winning tile
            self.waits = count_waits(self.hand, counts_of(self.hand.concealed), winning, chows=chows,
                                     max_chows=max_chows)
        return self.waits == 1


def forget_hands() -> None:
    """Empty the caches of hands seen (readings, waits, arrangements): what scoring a hand never met before
    costs is then measurable (``tools/benchmarks/peer.py``'s cold figure)."""
    for cached in (_joker_set, _readings, _wait_count):
        cached.cache_clear()
    forget_splits()


def totals_of(hand: HandSpec) -> tuple[int, ...]:
    """Every playing tile held, concealed and declared, as a count vector."""
    counts = [0] * NUM_KINDS
    for t in hand.concealed:
        if t < NUM_KINDS:
            counts[t] += 1
    for meld in hand.melds:
        for t in meld.tiles:
            if t < NUM_KINDS:
                counts[t] += 1
    return tuple(counts)


def declared_sets(hand: HandSpec) -> list[ReadSet]:
    return [_read_set(m.kind.value, m.tiles, not m.exposed, True) for m in hand.melds]


def _every_set() -> dict[tuple[str, tuple[Tile, ...], bool, bool], ReadSet]:
    """Every set of natural tiles a reading can hold, each way concealed and declared: a few hundred, made once."""
    shapes: list[tuple[str, tuple[Tile, ...]]] = [("chow", (t, t + 1, t + 2)) for t in range(27) if t % 9 <= 6]
    shapes += [(kind, (t,) * size) for kind, size in (("pair", 2), ("pung", 3), ("kong", 4)) for t in range(NUM_KINDS)]
    found = {(kind, tiles, concealed, declared): ReadSet(kind, tiles, concealed, declared)
             for kind, tiles in shapes for concealed in (False, True) for declared in (False, True)}
    for s in found.values():  # what the reading facts ask of each set, worked out with the table
        _ = s.outside, s.dragon
    return found


_EVERY_SET = _every_set()


def _read_set(kind: str, tiles: tuple[Tile, ...], concealed: bool, declared: bool = False) -> ReadSet:
    """A set of a reading: one of :data:`_EVERY_SET`, or made once (a set with jokers)."""
    found = _EVERY_SET.get((kind, tiles, concealed, declared))
    return found if found is not None else _joker_set(kind, tiles, concealed, declared)


@lru_cache(maxsize=4_096)
def _joker_set(kind: str, tiles: tuple[Tile, ...], concealed: bool, declared: bool) -> ReadSet:
    return ReadSet(kind, tiles, concealed, declared)


_Laid = tuple[str, tuple[Tile, ...], ReadSet, ReadSet]
"""A set of an arrangement: its kind and tiles, and its reading's set concealed and exposed."""


def _layout(arrangement: tuple[tuple[Any, ...], ...]) -> tuple[tuple[_Laid, ...], tuple[int, ...], tuple[int, ...],
                                                            int]:
    """An arrangement's sets laid out (see :data:`_Laid`), the order a reading shows them in (the pair last),
    where each set ends up in that order, and how many chows it has. (Not kept: only a hand's readings not yet
    made ask it, and a table lookup per set costs less than keeping it.)"""
    groups = []
    sets, pairs = [], []
    n_chows = 0
    for i, group in enumerate(arrangement):
        laid = _LAID.get(group)
        if laid is None:  # a set with jokers
            kind, tiles = group[0], _group_tiles(*group)
            laid = kind, tiles, _read_set(kind, tiles, True), _read_set(kind, tiles, False)
        groups.append(laid)
        kind = laid[0]
        if kind == "pair":
            pairs.append(i)
        else:
            sets.append(i)
            n_chows += kind == "chow"
    order = (*sets, *pairs)
    position = [0] * len(order)
    for place, i in enumerate(order):
        position[i] = place
    return tuple(groups), order, tuple(position), n_chows


def regular_readings(hand: HandSpec, context: WinContext, counts: Sequence[int], *, chows: bool = True,
                     max_chows: int | None = None) -> tuple[Reading, ...]:
    """Every regular reading (four sets and a pair) of a winning hand, one per place of the winning tile.

    A claimed winning tile makes its set exposed; a self-drawn one only decides which set it completed (the
    player picks the reading that scores best, L2486). The readings are made once per hand and win (they are
    frozen, and each keeps the facts counted over it): a game scores the same hands again (every player's at
    the end of a hand, the computer players' hopes) and its waits ask them first.
    """
    return _readings(tuple(counts), hand.concealed.count(JOKER), hand.melds,
                     context.winning_tile if context.winner else None, context.won_by in CLAIMED_WINS, chows,
                     max_chows)


@lru_cache(maxsize=20_000)
def _readings(counts: tuple[int, ...], jokers: int, melds: tuple[Meld, ...], winning: Tile | None,
              claimed_win: bool, chows: bool, max_chows: int | None) -> tuple[Reading, ...]:
    declared = [_read_set(m.kind.value, m.tiles, not m.exposed, True) for m in melds] if melds else []
    if sum(counts) + jokers != 3 * (4 - len(declared)) + 2:
        return ()
    declared_chows = sum(1 for s in declared if s.kind == "chow") if melds else 0
    if declared_chows and not chows:
        return ()
    claimed = winning if claimed_win else None
    readings = []
    splits = (arrangements(counts, chows=chows) if not jokers
              else joker_arrangements(counts, jokers, chows=chows))
    for arrangement in splits:
        groups, order, position, n_chows = _layout(arrangement)
        if max_chows is not None and declared_chows + n_chows > max_chows:
            continue
        places = [i for i, laid in enumerate(groups) if winning in laid[1]] if winning is not None else [-1]
        seen: set[tuple[str, Tile]] = set()
        # Every set concealed, as a self-drawn win reads the hand whichever set the tile completed; a claimed
        # tile's set is then made exposed in the readings that place it there.
        concealed = [groups[i][2] for i in order]
        for place in places or [-1]:
            laid = groups[place]
            key = laid[0], laid[1][0]
            if place >= 0 and key in seen:
                continue
            seen.add(key)
            sets = concealed
            if claimed is not None and place >= 0:
                sets = concealed.copy()
                sets[position[place]] = laid[3]
            win_set = len(declared) + position[place] if place >= 0 else -1
            readings.append(Reading((*declared, *sets), win_set=win_set))
    return tuple(readings)


_LAID: dict[tuple[str, int], _Laid] = {
    (kind, t): (kind, tiles, _EVERY_SET[kind, tiles, True, False], _EVERY_SET[kind, tiles, False, False])
    for kind, t, tiles in [("chow", t, (t, t + 1, t + 2)) for t in range(27) if t % 9 <= 6]
    + [(kind, t, (t,) * size) for kind, size in (("pair", 2), ("pung", 3)) for t in range(NUM_KINDS)]}
"""Each set of natural tiles an arrangement may hold, (kind, first tile), laid out (see :data:`_Laid`)."""


def _group_tiles(kind: str, first: Tile, jokers: int = 0) -> tuple[Tile, ...]:
    """The tiles of a set; jokers standing in a pung come last, so the set's first tile is the one it stands for
    and it scores as that tile (A-002-2)."""
    if kind == "chow":
        return first, first + 1, first + 2
    size = 3 if kind == "pung" else 2
    return (first,) * (size - jokers) + (JOKER,) * jokers


def loser_reading(hand: HandSpec, counts: Sequence[int], score_concealed: bool = True) -> Reading:
    """A loser's hand: declared sets, then concealed pungs and pairs (they may score), then the rest.

    Pungs and pairs are taken greedily per tile (a pung always beats a pair of the same tile, and chows score
    nothing); the leftover tiles are laid out as chows and single tiles for the display only (A27).
    """
    sets = declared_sets(hand)
    rest = list(counts)
    for t in range(NUM_KINDS):
        if rest[t] >= 3:
            sets.append(ReadSet("pung", (t,) * 3, True, scores=score_concealed))
            rest[t] -= 3
    for t in range(NUM_KINDS):
        if rest[t] == 2:
            sets.append(ReadSet("pair", (t, t), True, scores=score_concealed))
            rest[t] -= 2
    for t in range(27):
        while t % 9 <= 6 and rest[t] and rest[t + 1] and rest[t + 2]:
            sets.append(ReadSet("chow", (t, t + 1, t + 2), True, scores=False))
            for x in (t, t + 1, t + 2):
                rest[x] -= 1
    singles = tuple(t for t in range(NUM_KINDS) for _ in range(rest[t]))
    if singles:
        sets.append(ReadSet("single", singles, True, scores=False))
    return Reading(tuple(sets), complete=False)


def count_waits(hand: HandSpec, counts: Sequence[int], winning: Tile, *, chows: bool = True,
                max_chows: int | None = None) -> int:
    """How many tile kinds would have completed the hand in place of ``winning`` (regular reading only)."""
    base = list(counts)
    base[winning] -= 1
    return _wait_count(tuple(base), hand.melds, chows, max_chows)


@lru_cache(maxsize=20_000)
def _wait_count(base: tuple[int, ...], melds: tuple[Meld, ...], chows: bool, max_chows: int | None) -> int:
    """The waits of a ready hand's concealed tiles, by trial, made once per hand: the same ready hand is scored
    for every tile that completes it, and the table's waits were asked of it before."""
    counts = list(base)
    held = list(base)
    for meld in melds:
        for t in meld.tiles:
            if t < NUM_KINDS:
                held[t] += 1
    candidates: set[int] = set()
    for t in range(NUM_KINDS):
        if counts[t]:
            candidates.add(t)
            if t < 27:
                n = t % 9
                candidates.update(t + d for d in (-2, -1, 1, 2) if 0 <= n + d <= 8)
    declared_chows = sum(1 for m in melds if m.kind is MeldKind.CHOW)
    waits = 0
    for t in candidates:
        if held[t] >= 4:
            continue
        counts[t] += 1
        for arrangement in arrangements(counts, chows=chows):
            n_chows = declared_chows + sum(1 for kind, _ in arrangement if kind == "chow")
            if max_chows is None or n_chows <= max_chows:
                waits += 1
                break
        counts[t] -= 1
    return waits


Condition = Callable[[Reading, HandInfo], bool]


def _won_by(*ways: str) -> Condition:
    return lambda r, h: h.context.winner and h.context.won_by in ways


def _one_suit_with_honours(r: Reading, h: HandInfo) -> bool:
    return len(h.suits) == 1 and h.honours > 0


def _one_suit(r: Reading, h: HandInfo) -> bool:
    return len(h.suits) == 1 and h.honours == 0


def _terminals_with_honours(r: Reading, h: HandInfo) -> bool:
    return h.terminals_only and h.honours > 0 and bool(h.suits)


def _all_terminals(r: Reading, h: HandInfo) -> bool:
    return h.terminals_only and h.honours == 0 and bool(h.suits)


def _all_honours(r: Reading, h: HandInfo) -> bool:
    return not h.suits and h.honours > 0


def _all_simples(r: Reading, h: HandInfo) -> bool:
    return h.honours == 0 and not h.mask & _TERMINAL_BITS


def _no_chows(r: Reading, h: HandInfo) -> bool:
    # A loser's hand is incomplete, so only the sets on the table are checked for chows (L1528).
    return r.facts.chows == 0


def _concealed_hand(r: Reading, h: HandInfo) -> bool:
    return r.facts.all_concealed


def _one_chance(r: Reading, h: HandInfo) -> bool:
    """The winning tile was the only tile for its set in this reading (L2484-L2486, A21): it completed the pair,
    the middle of a chow, or a chow's end next to a 1 or 9 (1-2 waiting for 3, 8-9 waiting for 7)."""
    tile = h.context.winning_tile
    if not h.context.winner or r.win_set < 0 or tile is None:
        return False
    s = r.sets[r.win_set]
    if s.kind == "pair":
        return True
    if s.kind != "chow":
        return False
    low = s.tiles[0]
    return tile == low + 1 or (tile == low + 2 and low % 9 == 0) or (tile == low and low % 9 == 6)


def _lucky(t: Tile, h: HandInfo) -> bool:
    return 31 <= t < NUM_KINDS or t in (27 + h.hand.seat_wind, 27 + h.hand.round_wind)


def _valueless(r: Reading, h: HandInfo) -> bool:
    """Four chows and a pair of no value: not dragons, own wind or the wind of the round (L2494)."""
    facts = r.facts
    return r.complete and facts.chows == 4 and len(facts.pairs) == 1 and not _lucky(facts.pairs[0].tile, h)


def _claimed(h: HandInfo) -> bool:
    return h.context.winner and h.context.won_by in CLAIMED_WINS


def _no_simples(r: Reading, h: HandInfo) -> bool:
    return h.terminals_only and sum(h.totals) > 0


def _outside_hand(r: Reading, h: HandInfo) -> bool:
    """Every set and the pair holds a terminal or an honour, with at least one chow (else it is No Simples)."""
    return r.complete and r.facts.chows > 0 and r.facts.outside


def _one_to_nine(r: Reading, h: HandInfo) -> bool:
    lows = r.facts.chow_lows
    return len(lows) >= 3 and any({suit * 9, suit * 9 + 3, suit * 9 + 6} <= lows for suit in range(3))


HAND_CONDITIONS: dict[str, Condition] = {
    "mah_jongg": lambda r, h: h.context.winner and r.complete,
    "original_hand": lambda r, h: h.context.winner and h.context.original_hand,
    "standing_hand": lambda r, h: h.context.winner and h.context.standing_hand,
    "riichi": lambda r, h: h.context.winner and h.context.riichi,
    "first_discard": lambda r, h: h.context.winner and h.context.first_discard,
    # A set made from East's first discard, or going out on it (002 L272): no set is declared then.
    "sweep": lambda r, h: any(m.first_discard for m in h.hand.melds) or (
        h.context.winner and h.context.first_discard and h.context.won_by == "discard"),
    "first_draw": lambda r, h: h.context.winner and h.context.first_draw,
    "last_wall_tile": lambda r, h: h.context.winner and h.context.last_wall_tile,
    "robbed_kong": _won_by("robbed_kong"),
    "drawn_tile": _won_by("wall"),
    "loose_tile": _won_by("loose_tile"),
    "self_drawn": _won_by("wall", "loose_tile"),
    "discard": _won_by("discard"),
    "only_possible_tile": lambda r, h: h.context.winner and h.one_wait(),
    "no_chows": _no_chows,
    "no_scoring_value": lambda r, h: False,  # decided in scoring, after the set items (it needs their points)
    "one_suit_with_honours": _one_suit_with_honours,
    "one_suit": _one_suit,
    "terminals_with_honours": _terminals_with_honours,
    "all_terminals": _all_terminals,
    "all_honours": _all_honours,
    "all_simples": _all_simples,
    "concealed_hand": _concealed_hand,
    # Four Winds (seed 001) and Hong Kong:
    "one_chance": _one_chance,
    "valueless": _valueless,
    "valueless_strict": lambda r, h: _valueless(r, h) and _claimed(h) and not _one_chance(r, h),
    "concealed_but_last_tile": lambda r, h: _claimed(h) and r.complete and r.facts.declared_concealed,
    "last_drawn_tile": lambda r, h: h.context.winner and h.context.last_wall_tile and h.context.won_by == "wall",
    "last_discard": lambda r, h: h.context.winner and h.context.last_wall_tile and h.context.won_by == "discard",
    "all_chows": lambda r, h: r.complete and r.facts.chows == 4,
    "all_pungs": lambda r, h: r.complete and r.facts.pungs == 4,
    "four_pungs_three_concealed": lambda r, h: r.facts.pungs == 4 and r.facts.concealed_pungs >= 3,
    "three_concealed_pungs": lambda r, h: r.facts.pungs == 3 and r.facts.concealed_pungs == 3,
    "little_three_dragons": lambda r, h: r.facts.dragon_pungs == 2 and r.facts.dragon_pairs == 1,
    "big_three_dragons": lambda r, h: r.facts.dragon_pungs == 3,
    "no_simples": _no_simples,
    "outside_hand": _outside_hand,
    "one_to_nine": _one_to_nine,
    # Shanghai Dynasty's Clean and Pure hands allow "no more than one Chow" (002 L278-L281).
    "at_most_one_chow": lambda r, h: r.facts.chows <= 1,
    # Its Non-Scoring Hand gets nothing but the 20 for going out, so a flower or season rules it out (L274).
    "no_bonus_tiles": lambda r, h: not h.hand.bonus,
}
"""Hand conditions by the name a scoring item's ``when:`` uses."""

WIN_ONLY = frozenset({
    "original_hand", "standing_hand", "riichi", "first_discard", "first_draw", "last_wall_tile", "robbed_kong",
    "drawn_tile", "loose_tile", "self_drawn", "discard", "last_drawn_tile", "last_discard",
})
"""The conditions that read only how the hand was won (its ``WinContext``), never its tiles: a game has few
distinct wins, so scoring works out what they leave of the table once per win (``game.core.scoring_plan``)."""

READING_FREE = WIN_ONLY | {
    "sweep", "only_possible_tile", "one_suit_with_honours", "one_suit", "terminals_with_honours", "all_terminals",
    "all_honours", "all_simples", "no_simples", "no_bonus_tiles",
}
"""The conditions that read only the hand (its tiles, its flowers, how it was won), never the reading: they hold
for every reading of a hand or for none, so scoring asks them once per hand (``game.core.scoring_plan``)."""
