"""The mod manager as a player uses it: a zip or folder dropped on the window installs, a broken mod says why."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pygame

from game.client.scenes.mod_manager import VISIBLE, ModManagerScene, short_problem
from tests.client.helpers import click, from_title, key, make_app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "mods"


def _zip_folder(folder: Path, out: Path) -> Path:
    with zipfile.ZipFile(out, "w") as z:
        for file in folder.rglob("*"):
            if file.is_file():
                z.write(file, Path(folder.name) / file.relative_to(folder))
    return out


def test_mods__a_folder_dropped_on_the_title_installs_and_is_listed(tmp_path) -> None:
    app = make_app(tmp_path)
    app.reset_to("title")
    app.stack.apply_pending()
    app.dispatch(pygame.Event(pygame.DROPFILE, file=str(EXAMPLES / "house-rules")))
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, ModManagerScene)
    assert scene.ok, scene.message
    row = next(r for r in scene.rows if r.id == "house-rules")
    assert row.origin == "user" and row.status == "loaded"
    assert (tmp_path / "mods" / "house-rules" / "mod.yaml").is_file()
    app.render()


def test_mods__a_zip_dropped_on_the_open_manager_installs(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = ModManagerScene(app)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    archive = _zip_folder(EXAMPLES / "opponents-example", tmp_path / "opponents-example.zip")
    app.dispatch(pygame.Event(pygame.DROPFILE, file=str(archive)))
    assert app.stack.top is scene and scene.ok, scene.message
    assert any(r.id == "opponents-example" and r.status == "loaded" for r in scene.rows)


def test_mods__a_broken_mods_problems_are_shown_in_full_under_the_list(tmp_path) -> None:
    """The row has room for the start of the first problem; selecting it shows every problem under the list."""
    broken = tmp_path / "mods" / "broken"
    broken.mkdir(parents=True)
    (broken / "mod.yaml").write_text("format: 1\nid: broken\nname: A broken mod\nversion: '1.0'\n"
                                     "kinds: [ruleset]\n", encoding="utf-8")
    app = make_app(tmp_path)
    scene = ModManagerScene(app)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    index = next(i for i, r in enumerate(scene.rows) if r.id == "broken")
    row = scene.rows[index]
    assert row.status == "error" and row.problems
    assert short_problem(row.problems[0], row.path).startswith("mod.yaml:")
    below = pygame.Rect(scene.box.left + 24, scene._row(scene.scroll + VISIBLE).top, scene.box.width - 48, 90)

    def red_pixels() -> int:
        app.render()
        area = app.logical.subsurface(below)
        return sum(1 for x in range(0, below.width, 2) for y in range(0, below.height, 2)
                   if area.get_at((x, y))[:3] == app.palette.east_stake[:3])

    scene.selected = 0 if index else 1
    without = red_pixels()
    for _ in range(index - scene.selected):
        scene.handle(pygame.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    assert scene.selected == index
    assert red_pixels() > without + 20


def test_short_problem__only_the_mods_own_folder_is_left_off() -> None:
    assert short_problem("/a/mods/x/mod.yaml:5:1: bad", "/a/mods/x") == "mod.yaml:5:1: bad"
    assert short_problem("/elsewhere/mod.yaml:1:1: bad", "/a/mods/x") == "/elsewhere/mod.yaml:1:1: bad"


def _open_mods(app):
    scene = from_title(app, pygame.K_m)
    assert isinstance(scene, ModManagerScene)
    return scene


def _install_then_press(app, example: str, k: int):
    """Install an example mod from the title's Mods box (dropped on the window), close the box and press ``k`` on
    the title; the install's message and the scene ``k`` opened."""
    scene = _open_mods(app)
    app.dispatch(pygame.Event(pygame.DROPFILE, file=str(EXAMPLES / example)))
    assert scene.ok, scene.message
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    app.dispatch(key(k))
    app.stack.apply_pending()
    return scene.message, app.stack.top


def _wheel(scene, y: int) -> None:
    scene.handle(pygame.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)))


def test_mods__more_mods_than_fit_scroll_by_wheel_keys_and_the_bar(tmp_path) -> None:
    """Every bundled mod can be reached: the wheel, End/Home, Page Down and a click on the scroll bar's track."""
    app = make_app(tmp_path)
    scene = _open_mods(app)
    assert len(scene.rows) > VISIBLE and scene.bar.needed
    _wheel(scene, -3)
    assert scene.scroll == 3
    _wheel(scene, 10)
    assert scene.scroll == 0
    app.dispatch(key(pygame.K_END))
    assert scene.selected == len(scene.rows) - 1
    assert scene.scroll == len(scene.rows) - VISIBLE
    app.dispatch(key(pygame.K_HOME))
    assert (scene.selected, scene.scroll) == (0, 0)
    app.dispatch(key(pygame.K_PAGEDOWN))
    assert scene.selected == VISIBLE and scene.scroll >= 1
    app.dispatch(key(pygame.K_HOME))
    track = scene.bar.track
    app.dispatch(click((track.centerx, track.bottom - 3)))
    assert scene.scroll == scene.bar.last_first
    app.render()
    thumb = scene.bar.thumb()
    assert app.logical.get_at(thumb.center)[:3] != app.logical.get_at((track.centerx, track.top + 2))[:3]


def test_mods__move_down_says_where_the_mod_loads_now_and_applies_it(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = _open_mods(app)
    first = scene.rows[0]
    assert scene.order_number(first) == 1
    app.dispatch(click(scene.down_button.rect.center))
    assert scene.ok, scene.message
    assert scene.message == f"{first.name} now loads in place 2 of {len(scene.manager.catalog.order)}; in effect now"
    assert scene.rows[1].id == first.id and scene.selected == 1
    assert scene.order_number(scene.rows[1]) == 2
    assert app.catalog.order[1] == first.id, "the game's own catalog has the new order"
    app.dispatch(key(pygame.K_UP, pygame.KMOD_CTRL))
    assert scene.message.startswith(f"{first.name} now loads in place 1 of")
    app.dispatch(key(pygame.K_UP, pygame.KMOD_CTRL))
    assert scene.message == f"{first.name} loads first already"


def test_mods__the_screen_says_what_load_order_means_and_names_mods_by_name(tmp_path) -> None:
    from game.client.scenes.mod_manager import LOAD_ORDER

    app = make_app(tmp_path)
    scene = _open_mods(app)
    assert LOAD_ORDER == ("Mods load from top to bottom: where two offer the same ruleset, tile set, theme or "
                          "opponent, the lower one wins.")
    classic = next(i for i, r in enumerate(scene.rows) if r.id == "classic")
    scene._select(classic)
    app.dispatch(key(pygame.K_SPACE))
    assert scene.message == "Classic rules disabled; in effect now"
    app.dispatch(key(pygame.K_DELETE))
    assert scene.message == "Classic rules is bundled with the game and cannot be removed; disable it instead"


def test_mods__an_installed_opponent_is_offered_by_new_game_at_once_and_plays(tmp_path) -> None:
    """Installed from the title's Mods box: New Game lists the new personality without a restart, and the game
    started with it seats that personality."""
    from game.client.scenes.new_game import NewGameScene

    app = make_app(tmp_path)
    message, new_game = _install_then_press(app, "opponents-example", pygame.K_n)
    assert message == "installed Example opponents 1.0.0; in effect now"
    assert isinstance(new_game, NewGameScene)
    ids = [p.id for p in new_game.people]
    assert "auntie_may" in ids
    chooser = new_game.seat_choosers[0]
    for _ in range(len(ids)):
        if new_game.people[chooser.index].id == "auntie_may":
            break
        app.dispatch(click(chooser.arrows()[1].center))
    assert new_game.seat_names[0].value == "Auntie May"
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    session = app.stack.top.session
    assert session.opponents[0] == "auntie_may"
    assert session.players[1].personality.id == "auntie_may"


def test_mods__an_installed_tile_set_is_in_settings_at_once(tmp_path) -> None:
    from game.client.scenes.settings import SettingsScene

    app = make_app(tmp_path)
    message, settings = _install_then_press(app, "tiles-example", pygame.K_s)
    assert message == "installed Example tile set 1.0.0; in effect now"
    assert isinstance(settings, SettingsScene)
    assert "tiles-example" in settings._ids("tileset")


def test_mods__disabling_the_theme_in_use_gives_way_to_the_default_at_once(tmp_path) -> None:
    app = make_app(tmp_path)
    app.change_look(theme="parlour")
    assert app.resources.theme_record.id == "parlour"
    scene = _open_mods(app)
    scene._select(next(i for i, r in enumerate(scene.rows) if r.id == "parlour"))
    app.dispatch(key(pygame.K_SPACE))
    assert scene.ok, scene.message
    assert app.resources.theme_record.id == "jade"
    app.render()


def test_mods__a_mod_dropped_on_an_open_new_game_box_is_offered_when_the_mods_box_closes(tmp_path) -> None:
    from game.client.scenes.new_game import NewGameScene

    app = make_app(tmp_path)
    new_game = from_title(app, pygame.K_n)
    assert isinstance(new_game, NewGameScene)
    before = [new_game.people[c.index].id for c in new_game.seat_choosers]
    app.dispatch(pygame.Event(pygame.DROPFILE, file=str(EXAMPLES / "opponents-example")))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ModManagerScene) and app.stack.top.ok
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top is new_game
    assert "uncle_wu" in [p.id for p in new_game.people]
    assert [new_game.people[c.index].id for c in new_game.seat_choosers] == before
    assert "Uncle Wu · defensive" in new_game.seat_choosers[0].labels
