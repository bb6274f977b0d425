"""A loaded ruleset: values only (frozen dataclasses), built from YAML by ``game.rules``.

A ruleset holds the play options (:class:`~game.core.play_rules.PlayRules`), the scoring table
(:class:`ScoringItem`), the special hands (:class:`SpecialHand`, compiled patterns), the limit, the rounding
and the payment scheme. Scoring (:mod:`game.core.scoring`) and settlement (:mod:`game.core.settle`) read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from game.core.melds import Meld
from game.core.patterns import Env, Pattern, Spec
from game.core.play_rules import PlayRules
from game.core.tiles import NUM_KINDS, Tile


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
    ``flower`` / ``season`` (each of that kind), ``complete_set`` (each complete set of four),
    ``own_outside_complete_set`` / ``round_outside_complete_set`` (the own or round wind's tile, unless its set
    of four is complete: Four Winds pays the complete set instead, L325, A36), ``none`` (once, for a hand
    without any flower or season: Hong Kong, L632).
    """

    which: Literal["any", "own", "round", "flower", "season", "complete_set", "own_outside_complete_set",
                   "round_outside_complete_set", "none"]


@dataclass(frozen=True)
class ScoringItem:
    """One line of the scoring table.

    Exactly one of ``when`` (hand conditions, all must hold; names from ``scoring.HAND_CONDITIONS``) and
    ``for_each`` (a set or bonus selector) says when it applies; none of the ``unless`` conditions may hold.
    ``mah_jongg_only`` items count only for the winner; ``allowed`` False is the program's "No Scoring Value"
    (never counted). ``fixed`` and ``no_doubles`` record which settings the classic configuration box locks.
    """

    id: str
    name: str
    points: int = 0
    doubles: int = 0
    mah_jongg_only: bool = False
    allowed: bool = True
    when: tuple[str, ...] = ()
    for_each: SetSelector | BonusSelector | None = None
    unless: tuple[str, ...] = ()
    fixed: bool = False
    no_doubles: bool = False
    description: str = ""


@dataclass(frozen=True)
class SpecialHand:
    """A special hand: one or more pattern forms, and what it is worth.

    ``total`` True: the value replaces the regular score (points × 2^doubles, or ``limit`` × the ruleset's
    limit); False: ``points`` and ``doubles`` are added to the regular score before doubling. ``replaces``
    names scoring items that this hand stands in for (Heavenly Blessing is the Original Hand event).
    ``counts_with`` names scoring items that still count on top of a total value, with their points and doubles
    (Four Winds' Seven Pairs: 100 points, doubled for one suit or a special way of going out, A22).
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
    counts_with: tuple[str, ...] = ()
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

    def base(self, points: int) -> int:
        """The points as they are doubled: rounded first where the rounding comes before the doubles."""
        return self.apply(points) if self.stage == "before_doubles" else points

    def doubled(self, points: int, doubles: int) -> int:
        """The hand score of ``points`` and ``doubles`` before any limit: the base doubled, rounded where the
        rounding comes after the doubles."""
        score = self.base(points) * 2 ** doubles
        return self.apply(score) if self.stage == "after_doubles" else score


@dataclass(frozen=True)
class PayTable:
    """Scoring by a table (Hong Kong faan): the points are looked up, never doubled.

    ``steps`` are ``(least points, base pay value)`` in increasing order; a hand pays the value of the last step
    its points reach, a limit hand the ruleset's limit.
    """

    steps: tuple[tuple[int, int], ...]

    def value(self, points: int) -> int:
        found = self.steps[0][1] if self.steps else 0
        for least, value in self.steps:
            if points >= least:
                found = value
        return found


@dataclass(frozen=True)
class CannonRule:
    """One way of "letting off a cannon" (British L77-L89): a player shows ``sets`` declared sets whose tiles all
    fit ``shown`` (with ``only``, every set they show does), and somebody discards a tile that fits ``discard``.

    A suit variable in both specs is the same suit: ``shown: {suit: s}`` and ``discard: {suit: s}`` is "all sets
    one suit, any other tile of that suit". Jokers standing in a set are left out of the test.
    """

    name: str
    shown: Spec
    discard: Spec
    sets: int = 1
    only: bool = False

    def danger(self, melds: tuple[Meld, ...] | list[Meld], env: Env) -> list[dict[str, int]]:
        """The bindings under which ``melds`` show the pattern (empty: they do not); the discard that lets off
        the cannon is one that fits ``discard`` under any of them."""
        found: list[dict[str, int]] = []
        candidates: list[dict[str, int]] = [{}]
        if self.shown.variables():  # each set shown may fix the variables (its suit) for all the others
            candidates = [b for b in (self._fits(meld, {}, env) for meld in melds) if b is not None]
        for start in candidates:
            fitting = 0
            for meld in melds:
                if self._fits(meld, start, env) is not None:
                    fitting += 1
                elif self.only:
                    fitting = -1
                    break
            if fitting >= self.sets and start not in found:
                found.append(start)
        return found

    def fires(self, melds: tuple[Meld, ...] | list[Meld], tile: Tile, env: Env) -> bool:
        """Whether discarding ``tile`` to a player showing ``melds`` lets off this cannon."""
        return any(self.discard.match(tile, b, env) is not None for b in self.danger(melds, env))

    def _fits(self, meld: Meld, bindings: dict[str, int], env: Env) -> dict[str, int] | None:
        b = bindings
        for tile in meld.tiles:
            if tile >= NUM_KINDS:  # a joker takes the part of whatever tile the set needs
                continue
            found = self.shown.match(tile, b, env)
            if found is None:
                return None
            b = found
        return b


@dataclass(frozen=True)
class Penalties:
    """Payments besides the hand scores (Four Winds, L401-L421): each amount 0 or None when it is not used.

    ``faulty_out``: the offender pays the limit to East and ``faulty_out_others`` × limit to each other player
    (East offending: the limit to each). ``faulty_claim``: per faulty or cancelled claim, to the winner.
    ``five_last_tiles`` / ``nine_tiles``: the discarder who gave the winning tile pays for all the losers.
    ``ready_after_draw``: after a draw, the non-ready players pay this total to the ready ones (Japanese).
    ``dealer_bonus``: per loser, times the dealer's consecutive wins less one; on the ``dealer_limit_win``-th
    consecutive win the dealer's hand pays the limit instead (A6, A7). ``riichi_deposit``: what a Riichi
    declaration costs; it goes to the winner.
    """

    faulty_out: bool = False
    faulty_out_others: float = 0.5
    faulty_claim: int = 0
    five_last_tiles: bool = False
    nine_tiles: bool = False
    nine_tiles_chows: bool = False
    """Chows count among the sets of one suit a fed player shows (Nine Dragons' "3 sets of one suit showing",
    L244-L253); False: pungs and kongs only (Four Winds' "three (or four) melded Pungs or Kongs", L1831)."""
    ready_after_draw: int = 0
    dealer_bonus: int = 0
    dealer_limit_win: int = 0
    riichi_deposit: int = 0
    cannon: tuple[CannonRule, ...] = ()
    """British "letting off a cannon" (L77-L89): the discarder of such a tile that goes the player out pays for
    all the losers, who then settle nothing among themselves; empty: no such penalty."""


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
    special_hands_required: bool = False
    """Only a special hand goes out: a regular hand of sets and a pair does not win (the Western game's "special
    hands required" mode, seed 002 L292)."""
    limit: int | None = None
    rounding: Rounding = Rounding()
    payment: PaymentScheme = PaymentScheme.EAST_DOUBLE_LOSERS_SETTLE
    pay_table: PayTable | None = None
    """Set: the hand's points are looked up here (table-paid rulesets); None: points × 2^doubles."""
    min_points: int = 0
    """A winning hand needs at least this many points (Hong Kong's Minimum Points, L1729); 0 = any."""
    min_doubles: int = 0
    """A winning hand needs at least this many doubles, or a limit score such as a special hand's (the British
    club's 2 doubles, L450); 0 = any."""
    min_doubles_not_counting: tuple[str, ...] = ()
    """Scoring items whose doubles do not count towards ``min_doubles`` (the club's flowers and seasons)."""
    discarder_pays_all: bool = False
    """Hong Kong payments: on a discard win the discarder pays what all three would have paid (L1773)."""
    ready_scores: bool = False
    """A loser who declared a ready hand is scored as its best way out, as a winner, but without the
    ``ready_not_counting`` items; a special hand at ``ready_special_share`` of its value (British draft rule,
    L624-L631: "scored as a mah-jong hand but without the 20", "one fifth of the limit score for a half-limit
    hand, or two fifths if the special hand merits a limit score")."""
    ready_not_counting: tuple[str, ...] = ()
    """Scoring items a ready loser does not get (the British 20 for going out)."""
    ready_special_share: float = 0.4
    """What a ready loser's special hand is worth, as a share of its value (2/5: a half limit 250 is 100)."""
    penalties: Penalties = Penalties()
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

    @property
    def min_doubles_ignored(self) -> list[str]:
        """The names of the scoring items whose doubles do not count towards ``min_doubles``."""
        names = {item.id: item.name for item in self.scoring}
        return [names.get(item_id, item_id) for item_id in self.min_doubles_not_counting]

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
