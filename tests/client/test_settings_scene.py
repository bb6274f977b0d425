"""The Settings box: every page's controls change the game at once and survive a restart of the app."""

from __future__ import annotations

import pygame

from game.client.look import Palette
from game.client.scenes import games
from game.client.scenes.settings import PAGES, SettingsScene
from game.session.options import Options, seat_names
from tests.client.helpers import click, key, make_app, open_settings, restart


def control(scene: SettingsScene, label: str):
    return next(c for c in scene.page_controls() if getattr(c, "label", None) == label)


def test_settings__every_page_has_its_controls(tmp_path) -> None:
    app = make_app(tmp_path)
    expected = {"Play": {"Claim wait time", "Computer pause", "Ask First (F10)", "QuickTip (F8)"},
                "Animation": {"Tile speed", "Show the wall and dealing", "Movement direction (F11)", "Tile shadows",
                              "Test"},
                "Sound": {"Master volume", "Effects", "Voices", "Music", "Tile sounds", "Players' voices",
                          "Your own voice", "Warning beeps"},
                "Look": {"Voices", "Full screen (Alt+Enter)"}}
    for page in PAGES:
        scene = open_settings(app, page)
        labels = {getattr(c, "label", None) for c in scene.page_controls()}
        assert expected.get(page, set()) <= labels, page
        app.dispatch(key(pygame.K_ESCAPE))
        app.stack.apply_pending()
    look = open_settings(app, "Look")
    assert {c.record_id for c in look.cards["tileset"].cards} >= {"tiles-numbers", "tiles-plain",
                                                                   "tiles-characters", "tiles-contrast"}
    assert all(c.picture is not None and c.picture.get_width() > 5 * c.picture.get_height() for c in
               look.cards["tileset"].cards), "each tile set shows a row of its tiles"
    assert {c.record_id for c in look.cards["theme"].cards} >= {"jade", "parlour"}


def test_settings__animation_speed_zero_survives_a_restart(tmp_path) -> None:
    """Tile speed dragged to the left end (instant) is kept after the box closes and the game starts again."""
    app = make_app(tmp_path)
    scene = open_settings(app, "Animation")
    slider = control(scene, "Tile speed")
    track = slider._track()
    app.dispatch(click((track.left - 30, track.centery)))
    app.dispatch(pygame.Event(pygame.MOUSEBUTTONUP, pos=(track.left - 30, track.centery), button=1))
    assert scene.value("animation_speed") == 0
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top.name == "title"
    again = restart(tmp_path)
    assert again.settings.animation_speed == 0
    assert Options.from_settings(again.settings).animation_speed == 0
    assert again.settings.opponent_names == [], "names left alone stay the personalities' own"
    assert open_settings(again, "Animation").value("animation_speed") == 0


def test_settings__keyboard_changes_values_and_sound_applies_at_once(tmp_path) -> None:
    """Down moves the focus, Left/Right change the control in focus; volumes reach the sound at once."""
    app = make_app(tmp_path)
    scene = open_settings(app, "Sound")
    app.dispatch(key(pygame.K_DOWN))
    for _ in range(4):
        app.dispatch(key(pygame.K_LEFT))
    assert scene.value("master_volume") == 0.8
    assert app.resources.audio.volumes.master == 0.8
    toggle = control(scene, "Your own voice")
    app.dispatch(click(toggle.rect.center))
    assert app.resources.audio.your_voice is False
    app.dispatch(click(control(scene, "Warning beeps").rect.center))
    assert app.resources.audio.warning_beeps is False
    app.dispatch(key(pygame.K_PAGEUP))
    assert scene.page == "Animation"
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    again = restart(tmp_path)
    assert again.settings.master_volume == 0.8 and again.settings.own_voice is False
    assert again.resources.audio.volumes.master == 0.8 and again.resources.audio.your_voice is False
    assert again.settings.warning_beeps is False and again.resources.audio.warning_beeps is False


def test_settings__tile_set_change_redraws_the_tiles_and_is_kept(tmp_path) -> None:
    app = make_app(tmp_path)
    assert "tiles-numbers" in app.sprites.sheet.source
    before = pygame.image.tobytes(app.sprites.tile(31, (60, 80)), "RGBA")
    scene = open_settings(app, "Look")
    plain = next(c for c in scene.cards["tileset"].cards if c.record_id == "tiles-plain")
    app.dispatch(click(plain.rect.center))
    assert "tiles-plain" in app.sprites.sheet.source
    assert pygame.image.tobytes(app.sprites.tile(31, (60, 80)), "RGBA") != before
    app.dispatch(click(scene.done.rect.center))
    app.stack.apply_pending()
    again = restart(tmp_path)
    assert "tiles-plain" in again.sprites.sheet.source


def test_settings__look_page_holds_any_number_of_tile_sets(tmp_path) -> None:
    """Seven tile sets: four are on view, the wheel over the list brings the others, a click chooses one, and the
    keyboard focus scrolls the list to the card it reaches."""
    from tests.mods.modkit import tileset_mod

    for n in range(3):
        tileset_mod(tmp_path / "mods", f"extra-tiles-{n}")
    app = make_app(tmp_path)
    scene = open_settings(app, "Look")
    tiles = scene.cards["tileset"]
    assert len(tiles.cards) == 7 and len(tiles.visible()) == 4 and tiles.bar.needed
    last = tiles.cards[-1]
    assert last not in tiles.visible()
    app.dispatch(pygame.Event(pygame.MOUSEMOTION, pos=tiles.view.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(pygame.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False))
    assert last in tiles.visible() and tiles.view.contains(last.rect)
    app.dispatch(click(last.rect.center))
    assert scene.tileset == last.record_id and last.record_id in app.sprites.sheet.source
    app.dispatch(pygame.Event(pygame.MOUSEWHEEL, x=0, y=5, flipped=False))
    assert tiles.cards[0] in tiles.visible() and last not in tiles.visible()
    for _ in range(7):
        app.dispatch(key(pygame.K_DOWN))
    assert scene.page_controls()[scene.focus] is last and last in tiles.visible()
    app.render()


def test_settings__theme_change_recolours_at_once_and_is_kept(tmp_path) -> None:
    app = make_app(tmp_path)
    jade = app.palette
    scene = open_settings(app, "Look")
    parlour = next(c for c in scene.cards["theme"].cards if c.record_id == "parlour")
    app.dispatch(click(parlour.rect.center))
    assert app.palette != jade and app.resources.theme_record.id == "parlour"
    assert app.palette.back_top == Palette.from_theme(app.resources.theme["colours"]).back_top
    assert app.background().get_at((640, 360))[:3] != jade.back_top
    app.render()
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert restart(tmp_path).resources.theme_record.id == "parlour"


def test_settings__player_names_are_typed_and_used_by_the_next_game(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = open_settings(app, "Players")
    for _ in range(3):
        app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(pygame.Event(pygame.TEXTINPUT, text="Ada"))
    app.dispatch(key(pygame.K_TAB))
    for _ in range(6):
        app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(pygame.Event(pygame.TEXTINPUT, text="Bert"))
    assert [f.value for f in scene.fields] == ["Ada", "Bert", "Eric", "Gaby"]
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    again = restart(tmp_path)
    assert seat_names(again.settings) == ["Ada", "Bert", "Eric", "Gaby"]
    assert games.new_session(again, 1).names == ["Ada", "Bert", "Eric", "Gaby"]


def test_settings__play_options_reach_the_game_in_progress(tmp_path) -> None:
    """Opened over the table, a changed wait time and movement direction apply to the hand being played."""
    from game.client.stage import staged_table

    app = make_app(tmp_path)
    table = staged_table(app, 1, 4)
    app.open("settings")
    app.stack.apply_pending()
    scene = app.stack.top
    app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_RIGHT))
    assert table.session.options.wait_time == scene.value("wait_time") == 2.75
    app.dispatch(click(next(t for t in scene.tabs if t.label == "Animation").rect.center))
    app.dispatch(click(control(scene, "Movement direction (F11)").rect.center))
    assert table.show_direction is True
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top is table
    assert restart(tmp_path).settings.movement_direction is True


def test_settings__the_test_button_flies_a_tile_and_shadows_reach_the_table(tmp_path) -> None:
    """Animation: Test flies a sample tile at the tile speed chosen (P-172); Tile shadows at its left end turns
    the shadow under moving tiles off at the table (P-169, P-170)."""
    from game.client.scenes.movement_test import FLIGHT_SECONDS, REST
    from tests.client.helpers import show_table

    app = make_app(tmp_path)
    scene = open_settings(app, "Animation")
    app.dispatch(click(control(scene, "Test").rect.center))
    assert scene.movement_test.running and scene.wake_in() == 0.0
    app.step()
    assert 0 < scene.movement_test.progress(scene.value("animation_speed")) < 1
    seconds = FLIGHT_SECONDS / scene.value("animation_speed") + REST
    for _ in range(int(seconds * 60) + 2):
        app.step()
    assert not scene.movement_test.running
    shadows = control(scene, "Tile shadows")
    scene.focus = scene.page_controls().index(shadows)
    for _ in range(8):
        app.dispatch(key(pygame.K_LEFT))
    assert scene.value("tile_shadow") == 0 and shadows.fmt(0) == "off"
    app.dispatch(key(pygame.K_ESCAPE))
    table = show_table(app, games.new_session(app, 3))
    assert table.view().shadow == 0
    assert restart(tmp_path).settings.tile_shadow == 0
