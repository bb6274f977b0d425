"""Every key at the table that changes a setting saves it: Settings shows it and the next start keeps it
(issue 20: F8 turned QuickTip on for the game only)."""

from __future__ import annotations

import pygame
import pytest

from game.client.scenes import games
from game.client.scenes.settings import SettingsScene
from game.config import load_settings
from tests.client.helpers import key, make_app, show_table

CTRL, ALT = pygame.KMOD_CTRL, pygame.KMOD_ALT


@pytest.mark.parametrize(("keys", "setting", "after"), [
    ((pygame.K_F8, 0), "quick_tip", True),
    ((pygame.K_F10, 0), "ask_first", False),
    ((pygame.K_F4, CTRL), "ask_first", False),
    ((pygame.K_F12, 0), "speech_balloons", False),
    ((pygame.K_F5, CTRL), "speech_balloons", False),
    ((pygame.K_F3, CTRL), "timer_bar", False),
    ((pygame.K_F7, 0), "animation_speed", 0.0),
    ((pygame.K_F11, 0), "movement_direction", True),
    ((pygame.K_KP_PLUS, 0), "wait_time", 2.75),
    ((pygame.K_KP_MINUS, 0), "wait_time", 2.25),
    ((pygame.K_RETURN, ALT), "fullscreen", True),
])
def test_shortcut__a_key_that_changes_a_setting_saves_it(tmp_path, keys: tuple[int, int], setting: str,
                                                          after: object) -> None:
    app = make_app(tmp_path)
    show_table(app, games.new_session(app, 3))
    before = getattr(app.settings, setting)
    assert before != after
    app.dispatch(key(*keys))
    saved = load_settings(app.folders.settings_file)
    assert not saved.problems and getattr(saved.settings, setting) == after, "written to the settings file"
    restarted = make_app(tmp_path)
    assert getattr(restarted.settings, setting) == after, "kept on the next start"
    settings = SettingsScene(app)
    assert settings.value(setting) == after, "the Settings box shows it"


def test_shortcut__f7_turns_movements_back_on_at_the_chosen_speed(tmp_path) -> None:
    app = make_app(tmp_path)
    app.settings.animation_speed = 1.5
    app.save_settings()
    scene = show_table(app, games.new_session(app, 3))
    scene.animator.speed = scene.session.options.animation_speed
    app.dispatch(key(pygame.K_F7))
    assert scene.session.options.animation_speed == 0.0 and app.settings.animation_speed == 0.0
    app.dispatch(key(pygame.K_F7))
    assert scene.session.options.animation_speed == 1.5 == scene.animator.speed
    assert load_settings(app.folders.settings_file).settings.animation_speed == 1.5


def test_shortcut__show_all_hands_and_auto_play_belong_to_the_game(tmp_path) -> None:
    """F6 and F5 change this game only: they are no settings and the file is not touched for them."""
    app = make_app(tmp_path)
    show_table(app, games.new_session(app, 3))
    app.dispatch(key(pygame.K_F6))
    app.dispatch(key(pygame.K_F5))
    assert not app.folders.settings_file.exists()
