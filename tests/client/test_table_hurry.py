"""Hurrying the tiles: a click, Enter or Space while tiles move only finishes the movement; the Start! button and
the wall's count wait for the end of the ceremony."""

from __future__ import annotations

import pygame

from game.client.stage import stage_ceremony
from tests.client.helpers import click, key, make_app


def labels(scene) -> list[str]:
    return [b.label for b in scene.buttons]


def test_hurry__a_click_in_the_ceremony_finishes_it_without_starting_the_hand(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = stage_ceremony(app, seed=3, seconds=1.5)
    assert scene.animator.busy and scene.session.table.phase == "dealt"
    assert "Start!" not in labels(scene)
    app.render()
    assert scene.status.left == "Dealing…", "the wall's count is not given away before the deal is seen"
    app.dispatch(click((640, 360)))
    app.step()
    assert not scene.animator.busy
    assert scene.session.table.phase == "dealt", "the click that ended the ceremony must not start the hand"
    assert "Start!" in labels(scene)
    app.render()
    assert scene.status.left == f"{scene.session.table.wall.live_count} Tiles left"
    app.dispatch(click((640, 360)))
    app.step()
    assert scene.session.table.phase != "dealt", "the next click starts the hand (P-31)"


def test_hurry__enter_and_space_in_the_ceremony_only_finish_it(tmp_path) -> None:
    for pressed in (pygame.K_RETURN, pygame.K_SPACE):
        app = make_app(tmp_path / str(pressed))
        scene = stage_ceremony(app, seed=5, seconds=1.0)
        assert scene.animator.busy
        app.dispatch(key(pressed))
        app.step()
        assert not scene.animator.busy and scene.session.table.phase == "dealt"
        app.dispatch(key(pressed))
        app.step()
        assert scene.session.table.phase != "dealt"


def test_hurry__a_click_on_a_tile_while_tiles_fly_does_not_discard_it(tmp_path) -> None:
    """Mid-hand, the click that lands the moving tiles leaves the stake alone; the next click discards."""
    app = make_app(tmp_path)
    scene = stage_ceremony(app, seed=3, seconds=0.1)
    scene.animator.finish()
    app.step()
    scene.commands.start()
    for _ in range(4000):
        if scene.session.human_to_discard and scene.animator.busy:
            break
        if scene.session.human_to_discard:
            scene.commands.discard_index(0)
        app.step()
    assert scene.session.human_to_discard and scene.animator.busy, "the human's draw is still flying"
    before = len(scene.session.table.players[0].discards)
    tile_rect = scene.hand_places(scene.hand_tiles())[0].rect()
    app.dispatch(click(tile_rect.center))
    assert not scene.animator.busy
    assert len(scene.session.table.players[0].discards) == before
    app.dispatch(click(tile_rect.center))
    assert len(scene.session.table.players[0].discards) == before + 1
