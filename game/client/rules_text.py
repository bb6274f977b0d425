"""A ruleset in plain words, for the Rules pages: its play options, its scoring table and its special hands.

Everything is read from the ruleset's data (a mod's ruleset gets its own pages without any code), worded for a
player rather than a modder. No pygame here: the scene lays these lines out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.play_rules import PlayRules
from game.core.ruleset import BonusSelector, PaymentScheme, Ruleset, ScoringItem, SetSelector, SpecialHand
from game.core.tiles import tile_from_code, tile_name, tiles_name
from game.i18n import N_, _, format_list, format_number, mod_text, ngettext, pgettext

WIND_WORDS = (N_("East"), N_("South"), N_("West"), N_("North"))

CLAIM_WORDS = {
    "mah_jongg_special": N_("Mah Jongg with a special hand"),
    "mah_jongg_pung": N_("Mah Jongg with a pung"),
    "mah_jongg_chow": N_("Mah Jongg with a chow"),
    "mah_jongg_pair": N_("Mah Jongg with the pair"),
    "kong": N_("a kong"),
    "pung": N_("a pung"),
    "chow": N_("a chow"),
}

PAYMENT_WORDS = {
    PaymentScheme.EAST_DOUBLE_LOSERS_SETTLE: N_("Everybody pays the winner the winner's score; East pays and receives "
    "double. The losers then settle the differences of their scores among themselves (double if one is East)."),
    PaymentScheme.WINNER_ONLY: N_("Everybody pays the winner the winner's score; East pays and receives double. The "
    "losers do not settle among themselves."),
    PaymentScheme.DISCARDER_PAYS: N_("A hand won with a discard is paid by the discarder alone, for all the losers; "
    "a self-drawn hand is paid by everybody (East double)."),
    PaymentScheme.HONGKONG: N_("No double for East. On a discard the discarder pays double and the others single; "
    "on a self-drawn win everybody pays double."),
}


@dataclass(frozen=True)
class Rule:
    """One line of the Play page: ``yes`` True/False draws a tick or a cross, None a plain bullet."""

    text: str
    yes: bool | None = None


GOULASH_WORDS = {
    (False, True): N_("Goulash: the hand after a dead hand begins with {len} passes of tiles, {passes} from each "
                      "player."),
    (False, False): N_("Goulash: the hand after a dead hand begins with {len} passes of tiles, {passes} from each "
                       "player; no chows except in a special hand."),
    (True, True): N_("Goulash: the hand after a dead hand begins with {len} passes of tiles, {passes} from each "
                     "player; the four {tiles_name} are wild in it, standing in pungs and kongs."),
    (True, False): N_("Goulash: the hand after a dead hand begins with {len} passes of tiles, {passes} from each "
                      "player; the four {tiles_name} are wild in it, standing in pungs and kongs; no chows except in "
                      "a special hand."),
}
"""The goulash in one sentence, by (a kind is wild, chows are allowed)."""


def _tiles_sentence(play: PlayRules) -> str:
    """The tiles of the game in one sentence: the suits and honours, and the flowers and jokers if any."""
    if play.jokers and play.flowers:
        words = ngettext("{tile_count} tiles: three suits (Bamboo, Characters, Dots) numbered 1 to 9 and the winds "
                         "and dragons, four of each, plus the four Flowers and four Seasons, plus {jokers} joker.",
                         "{tile_count} tiles: three suits (Bamboo, Characters, Dots) numbered 1 to 9 and the winds "
                         "and dragons, four of each, plus the four Flowers and four Seasons, plus {jokers} jokers.",
                         play.jokers)
    elif play.jokers:
        words = ngettext("{tile_count} tiles: three suits (Bamboo, Characters, Dots) numbered 1 to 9 and the winds "
                         "and dragons, four of each, plus {jokers} joker.",
                         "{tile_count} tiles: three suits (Bamboo, Characters, Dots) numbered 1 to 9 and the winds "
                         "and dragons, four of each, plus {jokers} jokers.", play.jokers)
    elif play.flowers:
        words = _("{tile_count} tiles: three suits (Bamboo, Characters, Dots) numbered 1 to 9 and the winds and "
                  "dragons, four of each, plus the four Flowers and four Seasons.")
    else:
        words = _("{tile_count} tiles: three suits (Bamboo, Characters, Dots) numbered 1 to 9 and the winds and "
                  "dragons, four of each.")
    return words.format(tile_count=play.tile_count, jokers=play.jokers)


def play_sections(play: PlayRules) -> list[tuple[str, list[Rule]]]:
    """The play options, in the order a hand unfolds: tiles and wall, claims, kongs, special moments, the game."""
    tiles = [Rule(_tiles_sentence(play)),
             Rule(_('East throws {dice_for_wall} dice to choose where the wall of '
                    '{wall_stacks_per_side} stacks a side is broken.').format(
                            dice_for_wall=play.dice_for_wall, wall_stacks_per_side=play.wall_stacks_per_side)),
             Rule(_("Loose tiles (replacements for kongs, flowers and seasons) come from the end of the live wall.")
                  if play.replacements_from_wall_end else
                  (_("The {kong_box_stacks} stacks beside the break are the kong box, where loose tiles "
                     "(replacements for kongs, flowers and seasons) come from, kept at that size as it is used.")
                   if play.kong_box_moves else
                   _("The {kong_box_stacks} stacks beside the break are the kong box, where loose tiles "
                     "(replacements for kongs, flowers and seasons) come from.")).format(
                          kong_box_stacks=play.kong_box_stacks)),
             Rule(_("East is dealt 14 tiles and discards first.") if play.east_dealt_fourteen else
                  _("Everybody is dealt 13 tiles; East takes the first tile from the wall."))]
    if play.flowers:
        tiles.append(Rule(_("Flowers and Seasons are laid out as soon as they come and replaced by loose tiles.")))
    claims = [Rule(_("Chows (three in a row of one suit) are allowed."), play.chows_allowed)]
    if play.chows_allowed:
        if play.chow_only_for_mah_jongg:
            claims.append(Rule(_("A discard may be claimed for a chow only to go Mah Jongg.")))
        else:
            claims.append(Rule(_("A discard may be claimed for a chow only from the player on your left, or "
                                 "from anybody when it makes you Mah Jongg.") if play.chow_from_any_for_mah_jongg
                               else _("A discard may be claimed for a chow only from the player on your left.")))
        if play.max_chows is not None:
            claims.append(Rule(ngettext("At most {max_chows} chow in a hand.", "At most {max_chows} chows in a hand.",
                                        play.max_chows).format(max_chows=play.max_chows)))
    claims.append(Rule(_("Pungs and kongs may be claimed from any player.")))
    claims.append(Rule(_("A discard may be claimed for the pair that completes a Mah Jongg hand."),
                       play.pair_claim_for_mah_jongg))
    # A ranking, not a list: each language's "then" stands between the claims.
    order = _(", then ").join(_(CLAIM_WORDS[kind]) if kind in CLAIM_WORDS else kind for kind in play.precedence)
    claims.append(Rule(_('When several players want the same discard: {order}. Ties go to the '
                         'player next in turn after the discarder.').format(order=order)))
    last = {"any": _("may be claimed like any other"), "mah_jongg": _("may be claimed only to go Mah Jongg"),
            "none": _("may not be claimed")}[play.claim_last_discard]
    claims.append(Rule(_('The last discard before the kong box {last}.').format(last=last)))
    kongs = [
        Rule(_("Kongs in the dealt hand are declared before play starts.") if play.initial_kongs_declared else
             _("Kongs in the dealt hand are declared on the player's first turn."), None),
        Rule(_("A concealed kong may be kept back and declared on any later turn.") if play.concealed_kong_any_time
             else _("A concealed kong must be declared when its fourth tile is drawn.")),
        Rule(_("An exposed pung may be made a kong with a drawn tile, at once or on a later turn.")
             if play.promote_kong_any_time else _("An exposed pung may be made a kong only with the tile just drawn.")),
        Rule(_("Robbing the kong: the tile added to an exposed pung may be taken to go Mah Jongg."), play.rob_kong),
        Rule(_("Every kong is followed by a loose tile, so a kong adds a fifteenth tile to the hand.")),
    ]
    moments = [
        Rule(_("Original hand: East going Mah Jongg with the dealt tiles and the first tile scores extra."),
             play.original_hand),
        Rule(_("Standing hand: right after your first discard you may declare that your hand waits for one tile; "
             "it may not change again and scores extra when it wins."), play.standing_hand),
        Rule(_("Dead hand: when the live wall runs out and nobody has gone Mah Jongg, nobody scores.")),
    ]
    if play.goulash:
        passes = sum(count for _direction, count in play.goulash)
        wild = tiles_name(tile_from_code(play.goulash_wild)) if play.goulash_wild else ""
        moments.append(Rule(_(GOULASH_WORDS[(bool(wild), play.goulash_chows)]).format(
                len=len(play.goulash), passes=passes, tiles_name=wild)))
    winds = format_list((_(wind) for wind in WIND_WORDS[:play.rounds]), "plain")
    game = [
        Rule(_("East keeps the deal after winning.") if play.east_keeps_deal_on_win else
             _("The deal passes to the right after every win, East's too.")),
        Rule(_("After a dead hand East stays East.") if play.east_keeps_deal_on_draw else
             _("After a dead hand the deal passes to the right.")),
        Rule(_("When another player wins, the deal passes to the player on East's right.")),
        Rule(ngettext("When the deal comes back to the first East the wind of the round changes; the game is "
                      "{rounds} round ({winds}).",
                      "When the deal comes back to the first East the wind of the round changes; the game is "
                      "{rounds} rounds ({winds}).", play.rounds).format(rounds=play.rounds, winds=winds)),
        Rule(ngettext("Everybody starts with {start_score} point.", "Everybody starts with {start_score} points.",
                      play.start_score).format(start_score=format_number(play.start_score))),
    ]
    if play.players == 3:
        game.insert(0, Rule(_("Three players: the seat opposite you is empty (the Dummy). Nobody is dealt there, it "
                            "is never East and play passes over it; the player on its right may chow the discards "
                            "of the player on its left, and its wall is broken for it by the player on its left.")))
    return [(_("The tiles and the wall"), tiles), (_("Claiming a discard"), claims), (_("Kongs"), kongs),
            (_("Special moments"), moments), (_("East and the game"), game)]


ROUNDING_WORDS = {
    (True, True): N_("Scores are rounded up to a multiple of {unit} before doubling."),
    (True, False): N_("Scores are rounded up to a multiple of {unit} after doubling."),
    (False, True): N_("Scores are rounded to the nearest multiple of {unit} before doubling."),
    (False, False): N_("Scores are rounded to the nearest multiple of {unit} after doubling."),
}
"""The ruleset's rounding in words, by (rounded up, before the doubles)."""
SPECIALS_ONLY = N_("Only a special hand goes out: a regular hand of four sets and a pair does not win.")


def settlement_lines(ruleset: Ruleset) -> list[str]:
    """How hand scores become payments, and the limit and rounding that apply first."""
    lines = [_(PAYMENT_WORDS.get(ruleset.payment, str(ruleset.payment)))]
    lines.append(_("A hand's score is capped at {limit} points (the limit).").format(
            limit=format_number(ruleset.limit)) if ruleset.limit else
                 _("There is no limit: a hand scores what it is worth."))
    rounding = ruleset.rounding
    if rounding.stage != "none" and rounding.unit > 1:
        lines.append(_(ROUNDING_WORDS[(rounding.mode == "up", rounding.stage == "before_doubles")]).format(
                unit=format_number(rounding.unit)))
    lines.append(_("Losers also score their concealed pungs and kongs.") if ruleset.losers_score_concealed else
                 _("Losers score only their declared sets and their flowers and seasons."))
    if ruleset.special_hands_required:
        lines.append(_('{SPECIALS_ONLY} Each pays its own fixed value.').format(SPECIALS_ONLY=SPECIALS_ONLY))
    if ruleset.min_doubles:
        ignored = ruleset.min_doubles_ignored
        count = ruleset.min_doubles
        lines.append(ngettext("Going out needs at least {count} double (not counting {items}), or a limit hand.",
                              "Going out needs at least {count} doubles (not counting {items}), or a limit hand.",
                              count).format(count=count, items=format_list(mod_text(i, context="scoring")
                                                                           for i in ignored)) if ignored else
                     ngettext("Going out needs at least {count} double, or a limit hand.",
                              "Going out needs at least {count} doubles, or a limit hand.", count).format(count=count))
    if ruleset.penalties.cannon:
        shown = "; ".join(mod_text(rule.name) for rule in ruleset.penalties.cannon)
        lines.append(_('Letting off a cannon: whoever discards the tile that goes out a '
                       'player who has shown one of these pays for everybody, and the losers '
                       'settle nothing ({shown}).').format(shown=shown))
    return lines


def scoring_sections(ruleset: Ruleset) -> list[tuple[str, list[ScoringItem]]]:
    """The scoring table by kind: going Mah Jongg, sets and pairs, flowers and seasons, whole-hand doubles."""
    sections: dict[str, list[ScoringItem]] = {"Going Mah Jongg": [], "Sets and pairs": [],
                                              "Flowers and Seasons": [], "The whole hand": []}
    for item in ruleset.scoring:
        if isinstance(item.for_each, SetSelector):
            sections["Sets and pairs"].append(item)
        elif isinstance(item.for_each, BonusSelector):
            sections["Flowers and Seasons"].append(item)
        elif item.mah_jongg_only:
            sections["Going Mah Jongg"].append(item)
        else:
            sections["The whole hand"].append(item)
    return [(title, items) for title, items in sections.items() if items]


def who_scores(item: ScoringItem) -> str:
    if not item.allowed:
        return _("not counted")
    return _("winner only") if item.mah_jongg_only else _("every player")


def special_value(special: SpecialHand, ruleset: Ruleset) -> str:
    """``6,000 points``, ``+300 points``, ``3 doubles``, ``limit`` …: what the hand is worth, in a few words."""
    if special.limit is not None:
        if ruleset.limit:
            worth = int(special.limit * ruleset.limit)
            value = ngettext("{points} point", "{points} points", worth).format(points=format_number(worth))
        else:
            value = pgettext("score", "limit") if special.limit == 1 else _('{limit} × limit').format(
                    limit=format_number(special.limit, None if special.limit % 1 else 0))
        return value if special.total else f"+{value}"
    parts = []
    if special.points:
        parts.append(ngettext("{points} point", "{points} points", special.points).format(
            points=format_number(special.points)))
    if special.doubles:
        parts.append(ngettext("{doubles} double", "{doubles} doubles", special.doubles).format(
            doubles=special.doubles))
    value = format_list(parts) or _("no value")
    return value if special.total else f"+{value}"


def special_notes(special: SpecialHand) -> list[str]:
    """Short facts under a special hand's name: concealed only, added to the regular score, other names."""
    notes = []
    if any(form.concealed for form in special.forms) and all(form.concealed for form in special.forms if
                                                              form.has_shape):
        notes.append(_("concealed only"))
    if not special.total:
        notes.append(_("added to the hand's own score"))
    if special.aliases:
        notes.append(_("also called {names}").format(names=format_list((mod_text(alias) for alias in special.aliases),
                                                                      "or")))
    if not special.allowed:
        notes.append(_("switched off in this ruleset"))
    return notes


WON_WITH = {
    "wall": N_("{seat}, won with {tile} drawn from the wall"),
    "discard": N_("{seat}, won with {tile} claimed from a discard"),
    "loose_tile": N_("{seat}, won with {tile} as a loose tile"),
    "robbed_kong": N_("{seat}, won with {tile} robbed from a kong"),
    "first_discard": N_("{seat}, won with {tile} claimed from East's first discard"),
}
"""How an example hand was won, by the way it went out (East's first discard before the others)."""
WON_WITH_TILE = N_("{seat}, won with {tile}")


def win_words(example: Any) -> str:
    """How an example hand was won, in words: ``East, won with 8 Bamboo drawn from the wall``."""
    context = example.context
    seat = _(WIND_WORDS[example.hand.seat_wind])
    tile = tile_name(context.winning_tile) if context.winning_tile is not None else _("the last tile")
    how = "first_discard" if context.first_discard else context.won_by
    words = _(WON_WITH.get(how, WON_WITH_TILE)).format(seat=seat, tile=tile)
    extra = []
    if context.original_hand:
        extra.append(_("original hand"))
    if context.standing_hand:
        extra.append(_("standing hand"))
    if context.last_wall_tile:
        extra.append(_("last tile of the wall"))
    return _("{how}; {extra}").format(how=words, extra=format_list(extra, "plain")) if extra else words
