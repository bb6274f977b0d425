"""F11, the original's Direction (P-55, P-167): an opponent's discard leaves from its place in the stake, and the
tile it drew and kept moves into its sorted place, which tells where it lies; off, tiles come and go from the middle
of the stake."""

from __future__ import annotations

import pygame

from game.client import layout
from game.core import events as ev
from game.core.tiles import sort_for_display
from tests.client.helpers import HUMAN, key, make_app, started_table


def _kept_tweens(app, scene, limit: int = 6000) -> list:
    """Play with Auto Play until an opponent discards a tile other than the one it drew; the Direction tweens
    queued for that discard (none when F11 is off)."""
    session = scene.session
    app.dispatch(key(pygame.K_F5))
    drawn: dict[int, int] = {}
    seen = 0
    for _ in range(limit):
        app.step()
        events = session.table.events
        for event in events[seen:]:
            if isinstance(event, ev.TileDrawn | ev.ReplacementDrawn):
                drawn[event.seat] = event.tile
            elif (isinstance(event, ev.TileDiscarded) and event.seat != HUMAN and event.seat in drawn
                  and drawn[event.seat] != event.tile
                  and drawn[event.seat] in session.table.players[event.seat].concealed):
                tweens = [t for step in scene.animator.steps for t in step.tweens
                          if t.hide is not None and t.hide[0] == "stake_slot"]
                return [event.seat, drawn[event.seat], tweens]
        seen = len(events)
    raise AssertionError("no opponent kept a drawn tile")


def test_direction__the_kept_tile_moves_to_its_sorted_place(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.0)
    scene.session.options.animation_speed = scene.animator.speed = 1.0
    app.dispatch(key(pygame.K_F11))
    assert scene.show_direction
    seat, kept, tweens = _kept_tweens(app, scene)
    stake = sort_for_display(scene.session.table.players[seat].concealed)
    slot = stake.index(kept)
    assert [t.hide for t in tweens] == [("stake_slot", seat, slot)]
    assert tweens[0].end == layout.concealed_positions(seat, len(stake))[slot].pos and not tweens[0].face_up


def test_direction__off_nothing_tells_where_the_tile_went(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.0)
    scene.session.options.animation_speed = scene.animator.speed = 1.0
    assert not scene.show_direction
    _seat, _kept, tweens = _kept_tweens(app, scene)
    assert tweens == []
