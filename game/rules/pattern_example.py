"""Concrete example hands for special hands, built from their pattern data (for the Rules pages).

A pattern says what a hand must look like (``pungs_or_kongs: [{suit: s, number: n}, …]``); the rules page shows
one hand that fits it, drawn with the real tiles. :func:`candidate_examples` instantiates a pattern: it picks
suits, numbers and tiles that satisfy every element, variable and ``different`` constraint, holds at most four
of a tile, and builds the win the pattern's conditions ask for (won with the first discard, an original hand …).
Shapeless hands (only conditions, such as Picked by the Golden Cock) are shown on a plain hand of chows.

Several hands may fit the same tiles and the highest score counts, so a candidate is only an example of a
special hand when the ruleset's own judge scores it as that hand: :func:`special_hand_example` keeps the first
candidate that passes that check. No pygame here: the module is plain logic over :mod:`game.core`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from game.core.judge import HandSpec, WinContext
from game.core.melds import Meld, MeldKind
from game.core.patterns import Bindings, Element, ElementKind, Env, Pattern
from game.core.ruleset import SpecialHand
from game.core.tiles import NUM_KINDS, Tile, parse_tiles

MAX_CANDIDATES = 400
"""Candidates tried per form before giving up on a verified example (the classic hands need at most a dozen)."""

WON_BY_PREFERENCE = ("wall", "discard", "loose_tile", "robbed_kong")

EXPOSABLE = {"pung": MeldKind.PUNG, "pung_or_kong": MeldKind.PUNG, "kong": MeldKind.KONG, "chow": MeldKind.CHOW}

PLAIN_SETS = tuple(tuple(parse_tiles(group)) for group in ("2B 3B 4B", "6C 7C 8C", "3D 4D 5D", "6B 7B 8B"))
"""Four chows worth nothing: the hand a shapeless special hand (a condition on any hand) is shown on."""

PLAIN_PUNGS = tuple(tuple(parse_tiles(group)) for group in ("2B 2B 2B", "6C 6C 6C", "3D 3D 3D", "8B 8B 8B"))
"""The plain hand tried next, for rulesets that limit chows (British: one chow a hand)."""

PLAIN_PAIRS = tuple(parse_tiles("5D 9C WD 1B"))


@dataclass(frozen=True)
class Example:
    """One concrete hand: the tiles as scoring sees them, how it was won, and the sets as the rule lists them."""

    hand: HandSpec
    context: WinContext
    groups: tuple[tuple[Tile, ...], ...]
    exposed: frozenset[int] = frozenset()
    """The indexes of the groups that are declared, exposed sets (the rest is held concealed)."""
    verified: bool = False
    """True when the ruleset's judge scores this hand as the special hand it illustrates."""

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(t for group in self.groups for t in group)


def situation(pattern: Pattern) -> tuple[int, int, WinContext]:
    """The seat wind, round wind and win context the pattern's conditions ask for (East and a wall tile else)."""
    when = pattern.when
    seat = min(when.seat_winds) if when.seat_winds else 0
    if when.first_discard and not when.seat_winds:
        seat = 1  # East makes the first discard, so the player who claims it sits elsewhere
    round_wind = min(when.round_winds) if when.round_winds else 0
    if when.first_discard:
        won_by = "discard"
    elif when.original_hand:
        won_by = "wall"
    elif when.won_by:
        won_by = next(w for w in WON_BY_PREFERENCE if w in when.won_by)
    else:
        won_by = "wall"
    context = WinContext(winner=True, won_by=won_by,  # type: ignore[arg-type]
                         first_discard=bool(when.first_discard), original_hand=bool(when.original_hand),
                         last_wall_tile=bool(when.last_wall_tile), standing_hand=bool(when.standing_hand))
    return seat, round_wind, context


def candidate_examples(pattern: Pattern) -> Iterator[Example]:
    """Every concrete hand that fits ``pattern``, lazily, in a fixed order (lowest tiles first)."""
    seat, round_wind, base = situation(pattern)
    env = Env(seat, round_wind)
    if pattern.has_shape:
        for taken in _assignments(pattern, env):
            yield _example(pattern, taken, seat, round_wind, base, env)
            if pattern.concealed:
                continue
            # The same tiles with one set declared: a hand that holds another, concealed hand's tiles (Crazy
            # Monkey holds Imperial's) is only itself once a set is exposed.
            for element, _tiles in sorted(taken, key=lambda pair: pair[0].group):
                if not element.concealed and element.kind in EXPOSABLE:
                    yield _example(pattern, taken, seat, round_wind, base, env, exposed=element.group)
        return
    plain_hands: tuple[tuple[ElementKind, tuple[tuple[Tile, ...], ...]], ...] = (("chow", PLAIN_SETS),
                                                                                 ("pung", PLAIN_PUNGS))
    for kind, plain in plain_hands:
        for pair in _plain_pairs(pattern, env):
            taken = [(Element(kind, group=i), group) for i, group in enumerate(plain)]
            taken.append((Element("pair", group=len(plain)), (pair, pair)))
            yield _example(pattern, taken, seat, round_wind, base, env)


def special_hand_example(judge: object, special: SpecialHand) -> Example | None:
    """The first candidate of any form that ``judge`` scores as ``special``; else the first candidate, unverified.

    ``judge`` is the ruleset's ``RulesetJudge``. None only when no form can be instantiated at all.
    """
    first: Example | None = None
    for form in special.forms:
        for count, example in enumerate(candidate_examples(form)):
            if count >= MAX_CANDIDATES:
                break
            if first is None:
                first = example
            result = judge.score(example.hand, example.context)  # type: ignore[attr-defined]
            if result.special_hand_id == special.id:
                return replace(example, verified=True)
    return first


# -- building one example ---------------------------------------------------------------------------------------


def _example(pattern: Pattern, taken: list[tuple[Element, tuple[Tile, ...]]], seat: int, round_wind: int,
             base: WinContext, env: Env, exposed: int | None = None) -> Example:
    by_group: dict[int, list[Tile]] = {}
    kinds: dict[int, str] = {}
    for element, tiles in sorted(taken, key=lambda pair: pair[0].group):
        by_group.setdefault(element.group, []).extend(tiles)
        kinds[element.group] = element.kind
    ordered = sorted(by_group.items())
    groups = tuple(_display_order(tiles) for _, tiles in ordered)
    shown = frozenset(i for i, (group, _) in enumerate(ordered) if group == exposed)
    melds = tuple(Meld(EXPOSABLE[kinds[group]], groups[i], exposed=True) for i, (group, _) in enumerate(ordered)
                  if i in shown)
    concealed = tuple(t for i, group in enumerate(groups) if i not in shown for t in group)
    held = [(el, tiles) for el, tiles in taken if el.group != exposed]
    winning = _winning_tile(pattern, held, env)
    context = WinContext(winner=True, winning_tile=winning, won_by=base.won_by, last_wall_tile=base.last_wall_tile,
                         original_hand=base.original_hand, standing_hand=base.standing_hand,
                         first_discard=base.first_discard)
    return Example(HandSpec(concealed, melds, seat_wind=seat, round_wind=round_wind), context, groups, shown)


def _winning_tile(pattern: Pattern, taken: list[tuple[Element, tuple[Tile, ...]]], env: Env) -> Tile:
    """The tile that completed the hand: one the pattern asks for, else the pair's, else the last set's."""
    if pattern.winning_tile is not None:
        for _, tiles in taken:
            for t in tiles:
                if pattern.winning_tile.match(t, {}, env) is not None:
                    return t
    # A claimed discard may not complete a concealed element; the pair (or a free set) may take it.
    free = [(el, tiles) for el, tiles in taken if not el.concealed] or taken
    pairs = [tiles for el, tiles in free if el.kind == "pair"]
    if pairs:
        return pairs[-1][-1]
    return max(free, key=lambda pair: pair[0].group)[1][-1]


def _display_order(tiles: list[Tile]) -> tuple[Tile, ...]:
    """A group's tiles as a player would lay them out: a run through the suits by number, else by suit."""
    numbers = [t % 9 for t in tiles if t < 27]
    suits = {t // 9 for t in tiles if t < 27}
    if len(suits) > 1 and len(numbers) == len(set(numbers)) and len(numbers) > 3:
        return tuple(sorted(tiles, key=lambda t: (t >= 27, t % 9 if t < 27 else t)))
    return tuple(sorted(tiles))


def _plain_pairs(pattern: Pattern, env: Env) -> list[Tile]:
    """Pairs for the plain hand: the tiles the winning-tile condition accepts, else a few fixed ones."""
    if pattern.winning_tile is None:
        return list(PLAIN_PAIRS)
    return [t for t in range(NUM_KINDS) if pattern.winning_tile.match(t, {}, env) is not None]


def _assignments(pattern: Pattern, env: Env) -> Iterator[list[tuple[Element, tuple[Tile, ...]]]]:
    """Backtracking over the elements (most constrained first): each takes tiles its spec accepts."""
    elements = pattern.elements
    left = [4] * NUM_KINDS
    taken: list[tuple[Element, tuple[Tile, ...]]] = []

    def consistent(b: Bindings) -> bool:
        return all(b.get(x) is None or b.get(x) != b.get(y) for x, y in pattern.different)

    def step(i: int, b: Bindings, floor: int) -> Iterator[list[tuple[Element, tuple[Tile, ...]]]]:
        if i == len(elements):
            yield list(taken)
            return
        el = elements[i]
        twin = i > 0 and el.twin >= 0 and elements[i - 1].twin == el.twin
        # Twins take their tiles in order, so the same hand is not produced in every permutation.
        start = (floor + 1 if el.distinct else floor) if twin else 0
        for t in range(start, NUM_KINDS):
            tiles = _tiles_for(el, t)
            if tiles is None or any(left[x] < tiles.count(x) for x in set(tiles)):
                continue
            nb = el.spec.match(t, b, env)
            if nb is None or (nb is not b and not consistent(nb)):
                continue
            for x in tiles:
                left[x] -= 1
            taken.append((el, tiles))
            yield from step(i + 1, nb, t)
            taken.pop()
            for x in tiles:
                left[x] += 1

    yield from step(0, {}, 0)


def _tiles_for(el: Element, t: Tile) -> tuple[Tile, ...] | None:
    if el.kind == "chow":
        if t >= 27 or t % 9 > 6:
            return None
        return (t, t + 1, t + 2)
    size = 4 if el.kind == "kong" else el.size  # a pung_or_kong is shown as a pung
    return (t,) * size
