"""What happened. Every state change of a hand or a match is one event, carrying what a client needs to
animate it (seats, tiles, wall positions). The event log, hashed, identifies a game: the same seed and the same
actions always give the same log.

Events carry every tile, including ones a player may not see; the client shows only what its seat may see.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, fields
from json import encoder as json_encoder
from typing import Any, ClassVar

from game.core.frozen import quick_init

Pos = tuple[int, int]


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        names = _FIELD_NAMES.get(type(self))
        if names is None:  # dataclasses.fields() is slow enough to show in the hash of every hand's log
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in fields(self))
        data: dict[str, Any] = {"kind": self.kind}
        for name in names:
            data[name] = getattr(self, name)
        return data


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


# -- the ceremony ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class EastChosen(Event):
    """At the start of a game every player threw a die; the highest became East (L1177–L1181)."""

    kind: ClassVar[str] = "east_chosen"
    seat: int
    throws: tuple[tuple[int, ...], ...]
    """One tuple per throwing round (ties throw again), a die per seat still in it (0 = not throwing)."""


@dataclass(frozen=True)
class HandStarted(Event):
    kind: ClassVar[str] = "hand_started"
    hand_number: int
    east: int
    round_wind: int
    seat_winds: tuple[int, int, int, int]


@dataclass(frozen=True)
class WallBuilt(Event):
    """The tiles were shuffled and built into four walls, two high."""

    kind: ClassVar[str] = "wall_built"
    stacks_per_side: int
    tiles: int


@dataclass(frozen=True)
class DiceThrown(Event):
    """``purpose`` is ``wall`` (East's throw choosing the side) or ``breach`` (the second throw)."""

    kind: ClassVar[str] = "dice_thrown"
    seat: int
    dice: tuple[int, ...]
    purpose: str


@dataclass(frozen=True)
class WallBroken(Event):
    """The breach stack was opened; its two tiles became the loose tiles on top of the wall."""

    kind: ClassVar[str] = "wall_broken"
    side: int
    position: int
    stack: int
    loose: tuple[Pos, ...]
    kong_box: tuple[Pos, ...]


@dataclass(frozen=True)
class TilesDealt(Event):
    kind: ClassVar[str] = "tiles_dealt"
    seat: int
    tiles: tuple[int, ...]
    positions: tuple[Pos, ...]


@dataclass(frozen=True)
class BonusExposed(Event):
    """A flower or season was laid out above the stake."""

    kind: ClassVar[str] = "bonus_exposed"
    seat: int
    tile: int


@dataclass(frozen=True)
class ReplacementDrawn(Event):
    """A loose tile was taken for a flower, season or kong; when it was the last loose tile, ``moves`` then laid
    out the next two on top of the wall."""

    kind: ClassVar[str] = "replacement_drawn"
    seat: int
    tile: int
    position: Pos
    moves: tuple[tuple[Pos, Pos], ...]


@dataclass(frozen=True)
class PassingStarted(Event):
    """A step of the Charleston or goulash begins: every player chooses ``count`` tiles to pass on."""

    kind: ClassVar[str] = "passing_started"
    step: int
    direction: str
    count: int


@dataclass(frozen=True)
class TilesPassed(Event):
    """Every player passed tiles: ``moves`` holds (from seat, to seat, tiles)."""

    kind: ClassVar[str] = "tiles_passed"
    step: int
    moves: tuple[tuple[int, int, tuple[int, ...]], ...]


@dataclass(frozen=True)
class PlayStarted(Event):
    kind: ClassVar[str] = "play_started"
    tiles_left: int


# -- play ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TileDrawn(Event):
    kind: ClassVar[str] = "tile_drawn"
    seat: int
    tile: int
    position: Pos
    tiles_left: int


@dataclass(frozen=True)
class TileDiscarded(Event):
    kind: ClassVar[str] = "tile_discarded"
    seat: int
    tile: int


@dataclass(frozen=True)
class DiscardTakenBack(Event):
    """The discarder took the tile back before anybody claimed it (the classic Undo, L485)."""

    kind: ClassVar[str] = "discard_taken_back"
    seat: int
    tile: int


@dataclass(frozen=True)
class StandingHandDeclared(Event):
    kind: ClassVar[str] = "standing_hand_declared"
    seat: int
    waits: tuple[int, ...]


@dataclass(frozen=True)
class ReadyDeclared(Event):
    """A ready hand (``declare``) or riichi was declared with a discard."""

    kind: ClassVar[str] = "ready_declared"
    seat: int
    riichi: bool


@dataclass(frozen=True)
class ReadyCancelled(Event):
    """A riichi was cancelled because the player let a winning tile pass."""

    kind: ClassVar[str] = "ready_cancelled"
    seat: int
    tile: int


@dataclass(frozen=True)
class DiscardClaimed(Event):
    """A discard was claimed for a chow, pung or kong and the set exposed."""

    kind: ClassVar[str] = "discard_claimed"
    seat: int
    from_seat: int
    tile: int
    claim: str
    meld: tuple[int, ...]


@dataclass(frozen=True)
class KongDeclared(Event):
    """A kong was declared on the player's own turn: concealed (both ends face down) or promoted from a pung."""

    kind: ClassVar[str] = "kong_declared"
    seat: int
    tile: int
    concealed: bool
    promoted: bool


@dataclass(frozen=True)
class KongRobbed(Event):
    kind: ClassVar[str] = "kong_robbed"
    seat: int
    from_seat: int
    tile: int


@dataclass(frozen=True)
class MahJonggDeclared(Event):
    kind: ClassVar[str] = "mah_jongg"
    seat: int
    tile: int | None
    won_by: str
    from_seat: int | None
    special_hand: str | None


@dataclass(frozen=True)
class CannonLetOff(Event):
    """``seat`` let off a cannon (British L77-L89): its discard went out ``winner``, who showed the pattern
    ``pattern``. It pays the winner for everybody and the losers settle nothing among themselves, unless
    ``no_choice``: waiting to go out, it had no other discard that kept its hand ready (L89)."""

    kind: ClassVar[str] = "cannon"
    seat: int
    winner: int
    tile: int
    pattern: str
    no_choice: bool


@dataclass(frozen=True)
class FaultyOut(Event):
    """A declaration of going out with a hand that is not complete: the hand ends (Four Winds L230, L876)."""

    kind: ClassVar[str] = "faulty_out"
    seat: int
    tile: int | None
    """The discard claimed to go out, or None on one's own turn."""


@dataclass(frozen=True)
class FaultyClaim(Event):
    """A claim that does not fit the hand (Four Winds L407, L1472): counted for the penalty, taken as a pass."""

    kind: ClassVar[str] = "faulty_claim"
    seat: int
    claim: str
    tile: int


@dataclass(frozen=True)
class HandDead(Event):
    """The live wall ran out with nobody Mah Jongg (L1359–L1367)."""

    kind: ClassVar[str] = "hand_dead"
    reason: str


# -- the match -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HandScored(Event):
    kind: ClassVar[str] = "hand_scored"
    scores: tuple[int, int, int, int]
    winner: int | None


@dataclass(frozen=True)
class Settled(Event):
    kind: ClassVar[str] = "settled"
    deltas: tuple[int, int, int, int]
    payments: tuple[tuple[int, int, int], ...]
    """(from seat, to seat, amount)."""
    totals: tuple[int, int, int, int]


@dataclass(frozen=True)
class SettlementSkipped(Event):
    """The hand was scored but not settled, for ``reason`` (a code: ``all_hands_visible``, M13)."""

    kind: ClassVar[str] = "settlement_skipped"
    reason: str


@dataclass(frozen=True)
class DealPassed(Event):
    """The red stake passed to the next player (East rotates to the right, L1389)."""

    kind: ClassVar[str] = "deal_passed"
    east: int


@dataclass(frozen=True)
class RoundWindChanged(Event):
    kind: ClassVar[str] = "round_wind_changed"
    round_wind: int


@dataclass(frozen=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    totals: tuple[int, int, int, int]
    winner: int


def _all_events(cls: type[Event]) -> list[type[Event]]:
    return [sub for direct in cls.__subclasses__() for sub in (direct, *_all_events(direct))]


_EVENT_CLASSES = tuple(_all_events(Event))

# A hand makes a hundred-odd events: each gets the quicker constructor (see game.core.frozen).
for _event_class in _EVENT_CLASSES:
    quick_init(_event_class)


# json.dumps with options builds a new encoder on every call; one shared encoder writes the same text.
_LOG_ENCODER = json.JSONEncoder(separators=(",", ":"), sort_keys=True)
# JSONEncoder.encode still sets up its C encoder on every call, half the time of a small dict; this is the encoder
# it sets up (``c_make_encoder`` with its own arguments; no circular check, an event is never circular), made once.
# Where the C accelerator is missing, the shared encoder does the work: the text is the same either way.
_MAKE_ENCODER = getattr(json_encoder, "c_make_encoder", None)  # private to json, so not in its type stubs
_C_ENCODER = None if _MAKE_ENCODER is None else _MAKE_ENCODER(
    None, _LOG_ENCODER.default, json_encoder.encode_basestring_ascii, None, ":", ",", True, False, True)


def _encode(data: dict[str, Any]) -> str:
    if _C_ENCODER is None:
        return _LOG_ENCODER.encode(data)
    return "".join(_C_ENCODER(data, 0))


def _event_text(event: Event) -> str:
    return _encode(event.to_dict())


def _ints_text(value: object) -> str | None:
    """A tuple of plain ints as JSON, else None (a bool is an int to ``isinstance``, not to JSON)."""
    if type(value) is not tuple:
        return None
    for x in value:
        if type(x) is not int:
            return None
    return "[" + ",".join(map(str, value)) + "]"


# The field types that hold ints or tuples of them, the bulk of a hand's log (draws, discards, the deal): the code
# that reads field ``f`` into ``t`` (its JSON text, None for a value of another type).
_INT_FIELD_CODE = {
    "int": ["t = e.{f}", "if type(t) is not int:", "    t = None"],
    "Pos": ["v = e.{f}", "t = (f'[{{v[0]}},{{v[1]}}]' if type(v) is tuple and len(v) == 2 and type(v[0]) is int",
            "     and type(v[1]) is int else None)"],
    "tuple[int, int, int, int]": ["t = _ints_text(e.{f})"],
    "tuple[int, ...]": ["t = _ints_text(e.{f})"],
}


def _text_writer(cls: type[Event]) -> Callable[[Event], str]:
    """The JSON line of a ``cls`` event as ``_encode`` writes it (sorted keys, no spaces), written directly when
    every field is an int or a tuple of ints, several times quicker than a dict through the encoder: a hand's log
    is hashed at its end, a hundred-odd events. A value of another type at run time (a bool, None) falls back to
    the encoder, so the text is always the encoder's."""
    types = {f.name: str(f.type) for f in fields(cls)}  # annotations are strings here (postponed evaluation)
    if any(t not in _INT_FIELD_CODE for t in types.values()):
        return _event_text
    lines = ["def write(e):"]
    pieces = []
    for name in sorted(["kind", *types]):
        if name == "kind":
            pieces.append(f'"kind":{json.dumps(cls.kind)}')
            continue
        lines += ["    " + line.format(f=name) for line in _INT_FIELD_CODE[types[name]]]
        lines += ["    if t is None:", "        return _event_text(e)", f"    {name} = t"]
        pieces.append(f'"{name}":{{{name}}}')
    text = ",".join(pieces).replace('"', '\\"')
    lines.append(f'    return f"{{{{{text}}}}}"')
    namespace: dict[str, Any] = {"_ints_text": _ints_text, "_event_text": _event_text}
    exec("\n".join(lines), namespace)
    return namespace["write"]


_TEXT_WRITERS: dict[type, Callable[[Event], str]] = {cls: _text_writer(cls) for cls in _EVENT_CLASSES}


def log_hash(events: list[Event]) -> str:
    """A stable hash of an event log: each event as compact JSON with sorted keys, one a line."""
    writers = _TEXT_WRITERS
    text = "".join([(writers.get(type(event)) or _event_text)(event) + "\n" for event in events])
    return hashlib.sha256(text.encode()).hexdigest()[:16]
