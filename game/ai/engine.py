"""The one decision engine every personality uses: discards, claims, kongs, robbing, ready declarations and
the choice of a special hand worth chasing.

A discard is scored on four things, weighted by the personality's knobs (:mod:`game.mods.personalities`):

* speed: tiles from ready after it (regular shanten, or the distance to the special hand being chased);
* efficiency: live tiles that would bring the hand nearer (useful tiles counted against what is visible);
* value: doubles the hand is heading for (:class:`game.ai.evaluate.ValueModel`, from the ruleset);
* danger: how likely it is to hand a threatening opponent Mah Jongg (:func:`game.ai.evaluate.danger`).

Before play, the tiles passed on in a Charleston or a goulash are those the regular hand misses least
(:mod:`game.ai.charleston`).

Where only special hands go out (a ruleset with ``special_hands_required``), a regular hand counts as out of reach:
every personality then sets out from the first tile for the special hand likeliest to be completed before the wall
ends (:mod:`game.ai.specials`), keeps one all hand long and passes on in the Charleston the tiles the likeliest
ones want least.

Mistakes pick among the scored discards with a softmax; the scatterbrain modifier ignores some discards it
could claim, sometimes discards carelessly and sometimes forgets to declare a standing (ready) hand.
Everything random comes from the ``random.Random`` passed in, so a seed replays the same game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import attrgetter
from typing import NamedTuple

from game.ai.charleston import choose_pass
from game.ai.evaluate import Danger, NearValues, ValueModel, threat
from game.ai.jokers import read_jokers
from game.ai.search import DEALS, Lookahead, applies
from game.ai.specials import completion_chance, keep_values, pass_by_keep
from game.core.actions import Action, Claim, DeclareKong, Discard, MahJongg, Pass, PassTiles
from game.core.analysis import UsefulAfter, shanten, shanten_after_discards, useful_tiles, waits
from game.core.judge import HandSpec, Judge, WinContext
from game.core.melds import Meld, MeldKind
from game.core.patterns import Env, Pattern
from game.core.ruleset import Ruleset, SpecialHand
from game.core.scoring import RulesetJudge
from game.core.special_distance import UNREACHABLE, Target, batch_of, discard_targets, special_target
from game.core.table import goulash_judge
from game.core.tiles import JOKER, NUM_KINDS, counts_of, is_major, minus, tiles_of
from game.core.view import PlayerView, unseen
from game.mods.personalities import Personality

_SPEED = 10.0  # score of one step nearer Mah Jongg; the other weights are measured against it
FOLD_THREAT = 0.35  # threat (0-1) at which a defensive player far from ready stops playing to win
# Extra weight of a useful tile per opponent who could hand it over by discarding (measured: 1.5 gave the expert
# +1.7 points of win share against three greedy bots over plain live-tile counts, 0.7 gave +1.2).
_CLAIM_WEIGHT = 1.5
_FROM_ANY = 1.0 + _CLAIM_WEIGHT * 3  # the weight of a tile any of the three opponents may discard to a claim
_FROM_LEFT = 1.0 + _CLAIM_WEIGHT * 1  # ... of one only the player on the left may give (to a chow)
_FROM_WALL = 1.0 + _CLAIM_WEIGHT * 0  # ... of one that comes from the wall alone
_BONUS_SHAPE = 0.3  # share of a bonus wait's value for holding every tile around the bonus tile (see _bonus_shape)
_PLAN_EFFICIENCY = 0.8  # weight on the tiles a chased special hand lacks, for any personality that chases one
# Score lost per double a hand lacks for the ruleset's minimum to go out (British: 2): below it a ready hand is no
# use, so every personality builds the doubles, trading about a step of speed for each.
_MINIMUM_WEIGHT = 9.0
# Under a minimum of doubles every personality's value pull counts (1 + the minimum) times: the doubles are what
# a hand goes out with. Four experts in British Tournament and the expert against three greedy bots, 500 and 800
# hands (seeds 900/903 and 901/904): wash-outs 50.0% and win share 16.6% at 1×, 47.8% and 20.5% at 2×, 45.8%
# and 18.5% at 3× (this), 44.0% and 19.4% at 4×.
_MINIMUM_PULL = 1.0
_NO_REGULAR = 8  # "tiles from ready" of a regular hand where none goes out: farther than any hand can be
# Extra eagerness for a pung where a hand may hold at most one chow (British): the careful player, who seldom
# claims, otherwise built no hand there (against three greedy bots in British Tournament, 200 hands: its wins
# 4.5% -> 13.5%; 0.4 gave the same).
_PUNG_PULL = 0.2
_BACKUP = 1.0  # score lost per next likeliest special hand (_Plan.backups) that wants the tile discarded
# Weight, times the value pull, of the doubles the tiles kept in a Charleston are heading for, against the tiles
# they lack (game.ai.charleston). Against three greedy bots in Western over the same 600 hands, the limitmaker
# won 26.3% of them at 0, 23.2% at 0.8 and 24.0% at 1.6, its net score per hand +49, +112 and +148; the expert
# 36.2% at each, its net +129 at 0 and +269 at 0.8 and 1.6.
_PASS_VALUE = 1.6
_SEARCH_MARGIN = 12.0  # score within which another discard is played out against the engine's choice
_BOUND_MARGIN = 1e-9  # more than the floating-point error of a discard's score worked out with a bound


@dataclass
class _Plan:
    """The special hand being chased in this hand, if any, and how long it has not improved."""

    hand: SpecialHand | None = None
    best: int = 99
    stalled: int = 0
    dropped: set[str] = field(default_factory=set)
    compared: bool = False
    """Whether the special hands looked at on the turn after setting out were weighed against this one."""
    backups: tuple[tuple[float, tuple[int, ...]], ...] = ()
    """Where only special hands go out: the next likeliest special hands at the last look, each as its weight
    (its appeal over the chased hand's, at most 1) and the tiles its nearest form wants."""


class _Option(NamedTuple):
    """A discard weighed (a tuple: a few dozen are made each turn)."""

    action: Discard
    speed: int
    useful: float
    value: float
    danger: float
    score: float


class _Bounded(NamedTuple):
    """A discard scored with its useful tiles counted at most (see _score_discards): what its full score needs
    beside its option."""

    place: int
    """Its option's place in the list."""
    after: list[int]
    """The hand it leaves, as read."""
    risk_weight: float
    worth: float


class EnginePlayer:
    """A computer player driven by a :class:`Personality` (and, when given, the ruleset's data)."""

    def __init__(self, personality: Personality, rng: random.Random, ruleset: Ruleset | None = None) -> None:
        self.personality = personality
        self.id = personality.id
        self.rng = rng
        self.ruleset = ruleset
        play = getattr(ruleset, "play", None)
        self.chows = bool(getattr(play, "chows_allowed", True))
        # A goulash hand (British, after a wash-out) may allow no chows: by view.goulash, [plain, goulash].
        self._chows_in = (self.chows, self.chows and bool(getattr(play, "goulash_chows", True)))
        self.max_chows: int | None = getattr(play, "max_chows", None)
        self._chows_from_any = bool(getattr(play, "chow_from_any", False))
        self._chows_left: int | None = None
        """Chows the hand of the position being decided may still hold (None: any number)."""
        self.specials: tuple[SpecialHand, ...] = ()
        # Where only special hands go out (the Western "special hands required"), every personality knows them.
        self._specials_only = bool(getattr(ruleset, "special_hands_required", False))
        # There every hand of the table weighs the special hands all hand long: each is measured by its counted
        # instantiations (the least distance, no search budget to run out) where they are listed, to keep every
        # decision short (see special_distance.pattern_target).
        self._search = not self._specials_only
        if ruleset is not None and ruleset.special_hands_allowed and (personality.knows_limit_hands
                                                                       or self._specials_only):
            self.specials = tuple(h for h in ruleset.special_hands if h.allowed and h.has_shape)
        # A limitmaker sets out for special hands further away, and weighs how buildable each one is; so does every
        # personality where only special hands go out, else it chases the richest hand in reach (a concealed
        # hand of exact single tiles, Hong Kong, seven tiles away, over Windy Chows two tiles away). Four experts in
        # Western (Special Hands Only), the same 200 hands: 52.0% wash-outs (60.7% of 300 before); measuring each
        # special hand against the nearest one in sight as well made it 69.5%.
        gambler = personality.strategy == "limitmaker"
        self._reach = 5
        self._falloff = 1.5 if gambler else 2.0
        self._ease = {h.id: _ease(h) if gambler or self._specials_only else 1.0 for h in self.specials}
        # Where only special hands go out, every one is weighed at a time (_likeliest): their counts at once, one
        # batch for each half of them that the plan weighs on a turn (see _update_special_plan).
        halves = [batch_of(self.specials[start::2]) for start in (0, 1)] if self._specials_only else []
        self._batches = {h.id: halves[i % 2] for i, h in enumerate(self.specials)} if halves else {}
        self._hand_batches = {h.id: batch_of((h,)) for h in self.specials} if self._specials_only else {}
        """And each special hand's forms at once, for the hand chased (its forms after each discard, say)."""
        self._allowed: dict[tuple[int, int], dict[str, tuple[int, ...]]] = {}
        """Per seat and round wind, the forms of each special hand they allow (see _allowed_forms)."""
        self._claimable = {h.id: not all(kept_concealed(f) for f in h.forms) for h in self.specials}
        """Whether a set of each special hand may come from a discard (not every form kept concealed)."""
        # The most appeal (_appeal) each special hand can have: its worth, at most raised by its ease's power of
        # -1/3 (a complete hand's) and never by the falloff; one whose most falls short of the bar is not searched.
        self._most_appeal = {h.id: self._special_worth(h) * max(1.0, self._ease[h.id] ** (-1 / 3))
                             for h in self.specials}
        # A gambler plays for a bonus wait (the classic Golden Cock's 5 Dots) as for a special hand. Against three
        # greedy bots in the classic ruleset it is the only special hand it lands: forced to chase the nearest
        # special hand from the first tile, in 800 hands it completed none. Weighed 3× (over 600 hands: its
        # special share of wins 4.5% → 26%, its win share 18% → 13%; 2×: 17% and 16%).
        self._bonus_pull = 3.0 if gambler else 1.0
        self._keeps_bonus_shape = gambler  # and, far from ready, keeps the tiles around the bonus tile
        self._plan = _Plan()
        self._tiles_left = -1
        self._values: dict[tuple[int, int], ValueModel] = {}
        self._jokers = 0
        """Jokers (or a goulash's wild tiles) among the concealed tiles of the position being decided."""
        self._last_sight: tuple[PlayerView | None, list[int], list[int]] = (None, [], [])
        """The last position's visible and unseen copies of each kind (see _sight)."""
        self._last_nearest: dict[int | None, tuple[object, Target | None]] = {}
        """The last nearest form found for each reach asked (see _nearest)."""
        self._judges: dict[bool, Judge] = {}
        """The ruleset's judge, and its goulash hands' (by view.goulash), made when first needed: whether a ready
        hand may go out under a minimum."""
        self._ways: dict[tuple, dict[int, bool | None]] = {}
        """The ways out (_ways_out) of the ready hands weighed lately, by hand and situation: each wait with whether
        it goes out (None: not asked yet)."""
        # Where a ready hand may still not go out (a minimum of doubles, only special hands), an opponent who
        # looks ready is less of a threat than one in a game where any complete hand goes out.
        self._out_share = _out_share(ruleset)
        self._minimum = ruleset is not None and ruleset.min_doubles > 0
        """Whether a hand needs doubles to go out (British: 2): a hand is slow to build there."""
        # Where only a declared ready hand goes out and a declaration may be a bluff (Novice), only the declared
        # hands threaten, each as its stage says.
        self._bluffing = getattr(play, "ready_rule", "none") == "declare"
        deals = round(DEALS * personality.search)
        self._lookahead = Lookahead(ruleset, rng, deals) if deals and applies(ruleset) else None
        """The Master's look-ahead (:mod:`game.ai.search`); None for the others, and where it does not apply."""
        self._takes_best = (personality.mistakes <= 0 and not personality.is_scatterbrain
                            and personality.strategy != "defensive" and self._lookahead is None)
        """Whether the discard chosen is always the best scored (no slips, no folding by safety, no look-ahead): only
        the discards that may come out best need their useful tiles worked out (see _score_discards)."""

    @property
    def thinks_ahead(self) -> bool:
        """Whether this player searches at decision time: the client then lets it decide off the frame loop."""
        return self._lookahead is not None

    # -- entry point ------------------------------------------------------------------------------------------

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` for the position in ``view``."""
        if view.tiles_left > self._tiles_left:
            self._plan = _Plan()  # a new hand has been dealt
        self._tiles_left = view.tiles_left
        self._jokers = view.concealed.count(JOKER)
        self.chows = self._chows_in[view.goulash]
        if self.max_chows is not None:
            shown = sum(1 for m in view.me.melds if m.kind is MeldKind.CHOW)
            self._chows_left = max(0, self.max_chows - shown)
        for action in legal:
            if isinstance(action, MahJongg) or (isinstance(action, Claim) and action.type == "mah_jongg"):
                return action
        if view.phase == "turn" and view.current == view.seat:
            return self._turn(view, legal)
        claims = [a for a in legal if isinstance(a, Claim)]
        if claims:
            return self._claim(view, claims)
        passes = [a for a in legal if isinstance(a, PassTiles)]
        if passes:
            # Where only special hands go out the pass serves the special hands likeliest to be completed.
            return self._pass_special(view, passes) if self._specials_only and self.specials else self._pass(
                view, passes)
        return next((a for a in legal if isinstance(a, Pass)), legal[0])

    def _pass(self, view: PlayerView, passes: Sequence[PassTiles]) -> PassTiles:
        """The tiles to pass on in a Charleston or a goulash: those the regular hand misses least, its value
        weighed as the personality's value pull says."""
        pull = _PASS_VALUE * self.personality.value_pull
        values = NearValues(self._value_model(view), counts_of(view.concealed), view,
                            self._sight(view)[1]) if pull > 0 else None
        return choose_pass(view.concealed, len(view.me.melds), passes, chows=self.chows, values=values, pull=pull)

    # -- shared helpers ---------------------------------------------------------------------------------------

    def _value_model(self, view: PlayerView) -> ValueModel:
        key = (view.seat_wind, view.round_wind)
        model = self._values.get(key)
        if model is None:
            model = self._values[key] = ValueModel.build(self.ruleset, *key)
        return model

    def _sight(self, view: PlayerView) -> tuple[list[int], list[int]]:
        """The copies of each kind ``view`` shows and those it does not (read once per position: the plan's
        weighing and the discards' both ask)."""
        last = self._last_sight
        if last[0] is not view:
            visible = view.visible_counts()
            last = self._last_sight = (view, visible, unseen(visible))
        return last[1], last[2]

    def _threats(self, view: PlayerView) -> list[float]:
        """The chance each opponent can go out on a discard: a declared ready hand surely; otherwise the chance it
        is ready (:func:`game.ai.evaluate.threat`), scaled down where being ready is not enough to go out."""
        share = self._out_share
        return [t if t >= 1.0 or share >= 1.0 else t * share for t in threat(view, self._bluffing)]

    def _env(self, view: PlayerView) -> Env:
        return Env(view.seat_wind, view.round_wind)

    def _read(self, counts: list[int], n_melds: int, jokers: int | None = None) -> list[int]:
        """The natural ``counts`` with the jokers held read as the kinds that help most (no jokers: as they are)."""
        jokers = self._jokers if jokers is None else jokers
        return read_jokers(counts, jokers, n_melds, chows=self.chows) if jokers else counts

    def _regular(self, counts: list[int], n_melds: int, jokers: int | None = None, fewer_chows: int = 0) -> int:
        """Tiles from ready for a regular hand, jokers read in; ``fewer_chows``: chows about to be claimed,
        which count against the ruleset's most chows in a hand."""
        if self._specials_only:
            return _NO_REGULAR
        left = None if self._chows_left is None else max(0, self._chows_left - fewer_chows)
        return shanten(self._read(counts, n_melds, jokers), n_melds, chows=self.chows, max_chows=left)

    def _speed(self, counts: list[int], n_melds: int, melds: Sequence[Meld], view: PlayerView,
               budget: int = 500, jokers: int | None = None) -> int:
        """Tiles from ready under the current plan (the special hand chased, else the regular hand)."""
        return self._plan_target(counts, n_melds, melds, view, budget, jokers)[0]

    def _plan_target(self, counts: list[int], n_melds: int, melds: Sequence[Meld], view: PlayerView,
                     budget: int = 500, jokers: int | None = None) -> tuple[int, Target | None]:
        """Tiles from ready under the current plan, and the nearest form of the special hand chased (None when
        no plan is chased, or when the plan is out of reach of this hand). ``counts`` are the natural tiles;
        ``jokers`` defaults to those held."""
        hand = self._plan.hand
        if hand is None:
            return self._regular(counts, n_melds, jokers), None
        # Farther than two steps beyond the best reached so far counts as "lost", all alike.
        reach = self._plan.best + 2
        target = self._nearest(hand, counts, melds, self._env(view), self._jokers if jokers is None else jokers,
                               budget, reach)
        return (reach + 1, None) if target is None else (target.distance, target)

    def _nearest(self, hand: SpecialHand, counts: list[int], melds: Sequence[Meld], env: Env, jokers: int,
                 budget: int, reach: int | None = None) -> Target | None:
        """The nearest form of ``hand`` within ``reach`` tiles (None: however far), searched once per position and
        reach: the plan's upkeep and the discards' weighing ask for the same hand in the same turn, and a hand
        weighing claims asks within its plan's reach of the same tiles for every discard until its own turn."""
        key = (hand.id, tuple(counts), tuple(melds), env, jokers, budget)
        last = self._last_nearest.get(reach)
        if last is None or last[0] != key:
            last = self._last_nearest[reach] = (key, special_target(
                hand, counts, melds, env, budget=budget, max_distance=UNREACHABLE if reach is None else reach,
                jokers=jokers, search=self._search, batch=self._hand_batches.get(hand.id)))
        return last[1]

    def _after_discards(self, counts: list[int], n_melds: int, melds: Sequence[Meld], view: PlayerView,
                        budget: int, jokers: int | None = None,
                        fewer_chows: int = 0) -> dict[int, tuple[int, Target | None]]:
        """For each tile kind in ``counts`` (natural tiles, one to be discarded), tiles from ready under the
        current plan after discarding it, and the nearest form of the special hand chased (as _plan_target).

        A special hand is searched once for the whole hand: a tile its nearest form does not use goes at no cost,
        so only the tiles that form uses need a search of their own, and that search looks no further than the
        whole hand's distance (one more tile is the most a discard can cost)."""
        kinds = [d for d in range(NUM_KINDS) if counts[d]]
        hand = self._plan.hand
        if hand is None:
            if not self._specials_only and not (self._jokers if jokers is None else jokers):
                # No jokers to read: the analysis gives every discard's shanten in one pass (the same numbers).
                left = None if self._chows_left is None else max(0, self._chows_left - fewer_chows)
                after = shanten_after_discards(counts, n_melds, chows=self.chows, max_chows=left)
                return {d: (after[d], None) for d in kinds}
            return {d: (self._regular(minus(counts, d), n_melds, jokers, fewer_chows), None) for d in kinds}
        jokers = self._jokers if jokers is None else jokers
        reach = self._plan.best + 2
        env = self._env(view)
        whole = self._nearest(hand, counts, melds, env, jokers, budget=4 * budget)
        lost = (reach + 1, None)
        if whole is None or whole.distance > reach:
            return dict.fromkeys(kinds, lost)
        found: dict[int, tuple[int, Target | None]] = {}
        # A discard the nearest form needs, and no other as near does without, leaves it a tile farther: one target
        # for all of them (alike in every field, so weighed alike).
        farther = (whole.distance + 1, Target(hand.id, whole.distance + 1, whole.need)) if whole.distance < reach \
            else lost
        nearer = discard_targets(hand, counts, melds, env, [d for d in kinds if counts[d] <= whole.need[d]],
                                 budget=budget, max_distance=whole.distance, jokers=jokers, search=self._search,
                                 batch=self._hand_batches.get(hand.id))
        for d in kinds:
            near = nearer.get(d, whole)
            if near is None:
                found[d] = farther
            else:
                # (the whole hand's own form found again is handed back as itself: weighed once, see _score_discards)
                found[d] = (whole.distance, whole) if near == whole else (near.distance, near)
        return found

    # -- own turn ---------------------------------------------------------------------------------------------

    def _turn(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        discards = [a for a in legal if isinstance(a, Discard)]
        counts = counts_of(view.concealed)
        melds = view.me.melds
        n_melds = len(melds)
        if sum(counts) + self._jokers != 3 * (4 - n_melds) + 2:
            # A tile the analysis does not count in the hand: fall back to a plain choice.
            plain = [a for a in discards if a.tile < NUM_KINDS and not a.standing]
            return plain[0] if plain else legal[0]
        self._update_plan(view, counts, melds)
        kong = self._kong(view, legal, counts, n_melds)
        if kong is not None:
            return kong
        if not discards:
            return legal[0]
        if all(a.tile >= NUM_KINDS for a in discards):
            return discards[0]  # nothing but jokers left in hand (four sets shown): one of them goes
        options = self._score_discards(view, discards, counts, n_melds, melds, best_only=self._takes_best)
        choice = self._fold(view, options) or self._pick(options)
        if self._lookahead is not None and self._plan.hand is None:
            choice = self._looked_ahead(self._lookahead, view, options, choice)
        standing = next((a for a in discards if a.standing and a.tile == choice.action.tile), None)
        if standing is not None and choice.speed > 0 and self._regular(minus(counts, choice.action.tile),
                                                                        n_melds) > 0:
            standing = None  # rulesets that allow bluffed ready declarations offer them anyway: declare honestly
        # Computer players declare a standing hand honestly, right after becoming ready (Four Winds F-41);
        # the scatterbrain sometimes forgets.
        if standing is not None and not (self.personality.is_scatterbrain and self.rng.random() < 0.2):
            return standing
        return choice.action

    def _looked_ahead(self, lookahead: Lookahead, view: PlayerView, options: list[_Option],
                      choice: _Option) -> _Option:
        """The Master plays its close choices out (:mod:`game.ai.search`): the engine's choice and the two next
        best discards scoring within ``_SEARCH_MARGIN`` of it, once its hand is within two tiles of ready (earlier
        every discard leads to much the same hands)."""
        if choice.speed > 2:
            return choice
        close = sorted((o for o in options if o is not choice and o.score >= choice.score - _SEARCH_MARGIN),
                       key=lambda o: (-o.score, o.action.tile))[:2]
        if not close:
            return choice
        tile = lookahead.choose(view, [o.action.tile for o in close], choice.action.tile)
        return next((o for o in close if o.action.tile == tile), choice)

    def _update_plan(self, view: PlayerView, counts: list[int], melds: Sequence[Meld]) -> None:
        """Choose, keep or drop a special hand to chase (Expert adapts, Limitmaker sticks to its plan)."""
        p = self.personality
        if self._specials_only and self.specials:
            self._update_special_plan(view, counts, melds)
            return
        if not self.specials or p.value_pull <= 0:
            return
        plan = self._plan
        if plan.hand is None and not self._specials_only and not self._plans_early(view):
            return  # (before the hand's distance is worked out: most turns end here)
        regular = self._regular(counts, len(melds))
        env = self._env(view)
        best: tuple[float, SpecialHand | None, int]  # appeal, the hand, its distance
        if plan.hand is not None:
            target = self._nearest(plan.hand, counts, melds, env, self._jokers, budget=self._budget(2000))
            distance = 99 if target is None else target.distance
            if distance < plan.best:
                plan.best, plan.stalled = distance, 0
            else:
                plan.stalled += 1
            patience = 2 + round(14 * p.plan_stickiness)
            if distance >= 99 or plan.stalled > patience or distance > regular + 2 + round(4 * p.plan_stickiness):
                if not self._specials_only:  # with nothing else to go out with, a stalled hand may come back
                    plan.dropped.add(plan.hand.id)
                plan.hand, plan.best, plan.stalled = None, 99, 0
                return
            if plan.compared:
                return
            # Only half of the special hands were looked at when it set out: on the next turn the other half
            # gets its look, and a clearly better one takes over (the nearer of two Siamese Sisters, say).
            plan.compared = True
            best = (self._appeal(plan.hand, distance, regular), plan.hand, distance)
        else:
            best = (0.0, None, 99)
        slack = 3.5 * p.value_pull
        if p.strategy == "expert":
            slack = -1  # an expert sets out for a special hand only when it is clearly nearer than a regular one
        # The appeal needed falls with value pull: a limitmaker sets out for any special hand worth ~250 points
        # or more at the regular hand's distance, an expert only for a near, rich one.
        needed = 0.0 if self._specials_only and plan.hand is None else 6.0 - 4.5 * p.value_pull
        # Half of the special hands are looked at on each turn, in turn, to keep every decision short.
        for hand in self.specials[len(view.me.discards) % 2::2]:
            if hand.id in plan.dropped or hand is plan.hand or self._most_appeal[hand.id] < needed:
                continue  # (a hand whose appeal cannot reach the bar is never set out for: no search needed)
            reach = self._reach + 2 if self._specials_only else min(self._reach, int(regular + slack))
            target = special_target(hand, counts, melds, env, budget=self._budget(300), max_distance=reach,
                                    jokers=self._jokers, search=self._search)
            if target is None:
                continue
            appeal = self._appeal(hand, target.distance, regular)
            if appeal > best[0]:
                best = (appeal, hand, target.distance)
        if best[1] is not None and best[1] is not plan.hand and best[0] >= needed:
            plan.compared = plan.hand is not None
            plan.hand, plan.best, plan.stalled = best[1], best[2], 0

    def _plans_early(self, view: PlayerView) -> bool:
        """Whether it is still early enough to set out for a special hand: experts only do with a good start;
        limitmakers look all hand long."""
        return view.me.discards == () or len(view.me.discards) <= (3 if self.personality.strategy == "expert" else 12)

    def _update_special_plan(self, view: PlayerView, counts: list[int], melds: Sequence[Meld]) -> None:
        """Where only special hands go out: chase the special hand likeliest to be completed in the draws left
        (:func:`game.ai.specials.completion_chance`, a little more for a richer one), and switch only to one
        clearly likelier. Every other turn the likeliest at the last look are weighed again with half the others
        (each of those every four turns): a hand changes little from one turn to the next, and every decision
        stays short."""
        plan = self._plan
        turn = len(view.me.discards)
        current, distance = 0.0, 99
        if plan.hand is not None:
            target = self._nearest(plan.hand, counts, melds, self._env(view), self._jokers,
                                   budget=self._budget(2000))
            if target is None:
                plan.hand, plan.best, plan.stalled = None, 99, 0  # out of reach (a set shown that it cannot use)
            else:
                if target.distance < plan.best:
                    plan.best, plan.stalled = target.distance, 0
                else:
                    plan.stalled += 1
                if turn % 2:
                    return
                current = self._special_appeal(plan.hand, target, counts, view, self._sight(view)[1])
                distance = target.distance
        hands = [h for h in self.specials[(turn // 2) % 2::2] if h is not plan.hand]
        found = self._likeliest(view, counts, melds, hands, distance)
        if not found:
            return
        appeal, hand, target = found[0]
        if plan.hand is None or appeal > current * (1.3 + self.personality.plan_stickiness):
            plan.hand, plan.best, plan.stalled = hand, target.distance, 0
            current, found = appeal, found[1:]
        plan.backups = tuple((min(1.0, a / current) if current > 0 else 1.0, t.need) for a, _, t in found[:2])

    def _backup_cost(self, after: Sequence[int], tile: int) -> float:
        """What a discard of ``tile`` (leaving ``after``) costs the next likeliest special hands (a tie-break:
        of two discards alike for the hand chased, the one they want less goes)."""
        return _BACKUP * sum(w for w, need in self._plan.backups if need[tile] > after[tile])

    def _likeliest(self, view: PlayerView, counts: list[int], melds: Sequence[Meld],
                   hands: Sequence[SpecialHand], nearest: int = 99) -> list[tuple[float, SpecialHand, Target]]:
        """The special hands of ``hands`` within reach, with their appeal and nearest form, likeliest first;
        ``nearest``: the distance of the nearest special hand known (the one chased)."""
        env = self._env(view)
        live = self._sight(view)[1]
        found = []
        # A hand more than two tiles beyond the nearest found is far less likely (each tile lacking costs more
        # than half the chance): not looking for it keeps the searches short.
        reach = min(self._reach + 2, nearest + 2)
        leasts: dict[int, int] = {}
        # (the batches by identity, in the hands' order: a few dozen hands share one or two)
        for batch in dict.fromkeys(map(self._batches.get, map(_hand_id, hands))):
            if batch is None:
                continue
            # (a form lacking more than reach + 1 tiles is left out whatever it lacks: its count stops there)
            leasts.update(batch.least_with_declared(counts, melds, env, self._jokers, reach + 2) if melds
                          else batch.least_by_pattern(counts, env, self._jokers, reach + 2))
        allowed = self._allowed_forms(env)
        budget = self._budget(300)
        least_of = leasts.get
        for hand in hands:
            # Most hands are counted whole (every form the winds allow is in the batch) and lie beyond the reach:
            # their least tells it as special_target would, without asking it (a few thousand times a hand).
            # (a form the batch does not count reads as -1 here: never past the reach; most hands have one form,
            # read alone: this test is made some sixty thousand times in forty hands)
            forms = allowed[hand.id]
            least = least_of(forms[0], -1) if len(forms) == 1 else min(map(least_of, forms, repeat(-1)),
                                                                         default=UNREACHABLE)
            if least > reach + 1:
                continue
            target = special_target(hand, counts, melds, env, budget=budget, max_distance=reach,
                                    jokers=self._jokers, search=self._search, batch=self._batches.get(hand.id),
                                    leasts=leasts)
            if target is not None:
                found.append((self._special_appeal(hand, target, counts, view, live), hand, target))
                reach = min(reach, target.distance + 2)
        found.sort(key=lambda f: (-f[0], f[1].id))
        return found

    def _allowed_forms(self, env: Env) -> dict[str, tuple[int, ...]]:
        """For each special hand, the forms (by ``id``) the seat and round wind of ``env`` allow."""
        key = (env.seat_wind, env.round_wind)
        found = self._allowed.get(key)
        if found is None:
            found = self._allowed[key] = {h.id: tuple(id(f) for f in h.forms if f.when.winds_allow(*key))
                                          for h in self.specials}
        return found

    def _special_appeal(self, hand: SpecialHand, target: Target, counts: Sequence[int], view: PlayerView,
                        live: Sequence[int]) -> float:
        """How much a special hand is worth chasing where only special hands go out: its chance to be completed
        in the draws left (``live``: the unseen copies of each kind), raised a little for a richer hand (more for
        a player who pulls for value)."""
        chance = completion_chance(target, counts, self._jokers, live, max(1, view.tiles_left // 4),
                                   self._claimable[hand.id])
        return chance * (1.0 + 0.1 * self.personality.value_pull * self._special_worth(hand))

    def _pass_special(self, view: PlayerView, passes: Sequence[PassTiles]) -> PassTiles:
        """Where only special hands go out, pass on (a Charleston step) the tiles the three special hands
        likeliest to be completed want least, each weighed by its appeal; with none in reach, as a regular hand."""
        counts = counts_of(view.concealed)
        found = self._likeliest(view, counts, view.me.melds, self.specials)
        if not found:
            return self._pass(view, passes)
        wanted = [(appeal, target.need) for appeal, _, target in found[:3]]
        tiles = pass_by_keep(counts, len(passes[0].tiles), keep_values(counts, wanted))
        # The offered pass itself, not an equal one: the table finds it by identity (a dataclass comparison per
        # pass offered otherwise, a few hundred a step).
        choice = next((p for p in passes if p.tiles == tiles), None)
        return choice if choice is not None else self._pass(view, passes)

    def _appeal(self, hand: SpecialHand, distance: int, regular: int) -> float:
        """How much a special hand ``distance`` tiles away is worth chasing, beside a regular hand ``regular``
        tiles away."""
        # Buildability matters for the tiles still missing: a hand nearly there is worth it whatever its shape.
        worth = self._special_worth(hand) * self._ease[hand.id] ** min(1.0, distance / 3)
        # Prefer near, valuable hands: each tile further away cuts the appeal (a gambler minds it less).
        return worth / self._falloff ** max(0, distance - regular)

    def _budget(self, steps: int) -> int:
        """A special-hand search's budget: where only special hands go out, every hand of the table searches far
        plans all hand long, so each search gets less to stay within a decision's time."""
        return steps * 2 // 5 if self._specials_only else steps

    def _special_worth(self, hand: SpecialHand) -> float:
        """A special hand's value in doubles of a small regular hand (about 2^n × 30 points)."""
        limit = getattr(self.ruleset, "limit", None) or 1000
        points = hand.limit * limit if hand.limit else hand.points * 2 ** hand.doubles
        if not hand.total:
            points += 100
        return math.log2(max(points, 30) / 30)

    def _ways_out(self, after: list[int], view: PlayerView, live: Sequence[int] | None = None) -> list[int]:
        """The waits of the ready hand ``after`` (natural tiles) that go out under the ruleset's minimum, won from
        a discard or from the wall: a hand short of the doubles needed is ready in shape only. ``live``: only the
        waits with a copy still live are asked (and given), for a caller that counts live useful tiles: a wait
        scored goes through the judge twice, and a dead one adds nothing to the count."""
        judge = self._judges.get(view.goulash)
        if judge is None:
            assert self.ruleset is not None, "only a ruleset sets a minimum to go out"
            judge = RulesetJudge(self.ruleset)
            if view.goulash:  # its wild tiles are jokers, and it may allow no chows: as the table judges it
                judge = goulash_judge(judge, self.ruleset.play)
            self._judges[view.goulash] = judge
        me = view.me
        # A ready hand usually stays the same for turns on end (each drawn tile thrown again): its ways out are
        # asked again on each of them, and on each claim weighed meanwhile.
        key = (tuple(after), self._jokers, me.melds, me.bonus, view.seat_wind, view.round_wind, view.goulash)
        known = self._ways.get(key)
        if known is None:
            spec = HandSpec(self._held(after), me.melds, me.bonus, view.seat_wind, view.round_wind)
            known = {w: None for w in judge.waits(spec)}  # each wait's answer, once asked
            if len(self._ways) >= 256:
                self._ways.clear()
            self._ways[key] = known
        found = []
        for w, goes in known.items():
            if live is not None and not live[w]:
                continue
            if goes is None:
                goes = known[w] = self._goes_out(judge, after, w, view)
            if goes:
                found.append(w)
        return found

    def _goes_out(self, judge: Judge, after: list[int], wait: int, view: PlayerView) -> bool:
        """Whether the ready hand ``after`` (natural tiles, the jokers held beside them) goes out on ``wait``, won
        from a discard or from the wall."""
        me = view.me
        won = list(after)
        won[wait] += 1
        hand = HandSpec(self._held(won), me.melds, me.bonus, view.seat_wind, view.round_wind)
        return any(judge.mah_jongg(hand, WinContext(True, wait, how)) is not None for how in ("discard", "wall"))

    def _held(self, counts: Sequence[int]) -> tuple[int, ...]:
        """The concealed tiles of natural ``counts`` and the jokers held beside them, as the judge reads a hand."""
        return (*tiles_of(counts), *(JOKER,) * self._jokers)

    def _kong(self, view: PlayerView, legal: Sequence[Action], counts: list[int], n_melds: int) -> Action | None:
        """Declare a kong when it costs no speed: it scores more and brings a loose tile."""
        kongs = [a for a in legal if isinstance(a, DeclareKong)]
        if not kongs or self._specials_only:
            return None  # where only special hands go out, a kong adds nothing to their fixed values
        best_now = min(self._regular(minus(counts, t), n_melds) for t in range(NUM_KINDS) if counts[t])
        for action in kongs:
            t = action.tile
            after = list(counts)
            if counts[t] == 4:
                after[t] -= 4
                value = self._regular(after, n_melds + 1)
            elif any(m.kind is MeldKind.PUNG and m.exposed and m.tile == t for m in view.me.melds):
                after[t] -= 1
                value = self._regular(after, n_melds)
                if self.personality.caution > 0.7 and max(self._threats(view)) >= 1.0:
                    continue  # a promoted kong may be robbed; a careful player does not offer it to a ready hand
            else:
                continue  # a kong made with jokers: they are worth more kept free for any pung
            if value <= best_now:
                return action
        return None

    def _score_discards(self, view: PlayerView, discards: Sequence[Discard], counts: list[int], n_melds: int,
                        melds: Sequence[Meld], best_only: bool = False) -> list[_Option]:
        """Each discard weighed; ``best_only``: only those that may score best, the best among them (a discard whose
        score, its live useful tiles counted at most, stays below one scored in full is left out)."""
        p = self.personality
        visible, live = self._sight(view)
        threats = self._threats(view)
        top_threat = max(threats)
        model = self._value_model(view)
        pull = p.value_pull * (0.4 if top_threat >= 1.0 else 1.0)  # a ready opponent: hurry, forget value
        pull *= 1.0 + _MINIMUM_PULL * model.minimum
        raw = []
        speeds = self._after_discards(counts, n_melds, melds, view, budget=self._budget(500))
        under_minimum = model.minimum and self._plan.hand is None and self.ruleset is not None
        for action in discards:
            if action.standing or action.tile >= NUM_KINDS or action.tile not in speeds:
                continue
            speed, target = speeds[action.tile]
            after = minus(counts, action.tile)
            ways = None
            if under_minimum and speed <= 0:
                # Only the waits that bring the doubles needed count as its useful tiles; a ready shape with none
                # still counts as ready, a tile swap from a way out. Counted a tile from ready, it lost to hands
                # a whole set short: four experts in British Tournament washed out 48.8% of 500 hands with that,
                # 44.0% without (seeds 900 and 903, value pull 4×).
                ways = self._ways_out(after, view, live)
            raw.append((action, after, speed, target, ways))
        fastest = min(r[2] for r in raw)
        plan = self._plan.hand
        caution = p.caution * top_threat
        values = NearValues(model, counts, view, live)
        dangers = Danger(view, visible, threats) if caution > 0 else None
        # Without jokers to read, the useful tiles of the discards weighed for them come from one analysis.
        useful_after = UsefulAfter(counts, n_melds, chows=self.chows, max_chows=self._chows_left) if (
            plan is None and p.efficiency > 0 and not self._jokers) else None
        # Weighing only the best, a discard's useful tiles are first counted at most (see _most_useful) and worked
        # out only for the discards that may still come out best with them.
        bounds: dict[int, float] | None = {} if best_only and useful_after is not None else None
        bounded: list[_Bounded] = []
        options: list[_Option] = []
        shared: dict[int, float] = {}
        # (the same for every discard: read once)
        reads_jokers = bool(self._jokers) and not (self._specials_only and plan is not None)
        weighs_useful = plan is None and p.efficiency > 0
        wait_bonus = plan is None and bool(model.wait_bonus)
        # Even a careless gambler counts the tiles its special hand lacks.
        efficiency = max(p.efficiency, _PLAN_EFFICIENCY) if plan is not None else p.efficiency
        for action, after, speed, target, ways in raw:
            useful = 0.0
            if plan is not None and target is not None and speed <= fastest + 1:
                # Chasing a special hand: keep the discard that leaves most of the tiles it lacks live. Most discards
                # share a form (the whole hand's, or one a tile farther): its live tiles lacking are counted once
                # for the whole hand, each discard changing its own kind's alone (a tile the form has enough of
                # without it counts in neither hand). The weights are halves: summed exactly in any order.
                useful = shared.get(id(target), -1.0)
                if useful < 0:
                    useful = shared[id(target)] = self._plan_acceptance(counts, target, live)
                tile = action.tile
                if after[tile] < target.need[tile]:
                    claimable = self._claimable[plan.id]
                    useful += (_live_lacking(target.need[tile], after[tile], live[tile], claimable)
                               - _live_lacking(target.need[tile], counts[tile], live[tile], claimable))
            # (chasing a special hand where no regular hand goes out, the regular hand's jokers are not read: a
            # search of its own for nothing)
            read = self._read(after, n_melds) if reads_jokers else after
            at_most = False  # useful counted at most (a bound), not worked out
            if weighs_useful and speed <= fastest + 1:
                if ways is None and bounds is not None and useful_after is not None:
                    at_most = True
                    useful = bounds.get(speed, -1.0)
                    if useful < 0:
                        useful = bounds[speed] = self._most_useful(useful_after, counts, n_melds, live, speed)
                else:
                    tiles = ways if ways is not None or useful_after is None else useful_after.of(action.tile)
                    useful = self._acceptance(read, n_melds, live, speed, tiles)
            worth = values.without(action.tile) if read is after else values.of(read)
            if wait_bonus and (speed <= 1 or self._keeps_bonus_shape):
                worth += self._bonus_worth(read, n_melds, speed, model, live)
            value = worth if pull > 0 else 0.0
            risk = dangers.of(action.tile) if dangers is not None else 0.0
            # Folding: far from ready against a real threat, safety outweighs speed.
            risk_weight = 16.0 * caution * (0.5 if speed <= 0 else 1.0 + 0.25 * max(0, speed - 1))
            score = _discard_score(speed, efficiency, useful, pull, value, risk_weight, risk)
            if plan is None:
                score -= _MINIMUM_WEIGHT * model.shortfall(worth)
                if at_most:
                    bounded.append(_Bounded(len(options), read, risk_weight, worth))
            elif self._specials_only:
                score -= self._backup_cost(after, action.tile)
            else:
                score -= 1.5 * self._regular(after, n_melds)  # keep a way back to a regular hand
            options.append(_Option(action, speed, useful, value, risk, score))
        if bounded and useful_after is not None:
            options = self._best_of_bounded(options, bounded, useful_after, n_melds, live, model, pull)
        return options

    def _bonus_worth(self, read: list[int], n_melds: int, speed: int, model: ValueModel, live: Sequence[int]) -> float:
        """What a bonus wait (the classic Golden Cock's 5 Dots) adds to the value of a hand ``speed`` tiles from
        ready (read with its jokers), as the personality pulls for it (two or more away only if it keeps the bonus
        tile's shape)."""
        if speed <= 0:  # ready: a wait on the bonus tile adds its value to the hand
            return self._bonus_pull * model.wait_value(waits(read, n_melds, chows=self.chows), live)
        if speed == 1:
            return self._bonus_pull * self._bonus_reach(read, n_melds, model, live)
        # farther (asked only of a player that keeps the shape around the bonus tile)
        return self._bonus_pull * _bonus_shape(read, model, live)

    def _best_of_bounded(self, options: list[_Option], bounded: Sequence[_Bounded], useful_after: UsefulAfter,
                         n_melds: int, live: Sequence[int], model: ValueModel, pull: float) -> list[_Option]:
        """The options that may score best, the ``bounded`` ones scored with their useful tiles counted at most
        (weighing no special hand: the personality's own efficiency): those are scored in full, likeliest first,
        until the rest cannot reach the best scored; the others are left out."""
        waiting = {b.place for b in bounded}
        best = max((o.score for i, o in enumerate(options) if i not in waiting), default=-math.inf)
        left_out: set[int] = set()
        efficiency = self.personality.efficiency
        for index, after, risk_weight, worth in sorted(bounded, key=lambda b: -options[b.place].score):
            if options[index].score < best - _BOUND_MARGIN:
                left_out.add(index)
                continue
            option = options[index]
            useful = self._acceptance(after, n_melds, live, option.speed, useful_after.of(option.action.tile))
            score = _discard_score(option.speed, efficiency, useful, pull, option.value, risk_weight, option.danger)
            score -= _MINIMUM_WEIGHT * model.shortfall(worth)
            options[index] = option._replace(useful=useful, score=score)
            best = max(best, score)
        return [o for i, o in enumerate(options) if i not in left_out]

    def _most_useful(self, useful_after: UsefulAfter, counts: list[int], n_melds: int, live: Sequence[int],
                     speed: int) -> float:
        """At least the live useful tiles (:meth:`_acceptance`) of any discard from ``counts`` (a whole hand) that
        leaves it ``speed`` tiles from ready: they lie among :meth:`UsefulAfter.bound`'s, and a tile comes from as
        many players to the hand left as it would to the whole hand (it holds no more of any kind)."""
        return self._acceptance(counts, n_melds, live, speed, useful_after.bound(speed))

    def _bonus_reach(self, after: list[int], n_melds: int, model: ValueModel, live: Sequence[int]) -> float:
        """Half the value of a bonus wait (the Golden Cock's 5 Dots) this hand, a tile from ready, can still come
        to: with the bonus tile added it is a tile from complete, so one draw and one discard leave it waiting on
        that tile. Only a wait with a copy still live to win on counts."""
        found = 0.0
        for t, bonus in enumerate(model.wait_bonus):
            if bonus and live[t] and after[t] < 4:
                after[t] += 1
                if shanten(after, n_melds, chows=self.chows) <= 0:
                    found = max(found, 0.5 * bonus * min(1.0, live[t] / 2))
                after[t] -= 1
        return found

    def _acceptance(self, after: list[int], n_melds: int, live: Sequence[int], speed: int,
                    tiles: Sequence[int] | None = None) -> float:
        """Live useful tiles (``tiles``, else every tile that brings the hand nearer), each weighted by how many
        players can give it: a tile that completes a pung or the hand itself comes from any discard as well as
        the wall; one that completes a chow also from the player on the left; one that only makes a pair or a
        partial set comes from the wall alone."""
        if tiles is None:  # (where a hand may hold one chow at most, a tile that helps only a second chow is no use)
            tiles = useful_tiles(after, n_melds, chows=self.chows, max_chows=self._chows_left)
        total = 0.0
        if speed <= 0:  # every wait completes the hand: any player's discard gives it
            for t in tiles:
                copies = live[t]
                if copies:
                    total += copies * _FROM_ANY
            return total
        chows = self.chows
        for t in tiles:
            copies = live[t]
            if not copies:
                continue
            if after[t] >= 2:
                total += copies * _FROM_ANY
            elif chows and t < 27 and _completes_chow(after, t):
                total += copies * _FROM_LEFT
            else:
                total += copies * _FROM_WALL
        return total

    def _plan_acceptance(self, after: list[int], target: Target, live: Sequence[int]) -> float:
        """Live tiles the special hand being chased still lacks (in its nearest form); one that turns a pair into
        a wanted pung also comes from any player's discard, unless the hand must stay concealed."""
        hand = self._plan.hand
        claimable = hand is not None and self._claimable[hand.id]
        return sum(map(_live_lacking, target.need, after, live, repeat(claimable)))

    def _fold(self, view: PlayerView, options: list[_Option]) -> _Option | None:
        """A defensive player against a likely ready hand, itself still far from ready, gives up on winning:
        it throws the safest tile (one the threat let pass since its last discard or threw itself, an honour
        mostly in sight), speed only breaking ties. Returns None when it plays on."""
        p = self.personality
        if p.strategy != "defensive" or not options:
            return None
        seen = self._threats(view)
        fastest = min(o.speed for o in options)
        if max(seen) < FOLD_THREAT or fastest < 1:
            return None
        # Once folding, any opponent may be the one to go out (half the deal-ins while folding went to a player
        # who looked far from ready): each counts as at least as near as the threat that made it fold.
        threats = [0.0 if s == view.seat else max(t, FOLD_THREAT) for s, t in enumerate(seen)]
        dangers = Danger(view, self._sight(view)[0], threats)
        safety = {o.action.tile: dangers.of(o.action.tile) for o in options}
        return min(options, key=lambda o: (round(safety[o.action.tile], 2), -o.score, o.action.tile))

    def _pick(self, options: list[_Option]) -> _Option:
        """The best option; a mistake (chance ``0.6 × mistakes``) takes another, nearer ones more likely.

        The scatterbrain modifier sometimes grabs any other tile at all.
        """
        p = self.personality
        ordered = sorted(options, key=lambda o: (-o.score, o.action.tile))
        if len(ordered) == 1:
            return ordered[0]
        if p.is_scatterbrain and self.rng.random() < 0.1:
            return self.rng.choice(self._slips(ordered))
        if p.mistakes <= 0 or self.rng.random() >= 0.6 * p.mistakes:
            return ordered[0]
        others = self._slips(ordered)
        top = others[0].score
        weights = [math.exp((o.score - top) / 3.0) for o in others]
        return self.rng.choices(others, weights)[0]

    def _slips(self, ordered: list[_Option]) -> list[_Option]:
        """The options a slip may take instead of the best (``ordered[0]``): any other; under a minimum of doubles,
        where a hand is slow to build, only those that keep it as near."""
        others = ordered[1:]
        if not self._minimum:
            return others
        return [o for o in others if o.speed <= ordered[0].speed] or others

    # -- claims -----------------------------------------------------------------------------------------------

    def _claim(self, view: PlayerView, claims: Sequence[Claim]) -> Action:
        p = self.personality
        if p.is_scatterbrain and self.rng.random() < 0.2:
            return Pass()  # absent-minded: did not notice the discard
        counts = counts_of(view.concealed)
        melds = view.me.melds
        n_melds = len(melds)
        if sum(counts) + self._jokers != 3 * (4 - n_melds) + 1 or view.last_discard is None:
            return Pass()
        tile = view.last_discard[1]
        if self._plan.hand is not None and any(kept_concealed(f) for f in self._plan.hand.forms):
            return Pass()  # a concealed special hand: claiming would ruin it
        now = self._speed(counts, n_melds, melds, view)
        threats = self._threats(view)
        model = self._value_model(view)
        best: tuple[float, Action] = (0.0, Pass())
        if (p.strategy == "limitmaker" and not self._races_plainly()) or model.minimum:
            # Never wanted by the limitmaker (see _claim_appetite); under a minimum of doubles to go out, a chow
            # gives up No Chows, one of the doubles a hand most often makes its minimum with.
            claims = [c for c in claims if c.type != "chow"]
        for claim in claims:
            after = list(counts)
            jokers = self._jokers
            for t in claim.tiles:
                if t == JOKER:
                    jokers -= 1
                else:
                    after[t] -= 1
            kind = MeldKind(claim.type)
            new_melds = (*melds, Meld(kind, tuple(sorted((*claim.tiles, tile))), True, claimed_tile=tile))
            if claim.type == "kong":
                speed = self._speed(after, n_melds + 1, new_melds, view, jokers=jokers)
            else:
                # The distance after the claim and the best discard that follows it; the special hand's
                # searches get a smaller budget, so a claim decision stays as quick as a discard.
                speeds = self._after_discards(after, n_melds + 1, new_melds, view, budget=self._budget(150),
                                              jokers=jokers, fewer_chows=int(claim.type == "chow"))
                speed = min(speed for speed, _ in speeds.values()) if speeds else 99
            gain = now - speed
            worth = model.pung_doubles[tile] if claim.type != "chow" else 0.0
            want = self._claim_appetite(view, claim.type, gain, speed, worth, max(threats), major=is_major(tile))
            if want > best[0]:
                best = (want, claim)
        return self._claim_looked_ahead(view, claims, best[1], now)

    def _races_plainly(self) -> bool:
        """Whether the limitmaker, chasing no special hand, plays its regular hand as the others do, chows
        claimed: where a chow may be claimed from any player every hand comes together fast, and one built of
        pungs alone is seldom done in time."""
        return self._chows_from_any and self._plan.hand is None

    def _claim_looked_ahead(self, view: PlayerView, claims: Sequence[Claim], choice: Action, now: int) -> Action:
        """The Master plays its claim decisions out too (:mod:`game.ai.search`): passing against each pung or
        chow it may make, once its hand is within two tiles of ready (a kong, with its loose tile, is left to the
        weights)."""
        if self._lookahead is None or self._plan.hand is not None or now > 2:
            return choice
        if isinstance(choice, Claim) and choice.type not in ("pung", "chow"):
            return choice
        options: list[Action] = [Pass(), *(c for c in claims if c.type in ("pung", "chow"))]
        return self._lookahead.claim(view, options, choice)

    def _claim_appetite(self, view: PlayerView, kind: str, gain: int, speed: int, worth: float,
                        top_threat: float, *, major: bool = False) -> float:
        """How much the personality wants this claim; above 0 it claims. Claiming shows the hand and gives up
        concealed value, so the bar is higher for cautious players and for chows."""
        p = self.personality
        if kind == "kong":
            if gain < 0 or (gain == 0 and self._specials_only):
                return 0.0  # (where only special hands go out, a kong adds nothing to their fixed values)
            return p.claim_eagerness + 0.3 * worth - 0.2  # more points and a loose tile, if it costs no speed
        eager = p.claim_eagerness
        if p.strategy == "limitmaker" and not self._races_plainly():
            if kind == "chow":
                return 0.0  # a chow spoils every pung hand it dreams of
            if gain > 0 or (gain == 0 and major) or (self._plan.hand is None and (major or gain == 0)):
                # Pungs, of honours and terminals above all, are the stuff of its special hands: it turns its
                # pairs into pungs whenever it can, even when that brings it no nearer a regular hand. While it
                # chases a special hand it takes no set that takes it further from that hand (a pung of the
                # wind it wants as its pair would ruin it).
                return 0.05 + 0.1 * max(0, gain)
        if gain == 0 and eager >= 0.9:
            # The eager beginner takes a pung or chow that gains nothing, often breaking its only pair.
            return 0.05 if kind == "pung" or top_threat < 1.0 else 0.0
        if gain <= 0:
            return 0.0
        if top_threat >= 1.0:
            eager += 0.2  # a ready opponent: hurry (Four Winds F-41)
        if speed <= 0:
            eager += 0.45  # a claim that makes the hand ready is worth showing it for
        if kind == "chow":
            eager -= 0.1
        elif self.max_chows is not None and self.max_chows <= 1:
            eager += _PUNG_PULL  # where a hand may hold at most one chow, pungs are what every hand is built of
        if self._plan.hand is not None:
            eager += 0.35 * p.plan_stickiness  # a set for the special hand being chased
        eager += 0.15 * min(2.0, worth) * p.value_pull
        return eager - 0.5 + 0.1 * (gain - 1)


def _live_lacking(wanted: int, held: int, copies: int, claimable: bool) -> float:
    """What one kind adds to a chased form's live tiles lacking (see EnginePlayer._plan_acceptance): its live copies
    where the form wants more than ``held``, weighted as a discard to claim where it turns a pair into a pung."""
    if wanted <= held or not copies:
        return 0.0
    return copies * (_FROM_ANY if claimable and wanted >= 3 and held == 2 else 1.0)


_hand_id = attrgetter("id")
"""A special hand's ``id`` (mapped over the hands weighed at a time)."""


def _discard_score(speed: int, efficiency: float, useful: float, pull: float, value: float, risk_weight: float,
                   risk: float) -> float:
    """A discard's score before what it lacks for a minimum or a plan (see _score_discards)."""
    return -_SPEED * speed + 3.0 * efficiency * math.log1p(useful) + 4.0 * pull * value - risk_weight * risk


def _out_share(ruleset: Ruleset | None) -> float:
    """How often an opponent whose hand looks ready can go out on a discard, by the ruleset's facts: always where
    any complete hand goes out; seldom under a minimum of doubles (British: 2, where most hands that look ready
    lack the doubles or wait on the last copies of a pair); seldom where only special hands go out. The shares
    are round guesses, checked by what they bring. Under a minimum, four experts in British Tournament over the
    same 120 hands washed out 59.2% of them at 0.5, 48.3% at 0.2, 45.0% at 0.15, 45.8% at 0.1 and 51.7% at 0
    (no care at all deals in more than it wins); over 300 hands 61.0% at 0.5 and 54.7% at 0.15 (British, where
    a goulash follows a wash-out: 30.3% and 31.3%). Where only special hands go out 0.1 brought nothing over 0.3
    (60 hands of Western (Special Hands Only): 65.0% against 58.3%)."""
    if ruleset is None:
        return 1.0
    if ruleset.special_hands_required:
        return 0.3
    if ruleset.min_doubles > 0 or ruleset.min_points > 0:
        return 0.15
    return 1.0


def _completes_chow(counts: Sequence[int], tile: int) -> bool:
    """Whether ``tile`` (a suit tile) completes a run with two tiles already in ``counts``."""
    n = tile % 9
    below = n >= 2 and counts[tile - 2] > 0 and counts[tile - 1] > 0
    around = 1 <= n <= 7 and counts[tile - 1] > 0 and counts[tile + 1] > 0
    above = n <= 6 and counts[tile + 1] > 0 and counts[tile + 2] > 0
    return below or around or above


def _bonus_shape(counts: Sequence[int], model: ValueModel, live: Sequence[int]) -> float:
    """Far from ready, a share of the value of a bonus wait (the Golden Cock's 5 Dots) for the tiles kept around
    the bonus tile (3 to 7 Dots): a hand holding them is likelier to end up waiting on it. For a gambler only:
    against three greedy bots over 2 × 6,000 hands its special hands rose from 17% of its wins to 21%, its win
    share fell from 13.3% to 12.3%."""
    found = 0.0
    for t, bonus in enumerate(model.wait_bonus):
        if not bonus or not live[t]:
            continue
        if t < 27:
            first = t - t % 9
            near = range(max(first, t - 2), min(first + 8, t + 2) + 1)
        else:
            near = range(t, t + 1)
        found += _BONUS_SHAPE * bonus * sum(1 for x in near if counts[x]) / len(near)
    return found


def _ease(hand: SpecialHand) -> float:
    """How buildable a special hand is, 0–1: sets and pairs can be claimed and grow from pairs; a hand of lone
    single tiles must come from the wall alone, and a concealed one allows no claims at all."""
    form = hand.forms[0]
    singles = sum(1 for el in form.elements if el.kind == "single")
    chows = sum(1 for el in form.elements if el.kind == "chow")
    # Pungs come from any player's discard and grow from the pairs kept; a chow of one exact run or a lone
    # single comes far less often. The pung hands (Fourfold Homely Happiness, Winds and Dragons, the Adopted
    # Sons, the Siamese Sisters, Buried Treasure) are the ones a gambler actually lands.
    ease = 1.0 if singles == 0 and chows == 0 else (0.6 if singles == 0 and chows <= 1 else 0.15)
    if all(kept_concealed(f) for f in hand.forms):
        ease *= 0.6
    return ease


def kept_concealed(form: Pattern) -> bool:
    """Whether a special hand's ``form`` allows no claimed set: concealed as a whole, or each of its sets to be
    held concealed (Four Concealed Triplets, whose pair alone may come from a discard)."""
    sets = [el for el in form.elements if el.kind not in ("pair", "single")]
    return form.concealed or (bool(sets) and all(el.concealed for el in sets))


def nearest_special(hands: Sequence[SpecialHand], view: PlayerView) -> Target | None:
    """The special hand nearest to the hand in ``view`` (for hints and tests)."""
    counts = counts_of(view.concealed)
    env = Env(view.seat_wind, view.round_wind)
    found = [special_target(h, counts, view.me.melds, env) for h in hands]
    reachable = [t for t in found if t is not None]
    return min(reachable, key=lambda t: t.distance) if reachable else None
