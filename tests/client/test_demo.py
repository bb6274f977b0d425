"""The demo (Alt+F5, P-217, P-219): Auto Play that also goes on through the scores boxes, hand after hand, each
box standing a few seconds; plain Auto Play (F5) still stops at the box; a key or click in the box stops it."""

from __future__ import annotations

import pygame

from game import timing
from game.client.app import STEP
from tests.client.helpers import key, make_app, run_until, started_table


def test_demo__runs_through_the_scores_boxes(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.0)
    session = scene.session
    app.dispatch(key(pygame.K_F5, pygame.KMOD_ALT))
    assert session.options.auto_play and session.options.demo
    assert run_until(app, lambda: app.stack.top.name == "scores")
    box = app.stack.top
    app.render()
    for _ in range(int(timing.DEMO_BOX_SECONDS / STEP) - 5):  # the box stands its seconds
        app.step()
    assert app.stack.top is box
    assert run_until(app, lambda: len(session.match.history) == 2, steps=60000)  # and the next hand is played
    assert app.stack.top.name == "scores" and session.options.demo


def test_demo__a_key_in_the_box_stops_it_and_the_box_stays(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.0)
    session = scene.session
    app.dispatch(key(pygame.K_F5, pygame.KMOD_ALT))
    assert run_until(app, lambda: app.stack.top.name == "scores")
    box = app.stack.top
    app.dispatch(key(pygame.K_LEFT))
    assert not session.options.demo and not session.options.auto_play
    for _ in range(int(2 * timing.DEMO_BOX_SECONDS / STEP)):
        app.step()
    assert app.stack.top is box and box.tab == -1  # the key only stopped the demo


def test_demo__plain_auto_play_stops_at_the_scores_box(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.0)
    app.dispatch(key(pygame.K_F5))
    assert run_until(app, lambda: app.stack.top.name == "scores")
    box = app.stack.top
    for _ in range(int(2 * timing.DEMO_BOX_SECONDS / STEP)):
        app.step()
    assert app.stack.top is box and len(scene.session.match.history) == 1


def test_demo__the_end_of_the_game_starts_another(tmp_path) -> None:
    """At the end of the game the demo's Game Finished box stands its seconds, then a new game starts and the
    computer plays it too (the original's endless demo)."""
    from game.session.driver import HUMAN

    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.0)
    session = scene.session
    session.match.is_over = True  # this hand is the game's last (its scores box is the Game Finished one)
    app.dispatch(key(pygame.K_F5, pygame.KMOD_ALT))
    assert run_until(app, lambda: app.stack.top.name == "game_over")
    for _ in range(int(timing.DEMO_BOX_SECONDS / STEP) - 5):
        app.step()
    assert app.stack.top.name == "game_over"
    assert run_until(app, lambda: app.stack.top.name == "table" and app.stack.top.session is not session)
    fresh = app.stack.top.session
    assert fresh.options.demo and fresh.options.auto_play
    assert run_until(app, lambda: len(fresh.table.players[HUMAN].discards) >= 1)
