"""Why the table refuses an action: a stable code with the values that explain it, never wording.

The codes follow the classic program's status-bar messages (help L296–L320), one code per message; the client
words them (``game.client.refusals``) and anything else may compare against the constants below, as the
``mahjong`` library's ``HandCalculator.ERR_*`` codes are used. :class:`~game.errors.IllegalActionError` carries the
code and the values of the refusal that raised it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core.actions import Action, Claim, DeclareKong, Discard, MahJongg
from game.core.melds import Meld, MeldKind
from game.core.play_rules import PlayRules
from game.core.tiles import Tile, tile_code

HAND_OVER = "hand_over"
STANDING_ONLY = "standing_only"
"""A standing hand takes only its waits: ``waits``."""
SACRED_DISCARD = "sacred_discard"
"""``tile`` was discarded by the claimer itself."""
MISSED_DISCARD = "missed_discard"
"""``tile`` was let pass before by the claimer (no going out on it)."""
DECLARE_READY_FIRST = "declare_ready_first"
CHOW_FROM_LEFT_ONLY = "chow_from_left_only"
KONG_FROM_EXPOSED_PUNG = "kong_from_exposed_pung"
USE_FOR = "use_for"
"""``tile`` can be claimed, but only for ``claims`` (claim types)."""
CANNOT_PICK_UP = "cannot_pick_up"
"""``tile`` makes no set; ``chow`` says whether a chow would have been possible from that seat."""
NOT_YOUR_TURN = "not_your_turn"
MUST_DISCARD_DRAWN = "must_discard_drawn"
"""A locked hand must discard the ``tile`` it drew; ``standing`` tells a standing hand from riichi."""
NOT_IN_HAND = "not_in_hand"
STANDING_FIRST_DISCARD = "standing_first_discard"
NOT_MAH_JONGG = "not_mah_jongg"
NO_KONG_NOW = "no_kong_now"
NOT_ALLOWED = "not_allowed"
STILL_PASSING = "still_passing"
ALREADY_STARTED = "already_started"
TAKE_BACK_TOO_LATE = "take_back_too_late"

_TILE_KEYS = ("tile",)
_TILES_KEYS = ("waits",)


@dataclass(frozen=True)
class Refusal:
    """A refused action: its :attr:`code` (one of this module's constants) and the values the reason names."""

    code: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        """``sacred_discard (tile 5D)``: the code and its values in tile codes, for logs and error messages."""
        parts = []
        for key, value in self.data.items():
            if key in _TILE_KEYS and isinstance(value, int):
                value = tile_code(value)
            elif key in _TILES_KEYS:
                value = " ".join(tile_code(t) for t in value) or "none"
            elif isinstance(value, tuple | list):
                value = " ".join(str(v) for v in value)
            parts.append(f"{key} {value}")
        return f"{self.code} ({', '.join(parts)})" if parts else self.code


class _Seat(Protocol):
    standing: bool
    locked: bool
    waits: tuple[Tile, ...]
    own_discards: Any
    missed: Any
    melds: Sequence[Meld]
    concealed: Sequence[Tile]


class TableState(Protocol):
    """What a refusal reads of the table (:class:`game.core.table.Table` is one)."""

    phase: str
    rules: PlayRules
    last_discard: tuple[int, Tile] | None

    @property
    def players(self) -> Sequence[Any]: ...

    @property
    def drawn_tile(self) -> Tile | None: ...

    def awaiting(self) -> list[int]: ...

    def may_go_out(self, seat: int) -> bool: ...

    def next_seat(self, seat: int) -> int: ...


def refusal(table: TableState, seat: int, action: Action, legal: Sequence[Action]) -> Refusal:
    """Why ``seat`` may not do ``action`` now, the first reason that applies (classic help L296–L320)."""
    if table.phase == "over":
        return Refusal(HAND_OVER)
    p: _Seat = table.players[seat]
    if isinstance(action, Claim) and table.last_discard is not None and table.phase in ("claims", "turn"):
        tile = table.last_discard[1]
        from_left = table.next_seat(table.last_discard[0]) == seat
        if p.standing:
            return Refusal(STANDING_ONLY, {"waits": tuple(p.waits)})
        if table.rules.sacred_discard != "off" and tile in p.own_discards:
            return Refusal(SACRED_DISCARD, {"tile": tile})
        if action.type == "mah_jongg" and table.rules.missed_discard and tile in p.missed:
            return Refusal(MISSED_DISCARD, {"tile": tile})
        if action.type == "mah_jongg" and not table.may_go_out(seat):
            return Refusal(DECLARE_READY_FIRST)
        if action.type == "chow" and not from_left and table.rules.chows_allowed:
            return Refusal(CHOW_FROM_LEFT_ONLY)
        if action.type == "kong" and any(m.kind is MeldKind.PUNG and m.tile == tile for m in p.melds):
            return Refusal(KONG_FROM_EXPOSED_PUNG, {"tile": tile})
        usable = tuple(a.type for a in legal if isinstance(a, Claim))
        if usable:
            return Refusal(USE_FOR, {"tile": tile, "claims": usable})
        return Refusal(CANNOT_PICK_UP, {"tile": tile, "chow": from_left})
    if seat not in table.awaiting():
        return Refusal(NOT_YOUR_TURN)
    if isinstance(action, Discard):
        drawn = table.drawn_tile
        if p.locked and drawn is not None and action.tile != drawn:
            return Refusal(MUST_DISCARD_DRAWN, {"tile": drawn, "standing": p.standing})
        if action.tile not in p.concealed:
            return Refusal(NOT_IN_HAND, {"tile": action.tile})
        if action.standing:
            return Refusal(STANDING_FIRST_DISCARD)
    if isinstance(action, MahJongg):
        return Refusal(NOT_MAH_JONGG)
    if isinstance(action, DeclareKong):
        return Refusal(NO_KONG_NOW, {"tile": action.tile})
    return Refusal(NOT_ALLOWED)
