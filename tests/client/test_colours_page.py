"""Settings ▸ Colours (P-71, P-149…P-153): an item is picked, set with the Red, Green and Blue sliders and seen at
once on the preview and the game behind; Default gives the theme's colours back; the choice survives a restart,
and a broken one in the settings file is reported and the theme's colours used."""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame

from game.client.app import App
from game.client.look import Palette
from game.client.scenes.colours_page import ColoursPage
from tests.builders import rewrite_keeping_times, settle_files
from tests.client.helpers import click, key, make_app, open_settings, restart
from tests.mods.modkit import manifest, write


def _colours_page(app: App) -> ColoursPage:
    scene = open_settings(app, "Colours")
    assert isinstance(scene.editor, ColoursPage)
    return scene.editor


def _item(page: ColoursPage, label: str):
    return next(b for b in page.items if b.label == label)


def _centre_colour(surface: pygame.Surface) -> tuple[int, int, int]:
    average = pygame.transform.average_color(surface, pygame.Rect(540, 300, 200, 100))
    return (average[0], average[1], average[2])


def test_colours__the_table_cloth_follows_the_sliders_at_once_and_after_a_restart(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    page = _colours_page(app)
    theme_cloth = app.palette.back_top
    assert page.key == "table" and page.colour() == theme_cloth
    before = page.preview().copy()
    red, _, blue = page.sliders
    app.dispatch(click((blue.rect.right - 80, blue.rect.centery)))  # past the end of the track: 255
    app.dispatch(click((red.rect.centerx, red.rect.centery)))  # the start of the track: 0
    assert app.settings.colours == {"table": f"#00{theme_cloth[1]:02x}ff"}
    assert app.palette.back_top == (0, theme_cloth[1], 255)
    r, _, b = _centre_colour(app.background())
    assert b > 150 and r < 40, "the cloth is tinted, not only the gradient under it"
    assert pygame.transform.average_color(page.preview()) != pygame.transform.average_color(before)
    app.render(1.0)
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top.name == "title"
    again = restart(tmp_path)
    assert again.settings.colours == {"table": f"#00{theme_cloth[1]:02x}ff"}
    assert again.palette.back_top == (0, theme_cloth[1], 255)


def test_colours__keyboard_picks_a_stake_and_steps_its_red(tmp_path: Path) -> None:
    """Down to South stake, Space picks it, Down to Red, Right twice: 16 more red, on South's stake only."""
    app = make_app(tmp_path)
    page = _colours_page(app)
    south = app.palette.stake(1)
    for _ in range(page.controls.index(_item(page, "South stake")) + 1):
        app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_SPACE))
    assert page.key == "stake_south"
    for _ in range(page.controls.index(page.sliders[0]) - page.controls.index(_item(page, "South stake"))):
        app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RIGHT))
    assert app.palette.stake(1) == (min(255, south[0] + 16), south[1], south[2])
    assert app.palette.stake(0) == Palette.from_theme(app.resources.theme.get("colours"),
                                                     app.resources.theme.get("stakes")).stake(0)
    app.render(1.0)


def test_colours__default_gives_the_themes_colours_back(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.settings.colours = {"highlight": "#ff00ff", "text": "#000000"}
    app.settings_changed("colours")
    page = _colours_page(app)
    assert app.palette.highlight == (255, 0, 255)
    app.dispatch(click(_item(page, "Highlight").rect.center))
    assert page.key == "highlight" and page.colour() == (255, 0, 255)
    app.dispatch(click(page.default.rect.center))
    assert app.settings.colours == {}
    assert app.palette == app.resources.theme_palette
    app.render(1.0)


def test_colours__a_broken_colour_in_the_settings_file_is_reported_and_the_theme_used(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.yaml").write_text("player_name: Ann\ncolours:\n  table: blueish\n")
    app = restart(tmp_path)
    assert app.settings.colours == {} and app.settings.player_name == "Ann"
    assert app.palette == app.resources.theme_palette
    app.reset_to("title")
    app.render(1.0)
    assert any("colours.table: expected a colour as '#rrggbb' (red, green, blue in hex), got 'blueish'" in n
               for n in app.resources.notices), app.resources.notices


def test_cloth__a_theme_cloth_changed_on_disk_is_laid_by_the_next_start(tmp_path: Path, monkeypatch) -> None:
    """The cloth's picture is decoded once while its file is unchanged: one replaced by another of the same size,
    even with the old file's times, is the cloth of the next game started."""
    settle_files(monkeypatch)
    folder = tmp_path / "mods" / "cloth-theme"
    write(folder / "mod.yaml", manifest("cloth-theme", ["theme"]))
    write(folder / "theme" / "theme.yaml", "name: Cloth\ncloth: cloth.bmp\n")
    picture = pygame.Surface((64, 64))
    picture.fill((200, 30, 30))
    pygame.image.save(picture, str(folder / "theme" / "cloth.bmp"))
    def cloth() -> tuple[int, int, int]:
        args = argparse.Namespace(mods_dir=str(tmp_path / "mods"), config_dir=str(tmp_path / "config"))
        app = App(args, size=(1280, 720), headless=True, theme="cloth-theme")
        assert app.resources.theme_record.id == "cloth-theme"
        return _centre_colour(app.resources.background())

    assert cloth() == cloth() == (200, 30, 30)
    picture.fill((30, 160, 60))
    pygame.image.save(picture, str(tmp_path / "green.bmp"))
    rewrite_keeping_times(folder / "theme" / "cloth.bmp", (tmp_path / "green.bmp").read_bytes())
    assert cloth() == (30, 160, 60)
