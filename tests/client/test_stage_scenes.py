"""Every scene the screenshot command knows can be staged and drawn; the staged statistics stay out of the
player's own statistics file."""

from __future__ import annotations

import pygame
import pytest

from game.cli import screenshot
from game.client import stage
from game.client.scenes import registry
from tests.client.helpers import make_app


def test_stage__screenshot_knows_every_staged_scene_with_the_contracts_six_first() -> None:
    assert screenshot.SCENES == stage.SCENES == tuple(registry.SCENES)
    assert stage.SCENES[:6] == ("title", "table", "wall", "scores", "settings", "mods")
    assert set(stage.STAGES) == set(registry.SCENES), "every registered scene has a way to be staged"


@pytest.mark.parametrize("name", list(registry.SCENES))
def test_registry__each_scene_is_found_by_its_name(name) -> None:
    assert registry.scene_class(name).name == name


def test_registry__an_unknown_name_is_named_with_the_known_ones() -> None:
    with pytest.raises(KeyError, match="unknown scene 'lobby': expected one of title, table"):
        registry.scene_class("lobby")


@pytest.mark.parametrize("name", [n for n in registry.SCENES if n not in ("title", "table", "wall", "scores",
                                                                           "settings", "mods")])
def test_stage__each_box_is_staged_on_top_and_draws(tmp_path, name) -> None:
    app = make_app(tmp_path)
    scene = stage.stage_scene(app, name, seed=2, turns=12)
    assert app.stack.top is scene and scene.name == {"confirm": "quit"}.get(name, name)
    picture = app.render(1.0)
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, 1280, 40) for y in range(0, 720, 40)}
    assert len(colours) > 20, "a real picture, not a blank screen"
    if name == "replay":
        assert scene.move == 12, "the replay stands the asked number of moves into the hand"
    if name == "stats":
        assert len(scene.session.match.history) == 3 and len(scene.rows()) == 4
        assert app.folders.config == tmp_path / "config"
        assert not (tmp_path / "config" / "statistics.json").exists()


def test_stage__screenshot_command_writes_the_new_scenes(tmp_path) -> None:
    out = tmp_path / "saves.png"
    screenshot.render_scene("saves", str(out), seed=1, turns=6)
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)


def test_stage__the_scores_box_stands_over_a_finished_table(tmp_path) -> None:
    """Behind the scores box the table offers what a finished hand offers (Next Hand, Scores), not the claim
    buttons of the turn the staging stopped at (seed 7, 24 turns: the human seat had a claim open)."""
    app = make_app(tmp_path)
    stage.stage_scene(app, "scores", seed=7, turns=24)
    table = next(scene for scene in app.stack.scenes if scene.name == "table")
    labels = [b.label for b in table.buttons]
    assert "Scores" in labels and "Pass" not in labels
