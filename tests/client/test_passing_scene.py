"""Passing tiles before play (Charleston, goulash) from the table: the human picks tiles, the others pass too."""

from __future__ import annotations

import dataclasses

import pygame

from game.session.driver import HUMAN, Session
from game.session.options import Options
from tests.client.helpers import key, make_app, show_table

CHARLESTON = (("right", 3), ("across", 3), ("left", 3))


def _scene(tmp_path):
    app = make_app(tmp_path)
    session = Session.create("classic", 3, options=Options(animation_speed=0.0, discard_delay=0.0))
    session.rules = dataclasses.replace(session.rules, charleston=CHARLESTON)
    session.match = type(session.match)(session.rules, session.judge, 3)
    session.deal()
    return app, show_table(app, session)


def test_passing__three_steps_by_mouse_and_keyboard(tmp_path) -> None:
    """Three tiles chosen by clicks (or arrows and Enter) are passed; after three steps Start! begins play."""
    app, scene = _scene(tmp_path)
    session = scene.session
    for step in range(3):
        for _ in range(200):
            app.step()
            if session.human_to_pass and session.table.pass_step is not None:
                break
        # the button points at the stake the tiles go to: right, across, left
        assert session.human_to_pass and scene.buttons and scene.buttons[0].label == f"Pass 3 {'→↑←'[step]}"
        before = list(session.table.players[HUMAN].concealed)
        if step == 0:
            for index in (0, 1, 2):
                scene.commands.discard_index(index)  # a click on a stake tile chooses it
        else:
            scene.keyboard_active = True
            for index in (3, 4, 5):
                scene.cursor = index
                scene.handle(key(pygame.K_RETURN))
        chosen = [scene.hand_tiles()[i] for i in sorted(scene.pass_pick)]
        assert len(chosen) == 3
        scene.handle(key(pygame.K_RETURN)) if step else scene.commands.pass_selected()
        passed = [e for e in session.table.events if e.kind == "tiles_passed"]
        assert len(passed) == step + 1
        mine = next(m for m in passed[-1].moves if m[0] == HUMAN)
        assert sorted(mine[2]) == sorted(chosen)
        assert sorted(session.table.players[HUMAN].concealed) != sorted(before)
    for _ in range(50):
        app.step()
    assert session.table.phase == "dealt"
    session.start()
    assert session.table.phase == "turn"


def test_passing__a_fourth_tile_is_not_chosen(tmp_path) -> None:
    """Only as many tiles as the step asks for can be chosen."""
    _app, scene = _scene(tmp_path)
    for index in range(5):
        scene.commands.discard_index(index)
    assert len(scene.pass_pick) == 3
    scene.commands.discard_index(0)
    assert len(scene.pass_pick) == 2
