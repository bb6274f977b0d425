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
