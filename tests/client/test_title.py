"""The title screen's menu: every command is there, laid out in a grid the arrow keys walk, and each opens."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client.app import App
from tests.client.helpers import click, from_title, key, make_app
from tests.mods.modkit import tileset_mod

ROOT = Path(__file__).resolve().parents[2]


def labels(app) -> list[str]:
    return [b.label for b in app.stack.top.buttons]


def test_title__commands_and_continue_only_with_an_autosave(tmp_path) -> None:
    app = make_app(tmp_path)
    app.reset_to("title")
    app.stack.apply_pending()
    assert labels(app) == ["New Game", "Learn to Play", "Open…", "Join a Table", "Statistics", "Settings", "Mods",
                           "Rules & Help", "Quit"]
    path = app.keeper.autosave_path
    path.parent.mkdir(parents=True)
    path.write_text("not a save\n")
    app.reset_to("title")
    app.stack.apply_pending()
    assert labels(app)[:2] == ["Continue", "New Game"]
    rects = [b.rect for b in app.stack.top.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), "no button overlaps"
    assert all(pygame.Rect(0, 360, 1280, 320).contains(r) for r in rects), "the menu stays under the title"
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert app.stack.top.name == "title" and app.stack.top.buttons[0].label == "Continue (save unreadable)"


def test_title__arrow_keys_walk_the_grid(tmp_path) -> None:
    app = make_app(tmp_path)
    app.reset_to("title")
    app.stack.apply_pending()
    title = app.stack.top
    focused = lambda: title.buttons[title.focus].label  # noqa: E731
    assert focused() == "New Game"
    app.dispatch(key(pygame.K_DOWN))
    assert focused() in ("Open…", "Join a Table")
    app.dispatch(key(pygame.K_LEFT))
    app.dispatch(key(pygame.K_RIGHT))
    assert focused() == "Join a Table"
    app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_DOWN))
    assert focused() == "Rules & Help"
    app.dispatch(key(pygame.K_DOWN))
    assert focused() == "Quit"
    app.dispatch(key(pygame.K_UP))
    assert focused() == "Mods"
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert app.stack.top.name == "mods"


def test_title__each_command_opens_its_box(tmp_path) -> None:
    app = make_app(tmp_path)
    for label, scene in (("Open…", "saves"), ("Statistics", "stats"), ("Settings", "settings"),
                         ("Rules & Help", "help"), ("New Game", "new_game"), ("Learn to Play", "lessons"),
                         ("Join a Table", "join")):
        app.reset_to("title")
        app.stack.apply_pending()
        button = next(b for b in app.stack.top.buttons if b.label == label)
        app.dispatch(click(button.rect.center))
        app.stack.apply_pending()
        assert app.stack.top.name == scene, label
        app.render()
    app.reset_to("title")
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_t))
    app.stack.apply_pending()
    assert app.stack.top.name == "stats"
    from_title(app, pygame.K_ESCAPE)
    assert app.running, "Esc, the key that goes back everywhere else, does not quit without asking"
    assert app.stack.top.name == "quit"
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.running and app.stack.top.name == "title"
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_RETURN))
    assert app.running is False


def test_title__the_quit_question_reads_plainly(tmp_path) -> None:
    app = make_app(tmp_path)
    box = from_title(app, pygame.K_ESCAPE)
    assert (box.title, box.question, box.detail) == ("Quit", "Quit Sparrow?", "")
    assert (box.ok.label, box.cancel.label) == ("Quit", "Stay")
    app.render()


def _notice_under_the_title(tmp_path: Path, settings: str) -> tuple[App, str]:
    """The app started with ``settings`` in its settings file, and the line under the title's menu."""
    (tmp_path / "config").mkdir()
    (tmp_path / "config/settings.yaml").write_text(settings, encoding="utf-8")
    app = make_app(tmp_path)
    app.reset_to("title")
    app.stack.apply_pending()
    return app, app.stack.top.notice_line()


def test_title__a_tile_set_that_cannot_be_read_is_told_under_the_menu(tmp_path) -> None:
    """A chosen tile set whose picture is broken is not silently swapped: the title says so, and the tiles are
    drawn with the default faces meanwhile."""
    tileset_mod(tmp_path / "mods")
    (tmp_path / "mods/good-tiles/tileset/sheet.png").write_bytes(b"not a picture")
    app, line = _notice_under_the_title(tmp_path, "tileset: good-tiles\n")
    assert line.startswith("The tile set Test tiles could not be read: ") and line.endswith("— using the default")
    assert "sheet.png" in line, "the file it concerns is named"
    assert app.sprites.sheet is None, "the tiles are drawn with the default faces meanwhile"


def test_title__settings_that_cannot_be_read_are_told_under_the_menu(tmp_path) -> None:
    """A setting in error takes its default (the others are kept), and the title says so instead of leaving it
    to the log."""
    app, line = _notice_under_the_title(tmp_path, "master_volume: loud\nplayer_name: Mei\n")
    assert line.startswith("Your settings could not all be read (") and line.endswith(") — the defaults take their "
                                                                                       "place")
    assert "settings.yaml:1:1" in line, "the file and the place in it are named"
    assert app.settings.master_volume == 1.0 and app.settings.player_name == "Mei"


def test_title__a_theme_font_that_is_no_font_is_told_and_the_house_font_draws(tmp_path) -> None:
    """A theme whose font file is not a font: FreeType never sees it, the title says which font could not be used,
    and the text is drawn with the house font."""
    import shutil

    from game.client import look

    theme = tmp_path / "mods/parlour-copy"
    shutil.copytree(ROOT / "themes/parlour", theme)
    manifest = (theme / "mod.yaml").read_text(encoding="utf-8")
    (theme / "mod.yaml").write_text(manifest.replace("id: parlour", "id: parlour-copy").replace(
        "name: Parlour", "name: Parlour copy"), encoding="utf-8")
    record = (theme / "theme/theme.yaml").read_text(encoding="utf-8")
    (theme / "theme/theme.yaml").write_text(record.replace("id: parlour", "id: parlour-copy"), encoding="utf-8")
    (theme / "theme/fonts/NotoSerif-Regular.ttf").write_bytes(b"<html>not a font</html>")
    app, line = _notice_under_the_title(tmp_path, "theme: parlour-copy\n")
    assert app.resources.theme_record.id == "parlour-copy"
    assert ("The theme's ui font NotoSerif-Regular.ttf cannot be used: expected a TrueType or OpenType font, the "
            "file header does not match — using the house font") in app.resources.notices
    assert look.face_files("sans")[0].name != "NotoSerif-Regular.ttf"
    assert look.face_files("bold")[0] == theme / "theme/fonts/NotoSerif-Bold.ttf", "the theme's good fonts stay"
    app.render()
    assert line.startswith("The theme's ui font")
