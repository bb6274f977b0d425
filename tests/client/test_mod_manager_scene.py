"""The mod manager as a player uses it: a zip or folder dropped on the window installs, a broken mod says why."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pygame

from game.client.scenes.mod_manager import ModManagerScene, short_problem
from tests.client.helpers import make_app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "mods"


def _zip_folder(folder: Path, out: Path) -> Path:
    with zipfile.ZipFile(out, "w") as z:
        for file in folder.rglob("*"):
            if file.is_file():
                z.write(file, Path(folder.name) / file.relative_to(folder))
    return out


def test_mods__a_folder_dropped_on_the_title_installs_and_is_listed(tmp_path) -> None:
    app = make_app(tmp_path)
    app.show_title()
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
    below = pygame.Rect(scene.box.left + 24, scene._row(scene.scroll + 7).top, scene.box.width - 48, 120)

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
