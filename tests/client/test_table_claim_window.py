"""The claim window at the table, as a player meets it: the buttons, the timer bar running out, tile names on hover."""

from __future__ import annotations

import pygame

from game.client import layout
from game.core.tiles import tile_name
from game.session.driver import HUMAN
from tests.client.helpers import make_app, table_scene_until_claim


def motion(pos: tuple[int, int]) -> pygame.Event:
    return pygame.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_claim_window__times_out_at_the_table_and_play_goes_on(tmp_path) -> None:
    """Nobody presses anything: the claim buttons stay for the wait time, then vanish and the human has passed."""
    app = make_app(tmp_path)
    scene = table_scene_until_claim(app)
    session = scene.session
    session.options.wait_time = 1.0
    session.claim_timer = None  # the window starts afresh with the shorter wait
    app.step()
    assert "Pass" in [b.label for b in scene.buttons]
    assert session.claim_timer is not None and session.claim_total == 1.0
    discarded = session.table.discard_count
    for _ in range(24):  # 0.4 s of fixed steps: still open, the timer bar has gone down
        app.step()
        app.render()
    assert session.human_may_claim
    assert 0.4 < session.claim_timer < 0.7
    for _ in range(60):  # past the wait time
        app.step()
        if not session.human_may_claim:
            break
    assert not session.human_may_claim
    app.step()
    assert "Pass" not in [b.label for b in scene.buttons]
    assert any(seat == HUMAN and action.kind == "pass" for seat, action in session.table.actions)
    assert session.table.discard_count >= discarded


def test_hover__names_the_stake_tile_and_who_threw_a_discard(tmp_path) -> None:
    """Moving the mouse over a tile of your stake names it; over a discard it names the tile and its thrower."""
    app = make_app(tmp_path)
    scene = table_scene_until_claim(app)
    session = scene.session
    tiles = scene.hand_tiles()
    place = scene.hand_places(tiles)[2]
    scene.handle(motion(place.rect().center))
    assert scene.hover == 2
    assert scene.tooltip.text == tile_name(tiles[2])
    seat, tile = session.table.last_discard
    index = len(session.table.players[seat].discards) - 1
    scene.handle(motion(layout.discard_position(seat, index).rect().center))
    assert scene.tooltip.text == f"{tile_name(tile)}, discarded by {session.names[seat]}"
    app.render()


def test_hover__the_thrower_named_in_the_players_language_and_person(tmp_path) -> None:
    """In German a discard's tooltip reads "5 Kreise, von Eric abgeworfen", and one of yours "…, von dir
    abgeworfen" (never "von Du")."""
    from game import i18n
    from game.client.messages import discarded_by

    app = make_app(tmp_path)
    scene = table_scene_until_claim(app)
    table = scene.session.table
    seat, tile = table.last_discard
    i18n.set_language("de")
    try:
        scene.handle(motion(layout.discard_position(seat, len(table.players[seat].discards) - 1).rect().center))
        theirs = (scene.tooltip.text, tile_name(tile))
        mine = discarded_by(i18n._("You"), "5 Kreise")  # the words of a tooltip over one of your discards
    finally:
        i18n.set_language("en")
    assert theirs[0] == f"{theirs[1]}, von {scene.session.names[seat]} abgeworfen"
    assert mine == "5 Kreise, von dir abgeworfen"
