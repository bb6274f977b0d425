"""A picture becomes a tile set in the window (P-36, P-157…P-161): dropped on the window or typed in the box that
Settings ▸ Look opens, it is checked, shown cut into tiles, and "Use as tile set" installs it as a mod of the
player's own and plays with it at once, and after a restart; a wrong picture is refused naming the grid."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client.scenes.tile_picture import TilePictureScene
from game.client.stage import stage_scene
from tests.client.helpers import click, drawn_text, key, make_app

FACE = (200, 60, 60)
"""The colour of every tile in the test pictures (the game reads a tile set's face colour from its East wind)."""


def _picture(path: Path, size: tuple[int, int], colour: tuple[int, int, int] = FACE) -> Path:
    surface = pygame.Surface(size)
    surface.fill(colour)
    pygame.image.save(surface, str(path))
    return path


def _drop(app, path: Path) -> None:
    app.dispatch(pygame.Event(pygame.DROPFILE, file=str(path)))
    app.stack.apply_pending()


def _face(app) -> tuple[int, int, int]:
    sheet = app.resources.sprites.sheet
    assert sheet is not None
    return tuple(sheet.face_colour[:3])


def test_drop__a_picture_of_the_grid_dropped_on_the_table_becomes_the_tile_set(tmp_path: Path) -> None:
    """Dropped over a game, the picture is shown cut into tiles; a click on "Use as tile set" installs it in
    the user mods folder, draws the tiles with it at once, and a restart keeps it."""
    app = make_app(tmp_path)
    stage_scene(app, "table", seed=2, turns=2)
    picture = _picture(tmp_path / "red tiles.png", (648, 460))
    _drop(app, picture)
    scene = app.stack.top
    assert isinstance(scene, TilePictureScene)
    assert scene.preview is not None and scene.use.enabled
    assert scene.message == "red tiles.png, cut into tiles as the game will draw them. Use it as your tile set?"
    app.render(1.0)
    assert _face(app) != FACE
    app.dispatch(click(scene.use.rect.center))
    assert app.resources.tileset_record.id == "picture-red-tiles"
    assert (tmp_path / "mods" / "picture-red-tiles" / "tileset" / "sheet.png").read_bytes() == picture.read_bytes()
    assert _face(app) == FACE
    assert scene.message.startswith("Red tiles is your tile set now.") and scene.cancel.label == "Done"
    assert not scene.use.enabled
    app.render(1.0)
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top.name == "table"

    again = make_app(tmp_path)
    assert again.settings.tileset == "picture-red-tiles"
    assert again.resources.tileset_record.id == "picture-red-tiles" and _face(again) == FACE


def test_drop__a_picture_of_another_size_or_no_picture_is_refused_naming_the_grid(tmp_path: Path) -> None:
    """Nothing can be installed from it: the message gives the grid's sizes and the picture's own."""
    app = make_app(tmp_path)
    stage_scene(app, "title")
    _drop(app, _picture(tmp_path / "small.png", (100, 100)))
    scene = app.stack.top
    assert isinstance(scene, TilePictureScene)
    assert scene.error and scene.preview is None and not scene.use.enabled
    assert scene.message.startswith("small.png cannot be a tile set: expected a picture of the 9×5 tile grid")
    assert scene.message.endswith("324×230 pixels, or 648×460 or 972×690 for sharper tiles, as PNG, JPEG, GIF or "
                                  "BMP; got 100×100")
    app.dispatch(click(scene.use.rect.center))
    fake = tmp_path / "notes.jpg"
    fake.write_text("not a picture")
    _drop(app, fake)
    assert app.stack.top is scene
    assert scene.message.endswith("; this file is not a picture")
    app.render(1.0)
    assert not (tmp_path / "mods").exists() or not any((tmp_path / "mods").iterdir())


def test_settings__from_a_picture_takes_a_typed_path_and_lists_the_new_tile_set(tmp_path: Path) -> None:
    """Settings ▸ Look ▸ From a Picture…: the path is typed, Enter shows it, Enter again uses it; the Look
    page lists the new tile set, chosen."""
    picture = _picture(tmp_path / "Jade.png", (324, 230), (40, 150, 90))
    app = make_app(tmp_path)
    stage_scene(app, "title")
    settings = app.open("settings", page="Look")
    app.stack.apply_pending()
    button = next(c for c in settings.controls if getattr(c, "label", "") == "From a Picture…")
    app.dispatch(click(button.rect.center))
    app.stack.apply_pending()
    box = app.stack.top
    assert isinstance(box, TilePictureScene) and box.field.focused and box.preview is None
    app.render(1.0)
    app.dispatch(pygame.Event(pygame.TEXTINPUT, text=str(picture)))
    app.dispatch(key(pygame.K_RETURN))
    assert box.preview is not None and box.use.enabled and not box.field.focused
    app.dispatch(key(pygame.K_RETURN))
    assert box.installed == "picture-jade"
    assert settings.tileset == "picture-jade"
    assert "picture-jade" in [card.record_id for card in settings.cards["tileset"].cards]
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert app.stack.top is settings
    app.render(1.0)


def test_mods_box__a_picture_dropped_on_it_opens_the_tile_set_box_and_is_listed_once_used(tmp_path: Path) -> None:
    from game.client.scenes.mod_manager import ModManagerScene

    app = make_app(tmp_path)
    stage_scene(app, "mods", seed=2, turns=2)
    mods = app.stack.top
    assert isinstance(mods, ModManagerScene)
    _drop(app, _picture(tmp_path / "mine.bmp", (972, 690)))
    box = app.stack.top
    assert isinstance(box, TilePictureScene) and box.use.enabled
    app.dispatch(click(box.use.rect.center))
    assert "picture-mine" in [row.id for row in mods.rows]


def test_restart__a_broken_picture_tile_set_gives_way_to_the_default_with_a_notice(tmp_path: Path) -> None:
    """The picture spoilt after it was installed: the next start draws the default tiles and says why."""
    app = make_app(tmp_path)
    stage_scene(app, "title")
    _drop(app, _picture(tmp_path / "soon broken.png", (324, 230)))
    app.dispatch(click(app.stack.top.use.rect.center))
    (tmp_path / "mods" / "picture-soon-broken" / "tileset" / "sheet.png").write_bytes(b"\x89PNG\r\n\x1a\n broken")
    again = make_app(tmp_path)
    assert again.resources.sprites.sheet is None, "the game's own drawn tiles"
    [notice] = again.resources.notices
    assert notice.startswith("The tile set Soon broken could not be read: ") and notice.endswith("using the default")
    stage_scene(again, "table", seed=2, turns=2)
    again.render(1.0)


def test_typing__a_long_path_keeps_its_end_in_view_while_typed_and_its_start_once_left(tmp_path: Path) -> None:
    """A path longer than the box shows its last characters while it is typed (the caret is there), and its
    start with an ellipsis once the box is left."""
    app = make_app(tmp_path)
    stage_scene(app, "title")
    box = app.open("tile_picture")
    app.stack.apply_pending()
    assert isinstance(box, TilePictureScene) and box.field.focused
    path = "/home/someone/Pictures/tile sets/downloaded from the club/" * 2 + "the club's own tiles.png"
    app.dispatch(pygame.Event(pygame.TEXTINPUT, text=path))
    app.render(1.0)
    shown = box.field.shown()
    assert shown.startswith("…") and shown.endswith("the club's own tiles.png")
    assert box.field.shown()[1:] in path
    app.dispatch(click((box.field.rect.left, box.field.rect.bottom + 200)))
    assert not box.field.focused
    assert box.field.shown().startswith("/home/someone/") and box.field.shown().endswith("…")


def test_keys__a_greyed_button_shows_no_key(tmp_path: Path, monkeypatch) -> None:
    """Before a picture is shown "Use as tile set" is greyed and Enter does not use anything: its "Enter" is
    not drawn; once a picture is there, it is."""
    from game.client import widgets

    drawn = drawn_text(monkeypatch, widgets)
    app = make_app(tmp_path)
    stage_scene(app, "title")
    box = app.open("tile_picture")
    app.stack.apply_pending()
    drawn.clear()
    box.use.draw(app.logical, box.context.palette)
    assert not box.use.enabled and [line for line, _rect in drawn] == ["Use as tile set"]
    box.use.enabled = True
    drawn.clear()
    box.use.draw(app.logical, box.context.palette)
    assert [line for line, _rect in drawn] == ["Use as tile set", "Enter"]
