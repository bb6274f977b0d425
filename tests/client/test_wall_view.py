"""The wall view: four evenly placed sides, counted the way the help file counts, and the engine's wall."""

from __future__ import annotations

import itertools

from game.client.scenes.wall_view import WALL_AREA
from game.client.stage import stage_scene
from tests.client.helpers import make_app


def _wall_scene(tmp_path, turns: int = 12):
    app = make_app(tmp_path)
    return app, stage_scene(app, "wall", seed=4, turns=turns)


def test_wall_view__four_sides_evenly_placed_around_the_middle(tmp_path) -> None:
    """Each seat's side lies in front of that seat (bottom, right, top, left) with stacks evenly spaced."""
    _, scene = _wall_scene(tmp_path)
    per_side = scene.session.table.wall.stacks_per_side
    centre = WALL_AREA.center
    for side in range(4):
        seat = scene.seat_of_side(side)
        rects = [scene.stack_place(side * per_side + k).rect() for k in range(per_side)]
        mid = rects[per_side // 2].center
        expected = {0: mid[1] > centre[1] + 150, 1: mid[0] > centre[0] + 200, 2: mid[1] < centre[1] - 150,
                    3: mid[0] < centre[0] - 200}[seat]
        assert expected, f"side {side} of seat {seat} is not in front of its player"
        gaps = [abs(b.centerx - a.centerx) + abs(b.centery - a.centery) for a, b in itertools.pairwise(rects)]
        assert max(gaps) - min(gaps) <= 1
        # Neighbouring stacks touch without overlapping.
        for a, b in itertools.pairwise(rects):
            assert not a.inflate(-2, -2).colliderect(b.inflate(-2, -2))


def test_wall_view__counting_runs_round_the_right_hand_corner(tmp_path) -> None:
    """The last stack of a side is next to the first stack of the next player's side, as the help file counts."""
    _, scene = _wall_scene(tmp_path)
    per_side = scene.session.table.wall.stacks_per_side
    for side in range(4):
        last = scene.stack_place(side * per_side + per_side - 1).rect()
        first = scene.stack_place(((side + 1) % 4) * per_side).rect()
        distance = abs(last.centerx - first.centerx) + abs(last.centery - first.centery)
        assert distance < 80


def test_wall_view__shows_the_engines_wall_and_the_breach(tmp_path) -> None:
    """The view draws exactly the tiles still in the engine's wall, with the breach and the throws."""
    app, scene = _wall_scene(tmp_path, turns=20)
    picture = scene.current_picture()
    assert picture.present == set(scene.session.table.wall.tiles)
    assert picture.breach is not None and picture.breach.stack == scene.session.table.wall.breach.stack
    surface = app.render(1.0)
    breach_rect = scene.stack_place(picture.breach.stack, 0).rect()
    # The breach stack is empty felt framed by the accent colour.
    edge = surface.get_at((breach_rect.left, breach_rect.centery))[:3]
    assert edge != surface.get_at((breach_rect.centerx, breach_rect.centery))[:3]
    # Every side that still has tiles shows tile pixels where its stacks stand.
    top_tile = next(p for p in picture.present if p[1] == 1)
    r = scene.stack_place(*top_tile).rect()
    assert surface.get_at(r.center)[:3] != surface.get_at((r.centerx, r.bottom + 40))[:3]
