"""The messages of network play: one JSON object per WebSocket text frame, told apart by its ``type``.

Every message is a pydantic model here; :func:`decode_client` and :func:`decode_server` turn a frame into one
(raising :class:`ProtocolError` with a refusal code for anything else), :func:`encode` turns one into a frame.
The flow and a JSON Schema for each message are in ``docs/network.md`` (the schemas are written from these models
by ``tools/export_net_schemas.py``).

Actions travel in the notation of saves and replays (``discard 3C``, ``claim pung 5D 5D``, ``pass``:
:func:`game.core.actions.action_to_text`), so the wire needs no second encoding of them. Tiles are the engine's
tile numbers. What a seat may not see never enters a message for it (see :mod:`game.net.filter`).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

VERSION = 1
"""The protocol version; a client with another one is refused with ``version_mismatch`` and told this one."""

MAX_CLIENT_MESSAGE = 4096
"""The largest frame a client may send, in bytes (an action is a few dozen): anything longer is refused unread."""
MAX_SERVER_MESSAGE = 2 * 1024 * 1024
"""The largest frame the server sends (the waiting room's ruleset data is the big one)."""
MAX_NAME = 24
"""The longest player name, in characters."""
TOKEN_LENGTH = 32
"""A seat token: 32 URL-safe characters from ``secrets.token_urlsafe(24)``."""

Seat = Annotated[int, Field(ge=0, le=3)]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME, pattern=r"^[^\x00-\x1f\x7f]+$")]
Token = Annotated[str, Field(min_length=TOKEN_LENGTH, max_length=TOKEN_LENGTH, pattern=r"^[A-Za-z0-9_-]+$")]
ActionText = Annotated[str, Field(min_length=1, max_length=120)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


# -- client to server ------------------------------------------------------------------------------------------

class Hello(_Message):
    """The first message of a connection: join the table as ``name``, or take one's seat back with ``token``."""

    type: Literal["hello"] = "hello"
    version: int
    name: Name
    token: Token | None = None
    """The token of a seat held before (reconnecting); None to take a free seat."""


class Start(_Message):
    """The host starts the game now; computer players take the seats nobody has joined."""

    type: Literal["start"] = "start"


class Act(_Message):
    """Do ``action`` (save notation) in the decision ``step`` of hand ``hand`` (both from the last ``view``): an
    action meant for a decision the table has moved past is refused as ``stale``, never applied to the next."""

    type: Literal["action"] = "action"
    hand: int = Field(ge=0)
    step: int = Field(ge=0)
    action: ActionText


class Ready(_Message):
    """The player has seen hand ``hand`` dealt (its deal animation is over, or it shows none): play starts once
    every connected player is ready, or when the server's ``deal_pause`` runs out, whichever comes first."""

    type: Literal["ready"] = "ready"
    hand: int = Field(ge=0)


class Ping(_Message):
    """Is the server there? Answered by a ``pong`` with the same ``id``."""

    type: Literal["ping"] = "ping"
    id: int = Field(ge=0, le=2**31)


class Leave(_Message):
    """The player leaves the table for good (a computer player takes the seat; the token is void)."""

    type: Literal["bye"] = "bye"


ClientMessage = Annotated[Hello | Start | Act | Ready | Ping | Leave, Field(discriminator="type")]


# -- server to client ------------------------------------------------------------------------------------------

class Welcome(_Message):
    """The seat is this connection's: ``token`` takes it back after a drop (keep it secret, it is the seat)."""

    type: Literal["welcome"] = "welcome"
    version: int = VERSION
    seat: Seat
    token: Token
    reconnected: bool = False
    reconnect_seconds: float
    """How long the seat is kept for a dropped connection before a computer player takes it for good."""


class SeatInfo(_Message):
    seat: Seat
    name: str
    kind: Literal["player", "computer", "open", "empty"]
    """A player holds the seat (``connected`` false while they have dropped: a computer plays it until they are
    back or their reconnect time is up); a computer plays it (nobody joined, its player left or did not come back,
    or is ``away``); it is still free; or it is the empty chair of a three-handed game, which nobody plays."""
    connected: bool = False
    host: bool = False
    away: bool = False
    """The player is connected but let their turn time run out again and again: a computer plays the seat (kind
    ``computer``) until they act again."""
    personality: str = ""
    """The computer player that plays the seat while no player does: its personality's name, as its mod words
    it (empty for the plain computer player, which has none)."""
    strategy: str = ""
    """That personality's way of playing, as its mod words it."""


class ModInfo(_Message):
    id: str
    version: str = ""


class Room(_Message):
    """The waiting room (sent on joining and whenever a seat changes): who sits where, the ruleset and the mods
    it needs. ``ruleset_data`` is the ruleset's own file (YAML text, data only, never code) so a client without
    its mod can still show the rules; play needs nothing from the client but actions."""

    type: Literal["room"] = "room"
    table: str
    seats: tuple[SeatInfo, ...]
    ruleset: str
    ruleset_name: str
    mods: tuple[ModInfo, ...] = ()
    ruleset_data: str | None = None
    started: bool = False
    timers: dict[str, float] = Field(default_factory=dict)
    """The server's timers in seconds: ``claim_window``, ``winning_claim_window``, ``discard_delay``,
    ``end_pause``, ``reconnect``, ``turn`` (0: none) and ``deal_pause``."""
    start_score: int | None = None
    """Every player's score at the start of the game (the host may have chosen another than the ruleset's);
    None: the ruleset's."""


class MeldInfo(_Message):
    kind: str
    tiles: tuple[int, ...]
    exposed: bool = True
    claimed_tile: int | None = None
    promoted: bool = False
    first_discard: bool = False


class SeatView(_Message):
    """What everybody sees of a seat."""

    seat: Seat
    seat_wind: int
    melds: tuple[MeldInfo, ...]
    bonus: tuple[int, ...]
    discards: tuple[int, ...]
    concealed_count: int
    standing: bool
    ready: bool = False
    concealed: tuple[int, ...] | None = None
    """Only once the hand is over (everybody's hand is shown), or for the seat's own view."""


class View(_Message):
    """The table as one seat sees it, with what it may do now. ``step`` and ``hand`` go back in its ``action``.
    ``deadline`` is the seconds left to decide (the claim window) or None when the table waits for this seat."""

    type: Literal["view"] = "view"
    hand: int
    step: int
    seat: Seat
    seat_wind: int
    round_wind: int
    east: int
    phase: str
    current: int
    concealed: tuple[int, ...]
    drawn: int | None
    players: tuple[SeatView, ...]
    last_discard: tuple[int, int] | None
    tiles_left: int
    discard_count: int = 0
    discard_order: tuple[tuple[int, int], ...] = ()
    goulash: bool = False
    empty_seat: int | None = None
    """The empty chair of a three-handed game (its entry in ``players`` has nothing), or None."""
    wild: int | None = None
    legal: tuple[str, ...] = ()
    deadline: float | None = None
    turn_deadline: float | None = None
    """The seconds left of this seat's own decision (its turn, or choosing tiles to pass) before the server acts
    for it (the turn timer, see ``timed_out``); None when there is no timer or nothing to decide."""
    totals: tuple[int, int, int, int] = (0, 0, 0, 0)


class Events(_Message):
    """What happened, oldest first, as this seat may see it: the engine's events (``kind`` and fields, as in
    :mod:`game.core.events`) with the tiles of other seats' hands, draws and passes left out (``-1``)."""

    type: Literal["events"] = "events"
    hand: int
    events: tuple[dict[str, Any], ...]
    resent: bool = False
    """The hand's events from its deal, sent again to a player taking their seat back: they replace whatever the
    client had of the hand (it may have missed some while it was away)."""


class ScoreLine(_Message):
    """One line of a scored hand: its name (the ruleset's words), its points and doubles, the tiles it is for."""

    name: str
    points: int = 0
    doubles: int = 0
    id: str = ""
    tiles: tuple[int, ...] = ()


class SeatScore(_Message):
    """A seat's scored hand, as the scores box shows it (``game.core.scoring.ScoreResult``)."""

    winner: bool
    mah_jongg: bool
    special_hand: str | None = None
    special_hand_id: str | None = None
    points: int
    doubles: int
    score: int
    limited: bool = False
    items: tuple[ScoreLine, ...] = ()
    arrangement: tuple[tuple[int, ...], ...] = ()
    """The winning hand's sets, to show it set out as it was scored."""


class Scores(_Message):
    """The scoring lines of every seat's hand once the hand is scored (every hand is shown then), by seat; an
    entry is null for a seat whose hand is not scored (nobody went Mah Jongg, or the ruleset scores no hands)."""

    type: Literal["scores"] = "scores"
    hand: int
    results: tuple[SeatScore | None, SeatScore | None, SeatScore | None, SeatScore | None]


class TimedOut(_Message):
    """Seat ``seat`` let its turn timer run out in hand ``hand``: the server did ``action`` for it (save
    notation: the drawn tile discarded, or the computer's choice). ``away``: it has happened again and again, so a
    computer plays the seat until its player acts again. Sent to every seat (before the events it caused)."""

    type: Literal["timed_out"] = "timed_out"
    hand: int
    seat: Seat
    action: str
    away: bool = False


class Refused(_Message):
    """A message was not accepted, and why (``code``; ``detail`` in words). The table plays on."""

    type: Literal["refusal"] = "refusal"
    code: str
    detail: str = ""
    data: dict[str, Any] = Field(default_factory=dict)


class Pong(_Message):
    type: Literal["pong"] = "pong"
    id: int


class GameOver(_Message):
    """The match is over (the final totals are in the events before this); the connection is closed next."""

    type: Literal["game_over"] = "game_over"
    totals: tuple[int, int, int, int]


class Goodbye(_Message):
    """The server closes the connection, and why (``reason``: ``left``, ``replaced``, ``server_closing``,
    ``too_many_refusals``, ``game_over``)."""

    type: Literal["bye"] = "bye"
    reason: str


ServerMessage = Annotated[Welcome | Room | View | Events | Scores | TimedOut | Refused | Pong | GameOver
                          | Goodbye, Field(discriminator="type")]

CLIENT_MESSAGES: tuple[type[_Message], ...] = (Hello, Start, Act, Ready, Ping, Leave)
SERVER_MESSAGES: tuple[type[_Message], ...] = (Welcome, Room, View, Events, Scores, TimedOut, Refused, Pong,
                                               GameOver, Goodbye)

_CLIENT = TypeAdapter(ClientMessage)
_SERVER = TypeAdapter(ServerMessage)


class ProtocolError(ValueError):
    """A frame that is not a message of this protocol; ``code`` is the refusal code sent back."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def _parse(frame: str | bytes, limit: int) -> Any:
    if isinstance(frame, bytes):
        raise ProtocolError("malformed", "messages are JSON text frames, not binary")
    if len(frame) > limit or len(frame.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError("too_large", f"a message may be at most {limit} bytes")
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("malformed", f"not JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("malformed", "a message is a JSON object with a 'type'")
    return data


def _validated(adapter: TypeAdapter, data: Any) -> Any:
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        code = "unknown_type" if first.get("type") == "union_tag_invalid" else "malformed"
        raise ProtocolError(code, f"{where}: {first.get('msg', 'invalid')}") from None


def decode_client(frame: str | bytes) -> Hello | Start | Act | Ready | Ping | Leave:
    """The client message in ``frame``; raises :class:`ProtocolError` for anything else."""
    return _validated(_CLIENT, _parse(frame, MAX_CLIENT_MESSAGE))


def decode_server(frame: str | bytes) -> (Welcome | Room | View | Events | Scores | TimedOut | Refused | Pong
                                          | GameOver | Goodbye):
    """The server message in ``frame`` (for clients); raises :class:`ProtocolError` for anything else."""
    return _validated(_SERVER, _parse(frame, MAX_SERVER_MESSAGE))


def encode(message: _Message) -> str:
    """The frame of ``message``: compact JSON (tuples as lists)."""
    return message.model_dump_json()


def json_schemas() -> dict[str, dict[str, Any]]:
    """A JSON Schema per message, by file stem (``client.hello``, ``server.view`` …), for ``docs/network.md``."""
    out: dict[str, dict[str, Any]] = {}
    for side, models in (("client", CLIENT_MESSAGES), ("server", SERVER_MESSAGES)):
        for model in models:
            name = model.model_fields["type"].default
            schema = model.model_json_schema()
            # The models fill ``type`` in when one is built in code; on the wire it is what tells messages apart.
            schema["required"] = ["type", *schema.get("required", [])]
            out[f"{side}.{name}"] = schema
    return out
