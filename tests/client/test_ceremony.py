"""The opening ceremony, run headless in fast-forward: the tiles end where the engine put them."""

from __future__ import annotations

import math

import pygame

from game.client.ceremony import WallPicture
from game.client.physics import DiceRoll, Wash
from game.client.scenes.table import TableScene
from game.client.tween import Scenery
from game.core import events as ev
from tests.client.helpers import instant_session, key, make_app, table_animator


def _ceremony_scene(tmp_path, seed: int = 3, speed: float = 1.0):
    app = make_app(tmp_path)
    session = instant_session(seed)
    session.options.animation_speed = speed
    scene = TableScene(app, session)
    scene.animator.speed = speed
    scene.animator.show_dealing = True
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    return app, scene


def _run(app, scene, limit: int = 3000, render_every: int = 0, watch=None) -> int:
    frames = 0
    while scene.animator.busy and frames < limit:
        app.step(1 / 60)
        if watch is not None:
            watch()
        if render_every and frames % render_every == 0:
            app.render(0.5)
        frames += 1
    return frames


def test_ceremony__whole_ceremony_ends_with_the_engines_wall_and_hands(tmp_path) -> None:
    """Washing, building, both throws, breaking and the deal play through; then the wall on the table is the
    engine's wall, place for place, and every stake shows the tiles the engine dealt."""
    app, scene = _ceremony_scene(tmp_path, speed=4.0)
    ceremony = scene.animator.ceremony
    seen_sizes, human_counts = set(), []

    def watch() -> None:
        seen_sizes.add(len(ceremony.picture.present))
        if ceremony.stakes is not None:
            human_counts.append(len(ceremony.stakes[0]))

    frames = _run(app, scene, render_every=7, watch=watch)
    table = scene.session.table
    assert not scene.animator.busy and frames > 60
    assert 144 in seen_sizes, "the full wall stood before it was broken"
    assert ceremony.picture.present == set(table.wall.tiles)
    assert ceremony.stakes is None
    # The human's stake grew in the 4-4-4-1 rhythm of the deal.
    grown = sorted(set(human_counts))
    assert grown[:5] == [0, 4, 8, 12, 13]


def test_ceremony__every_dealt_tile_leaves_the_wall_from_its_engine_position(tmp_path) -> None:
    """Each TilesDealt animation takes exactly the event's positions out of the wall, no more, no fewer."""
    session = instant_session(8)
    session.deal()
    events = session.drain()
    animator = table_animator(1.0)
    animator.feed(events, Scenery(session.table))
    taken = []
    while animator.busy:
        before = set(animator.ceremony.picture.present)
        animator.update(1 / 240)
        gone = before - animator.ceremony.picture.present
        if gone:
            taken.append(gone)
    dealt = [set(e.positions) for e in events if isinstance(e, ev.TilesDealt)]
    assert len(dealt) == 16
    assert all(positions in taken for positions in dealt)
    assert animator.ceremony.picture.present == set(session.table.wall.tiles)


def test_ceremony__same_seed_same_animation(tmp_path) -> None:
    """Two runs of the same hand wash the tiles the same way and the dice land the same way."""
    poses = []
    for _ in range(2):
        session = instant_session(11)
        session.deal()
        animator = table_animator(1.0)
        animator.feed(session.drain(), Scenery(session.table))
        for _ in range(150):
            animator.update(1 / 60)
        actor = animator.actors()[0] if animator.actors() else None
        poses.append([(round(p.x, 6), round(p.y, 6)) for p in actor.poses()] if actor is not None else [])
    assert poses[0] and poses[0] == poses[1]


def test_ceremony__dice_come_to_rest_on_the_engines_values() -> None:
    """Whatever the tumbling showed, the resting dice show the thrown values and lie inside the table area."""
    for seed in range(6):
        values = (seed % 6 + 1, (seed * 5) % 6 + 1)
        roll = DiceRoll(seed, values, (640, 380), (640, 300), (530, 230, 220, 150))
        resting = roll.resting()
        assert tuple(f.face for f in resting) == values
        for frame in resting:
            assert 520 <= frame.x <= 760 and 220 <= frame.y <= 390


def test_ceremony__dice_watched_or_skipped_roll_the_same_way() -> None:
    """The roll is worked out as it is watched; watching it frame by frame or skipping to the end gives the same
    tumbling and the same resting place (a skipped throw looks as the watched one would have ended)."""
    watched = DiceRoll(7, (3, 5), (640, 380), (640, 300), (530, 230, 220, 150))
    seen = [watched.at(k / 60) for k in range(0, 200)]
    skipped = DiceRoll(7, (3, 5), (640, 380), (640, 300), (530, 230, 220, 150))
    assert skipped.resting() == watched.resting()
    assert [skipped.at(k / 60) for k in range(0, 200)] == seen
    assert seen[0] != seen[40]  # the dice do move


def test_ceremony__washing_keeps_tiles_on_the_table() -> None:
    """The stirred tiles never leave the table area and never land on the compass's middle."""
    wash = Wash(5, 144, (190, 106, 900, 408), (524, 226, 232, 164))
    for _ in range(180):
        wash.advance(1 / 60)
    for pose in wash.poses():
        assert not math.isnan(pose.x) and not math.isnan(pose.y)
        assert 180 <= pose.x <= 1100 and 96 <= pose.y <= 524
        assert not (560 <= pose.x <= 720 and 260 <= pose.y <= 356)


def test_ceremony__enter_finishes_the_ceremony_at_once(tmp_path) -> None:
    """Enter skips the rest of the ceremony; the wall and hands are then as the engine left them."""
    app, scene = _ceremony_scene(tmp_path)
    for _ in range(90):
        app.step(1 / 60)
    assert scene.animator.busy
    scene.handle(key(pygame.K_RETURN))
    assert not scene.animator.busy
    assert scene.animator.ceremony.picture.present == set(scene.session.table.wall.tiles)
    assert scene.animator.ceremony.stakes is None


def test_ceremony__skipped_steps_make_no_sound() -> None:
    """Finishing early does not set off the sounds of every step that never began."""
    session = instant_session(4)
    session.deal()
    animator = table_animator(1.0)
    played = []
    animator.on_sound = lambda name, event: played.append(name)
    animator.feed(session.drain(), Scenery(session.table))
    animator.update(1 / 60)
    before = len(played)
    animator.finish()
    assert len(played) == before


def test_ceremony__show_dealing_off_and_instant_mode_leave_the_final_picture() -> None:
    """With the deal not shown (or speed 0) nothing of the ceremony is queued, and the wall is already right."""
    for speed, show in ((1.0, False), (0.0, True)):
        session = instant_session(6)
        session.deal()
        animator = table_animator(speed, show_dealing=show)
        animator.feed(session.drain(), Scenery(session.table))
        assert not animator.busy
        assert animator.ceremony.picture.present == set(session.table.wall.tiles)


def test_ceremony__a_draw_flies_from_its_place_in_the_wall(tmp_path) -> None:
    """During play a drawn tile starts where the engine took it from and the wall loses it when it leaves."""
    session = instant_session(9)
    session.deal()
    animator = table_animator(1.0)
    scenery = Scenery(session.table)
    animator.feed(session.drain(), scenery)
    animator.finish()
    session.start()
    events = session.drain()
    drawn = next(e for e in events if isinstance(e, ev.TileDrawn | ev.ReplacementDrawn))
    animator.feed(events, scenery)
    while animator.busy and not any(t.hide == ("drawn", drawn.seat) for t in animator.flying()):
        animator.update(1 / 60)
    tween = next(t for t in animator.flying() if t.hide == ("drawn", drawn.seat))
    assert tween.start == animator.ceremony.wall_place(drawn.position).pos
    assert drawn.position not in animator.ceremony.picture.present


def test_ceremony__restored_table_shows_its_wall(tmp_path) -> None:
    """A hand not seen being dealt (a restored game) shows the engine's wall straight away."""
    session = instant_session(12)
    session.deal()
    session.drain()
    animator = table_animator(1.0)
    animator.ceremony.sync(session.table)
    expected = WallPicture.of_wall(session.table.wall)
    assert animator.ceremony.picture.present == expected.present
    assert animator.ceremony.picture.breach is not None


def test_ceremony__staged_moments_are_repeatable(tmp_path) -> None:
    """Two stagings of the same moment of the ceremony draw the same picture (same seed, same animation)."""
    from game.client.stage import stage_ceremony

    pictures = []
    for n in range(2):
        app = make_app(tmp_path / str(n))
        stage_ceremony(app, 7, 1.5)
        pictures.append(pygame.image.tobytes(app.render(0.5), "RGB"))
    assert pictures[0] == pictures[1]
