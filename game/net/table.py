"""One network table: a :class:`~game.session.driver.Session` played by remote players and computer players.

The session keeps the match, deals, scores, settles and saves; this module seats players, checks their actions
against the legal actions of their seat, keeps the server's timers (the claim window, the computer players'
discard delay, the pause after a hand, how long a dropped seat is kept) and tells every seat what it may see.
It knows nothing of sockets: a seat's connection is a :class:`Link` (``send`` a frame, ``close``), so the table
is tested and benchmarked the same with or without a network. Time comes from ``clock``; after every message
(and when it said so) the server calls :meth:`NetTable.advance`, which does whatever is due, tells the seats and
says when to call it next.
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from game import timing
from game.core import events as ev
from game.core.actions import Claim, Discard, MahJongg, Pass, action_from_text, action_to_text
from game.core.refusals import Refusal
from game.net import protocol as pr
from game.net.filter import events_for, scores_message, view_message
from game.session.driver import Session

log = logging.getLogger(__name__)


class Link(Protocol):
    """A seat's connection as the table sees it."""

    def send(self, frame: str) -> None: ...

    def close(self) -> None: ...


@dataclass
class Timers:
    """The server's timers, in seconds."""

    claim_window: float = timing.WAIT_TIME
    """How long a player may think about claiming a discard before it is let go for them."""
    winning_claim_window: float = timing.WAIT_TIME_MAX
    """... when the discard would give a player Mah Jongg (the local game waits for ever then; a table of several
    players cannot, but a win should not slip by in a blink)."""
    discard_delay: float = timing.DISCARD_DELAY
    """How long a computer player waits before its move, so the players see the one before."""
    end_pause: float = 3.0
    """How long a finished hand stays on the table before the next is dealt (the local game waits for the player
    to close the scores; a table of several players cannot wait for each)."""
    reconnect: float = 120.0
    """How long a dropped player's seat waits for them (a computer plays it meanwhile) before it is given up."""
    turn: float = 60.0
    """How long a player may take over their own turn (or choosing tiles to pass) before the server acts for
    them; 0: no turn timer (a quiet player keeps the table waiting until they drop)."""
    deal_pause: float = 25.0
    """How long play waits after a deal for the players to see it dealt (the client's wall ceremony and deal take
    17-21 s at normal speed) unless every connected player says ``ready`` sooner; 0: play starts at once."""

    def as_dict(self) -> dict[str, float]:
        return {"claim_window": self.claim_window, "winning_claim_window": self.winning_claim_window,
                "discard_delay": self.discard_delay, "end_pause": self.end_pause, "reconnect": self.reconnect,
                "turn": self.turn, "deal_pause": self.deal_pause}


AWAY_AFTER = 2
"""Turn timers run out in a row before a computer plays the seat until its player acts again."""


@dataclass
class SeatState:
    seat: int
    name: str
    token: str | None = None
    """The seat's token while a player holds it (connected or dropped within the reconnect time)."""
    link: Link | None = None
    dropped_at: float | None = None
    host: bool = False
    timeouts: int = 0
    """Turn timers run out in a row (the player acting sets it back to 0)."""
    away: bool = False
    """Connected, but a computer plays the seat after :data:`AWAY_AFTER` timeouts, until its player acts."""
    ready: int = -1
    """The last hand the player said it has seen dealt."""
    last_view: str = field(default="", repr=False)
    """The last view sent (without its countdown), so an unchanged one is not sent again."""


class NetTable:
    """A table whose seats are remote players or computer players; see the module's docstring."""

    def __init__(self, session: Session, *, table_id: str = "main", player_seats: int = 4,
                 timers: Timers | None = None, clock: Callable[[], float] = time.monotonic,
                 ruleset_data: str | None = None, mods: tuple[pr.ModInfo, ...] = (),
                 hand_limit: int | None = None) -> None:
        self.session = session
        self.table_id = table_id
        self.empty_seat = session.rules.empty_seat
        """The empty chair of a three-handed game: nobody sits there, not even a computer."""
        playable = 4 if self.empty_seat is None else 3
        self.player_seats = max(1, min(playable, player_seats))
        self.timers = timers or Timers()
        self.clock = clock
        self.ruleset_data = ruleset_data
        self.mods = mods
        self.seats = [SeatState(s, session.names[s] if s < len(session.names) else f"Seat {s + 1}")
                      for s in range(4)]
        self.hand_limit = hand_limit
        """Stop (the game saved, to be resumed) once the match has this many hands; None plays it to its end."""
        self.state: Literal["waiting", "playing", "over"] = "over" if session.match.is_over else "waiting"
        self.changed_at = clock()
        """When the table last changed: a computer player moves a discard delay after it."""
        self._claim_key: tuple[int, int] | None = None
        self._claim_deadline = 0.0
        self._turn_key: tuple[int, int] | None = None
        self._turn_deadline = 0.0
        self._end_at: float | None = None
        self._hand_log: list[ev.Event] = []
        """The events of the hand in play so far (of hand :attr:`_log_hand`), to send again to a seat taken back."""
        self._log_hand = 0
        self._scores: pr.Scores | None = None
        """The scoring lines of the hand just scored, once they are sent (and to send a seat taken back)."""

    def think_on(self, worker: Executor, wake: Callable[[], None]) -> None:
        """Let the computer players decide on ``worker`` (a server's thread) rather than in :meth:`advance`, so
        the server's event loop never waits on a decision; ``wake`` is called (on the worker's thread) when one
        is made, and :meth:`advance` then plays it."""
        self.session.worker, self.session.on_decided = worker, wake
        self.session.think_in_background = True

    # -- seats ------------------------------------------------------------------------------------------------

    def seat_of(self, link: Link) -> SeatState | None:
        return next((s for s in self.seats if s.link is link), None)

    def room_message(self) -> pr.Room:
        ruleset = self.session.ruleset
        infos = []
        for s in self.seats:
            if s.seat == self.empty_seat:
                infos.append(pr.SeatInfo(seat=s.seat, name="", kind="empty"))
                continue
            if (s.link is not None and not s.away) or (s.link is None and s.token is not None):
                kind = "player"  # at the table, or dropped with the seat kept (a computer plays it meanwhile)
            elif s.token is None and self.state == "waiting":
                kind = "open"
            else:
                kind = "computer"
            personality = getattr(self.session.players[s.seat], "personality", None)
            infos.append(pr.SeatInfo(seat=s.seat, name=s.name, kind=kind, connected=s.link is not None,
                                     host=s.host, away=s.away and s.link is not None,
                                     personality=getattr(personality, "name", ""),
                                     strategy=getattr(personality, "player_type", "")))
        return pr.Room(table=self.table_id, seats=tuple(infos), ruleset=ruleset.id if ruleset else "classic",
                       ruleset_name=getattr(ruleset, "name", "") or "", mods=self.mods,
                       ruleset_data=self.ruleset_data, started=self.state != "waiting", timers=self.timers.as_dict(),
                       start_score=self.session.rules.start_score)

    def _send_room(self) -> None:
        frame = pr.encode(self.room_message())
        for s in self.seats:
            if s.link is not None:
                s.link.send(frame)

    def join(self, link: Link, hello: pr.Hello) -> pr.Welcome | pr.Refused:
        """Seat ``link`` (a new player, or one taking its seat back with its token)."""
        if hello.version != pr.VERSION:
            return refused("version_mismatch", f"the server speaks version {pr.VERSION}", version=pr.VERSION)
        if self.state == "over":
            return refused("game_over", "the game is over")
        now = self.clock()
        self._expire(now)
        reconnected = False
        if hello.token is not None:
            seat = next((s for s in self.seats if s.token is not None and secrets.compare_digest(s.token,
                                                                                                   hello.token)), None)
            if seat is None:
                return refused("bad_token", "that seat was given up or never held; join without a token")
            if seat.link is not None and seat.link is not link:
                seat.link.send(pr.encode(pr.Goodbye(reason="replaced")))
                seat.link.close()
            reconnected = True
        else:
            seat = next((s for s in self.seats if s.token is None and s.seat != self.empty_seat), None)
            if seat is None:
                return refused("table_full", "every seat is taken")
            seat.token = secrets.token_urlsafe(24)
            seat.host = not any(s.host for s in self.seats)
        if reconnected and self.state == "playing":
            self._flush()  # what happened while it was away goes to the others (and into the hand's log) first
        seat.link, seat.dropped_at, seat.last_view = link, None, ""
        seat.timeouts, seat.away = 0, False
        seat.name = hello.name
        if seat.seat < len(self.session.names):
            self.session.names[seat.seat] = hello.name  # the saves name the players who sat there
        log.info("table %s: %s %s seat %d", self.table_id, hello.name, "took back" if reconnected else "took",
                 seat.seat)
        assert seat.token is not None
        welcome = pr.Welcome(seat=seat.seat, token=seat.token, reconnected=reconnected,
                             reconnect_seconds=self.timers.reconnect)
        link.send(pr.encode(welcome))
        self._send_room()
        if self.state == "waiting" and sum(s.token is not None for s in self.seats) >= self.player_seats:
            self.start()
        elif self.state == "playing":
            if reconnected:
                self._resend_hand(seat)
            self._send_view(seat, force=True)
        return welcome

    def _resend_hand(self, seat: SeatState) -> None:
        """The hand so far for a seat taken back, filtered as when it was first sent: its program may have
        missed moves (or be a new one, after a crash) and rebuilds its table from them."""
        assert seat.link is not None
        if self._hand_log and self._log_hand == self.hand_number:
            seat.link.send(pr.encode(pr.Events(hand=self._log_hand, events=tuple(events_for(self._hand_log,
                                                                                            seat.seat)),
                                               resent=True)))
            if self._scores is not None and self._scores.hand == self._log_hand:
                seat.link.send(pr.encode(self._scores))

    def drop(self, link: Link) -> None:
        """``link`` went away without a word: its seat waits for it, played by a computer meanwhile."""
        seat = self.seat_of(link)
        if seat is None:
            return
        seat.link, seat.dropped_at = None, self.clock()
        if self.state == "waiting":
            seat.token, seat.host = None, False  # nothing to keep before the game starts
            self._pass_host()
        log.info("table %s: seat %d dropped", self.table_id, seat.seat)
        self._send_room()

    def leave(self, link: Link) -> None:
        """``link``'s player left for good: a computer player takes the seat and the token is void."""
        seat = self.seat_of(link)
        if seat is None:
            return
        link.send(pr.encode(pr.Goodbye(reason="left")))
        seat.link, seat.token, seat.dropped_at, seat.host = None, None, None, False
        self._pass_host()
        log.info("table %s: seat %d left", self.table_id, seat.seat)
        self._send_room()

    def _pass_host(self) -> None:
        if not any(s.host for s in self.seats):
            heir = next((s for s in self.seats if s.link is not None), None)
            if heir is not None:
                heir.host = True

    def _expire(self, now: float) -> None:
        """Seats dropped longer than the reconnect time are given up (their computer player stays)."""
        for s in self.seats:
            if s.link is None and s.dropped_at is not None and now - s.dropped_at >= self.timers.reconnect:
                s.token, s.dropped_at, s.host = None, None, False
                log.info("table %s: seat %d given up", self.table_id, s.seat)
                self._pass_host()
                self._send_room()

    # -- play -------------------------------------------------------------------------------------------------

    def start(self, link: Link | None = None) -> pr.Refused | None:
        """Start the game (the host's ``start``, or the seats are full): computer players take the free seats."""
        if link is not None:
            seat = self.seat_of(link)
            if seat is None or not seat.host:
                return refused("not_host", "only the host starts the game")
        if self.state != "waiting":
            return refused("started", "the game has started")
        self.state = "playing"
        if self.session.table is None:
            self.session.deal()
        self.changed_at = self.clock()
        self._send_room()
        self._flush()
        return None

    def act(self, link: Link, message: pr.Act) -> pr.Refused | None:
        """The action of ``link``'s seat; a refusal says why it was not taken (the table plays on)."""
        seat = self.seat_of(link)
        if seat is None:
            return refused("not_seated", "say hello first")
        table = self.session.table
        if self.state != "playing" or table is None:
            return refused("not_playing", "the game is not being played")
        self._back(seat)  # even a stale action says the player is there again
        if message.hand != self.hand_number or message.step != len(table.events):
            return refused("stale", "the table has moved on since that view", hand=self.hand_number,
                           step=len(table.events))
        try:
            action = action_from_text(message.action)
        except ValueError as exc:
            return refused("malformed", str(exc))
        if seat.seat not in table.awaiting():
            return refused("not_your_turn", "the table is not waiting for this seat")
        if not self.session.act(action, seat.seat):
            told = self.session.told[-1]
            reason = told if isinstance(told, Refusal) else Refusal("illegal")
            return refused("illegal", str(reason), reason=reason.code, values=_plain(dict(reason.data)))
        self.changed_at = self.clock()
        return None

    def ready(self, link: Link, message: pr.Ready) -> None:
        """``link``'s player has seen hand ``message.hand`` dealt."""
        seat = self.seat_of(link)
        if seat is not None:
            seat.ready = message.hand

    def _back(self, seat: SeatState) -> None:
        seat.timeouts = 0
        if seat.away:
            seat.away = False
            log.info("table %s: seat %d is back from being away", self.table_id, seat.seat)
            self._send_room()

    @property
    def hand_number(self) -> int:
        # A finished hand is in the history once it is scored (its outcome is set); until then it is the next.
        return len(self.session.match.history) + (0 if self.session.outcome is not None else 1)

    def _computer(self, seat: int) -> bool:
        return self.seats[seat].link is None or self.seats[seat].away

    def advance(self) -> float | None:
        """Do whatever is due now; the seconds until something else falls due (None: only a player can move)."""
        now = self.clock()
        self._expire(now)
        wake: float | None = None
        for _ in range(10_000):  # a hand is a few hundred moves: this only bounds a table gone wrong
            if self.state != "playing" or all(s.link is None or s.away for s in self.seats):
                # Nobody is there (everybody dropped, left or is away): the computers do not play the game on
                # alone; it waits where it is for the first player to come back.
                wake = None
                break
            wake = self._step(now)
            if wake != 0:
                break
        self._flush()
        if self.state == "playing":
            dropped = [s.dropped_at + self.timers.reconnect - now for s in self.seats if s.dropped_at is not None]
            if dropped:
                wake = min([w for w in (wake, *dropped) if w is not None])
        return None if wake is None else max(0.0, wake)

    def _step(self, now: float) -> float | None:
        """One thing due now (then 0), or how long until the next (None: waiting for a player)."""
        session = self.session
        table = session.table
        if table is None:
            session.deal()
            self.changed_at = now
            return 0
        if table.phase == "over":
            return self._after_hand(now)
        if table.phase == "dealt":
            due = self.changed_at + self.timers.deal_pause  # changed_at: when it was dealt
            players = [s for s in self.seats if s.link is not None and not s.away]
            if now < due and any(s.ready < self.hand_number for s in players):
                return due - now  # the players still watch the deal
            session.start()
            self.changed_at = now
            return 0
        awaiting = table.awaiting()
        if table.phase == "passing" or table.phase in ("claims", "rob"):
            computers = [s for s in awaiting if self._computer(s)]
            if [seat for seat in computers if session.computer_move(seat)]:
                self.changed_at = now
                return 0
            if not awaiting:
                return None
            if table.phase == "passing":
                return self._turn_timer(now, awaiting)
            key = (id(table), len(table.events))
            if self._claim_key != key:
                winning = any((isinstance(a, Claim) and a.type == "mah_jongg") or isinstance(a, MahJongg)
                              for seat in awaiting for a in table.legal_actions(seat))
                window = self.timers.winning_claim_window if winning else self.timers.claim_window
                self._claim_key, self._claim_deadline = key, now + window
            if now < self._claim_deadline:
                return self._claim_deadline - now
            for seat in awaiting:  # the claim window closed: the discard is let go for them
                session.act(Pass(), seat)
            self.changed_at = now
            return 0
        if table.phase == "turn" and awaiting:
            if not self._computer(awaiting[0]):
                return self._turn_timer(now, awaiting)
            due = self.changed_at + self.timers.discard_delay
            if now < due:
                return due - now
            if not session.computer_move(awaiting[0]):
                return None  # thinking in the background: the server is woken when it is done
            self.changed_at = now
            return 0
        return None

    def _turn_timer(self, now: float, awaiting: list[int]) -> float | None:
        """The players' own decisions (a turn, tiles to pass): when the turn timer runs out, the server acts for
        each (:meth:`_time_out`); the seconds left until then, or None without a timer."""
        if self.timers.turn <= 0:
            return None
        table = self.session.table
        assert table is not None
        key = (id(table), len(table.events))
        if self._turn_key != key:
            self._turn_key, self._turn_deadline = key, now + self.timers.turn
        if now < self._turn_deadline:
            return self._turn_deadline - now
        for seat in awaiting:
            if not self._computer(seat) and self.session.table is table and seat in table.awaiting():
                self._time_out(self.seats[seat])
        self.changed_at = now
        return 0

    def _time_out(self, seat: SeatState) -> None:
        """``seat``'s player let the turn timer run out: the drawn tile is discarded for them (it goes out
        unchanged, as at any table with a clock), or the computer decides when there is none (after a claim,
        choosing tiles to pass); everybody is told. Again and again, and the seat is the computer's until its
        player acts."""
        table = self.session.table
        assert table is not None
        self._flush()  # what came before goes out before the announcement
        drawn = table.drawn_tile if table.phase == "turn" else None
        plain = next((a for a in table.legal_actions(seat.seat) if isinstance(a, Discard) and a.tile == drawn
                      and not a.standing), None) if drawn is not None else None
        if plain is not None:
            self.session.act(plain, seat.seat)
        else:
            self.session.play_computer_turn(seat.seat)
        done = next((action for who, action in reversed(table.actions) if who == seat.seat), None)
        seat.timeouts += 1
        newly_away = seat.timeouts >= AWAY_AFTER and not seat.away
        seat.away = seat.away or newly_away
        log.info("table %s: seat %d timed out (%d in a row)%s", self.table_id, seat.seat, seat.timeouts,
                 "; a computer plays it until its player acts" if newly_away else "")
        frame = pr.encode(pr.TimedOut(hand=self.hand_number, seat=seat.seat, away=seat.away,
                                      action=action_to_text(done) if done is not None else ""))
        for s in self.seats:
            if s.link is not None:
                s.link.send(frame)
        if newly_away:
            self._send_room()

    def _after_hand(self, now: float) -> float | None:
        session = self.session
        if session.outcome is None:
            session.finish_hand()  # scored and settled; the hooks autosave the match
            self._end_at = now + self.timers.end_pause
            return 0
        if self._end_at is not None and now < self._end_at:
            return self._end_at - now
        self._end_at = None
        if session.match.is_over or (self.hand_limit is not None and len(session.match.history) >= self.hand_limit):
            self._end(session.match.is_over)
            return None
        self._flush()
        session.deal()
        self.changed_at = now
        return 0

    def _end(self, game_over: bool) -> None:
        """The game is over (everybody is told the totals), or the hands to play tonight are played (the game is
        saved and can be resumed); every connection is closed."""
        self._flush()
        self.state = "over"
        session = self.session
        frames = [pr.encode(pr.GameOver(totals=_four(session.match.totals)))] if game_over else []
        frames.append(pr.encode(pr.Goodbye(reason="game_over" if game_over else "hands_played")))
        for s in self.seats:
            if s.link is not None:
                for frame in frames:
                    s.link.send(frame)
                s.link.close()
                s.link = None
        log.info("table %s: %s (%s)", self.table_id, "the game is over" if game_over else "the hands are played",
                 session.match.totals)

    # -- telling the seats ------------------------------------------------------------------------------------

    def _flush(self) -> None:
        """Send every connected seat the new events as it may see them, then its view if that changed."""
        events = self.session.drain()
        hand = self.hand_number
        if hand != self._log_hand:
            self._hand_log, self._log_hand, self._scores = [], hand, None
        self._hand_log.extend(events)
        scores = None
        outcome = self.session.outcome
        if outcome is not None and self._scores is None:
            scores = self._scores = scores_message(hand, outcome.results)
        for s in self.seats:
            if s.link is None:
                continue
            if events:
                s.link.send(pr.encode(pr.Events(hand=hand, events=tuple(events_for(events, s.seat)))))
            if scores is not None:
                s.link.send(pr.encode(scores))
            self._send_view(s)

    def _send_view(self, s: SeatState, force: bool = False) -> None:
        table = self.session.table
        if table is None or s.link is None:
            return
        over = table.phase == "over"
        legal = [] if over else table.legal_actions(s.seat)
        deadline = None
        if legal and table.phase in ("claims", "rob") and self._claim_key == (id(table), len(table.events)):
            deadline = round(max(0.0, self._claim_deadline - self.clock()), 3)
        turn_deadline = None
        if (legal and table.phase in ("turn", "passing") and not s.away
                and self._turn_key == (id(table), len(table.events))):
            turn_deadline = round(max(0.0, self._turn_deadline - self.clock()), 3)
        hands = [tuple(p.concealed) for p in table.players] if over else None
        message = view_message(table.view(s.seat), hand=self.hand_number, step=len(table.events), legal=legal,
                               deadline=deadline, totals=self.session.match.totals, wild=table.wild_tile,
                               hands=hands, turn_deadline=turn_deadline)
        frame = pr.encode(message)
        # The deadlines count down, so only whether there is one counts in the comparison: a view is sent when the
        # table changed, or a timer started.
        key = frame if deadline is None and turn_deadline is None else pr.encode(message.model_copy(update={
            "deadline": None if deadline is None else -1.0,
            "turn_deadline": None if turn_deadline is None else -1.0}))
        if force or key != s.last_view:
            s.last_view = key
            s.link.send(frame)


def refused(code: str, detail: str = "", **data: Any) -> pr.Refused:
    return pr.Refused(code=code, detail=detail, data=data)


def _plain(data: dict[str, Any]) -> dict[str, Any]:
    """A refusal's values as JSON can carry them (sets become sorted lists)."""
    return json.loads(json.dumps(data, default=lambda v: sorted(v) if isinstance(v, set | frozenset) else str(v)))


def _four(values: list[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])
