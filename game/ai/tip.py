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

from game.ai.engine import EnginePlayer, kept_concealed
from game.ai.evaluate import ValueModel, danger, threat, wait_bonus_hands
from game.core.actions import Action, Claim, DeclareKong, Discard, MahJongg, Pass, PassTiles
from game.core.analysis import useful_tiles, waits
from game.core.melds import Meld, MeldKind
from game.core.patterns import Env
from game.core.ruleset import Ruleset
from game.core.tiles import JOKER, NUM_KINDS, WIND_LETTERS, counts_of, minus, tile_name, tiles_name
from game.core.view import PlayerView, unseen
from game.i18n import N_, _, mod_text, ngettext, pgettext, pgettext_noop
from game.mods.personalities import Personality

__all__ = ["ADVISOR", "Tip", "explain", "quick_tip"]

ADVISOR = Personality(
    id="advisor", name="Advisor", strategy="expert", claim_eagerness=0.7, efficiency=1.0, caution=0.55,
    value_pull=0.4, mistakes=0.0, plan_stickiness=0.25,
    description="the expert whose choices Quick Tip explains; never shown as an opponent")
"""The personality behind Quick Tip: the bundled Expert's knobs, built in so a tip needs no mod."""

# Small counts read as words ("three ways"); each language says how its own counts read (a digit is fine).
_NUMBERS = (pgettext_noop("count", "no"), pgettext_noop("count", "one"), pgettext_noop("count", "two"),
            pgettext_noop("count", "three"), pgettext_noop("count", "four"), pgettext_noop("count", "five"),
            pgettext_noop("count", "six"), pgettext_noop("count", "seven"), pgettext_noop("count", "eight"),
            pgettext_noop("count", "nine"), pgettext_noop("count", "ten"), pgettext_noop("count", "eleven"),
            pgettext_noop("count", "twelve"))
_WIND_NAMES = {"E": N_("East"), "S": N_("South"), "W": N_("West"), "N": N_("North")}
_CLAIM_HEADS = {"chow": N_("chow {tile}"), "pung": N_("pung {tile}"), "kong": N_("kong {tile}")}
_WORTH_A_DOUBLE = {"pung": N_("a pung of {tiles} is worth a double"), "kong": N_("a kong of {tiles} is worth a double")}


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
    return pgettext("count", _NUMBERS[n]) if 0 <= n < len(_NUMBERS) else str(n)


def _tiles(n: int) -> str:
    return ngettext("{n} tile", "{n} tiles", n).format(n=_number(n))


def _live(n: int) -> str:
    return ngettext("{n} tile still live", "{n} tiles still live", n).format(n=_number(n))


def _facts(parts: Sequence[str]) -> str:
    """Several reasons in one sentence ("…, and …")."""
    return _(", and ").join(parts)


def _said(move: str, why: str) -> str:
    """A move and its reason: "discard 5 Dots: keeps two ways to get ready"."""
    return _("{move}: {why}").format(move=move, why=why)


def _tile_list(tiles: Sequence[int]) -> str:
    return _name_list([tile_name(t) for t in tiles])


def _name_list(names: Sequence[str]) -> str:
    """Names in one phrase ("A, B and C"; past four, "A, B, C and 2 others")."""
    if len(names) <= 1:
        return "".join(names)
    if len(names) > 4:
        others = ngettext("{n} other", "{n} others", len(names) - 3).format(n=_number(len(names) - 3))
        return _("{first} and {last}").format(first=_(", ").join(names[:3]), last=others)
    return _("{first} and {last}").format(first=_(", ").join(names[:-1]), last=names[-1])


class _Explainer:
    """Works out the facts behind a choice from the view alone and puts them in words."""

    def __init__(self, view: PlayerView, advisor: EnginePlayer, ruleset: Ruleset | None) -> None:
        self.view = view
        self.advisor = advisor
        self.chows = advisor.chows
        self.counts = counts_of(view.concealed)
        self.n_melds = len(view.me.melds)
        self.visible = view.visible_counts()
        self.live = unseen(self.visible)
        self.threats = threat(view, advisor._bluffing)  # as the advisor reads a bluffable declaration
        self.values = ValueModel.build(ruleset, view.seat_wind, view.round_wind)
        self.bonus_hands = wait_bonus_hands(ruleset, Env(view.seat_wind, view.round_wind))
        self.jokers = view.concealed.count(JOKER)

    def reason(self, action: Action, legal: Sequence[Action]) -> str:
        if isinstance(action, MahJongg):
            return _said(_("declare Mah Jongg"), _("your hand is complete"))
        if isinstance(action, Claim):
            return self._claim(action)
        if isinstance(action, Discard):
            return self._discard(action)
        if isinstance(action, DeclareKong):
            return self._kong(action)
        if isinstance(action, PassTiles):
            return self._pass_on(action)
        if isinstance(action, Pass):
            return self._pass(legal)
        return _("make the only sensible move here")

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
                return self._short_of(None) if self.values.minimum else _("leaves you ready")
        elif distance == 0:
            wanted = waits(after, n_melds, chows=self.chows)
            if not wanted:
                return _("leaves you ready")
            if self.values.minimum and not self.advisor._ways_out(after, self.view):
                return self._short_of(wanted)
        if distance == 0:
            live = sum(self.live[t] for t in wanted)
            if live == 0:
                return _("leaves you ready on {tiles}, but every copy is already out").format(tiles=_tile_list(wanted))
            still = _live(live)
            bonus = next(((t, self.bonus_hands[t][0]) for t in wanted if self.live[t] and t in self.bonus_hands),
                         None)
            if bonus is not None:
                still = _("{live}; {tile} brings {hand}").format(live=still, tile=tile_name(bonus[0]),
                                                                 hand=mod_text(bonus[1].name))
            return _("leaves you ready, waiting on {tiles} ({live})").format(tiles=_tile_list(wanted), live=still)
        kinds = useful_tiles(self.advisor._read(after, n_melds, self.jokers), n_melds, chows=self.chows)
        live = sum(self.live[t] for t in kinds)
        if distance == 1:
            ways = ngettext("keeps {n} way to get ready", "keeps {n} ways to get ready", len(kinds))
            return _("{prospect} ({live})").format(prospect=ways.format(n=_number(len(kinds))), live=_live(live))
        useful = ngettext("{n} kind of useful tile", "{n} kinds of useful tile", len(kinds)).format(
            n=_number(len(kinds)))
        return _("leaves you {tiles} from ready with {useful} ({live} still live)").format(
            tiles=_tiles(distance), useful=useful, live=live)

    def _short_of(self, wanted: Sequence[int] | None) -> str:
        """Ready, but no way out reaches the ruleset's minimum doubles."""
        n = self.values.minimum
        if wanted is None:
            return ngettext("leaves you ready in shape, but no tile would take you out with the {n} double needed",
                            "leaves you ready in shape, but no tile would take you out with the {n} doubles needed",
                            n).format(n=n)
        return ngettext("leaves you waiting on {tiles}, but going out on it would fall short of the {n} double needed",
                        "leaves you waiting on {tiles}, but going out on it would fall short of the {n} doubles "
                        "needed", n).format(tiles=_tile_list(wanted), n=n)

    def _discard(self, action: Discard) -> str:
        tile = action.tile
        verb = (_("discard {tile} and declare a standing hand") if action.standing else _("discard {tile}")).format(
            tile=tile_name(tile))
        if tile >= NUM_KINDS or not self._fits():
            return _said(verb, _("it fits least with the rest of your hand"))
        after = list(self.counts)
        after[tile] -= 1
        extras = self._danger_note(tile)
        if self.advisor._specials_only:
            parts = [self._special_prospects(after)] + ([extras] if extras else [])
            return _said(verb, _facts(parts))
        distance = self._distance(after, self.n_melds)
        if extras and distance >= 3:
            # Folding: the hand is too far away to race a ready opponent, so safety is the whole reason.
            return _said(verb, _("you are {tiles} from ready, so play safe: {note}").format(tiles=_tiles(distance),
                                                                                            note=extras))
        parts = [self._prospects(after, self.n_melds)]
        plan = self.advisor._plan.hand
        if plan is not None:
            parts.append(_("it keeps you on course for {hand}").format(hand=mod_text(plan.name)))
        out = self.visible[tile] - self.counts[tile]
        if not extras and out >= 2 and self.counts[tile] == 1:
            extras = ngettext("{n} {tiles} is already out", "{n} {tiles} are already out", out).format(
                n=_number(out), tiles=tiles_name(tile))
        elif not extras and plan is None:
            kept = self._value_kept(tile)
            if kept:
                extras = kept
        if extras:
            parts.append(extras)
        return _said(verb, _facts(parts))

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
            return _("only special hands go out here and none is within reach yet; it fits least with the others")
        if distance > 0:
            return _("it leaves you {tiles} from {hand}").format(tiles=_tiles(distance), hand=mod_text(plan.name))
        wanted = self.advisor._ways_out(after, self.view)
        live = sum(self.live[t] for t in wanted)
        return _("it leaves you ready for {hand}, waiting on {tiles} ({live})").format(
            hand=mod_text(plan.name), tiles=_tile_list(wanted), live=_live(live))

    def _special_claim(self, head: str, action: Claim, tile: int) -> str:
        plan = self.advisor._plan.hand
        melds = (*self.view.me.melds, Meld(MeldKind(action.type), tuple(sorted((*action.tiles, tile))), True,
                                           claimed_tile=tile))
        before = self._special_distance(self.counts, self.view.me.melds)
        after, left = self._after_claim(action)
        if action.type == "kong":
            distance = self._special_distance(after, melds, left)
        else:
            found = [self._special_distance(minus(after, d), melds, left) for d in range(NUM_KINDS) if after[d]]
            distance = min((d for d in found if d is not None), default=None)
        if plan is None or distance is None:
            return _said(head, _("it brings your hand nearer a special hand"))
        hand = mod_text(plan.name)
        if distance <= 0:
            return _said(head, _("it makes you ready for {hand}").format(hand=hand))
        if before is not None and distance < before:
            return _said(head, _("it takes you nearer {hand} ({tiles} to go)").format(hand=hand,
                                                                                     tiles=_tiles(distance)))
        return _said(head, _("it fits {hand}").format(hand=hand))

    def _danger_note(self, tile: int) -> str:
        """Say so when a threatening opponent made safety part of the choice."""
        top = max(self.threats)
        if top < 0.65:
            return ""
        seat = self.threats.index(top)
        who = self._who(seat)
        if tile in self.view.passed[seat]:
            return _("{who} let it pass after their last discard, so it cannot complete their hand").format(who=who)
        risk = danger(tile, self.view, self.visible, self.threats)
        if risk <= 0.25 * top:
            return _("it is a safe tile against {who}").format(who=who)
        return _("watch {who}: this tile may still help them").format(who=who)

    def _who(self, seat: int) -> str:
        player = self.view.players[seat]
        name = _(_WIND_NAMES[WIND_LETTERS[player.seat_wind]])
        if player.standing or player.ready:
            return _("{wind}'s ready hand").format(wind=name)
        exposed = sum(1 for m in player.melds if m.exposed)
        return ngettext("{wind} ({n} exposed set)", "{wind} ({n} exposed sets)", exposed).format(
            wind=name, n=_number(exposed))

    def _value_kept(self, tile: int) -> str:
        """Name a valuable pair or pung kept when a tile of less worth goes."""
        worth = self.values.pung_doubles
        best = max(range(NUM_KINDS), key=lambda t: (self.counts[t] >= 2 and t != tile, worth[t]))
        if self.counts[best] >= 2 and best != tile and worth[best] >= 1.0 and worth[tile] < worth[best]:
            kept = (_("it keeps your pung of {tiles}, worth a double as a pung") if self.counts[best] >= 3
                    else _("it keeps your pair of {tiles}, worth a double as a pung"))
            return kept.format(tiles=tiles_name(best))
        return ""

    def _kong(self, action: DeclareKong) -> str:
        return _said(_("declare a kong of {tiles}").format(tiles=tiles_name(action.tile)),
                     _("it costs no speed, scores more than a pung and brings a loose tile"))

    # -- the Charleston and the goulash -----------------------------------------------------------------------

    def _pass_on(self, action: PassTiles) -> str:
        verb = _("pass {tiles}").format(tiles=_tile_list(sorted(action.tiles)))
        if self.advisor._specials_only:
            # As the advisor chose (EnginePlayer._pass_special): the tiles the likeliest special hands want least.
            found = self.advisor._likeliest(self.view, self.counts, self.view.me.melds, self.advisor.specials)
            if found:
                hands = _name_list([mod_text(hand.name) for _appeal, hand, _target in found[:3]])
                return _said(verb, _("the likeliest special hands need them least ({hands})").format(hands=hands))
        return _said(verb, _("the tiles that fit least with the rest of your hand"))

    # -- claims -----------------------------------------------------------------------------------------------

    def _claim(self, action: Claim) -> str:
        last = self.view.last_discard
        tile = last[1] if last is not None else None
        name = tile_name(tile) if tile is not None else _("the discard")
        if action.type == "mah_jongg":
            return _said(_("claim {tile} for Mah Jongg").format(tile=name), _("it completes your hand"))
        head = _(_CLAIM_HEADS.get(action.type, _CLAIM_HEADS["pung"])).format(tile=name)
        if action.type == "chow" and tile is not None:
            head = _("chow {tile} with {tiles}").format(tile=name, tiles=_tile_list(sorted(action.tiles)))
        if tile is None:
            return _said(head, _("it brings your hand nearer Mah Jongg"))
        if self.advisor._specials_only:
            return self._special_claim(head, action, tile)
        before = self._distance(self.counts, self.n_melds) if self._fits_claim() else None
        parts = []
        if before is not None:
            distance = self._claim_distance(action)
            if distance <= 0:
                parts.append(_("it makes you ready"))
            elif distance < before:
                steps = ngettext("it takes you {n} step nearer ready", "it takes you {n} steps nearer ready",
                                 before - distance).format(n=_number(before - distance))
                parts.append(_("{steps} ({tiles} to go)").format(steps=steps, tiles=_tiles(distance)))
            else:
                parts.append(_("it keeps you as near ready and scores more"))
        if action.type in _WORTH_A_DOUBLE and self.values.pung_doubles[tile] >= 1.0:
            parts.append(_(_WORTH_A_DOUBLE[action.type]).format(tiles=tiles_name(tile)))
        if action.type == "kong":
            parts.append(_("you draw a loose tile"))
        return _said(head, _facts(parts) or _("it brings your hand nearer Mah Jongg"))

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
        return min(self._distance(minus(after, d), self.n_melds + 1, int(claim.type == "chow"), left)
                   for d in range(NUM_KINDS) if after[d])

    def _pass(self, legal: Sequence[Action]) -> str:
        claims = [a for a in legal if isinstance(a, Claim)]
        last = self.view.last_discard
        verb = pgettext("tip", "pass")
        if not claims or last is None:
            return _said(verb, _("there is nothing here for you to claim"))
        name = tile_name(last[1])
        plan = self.advisor._plan.hand
        if plan is not None and any(kept_concealed(f) for f in plan.forms):
            return _said(verb, _("claiming {tile} would spoil your concealed {hand}").format(
                tile=name, hand=mod_text(plan.name)))
        if self.advisor._specials_only:
            if plan is None:
                return _said(verb, _("only special hands go out here, and {tile} does not bring one within "
                                     "reach").format(tile=name))
            return _said(verb, _("claiming {tile} would not bring you nearer {hand}").format(
                tile=name, hand=mod_text(plan.name)))
        if not self._fits_claim():
            return _said(verb, _("{tile} does not help your hand").format(tile=name))
        before = self._distance(self.counts, self.n_melds)
        gains = [before - self._claim_distance(claim) for claim in claims]
        if max(gains) <= 0:
            why = _("claiming {tile} would not bring you nearer ready and would show your hand")
        elif self.view.discard_count < 8:
            why = _("claiming {tile} helps a little, but this early a concealed hand keeps more ways open and "
                    "gives nothing away")
        else:
            why = _("claiming {tile} gains too little for showing your hand")
        return _said(verb, why.format(tile=name))
