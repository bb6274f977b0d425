"""Load a ruleset file (and its parents, and special-hands files) into a :class:`~game.core.ruleset.Ruleset`.

Every problem in every file is collected and reported at once as ``FILE:LINE:COLUMN: message``; a ruleset
with any problem is refused as a whole (:class:`~game.errors.RulesetError`), never half-loaded.

``extends: <parent id>`` builds a ruleset from its parent's data with this file's values laid over it:
mappings merge key by key (so ``scoring: {no_chows: {points: 20}}`` changes one number), anything else is
replaced. A special hand whose entry gives any pattern key gets its pattern replaced whole.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from game.core.play_rules import PlayRules
from game.core.ruleset import PayTable, Penalties, Rounding, Ruleset, SpecialHand
from game.core.tiles import NUM_KINDS, tile_from_code
from game.datafile import YamlDocument, load_yaml, parse_yaml, validation_problems
from game.errors import DataFileError, InvalidTilesError, Problem, RulesetError, message_of
from game.i18n import L_
from game.rules.compile import Location, compile_cannon, compile_item, compile_special_hand
from game.rules.schema import MAX_ITEMS, HandFileModel, RulesetModel

PathLike = str | os.PathLike[str]
PATTERN_KEYS = {"sets", "forms", "different", "concealed", "winning_tile", "when"}
MAX_SPECIAL_HANDS = 2 * MAX_ITEMS
"""Special hands in a ruleset once every special-hands file is applied."""


class _Merged:
    """Data merged from several files, remembering which file and line each key came from."""

    def __init__(self, doc: YamlDocument) -> None:
        self.path = doc.path
        self.data: Any = doc.data
        self.marks: dict[Location, tuple[str, int, int]] = {loc: (doc.path, *pos) for loc, pos in doc.marks.items()}

    def problem(self, location: Iterable[str | int], message: str) -> Problem:
        loc = tuple(location)
        while loc:
            if loc in self.marks:
                path, line, column = self.marks[loc]
                return Problem(path, message, line, column)
            loc = loc[:-1]
        path, line, column = self.marks.get((), (self.path, 1, 1))
        return Problem(path, message, line, column)

    def copy(self) -> _Merged:
        twin = object.__new__(_Merged)
        twin.path, twin.data, twin.marks = self.path, self.data, dict(self.marks)
        return twin

    def overlay(self, child: YamlDocument) -> None:
        """Lay ``child`` over this data (the child's keys win; mappings merge)."""
        self.data = _merge(self.data, child.data, ())
        for loc, pos in child.marks.items():
            self.marks[loc] = (child.path, *pos)
        self.path = child.path


def _merge(base: Any, over: Any, loc: Location) -> Any:
    if not isinstance(base, dict) or not isinstance(over, dict):
        return over
    if len(loc) == 2 and loc[0] == "special_hands" and PATTERN_KEYS & set(over):
        base = {k: v for k, v in base.items() if k not in PATTERN_KEYS}
    merged = dict(base)
    for key, value in over.items():
        merged[key] = _merge(base[key], value, (*loc, key)) if key in base else value
    return merged


def _read(path: PathLike, problems: list[Problem], display_path: str | None = None, text: str | None = None
          ) -> YamlDocument | None:
    try:
        return load_yaml(path, display_path) if text is None else parse_yaml(text, display_path or str(path))
    except DataFileError as exc:
        problems.extend(exc.problems)
        return None


def _raw(path: PathLike, source: _ParentSource, chain: tuple[str, ...], problems: list[Problem],
         display_path: str | None = None, text: str | None = None) -> _Merged | None:
    doc = _read(path, problems, display_path, text)
    if doc is None:
        return None
    if not isinstance(doc.data, dict):
        problems.append(doc.problem((), L_("expected a mapping of ruleset keys at the top of the file")))
        return None
    parent_id = doc.data.get("extends")
    if parent_id is None:
        return _Merged(doc)
    if "id" not in doc.data:
        problems.append(doc.problem((), L_("a ruleset that extends another needs its own 'id'")))
    if not isinstance(parent_id, str):
        problems.append(doc.problem(("extends",), L_("expected a parent ruleset id, got {value}",
                                                     value=repr(parent_id))))
        return None
    merged = source.merged(parent_id, doc, chain, problems)
    if merged is None:
        return None
    merged.overlay(doc)
    return merged


@dataclasses.dataclass
class _ParentSource:
    """Where parents come from: a mapping of ids to files, or a function returning loaded rulesets."""

    files: Mapping[str, PathLike]
    lookup: Callable[[str], Any] | None

    def merged(self, parent_id: str, child: YamlDocument, chain: tuple[str, ...], problems: list[Problem]
               ) -> _Merged | None:
        if self.lookup is not None and parent_id not in self.files:
            try:
                parent = self.lookup(parent_id)
            except DataFileError as exc:
                problems.extend(exc.problems or [child.problem(("extends",), message_of(exc))])
                return None
            source = getattr(parent, "source", None)
            if not isinstance(source, _Merged):
                problems.append(child.problem(("extends",), L_("parent ruleset {id} was not loaded from a file, so "
                                                               "it cannot be extended", id=repr(parent_id))))
                return None
            return source.copy()
        if parent_id not in self.files:
            known = ", ".join(sorted(self.files)) or L_("none")
            problems.append(child.problem(("extends",), L_("unknown parent ruleset {id} (known: {known})",
                                                           id=repr(parent_id), known=known)))
            return None
        parent_path = str(Path(self.files[parent_id]).resolve())
        if parent_path in chain:
            problems.append(child.problem(("extends",), L_("rulesets extend each other in a loop through {id}",
                                                           id=repr(parent_id))))
            return None
        return _raw(self.files[parent_id], self, (*chain, parent_path), problems)


def load_ruleset(path: PathLike, *, parents: Mapping[str, PathLike] | None = None,
                 parent: Callable[[str], Any] | None = None, hand_files: Sequence[PathLike] = (),
                 display_path: str | None = None, text: str | None = None) -> Ruleset:
    """Load, validate and compile a ruleset; raise :class:`RulesetError` listing every problem.

    For ``extends``, ``parents`` maps ruleset ids to their files, or ``parent(id)`` returns a ruleset loaded
    by this function. ``hand_files`` are special-hands files applied in order after the ruleset is built (see
    :func:`apply_hand_file`). ``display_path`` names the file in problems. ``text``: the file's content, not
    yet written to ``path`` (the rules editor checks a value before it may reach a file).
    """
    problems: list[Problem] = []
    source = _ParentSource(dict(parents or {}), parent)
    merged = _raw(path, source, (str(Path(path).resolve()),), problems, display_path, text)
    if merged is None:
        raise RulesetError(problems)
    try:
        model = RulesetModel.model_validate(merged.data)
    except ValidationError as exc:
        raise RulesetError(problems + validation_problems(merged, exc)) from None

    def report(loc: Location, message: str) -> None:
        problems.append(merged.problem(loc, message))

    ruleset = build_ruleset(model, report)
    if problems:
        raise RulesetError(problems)
    ruleset = dataclasses.replace(ruleset, source=merged)
    for hand_file in hand_files:
        ruleset = apply_hand_file(ruleset, hand_file)
    return ruleset


def build_ruleset(model: RulesetModel, report: Any) -> Ruleset:
    """Compile a validated ruleset model; meaning problems go to ``report(location, message)``."""
    items = tuple(compile_item(item_id, item, ("scoring", item_id), report) for item_id, item in model.scoring.items())
    item_ids = {item.id for item in items}
    hands = []
    for hand_id, hand in model.special_hands.items():
        compiled = compile_special_hand(hand_id, hand, ("special_hands", hand_id), report)
        _check_hand(compiled, model.limit, item_ids, ("special_hands", hand_id), report)
        hands.append(compiled)
    table = None
    if model.pay_table is not None:
        steps = tuple((least, value) for least, value in model.pay_table)
        if not steps or any(a[0] >= b[0] for a, b in itertools.pairwise(steps)):
            report(("pay_table",), L_("expected pay_table steps in increasing order of points, got {value}",
                                      value=str(model.pay_table)))
        table = PayTable(steps)
    play_values = model.play.model_dump()
    play_values = {key: tuple(value) if isinstance(value, list) else value for key, value in play_values.items()}
    # Four Winds checks a declaration only after it is made when a penalty can follow from it (L1472, L1977).
    if model.penalties.faulty_out or model.penalties.faulty_claim:
        play_values["faulty_declarations"] = True
    if play_values.get("goulash_wild"):
        try:
            if tile_from_code(play_values["goulash_wild"]) >= NUM_KINDS:
                raise InvalidTilesError("not a suit or honour tile")
        except InvalidTilesError:
            report(("play", "goulash_wild"), L_("play.goulash_wild: expected the code of a suit or honour tile such "
                                                "as 2B, got {value}", value=repr(play_values["goulash_wild"])))
    for key in ("min_doubles_not_counting", "ready_not_counting"):
        for i, item_id in enumerate(getattr(model, key)):
            if item_id not in item_ids:
                report((key, i), L_("{id} is not a scoring item", id=repr(item_id)))
    if model.special_hands_required and not (model.special_hands_allowed
                                             and any(h.allowed and h.has_shape for h in hands)):
        # Reported where special hands were switched off when they were: often a preset's own line, while the
        # requirement comes from the ruleset it extends.
        key = "special_hands_required" if model.special_hands_allowed else "special_hands_allowed"
        report((key,), L_("special hands are required to go out, but the ruleset allows none "
                          "(special_hands_allowed is false, or every special hand is off)"))
    cannon = tuple(compile_cannon(rule, ("penalties", "cannon", i), report)
                   for i, rule in enumerate(model.penalties.cannon))
    rules = PlayRules(**play_values)
    _check_wall(rules, report)
    return Ruleset(
        id=model.id, name=model.name, description=model.description, play=rules, scoring=items,
        special_hands=tuple(hands), special_hands_allowed=model.special_hands_allowed,
        special_hands_required=model.special_hands_required, limit=model.limit,
        rounding=Rounding(**model.rounding.model_dump()), payment=model.payment, pay_table=table,
        min_points=model.min_points, min_doubles=model.min_doubles,
        min_doubles_not_counting=tuple(model.min_doubles_not_counting), discarder_pays_all=model.discarder_pays_all,
        ready_scores=model.ready_scores, ready_not_counting=tuple(model.ready_not_counting),
        ready_special_share=model.ready_special_share,
        penalties=Penalties(**{**model.penalties.model_dump(exclude={"cannon"}), "cannon": cannon}),
        losers_score_concealed=model.losers_score_concealed, extends=model.extends,
    )


def _check_wall(rules: PlayRules, report: Any) -> None:
    """The fact between the wall's numbers that no single field's bounds can check: the set fits the wall.

    The other, that the live wall holds the deal (53 tiles) and one more draw once the kong box is set aside, the
    bounds already keep: the smallest set (136 tiles) less the largest kong box (24 stacks, 48 tiles) leaves 88.
    """
    tiles, per_side = rules.tile_count, rules.wall_stacks_per_side
    if tiles > 8 * per_side:
        report(("play", "stacks_per_side"), L_("play.stacks_per_side: {tiles} tiles do not fit in a wall of 4 × "
                                               "{stacks} stacks (two tiles high); give at least {least}, or 0 to size "
                                               "the wall to the set", tiles=tiles, stacks=per_side,
                                               least=-(-tiles // 8)))


def _check_hand(hand: SpecialHand, limit: int | None, item_ids: set[str], loc: Location, report: Any) -> None:
    if hand.limit is not None and limit is None:
        report((*loc, "limit"), L_("special hand {id} is worth a multiple of the limit, but the ruleset has no "
                                   "'limit'", id=repr(hand.id)))
    for key, names in (("replaces", hand.replaces), ("counts_with", hand.counts_with)):
        for i, item_id in enumerate(names):
            if item_id not in item_ids:
                report((*loc, key, i), L_("{key} names {id}, which is not a scoring item", key=repr(key),
                                          id=repr(item_id)))


def apply_hand_file(ruleset: Ruleset, path: PathLike, display_path: str | None = None) -> Ruleset:
    """A ruleset with a special-hands file applied: new hands added, values changed, hands disallowed.

    A file whose ``rulesets`` list does not name this ruleset leaves it unchanged. Any problem refuses the
    whole file (:class:`RulesetError`).
    """
    problems: list[Problem] = []
    doc, model = _hand_file(path, display_path)
    if model.rulesets and ruleset.id not in model.rulesets:
        return ruleset

    def report(loc: Location, message: str) -> None:
        problems.append(doc.problem(loc, message))

    hands = {hand.id: hand for hand in ruleset.special_hands}
    item_ids = {item.id for item in ruleset.scoring}
    for hand_id, hand_model in model.hands.items():
        if hand_id in hands:
            report(("hands", hand_id), L_("special hand {id} already exists in ruleset {ruleset}; use 'change' to "
                                          "change its value", id=repr(hand_id), ruleset=repr(ruleset.id)))
            continue
        compiled = compile_special_hand(hand_id, hand_model, ("hands", hand_id), report)
        _check_hand(compiled, ruleset.limit, item_ids, ("hands", hand_id), report)
        hands[hand_id] = compiled
    for hand_id, change in model.change.items():
        if hand_id not in hands:
            report(("change", hand_id), L_("unknown special hand {id} in ruleset {ruleset}", id=repr(hand_id),
                                           ruleset=repr(ruleset.id)))
            continue
        values = {k: v for k, v in change.model_dump().items() if v is not None}
        hands[hand_id] = dataclasses.replace(hands[hand_id], **values)
    for i, hand_id in enumerate(model.disallow):
        if hand_id not in hands:
            report(("disallow", i), L_("unknown special hand {id} in ruleset {ruleset}", id=repr(hand_id),
                                       ruleset=repr(ruleset.id)))
            continue
        hands[hand_id] = dataclasses.replace(hands[hand_id], allowed=False)
    if len(hands) > MAX_SPECIAL_HANDS:
        report(("hands",), L_("the ruleset {id} would have {n} special hands, more than the limit of {limit} (every "
                              "one is tried whenever a hand is judged)", id=repr(ruleset.id), n=len(hands),
                              limit=MAX_SPECIAL_HANDS))
    if problems:
        raise RulesetError(problems)
    return dataclasses.replace(ruleset, special_hands=tuple(hands.values()))


def _hand_file(path: PathLike, display_path: str | None) -> tuple[YamlDocument, HandFileModel]:
    problems: list[Problem] = []
    doc = _read(path, problems, display_path)
    if doc is None:
        raise RulesetError(problems)
    try:
        return doc, HandFileModel.model_validate(doc.data)
    except ValidationError as exc:
        raise RulesetError(validation_problems(doc, exc)) from None


def check_special_hands(path: PathLike, display_path: str | None = None) -> None:
    """Check a special-hands file on its own: its shape and every new hand's pattern (raises RulesetError)."""
    doc, model = _hand_file(path, display_path)
    problems: list[Problem] = []
    for hand_id, hand_model in model.hands.items():
        compile_special_hand(hand_id, hand_model, ("hands", hand_id),
                             lambda loc, message: problems.append(doc.problem(loc, message)))
    if problems:
        raise RulesetError(problems)


def special_hands_targets(path: PathLike) -> list[str] | None:
    """The ruleset ids a special-hands file is for, or None when it is for every ruleset (or unreadable)."""
    try:
        _, model = _hand_file(path, None)
    except DataFileError:
        return None
    return list(model.rulesets) or None


apply_special_hands = apply_hand_file


def json_schema(kind: str = "ruleset") -> dict[str, Any]:
    """The JSON Schema of a ruleset file (``kind='ruleset'``) or a special-hands file (``'special_hands'``)."""
    models: dict[str, type[BaseModel]] = {"ruleset": RulesetModel, "special_hands": HandFileModel}
    model = models[kind]
    schema = model.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = {"ruleset": "Sparrow ruleset", "special_hands": "Sparrow special hands"}[kind]
    return schema


def bundled_ruleset_path(ruleset_id: str, root: PathLike | None = None) -> Path:
    """Where a bundled mod keeps a ruleset of the same id: ``mods/<id>/rulesets/<id>.yaml``."""
    base = Path(root) if root is not None else Path(__file__).resolve().parents[2]
    return base / "mods" / ruleset_id / "rulesets" / f"{ruleset_id}.yaml"
