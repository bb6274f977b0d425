"""The table a network player sees, rebuilt from the server's messages: a seat's view and its public events.

The client's table scene draws a :class:`game.core.table.Table` and animates the engine's events. At a network
table the client holds no wall and no other seat's hand, so :class:`MirrorTable` is a ``Table`` filled from the
seat's :class:`~game.net.protocol.View` (the other seats' concealed tiles are ``HIDDEN`` until the hand is over)
and never asked to decide anything: what the player may do is the server's ``legal`` list.

Seats are turned so that the player sits at seat 0, as at a local table (the scene puts seat 0 at the bottom):
``local = (server - me) % 4``. Every event and view is turned on its way in, every action on its way out.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from game.core import events as ev
from game.core.melds import Meld, MeldKind
from game.core.play_rules import PlayRules
from game.core.scoring import ScoreResult
from game.core.scoring_plan import ScoreItem
from game.core.table import PlayerState, Table
from game.net.filter import HIDDEN
from game.net.protocol import SeatScore, SeatView, View

_SEAT_FIELDS = frozenset({"seat", "from_seat", "east", "winner"})
"""Event fields that name a seat."""
_PER_SEAT_FIELDS = frozenset({"seat_winds", "scores", "deltas", "totals"})
"""Event fields holding one value per seat, in seat order."""
_EVENT_TYPES: dict[str, type[ev.Event]] = {cls.kind: cls for cls in ev._EVENT_CLASSES}


class Seats:
    """The turn between the server's seat numbers and the player's own (the player at local seat 0)."""

    def __init__(self, me: int) -> None:
        self.me = me

    def local(self, seat: int | None) -> int | None:
        return None if seat is None else (seat - self.me) % 4

    def server(self, seat: int) -> int:
        return (seat + self.me) % 4

    def per_seat(self, values: Any) -> tuple:
        """A tuple in server seat order, turned into local seat order."""
        values = tuple(values)
        return tuple(values[self.server(local)] for local in range(len(values))) if len(values) == 4 else values


def _tuples(value: Any) -> Any:
    """JSON's lists as the engine's tuples, all the way down."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list | tuple) else value


def event_from_wire(data: dict[str, Any], seats: Seats) -> ev.Event | None:
    """The engine event the server sent as ``data``, turned to local seats; None for a kind this client does not
    know (a newer server's), which is skipped rather than stopping the table."""
    cls = _EVENT_TYPES.get(str(data.get("kind")))
    if cls is None:
        return None
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            return None
        value = _tuples(data[f.name])
        if f.name in _SEAT_FIELDS:
            value = seats.local(value)
        elif f.name in _PER_SEAT_FIELDS:
            value = seats.per_seat(value)
        elif cls is ev.Settled and f.name == "payments":
            value = tuple((seats.local(a), seats.local(b), amount) for a, b, amount in value)
        elif cls is ev.TilesPassed and f.name == "moves":
            value = tuple((seats.local(a), seats.local(b), tiles) for a, b, tiles in value)
        elif cls is ev.EastChosen and f.name == "throws":
            value = tuple(seats.per_seat(round_) for round_ in value)
        values[f.name] = value
    try:
        return cls(**values)
    except (TypeError, ValueError):
        return None


class MirrorWall:
    """What a player knows of the wall: how many tiles are left to draw (where they lie is the ceremony's
    picture, drawn from the events)."""

    def __init__(self) -> None:
        self.live_count = 0
        self.stacks_per_side = 0
        self.tiles: dict = {}
        self.breach = None
        self.loose: tuple = ()
        self.kong_box: tuple = ()
        self.ring = 0
        self.kong_box_stacks = 0


class MirrorTable(Table):
    """A hand as one seat sees it, kept up to date from the server's views (one object per hand, so the scene's
    animations keep their table). It decides nothing: :meth:`awaiting` says only whether the player is asked."""

    def __init__(self, rules: PlayRules, judge: Any, hand_number: int) -> None:
        self.rules = rules
        self.judge = judge
        self.seed = 0
        self.prepared = None
        self.hand_number = hand_number
        self.east = 0
        self.round_wind = 0
        self.goulash = False
        self.empty_seat: int | None = None
        """A three-player ruleset's empty seat, in this window's seats (set from the first view)."""
        self._order = [0, 1, 2, 3]
        self.passes = rules.charleston
        self._pass_step = 0
        self.players = [PlayerState() for _ in range(4)]
        self.events: list[ev.Event] = []
        self.actions: list = []
        self.phase = "dealt"
        self.begun = False
        self.current = 0
        self.result = None
        self.discard_count = 0
        self.claims_made = 0
        self.last_discard: tuple[int, int] | None = None
        self._drawn: int | None = None
        self._opponent_views: dict = {}
        self.discard_order: list[tuple[int, int]] = []
        self.mirror_wall = MirrorWall()
        self.wall = self.mirror_wall  # type: ignore[assignment]  # the wall is the server's: only its count is here
        self.asked = False
        """The server waits for this seat's decision (its ``legal`` list is not empty)."""
        self.wild: int | None = None

    @property
    def wild_tile(self) -> int | None:
        return self.wild

    def follow(self, view: View, seats: Seats) -> None:
        """Take the state of ``view`` (the server's, turned to local seats)."""
        self.east = seats.local(view.east) or 0
        self.round_wind = view.round_wind
        self.phase = view.phase
        self.current = seats.local(view.current) or 0
        self.goulash = view.goulash
        empty = self.rules.empty_seat
        self.empty_seat = None if empty is None else seats.local(empty)
        self._order = [seat for seat in range(4) if seat != self.empty_seat]
        self.passes = self.rules.goulash if view.goulash else self.rules.charleston
        self.wild = view.wild
        self.last_discard = (None if view.last_discard is None
                             else (seats.local(view.last_discard[0]) or 0, view.last_discard[1]))
        self.discard_order = [(seats.local(s) or 0, t) for s, t in view.discard_order]
        self.discard_count = view.discard_count
        self.mirror_wall.live_count = view.tiles_left
        self._drawn = view.drawn if self.current == 0 and view.phase == "turn" else None
        self.asked = bool(view.legal)
        if view.phase not in ("dealt", "passing"):
            self.begun = True
        for seen in view.players:
            local = seats.local(seen.seat) or 0
            own = view.concealed if local == 0 else None
            self.players[local] = _player(seen, own)

    def awaiting(self) -> list[int]:
        if self.phase == "turn":
            return [self.current]
        return [0] if self.asked else []

    def legal_actions(self, seat: int) -> list:
        raise NotImplementedError("a network table's legal actions are the server's (RemoteSession.human_legal)")

    def can_take_back(self, seat: int) -> bool:
        return False  # the server's table has already shown the discard to everybody

    def note_passing(self, event: ev.PassingStarted) -> None:
        """The passing step under way (a view does not say which one it is)."""
        self._pass_step = event.step if 0 <= event.step < len(self.passes) else 0


def _player(seen: SeatView, own: tuple[int, ...] | None) -> PlayerState:
    """A seat's state from what the view shows of it: its own tiles for the player, else hidden ones (or the
    whole hand, once the hand is over)."""
    if own is not None:
        concealed = list(own)
    elif seen.concealed is not None:
        concealed = list(seen.concealed)
    else:
        concealed = [HIDDEN] * seen.concealed_count
    melds = [Meld(MeldKind(m.kind), tuple(m.tiles), m.exposed, m.claimed_tile, m.promoted, m.first_discard)
             for m in seen.melds]
    return PlayerState(concealed=concealed, melds=melds, bonus=list(seen.bonus), discards=list(seen.discards),
                       standing=seen.standing, ready=seen.ready, has_discarded=bool(seen.discards))


def score_result(sent: SeatScore | None) -> ScoreResult | None:
    """A seat's scored hand as the server's ``scores`` message gives it (tiles and sets are not seat-bound)."""
    if sent is None:
        return None
    items = tuple(ScoreItem(i.name, i.points, i.doubles, i.id, tuple(i.tiles)) for i in sent.items)
    return ScoreResult(sent.winner, sent.mah_jongg, sent.special_hand, sent.points, sent.doubles, sent.score,
                       sent.limited, items, tuple(tuple(g) for g in sent.arrangement), sent.special_hand_id)
