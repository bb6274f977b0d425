"""Ask First's boxes at the table: a drawn fourth tile offers a Concealed Kong, answered with the keyboard."""

from __future__ import annotations

import pygame

from game.core.melds import MeldKind
from game.core.tiles import parse_tiles
from game.session.driver import HUMAN, Session
from game.session.options import Options
from tests.client.helpers import key, make_app

FILLER = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"


def _drawing_a_fourth(tmp_path, ask_first: bool = True):
    """A table where the human holds three 2 Bamboo and is about to draw the fourth from the wall."""
    from game.client.scenes.table import TableScene

    app = make_app(tmp_path)
    session = Session.create("classic", 9, options=Options(animation_speed=0.0, discard_delay=0.0,
                                                           ask_first=ask_first))
    scene = TableScene(app, session)
    scene.animator.speed = 0.0
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    session.deal()
    session.start()
    table = session.table
    table.players[HUMAN].concealed = parse_tiles("2B 2B 2B 3D 4D 6D 7D 8C 8C EW SW WW NW")
    for seat in (1, 2, 3):
        table.players[seat].concealed = parse_tiles(FILLER)
    for p in table.players:
        p.melds, p.bonus = [], []
    table.wall.tiles[table.wall.live[0]] = parse_tiles("2B")[0]
    table.phase = "claims"
    table._next_turn(3)  # the human draws the fourth 2 Bamboo
    session.drain()
    return app, scene


def test_concealed_kong__offered_on_the_draw_and_made_with_enter(tmp_path) -> None:
    app, scene = _drawing_a_fourth(tmp_path)
    session = scene.session
    app.step()
    assert scene.prompt is not None and scene.prompt.title == "Concealed Kong"
    assert "2 Bamboo" in scene.prompt.message
    app.render()
    app.dispatch(key(pygame.K_RETURN))
    app.step()
    meld = session.table.players[HUMAN].melds[-1]
    assert meld.kind is MeldKind.KONG and not meld.exposed and meld.tiles == tuple(parse_tiles("2B 2B 2B 2B"))
    assert session.human_to_discard  # the loose tile came and it is still the human's turn


def test_concealed_kong__no_keeps_the_tiles_and_the_kong_button_stays(tmp_path) -> None:
    """"No" keeps the four tiles on the stake; the Kong! button offers it later, as the original's menu item."""
    app, scene = _drawing_a_fourth(tmp_path)
    session = scene.session
    app.step()
    app.dispatch(key(pygame.K_ESCAPE))
    app.step()
    assert scene.prompt is None
    assert session.table.players[HUMAN].concealed.count(parse_tiles("2B")[0]) == 4
    assert "Kong!" in [b.label for b in scene.buttons]


def test_concealed_kong__not_asked_without_ask_first(tmp_path) -> None:
    app, scene = _drawing_a_fourth(tmp_path, ask_first=False)
    app.step()
    assert scene.prompt is None
