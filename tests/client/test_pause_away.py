"""Play pauses when the window loses the focus or is minimised (F-55, S-11): the computers' turns and the claim
window wait, the table says "Paused", and any key or click goes on (and does nothing else)."""

from __future__ import annotations

import pygame
import pytest

from tests.client.helpers import HUMAN, key, make_app, run_until, started_table, window_click


@pytest.mark.parametrize("away", [pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED])
def test_pause__leaving_the_window_holds_play_until_a_key(tmp_path, away) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.5)
    session = scene.session
    app.dispatch(key(pygame.K_F5))  # Auto Play: without the pause every seat would play on
    app.step()
    app.dispatch(pygame.Event(away, window=None))
    assert scene.paused
    actions = len(session.table.actions)
    for _ in range(600):  # ten seconds
        app.step()
    assert len(session.table.actions) == actions
    app.render()
    assert "Paused — press any key or click to go on" in [m for m, _ in scene.banners_drawn]
    app.dispatch(key(pygame.K_LALT))  # Alt+Tab back: the pause still shows
    assert scene.paused
    app.dispatch(key(pygame.K_a))
    assert not scene.paused
    assert run_until(app, lambda: len(session.table.actions) > actions)


def test_pause__a_click_goes_on_without_discarding(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.5)
    session = scene.session
    assert run_until(app, lambda: session.human_to_discard and not scene.animator.busy)
    app.dispatch(pygame.Event(pygame.WINDOWFOCUSLOST, window=None))
    tiles = scene.hand_tiles()
    window_click(app, scene.hand_places(tiles)[0].rect().center)
    assert not scene.paused
    assert not session.table.players[HUMAN].discards and session.human_to_discard
    assert any(t.message == "Continue!" for t in scene.toasts)
