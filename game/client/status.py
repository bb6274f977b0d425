"""The status bar's line: what the session told the player (events, refusals, notes), in the program's words.

The session keeps what was told, as data (``Session.told``); the line shown is the latest one that has words
(the original shows nothing for some events). The table scene adds notes of its own, with the codes below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.client import messages
from game.client.refusals import refusal_line
from game.core import events as ev
from game.core.refusals import Refusal
from game.core.tiles import number_of, suit_of, tile_name
from game.i18n import N_, _, format_list, format_number, ngettext
from game.net import remote
from game.session import notes
from game.session.driver import HUMAN
from game.session.notes import Note

# The table scene's own notes.
WAIT_FOR_TURN = "wait_for_turn"
CLAIM_HINT = "claim_hint"
LOCKED_DISCARD = "locked_discard"
"""A locked hand must discard the ``tile`` it drew (``standing``: a standing hand, else riichi)."""
NO_PASSING_JOKER = "no_passing_joker"
PASS_CHOSEN = "pass_chosen"
PASS_COUNT = "pass_count"
CHOW_PICK = "chow_pick"
CHOW_MISMATCH = "chow_mismatch"
CHOW_COMPLETE = "chow_complete"
CHOW_CANCELLED = "chow_cancelled"
NO_KONG = "no_kong"
SHOW_ALL_ON = "show_all_on"
NO_REPLAY_YET = "no_replay_yet"
WAIT_TIME = "wait_time"
LESSON_NOT_A_GAME = "lesson_not_a_game"
LESSON_NO_RESTART = "lesson_no_restart"
NOT_AT_NETWORK_TABLE = "not_at_network_table"
"""A command that a network table does not have: ``what`` it would have done, in words."""
SUITS = (N_("Bamboo"), N_("Characters"), N_("Dots"))
WARNINGS = frozenset({LOCKED_DISCARD, NO_PASSING_JOKER, CHOW_MISMATCH, NO_KONG, notes.NO_DECLARATION,
                      notes.NO_DECLARING_DISCARD, notes.NO_RESTART, NOT_AT_NETWORK_TABLE})
"""The table's notes that refuse what the player tried: they come with the warning beep (P-174), as every
refusal of the engine does."""


def tiles_left(count: int) -> str:
    """The status bar's count of the tiles still to be drawn: "1 Tile left", "64 Tiles left"."""
    return ngettext("{live_count} Tile left", "{live_count} Tiles left", count).format(live_count=count)


def is_warning(told: Any) -> bool:
    """Something the player was told refuses what they tried (the warning beep sounds for it)."""
    return isinstance(told, Refusal) or (isinstance(told, Note) and told.code in WARNINGS)


def _chow_complete(data: Mapping[str, Any], _names: Sequence[str]) -> str:
    low, high, others = data["low"], data["high"], data["others"]
    suit = _(SUITS[suit_of(data["claimed"])])
    return (_('Complete Chow {number_of} and {number_of2} {suit} with either {join} {suit}.').format(
            number_of=number_of(low), number_of2=number_of(high), suit=suit,
                join=format_list((str(number_of(t)) for t in others), "or")))


def _pass_chosen(data: Mapping[str, Any], _names: Sequence[str]) -> str:
    count, chosen, direction = data["count"], data["chosen"], data["direction"]
    return (_('Pass {count} tiles {get}: {chosen} chosen').format(
            count=count, get=_(messages.PASS_WORDS.get(direction, direction)), chosen=chosen)
            + (_(" — press Enter or Pass") if chosen == count else ""))


def _missed(data: Mapping[str, Any], names: Sequence[str]) -> str:
    if data.get("robbing"):
        return _("You could have gone Mah Jongg by robbing the Kong.")
    return _("You could have gone Mah Jongg on {name}'s {tile}.").format(name=names[data["seat"]],
                                                                          tile=tile_name(data["tile"]))


DECLARATION_NAMES = {"standing": N_("a Standing Hand"), "ready": N_("a ready hand"), "riichi": N_("Riichi")}
"""Each declaration as a sentence names it (the session's ``declaration``)."""
_CAN_ONLY = {
    "standing": N_("You can call a Standing Hand {when}."),
    "ready": N_("You can declare a ready hand {when}."),
    "riichi": N_("You can declare Riichi {when}."),
}
"""Each declaration refused for now, with ``when`` (one of :data:`_WHY_NOT`) it is allowed."""
_WHY_NOT = {
    "not_your_turn": N_("on your turn, with the tile you discard"),
    "declared": N_("only once a hand: you have declared already"),
    "first_discard_only": N_("only with your first discard"),
    "not_concealed": N_("only with a concealed hand (no exposed sets)"),
}
_NOT_READY = {
    "standing": N_("No discard leaves your hand a single tile kind from Mah Jongg: you cannot call a Standing Hand "
                   "now."),
    "ready": N_("No discard leaves your hand one tile from Mah Jongg: you cannot declare a ready hand now."),
    "riichi": N_("No discard leaves your hand one tile from Mah Jongg: you cannot declare Riichi now."),
}
_DECLARING = {
    "standing": N_("Standing Hand: discard a marked tile to call it — R again not to."),
    "ready": N_("Ready hand: discard a marked tile to declare it — R again not to."),
    "riichi": N_("Riichi: discard a marked tile to declare it — R again not to."),
}
_DECLARING_BLUFF = {
    "standing": N_("Standing Hand: discard a marked tile to call it (any other is a bluff) — R again not to."),
    "ready": N_("Ready hand: discard a marked tile to declare it (any other is a bluff) — R again not to."),
    "riichi": N_("Riichi: discard a marked tile to declare it (any other is a bluff) — R again not to."),
}


def _no_declaration(data: Mapping[str, Any], _names: Sequence[str]) -> str:
    kind, why = data["kind"], data["why"]
    if why == "no_declaration":
        return _("These rules have no ready declaration: you go Mah Jongg without one.")
    if why == "not_ready":
        return _(_NOT_READY[kind])
    return _(_CAN_ONLY[kind]).format(when=_(_WHY_NOT[why]))


def _declaring(data: Mapping[str, Any], _names: Sequence[str]) -> str:
    kind = data["kind"]
    if not data["bluff"]:
        return _(_DECLARING[kind])
    if data["ready"]:
        return _(_DECLARING_BLUFF[kind])
    name = _(DECLARATION_NAMES[kind])
    return _('{name}: no discard leaves your hand ready, so declaring now is a '
             'bluff — discard any tile, or R not to.').format(name=name[:1].upper() + name[1:])


SEAT_CHANGES = {
    "dropped": N_("{name} lost the connection: a computer player plays for them until they are back."),
    "back": N_("{name} is back at the table."),
    "left": N_("{name} left the table: a computer player takes their seat."),
    "given_up": N_("{name} did not come back in time: a computer player keeps their seat."),
    "joined": N_("{name} joined the table and takes over the seat from the computer player."),
}
"""What happened to another seat at a network table (``game.net.remote.seat_changes``), in words."""


def _timed_out(data: Mapping[str, Any], _names: Sequence[str]) -> str:
    """A turn the table played for a player whose time ran out (``game.net.remote.TIMED_OUT``)."""
    tile = data["tile"]
    if data["you"]:
        line = (_("Your time ran out: {tile} was discarded for you.").format(tile=tile_name(tile)) if tile is not None
                else _("Your time ran out: the computer moved for you."))
        return line + (" " + _("The computer plays for you until you are back: click or press a key.")
                       if data["away"] else "")
    name = data["name"]
    line = (_("{name}'s time ran out: {tile} was discarded for them.").format(name=name, tile=tile_name(tile))
            if tile is not None else _("{name}'s time ran out: the computer moved for them.").format(name=name))
    return line + (" " + _("The computer plays for them until they move again.") if data["away"] else "")


def _seat_changed(data: Mapping[str, Any], _names: Sequence[str]) -> str:
    words = SEAT_CHANGES.get(data["change"])
    return _(words).format(name=data["name"]) if words else ""


def _opened(data: Mapping[str, Any], _names: Sequence[str]) -> str:
    return _('Opened {data!r}.').format(data=data['name'])


NOTES: dict[str, Callable[[Mapping[str, Any], Sequence[str]], str]] = {
    notes.HAND_STARTED: lambda d, names: messages.hand_started(names, d["seat_wind"], d["round_wind"], d["wild"]),
    notes.QUICK_TIP: lambda d, _unused: _('QuickTip: {d}').format(d=d['reason']),
    notes.HAND_FINISHED: lambda d, names: messages.outcome_line(d["outcome"], names),
    notes.NO_SETTLEMENT: lambda d, _unused: messages.NO_SETTLEMENT,
    notes.MISSED_MAH_JONGG: _missed,
    notes.WELCOME_BACK: lambda d, _unused: _("Welcome back: the game goes on where you left it."),
    notes.MOD_MISSING: lambda d, _unused: _('mod {d!r} used by this game is not installed; the game replays '
                                      'without it').format(d=d['mod']),
    notes.RULESET_CHANGED: lambda d, _unused: _('{d}; every saved hand replays the same').format(d=d['change']),
    notes.GAME_OPENED: _opened,
    notes.GAME_SAVED: lambda d, _unused: _('Game saved as {d!r}.').format(d=d['name']),
    notes.AUTOSAVE_FAILED: lambda d, _unused: messages.sentence(d["reason"]),
    notes.STATISTICS_PROBLEM: lambda d, _unused: messages.sentence("; ".join(d["problems"])),
    notes.LESSON_NOT_SAVED: lambda d, _unused: messages.sentence(d["problem"]),
    WAIT_FOR_TURN: lambda d, _unused: _("Wait for your turn."),
    CLAIM_HINT: lambda d, _unused: _("Click the discard in the middle to claim it, or press 0 to let it go."),
    LOCKED_DISCARD: lambda d, _unused: (
        _("You've called a Standing Hand and have to discard {tile}") if d["standing"]
        else _("You've called Riichi and have to discard {tile}")).format(tile=tile_name(d["tile"])),
    NO_PASSING_JOKER: lambda d, _unused: _("A wild tile cannot be passed on") if d["wild"]
    else _("A joker cannot be passed on"),
    PASS_CHOSEN: _pass_chosen,
    PASS_COUNT: lambda d, _unused: _('Choose {d} tiles to pass on ({d2} chosen)').format(d=d['count'], d2=d['chosen']),
    CHOW_PICK: lambda d, _unused: _('Select two tiles to complete the Chow with {tile_name}.').format(
            tile_name=tile_name(d['tile'])),
    CHOW_MISMATCH: lambda d, _unused: _('{tile_name} does not make a Chow with {tile_name2}.').format(
            tile_name=tile_name(d['tile']), tile_name2=tile_name(d['claimed'])),
    CHOW_COMPLETE: _chow_complete,
    CHOW_CANCELLED: lambda d, _unused: _("Chow cancelled."),
    NO_KONG: lambda d, _unused: _("You have no Kong to declare now."),
    SHOW_ALL_ON: lambda d, _unused: _("All hands are visible: this hand will be scored without settlement."),
    NO_REPLAY_YET: lambda d, _unused: _("No hand has finished yet: there is nothing to replay."),
    LESSON_NOT_A_GAME: lambda d, _unused: _("A lesson is not saved as a game: it keeps your place in it by itself."),
    LESSON_NO_RESTART: lambda d, _unused: _("A lesson's hand is not dealt again: All Lessons lets you start the "
                                            "lesson over."),
    WAIT_TIME: lambda d, _unused: _('Wait time: {seconds} seconds').format(seconds=format_number(d['seconds'], 2)),
    notes.PRACTICE_FINISHED: lambda d, _unused: messages.PRACTICE_HAND,
    NOT_AT_NETWORK_TABLE: lambda d, _unused: _('At a network table {d}.').format(d=_(d['what'])),
    remote.CONNECTION: lambda d, _unused: d["reason"] or (_("Connected.") if d["state"] == "connected" else ""),
    remote.WAITING_FOR_HAND: lambda d, _unused: _("Waiting for the table to deal the next hand…"),
    remote.SEAT_CHANGED: _seat_changed,
    remote.TIMED_OUT: _timed_out,
    notes.NO_RESTART: lambda d, _unused: _("The hand is over: it cannot be started again. F3 deals the next hand."),
    notes.NO_DECLARATION: _no_declaration,
    notes.DECLARING: _declaring,
    notes.NOT_DECLARING: lambda d, _unused: _("No declaration: your next discard is an ordinary one."),
    notes.NO_DECLARING_DISCARD: lambda d, _unused: (_('Discarding {tile_name} would not leave your hand ready for '
                                                '{DECLARATION_NAMES}: choose a marked tile.').format(
                                                        tile_name=tile_name(d['tile']),
                                                            DECLARATION_NAMES=_(DECLARATION_NAMES[d['kind']]))),
}
"""Every note's words, by code: the session's and the table scene's."""


SITTING_OUT = N_("Your partner in this exchange would be the empty seat: you pass nothing this time")
"""A three-handed goulash step in which the human's partner is the Dummy."""


def note_line(note: Note, names: Sequence[str]) -> str:
    """A note in words."""
    return NOTES[note.code](note.data, names)


def told_line(told: Any, names: Sequence[str], wild: int | None = None) -> str | None:
    """What the player reads for one thing told: an event (None when the original shows nothing for it), a
    refusal or a note."""
    if isinstance(told, Note):
        return note_line(told, names)
    if isinstance(told, Refusal):
        return refusal_line(told.code, told.data)
    if isinstance(told, ev.Event):
        return messages.describe(told, names, HUMAN, wild)
    raise TypeError(_('nothing to say for {told!r}').format(told=told))


def status_line(session: Any) -> str:
    """The status bar's line for ``session``: the latest thing told that has words ("" before anything)."""
    table = session.table
    wild = table.wild_tile if table is not None else None
    for told in reversed(session.told):
        if (isinstance(told, ev.PassingStarted) and table is not None and table.pass_step is not None
                and table.pass_target(HUMAN, told.direction) is None):
            return SITTING_OUT
        line = told_line(told, session.names, wild)
        if line:
            return line
    return ""
