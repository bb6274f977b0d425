"""F1 opens the help about the screen the player is on; About shows the version, the mods and the folders."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import __version__
from game.client import desktop, stage
from game.client.scenes import registry
from game.client.scenes.help import loaded_mod_names
from game.client.scenes.help_pages import SCREEN_PAGES, TABLE_SITUATIONS
from tests.client.helpers import click, key, make_app, started_table, table_scene_until_claim


def press_f1(app):
    app.dispatch(key(pygame.K_F1))
    app.stack.apply_pending()
    return app.stack.top


def test_help__every_registered_screen_has_a_page() -> None:
    assert set(registry.SCENES) - {"table"} <= set(SCREEN_PAGES)
    assert set(TABLE_SITUATIONS) <= set(SCREEN_PAGES)


@pytest.mark.parametrize("name", [n for n in registry.SCENES if n not in ("help", "table")])
def test_help__f1_on_each_screen_opens_the_page_about_it(tmp_path, name) -> None:
    app = make_app(tmp_path)
    below = stage.stage_scene(app, name, seed=2, turns=6)
    shown = press_f1(app)
    assert shown.name == "help" and shown is not below
    assert shown.title == "This Screen"
    assert shown.page_heading() == SCREEN_PAGES[name][0]
    assert shown.page_text() == SCREEN_PAGES[name][1]


def test_help__f1_in_the_help_box_closes_it(tmp_path) -> None:
    app = make_app(tmp_path)
    stage.stage_scene(app, "title")
    assert press_f1(app).name == "help"
    assert press_f1(app).name == "title"


def test_help__f1_at_the_table_explains_the_situation(tmp_path) -> None:
    """Before the start, on your turn, while the others play, at a discard you may claim, after the hand."""
    app = make_app(tmp_path)
    seen = []
    scene = started_table(app, 3, 2.5)
    scene.session.started = False
    seen.append(press_f1(app).page_heading())
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    scene.session.started = True
    app.step()
    while not scene.session.human_to_discard:
        app.step()
    seen.append(press_f1(app).page_heading())
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    scene.commands.discard_index(0)
    app.step()
    seen.append(press_f1(app).page_heading())
    claim = table_scene_until_claim(make_app(tmp_path / "claim"))
    claim.context.dispatch(key(pygame.K_F1))
    claim.context.stack.apply_pending()
    seen.append(claim.context.stack.top.page_heading())
    over = started_table(make_app(tmp_path / "over"), 5, 2.5)
    over.session.play_to_end()
    over.context.dispatch(key(pygame.K_F1))
    over.context.stack.apply_pending()
    seen.append(over.context.stack.top.page_heading())
    assert seen == ["The Table: before the hand starts", "The Table: your turn", "The Table: the others are playing",
                    "The Table: a discard you may claim", "The Table: the hand is over"]


def test_help__the_title_button_opens_the_guide_not_the_screen_page(tmp_path) -> None:
    app = make_app(tmp_path)
    title = stage.stage_scene(app, "title")
    button = next(b for b in title.buttons if b.label == "Rules & Help")
    app.dispatch(click(button.rect.center))
    app.stack.apply_pending()
    assert app.stack.top.title == "Beginners Guide"


def about(app):
    stage.stage_scene(app, "title")
    shown = press_f1(app)
    app.dispatch(click(shown.tabs[shown.titles.index("About")].rect.center))
    app.render(1.0)  # the Open buttons stand where the page drew them
    return shown


def test_about__names_the_version_the_mods_loaded_and_the_folders(tmp_path) -> None:
    app = make_app(tmp_path)
    shown = about(app)
    assert shown.title == "About"
    assert shown.about_heading() == f"Sparrow Mah Jongg {__version__}"
    mods = loaded_mod_names(app)
    assert "Classic rules 1.0.0" in mods and len(mods) >= 10
    labels = {label: str(path) for label, path, _folder in shown.folders}
    config = tmp_path / "config"
    assert labels == {"Settings": str(config / "settings.yaml"), "Saves": str(config / "saves"),
                      "Mods": str(tmp_path / "mods"), "Log": str(config / "sparrow.log")}


def test_about__open_shows_the_folder_in_the_file_manager(tmp_path, monkeypatch) -> None:
    opened: list[Path] = []
    monkeypatch.setattr(desktop, "launch", opened.append)
    app = make_app(tmp_path)
    shown = about(app)
    saves = shown.openers[1]
    app.dispatch(click(saves.rect.center))
    assert opened == [tmp_path / "config" / "saves"] and opened[0].is_dir(), "made first, then opened"
    assert shown.notice == f"Opened {tmp_path / 'config' / 'saves'}"


def test_about__a_folder_that_cannot_be_opened_is_explained(tmp_path, monkeypatch) -> None:
    def refuse(path: Path) -> None:
        raise OSError("no program to open folders was found (xdg-open)")

    monkeypatch.setattr(desktop, "launch", refuse)
    app = make_app(tmp_path)
    shown = about(app)
    app.dispatch(click(shown.openers[2].rect.center))
    assert shown.notice == (f"{tmp_path / 'mods'} could not be opened: no program to open folders was found "
                            "(xdg-open)")
