"""Ctrl+Keypad + and - change the tile speed (P-61), plain Keypad + and - the wait time; both are kept."""

from __future__ import annotations

import pygame

from game.config import load_settings
from tests.client.helpers import key, make_app, started_table


def test_tile_speed__ctrl_keypad_changes_the_speed_not_the_wait(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 9, 2.5)
    options = scene.session.options
    options.animation_speed = scene.animator.speed = 1.0
    app.dispatch(key(pygame.K_KP_PLUS, pygame.KMOD_CTRL))
    assert options.animation_speed == scene.animator.speed == 1.25 and options.wait_time == 2.5
    assert [t.message for t in scene.toasts][-1] == "Tile speed 1.25×"
    for _ in range(12):
        app.dispatch(key(pygame.K_KP_PLUS, pygame.KMOD_CTRL))
    assert options.animation_speed == 3.0  # the fastest
    for _ in range(20):
        app.dispatch(key(pygame.K_KP_MINUS, pygame.KMOD_CTRL))
    assert options.animation_speed == 0.25  # the slowest: F7 turns movements off
    assert load_settings(app.folders.settings_file).settings.animation_speed == 0.25
    app.dispatch(key(pygame.K_KP_PLUS))
    assert options.wait_time == 2.75 and options.animation_speed == 0.25
