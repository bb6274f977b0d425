"""`sparrow FILE.sparrow` (P-38: how a file manager starts the game for a save) opens the window with that game
at the table; a word that is neither a command nor a save is still refused as a command."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client.app import App
from tests.cli.runner import sparrow


def test_open__a_save_named_on_the_command_line_opens_at_the_table(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "Friday game.sparrow"
    made = sparrow("--config-dir", str(tmp_path / "cfg"), "play-headless", "--hands", "2", "--seed", "3",
                   "--save", str(save))
    assert made.returncode == 0, made.stderr
    shown: list[list[str]] = []

    def first_frame(app: App) -> int:  # the window's loop, stopped at its first frame
        app.stack.apply_pending()
        app.render(1.0)
        shown.append([scene.name for scene in app.stack.scenes])
        table = app.stack.top
        assert len(table.session.match.history) == 2 and table.session.save_name == "Friday game"
        return 0

    monkeypatch.setattr(App, "run", first_frame)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the other tests in this process keep their display
    result = sparrow("--config-dir", str(tmp_path / "cfg"), "--mods-dir", str(tmp_path / "mods"), str(save))
    assert result.returncode == 0, result.stderr
    assert shown == [["table"]]


def test_open__a_word_that_is_no_command_and_no_save_is_refused(tmp_path: Path) -> None:
    result = sparrow("--config-dir", str(tmp_path / "cfg"), "notes.txt")
    assert result.returncode == 2 and "invalid choice: 'notes.txt'" in result.stderr
