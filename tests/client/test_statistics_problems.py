"""A damaged statistics file is never lost and never hidden: it is set aside, the last backup takes its place, and
the player is told — at the table when a hand is counted, and on the Statistics screen when that reads it."""

from __future__ import annotations

import pygame

from game.session import notes
from game.session.notes import Note
from game.stats import STATS_FILE, Statistics, load_statistics, save_statistics
from tests.builders import instant_session
from tests.client.helpers import key, make_app


def _damaged_with_a_backup(folder) -> None:
    """A statistics file with yesterday's backup beside it, then damaged."""
    save_statistics(folder, Statistics())
    save_statistics(folder, Statistics())  # the second write keeps the first as today's backup
    (folder / STATS_FILE).write_text("{ not json", encoding="utf-8")


def test_statistics__the_screen_says_the_file_was_damaged_and_restored(tmp_path, monkeypatch) -> None:
    """Open Statistics from the title (T) over a damaged file: the box says where the damaged file was kept and
    which backup was used."""
    from game.client.scenes import stats as stats_scene

    app = make_app(tmp_path)
    _damaged_with_a_backup(app.folders.config)
    seen: list[str] = []
    draw = stats_scene.text
    monkeypatch.setattr(stats_scene, "text", lambda surface, message, *a, **k: (seen.append(message),
                                                                                  draw(surface, message, *a, **k))[1])
    app.reset_to("title")
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_t))
    app.stack.apply_pending()
    assert app.stack.top.name == "stats"
    app.render()
    shown = " ".join(seen)
    assert "The statistics file" in shown and "is damaged" in shown and "it is kept as statistics.corrupt-" in shown
    assert str(app.folders.config) not in shown, "files are named within the config folder"
    assert "The statistics were restored from the backup backups/statistics-" in shown


def test_statistics__a_hand_counted_over_a_damaged_file_is_told_at_the_table(tmp_path) -> None:
    """A hand ends while the statistics file is damaged: the hand is counted on the restored backup and the
    session tells the player what happened, in words the status bar can show."""
    from game.client import status

    _damaged_with_a_backup(tmp_path)
    session = instant_session(3)
    session.stats_folder = tmp_path
    session.play_to_end()
    session.finish_hand()
    told = [t for t in session.told if isinstance(t, Note) and t.code == notes.STATISTICS_PROBLEM]
    assert told, "the damaged file is told"
    line = status.line_of(told[-1], session.names) if hasattr(status, "line_of") else None
    words = line or status.NOTES[notes.STATISTICS_PROBLEM](told[-1].data, session.names)
    assert words.startswith("The statistics file") and "restored from the backup" in words
    assert load_statistics(tmp_path).by_ruleset, "the hand was counted"
