"""The status bar's text in three sizes (P-26, P-62): Ctrl+Alt+Keypad + and − at the table (or + and − of the
main keyboard, since X servers keep Ctrl+Alt+Keypad for themselves), and the Status text choice in Settings ▸
Look; the size is kept for the next start."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client.stage import stage_scene
from tests.client.helpers import click, key, make_app, restart

CTRL_ALT = pygame.KMOD_LCTRL | pygame.KMOD_LALT


def test_status_text__ctrl_alt_plus_and_minus_step_through_three_sizes_and_are_kept(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    stage_scene(app, "table", seed=2, turns=2)
    table = app.stack.top
    assert table.status.size == 16
    app.dispatch(key(pygame.K_KP_PLUS, CTRL_ALT))
    assert app.settings.status_text == "large" and table.status.size == 19
    assert [t.message for t in table.toasts] == ["Status text: large"]
    app.dispatch(key(pygame.K_EQUALS, CTRL_ALT))
    assert table.status.size == 19, "large is the largest"
    app.render(1.0)
    for _ in range(3):
        app.dispatch(key(pygame.K_KP_MINUS, CTRL_ALT))
    assert app.settings.status_text == "small" and table.status.size == 13
    app.dispatch(key(pygame.K_MINUS, CTRL_ALT))
    assert table.status.size == 13
    app.render(1.0)
    assert restart(tmp_path).settings.status_text == "small"


def test_status_text__plain_keypad_plus_still_changes_the_wait_time(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    stage_scene(app, "table", seed=2, turns=2)
    wait = app.settings.wait_time
    app.dispatch(key(pygame.K_KP_PLUS))
    assert app.settings.wait_time == wait + 0.25 and app.settings.status_text == "normal"


def test_status_text__the_settings_look_page_chooses_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    stage_scene(app, "table", seed=2, turns=2)
    table = app.stack.top
    settings = app.open("settings", page="Look")
    app.stack.apply_pending()
    choice = next(c for c in settings.page_controls() if getattr(c, "label", "") == "Status text")
    app.dispatch(click(choice.rect.center))
    assert app.settings.status_text == "large" and table.status.size == 19
    app.render(1.0)
