"""What one seat may be told: the engine's events with other seats' hidden tiles left out, and its view.

The engine's events carry every tile (the client of a local game shows only what its seat may see); over the
network a tile that is not shown must not be sent at all, or a modified client would see it. Hidden tiles become
:data:`HIDDEN`. The wall's order and the seed are never in a message: views carry only the count of tiles left.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from game.core import events as ev
from game.core.actions import Action, action_from_text, action_to_text
from game.core.melds import Meld, MeldKind
from game.core.view import OpponentView, PlayerView
from game.net.protocol import MeldInfo, ScoreLine, Scores, SeatScore, SeatView, View

HIDDEN = -1
"""A tile the seat may not see (another seat's dealt, drawn or passed tile)."""


def _hidden(tiles: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(tiles)


def event_for(event: ev.Event, seat: int) -> ev.Event:
    """``event`` as ``seat`` may see it."""
    if isinstance(event, ev.TilesDealt | ev.TileDrawn | ev.ReplacementDrawn | ev.StandingHandDeclared):
        if event.seat == seat:
            return event
        if isinstance(event, ev.TilesDealt):
            return replace(event, tiles=_hidden(event.tiles))
        if isinstance(event, ev.StandingHandDeclared):
            return replace(event, waits=())  # the waits would tell the hand
        return replace(event, tile=HIDDEN)
    if isinstance(event, ev.TilesPassed):
        moves = tuple((src, dst, tiles if seat in (src, dst) else _hidden(tiles)) for src, dst, tiles in event.moves)
        return replace(event, moves=moves)
    return event


def events_for(events: Iterable[ev.Event], seat: int) -> list[dict[str, Any]]:
    """The events as ``seat`` may see them, as JSON-ready dicts (``kind`` and the event's fields)."""
    return [event_for(event, seat).to_dict() for event in events]


def scores_message(hand: int, results: Iterable[Any]) -> Scores | None:
    """The ``scores`` message of a scored hand (``results``: each seat's ``ScoreResult`` or None); None when no
    hand was scored. Public: every hand is shown once the hand is over."""
    seats = tuple(None if r is None else SeatScore(
        winner=r.winner, mah_jongg=r.mah_jongg, special_hand=r.special_hand, special_hand_id=r.special_hand_id,
        points=r.points, doubles=r.doubles, score=r.score, limited=r.limited,
        items=tuple(ScoreLine(name=i.name, points=i.points, doubles=i.doubles, id=i.id, tiles=tuple(i.tiles))
                    for i in r.items),
        arrangement=tuple(tuple(group) for group in r.arrangement)) for r in results)
    if len(seats) != 4 or all(s is None for s in seats):
        return None
    return Scores(hand=hand, results=(seats[0], seats[1], seats[2], seats[3]))


def _seat_view(player: OpponentView, concealed: tuple[int, ...] | None) -> SeatView:
    melds = tuple(MeldInfo(kind=str(m.kind), tiles=m.tiles, exposed=m.exposed, claimed_tile=m.claimed_tile,
                           promoted=m.promoted, first_discard=m.first_discard)
                  for m in player.melds)
    return SeatView(seat=player.seat, seat_wind=player.seat_wind, melds=melds, bonus=player.bonus,
                    discards=player.discards, concealed_count=player.concealed_count, standing=player.standing,
                    ready=player.ready, concealed=concealed)


def view_message(view: PlayerView, *, hand: int, step: int, legal: Iterable[Action], deadline: float | None,
                 totals: Iterable[int], wild: int | None, hands: list[tuple[int, ...]] | None = None,
                 turn_deadline: float | None = None) -> View:
    """The ``view`` message of ``view``'s seat. ``hands`` (every seat's concealed tiles) is given only once the
    hand is over, when all hands are shown; before that only the seat's own hand is in the message."""
    players = tuple(
        _seat_view(p, tuple(view.concealed) if p.seat == view.seat else (hands[p.seat] if hands else None))
        for p in view.players)
    total = tuple(totals)
    return View(hand=hand, step=step, seat=view.seat, seat_wind=view.seat_wind, round_wind=view.round_wind,
                east=view.east, phase=view.phase, current=view.current, concealed=tuple(view.concealed),
                drawn=view.drawn, players=players, last_discard=view.last_discard, tiles_left=view.tiles_left,
                discard_count=view.discard_count, discard_order=view.discard_order, goulash=view.goulash,
                empty_seat=view.empty_seat, wild=wild,
                legal=tuple(action_to_text(a) for a in legal), deadline=deadline, turn_deadline=turn_deadline,
                totals=(total[0], total[1], total[2], total[3]))


def player_view(message: View) -> PlayerView:
    """The engine's view rebuilt from a ``view`` message: what a remote computer player (a scripted client, the
    benchmark's) decides from, equal to the view the table would give it locally."""
    players = tuple(
        OpponentView(p.seat, p.seat_wind,
                     tuple(Meld(MeldKind(m.kind), m.tiles, m.exposed, m.claimed_tile, m.promoted, m.first_discard)
                           for m in p.melds),
                     p.bonus, p.discards, p.concealed_count, p.standing, p.ready)
        for p in message.players)
    return PlayerView(message.seat, message.seat_wind, message.round_wind, message.east, message.phase,
                      message.current, message.concealed, message.drawn, players, message.last_discard,
                      message.tiles_left, message.discard_count, message.discard_order, message.goulash,
                      message.empty_seat)


def legal_actions(message: View) -> list[Action]:
    """The actions a ``view`` message offers, as the engine's actions."""
    return [action_from_text(text) for text in message.legal]
