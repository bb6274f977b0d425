"""A saved game dropped on the window opens at the table (P-37, P-193), over the title or over a game in
progress; one that cannot be opened is shown in the Open box with the reason, and the file is left as it was."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client.scenes.saves import SavesScene
from game.client.stage import stage_scene
from tests.cli.runner import sparrow
from tests.client.helpers import make_app


def _saved_game(tmp_path: Path) -> Path:
    path = tmp_path / "elsewhere" / "Friday game.sparrow"
    path.parent.mkdir()
    made = sparrow("--config-dir", str(tmp_path / "made"), "play-headless", "--hands", "3", "--seed", "7",
                   "--save", str(path))
    assert made.returncode == 0, made.stderr
    return path


def _drop(app, path: Path) -> None:
    app.dispatch(pygame.Event(pygame.DROPFILE, file=str(path)))
    app.stack.apply_pending()


def test_drop__a_save_dropped_on_the_title_opens_the_game_at_the_table(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    app = make_app(tmp_path)
    stage_scene(app, "title")
    _drop(app, path)
    table = app.stack.top
    assert table.name == "table"
    session = table.session
    assert len(session.match.history) == 3 and session.save_name == "Friday game"
    assert session.source == path and not session.unwritten
    app.render(1.0)


def test_drop__a_save_dropped_over_a_game_in_progress_replaces_it(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    app = make_app(tmp_path)
    stage_scene(app, "table", seed=2, turns=2)
    before = app.stack.top.session
    _drop(app, path)
    assert [scene.name for scene in app.stack.scenes] == ["table"]
    assert app.stack.top.session is not before and len(app.stack.top.session.match.history) == 3


def test_drop__a_broken_save_is_shown_in_the_open_box_with_the_reason(tmp_path: Path) -> None:
    broken = tmp_path / "broken.sparrow"
    broken.write_text("not a saved game")
    app = make_app(tmp_path)
    stage_scene(app, "title")
    _drop(app, broken)
    box = app.stack.top
    assert isinstance(box, SavesScene) and box.mode == "open" and box.error
    assert box.message.startswith(f"broken.sparrow could not be opened: {broken}:1:1: the save is corrupt")
    assert broken.read_text() == "not a saved game"
    _drop(app, tmp_path / "gone.sparrow")
    assert app.stack.top is box and box.message.endswith("gone.sparrow: no such save")
    app.render(1.0)
