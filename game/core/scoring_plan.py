"""The scoring table prepared once per ruleset, so that the lines that count for a hand are found fast.

The plain reading of the table (``RulesetJudge._entries``) asks every line's conditions afresh for every reading
of every hand. Most lines fail on the hand alone (a self-drawn line on a claimed win, a one-suit line on a mixed
hand), and those conditions give one answer however the hand is read. So :class:`ScoringPlan` sorts each line's
conditions into those that read only the hand (:data:`game.core.readings.READING_FREE`) and those that read the
reading; :meth:`ScoringPlan.for_hand` asks the first kind once per hand and keeps the lines they leave, and
:meth:`HandLines.entries` asks each reading only the rest. Entries are frozen, so each line's entry (per set's
tiles, per flower) is made once and shared.

The lines come out exactly as the plain loop gives them, in table order; the tests hold the two together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from game.core.frozen import quick_init
from game.core.patterns import Env
from game.core.readings import HAND_CONDITIONS, READING_FREE, WIN_ONLY, Condition, HandInfo, Reading, ReadSet
from game.core.ruleset import BonusSelector, ScoringItem, SetSelector
from game.core.tiles import (
    FIRST_FLOWER,
    FIRST_SEASON,
    Tile,
    bonus_owner,
    format_tiles,
    is_flower,
    is_season,
)


@quick_init
@dataclass(frozen=True)
class ScoreItem:
    """One explained contribution: a scoring item's name, its points and doubles, and the tiles it is for."""

    name: str
    points: int = 0
    doubles: int = 0
    id: str = ""
    tiles: tuple[Tile, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "points": self.points, "doubles": self.doubles}
        if self.id:
            data["id"] = self.id
        if self.tiles:
            data["tiles"] = format_tiles(self.tiles)
        return data


_SET, _BONUS, _WHEN = 0, 1, 2


@dataclass(frozen=True)
class _Line:
    """One allowed line of the table, its conditions sorted by what they read: the win, the hand, the reading."""

    index: int
    item: ScoringItem
    kind: int
    win_when: tuple[str, ...]
    hand_when: tuple[str, ...]
    reading_when: tuple[str, ...]
    win_unless: tuple[str, ...]
    hand_unless: tuple[str, ...]
    reading_unless: tuple[str, ...]
    entry: ScoreItem
    """The entry of a ``when`` line (a set or bonus line's entries carry their tiles)."""
    mah_jongg_only: bool

    @property
    def asks_hand(self) -> bool:
        return bool(self.hand_when or self.hand_unless)

    @cached_property
    def when_tests(self) -> tuple[Condition | None, ...]:
        """The reading's ``when`` conditions as functions (None: ``no_scoring_value``, which needs the pair's
        points)."""
        return tuple(_test(name) for name in self.reading_when)

    @cached_property
    def unless_tests(self) -> tuple[Condition | None, ...]:
        return tuple(_test(name) for name in self.reading_unless)

    @cached_property
    def row(self) -> _Row:
        """What ``HandLines.entries`` reads of a ``when`` line, in one tuple (it runs for every reading)."""
        return self.index, self.entry, self.mah_jongg_only, self.item.id, self.unless_tests, self.when_tests


_Row = tuple[int, ScoreItem, bool, str, tuple[Condition | None, ...], tuple[Condition | None, ...]]


def _test(name: str) -> Condition | None:
    return None if name == "no_scoring_value" else HAND_CONDITIONS[name]


def _any_passes(tests: tuple[Condition | None, ...], reading: Reading, info: HandInfo, pair_points: int) -> bool:
    """Whether some test holds for the reading (``HandLines.entries`` asks whether all do, inline)."""
    for test in tests:  # noqa: SIM110  (a loop makes no generator: this runs for every line of every reading)
        if test(reading, info) if test is not None else _no_scoring_value(reading, pair_points):
            return True
    return False


def _no_scoring_value(reading: Reading, pair_points: int) -> bool:
    return reading.complete and reading.chows == 4 and pair_points == 0


_Kept = tuple[tuple[_Row, ...], frozenset[int], list[_Line], list[tuple[_Line, list[ScoreItem]]]]
"""The ``when`` lines (as rows), set and bonus lines a hand keeps, and the bonus lines' entries for a hand
without flowers."""


@dataclass
class _WinLines:
    """The lines a win (a ``WinContext``) leaves open, by kind: those that need nothing of the hand, and those
    whose conditions on the hand are still to be asked."""

    when: list[_Line]
    sets: frozenset[int]
    bonus: list[_Line]
    asking: list[_Line]
    kept: dict[tuple[bool, ...], _Kept] = field(default_factory=dict)
    """The lines kept, by what the asking lines' hand conditions said (one flag per asking line)."""

    @cached_property
    def asking_tests(self) -> tuple[tuple[tuple[Condition, ...], tuple[Condition, ...]], ...]:
        """Each asking line's hand conditions as functions: those of ``unless``, then those of ``when``."""
        return tuple((tuple(HAND_CONDITIONS[n] for n in line.hand_unless),
                      tuple(HAND_CONDITIONS[n] for n in line.hand_when)) for line in self.asking)

    def keep(self, flags: tuple[bool, ...], plan: ScoringPlan) -> _Kept:
        """The lines kept where the asking lines' conditions said ``flags`` (worked out once per flags)."""
        found = self.kept.get(flags)
        if found is None:  # a few hand classes (one suit or not, simples or not …) per win
            kept = [line for line, keep in zip(self.asking, flags, strict=True) if keep]
            bonus = self.bonus + [line for line in kept if line.kind == _BONUS]
            when = self.when + [line for line in kept if line.kind == _WHEN]
            found = self.kept[flags] = (tuple(line.row for line in when),
                                        self.sets | {line.index for line in kept if line.kind == _SET}, bonus,
                                        plan.bonus_entries(bonus, None))
        return found


def _split(names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    return (tuple(n for n in names if n in WIN_ONLY), tuple(n for n in names if n in READING_FREE - WIN_ONLY),
            tuple(n for n in names if n not in READING_FREE))


class ScoringPlan:
    """A ruleset's scoring lines (the allowed items, in table order) ready for :meth:`for_hand`."""

    def __init__(self, items: Sequence[ScoringItem], cache_size: int = 1_000) -> None:
        self.lines: list[_Line] = []
        for index, item in enumerate(items):
            selector = item.for_each
            kind = _SET if isinstance(selector, SetSelector) else _BONUS if selector is not None else _WHEN
            when = _split(item.when if kind == _WHEN else ())
            unless = _split(item.unless)
            self.lines.append(_Line(index, item, kind, *when, *unless,
                                    ScoreItem(item.name, item.points, item.doubles, item.id), item.mah_jongg_only))
        self._set_selectors = [(line, selector) for line in self.lines
                               if isinstance(selector := line.item.for_each, SetSelector)]
        self.known_sets: dict[tuple[str, tuple[Tile, ...], bool, int, int], tuple[tuple[_Line, ScoreItem], ...]] = {}
        """``set_lines``' answers by set and winds (read directly where every reading's sets are asked)."""
        self._entries: dict[tuple[int, tuple[Tile, ...]], ScoreItem] = {}
        self._wins: dict[object, _WinLines] = {}
        self._cache_size = cache_size

    def for_hand(self, info: HandInfo) -> HandLines:
        """The lines the hand itself leaves open (every reading of it is scored from these)."""
        win = self._win_lines(info)
        flags = []
        for unless, when in win.asking_tests:  # a reading-free condition reads no reading (READING_FREE says so)
            keep = True
            for test in unless:
                if test(None, info):  # type: ignore[arg-type]
                    keep = False
                    break
            if keep:
                for test in when:
                    if not test(None, info):  # type: ignore[arg-type]
                        keep = False
                        break
            flags.append(keep)
        when_lines, sets, bonus, no_flowers = win.keep(tuple(flags), self)
        hand = info.hand
        return HandLines(self, info, when_lines, sets, self.bonus_entries(bonus, hand) if hand.bonus else no_flowers)

    def bonus_entries(self, bonus: list[_Line], hand: Any) -> list[tuple[_Line, list[ScoreItem]]]:
        """The bonus lines that count the flowers and seasons of ``hand`` (a ``HandSpec``; None: a hand without
        any, where only a "none" line counts, once), each with its entries."""
        found = []
        for line in bonus:
            selector = line.item.for_each
            if not isinstance(selector, BonusSelector):
                continue
            if hand is None:
                if selector.which == "none":
                    found.append((line, [self.entry(line, ())]))
            elif entries := [self.entry(line, tiles) for tiles in bonus_matches(selector, hand)]:
                found.append((line, entries))
        return found

    def _win_lines(self, info: HandInfo) -> _WinLines:
        """The lines ``info``'s win leaves open, worked out once per distinct win."""
        context = info.context
        found = self._wins.get(context)
        if found is None:
            values: dict[str, bool] = {}
            kept = [line for line in self.lines
                    # a loser's reading is never Mah Jongg
                    if not (line.item.mah_jongg_only and not context.winner)
                    and not (line.win_unless and _any_holds(line.win_unless, values, info))
                    and not (line.win_when and not _all_hold(line.win_when, values, info))]
            fixed = [line for line in kept if not line.asks_hand]
            if len(self._wins) >= self._cache_size:
                self._wins.clear()
            found = self._wins[context] = _WinLines(
                [line for line in fixed if line.kind == _WHEN], frozenset(line.index for line in fixed
                                                                          if line.kind == _SET),
                [line for line in fixed if line.kind == _BONUS], [line for line in kept if line.asks_hand])
        return found

    def set_lines(self, s: ReadSet, seat_wind: int, round_wind: int) -> tuple[tuple[_Line, ScoreItem], ...]:
        """The set lines that count ``s``, each with its entry for ``s`` (cached: few distinct sets occur)."""
        key = (s.kind, s.tiles, s.concealed, seat_wind, round_wind)
        found = self.known_sets.get(key)
        if found is None:
            env = Env(seat_wind, round_wind)
            found = tuple((line, self.entry(line, s.tiles)) for line, selector in self._set_selectors
                          if selects(selector, s, env))
            self.known_sets[key] = found
        return found

    def entry(self, line: _Line, tiles: tuple[Tile, ...]) -> ScoreItem:
        """``line``'s entry for ``tiles`` (a set's, a flower's), made once."""
        key = (line.index, tiles)
        found = self._entries.get(key)
        if found is None:
            item = line.item
            found = self._entries[key] = ScoreItem(item.name, item.points, item.doubles, item.id, tiles)
        return found


class HandLines:
    """The lines left open for one hand, with what the hand's own conditions said: its ``when`` lines, its set
    lines (asked of each set of a reading) and its bonus lines with their entries (the same for every reading;
    see ``ScoringPlan.bonus_entries``)."""

    def __init__(self, plan: ScoringPlan, info: HandInfo, when: Sequence[_Row], sets: frozenset[int],
                 bonus: list[tuple[_Line, list[ScoreItem]]]) -> None:
        self.plan = plan
        self.info = info
        self.when = when
        self.set_lines = sets
        self.bonus = bonus

    def entries(self, reading: Reading, replaced: frozenset[str] | set[str] = frozenset()) -> list[ScoreItem]:
        """The lines that count for ``reading`` (in table order), as ``RulesetJudge._entries`` gives them for every
        allowed item; ``replaced`` are items an added special hand stands in for."""
        info = self.info
        hand = info.hand
        # Only a winner's complete reading gets the Mah Jongg lines (a loser's were never kept).
        strict = not (info.context.winner and reading.complete)
        seat, round_wind = hand.seat_wind, hand.round_wind
        open_sets = self.set_lines
        set_lines = self.plan.set_lines
        hits = []
        pair_points = 0
        order = 0
        known = self.plan.known_sets
        for s in reading.sets:
            if not s.scores:
                continue
            lines = known.get((s.kind, s.tiles, s.concealed, seat, round_wind))
            if lines is None:
                lines = set_lines(s, seat, round_wind)
            pair = s.kind == "pair"
            for line, entry in lines:
                if pair and not (strict and line.mah_jongg_only):
                    pair_points += line.item.points
                if line.index in open_sets:
                    hits.append((line, order, entry))
            order += 1
        found: list[tuple[int, int, ScoreItem]] = []
        for line, order, entry in hits:
            if not ((strict and line.mah_jongg_only) or (replaced and line.item.id in replaced) or (
                    line.reading_unless and _any_passes(line.unless_tests, reading, info, pair_points))):
                found.append((line.index, order, entry))
        for line, entries in self.bonus:
            if not ((strict and line.mah_jongg_only) or (replaced and line.item.id in replaced) or (
                    line.reading_unless and _any_passes(line.unless_tests, reading, info, pair_points))):
                found += [(line.index, k, entry) for k, entry in enumerate(entries)]
        for index, entry, mah_jongg_only, item_id, unless, tests in self.when:
            if (strict and mah_jongg_only) or (replaced and item_id in replaced) or (
                    unless and _any_passes(unless, reading, info, pair_points)):
                continue
            for test in tests:  # every test holds (inline: this runs for every line of every reading)
                if not (test(reading, info) if test is not None else _no_scoring_value(reading, pair_points)):
                    break
            else:
                found.append((index, 0, entry))
        found.sort()  # table order; each (line, place) is found once, so the entries themselves are never compared
        return [entry for _, _, entry in found]


def _all_hold(names: tuple[str, ...], values: dict[str, bool], info: HandInfo) -> bool:
    for name in names:
        value = values.get(name)
        if value is None:
            # A reading-free condition reads no reading (READING_FREE says so, and a test holds it to that).
            value = values[name] = HAND_CONDITIONS[name](None, info)  # type: ignore[arg-type]
        if not value:
            return False
    return True


def _any_holds(names: tuple[str, ...], values: dict[str, bool], info: HandInfo) -> bool:
    return any(_all_hold((name,), values, info) for name in names)


def condition(name: str, reading: Reading, info: HandInfo, pair_points: int) -> bool:
    """Whether the hand condition ``name`` holds for ``reading`` (``pair_points``: what its pair scores)."""
    if name == "no_scoring_value":
        return _no_scoring_value(reading, pair_points)
    return HAND_CONDITIONS[name](reading, info)


def selects(selector: SetSelector, s: ReadSet, env: Env) -> bool:
    """Whether a set line's selector takes the set ``s``."""
    if s.kind not in selector.kinds:
        return False
    if selector.exposed is not None and selector.exposed == s.concealed:
        return False
    return selector.tile is None or selector.tile.match(s.tile, {}, env) is not None


def bonus_matches(selector: BonusSelector, hand: Any) -> list[tuple[Tile, ...]]:
    """The flowers and seasons (or complete sets of them) a bonus line counts, each as the tiles of one entry."""
    which = selector.which
    bonus = hand.bonus
    if which == "any":
        return [(t,) for t in bonus]
    if which == "flower":
        return [(t,) for t in bonus if is_flower(t)]
    if which == "season":
        return [(t,) for t in bonus if is_season(t)]
    if which == "own":
        return [(t,) for t in bonus if bonus_owner(t) == hand.seat_wind]
    if which == "round":
        return [(t,) for t in bonus if bonus_owner(t) == hand.round_wind]
    if which == "none":
        return [] if bonus else [()]
    found = []
    for first in (FIRST_FLOWER, FIRST_SEASON):
        group = tuple(range(first, first + 4))
        if all(t in bonus for t in group):
            found.append(group)
    if which == "complete_set":
        return found
    wind = hand.seat_wind if which == "own_outside_complete_set" else hand.round_wind
    complete = {t for group in found for t in group}
    return [(t,) for t in bonus if bonus_owner(t) == wind and t not in complete]
