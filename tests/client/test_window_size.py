"""The window's size (a UI scale for large or high-DPI screens): Settings ▸ Look ▸ Window size offers the table at
100 to 200 % where it fits the screen and "Fit the screen", applies it at once and keeps it for the next start."""

from __future__ import annotations

from pathlib import Path

from game.client import window_size
from game.client.stage import stage_scene
from tests.client.helpers import click, make_app, restart


def test_window_size__a_big_screen_offers_every_scale_a_small_one_only_what_fits() -> None:
    assert window_size.choices((3840, 2160)) == ["fit", "100", "125", "150", "200"]
    assert window_size.choices((1366, 768)) == ["fit", "100"]
    assert window_size.size_for("150", (3840, 2160)) == (1920, 1080)
    assert window_size.size_for("fit", (3840, 2160)) == (3456, 1944)
    assert window_size.current((1600, 900), (3840, 2160)) == "125"
    assert window_size.current((1000, 700), (3840, 2160)) == "1000 × 700"
    assert [window_size.label(c) for c in ("fit", "200", "1000 × 700")] == ["Fit the screen", "200 %", "1000 × 700"]


def test_window_size__the_settings_choice_resizes_and_is_kept(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    stage_scene(app, "title")
    settings = app.open("settings", page="Look")
    app.stack.apply_pending()
    desktop = app.desktop_size()
    choice = next(c for c in settings.page_controls() if getattr(c, "label", "") == "Window size")
    assert app.settings.window_size is None and app.wanted_size() == window_size.size_for("fit", desktop)
    assert choice.shown(choice.get()) == "Fit the screen", "the default: as large as fits the screen"
    app.dispatch(click(choice.rect.center))
    assert app.settings.window_size == (1280, 720) and choice.shown(choice.get()) == "100 %"
    app.settings.window_size = (1000, 700)  # as dragged by the window's edge
    assert choice.shown(choice.get()) == "1000 × 700"
    app.dispatch(click(choice.rect.center))
    assert app.settings.window_size is None and choice.shown(choice.get()) == "Fit the screen"
    app.dispatch(click(choice.rect.center))
    app.render(1.0)
    settings.close()
    app.stack.apply_pending()
    assert restart(tmp_path).settings.window_size == (1280, 720)
