"""Validated YAML (``game.rules.schema`` models) → :mod:`game.core` objects: tile specs, patterns, items.

Problems of meaning (an unknown tile code, a variable used both as a suit and as a number, an unknown hand
condition) are reported through ``report(location, message)`` with the location of the offending key, so the
loader can print ``FILE:LINE:COLUMN``; compiling goes on to find every problem.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from typing import Any

from game.core.patterns import (
    NUMBER_CLASSES,
    TILE_CLASSES,
    AllOf,
    AnyOf,
    Conditions,
    Element,
    NotSpec,
    Pattern,
    SeatTile,
    Spec,
    SuitNumber,
    TileSet,
    TileVar,
)
from game.core.readings import HAND_CONDITIONS
from game.core.ruleset import BonusSelector, CannonRule, ScoringItem, SetSelector, SpecialHand
from game.core.tiles import NUM_KINDS, WIND_LETTERS, tile_from_code
from game.errors import InvalidTilesError
from game.i18n import L_
from game.rules.schema import (
    PLURALS,
    SET_KINDS,
    CannonModel,
    ElementModel,
    ForEachModel,
    PatternModel,
    ScoringItemModel,
    SpecialHandModel,
    TileSpecMap,
)

Location = tuple[str | int, ...]
Report = Callable[[Location, str], None]

_SUIT_NAMES = {"B": 0, "C": 1, "D": 2, "bamboo": 0, "characters": 1, "dots": 2}
_VAR = re.compile(r"^([a-z][a-z0-9]*)(?:([+-])([0-8]))?$")
MAX_FORMS = 64


class _Scope:
    """The variables of one pattern: what kind each is (suit, number or tile), and fresh names."""

    def __init__(self, report: Report) -> None:
        self.kinds: dict[str, str] = {}
        self.report = report
        self.fresh_count = 0
        self.different: list[tuple[str, str]] = []

    def use(self, name: str, kind: str, loc: Location) -> None:
        known = self.kinds.setdefault(name, kind)
        if known != kind:
            self.report(loc, L_("variable {name} is used as a {known} and as a {kind}", name=repr(name), known=known,
                                kind=kind))

    def fresh(self, kind: str) -> str:
        self.fresh_count += 1
        name = f"_{kind}{self.fresh_count}"
        self.kinds[name] = kind
        return name


def compile_spec(value: Any, loc: Location, scope: _Scope) -> Spec:
    """A tile spec from its YAML form (a string or a :class:`TileSpecMap`)."""
    if isinstance(value, str):
        return _named(value, loc, scope.report)
    assert isinstance(value, TileSpecMap)
    parts: list[Spec] = []
    if value.suit is not None or value.number is not None:
        parts.append(_suit_number(value.suit, value.number, loc, scope))
    if value.in_ is not None:
        tiles: frozenset[int] = frozenset()
        for i, word in enumerate(value.in_):
            named = _named(word, (*loc, "in", i), scope.report)
            if isinstance(named, TileSet):
                tiles |= named.tiles
            else:
                scope.report((*loc, "in", i), L_("'in' takes tile codes and classes, got {word}", word=repr(word)))
        parts.append(TileSet(tiles))
    if value.any_of is not None:
        parts.append(AnyOf(tuple(compile_spec(v, (*loc, "any_of", i), scope) for i, v in enumerate(value.any_of))))
    if value.all_of is not None:
        parts.append(AllOf(tuple(compile_spec(v, (*loc, "all_of", i), scope) for i, v in enumerate(value.all_of))))
    if value.not_ is not None:
        inner = compile_spec(value.not_, (*loc, "not"), scope)
        if inner.variables():
            scope.report((*loc, "not"), L_("a 'not' spec cannot bind variables"))
        parts.append(NotSpec(inner))
    spec: Spec = parts[0] if len(parts) == 1 else AllOf(tuple(parts)) if parts else TileSet(TILE_CLASSES["any"])
    if value.tile is not None:
        if not _VAR.match(value.tile) or "+" in value.tile or "-" in value.tile:
            scope.report((*loc, "tile"), L_("expected a variable name such as x, got {value}", value=repr(value.tile)))
        else:
            scope.use(value.tile, "tile", (*loc, "tile"))
            spec = TileVar(value.tile, spec)
    return spec


def _named(word: str, loc: Location, report: Report) -> Spec:
    if word in TILE_CLASSES:
        return TileSet(TILE_CLASSES[word])
    if word in ("own_wind", "round_wind"):
        return SeatTile("own_wind" if word == "own_wind" else "round_wind")
    try:
        tile = tile_from_code(word)
    except InvalidTilesError:
        report(loc, L_("expected a tile code or a class ({classes}, own_wind, round_wind), got {word}",
                       classes=", ".join(sorted(TILE_CLASSES)), word=repr(word)))
        return TileSet(frozenset())
    if tile >= NUM_KINDS:
        report(loc, L_("expected a suit or honour tile, got {word} (flowers and seasons are never in sets)",
                       word=repr(word)))
    return TileSet(frozenset({tile}))


def _suit_number(suit: str | None, number: Any, loc: Location, scope: _Scope) -> Spec:
    spec: dict[str, Any] = {}
    if suit is not None:
        if suit in _SUIT_NAMES:
            spec["suits"] = frozenset({_SUIT_NAMES[suit]})
        elif _VAR.match(suit) and not re.search(r"[+-]", suit):
            scope.use(suit, "suit", (*loc, "suit"))
            spec["suit_var"] = suit
        else:
            scope.report((*loc, "suit"), L_("expected B, C, D or a suit variable such as s, got {suit}",
                                            suit=repr(suit)))
    if number is not None:
        spec.update(_number(number, (*loc, "number"), scope))
    return SuitNumber(**spec)


def _number(number: Any, loc: Location, scope: _Scope) -> dict[str, Any]:
    if isinstance(number, bool):
        scope.report(loc, L_("expected a number 1-9, a class or a variable, got {number}", number=repr(number)))
        return {}
    if isinstance(number, int):
        if not 1 <= number <= 9:
            scope.report(loc, L_("expected a number 1-9, got {number}", number=number))
        return {"numbers": frozenset({number})}
    if isinstance(number, list):
        bad = [n for n in number if not 1 <= n <= 9]
        if bad:
            scope.report(loc, L_("expected numbers 1-9, got {numbers}", numbers=str(bad)))
        return {"numbers": frozenset(number)}
    if number in NUMBER_CLASSES:
        return {"numbers": NUMBER_CLASSES[number]}
    match = _VAR.match(str(number).replace(" ", ""))
    if not match:
        scope.report(loc, L_("expected a number 1-9, {classes} or a variable such as n or n+1, got {number}",
                             classes=", ".join(NUMBER_CLASSES), number=repr(number)))
        return {}
    name, sign, offset = match.groups()
    scope.use(name, "number", loc)
    return {"number_var": name, "offset": (int(offset) if sign == "+" else -int(offset)) if sign else 0}


def _elements(model: ElementModel, loc: Location, scope: _Scope, counter: list[int]
              ) -> list[list[Element]]:
    """The elements one YAML element stands for; several alternatives when it is a ``one_of``."""
    key = model.kind_key
    here = (*loc, key)

    def next_group() -> int:
        counter[0] += 1
        return counter[0]

    if key == "one_of":
        options = []
        for i, option in enumerate(model.one_of or []):
            if option.times != 1:
                scope.report((*here, i, "times"), L_("put 'times' on the one_of element, not inside its options"))
            alternatives = _elements(option, (*here, i), scope, counter)
            if len(alternatives) != 1:
                scope.report((*here, i), L_("a one_of option cannot itself be a one_of"))
                continue
            options.append(alternatives[0])
        choices = []
        for combo in itertools.combinations_with_replacement(range(len(options)), model.times):
            chosen: list[Element] = []
            for index in combo:
                chosen += [_retag(el, model, next_group(), twin=counter[0] * 100 + index) for el in options[index]]
            choices.append(chosen)
        return choices
    result: list[Element] = []
    if key in SET_KINDS:
        kind = SET_KINDS[SET_KINDS.index(key)]  # the key itself, as the element kind it names
        spec = compile_spec(getattr(model, key), here, scope)
        twin = next_group() if model.times > 1 else -1
        for _ in range(model.times):
            result.append(Element(kind, spec, model.concealed, next_group(), twin, model.distinct))
    elif key in PLURALS:
        kind = PLURALS[key]
        values = getattr(model, key)
        group = next_group()
        twins: dict[str, int] = {}
        for _ in range(model.times):
            for i, value in enumerate(values):
                spec = compile_spec(value, (*here, i), scope)
                shown = repr(value)
                twin = twins.setdefault(shown, next_group())
                if kind != "single":
                    group = next_group()
                result.append(Element(kind, spec, model.concealed, group, twin, model.distinct))
    elif key in ("knitted_pung", "knitted_pair"):
        result = _knitted(model, here, scope, next_group())
    else:
        result = _run(model, here, scope, next_group())
    return [result]


def _retag(el: Element, model: ElementModel, group: int, twin: int) -> Element:
    return Element(el.kind, el.spec, el.concealed or model.concealed, group, twin, model.distinct)


def _knitted(model: ElementModel, loc: Location, scope: _Scope, group: int) -> list[Element]:
    knit = model.knitted_pung if model.knitted_pung is not None else model.knitted_pair
    assert knit is not None
    size = 3 if model.knitted_pung is not None else 2
    result = []
    for _ in range(model.times):
        suits = list(knit.suits or [])
        if suits and len(suits) != size:
            scope.report((*loc, "suits"), L_("expected 3 suits for a knitted pung, got {n}", n=len(suits)) if size == 3
                         else L_("expected 2 suits for a pair, got {n}", n=len(suits)))
        names = []
        for i in range(size):
            if i < len(suits) and suits[i] not in _SUIT_NAMES:
                scope.use(suits[i], "suit", (*loc, "suits", i))
                names.append(suits[i])
            elif i < len(suits):
                names.append(suits[i])
            else:
                names.append(scope.fresh("suit"))
        number = knit.number
        extra: dict[str, Any] = {}
        if number is None:
            shared = scope.fresh("number")
        elif isinstance(number, int) or number in NUMBER_CLASSES:
            shared = scope.fresh("number")
            extra = {"numbers": _number(number, (*loc, "number"), scope).get("numbers")}
        else:
            shared = str(number)
            _number(shared, (*loc, "number"), scope)
        for name in names:
            if name in _SUIT_NAMES:
                spec = SuitNumber(suits=frozenset({_SUIT_NAMES[name]}), number_var=shared, **extra)
            else:
                spec = SuitNumber(suit_var=name, number_var=shared, **extra)
            result.append(Element("single", spec, model.concealed, group))
        _all_different([n for n in names if n not in _SUIT_NAMES], scope)
    return result


def _run(model: ElementModel, loc: Location, scope: _Scope, group: int) -> list[Element]:
    run = model.run
    assert run is not None
    numbers = run.numbers if run.numbers is not None else list(range(run.from_ or 1, (run.to or 9) + 1))
    result = []
    for _ in range(model.times):
        if run.alternate == "cycle":
            cycle = [scope.fresh("suit") for _ in range(3)]
            _all_different(cycle, scope)
            suits = [cycle[i % 3] for i in range(len(numbers))]
        elif run.alternate == "any":
            suits = [scope.fresh("suit") for _ in numbers]
            scope.different += list(itertools.pairwise(suits))
        else:
            suit = run.suit or scope.fresh("suit")
            suits = [suit] * len(numbers)
        for suit, n in zip(suits, numbers, strict=True):
            if suit in _SUIT_NAMES:
                spec = SuitNumber(suits=frozenset({_SUIT_NAMES[suit]}), numbers=frozenset({n}))
            else:
                scope.use(suit, "suit", (*loc, "suit"))
                spec = SuitNumber(suit_var=suit, numbers=frozenset({n}))
            result.append(Element("single", spec, model.concealed, group))
    return result


def _all_different(names: Sequence[str], scope: _Scope) -> None:
    scope.different += [(a, b) for a, b in itertools.combinations(names, 2)]


def compile_pattern(model: PatternModel, loc: Location, report: Report) -> list[Pattern]:
    """The patterns of one form (several when it has ``one_of`` elements)."""
    scope = _Scope(report)
    counter = [0]
    choices: list[list[list[Element]]] = []
    for i, element in enumerate(model.sets or []):
        choices.append(_elements(element, (*loc, "sets", i), scope, counter))
    winning = compile_spec(model.winning_tile, (*loc, "winning_tile"), scope) if model.winning_tile else None
    groups = model.different or []
    if groups and isinstance(groups[0], str):
        groups = [groups]
    for g, names in enumerate(groups):
        for name in names:
            if name not in scope.kinds:
                report((*loc, "different", g), L_("'different' names {name}, which no element uses", name=repr(name)))
        _all_different(list(names), scope)
    when = _conditions(model, loc)
    count = 1
    for options in choices:
        count *= len(options)
    if count > MAX_FORMS:
        report((*loc, "sets"), L_("the one_of elements give {n} combinations; at most {limit} are allowed", n=count,
                                  limit=MAX_FORMS))
        return []
    patterns = []
    for combo in itertools.product(*choices) if choices else [()]:
        elements = tuple(el for part in combo for el in part)
        patterns.append(Pattern(elements, tuple(scope.different), model.concealed, winning, when))
    return patterns


def _conditions(model: PatternModel, loc: Location) -> Conditions:
    when = model.when
    if when is None:
        return Conditions()

    def letters(value: Any) -> frozenset[int] | None:
        if value is None:
            return None
        values = [value] if isinstance(value, str) else value
        return frozenset(WIND_LETTERS.index(v) for v in values)

    won_by = when.won_by
    return Conditions(
        won_by=None if won_by is None else frozenset([won_by] if isinstance(won_by, str) else won_by),
        first_discard=when.first_discard, original_hand=when.original_hand, last_wall_tile=when.last_wall_tile,
        standing_hand=when.standing_hand, first_draw=when.first_draw, seat_winds=letters(when.seat_wind),
        round_winds=letters(when.round_wind), sets_declared=when.sets_declared,
    )


def compile_special_hand(hand_id: str, model: SpecialHandModel, loc: Location, report: Report) -> SpecialHand:
    """A special hand with all its forms compiled."""
    forms: list[Pattern] = []
    if model.forms is not None:
        for i, form in enumerate(model.forms):
            forms += compile_pattern(form, (*loc, "forms", i), report)
    else:
        forms = compile_pattern(model, loc, report)
    if model.limit is None and model.points == 0 and model.doubles == 0:
        report(loc, L_("special hand {id} is worth nothing: give 'points', 'doubles' or 'limit'", id=repr(hand_id)))
    return SpecialHand(
        id=hand_id, name=model.name, forms=tuple(forms), points=model.points, doubles=model.doubles,
        limit=model.limit, total=model.total, allowed=model.allowed, fixed=model.fixed, no_doubles=model.no_doubles,
        replaces=tuple(model.replaces), counts_with=tuple(model.counts_with), aliases=tuple(model.aliases),
        description=model.description,
    )


def compile_item(item_id: str, model: ScoringItemModel, loc: Location, report: Report) -> ScoringItem:
    """One scoring-table line."""
    when: tuple[str, ...] = ()
    selector: SetSelector | BonusSelector | None = None
    if model.when is not None:
        when = (model.when,) if isinstance(model.when, str) else tuple(model.when)
        for i, name in enumerate(when):
            if name not in HAND_CONDITIONS:
                where = (*loc, "when") if isinstance(model.when, str) else (*loc, "when", i)
                report(where, L_("unknown hand condition {name}; expected one of {known}", name=repr(name),
                                 known=", ".join(HAND_CONDITIONS)))
    unless: tuple[str, ...] = ()
    if model.unless is not None:
        unless = (model.unless,) if isinstance(model.unless, str) else tuple(model.unless)
        for i, name in enumerate(unless):
            if name not in HAND_CONDITIONS:
                where = (*loc, "unless") if isinstance(model.unless, str) else (*loc, "unless", i)
                report(where, L_("unknown hand condition {name}; expected one of {known}", name=repr(name),
                                 known=", ".join(HAND_CONDITIONS)))
    if model.for_each is not None:
        selector = _selector(model.for_each, (*loc, "for_each"), report)
    return ScoringItem(
        id=item_id, name=model.name, points=model.points, doubles=model.doubles,
        mah_jongg_only=model.mah_jongg_only, allowed=model.allowed, when=when, for_each=selector, unless=unless,
        fixed=model.fixed,
        no_doubles=model.no_doubles, description=model.description,
    )


def _selector(model: ForEachModel, loc: Location, report: Report) -> SetSelector | BonusSelector:
    if model.bonus is not None:
        return BonusSelector(model.bonus)
    kinds = {"any": {"pung", "kong", "chow", "pair"}, "pung_or_kong": {"pung", "kong"}}.get(
        model.set or "", {model.set or ""})
    tile = None
    if model.tile is not None:
        scope = _Scope(report)
        tile = compile_spec(model.tile, (*loc, "tile"), scope)
        if tile.variables():
            report((*loc, "tile"), L_("a scoring item's tile spec cannot use variables"))
    return SetSelector(frozenset(kinds), model.exposed, tile)


def compile_cannon(model: CannonModel, loc: Location, report: Report) -> CannonRule:
    """One way of letting off a cannon; ``shown`` and ``discard`` share their variables (the same suit)."""
    scope = _Scope(report)
    shown = compile_spec(model.shown, (*loc, "shown"), scope)
    discard = compile_spec(model.discard, (*loc, "discard"), scope)
    unbound = discard.variables() - shown.variables()
    if unbound:
        report((*loc, "discard"), L_("variables {names} are not used in 'shown', so nothing binds them",
                                     names=", ".join(sorted(unbound))))
    return CannonRule(model.name, shown, discard, model.sets, model.only)
