"""Scoring a hand by a ruleset, and the judge the hand state machine asks (:class:`RulesetJudge`).

Every reading of a winning hand is tried: each regular arrangement (and each set a claimed winning tile may
complete), each special hand that matches. A total-value special hand replaces the regular score; an added one
(Golden Cock, Buried Treasure) adds its points before doubling. The highest score counts (A14).

    hand score = rounding(points) × 2^doubles, capped at the ruleset's limit

A table-paid ruleset (Hong Kong) adds up its points (faan) and looks the hand's base pay value up in its
``pay_table``; a limit hand pays the limit. A ruleset with ``min_points`` refuses a winning hand worth less, one
with ``min_doubles`` a winning hand with fewer doubles (not counting ``min_doubles_not_counting``) and no limit
score.

Losers are scored with ``WinContext(winner=False)``: their declared sets, their concealed pungs (A27) and their
flowers, with every item that is not "Mah Jongg hand only".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.analysis import shanten as analysis_shanten
from game.core.analysis import shanten_after_discards as analysis_shanten_after_discards
from game.core.analysis import waits as analysis_waits
from game.core.frozen import quick_init
from game.core.hand import joker_arrangements
from game.core.judge import (
    HandSpec,
    WaitTest,
    WinContext,
    WinShape,
    ready_discards_by_trial,
    regular_shape,
)
from game.core.melds import MeldKind
from game.core.patterns import JOKER_KINDS, Env, HandFacts, MatchedGroup, Pattern
from game.core.penalties import settle_hand
from game.core.readings import (
    CLAIMED_WINS,
    HandInfo,
    Reading,
    ReadSet,
    loser_reading,
    regular_readings,
)
from game.core.ruleset import BonusSelector, Ruleset, ScoringItem, SetSelector, SpecialHand
from game.core.scoring_plan import HandLines, ScoreItem, ScoringPlan, bonus_matches, condition, selects
from game.core.settle import Settlement
from game.core.special_distance import out_of_reach
from game.core.tiles import (
    FIRST_FLOWER,
    JOKER,
    NUM_KINDS,
    Tile,
    copies_in_set,
    counts_of,
    format_tiles,
    is_bonus,
    tile_code,
)
from game.errors import InvalidTilesError
from game.i18n import L_

NOT_MAH_JONGG = "not_mah_jongg"
BELOW_MINIMUM = "below_minimum"

_EVERY_KIND = (1 << NUM_KINDS) - 1
"""The bit mask of every playing tile kind."""


@quick_init
@dataclass(frozen=True)
class ScoreResult:
    """A scored hand (interface contract §2). ``code`` is ``not_mah_jongg`` for a winner whose hand is not one."""

    winner: bool
    mah_jongg: bool
    special_hand: str | None
    points: int
    doubles: int
    score: int
    limited: bool
    items: tuple[ScoreItem, ...]
    arrangement: tuple[tuple[Tile, ...], ...]
    special_hand_id: str | None = None
    code: str | None = None
    message: str = ""

    def to_dict(self, ruleset_id: str) -> dict[str, Any]:
        return {
            "ruleset": ruleset_id,
            "winner": self.winner,
            "mah_jongg": self.mah_jongg,
            "special_hand": self.special_hand,
            "points": self.points,
            "doubles": self.doubles,
            "score": self.score,
            "limited": self.limited,
            "items": [item.to_dict() for item in self.items],
            "arrangement": [[tile_code(t) for t in group] for group in self.arrangement],
        }


def check_hand(hand: HandSpec, jokers: int = 0) -> None:
    """Refuse a hand no set could hold: bonus tiles in the wrong place, more copies of a tile than exist."""
    for t in hand.concealed:
        if is_bonus(t):
            raise InvalidTilesError(L_("flowers and seasons belong in 'bonus', not among the concealed tiles: "
                                       "{tile}", tile=repr(tile_code(t))), code=tile_code(t))
    for t in hand.bonus:
        if not is_bonus(t):
            raise InvalidTilesError(L_("expected only flowers and seasons in 'bonus', got {tile}",
                                       tile=repr(tile_code(t))), code=tile_code(t))
    for meld in hand.melds:
        if meld.kind is MeldKind.PAIR:
            raise InvalidTilesError(L_("a declared meld must be a chow, pung or kong, got a pair: {meld}",
                                       meld=repr(meld.code)), code=meld.code)
    seen: dict[Tile, int] = {}
    for t in (*hand.concealed, *hand.bonus, *(t for m in hand.melds for t in m.tiles)):
        seen[t] = seen.get(t, 0) + 1
    for t, n in sorted(seen.items()):
        if n > copies_in_set(t, jokers):
            raise InvalidTilesError(L_("expected at most {most} of {tile} in a set, got {n}",
                                       most=copies_in_set(t, jokers), tile=repr(tile_code(t)), n=n), code=tile_code(t))


def plainly_valid(hand: HandSpec, counts: Sequence[int], facts: HandFacts, jokers: int = 0) -> bool:
    """The usual case of :func:`check_hand` at a glance (from the counts scoring makes anyway): only playing tiles
    and jokers concealed, no pair declared, only jokers and playing tiles in the declared sets, no kind more than
    four times, no more jokers than the set has, each flower or season at most once. False: ask ``check_hand``."""
    if (sum(counts) + facts.jokers != len(hand.concealed) or max(facts.totals) > 4
            or facts.jokers + facts.shown_jokers > jokers):
        return False
    # Without declared sets the totals are the concealed counts; without flowers there is nothing to check.
    melds, bonus = hand.melds, hand.bonus
    if melds and (facts.n_tiles != sum(facts.totals) + facts.shown_jokers
                  or any(m.kind is MeldKind.PAIR for m in melds)):
        return False
    return not bonus or (all(FIRST_FLOWER <= t < JOKER for t in bonus) and len(set(bonus)) == len(bonus))


@dataclass
class _Candidate:
    points: int
    doubles: int
    score: int
    limited: bool
    items: list[ScoreItem]
    groups: list[tuple[Tile, ...]]
    special: SpecialHand | None = None


@dataclass
class RulesetJudge:
    """Mah Jongg and scoring under a ruleset; implements the ``Judge`` protocol of :mod:`game.core.judge`."""

    ruleset: Ruleset
    cache_size: int = 50_000
    _shape_cache: dict[tuple[HandSpec, WinContext], WinShape | None] = field(default_factory=dict, repr=False)
    _set_items: dict[tuple[str, Tile, bool, int, int], frozenset[str]] = field(default_factory=dict, repr=False)
    _variants: dict[tuple[tuple[str, Any], ...], RulesetJudge] = field(default_factory=dict, repr=False)
    _form_matches: dict[tuple[int, HandSpec, Tile | None, bool], list[MatchedGroup] | None] = field(
        default_factory=dict, repr=False)

    def forget_hands(self) -> None:
        """Forget the hands this judge has seen (their shapes, special-hand matches and the projections of hands
        its forms have tried); what it has worked out about its ruleset and about each kind of win stays, as in a
        game under way."""
        self._shape_cache.clear()
        self._form_matches.clear()
        for _special, form, _outside in self._shaped_forms:
            form.forget_hands()
        for variant in self._variants.values():
            variant.forget_hands()

    def __post_init__(self) -> None:
        rs = self.ruleset
        allowed = [h for h in rs.special_hands if h.allowed] if rs.special_hands_allowed else []
        # Highest value first, so claim precedence finds the most valuable special hand first.
        self._specials = sorted(allowed, key=lambda h: -(h.points if h.limit is None else h.limit * 1e6))
        self._shaped = [(h, [f for f in h.forms if f.has_shape]) for h in self._specials if h.has_shape]
        self._shapeless = [(h, [f for f in h.forms if not f.has_shape]) for h in self._specials if not h.has_shape]
        # The same forms in one flat list, each with the kinds it cannot hold: most hands hold one of those, and
        # testing that inline spares a call per special hand on every Mah Jongg check.
        self._shaped_forms = [(h, f, ~f.allowed_mask) for h, forms in self._shaped for f in forms]
        # The same for scoring, which asks every special hand: a form is looked at only if the hand holds no kind it
        # cannot hold, no more kinds, suits and exposed sets than it has room for, and (without jokers to stand in)
        # every tile it names.
        self._shaped_gates = [(h, forms, [(~f.allowed_mask, f.max_kinds, f.max_suits, f.exposed_room,
                                           sum(1 << t for t, _ in f.required)) for f in forms])
                              for h, forms in self._shaped]
        # Where every special hand after one is a limit hand, those later hands are worth no more than it (the
        # order is by value) and lose a tie to it: once it is found worth the limit the rest need no match.
        self._only_limits_after = [all(h.total and h.limit is not None for h, _ in self._shaped[i + 1:])
                                   for i in range(len(self._shaped))]
        self._shapeless_for: dict[tuple[WinContext, int, int, bool, bool],
                                  tuple[list[SpecialHand], list[SpecialHand], bool]] = {}
        # The forms a hand of n suits (and some exposed set or none) may still become: a typical hand of three
        # suits leaves a handful of the ruleset's forms to look at when its waits are asked after every discard.
        self._forms_for = {(n, exposed): [(h, f, o) for h, f, o in self._shaped_forms
                                          if f.max_suits >= n and not (f.concealed and exposed)]
                           for n in range(4) for exposed in (False, True)}
        # The forms a hand with jokers may be, by whether a set is exposed: every joker stands in a pung or kong
        # (so no pairs or knitted hand), and a concealed form fits no hand with a set exposed.
        self._joker_forms = {exposed: [(f, o) for _h, f, o in self._shaped_forms
                                       if any(el.kind in JOKER_KINDS for el in f.elements)
                                       and not (f.concealed and exposed)]
                             for exposed in (False, True)}
        self._items = [i for i in rs.scoring if i.allowed]
        self._set_selectors = [(i.id, i.for_each) for i in self._items if isinstance(i.for_each, SetSelector)]
        self._item_by_id = {i.id: i for i in self._items}
        self._plan = ScoringPlan(self._items)
        self._needs_waits = any("only_possible_tile" in i.when for i in self._items)
        # Named in every refusal below the minimum: a computer player under a minimum asks whether each wait of
        # its ready hands goes out, and most do not.
        self._ignored_names = ", ".join(rs.min_doubles_ignored)

    def with_play(self, **changes: Any) -> RulesetJudge:
        """This judge for a hand played under changed play options (a goulash hand's wild tiles, no chows);
        made once per set of changes."""
        key = tuple(sorted(changes.items()))
        judge = self._variants.get(key)
        if judge is None:
            play = dataclasses.replace(self.ruleset.play, **changes)
            judge = RulesetJudge(dataclasses.replace(self.ruleset, play=play), self.cache_size)
            self._variants[key] = judge
        return judge

    # -- the Judge protocol -------------------------------------------------------------------------------------

    def mah_jongg(self, hand: HandSpec, context: WinContext) -> WinShape | None:
        """The best way ``hand`` goes Mah Jongg (a special hand first), or None; cached per hand and context."""
        key = (hand, context)
        cache = self._shape_cache
        if key in cache:
            return cache[key]
        shape = self._shape(hand, context)
        # Below the minimum, declaring out would be a faulty declaration: the hand is not a way out.
        if (shape is not None and (self.ruleset.min_points or self.ruleset.min_doubles) and context.winner
                and not self.score(hand, context).mah_jongg):
            shape = None
        if len(cache) >= self.cache_size:
            cache.clear()
        cache[key] = shape
        return shape

    def _shape(self, hand: HandSpec, context: WinContext) -> WinShape | None:
        play = self.ruleset.play
        counts = counts_of(hand.concealed)
        facts = HandFacts.of(counts, hand.melds, hand.concealed.count(JOKER))
        env = Env(hand.seat_wind, hand.round_wind)
        # The forms in order, as _match_forms tries them special hand by special hand: the first fit wins.
        mask, totals, n_tiles, n_suits, jokers = facts.mask, facts.totals, facts.n_tiles, facts.n_suits, facts.jokers
        shown = facts.shown_jokers
        claimed = context.winning_tile if context.winner and context.won_by in CLAIMED_WINS else None
        alone = self._claimed_alone(context)
        # A concealed hand with jokers fits a form only if they can make up what its natural tiles lack (the bound
        # the waits use): most such hands asked on their own draw are far from every form.
        bounded = jokers > 0 and not hand.melds
        for special, form, outside in self._shaped_forms:
            if mask & outside or form.quick_reject(mask, totals, n_tiles, n_suits, jokers, shown):
                continue
            if bounded and out_of_reach(form, counts, jokers, 0, env):
                continue
            if _form_conditions(form, hand, context) and self._match(form, hand, counts, env, claimed,
                                                                    jokers, alone) is not None:
                return WinShape("special", special.id)
        if self.ruleset.special_hands_required:
            return None  # a regular hand, with or without a condition that makes it special, does not go out
        regular = regular_shape(hand, context.winning_tile, play.chows_allowed, play.max_chows)
        if regular is None:
            return None
        for special, forms in self._shapeless:
            if any(_form_conditions(f, hand, context) for f in forms):
                return WinShape(regular.completes, special.id, regular.roles)
        return regular

    def _shapeless_for_win(self, hand: HandSpec, context: WinContext
                           ) -> tuple[list[SpecialHand], list[SpecialHand], bool]:
        """The special hands without a shape of their own that this win makes (all of them; those added to a
        reading; whether one of them is a total-value hand): their conditions read only the win, the winds and
        the declared sets, so they are asked once for each such situation."""
        melds = hand.melds
        key = (context, hand.seat_wind, hand.round_wind, bool(melds), bool(melds) and any(m.exposed for m in melds))
        found = self._shapeless_for.get(key)
        if found is None:
            made = [h for h, forms in self._shapeless if any(_form_conditions(f, hand, context) for f in forms)]
            found = self._shapeless_for[key] = (made, [h for h in made if not h.total], any(h.total for h in made))
            if len(self._shapeless_for) > self.cache_size:
                self._shapeless_for.clear()
        return found

    def _claimed_alone(self, context: WinContext) -> bool:
        """Whether the claimed winning tile may stand alone as a special hand's single tile: not a robbed kong's
        where the ruleset says the robbed set is always a chow (Four Winds L2018)."""
        return context.won_by != "robbed_kong" or self.ruleset.play.rob_kong_thirteen_orphans

    def waits(self, hand: HandSpec) -> list[Tile]:
        """The tiles that would complete ``hand`` (13 tiles plus kongs) by any reading the ruleset allows, in some
        situation (conditions such as "won from the wall" are not checked)."""
        test, maybe = self._wait_trials(hand)
        return [t for t in range(NUM_KINDS) if maybe >> t & 1 and test(t)]

    def wait_test(self, hand: HandSpec) -> WaitTest:
        """A test of whether a tile is among ``hand``'s :meth:`waits` (see :class:`WaitTest`): what does not depend
        on the tile is worked out once, and each kind asked costs only its own trials (the table asks the few kinds
        discarded while a hand is unchanged, not all 34)."""
        return self._wait_trials(hand)[0]

    def _wait_trials(self, hand: HandSpec) -> tuple[WaitTest, int]:
        """The wait test of ``hand`` and a bit mask of the kinds it may pass (the others fail it).

        Regular waits come from the shanten tables; a special hand is tried only when the tiles held already fit
        it, so this stays fast enough to ask after every move.
        """
        if JOKER in hand.concealed:  # the shanten tables know no jokers
            return self._joker_wait_test(hand), _EVERY_KIND
        counts = counts_of(hand.concealed)
        facts = HandFacts.of(counts, hand.melds)
        totals = facts.totals
        play = self.ruleset.play
        try:
            regular = (frozenset() if self.ruleset.special_hands_required
                       else frozenset(analysis_waits(counts, len(hand.melds), chows=play.chows_allowed)))
        except ValueError:
            regular = frozenset()
        env = Env(hand.seat_wind, hand.round_wind)
        exposed = any(m.exposed for m in hand.melds)
        mask = facts.mask
        kinds = mask.bit_count()
        n_tiles = facts.n_tiles + 1
        # Each form the hand with one more tile may be, with the kinds that tile may be.
        forms: list[tuple[Pattern, int]] = []
        maybe = sum(1 << t for t in regular)
        for _special, form, outside in self._forms_for[facts.n_suits, exposed]:
            if mask & outside:  # the test that rules out most forms, before any attribute is read
                continue
            if (kinds > form.max_kinds or not form.min_tiles <= n_tiles <= form.max_tiles
                    or not form.within(mask, totals, 1, facts.shown_jokers)):
                continue
            if not hand.melds and out_of_reach(form, counts, 0, 1, env):
                continue  # (its listed instantiations each lack two tiles or more)
            candidates = form.allowed_mask
            if kinds == form.max_kinds:
                candidates &= mask  # no room for another kind of tile
            missing = [t for t, n in form.required if totals[t] < n]
            if missing:
                candidates &= 1 << missing[0]  # the one tile still short
            if candidates:
                forms.append((form, candidates))
                maybe |= candidates

        def test(t: Tile, trial: bool = True) -> bool:  # no situation is read: a trial asks no more
            if t >= NUM_KINDS or totals[t] >= 4:
                return False  # no fifth copy to win on
            if t in regular and regular_shape(HandSpec((*hand.concealed, t), hand.melds, hand.bonus, hand.seat_wind,
                                                       hand.round_wind), t, play.chows_allowed,
                                              play.max_chows) is not None:
                return True
            for form, candidates in forms:
                if not candidates >> t & 1:
                    continue
                # Situations (won from the wall, first discard …) are not checked: the list may hold a tile that
                # wins only in some situation, and the claim itself is checked in full.
                counts[t] += 1
                try:
                    if form.match(counts, hand.melds, env) is not None:
                        return True
                finally:
                    counts[t] -= 1
            return False

        return test, maybe

    def _joker_wait_test(self, hand: HandSpec) -> WaitTest:
        """The wait test of a hand with jokers, as :func:`waits_by_trial` finds its waits (every kind tried as a
        winning discard), but a kind is tried only if it passes two tests every win passes: a regular hand has an
        arrangement of sets and a pair (jokers standing in pungs), or a special form a hand with jokers may be lets
        the hand with the tile through the prefilters ``_shape`` asks first and, with no declared set, the bound
        on its instantiations. The table asks this after every move of a hand with jokers (Western), and most
        kinds fail both."""
        counts = counts_of(hand.concealed)
        jokers = hand.concealed.count(JOKER)
        facts = HandFacts.of(counts, hand.melds, jokers)
        totals = list(facts.totals)
        play = self.ruleset.play
        regular = not self.ruleset.special_hands_required and len(hand.concealed) + 1 == 3 * (4 - len(hand.melds)) + 2
        n_tiles = facts.n_tiles + 1
        env = Env(hand.seat_wind, hand.round_wind)
        # Forms no tile can let through: a kind held they do not allow, too many kinds or suits held already, or
        # (a hand with no declared set) more than one tile short by the bounds. Not the counted distance: it places
        # each joker element by element and misses hands where a joker frees a natural tile for another set; the
        # bounds let each joker make up any one tile.
        forms = [(form, outside) for form, outside in self._joker_forms[any(m.exposed for m in hand.melds)]
                 if not facts.mask & outside and facts.mask.bit_count() <= form.max_kinds
                 and facts.n_suits <= form.max_suits and form.min_tiles <= n_tiles + jokers <= form.max_tiles
                 and (hand.melds or not out_of_reach(form, counts, jokers, 1, env))]

        def test(t: Tile, trial: bool = True) -> bool:
            if t >= NUM_KINDS or totals[t] >= 4:
                return False  # no fifth copy to win on
            counts[t] += 1
            # The arrangements regular_shape reads (remembered, so it finds them again at no cost). Not the shanten
            # tables: a joker may stand for a fifth copy of a kind whose four are held, which they never count.
            maybe = regular and bool(joker_arrangements(counts, jokers, chows=play.chows_allowed))
            if not maybe and forms:
                mask = facts.mask | 1 << t
                n_suits = bool(mask & 0x1FF) + bool(mask >> 9 & 0x1FF) + bool(mask >> 18 & 0x1FF)
                totals[t] += 1
                maybe = any(not mask & outside and not form.quick_reject(mask, totals, n_tiles, n_suits, jokers,
                                                                         facts.shown_jokers)
                            and (hand.melds or not out_of_reach(form, counts, jokers, 0, env))
                            for form, outside in forms)
                totals[t] -= 1
            counts[t] -= 1
            if not trial:
                return maybe
            return maybe and self.mah_jongg(HandSpec((*hand.concealed, t), hand.melds, hand.bonus, hand.seat_wind,
                                                     hand.round_wind), WinContext(True, t, "discard")) is not None

        return test

    def ready_discards(self, hand: HandSpec) -> dict[Tile, list[Tile]]:
        """For a hand of 14 tiles (plus kongs): each discard that leaves it ready, with the waits it leaves.

        One look at the 14 tiles usually shows that no discard can leave a ready hand (regular shanten above 0
        and no special hand within reach), which spares a ``waits`` call per discard.
        """
        if JOKER in hand.concealed:
            return ready_discards_by_trial(self, hand)
        counts = counts_of(hand.concealed)
        facts = HandFacts.of(counts, hand.melds)
        play = self.ruleset.play
        try:
            regular_close = (not self.ruleset.special_hands_required
                             and analysis_shanten(counts, len(hand.melds), chows=play.chows_allowed) <= 0)
        except ValueError:
            regular_close = False
        exposed = any(m.exposed for m in hand.melds)
        mask = facts.mask
        # A discard can leave a special hand's wait only through a form near enough to the 14 tiles (see below);
        # a form holding one kind it does not allow is near only when that kind is the one thrown.
        special_close = False
        special_discards: set[Tile] | None = set()  # None: any discard may
        kinds = mask.bit_count()
        # A discard leaves the hand in as many suits or one fewer: ``waits`` looks no further than those forms.
        for _special, form, outside in self._forms_for[max(0, facts.n_suits - 1), exposed]:
            beyond = mask & outside
            if (beyond.bit_count() > 1 or kinds > form.max_kinds + 1
                    or not form.within(mask, facts.totals, 1, facts.shown_jokers)):
                continue
            special_close = True
            if not beyond:
                special_discards = None
            elif special_discards is not None and facts.totals[beyond.bit_length() - 1] == 1:
                special_discards.add(beyond.bit_length() - 1)
        if not (regular_close or special_close):
            return {}
        # What ``waits`` asks of a 13-tile hand's form (no kind outside it, at most its kinds, short by at most one
        # tile), the 14 tiles fail only more weakly: a form not near the 14 gives no wait after any discard. And a
        # regular wait needs the hand left to be ready. One shanten pass finds the discards that leave one, so
        # ``waits`` is asked only for those and for the discards a near special hand leaves open.
        discards = sorted(set(t for t in hand.concealed if t < NUM_KINDS))
        if special_discards is not None:
            try:
                after = analysis_shanten_after_discards(counts, len(hand.melds), chows=play.chows_allowed)
            except ValueError:  # a hand of the wrong size: every discard is asked, as before
                after = None
            if after is not None:
                discards = [t for t in discards if after[t] == 0 or t in special_discards]
        found = {}
        for discard in discards:
            rest = list(hand.concealed)
            rest.remove(discard)
            waits = self.waits(HandSpec(tuple(rest), hand.melds, hand.bonus, hand.seat_wind, hand.round_wind))
            if waits:
                found[discard] = waits
        return found

    # -- scoring ------------------------------------------------------------------------------------------------

    def score(self, hand: HandSpec, context: WinContext) -> ScoreResult:
        """Score one player's hand: the winner's best reading, or a loser's sets and flowers."""
        counts = counts_of(hand.concealed)
        facts = HandFacts.of(counts, hand.melds, hand.concealed.count(JOKER))
        if not plainly_valid(hand, counts, facts, self.ruleset.play.jokers):
            check_hand(hand, self.ruleset.play.jokers)
        info = HandInfo(hand, context, facts.totals, mask=facts.mask)
        if not context.winner:
            if context.ready and self.ruleset.ready_scores:
                ready = self._ready_result(hand)
                if ready is not None:
                    return ready
            reading = loser_reading(hand, counts, self.ruleset.losers_score_concealed)
            best = self._evaluate(reading, self._plan.for_hand(info), [])
            if self.ruleset.pay_table is not None:
                best.score, best.limited = 0, False  # a table-paid loser pays by the winner's hand only
            return self._result(best, winner=False, mah_jongg=False)
        if context.winning_tile is not None and context.winning_tile not in hand.concealed:
            code = tile_code(context.winning_tile)
            raise InvalidTilesError(L_("the winning tile {tile} is not among the concealed tiles", tile=repr(code)),
                                    code=code)
        play = self.ruleset.play
        if (self._needs_waits and context.winning_tile is not None and context.winning_tile < NUM_KINDS
                and JOKER not in hand.concealed):
            info.wait_rules = (play.chows_allowed, play.max_chows)
        # The table's lines are worked out only when a reading is scored by them (a limit hand needs none), the
        # winds' Env only when a special hand is tried.
        lines: HandLines | None = None
        env: Env | None = None
        shapeless, shapeless_added, shown = self._shapeless_for_win(hand, context)
        specials: list[_Candidate] = []
        mask, n_suits = facts.mask, facts.n_suits
        n_kinds = mask.bit_count()
        n_exposed = sum(m.exposed for m in hand.melds) if hand.melds else 0
        lacking = ~mask if not facts.jokers else 0
        limit = self.ruleset.limit
        for index, (special, forms, gates) in enumerate(self._shaped_gates):
            for outside, max_kinds, max_suits, exposed_room, named in gates:
                if not (mask & outside or n_kinds > max_kinds or n_suits > max_suits or n_exposed > exposed_room
                        or named & lacking):
                    break
            else:
                continue  # no form of it has room for the hand's tiles (most special hands, most hands)
            env = env or Env(hand.seat_wind, hand.round_wind)
            found = self._match_forms(forms, hand, context, counts, facts, env, self._claimed_alone(context))
            if found is None:
                continue
            if special.total:
                specials.append(self._total(special, _groups(found), _reading_of(found) if special.counts_with
                                            else None, info))
                if limit is not None and specials[-1].limited and specials[-1].score >= limit and \
                        self._only_limits_after[index]:
                    break
            else:
                lines = lines or self._plan.for_hand(info)
                specials.append(self._evaluate(_reading_of(found), lines, [special, *shapeless_added]))
        # With special hands required a regular hand does not go out (002 L292), as ``mah_jongg`` says too. A limited
        # special hand worth the limit beats every regular reading, which the limit caps (a special hand wins a
        # tie): those need not be scored, nor even read unless a total special hand without a shape shows them.
        at_limit = bool(specials) and limit is not None and any(c.limited and c.score >= limit for c in specials)
        regular = () if self.ruleset.special_hands_required or (at_limit and not shown) else regular_readings(
            hand, context, counts, chows=play.chows_allowed, max_chows=play.max_chows)
        if at_limit:
            candidates = specials
        else:
            lines = lines or self._plan.for_hand(info)
            candidates = [self._evaluate(reading, lines, shapeless_added) for reading in regular] + specials
        if shown and (regular or specials):
            # A total special hand with no shape of its own shows the first regular reading's sets.
            groups = [s.tiles for s in regular[0].sets] if regular else specials[0].groups
            candidates += [self._total(special, groups) for special in shapeless if special.total]
        if not candidates:
            return ScoreResult(True, False, None, 0, 0, 0, False, (), (), code=NOT_MAH_JONGG,
                               message=L_("not a Mah Jongg hand: {tiles} with {melds}",
                                          tiles=repr(format_tiles(hand.concealed)),
                                          melds=", ".join(repr(m.code) for m in hand.melds)) if hand.melds else
                               L_("not a Mah Jongg hand: {tiles}", tiles=repr(format_tiles(hand.concealed))))
        if self.ruleset.min_doubles:
            # The hand goes out by a reading that has the doubles (or a limit score), the best such one counting.
            enough = [c for c in candidates if c.limited or self._minimum_doubles(c) >= self.ruleset.min_doubles]
            if not enough:
                most = max(candidates, key=self._minimum_doubles)
                return ScoreResult(True, False, None, most.points, most.doubles, 0, False, tuple(most.items),
                                   tuple(most.groups), code=BELOW_MINIMUM,
                                   message=L_("expected at least {least} doubles to go out ({ignored} not counted), "
                                              "the hand has {n}: {tiles}", least=self.ruleset.min_doubles,
                                              ignored=self._ignored_names,
                                              n=self._minimum_doubles(most), tiles=repr(format_tiles(hand.concealed)))
                                   if self.ruleset.min_doubles_not_counting else
                                   L_("expected at least {least} doubles to go out, the hand has {n}: {tiles}",
                                      least=self.ruleset.min_doubles, n=self._minimum_doubles(most),
                                      tiles=repr(format_tiles(hand.concealed))))
            candidates = enough
        best = candidates[0] if len(candidates) == 1 else max(
            candidates, key=lambda c: (c.score, c.special is not None, c.points))
        minimum = self.ruleset.min_points
        if minimum and best.points < minimum and not best.limited:
            return ScoreResult(True, False, None, best.points, 0, 0, False, tuple(best.items), tuple(best.groups),
                               code=BELOW_MINIMUM, message=L_("expected at least {least} points to go out, the hand "
                                                              "has {n}: {tiles}", least=minimum, n=best.points,
                                                              tiles=repr(format_tiles(hand.concealed))))
        return self._result(best, winner=True, mah_jongg=True)

    def _ready_result(self, hand: HandSpec) -> ScoreResult | None:
        """A declared ready hand of a loser, scored as its best way out (None when it has none: a bluff, or
        every way out is below the minimum to go out).

        The tile completing it is taken as a claimed discard, so no self-drawn bonus counts [derived]; a special
        hand is worth ``ready_special_share`` of its value, the own-flower doubling included.
        """
        rs = self.ruleset
        dropped = set(rs.ready_not_counting)
        best: ScoreResult | None = None
        for tile in self.waits(hand):
            full = HandSpec((*hand.concealed, tile), hand.melds, hand.bonus, hand.seat_wind, hand.round_wind)
            won = self.score(full, WinContext(True, tile, "discard"))
            if not won.mah_jongg:
                continue
            special = rs.special_hand(won.special_hand_id) if won.special_hand_id else None
            if special is not None and special.total:
                value = int(won.score * rs.ready_special_share)
                items: tuple[ScoreItem, ...] = (ScoreItem(f"Ready: {special.name}", value, 0, special.id),)
                result = ScoreResult(False, False, special.name, value, 0, value, False, items, won.arrangement,
                                     special.id)
            else:
                items = tuple(i for i in won.items if i.id not in dropped)
                points, doubles = sum(i.points for i in items), sum(i.doubles for i in items)
                score, limited = self._hand_value(points, doubles)
                result = ScoreResult(False, False, None, points, doubles, score, limited, items, won.arrangement)
            if best is None or result.score > best.score:
                best = result
        return best

    def _minimum_doubles(self, candidate: _Candidate) -> int:
        """The doubles of a reading that count towards the ruleset's ``min_doubles``."""
        ignored = self.ruleset.min_doubles_not_counting
        return sum(e.doubles for e in candidate.items if e.id not in ignored)

    def _result(self, best: _Candidate, *, winner: bool, mah_jongg: bool) -> ScoreResult:
        special = best.special
        return ScoreResult(winner, mah_jongg, special.name if special else None, best.points, best.doubles,
                           best.score, best.limited, tuple(best.items), tuple(best.groups),
                           special.id if special else None)

    def _total(self, special: SpecialHand, groups: list[tuple[Tile, ...]], reading: Reading | None = None,
               info: HandInfo | None = None) -> _Candidate:
        """A total-value special hand: its value, plus the ``counts_with`` items that apply to its tiles."""
        limit = self.ruleset.limit
        table = self.ruleset.pay_table
        if special.limit is not None and limit is not None:
            value = int(special.limit * limit)
            if table is not None:  # a limit hand counts as the table's top step
                points = table.steps[-1][0] if table.steps else 0
                return _Candidate(points, 0, value, True, [ScoreItem(special.name, points, 0, special.id)], groups,
                                  special)
            items = [ScoreItem(special.name, value, 0, special.id)]
            if special.counts_with and reading is not None and info is not None:
                # British L155: a half-limit hand is doubled by its owner's own flower, but never above the limit
                # (a double-limit hand keeps its own value)
                wanted = set(special.counts_with)
                items += [e for e in self._entries(reading, info, [i for i in self._items if i.id in wanted], [])
                          if e.doubles]
                doubles = sum(e.doubles for e in items)
                return _Candidate(value, doubles, min(value * 2 ** doubles, max(value, limit)), True, items, groups,
                                  special)
            return _Candidate(value, 0, value, True, items, groups, special)
        items = [ScoreItem(special.name, special.points, special.doubles, special.id)]
        if special.counts_with and reading is not None and info is not None:
            wanted = set(special.counts_with)
            items += self._entries(reading, info, [i for i in self._items if i.id in wanted], [])
        points = sum(e.points for e in items)
        doubles = sum(e.doubles for e in items)
        score, limited = self._hand_value(points, doubles)
        return _Candidate(points, 0 if table is not None else doubles, score, limited, items, groups, special)

    def _hand_value(self, points: int, doubles: int) -> tuple[int, bool]:
        """The hand score of ``points`` and ``doubles`` (rounded, doubled, capped; or looked up in the pay
        table), and whether the limit capped it."""
        limit = self.ruleset.limit
        table = self.ruleset.pay_table
        if table is not None:
            score = table.value(points)
            if limit is not None and score >= limit:
                return limit, True
            return score, False
        score = self.ruleset.rounding.doubled(points, doubles)
        if limit is not None and score > limit:
            return limit, True
        return score, False

    def _evaluate(self, reading: Reading, lines: HandLines, added: Sequence[SpecialHand]) -> _Candidate:
        """Score one reading with the scoring table, plus the added special hands that apply to it."""
        replaced: frozenset[str] | set[str] = ({item_id for special in added for item_id in special.replaces}
                                               if added else frozenset())
        found = lines.entries(reading, replaced)
        for one in added:
            found.append(ScoreItem(one.name, one.points, one.doubles, one.id))
        # The entries with points first, each part in table order (a stable sort on "no points" would give it).
        entries, pointless = [], []
        points = doubles = 0
        for e in found:  # one pass, no generators: this runs for every reading of every hand
            if e.points:
                points += e.points
                entries.append(e)
            else:
                pointless.append(e)
            doubles += e.doubles
        entries += pointless
        score, limited = self._hand_value(points, doubles)
        if self.ruleset.pay_table is not None:
            doubles = 0
        special = next((h for h in added if h.has_shape), added[0] if added else None) if added else None
        return _Candidate(points, doubles, score, limited, entries, list(reading.tiles), special)

    def _entries(self, reading: Reading, info: HandInfo, items: Sequence[ScoringItem],
                 added: Sequence[SpecialHand]) -> list[ScoreItem]:
        """The scoring-table lines among ``items`` that count for ``reading`` (in table order)."""
        hand, context = info.hand, info.context
        mah_jongg = context.winner and reading.complete
        replaced = {item_id for special in added for item_id in special.replaces}
        entries: list[ScoreItem] = []
        scoring_sets = [s for s in reading.sets if s.scores]
        per_set = [self._items_for_set(s, hand) for s in scoring_sets]
        pair_points = sum(self._item_by_id[i].points for s, found in zip(scoring_sets, per_set, strict=True)
                          if s.kind == "pair" for i in found
                          if mah_jongg or not self._item_by_id[i].mah_jongg_only)
        for item in items:  # in table order, so the explanation reads like the ruleset
            if (item.mah_jongg_only and not mah_jongg) or item.id in replaced:
                continue
            if item.unless and any(condition(name, reading, info, pair_points) for name in item.unless):
                continue
            selector = item.for_each
            if isinstance(selector, SetSelector):
                for s, found in zip(scoring_sets, per_set, strict=True):
                    if item.id in found:
                        entries.append(ScoreItem(item.name, item.points, item.doubles, item.id, s.tiles))
            elif isinstance(selector, BonusSelector):
                for tiles in bonus_matches(selector, hand):
                    entries.append(ScoreItem(item.name, item.points, item.doubles, item.id, tiles))
            elif all(condition(name, reading, info, pair_points) for name in item.when):
                entries.append(ScoreItem(item.name, item.points, item.doubles, item.id))
        return entries

    def _items_for_set(self, s: ReadSet, hand: HandSpec) -> frozenset[str]:
        """The ids of the set items that count ``s`` (cached: few distinct sets occur)."""
        key = (s.kind, s.tile, s.concealed, hand.seat_wind, hand.round_wind)
        found = self._set_items.get(key)
        if found is None:
            env = Env(hand.seat_wind, hand.round_wind)
            found = frozenset(item_id for item_id, selector in self._set_selectors if selects(selector, s, env))
            self._set_items[key] = found
        return found

    def _match_forms(self, forms: Sequence[Pattern], hand: HandSpec, context: WinContext, counts: list[int],
                     facts: HandFacts, env: Env, claimed_alone: bool = True) -> list[MatchedGroup] | None:
        """The first form of a special hand that ``hand`` fits, as matched groups (``claimed_alone``: the claimed
        winning tile may stand alone as a single tile)."""
        claimed = context.winning_tile if context.winner and context.won_by in CLAIMED_WINS else None
        for form in forms:
            if form.quick_reject(facts.mask, facts.totals, facts.n_tiles, facts.n_suits, facts.jokers,
                                 facts.shown_jokers):
                continue
            if not _form_conditions(form, hand, context):
                continue
            found = self._match(form, hand, counts, env, claimed, facts.jokers, claimed_alone)
            if found is not None:
                return found
        return None

    def _match(self, form: Pattern, hand: HandSpec, counts: list[int], env: Env, claimed: Tile | None,
               jokers: int, claimed_alone: bool) -> list[MatchedGroup] | None:
        """``form.match`` of the hand, kept per hand: a win is checked (``mah_jongg``) before it is scored, and
        a special hand's search is the slowest part of either. The groups are shared: never change them."""
        key = (id(form), hand, claimed, claimed_alone)
        cache = self._form_matches
        if key in cache:
            return cache[key]
        found = form.match(counts, hand.melds, env, claimed, jokers, claimed_alone)
        if len(cache) >= self.cache_size:
            cache.clear()
        cache[key] = found
        return found

    # -- settlement ---------------------------------------------------------------------------------------------

    def settle(self, *, east: int, winner: int | None, scores: Sequence[int], discarder: int | None = None,
               self_drawn: bool = False, **penalties: Any) -> Settlement:
        """Payments at the end of a hand under this ruleset: the hand scores, then any penalties named by
        keyword (see :func:`game.core.penalties.settle_hand`)."""
        return settle_hand(self.ruleset, east, winner, scores, discarder, self_drawn, **penalties)


def _form_conditions(form: Pattern, hand: HandSpec, context: WinContext) -> bool:
    if form.concealed and any(m.exposed for m in hand.melds):
        return False
    if not form.when.hold(hand.seat_wind, hand.round_wind, context, bool(hand.melds)):
        return False
    if form.winning_tile is not None:
        tile = context.winning_tile
        env = Env(hand.seat_wind, hand.round_wind)
        if tile is None or form.winning_tile.match(tile, {}, env) is None:
            return False
    return True


def _groups(found: list[MatchedGroup]) -> list[tuple[Tile, ...]]:
    """A special hand's tiles for display: declared melds first, then each YAML element's tiles together."""
    declared = [g.tiles for g in found if g.declared]
    by_group: dict[int, list[Tile]] = {}
    for g in found:
        if not g.declared:
            by_group.setdefault(g.group, []).extend(g.tiles)
    return declared + [tuple(sorted(tiles)) for _, tiles in sorted(by_group.items())]


def _reading_of(found: list[MatchedGroup]) -> Reading:
    """A special hand's match as a reading, so its sets score like regular sets (added special hands)."""
    sets = []
    for g in found:
        kind = g.kind if g.kind != "pung_or_kong" else "pung"
        if kind == "single":
            sets.append(ReadSet("single", g.tiles, g.concealed, g.declared, scores=False))
        else:
            if g.declared and len(g.tiles) == 4:
                kind = "kong"
            sets.append(ReadSet(kind, g.tiles, g.concealed, g.declared))
    sets.sort(key=lambda s: (not s.declared, s.kind == "pair"))
    return Reading(tuple(sets))
