"""A game at a network table, behind the same interface as a local one.

:class:`Lobby` is the time between joining and the first deal: the connection, the seat, the waiting room (who
sits where, the ruleset and the mods it needs). :class:`RemoteSession` is a :class:`~game.session.driver.Session`
whose table is the server's: the scene reads its :class:`~game.net.mirror.MirrorTable` and animates its events
exactly as for a local game, its moves go to the server, and what the player may do is the server's ``legal``
list, so the client decides no rule itself. Messages are taken in one batch of events at a time, with the view
that follows them, and only while nothing is animating (``hold``): the table the scene draws is always the
state just after the events it animates, however far the server has gone meanwhile.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game import timing
from game.core import events as ev
from game.core.actions import Action, Discard, action_from_text, action_to_text
from game.core.match import HandRecord, Match
from game.core.refusals import Refusal
from game.errors import SparrowError
from game.net import protocol
from game.net.client import Link, LinkState
from game.net.mirror import MirrorTable, Seats, event_from_wire, score_result
from game.session import notes
from game.session.driver import HUMAN, Session
from game.session.notes import Note
from game.session.options import Options
from game.session.outcome import HandOutcome

log = logging.getLogger(__name__)

CONNECTION = "connection"
"""A :class:`Note` code: the connection changed (``state`` and ``reason`` in words, from :class:`LinkState`)."""
WAITING_FOR_HAND = "waiting_for_hand"
"""A :class:`Note` code: the next hand has not been dealt by the server yet."""
TIMED_OUT = "timed_out"
"""A :class:`Note` code: a player's turn time ran out and the table moved for them (``name``, ``you``, ``tile``
discarded or None, ``away``: the computer plays the seat until its player moves)."""
SEAT_CHANGED = "seat_changed"
"""A :class:`Note` code: another seat changed hands during the game (``name``, ``change``: see
:func:`seat_changes`)."""


def seat_changes(before: protocol.Room, after: protocol.Room, own: int | None) -> list[tuple[str, str]]:
    """What happened to the other seats between two rooms of a game under way, as (name, change): ``dropped``
    (the player's connection went: a computer plays for them meanwhile), ``back``, ``left`` (for good: a
    computer took the seat), ``given_up`` (not back within the reconnect time: the computer keeps the seat) and
    ``joined`` (a newcomer took a seat a computer played). The player's own seat is told by its connection."""
    if not (before.started and after.started):
        return []
    changes = []
    was = {info.seat: info for info in before.seats}
    for now in after.seats:
        old = was.get(now.seat)
        if old is None or now.seat == own:
            continue
        if old.kind == "player" and now.kind == "player":
            change = "" if old.connected == now.connected else "back" if now.connected else "dropped"
        elif now.away:
            change = ""  # a player gone quiet: the table's timed_out said so
        elif old.kind == "player" and now.kind == "computer":
            change = "left" if old.connected else "given_up"
        elif old.away and now.kind == "player":
            change = "back"
        elif old.kind != "player" and now.kind == "player":
            change = "joined"
        else:
            change = ""
        if change:
            changes.append((now.name or old.name, change))
    return changes


class Lobby:
    """Joining a table: the link, the seat it was given and the waiting room as the server last described it."""

    def __init__(self, link: Link) -> None:
        self.link = link
        self.seat: int | None = None
        self.token: str | None = None
        self.room: protocol.Room | None = None
        self.state = "connecting"
        """``connecting``, ``connected``, ``dropped`` (reconnecting), ``failed`` or ``closed``."""
        self.reason = ""
        """Why the state is what it is, in words (empty while all is well)."""
        self.refusal: protocol.Refused | None = None
        """The server's last refusal of something this player sent."""
        self.table_messages: deque[Any] = deque()
        """The events and views not yet taken by a session, oldest first."""
        self.arrived: deque[float] = deque()
        """When each of :attr:`table_messages` came (``time.monotonic``)."""
        self.game_over: protocol.GameOver | None = None
        self.scores: dict[int, protocol.Scores] = {}
        """The scoring lines of the hands scored, by hand number (the scores box shows them)."""
        self.seat_news: list[tuple[str, str]] = []
        """What happened to the other seats during the game and is not yet told (:func:`seat_changes`)."""
        self.timeouts: list[protocol.TimedOut] = []
        """The turns the table played for a player whose time ran out, not yet told."""

    @property
    def started(self) -> bool:
        """The first deal has come (the game is under way)."""
        return bool(self.table_messages) or (self.room is not None and self.room.started and self.seat is not None)

    @property
    def is_host(self) -> bool:
        if self.room is None or self.seat is None:
            return False
        return any(info.host and info.seat == self.seat for info in self.room.seats)

    def poll(self) -> list[LinkState]:
        """Take in what the link received; returns the connection changes among it (for the screen to say)."""
        changes = []
        for item in self.link.poll():
            if isinstance(item, LinkState):
                self.state, self.reason = item.state, item.reason
                changes.append(item)
            elif isinstance(item, protocol.Welcome):
                self.seat, self.token = item.seat, item.token
            elif isinstance(item, protocol.Room):
                if self.room is not None:
                    self.seat_news += seat_changes(self.room, item, self.seat)
                self.room = item
            elif isinstance(item, protocol.Refused):
                self.refusal = item
                log.info("the table refused a message: %s %s", item.code, item.detail)
            elif isinstance(item, protocol.GameOver):
                self.game_over = item
            elif isinstance(item, protocol.TimedOut):
                self.timeouts.append(item)
            elif isinstance(item, protocol.Scores):
                self.scores = {item.hand: item}  # only the latest hand's is ever shown
            elif isinstance(item, protocol.Events | protocol.View):
                self.table_messages.append(item)
                self.arrived.append(time.monotonic())
        return changes

    def start(self) -> None:
        """The host starts the game now (computer players take the empty seats)."""
        self.link.send(protocol.Start())

    def names(self) -> list[str]:
        """The four seats' names in the player's order (the player first, then to their right...)."""
        seats = Seats(self.seat or 0)
        names = ["?"] * 4
        for info in self.room.seats if self.room is not None else ():
            names[seats.local(info.seat) or 0] = info.name or f"Seat {info.seat + 1}"
        return names

    def close(self, leave: bool = False) -> None:
        self.link.close(leave=leave)


class RemoteSession(Session):
    """A network game, seen from the player's seat (always local seat 0)."""

    network = True

    def __init__(self, lobby: Lobby, *, ruleset: Any, rules: Any, judge: Any,
                 options: Options | None = None) -> None:
        assert lobby.seat is not None
        super().__init__(ruleset=ruleset, rules=rules, judge=judge, seed=0, names=lobby.names(),
                         options=options or Options(), match=Match(rules, judge, 0, east=0))
        self.options.show_all = False  # the other hands are not on this machine to show
        self.lobby = lobby
        self.seats = Seats(lobby.seat)
        self.view: protocol.View | None = None
        self.legal: list[Action] = []
        self.sent: tuple[int, int] | None = None
        """(hand, step) of the decision an action was sent for: one action per decision."""
        self.hand_no: int | None = None
        self.waiting_next = False
        """The player asked for the next hand (Next Hand) before the server dealt it."""
        self.first_east: int | None = None
        self.hosting: Any = None
        """The table server this window runs for the game (its host's), stopped when the table closes."""
        self._hand_events: list[ev.Event] = []
        self._totals_before: list[int] = list(self.match.totals)
        self.catching_up = False
        """The events waiting to be shown are a hand sent again after a reconnect: the scene cuts them short."""
        self.turn_timer: float | None = None
        """Seconds left of the player's own decision before the table moves for them (the server's turn timer);
        None without one."""
        self._ready_for: int | None = None
        """The hand whose deal the server was told this end has shown (``ready``)."""

    # -- messages in ------------------------------------------------------------------------------------------

    def _take_batch(self) -> bool:
        """Apply the oldest waiting events with the view after them (or a lone view); False when the next batch
        is incomplete (its view is still on the way) or belongs to a hand the player has not asked for yet."""
        queue = self.lobby.table_messages
        if not queue:
            return False
        first = queue[0]
        if self.table is not None and first.hand != self.hand_no and not self.waiting_next and self.hand_over:
            return False  # the next hand waits for Next Hand, as at a local table
        if isinstance(first, protocol.Events):
            if not any(isinstance(m, protocol.View) for m in queue):
                return False  # the view after these events is still on the way
            events = self._next()
            while isinstance(queue[0], protocol.Events):  # two batches before one view: one batch
                events = protocol.Events(hand=events.hand, events=events.events + self._next().events)
            self._follow(self._next(), events)
            return True
        self._follow(self._next(), None)
        return True

    def _next(self) -> Any:
        self.lobby.arrived.popleft()
        return self.lobby.table_messages.popleft()

    @property
    def catch_up_after(self) -> float:
        """How far behind the server the table's animations may fall before they are cut short: half the
        server's claim window, so a discard the player may claim is still open when it is shown."""
        room = self.lobby.room
        return 0.5 * (room.timers.get("claim_window", 2.5) if room is not None else 2.5)

    @property
    def lag(self) -> float:
        """Seconds the oldest message not yet shown has waited (0 when the table shows the latest)."""
        arrived = self.lobby.arrived
        return time.monotonic() - arrived[0] if arrived else 0.0

    def _follow(self, view: protocol.View, batch: protocol.Events | None) -> None:
        resent = batch is not None and batch.resent
        if view.hand != self.hand_no or self.table is None or resent:
            # The hand's events sent again (the seat taken back) replace whatever this end had of it: the table
            # is rebuilt from them, and the scene shows them at once rather than at length.
            said = [t for t in self.told if isinstance(t, Note) and t.code == CONNECTION] if resent else []
            self._new_hand(view)
            self.told.extend(said)  # "welcome back" stays on the status bar
            if resent:
                self.pending.clear()  # the old table's events: the new one shows them all again
                self.catching_up = True
                self._ready_for = None  # said while the connection was down, it may be lost
        table = self.table
        assert isinstance(table, MirrorTable)
        table.follow(view, self.seats)
        self.view = view
        self.legal = [action_from_text(text) for text in view.legal] if (view.hand, view.step) != self.sent else []
        events = [e for e in (event_from_wire(d, self.seats) for d in (batch.events if batch else ())) if e]
        for event in events:
            if isinstance(event, ev.PassingStarted):
                table.note_passing(event)
            elif isinstance(event, ev.HandStarted) and self.first_east is None:
                self.first_east = event.east
                self.match.first_east = event.east
        totals = list(self.seats.per_seat(view.totals))
        if view.phase != "over":
            self.match.totals = totals
            self._totals_before = list(totals)
        self._hand_events.extend(events)
        self._push(events)
        if view.deadline is not None and self.legal and self.claim_timer is None:
            self.claim_timer = view.deadline
            self.claim_total = max(view.deadline, 0.01)
        elif not self.legal:
            self.claim_timer = None
        if not self.legal:
            self.turn_timer = None
        elif view.turn_deadline is not None:
            self.turn_timer = view.turn_deadline
        if any(isinstance(e, ev.Settled) for e in events):
            self.match.totals = totals

    def _new_hand(self, view: protocol.View) -> None:
        self.hand_no = view.hand
        self.table = MirrorTable(self.rules, self.judge, view.hand)
        self.started = False
        self.outcome = None
        self.claim_timer = None
        self.delay = 0.0
        self.end_wait = 0.0
        self.waiting_next = False
        self._hand_events = []
        self.told = [Note(notes.HAND_STARTED, {"seat_wind": (0 - (self.seats.local(view.east) or 0)) % 4,
                                               "round_wind": view.round_wind, "wild": view.wild})]

    def _push(self, events: list[ev.Event]) -> None:
        for event in events:
            self.pending.append(event)
            if isinstance(event, ev.PlayStarted | ev.TileDrawn):
                self.started = True
            if self.started or isinstance(event, ev.PassingStarted | ev.TilesPassed):
                # As at a local table, the deal is shown but not told: the status bar keeps the hand's greeting
                # while the wall is built and dealt, rather than the deal's last move before it is seen. A
                # Charleston or goulash step is told: it is the player's to do before play starts.
                self.told.append(event)
        self.show_quick_tip()

    def poll(self) -> None:
        """Take in what the link received; a change of the connection is told on the status bar."""
        for change in self.lobby.poll():
            self.tell(Note(CONNECTION, {"state": change.state, "reason": change.reason}))
            if change.state == "connected":
                self.sent = None  # an action sent as the connection dropped may be lost: the seat's view asks again
        if self.lobby.game_over is not None and not self.match.is_over:
            # The server says so after the last hand's pause: the scores box may be open on that hand already.
            self.match.is_over = True
            if self.outcome is not None:
                self.outcome.game_over = True
        refusal = self.lobby.refusal
        if refusal is not None:
            self.lobby.refusal = None
            reason = refusal.data.get("reason") if refusal.code == "illegal" else None
            values = refusal.data.get("values")
            if isinstance(reason, str):  # the table's own refusal, worded as at a local table
                self.tell(Refusal(reason, values if isinstance(values, dict) else {}))
            elif refusal.code != "stale":
                self.tell(Note(CONNECTION, {"state": "refused", "reason": refusal.detail or refusal.code}))
            # The decision is still open and no new view will say so (nothing changed): the player tries again.
            self.sent = None
            if self.view is not None:
                self.legal = [action_from_text(text) for text in self.view.legal]

    # -- time -------------------------------------------------------------------------------------------------

    def update(self, dt: float, hold: bool = False) -> None:
        self.poll()
        if self.claim_timer is not None and not hold:
            self.claim_timer = max(0.0, self.claim_timer - dt)
        if self.turn_timer is not None:  # the server's clock runs on while this end animates
            self.turn_timer = max(0.0, self.turn_timer - dt)
        if self.hand_over and not hold:
            self.end_wait += dt
        if not hold:
            self._say_ready()
            self._take_batch()
            while self.lag > self.catch_up_after and self._take_batch():
                pass  # far behind the server (a slow frame, a long pause): shown at once, the scene cuts it short
        self._tell_table_news()
        if hold:
            return
        if self.options.auto_play and self.legal and self.table is not None:
            self._autoplay()

    def next_hand(self) -> tuple[bool, float] | None:
        """While the finished hand is still shown (its scores open): how the server's next hand stands, as
        (play started, seconds until it starts); None before the server deals it. The server waits its deal
        pause for this end to show the deal, then plays on without it."""
        if not self.hand_over:
            return None
        for message, at in zip(self.lobby.table_messages, self.lobby.arrived, strict=True):
            if message.hand == self.hand_no:
                continue
            started = any(isinstance(m, protocol.View) and m.hand == message.hand and m.phase != "dealt"
                          for m in self.lobby.table_messages)
            room = self.lobby.room
            pause = room.timers.get("deal_pause", 25.0) if room is not None else 25.0
            return started, 0.0 if started else max(0.0, at + pause - time.monotonic())
        return None

    def _say_ready(self) -> None:
        """Tell the server once the hand's deal has been shown here (nothing is waiting to be animated), so play
        starts as soon as every player has seen it rather than after the server's deal pause."""
        hand = self.hand_no
        if hand is None or self.table is None or self._ready_for == hand or self.pending:
            return
        self._ready_for = hand
        self.link.send(protocol.Ready(hand=hand))

    def _tell_table_news(self) -> None:
        """The turns the table played for a player out of time and what happened to the other seats, on the
        status bar and over the table for a while; told after the frame's events, so that the line is not at once
        replaced by an older event's."""
        lobby = self.lobby
        for timed in lobby.timeouts:
            seat = self.seats.local(timed.seat) or 0
            try:
                action = action_from_text(timed.action) if timed.action else None
            except ValueError:
                action = None
            tile = action.tile if isinstance(action, Discard) else None
            told = Note(TIMED_OUT, {"name": self.names[seat], "you": seat == HUMAN, "tile": tile,
                                    "away": timed.away})
            self.tell(told)
            # Over the table only what was played: that the seat is away stands by its name (the player's own:
            # in a banner) for as long as it is.
            self.notice = Note(TIMED_OUT, {**told.data, "away": False})
            if seat == HUMAN:
                self.turn_timer = None
        lobby.timeouts.clear()
        if not lobby.seat_news:
            return
        for name, change in lobby.seat_news:
            self.notice = Note(SEAT_CHANGED, {"name": name, "change": change})
            self.tell(self.notice)
        lobby.seat_news.clear()
        self.names = lobby.names()  # a newcomer's name at the seat they took

    def _autoplay(self) -> None:
        """Auto Play at a network table: the computer decides for the player's seat here, and it is sent."""
        assert self.table is not None
        chosen = self.autoplayer.decide(self.table.view(0), list(self.legal))
        self.act(chosen if chosen in self.legal else self.legal[0])

    @property
    def away_seats(self) -> frozenset[int]:
        room = self.lobby.room
        if room is None or not room.started:
            return frozenset()
        return frozenset(self.seats.local(info.seat) or 0 for info in room.seats
                         if (info.kind == "player" and not info.connected) or info.away)

    @property
    def at_rest(self) -> bool:
        return False  # the server may send something any moment: the window keeps looking

    @property
    def scores_due(self) -> bool:
        settled = any(isinstance(e, ev.Settled | ev.SettlementSkipped) for e in self._hand_events)
        winner = any(isinstance(e, ev.MahJonggDeclared) for e in self._hand_events)
        return (self.hand_over and not self.waiting_next and self.end_wait >= timing.END_OF_HAND_PAUSE
                and (settled or not winner or not self.match.can_score))

    # -- the player's moves -----------------------------------------------------------------------------------

    def human_legal(self) -> list[Action]:
        return list(self.legal)

    def act(self, action: Action, seat: int = HUMAN) -> bool:
        """Send ``action`` for the decision on the table (the player's seat is the only one this end speaks
        for); the server's refusal, if any, is told when it comes."""
        view = self.view
        if view is None or not self.legal:
            return False
        self.link.send(protocol.Act(hand=view.hand, step=view.step, action=action_to_text(action)))
        self.sent = (view.hand, view.step)
        self.legal = []  # asked once: the next view says what may be done then
        self.claim_timer = self.turn_timer = None
        return True

    def come_back(self) -> None:
        """Take the seat back from the computer that plays it while the player was away (their turn time ran out
        again and again): the server takes any action as the sign, even a stale one, so an action for a hand
        long gone is sent; it is refused as stale, which nobody is told of."""
        if self.view is not None:
            self.link.send(protocol.Act(hand=max(0, self.view.hand - 1), step=0, action="pass"))

    def discard(self, tile: int, standing: bool = False) -> bool:
        return self.act(Discard(tile, standing))

    @property
    def can_undo(self) -> bool:
        return False

    def start(self) -> None:
        """Play starts when the server's timer says so: every player's table is the same."""

    def skip_wait(self) -> None:
        if self.human_may_claim:
            self.pass_claim()

    def deal(self) -> Any:
        """The next hand as the server dealt it; until it has, the finished hand stays with a note. The player
        asking for it is back at the table, if the computer was playing for them meanwhile."""
        if HUMAN in self.away_seats:
            self.come_back()
        self.waiting_next = True
        while self._take_batch():
            if not self.waiting_next:
                break
        if self.waiting_next and self.table is not None:
            ended = self.lobby.state in ("closed", "failed")  # no hand is coming: say why instead
            self.tell(Note(CONNECTION, {"state": self.lobby.state, "reason": self.lobby.reason}) if ended
                      else Note(WAITING_FOR_HAND))
        return self.table

    def restart_hand(self) -> Any:
        raise ValueError("a network hand is dealt by the table server")

    def replay_deal(self, counted: bool = False) -> Any:
        raise ValueError("a network hand is dealt by the table server")

    @property
    def link(self) -> Link:
        return self.lobby.link

    def leave(self) -> None:
        """Leave the table for good (a computer player takes the seat); a host's table closes with it."""
        self.lobby.close(leave=True)
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None

    @property
    def unwritten(self) -> bool:
        return False  # the host's server keeps the game: nothing here to lose

    @property
    def connection_problem(self) -> str:
        """What is wrong with the connection, in words ("" while it is up)."""
        lobby = self.lobby
        return lobby.reason if lobby.state in ("dropped", "failed", "closed") else ""

    # -- the end of a hand ------------------------------------------------------------------------------------

    def finish_hand(self) -> HandOutcome:
        """The finished hand as the server scored and settled it (its events), for the scores box."""
        if self.outcome is not None:
            return self.outcome
        win = next((e for e in self._hand_events if isinstance(e, ev.MahJonggDeclared)), None)
        scored = next((e for e in self._hand_events if isinstance(e, ev.HandScored)), None)
        settled = next((e for e in self._hand_events if isinstance(e, ev.Settled)), None)
        skipped = any(isinstance(e, ev.SettlementSkipped) for e in self._hand_events)
        faulty = next((e.seat for e in self._hand_events if isinstance(e, ev.FaultyOut)), None)
        old = list(self._totals_before)
        # The view of the finished hand carries the server's totals after it, even when the events that settled
        # it were missed (the connection was down when the hand ended).
        served = list(self.seats.per_seat(self.view.totals)) if self.view is not None else list(self.match.totals)
        new = list(settled.totals) if settled is not None else served
        self.match.totals = list(new)
        payments = list(settled.payments) if settled is not None else []
        winner = win.seat if win is not None else None
        kept = ev.HandScored | ev.Settled | ev.SettlementSkipped | ev.DealPassed | ev.RoundWindChanged | ev.GameOver
        events: list[ev.Event] = [e for e in self._hand_events if isinstance(e, kept)]
        self.outcome = HandOutcome(winner, win.tile if win else None, win.won_by if win else None,
                                   win.from_seat if win else None, old, new,
                                   list(scored.scores) if scored else [0, 0, 0, 0], self._results(), payments,
                                   winner is None, None, self.match.is_over, events,
                                   settled=not skipped, faulty_out=faulty)
        table = self.table
        assert table is not None
        # The match's history as this end saw it, for the end of the game's table of hands (no seed, no moves:
        # those stay with the host).
        deltas = settled.deltas if settled is not None else (0, 0, 0, 0)
        self.match.history.append(HandRecord(table.hand_number, 0, table.east, table.round_wind, winner,
                                             win.from_seat if win else None, _four(self.outcome.scores), deltas,
                                             win.special_hand if win else None, "", (), not skipped, table.goulash))
        self.tell(Note(notes.HAND_FINISHED, {"outcome": self.outcome}) if self.outcome.settled
                  else Note(notes.NO_SETTLEMENT))
        return self.outcome

    def _results(self) -> list[Any]:
        """Each seat's scored hand as the server sent it (for the scores box's lines), in this end's seats."""
        sent = self.lobby.scores.get(self.hand_no) if self.hand_no is not None else None
        if sent is None:
            return [None] * 4
        return [score_result(r) for r in self.seats.per_seat(sent.results)]

    @property
    def player_ids(self) -> list[str]:
        return ["human"] * 4

    def snapshot(self, name: str = "", mods: list[dict[str, str]] | None = None) -> Any:
        raise SparrowError("a network game is saved by its host")


def remote_session(lobby: Lobby, rules: tuple[Any, Any, Any], options: Options | None = None) -> RemoteSession:
    """The session for the table ``lobby`` joined, played by ``rules`` (:func:`table_rules`) with the table's
    starting score (the host may have chosen another than the ruleset's)."""
    ruleset, play_rules, judge = rules
    start_score = lobby.room.start_score if lobby.room is not None else None
    if start_score is not None and start_score != play_rules.start_score:
        play_rules = replace(play_rules, start_score=start_score)
    return RemoteSession(lobby, ruleset=ruleset, rules=play_rules, judge=judge, options=options)


def join(address: str, name: str, token: str | None = None) -> Lobby:
    """Start joining the table at ``address`` as ``name`` (ValueError for an address that is not one)."""
    link = Link(address, name, token)
    link.start()
    return Lobby(link)



@dataclass(frozen=True)
class TableRules:
    """The rules of the table a lobby joined, as this machine can have them."""

    rules: tuple[Any, Any, Any] | None
    """(ruleset, play rules, judge), or None when this machine cannot have them (then nothing can be played)."""
    missing: tuple[str, ...] = ()
    """The mods the table's ruleset comes from that are not installed here."""
    from_table: bool = False
    """The ruleset was built from the data the table sent (its mod is not installed here)."""
    problem: str = ""
    """Why the table's ruleset data could not be used, when it could not."""


def table_rules(room: protocol.Room, catalog: Any) -> TableRules:
    """The ruleset ``room`` names: the installed one, else one built from the ruleset data the table sent (YAML,
    checked as a mod's ruleset is; never code), else None with the missing mods named."""
    from game.core.scoring import RulesetJudge
    from game.mods.rulesets import load_ruleset
    from game.saves import available_mod_ids

    available = available_mod_ids(catalog)
    missing = tuple(m.id for m in room.mods if available is not None and m.id not in available)
    if catalog is not None and not missing:
        try:
            ruleset = load_ruleset(catalog, room.ruleset)
            return TableRules((ruleset, ruleset.play, RulesetJudge(ruleset)))
        except (SparrowError, OSError, ValueError, LookupError) as exc:
            log.info("the table's ruleset %r is not installed here: %s", room.ruleset, exc)
    if room.ruleset_data and catalog is not None:
        try:
            ruleset = _compiled_offer(catalog, room.ruleset_data)
            return TableRules((ruleset, ruleset.play, RulesetJudge(ruleset)), missing, from_table=True)
        except (SparrowError, OSError, ValueError, LookupError) as exc:
            return TableRules(None, missing or (room.ruleset,), problem=str(exc).splitlines()[0])
    return TableRules(None, missing or (room.ruleset,))


def _four(values: list[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


def _compiled_offer(catalog: Any, data: str) -> Any:
    """The ruleset a table offers: its files as one YAML stream, parents first (``game.net.hosting``), each
    compiled as a mod's ruleset file is (its parent the stream's earlier one of that id, else an installed
    one); the last is the table's. Raises as the ruleset loader does for a file that does not check."""
    from game.mods import rules_hook
    from game.mods.rulesets import load_ruleset

    compiled: dict[str, Any] = {}

    def parent(parent_id: str) -> Any:
        return compiled[parent_id] if parent_id in compiled else load_ruleset(catalog, parent_id)

    ruleset = None
    for number, text in enumerate(data.split("\n---\n"), 1):
        ruleset = rules_hook.load_ruleset_file(Path(f"table-ruleset-{number}.yaml"),
                                               f"the table's ruleset file {number}", parent, text=text)
        compiled[ruleset.id] = ruleset
    if ruleset is None:
        raise ValueError("the table sent no ruleset")
    return ruleset
