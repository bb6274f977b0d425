"""The status-bar words for an action the table refuses, in the classic program's words (help L296–L320).

The engine gives a code and its values (``game.core.refusals``); this is the one place they become a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.core import refusals as r
from game.core.actions import CLAIM_NAMES
from game.core.tiles import tile_name
from game.i18n import N_, _, format_list

NOT_ALLOWED = N_("That move is not allowed now.")


def _tile(data: Mapping[str, Any]) -> str:
    tile = data.get("tile")
    return tile_name(tile) if isinstance(tile, int) else ""


SENTENCES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    r.HAND_OVER: lambda d: _("The hand is over."),
    r.STANDING_ONLY: lambda d: _("You've called a Standing Hand and can only take {names}.").format(
            names=format_list((tile_name(t) for t in d["waits"]), "or")) if d.get("waits") else
    _("You've called a Standing Hand and can only take nothing."),
    r.SACRED_DISCARD: lambda d: _("You can't claim {tile}: you discarded it yourself (sacred discard).").format(
            tile=_tile(d)),
    r.MISSED_DISCARD: lambda d: _("You can't go out on {tile}: you let it pass before (missed discard).").format(
            tile=_tile(d)),
    r.DECLARE_READY_FIRST: lambda d: _("You have to declare a ready hand before you can go out."),
    r.CHOW_FROM_LEFT_ONLY: lambda d: _("You can only Chow a Tile discarded by the player on your left, unless you go "
                                     "Mah Jongg."),
    r.KONG_FROM_EXPOSED_PUNG: lambda d: _("You can't use a discarded Tile to turn an Exposed Pung into an Exposed "
                                        "Kong."),
    r.USE_FOR: lambda d: _('You can use {tile} for a {join}.').format(
            tile=_tile(d), join=format_list((_(CLAIM_NAMES[t]) for t in d.get('claims', ())), "or")),
    r.CANNOT_PICK_UP: lambda d: (
        _("You can't pick up {tile}! No Chow, Pung, Kong or Mah Jongg...") if d.get("chow")
        else _("You can't pick up {tile}! No Pung, Kong or Mah Jongg...")).format(tile=_tile(d)),
    r.NOT_YOUR_TURN: lambda d: _("It's not your turn."),
    r.MUST_DISCARD_DRAWN: lambda d: (
        _("You've called a Standing Hand and have to discard {tile}.") if d.get("standing")
        else _("You've called riichi and have to discard {tile}.")).format(tile=_tile(d)),
    r.NOT_IN_HAND: lambda d: _("You don't have {tile} on your stake.").format(tile=_tile(d)),
    r.STANDING_FIRST_DISCARD: lambda d: _("You can only call a Standing Hand with your first discard, one tile from "
                                        "Mah Jongg."),
    r.NOT_MAH_JONGG: lambda d: _("Your hand is not a complete Mah Jongg hand."),
    r.NO_KONG_NOW: lambda d: _("You can't make a Kong of {tile} now.").format(tile=_tile(d)),
    r.STILL_PASSING: lambda d: _("The tiles are still being passed."),
    r.ALREADY_STARTED: lambda d: _("The hand has already started."),
    r.TAKE_BACK_TOO_LATE: lambda d: _("You can only take back your own discard before anybody claims it."),
    r.NOT_ALLOWED: lambda d: NOT_ALLOWED,
}
"""Every refusal code's sentence, made from its values."""


def refusal_line(code: str, data: Mapping[str, Any] | None = None) -> str:
    """The sentence the player reads for a refusal ``code`` with its ``data`` (the general one for a code this
    version does not know)."""
    sentence = SENTENCES.get(code)
    return sentence(data or {}) if sentence is not None else NOT_ALLOWED
