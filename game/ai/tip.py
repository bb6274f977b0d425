"""Quick Tip: the move the Expert would make for the player, with a one-line reason a person understands.

:func:`quick_tip` asks the decision engine (:class:`game.ai.engine.EnginePlayer` with the built-in advisor
personality, an expert that never makes mistakes) for its choice, then explains it from what the player can see:
how near ready the hand is afterwards, how many ways and live tiles bring it nearer, copies of the tile already
out, the value being kept and the danger of the discard::

    discard 2 Characters: keeps three ways to get ready (9 tiles still live), and two 2 Characters are already out

Only the view and the legal actions are read, so a tip never reveals a hidden tile. The same view gives the same
tip (the advisor's random source is seeded and it makes no mistakes).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.engine import EnginePlayer
from game.ai.evaluate import ValueModel, danger, threat, wait_bonus_hands
from game.core.actions import Action, Claim, DeclareKong, Discard, MahJongg, Pass, PassTiles
from game.core.analysis import useful_tiles, waits
from game.core.melds import Meld, MeldKind
from game.core.patterns import Env
from game.core.ruleset import Ruleset
from game.core.tiles import JOKER, NUM_KINDS, WIND_LETTERS, counts_of, tile_name, tiles_name
from game.core.view import PlayerView
from game.mods.personalities import Personality

__all__ = ["ADVISOR", "Tip", "explain", "quick_tip"]

ADVISOR = Personality(
    id="advisor", name="Advisor", strategy="expert", claim_eagerness=0.7, efficiency=1.0, caution=0.55,
    value_pull=0.4, mistakes=0.0, plan_stickiness=0.25,
    description="the expert whose choices Quick Tip explains; never shown as an opponent")
"""The personality behind Quick Tip: the bundled Expert's knobs, built in so a tip needs no mod."""

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


@dataclass(frozen=True)
class Tip:
    """A suggested action (one of the legal actions) and why, in one plain sentence."""

    action: Action
    reason: str


def quick_tip(view: PlayerView, legal: Sequence[Action], ruleset: Ruleset | None = None) -> Tip:
    """The advisor's choice among ``legal`` for the position in ``view``, with a one-line reason.

    ``ruleset`` lets the advisor weigh the ruleset's scoring and special hands; without it the classic values
    are assumed. Raises ``ValueError`` when ``legal`` is empty (there is nothing to suggest).
    """
    if not legal:
        raise ValueError("expected at least one legal action to suggest, got none")
    advisor = EnginePlayer(ADVISOR, random.Random(0), ruleset)
    action = advisor.decide(view, legal)
    return Tip(action, _Explainer(view, advisor, ruleset).reason(action, legal))


def explain(view: PlayerView, legal: Sequence[Action], action: Action, ruleset: Ruleset | None = None) -> str:
    """Why ``action`` (one of ``legal``, chosen by whoever holds ``view``) makes sense, in the words of a tip:
    the advisor reads the same position, so the facts are those the chooser could see."""
    advisor = EnginePlayer(ADVISOR, random.Random(0), ruleset)
    advisor.decide(view, legal)  # the advisor's plan for the position: the words name the hand it keeps on course for
    return _Explainer(view, advisor, ruleset).reason(action, legal)


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{_number(n)} {word if n == 1 else (plural or word + 's')}"


def _tile_list(tiles: Sequence[int]) -> str:
    names = [tile_name(t) for t in tiles]
    if len(names) <= 1:
        return "".join(names)
    if len(names) > 4:
        return f"{', '.join(names[:3])} and {_plural(len(names) - 3, 'other')}"
    return f"{', '.join(names[:-1])} and {names[-1]}"


class _Explainer:
    """Works out the facts behind a choice from the view alone and puts them in words."""

    def __init__(self, view: PlayerView, advisor: EnginePlayer, ruleset: Ruleset | None) -> None:
        self.view = view
        self.advisor = advisor
        self.chows = advisor.chows
        self.counts = counts_of(view.concealed)
        self.n_melds = len(view.me.melds)
        self.visible = view.visible_counts()
        self.live = [max(0, 4 - self.visible[t]) for t in range(NUM_KINDS)]
        self.threats = threat(view)
        self.values = ValueModel.build(ruleset, view.seat_wind, view.round_wind)
        self.bonus_hands = wait_bonus_hands(ruleset, Env(view.seat_wind, view.round_wind))
        self.jokers = view.concealed.count(JOKER)

    def reason(self, action: Action, legal: Sequence[Action]) -> str:
        if isinstance(action, MahJongg):
            return "declare Mah Jongg: your hand is complete"
        if isinstance(action, Claim):
            return self._claim(action)
        if isinstance(action, Discard):
            return self._discard(action)
        if isinstance(action, DeclareKong):
            return self._kong(action)
        if isinstance(action, PassTiles):
            return (f"pass {_tile_list(sorted(action.tiles))}: the tiles that fit least with the rest of "
                    "your hand")
        if isinstance(action, Pass):
            return self._pass(legal)
        return f"{type(action).__name__.lower()}: the only sensible move here"

    # -- discards ---------------------------------------------------------------------------------------------

    def _distance(self, counts: list[int], n_melds: int, fewer_chows: int = 0, jokers: int | None = None) -> int:
        """Tiles from ready as the advisor counted them when it chose: the jokers held (or a goulash's wild tiles)
        read in, with the chows the ruleset still allows the hand (``fewer_chows``: one being claimed)."""
        return self.advisor._regular(counts, n_melds, jokers=self.jokers if jokers is None else jokers,
                                     fewer_chows=fewer_chows)

    def _fits(self, extra_melds: int = 0) -> bool:
        return sum(self.counts) + self.jokers == 3 * (4 - self.n_melds - extra_melds) + 2

    def _prospects(self, after: list[int], n_melds: int) -> str:
        """How near ready a 13-tile (or 10, 7 …) hand is and what brings it nearer."""
        distance = self._distance(after, n_melds)
        if distance == 0 and self.jokers:
            # The shanten tables know no jokers: the judge's waits, which with jokers already leave out a tile
            # that would go out short of a minimum.
            wanted = self.advisor._ways_out(after, self.view)
            if not wanted:
                return (f"leaves you ready in shape, but no tile would take you out with the {self.values.minimum} "
                        "doubles needed") if self.values.minimum else "leaves you ready"
        elif distance == 0:
            wanted = waits(after, n_melds, chows=self.chows)
            if not wanted:
                return "leaves you ready"
            if self.values.minimum and not self.advisor._ways_out(after, self.view):
                return (f"leaves you waiting on {_tile_list(wanted)}, but going out on it would fall short of the "
                        f"{self.values.minimum} doubles needed")
        if distance == 0:
            live = sum(self.live[t] for t in wanted)
            if live == 0:
                return f"leaves you ready on {_tile_list(wanted)}, but every copy is already out"
            still = _plural(live, "tile") + " still live"
            bonus = next(((t, self.bonus_hands[t][0]) for t in wanted if self.live[t] and t in self.bonus_hands),
                         None)
            if bonus is not None:
                still += f"; {tile_name(bonus[0])} brings {bonus[1].name}"
            return f"leaves you ready, waiting on {_tile_list(wanted)} ({still})"
        kinds = useful_tiles(self.advisor._read(after, n_melds, self.jokers), n_melds, chows=self.chows)
        live = sum(self.live[t] for t in kinds)
        if distance == 1:
            return f"keeps {_plural(len(kinds), 'way')} to get ready ({_plural(live, 'tile')} still live)"
        return (f"leaves you {_plural(distance, 'tile')} from ready with {_plural(len(kinds), 'kind')} of useful "
                f"tile ({live} still live)")

    def _discard(self, action: Discard) -> str:
        tile = action.tile
        verb = f"discard {tile_name(tile)}"
        if action.standing:
            verb += " and declare a standing hand"
        if tile >= NUM_KINDS or not self._fits():
            return f"{verb}: it fits least with the rest of your hand"
        after = list(self.counts)
        after[tile] -= 1
        extras = self._danger_note(tile)
        if self.advisor._specials_only:
            parts = [self._special_prospects(after)] + ([extras] if extras else [])
            return f"{verb}: {', and '.join(parts)}"
        distance = self._distance(after, self.n_melds)
        if extras and distance >= 3:
            # Folding: the hand is too far away to race a ready opponent, so safety is the whole reason.
            return f"{verb}: you are {_plural(distance, 'tile')} from ready, so play safe: {extras}"
        parts = [self._prospects(after, self.n_melds)]
        plan = self.advisor._plan.hand
        if plan is not None:
            parts.append(f"it keeps you on course for {plan.name}")
        out = self.visible[tile] - self.counts[tile]
        if not extras and out >= 2 and self.counts[tile] == 1:
            extras = f"{_number(out)} {tiles_name(tile)} are already out"
        elif not extras and plan is None:
            kept = self._value_kept(tile)
            if kept:
                extras = kept
        if extras:
            parts.append(extras)
        return f"{verb}: {', and '.join(parts)}"

    def _special_distance(self, counts: list[int], melds: Sequence[Meld], jokers: int | None = None) -> int | None:
        """Tiles from ready to the special hand the advisor chases (None: none is within reach), where only special
        hands go out."""
        if self.advisor._plan.hand is None:
            return None
        distance, target = self.advisor._plan_target(counts, len(melds), melds, self.view,
                                                     jokers=self.jokers if jokers is None else jokers)
        return None if target is None else distance

    def _special_prospects(self, after: list[int]) -> str:
        """Where only special hands go out: how near the chased one a 13-tile hand is, or that none is near."""
        plan = self.advisor._plan.hand
        distance = self._special_distance(after, self.view.me.melds)
        if plan is None or distance is None:
            return "only special hands go out here and none is within reach yet; it fits least with the others"
        if distance > 0:
            return f"it leaves you {_plural(distance, 'tile')} from {plan.name}"
        wanted = self.advisor._ways_out(after, self.view)
        live = sum(self.live[t] for t in wanted)
        return (f"it leaves you ready for {plan.name}, waiting on {_tile_list(wanted)} "
                f"({_plural(live, 'tile')} still live)")

    def _special_claim(self, head: str, action: Claim, tile: int) -> str:
        plan = self.advisor._plan.hand
        melds = (*self.view.me.melds, Meld(MeldKind(action.type), tuple(sorted((*action.tiles, tile))), True,
                                           claimed_tile=tile))
        before = self._special_distance(self.counts, self.view.me.melds)
        after, left = self._after_claim(action)
        if action.type == "kong":
            distance = self._special_distance(after, melds, left)
        else:
            found = [self._special_distance(_minus(after, d), melds, left) for d in range(NUM_KINDS) if after[d]]
            distance = min((d for d in found if d is not None), default=None)
        if plan is None or distance is None:
            return f"{head}: it brings your hand nearer a special hand"
        if distance <= 0:
            return f"{head}: it makes you ready for {plan.name}"
        if before is not None and distance < before:
            return f"{head}: it takes you nearer {plan.name} ({_plural(distance, 'tile')} to go)"
        return f"{head}: it fits {plan.name}"

    def _danger_note(self, tile: int) -> str:
        """Say so when a threatening opponent made safety part of the choice."""
        top = max(self.threats)
        if top < 0.65:
            return ""
        seat = self.threats.index(top)
        who = self._who(seat)
        if tile in self.view.passed[seat]:
            return f"{who} let it pass after their last discard, so it cannot complete their hand"
        risk = danger(tile, self.view, self.visible, self.threats)
        if risk <= 0.25 * top:
            return f"it is a safe tile against {who}"
        return f"watch {who}: this tile may still help them"

    def _who(self, seat: int) -> str:
        player = self.view.players[seat]
        name = _WIND_NAMES[WIND_LETTERS[player.seat_wind]]
        if player.standing or player.ready:
            return f"{name}'s ready hand"
        exposed = sum(1 for m in player.melds if m.exposed)
        return f"{name} ({_plural(exposed, 'exposed set')})"

    def _value_kept(self, tile: int) -> str:
        """Name a valuable pair or pung kept when a tile of less worth goes."""
        worth = self.values.pung_doubles
        best = max(range(NUM_KINDS), key=lambda t: (self.counts[t] >= 2 and t != tile, worth[t]))
        if self.counts[best] >= 2 and best != tile and worth[best] >= 1.0 and worth[tile] < worth[best]:
            held = "pung" if self.counts[best] >= 3 else "pair"
            return f"it keeps your {held} of {tiles_name(best)}, worth a double as a pung"
        return ""

    def _kong(self, action: DeclareKong) -> str:
        return (f"declare a kong of {tiles_name(action.tile)}: it costs no speed, scores more than a pung "
                "and brings a loose tile")

    # -- claims -----------------------------------------------------------------------------------------------

    def _claim(self, action: Claim) -> str:
        last = self.view.last_discard
        tile = last[1] if last is not None else None
        name = tile_name(tile) if tile is not None else "the discard"
        if action.type == "mah_jongg":
            return f"claim {name} for Mah Jongg: it completes your hand"
        verb = {"chow": "chow", "pung": "pung", "kong": "kong"}.get(action.type, action.type)
        head = f"{verb} {name}"
        if action.type == "chow" and tile is not None:
            head = f"chow {name} with {_tile_list(sorted(action.tiles))}"
        if tile is None:
            return f"{head}: it brings your hand nearer Mah Jongg"
        if self.advisor._specials_only:
            return self._special_claim(head, action, tile)
        before = self._distance(self.counts, self.n_melds) if self._fits_claim() else None
        parts = []
        if before is not None:
            distance = self._claim_distance(action)
            if distance <= 0:
                parts.append("it makes you ready")
            elif distance < before:
                parts.append(f"it takes you {_plural(before - distance, 'step')} nearer ready "
                             f"({_plural(distance, 'tile')} to go)")
            else:
                parts.append("it keeps you as near ready and scores more")
        if action.type != "chow" and self.values.pung_doubles[tile] >= 1.0:
            parts.append(f"a {action.type} of {tiles_name(tile)} is worth a double")
        if action.type == "kong":
            parts.append("you draw a loose tile")
        return f"{head}: {', and '.join(parts) or 'it brings your hand nearer Mah Jongg'}"

    def _fits_claim(self) -> bool:
        return sum(self.counts) + self.jokers == 3 * (4 - self.n_melds) + 1

    def _after_claim(self, claim: Claim) -> tuple[list[int], int]:
        """The natural tiles left in hand after ``claim``, and the jokers still held."""
        after = list(self.counts)
        for t in claim.tiles:
            if t < NUM_KINDS:
                after[t] -= 1
        return after, self.jokers - claim.tiles.count(JOKER)

    def _claim_distance(self, claim: Claim) -> int:
        """Tiles from ready after ``claim`` and the best discard that follows it (a kong's: before its loose
        tile), as the advisor counted them."""
        after, left = self._after_claim(claim)
        if claim.type == "kong":
            return self._distance(after, self.n_melds + 1, jokers=left)
        return min(self._distance(_minus(after, d), self.n_melds + 1, int(claim.type == "chow"), left)
                   for d in range(NUM_KINDS) if after[d])

    def _pass(self, legal: Sequence[Action]) -> str:
        claims = [a for a in legal if isinstance(a, Claim)]
        last = self.view.last_discard
        if not claims or last is None:
            return "pass: there is nothing here for you to claim"
        name = tile_name(last[1])
        plan = self.advisor._plan.hand
        if plan is not None and any(f.concealed for f in plan.forms):
            return f"pass: claiming {name} would spoil your concealed {plan.name}"
        if self.advisor._specials_only:
            if plan is None:
                return f"pass: only special hands go out here, and {name} does not bring one within reach"
            return f"pass: claiming {name} would not bring you nearer {plan.name}"
        if not self._fits_claim():
            return f"pass: {name} does not help your hand"
        before = self._distance(self.counts, self.n_melds)
        gains = [before - self._claim_distance(claim) for claim in claims]
        if max(gains) <= 0:
            return f"pass: claiming {name} would not bring you nearer ready and would show your hand"
        if self.view.discard_count < 8:
            return (f"pass: claiming {name} helps a little, but this early a concealed hand keeps more ways open "
                    "and gives nothing away")
        return f"pass: claiming {name} gains too little for showing your hand"


def _minus(counts: list[int], tile: int) -> list[int]:
    after = list(counts)
    after[tile] -= 1
    return after
