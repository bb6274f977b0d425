"""Auto Play stops as its message promises (P-32, P-49): F5, Enter, Space or a left click, which does nothing
else (no tile is discarded, no claim made by it)."""

from __future__ import annotations

import pygame
import pytest

from tests.client.helpers import HUMAN, key, make_app, run_until, started_table, window_click


@pytest.mark.parametrize("stop", ["click", "enter", "space", "f5"])
def test_auto_play__a_click_or_enter_stops_it(tmp_path, stop) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.5)
    session = scene.session
    app.dispatch(key(pygame.K_F5))
    assert session.options.auto_play
    assert run_until(app, lambda: len(session.table.players[HUMAN].discards) >= 2)
    discards = list(session.table.players[HUMAN].discards)
    if stop == "click":
        tiles = scene.hand_tiles()
        window_click(app, scene.hand_places(tiles)[0].rect().center)  # on a tile: it must not be discarded
    else:
        app.dispatch(key({"enter": pygame.K_RETURN, "space": pygame.K_SPACE, "f5": pygame.K_F5}[stop]))
    assert not session.options.auto_play
    assert session.table.players[HUMAN].discards == discards
    assert any(t.message == "Auto Play off" for t in scene.toasts)
    for _ in range(600):
        app.step()
    assert session.human_to_discard or session.hand_over  # your turn waits for you again
