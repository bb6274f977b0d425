"""A loaded ruleset: values only (frozen dataclasses), built from YAML by ``game.rules``.

A ruleset holds the play options (:class:`~game.core.play_rules.PlayRules`), the scoring table
(:class:`ScoringItem`), the special hands (:class:`SpecialHand`, compiled patterns), the limit, the rounding
and the payment scheme. Scoring (:mod:`game.core.scoring`) and settlement (:mod:`game.core.settle`) read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from game.core.patterns import Pattern, Spec
from game.core.play_rules import PlayRules


class PaymentScheme(StrEnum):
    """How the hand scores turn into payments (see :func:`game.core.settle.settle`)."""

    EAST_DOUBLE_LOSERS_SETTLE = "east_double_losers_settle"
    """Everybody pays the winner, East pays and receives double, the losers settle their differences."""
    WINNER_ONLY = "winner_only"
    """Everybody pays the winner (East double); the losers do not settle among themselves."""
    DISCARDER_PAYS = "discarder_pays"
    """A discard win: the discarder alone pays what all losers would have paid; self-drawn: as winner_only."""
    HONGKONG = "hongkong"
    """No East double: on a discard the discarder pays double and the others single; self-drawn all pay double."""


@dataclass(frozen=True)
class SetSelector:
    """``for_each: {set: pung, exposed: true, tile: minor}``: one contribution per matching set.

    ``kinds`` are among ``pung``, ``kong``, ``chow``, ``pair``; ``exposed`` None matches both.
    """

    kinds: frozenset[str]
    exposed: bool | None = None
    tile: Spec | None = None


@dataclass(frozen=True)
class BonusSelector:
    """``for_each: {bonus: own}``: one contribution per matching flower or season.

    ``which``: ``any`` (each bonus tile), ``own`` (the seat's flower or season), ``round`` (the round wind's),
    ``flower`` / ``season`` (each of that kind), ``complete_set`` (each complete set of four).
    """

    which: Literal["any", "own", "round", "flower", "season", "complete_set"]


@dataclass(frozen=True)
class ScoringItem:
    """One line of the scoring table.

    Exactly one of ``when`` (hand conditions, all must hold; names from ``scoring.HAND_CONDITIONS``) and
    ``for_each`` (a set or bonus selector) says when it applies. ``mah_jongg_only`` items count only for the
    winner; ``allowed`` False is the program's "No Scoring Value" (never counted). ``fixed`` and ``no_doubles``
    record which settings the classic configuration box locks.
    """

    id: str
    name: str
    points: int = 0
    doubles: int = 0
    mah_jongg_only: bool = False
    allowed: bool = True
    when: tuple[str, ...] = ()
    for_each: SetSelector | BonusSelector | None = None
    fixed: bool = False
    no_doubles: bool = False
    description: str = ""


@dataclass(frozen=True)
class SpecialHand:
    """A special hand: one or more pattern forms, and what it is worth.

    ``total`` True: the value replaces the regular score (points × 2^doubles, or ``limit`` × the ruleset's
    limit); False: ``points`` and ``doubles`` are added to the regular score before doubling. ``replaces``
    names scoring items that this hand stands in for (Heavenly Blessing is the Original Hand event).
    """

    id: str
    name: str
    forms: tuple[Pattern, ...]
    points: int = 0
    doubles: int = 0
    limit: float | None = None
    total: bool = True
    allowed: bool = True
    fixed: bool = False
    no_doubles: bool = False
    replaces: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    description: str = ""

    @property
    def has_shape(self) -> bool:
        """Whether the hand defines its own tiles (False: only conditions on top of any complete hand)."""
        return any(form.has_shape for form in self.forms)


@dataclass(frozen=True)
class Rounding:
    """Rounding of hand scores: to a multiple of ``unit``, before or after doubling (or never)."""

    unit: int = 10
    stage: Literal["none", "before_doubles", "after_doubles"] = "none"
    mode: Literal["up", "half_up"] = "up"

    def apply(self, value: int) -> int:
        if self.unit <= 1 or value % self.unit == 0:
            return value
        if self.mode == "up":
            return (value // self.unit + 1) * self.unit
        return (value + self.unit // 2) // self.unit * self.unit


@dataclass(frozen=True)
class Ruleset:
    """Everything a game needs to play and score by one rule system."""

    id: str
    name: str
    play: PlayRules = field(default_factory=PlayRules)
    description: str = ""
    scoring: tuple[ScoringItem, ...] = ()
    special_hands: tuple[SpecialHand, ...] = ()
    special_hands_allowed: bool = True
    limit: int | None = None
    rounding: Rounding = Rounding()
    payment: PaymentScheme = PaymentScheme.EAST_DOUBLE_LOSERS_SETTLE
    losers_score_concealed: bool = True
    """Losers score their concealed pungs (A27); False scores only their declared sets and flowers."""
    extends: str | None = None
    source: object = field(default=None, compare=False, hash=False, repr=False)
    """The merged file data this ruleset was built from (opaque; lets a child ruleset extend it)."""

    @property
    def start_score(self) -> int:
        return self.play.start_score

    @property
    def tile_count(self) -> int:
        return self.play.tile_count

    def item(self, item_id: str) -> ScoringItem:
        for entry in self.scoring:
            if entry.id == item_id:
                return entry
        raise KeyError(item_id)

    def special_hand(self, hand_id: str) -> SpecialHand:
        for hand in self.special_hands:
            if hand.id == hand_id:
                return hand
        raise KeyError(hand_id)

    def __repr__(self) -> str:
        return f"Ruleset(id={self.id!r}, items={len(self.scoring)}, special_hands={len(self.special_hands)})"
