"""Status-bar messages for what happened, in the classic program's words (classic-program §1.4, M1–M21)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.client.danger import DangerCalled
from game.core import events as ev
from game.core.actions import CLAIM_NAMES, Action, Claim, DeclareKong, Discard, MahJongg, PassTiles
from game.core.melds import MeldKind
from game.core.tiles import JOKER, is_joker, suit_name, tile_name, tiles_name
from game.i18n import N_, SOURCE_LANGUAGE, _, format_list, language, mod_text, ngettext

WIND_NAMES = (N_("East Wind"), N_("South Wind"), N_("West Wind"), N_("North Wind"))
WIND_SHORT = (N_("East"), N_("South"), N_("West"), N_("North"))
WIND_LETTERS = ("E", "S", "W", "N")
NO_SETTLEMENT = N_("No settlement of scores because all hands have been visible.")
"""M13: the end of a hand during which Show All Hands was on."""
PRACTICE_HAND = N_("A deal played again: scored, not counted in the game. OK deals the game's next hand.")
"""The end of a deal played again (Replay this deal, S-07)."""


PASS_WORDS = {"right": N_("to the right"), "across": N_("across the table"), "left": N_("to the left"),
              "east_south": N_("between East and South, and West and North"),
              "east_north": N_("between East and North, and South and West")}


def is_you(name: str) -> bool:
    """The human seat under its default name, "You" in the language of the moment or as an earlier one saved it."""
    return name in ("You", _("You"))


def sentence(message: str) -> str:
    """A message of the program's lower-case style (``could not save …``) as the status bar shows a sentence."""
    return message[:1].upper() + message[1:]


def by(name: str, you: str, them: str, **fields: object) -> str:
    """A whole sentence about a move, ``you`` for a player called You and ``them`` (with ``{name}``) for anybody
    else: both marked with :func:`N_`, so each language words and orders each sentence its own way."""
    return (_(you) if is_you(name) else _(them)).format(name=name, **fields)


MELD_WORDS = {MeldKind.CHOW: N_("{name}: Chow of {tile}"), MeldKind.PUNG: N_("{name}: Pung of {tile}"),
              MeldKind.KONG: N_("{name}: Kong of {tile}"), MeldKind.PAIR: N_("{name}: Pair of {tile}")}
"""A player's exposed set as hovering over it names it, one sentence per kind."""


def discarded_by(name: str, tile: str) -> str:
    """A discard as hovering over it names it: ``5 Dots, discarded by Eric`` (``… by you`` for your own)."""
    return by(name, N_("{tile}, discarded by you"), N_("{tile}, discarded by {name}"), tile=tile)


def danger_line(name: str, suit: int, penalties: Any) -> str:
    """The warning when an opponent shows a third set of one suit (seeds 002 and 003), naming what a feed costs
    where the ruleset makes the discarder pay for everyone (the nine tiles penalty)."""
    what = suit_name(suit)
    if getattr(penalties, "nine_tiles", False):
        return _('Danger! {name} shows three sets of {what}: feed a one-suit win and '
                 'you pay for everyone.').format(name=name, what=what)
    return _('Danger! {name} shows three sets of {what}: beware of feeding a one-suit hand.').format(
            name=name, what=what)


def pays_for_all(result: Any, names: Sequence[str], penalties: Any) -> str:
    """Why one loser pays the winner for everybody this hand, as the score box says it ('' when nobody does).

    The order is the settlement's: a cannon (British L77-L89), then Four Winds' nine tiles and five last tiles
    errors, each only where the ruleset has that penalty."""
    if result is None or result.winner is None:
        return ""
    if getattr(result, "cannon_by", None) is not None:
        who, cannon = names[result.cannon_by], mod_text(result.cannon)  # the pattern's name is the ruleset's
        if result.no_choice:
            return by(who, N_("You let off a cannon ({cannon}) with no choice: everybody pays."),
                      N_("{name} let off a cannon ({cannon}) with no choice: everybody pays."), cannon=cannon)
        return by(who, N_("You let off a cannon ({cannon}) and pay for everybody."),
                  N_("{name} let off a cannon ({cannon}) and pays for everybody."), cannon=cannon)
    feeder = result.one_suit_feeder
    if getattr(penalties, "nine_tiles", False) and feeder is not None and feeder != result.winner:
        return by(names[feeder], N_("You pay for everybody: the discard fed a hand of one suit."),
                  N_("{name} pays for everybody: the discard fed a hand of one suit."))
    if getattr(penalties, "five_last_tiles", False) and result.late_unseen_discard and result.from_seat is not None:
        return by(names[result.from_seat], N_("You pay for everybody: an unseen tile among the last five."),
                  N_("{name} pays for everybody: an unseen tile among the last five."))
    return ""


def outcome_line(outcome: Any, names: Sequence[str]) -> str:
    """How a hand ended, as the status bar and the scores box's title say it."""
    if outcome.faulty_out is not None:
        return by(names[outcome.faulty_out], N_("You declared Mah Jongg with a hand that is not complete: the hand "
                                                "ends and the penalty is paid."),
                  N_("{name} declared Mah Jongg with a hand that is not complete: the hand ends and the penalty "
                     "is paid."))
    if outcome.winner is None:
        return _("All the tiles have been played and nobody has gone Mah Jongg...")
    tile = outcome.winning_tile if outcome.won_by == "discard" else None
    return gone_out_line(names[outcome.winner], None if tile is None else tile_name(tile))


def gone_out_line(name: str, tile: str | None) -> str:
    """``Eric has gone Mah Jongg with tile 5 Dots`` (on a discard, ``tile`` named) or ``… gone Mah Jongg.``"""
    if tile is not None:
        return by(name, N_("You have gone Mah Jongg with tile {tile}"),
                  N_("{name} has gone Mah Jongg with tile {tile}"), tile=tile)
    return by(name, N_("You have gone Mah Jongg."), N_("{name} has gone Mah Jongg."))


def dead_hand_line(payments: Sequence[tuple[int, int, int]], events: Sequence[ev.Event], names: Sequence[str]) -> str:
    """What the Totals box says under a hand nobody won: whether anybody paid (ready hands after a draw, in
    the rulesets that pay them) and who is East next, as the settlement really went."""
    received = [0, 0, 0, 0]
    for payer, receiver, amount in payments:
        received[receiver] += amount
        received[payer] -= amount
    ready = [names[seat] for seat in range(4) if received[seat] > 0]
    if ready:
        paid = ngettext("nobody scores a hand, but the players not ready pay {names} for a ready hand",
                        "nobody scores a hand, but the players not ready pay {names} for their ready hands",
                        len(ready)).format(names=format_list(ready))
    else:
        paid = _("no scores this hand")
    passed = next((event.east for event in events if isinstance(event, ev.DealPassed)), None)
    east = _("East stays East") if passed is None else by(names[passed], N_("the deal passes to you"),
                                                          N_("the deal passes to {name}"))
    return _('No Mah Jongg: {paid}; {east}.').format(paid=paid, east=east)


def short_names(names: Sequence[str]) -> list[str]:
    """Ruleset names short enough for a tab or a column: without their part in brackets ("Classic" for "Classic
    (Mah Jongg for Windows, 1995)"), unless two of ``names`` would then read alike."""
    short = [name.split(" (")[0] for name in names]
    return [s if short.count(s) == 1 else name for s, name in zip(short, names, strict=True)]


def special_name(ruleset: Any, special_id: str | None) -> str:
    """A special hand's name in ``ruleset`` (records keep its id); the id in words when the ruleset lacks it."""
    if not special_id:
        return ""
    try:
        return mod_text(ruleset.special_hand(special_id).name)
    except (AttributeError, KeyError):
        return special_id.replace("_", " ").capitalize()


def shown_name(tile: int, wild: int | None = None) -> str:
    """A tile's name as the player knows it: in a hand where a kind is wild, its jokers are that kind, wild."""
    if tile == JOKER and wild is not None:
        return _('{tile_name} (wild)').format(tile_name=tile_name(wild))
    return tile_name(tile)


def hand_started(names: Sequence[str], seat_wind: int, round_wind: int, wild: int | None = None) -> str:
    """M1, said to the human at the start of every hand (and which tiles are wild in a goulash)."""
    wild_note = _(' The four {tiles_name} are wild this hand.').format(
            tiles_name=tiles_name(wild)) if wild is not None else ""
    return (_('Your wind is {WIND_NAMES} and the wind of the round is '
              '{WIND_NAMES2}.{wild_note} Good Luck!').format(
                      WIND_NAMES=_(WIND_NAMES[seat_wind]), WIND_NAMES2=_(WIND_NAMES[round_wind]), wild_note=wild_note))


def describe(event: ev.Event, names: Sequence[str], human: int = 0, wild: int | None = None) -> str | None:
    """The status-bar line for ``event``, or None when the original shows nothing for it.

    Tiles the human may not see (another player's draw) are not named; ``wild`` names the jokers of a hand in
    which that kind is wild.
    """
    def name(tile: int) -> str:
        return shown_name(tile, wild)

    if isinstance(event, ev.TileDrawn):
        if event.seat == human:
            return by(names[human], N_("You get {tile}"), N_("{name} gets {tile}"), tile=name(event.tile))
        return _('{names} takes a tile from the wall').format(names=names[event.seat])
    if isinstance(event, ev.ReplacementDrawn):
        if event.seat == human:
            return by(names[human], N_("You get {tile} as a loose tile"), N_("{name} gets {tile} as a loose tile"),
                      tile=name(event.tile))
        return _('{names} takes a loose tile').format(names=names[event.seat])
    if isinstance(event, ev.TileDiscarded):
        return by(names[event.seat], N_("You discard {tile}"), N_("{name} discards {tile}"), tile=name(event.tile))
    if isinstance(event, ev.DiscardTakenBack):
        if event.seat == human:
            return _('You take back {name}; discard another tile').format(name=name(event.tile))
        return _('{names} takes back {name}').format(names=names[event.seat], name=name(event.tile))
    if isinstance(event, ev.BonusExposed):
        return by(names[event.seat], N_("You lay out {tile}"), N_("{name} lays out {tile}"), tile=name(event.tile))
    if isinstance(event, ev.DiscardClaimed):
        return by(names[event.seat], N_("You call {claim} with {tile}"), N_("{name} calls {claim} with {tile}"),
                  claim=_(CLAIM_NAMES.get(event.claim, event.claim.title())), tile=name(event.tile))
    if isinstance(event, ev.KongDeclared):
        if event.concealed:
            return by(names[event.seat], N_("You declare a concealed Kong of {tile}"),
                      N_("{name} declares a concealed Kong of {tile}"), tile=name(event.tile))
        return by(names[event.seat], N_("You declare a Kong of {tile}"), N_("{name} declares a Kong of {tile}"),
                  tile=name(event.tile))
    if isinstance(event, ev.PassingStarted):
        keep = _(' (the {tiles_name} are wild and stay)').format(
                tiles_name=tiles_name(wild)) if wild is not None else ""
        return _('Choose {count} tiles to pass {get}{keep}').format(
                count=event.count, get=_(PASS_WORDS.get(event.direction, event.direction)), keep=keep)
    if isinstance(event, ev.TilesPassed):
        return _("The tiles have been passed")
    if isinstance(event, ev.StandingHandDeclared):
        return by(names[event.seat], N_("You call a Standing Hand"), N_("{name} calls a Standing Hand"))
    if isinstance(event, ev.ReadyDeclared):
        if event.riichi:
            return by(names[event.seat], N_("You declare Riichi"), N_("{name} declares Riichi"))
        return by(names[event.seat], N_("You declare a ready hand"), N_("{name} declares a ready hand"))
    if isinstance(event, ev.ReadyCancelled):
        return by(names[event.seat], N_("You have let a winning tile pass: the Riichi is cancelled"),
                  N_("{name} has let a winning tile pass: the Riichi is cancelled"))
    if isinstance(event, ev.KongRobbed):
        return by(names[event.seat], N_("You rob the Kong of {tile} from {other}"),
                  N_("{name} robs the Kong of {tile} from {other}"), tile=name(event.tile),
                  other=names[event.from_seat])
    if isinstance(event, ev.MahJonggDeclared):
        won_on = event.tile if event.won_by == "discard" else None
        return gone_out_line(names[event.seat], None if won_on is None else name(won_on))
    if isinstance(event, ev.CannonLetOff):
        pattern = mod_text(event.pattern)
        if event.no_choice:
            return by(names[event.seat], N_("You let off a cannon ({pattern}): No choice!"),
                      N_("{name} let off a cannon ({pattern}): No choice!"), pattern=pattern)
        return by(names[event.seat], N_("You let off a cannon ({pattern})"), N_("{name} let off a cannon ({pattern})"),
                  pattern=pattern)
    if isinstance(event, ev.HandDead):
        return _("All the tiles have been played and nobody has gone Mah Jongg...")
    return None


GENERIC_KINDS = (N_("Tile 2 to 8"), N_("Tile 1 or 9"), N_("Winds and Dragons"), N_("Simples"), N_("Terminals"),
    N_("Honors"), N_("Honours"))
"""How rulesets name a class of tiles in a set's scoring line (``Concealed Pung of Tile 2 to 8``)."""


def item_label(name: str, tiles: Sequence[int]) -> str:
    """A scoring line named after its real tile, as the original's Scores box names it.

    ``Concealed Pung of Tile 2 to 8`` for a pung of 6 Bamboo reads ``Concealed Pung of 6 Bamboo``; a line of one
    tile kind without such a class (``Pair of Dragons``, ``Flower or Season``) gets the tile after a colon, like
    the original's ``Pung or Kong of Player's Own Wind: East``. Lines about several kinds keep their name.
    """
    kinds = {t for t in tiles if not is_joker(t)}
    shown = mod_text(name, context="scoring")  # the one place a ruleset's scoring line is translated
    if len(kinds) != 1:
        return shown
    tile = tile_name(next(iter(kinds)))
    if tile in shown:
        return shown
    if language() == SOURCE_LANGUAGE:  # another language's line is not cut up: its words stand in another order
        for generic in GENERIC_KINDS:
            if name.endswith(f" of {generic}"):
                return f"{name[:-len(generic)]}{tile}"
    return _("{line}: {tile}").format(line=shown, tile=tile)


def action_line(action: Action, name: str, wild: int | None = None) -> str:
    """A move in words, for a replay's move that showed nothing yet (a claim waiting for the others' answers, a
    pass): ``Eric claims the discard for Mah Jongg``, never the saves' notation (``claim mah_jongg``)."""
    if isinstance(action, Claim):
        claim = _(CLAIM_NAMES.get(action.type, action.type))
        return by(name, N_("You claim the discard for {claim}"), N_("{name} claims the discard for {claim}"),
                  claim=claim)
    if isinstance(action, Discard):
        return by(name, N_("You discard {tile}"), N_("{name} discards {tile}"), tile=shown_name(action.tile, wild))
    if isinstance(action, DeclareKong):
        return by(name, N_("You declare a Kong of {tile}"), N_("{name} declares a Kong of {tile}"),
                  tile=shown_name(action.tile, wild))
    if isinstance(action, MahJongg):
        return by(name, N_("You declare Mah Jongg"), N_("{name} declares Mah Jongg"))
    if isinstance(action, PassTiles):
        return by(name, N_("You pass on {tiles}"), N_("{name} passes on {tiles}"),
                  tiles=format_list(shown_name(t, wild) for t in action.tiles))
    return by(name, N_("You pass"), N_("{name} passes"))


def balloon_words(event: ev.Event) -> str | None:
    """What a player calls out (speech balloons and voices): claims, kongs, Mah Jongg, declarations."""
    if isinstance(event, ev.DiscardClaimed):
        words = {"chow": N_("Chow!"), "pung": N_("Pung!"), "kong": N_("Kong!")}.get(event.claim)
        return _(words) if words else None
    if isinstance(event, ev.KongDeclared):
        return _("Kong!")
    if isinstance(event, ev.MahJonggDeclared):
        return _("Mah Jongg!")
    if isinstance(event, ev.StandingHandDeclared):
        return _("Standing!")
    if isinstance(event, ev.ReadyDeclared):
        return _("Riichi!") if event.riichi else _("Ready!")
    if isinstance(event, ev.KongRobbed):
        return _("Mah Jongg!")
    if isinstance(event, DangerCalled):
        return _("Danger!")
    return None
