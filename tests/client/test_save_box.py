"""The Save Game box keeps its words inside it (a hint once ran past its right edge)."""

from __future__ import annotations

import pygame

from game.client.scenes import games
from game.client.scenes import saves as saves_scene
from tests.client.helpers import drawn_text, key, make_app


def test_save_box__every_line_it_draws_stays_inside_the_box(tmp_path, monkeypatch) -> None:
    """Ctrl+S at the table opens the box; every line of text it draws lies within its frame."""
    drawn = drawn_text(monkeypatch, saves_scene)
    app = make_app(tmp_path)
    games.new_game(app, seed=3)
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_s, pygame.KMOD_CTRL))
    app.stack.apply_pending()
    box = app.stack.top
    assert box.name == "saves"
    app.render()
    assert any("autosave" in message for message, _ in drawn)
    outside = [message for message, rect in drawn if not box.box.contains(rect)]
    assert not outside, f"drawn past the box's edge: {outside}"
