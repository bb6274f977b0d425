"""Save Score Sheet (F-28, S-19): the game's sheet, every hand and the final scores, written as PNG, text and CSV
into the score sheets folder from Game Finished (S) or any hand's Scores box (its button); a folder that cannot
be written is reported, nothing lost."""

from __future__ import annotations

import csv
from itertools import pairwise
from pathlib import Path

import pygame

from game.client.stage import stage_scene
from tests.client.helpers import click, key, make_app


def _sheets(tmp_path: Path) -> Path:
    return tmp_path / "config" / "score sheets"


def test_game_finished__s_saves_the_sheet_as_picture_text_and_csv(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    stage_scene(app, "game_over", seed=3, turns=24)
    box = app.stack.top
    session = box.session
    session.save_name = "Friday: game"
    app.dispatch(key(pygame.K_s))
    folder = _sheets(tmp_path)
    assert sorted(p.name for p in folder.iterdir()) == ["Friday_ game.csv", "Friday_ game.png", "Friday_ game.txt"]
    assert box.message == f"Saved Friday_ game.png (and .txt, .csv) in {folder}" and not box.error
    history, names, totals = session.match.history, list(session.names), list(session.match.totals)
    rows = list(csv.reader((folder / "Friday_ game.csv").read_text().splitlines()))
    assert rows[0] == ["Hand", "Round", "East", "Winner", "Special hand", *names]
    assert [r[0] for r in rows[1:-1]] == [str(h.hand_number) for h in history]
    assert [int(v) for v in rows[1][5:]] == list(history[0].deltas)
    assert rows[-1] == ["", "", "", "", "Final score", *(str(t) for t in totals)]
    lines = (folder / "Friday_ game.txt").read_text().splitlines()
    assert lines[0] == f"Friday: game: score sheet after {len(history)} hands"
    assert lines[-1].split() == ["Final", "score", *(f"{t:,}" for t in totals)]  # grouped to be read, the CSV not
    picture = pygame.image.load(str(folder / "Friday_ game.png"))
    assert picture.get_width() == 1000 and picture.get_height() == 72 + 26 * (len(history) + 2) + 24
    app.render(1.0)


def test_score_sheet__grouped_the_languages_way_for_reading_and_plain_for_a_spreadsheet(tmp_path: Path) -> None:
    """In German the text sheet writes 1.644 and +1.200, the CSV 1644 and 1200 (a spreadsheet reads the digits
    as a number in any language)."""
    from game import i18n

    app = make_app(tmp_path)
    stage_scene(app, "game_over", seed=3, turns=24)
    session = app.stack.top.session
    session.save_name = "Abend"
    i18n.set_language("de")
    try:
        app.dispatch(key(pygame.K_s))
    finally:
        i18n.set_language("en")
    totals = list(session.match.totals)
    assert max(totals) >= 1000
    lines = (_sheets(tmp_path) / "Abend.txt").read_text().splitlines()
    assert lines[-1].split() == ["Endstand", *(f"{t:,}".replace(",", ".") for t in totals)]
    deltas = [d for record in session.match.history for d in record.deltas]
    shown = [cell for line in lines[4:-2] for cell in line.split()[-4:]]
    assert shown == [f"{d:+,}".replace(",", ".") if d else "0" for d in deltas]
    rows = list(csv.reader((_sheets(tmp_path) / "Abend.csv").read_text().splitlines()))
    assert rows[-1][5:] == [str(t) for t in totals]
    assert [v for row in rows[1:-1] for v in row[5:]] == [f"{d:+d}" if d else "0" for d in deltas]


def test_scores_box__the_score_sheet_button_saves_the_game_so_far(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    stage_scene(app, "scores", seed=3, turns=24)
    box = app.stack.top
    assert box.sheet.label == "Save Score Sheet", "named as the Game Finished box names it"
    row = [*box.extra, *box.buttons]
    assert [b.label for b in row] == ["Watch replay", "Save Score Sheet", "Replay this deal…", "OK", "Cancel"]
    assert all(b.fits() for b in row)
    assert all(left.rect.right + 8 <= right.rect.left for left, right in pairwise(row))
    app.dispatch(click(box.sheet.rect.center))
    [csv_file] = _sheets(tmp_path).glob("Sparrow *.csv")
    assert len(csv_file.read_text().splitlines()) == len(box.session.match.history) + 2
    assert box.sheet_message.startswith("Saved Sparrow ") and not box.sheet_error
    app.render(1.0)


def test_score_sheet__a_folder_that_cannot_be_written_is_reported(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    stage_scene(app, "game_over", seed=3, turns=24)
    (tmp_path / "config").mkdir(exist_ok=True)
    _sheets(tmp_path).write_text("a file where the folder should be")
    box = app.stack.top
    app.dispatch(click(next(b for b in box.buttons if b.label == "Save Score Sheet").rect.center))
    assert box.error and "score sheet" in box.message
    assert _sheets(tmp_path).read_text() == "a file where the folder should be"
    app.render(1.0)
