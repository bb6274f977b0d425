"""The table scene driven by injected mouse and keyboard events (headless, instant animations)."""

from __future__ import annotations

import pygame

from game.client import layout
from game.client.scenes import games
from game.core.actions import Claim, Discard
from game.session.driver import HUMAN
from tests.client.helpers import click, instant_session, key, make_app, table_scene_until_claim


def _table(app, seed: int = 4):
    from game.client.scenes.table import TableScene

    session = instant_session(seed)
    scene = TableScene(app, session)
    scene.animator.speed = 0.0
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    return scene


def _to_human_turn(app, scene) -> None:
    for _ in range(5000):
        if scene.session.human_to_discard:
            return
        app.step()
        if scene.session.human_may_claim:
            scene.session.pass_claim()
    raise AssertionError("the human never got a turn")


def test_table__enter_starts_the_hand(tmp_path) -> None:
    """The dealt hand waits; Enter (like F4 or a click) starts it and East gets the first tile."""
    app = make_app(tmp_path)
    scene = _table(app)
    assert scene.session.table.phase == "dealt"
    app.dispatch(key(pygame.K_RETURN))
    assert scene.session.table.phase == "turn"


def test_table__keyboard_discard(tmp_path) -> None:
    """End moves the cursor to the tile just drawn and Enter discards it."""
    app = make_app(tmp_path)
    scene = _table(app)
    app.dispatch(key(pygame.K_F4))
    _to_human_turn(app, scene)
    tiles = scene.hand_tiles()
    drawn = tiles[-1]
    before = list(scene.session.table.players[HUMAN].discards)
    app.dispatch(key(pygame.K_END))
    assert scene.cursor == len(tiles) - 1
    app.dispatch(key(pygame.K_RETURN))
    discards = scene.session.table.players[HUMAN].discards
    assert len(discards) == len(before) + 1 and discards[-1] == drawn
    assert (HUMAN, Discard(drawn)) in scene.session.table.actions


def test_table__number_key_and_mouse_discard(tmp_path) -> None:
    """Key 2 moves the cursor to the second tile; a left click on a stake tile discards that tile."""
    app = make_app(tmp_path)
    scene = _table(app, seed=9)
    scene.commands.start()
    _to_human_turn(app, scene)
    app.dispatch(key(pygame.K_2))
    assert scene.cursor == 1
    tiles = scene.hand_tiles()
    place = scene.hand_places(tiles)[0]
    centre = place.rect().center
    view = app.viewport()
    window_pos = (view.left + centre[0] * view.width // layout.LOGICAL[0],
                  view.top + centre[1] * view.height // layout.LOGICAL[1])
    app.dispatch(click(window_pos))
    assert scene.session.table.players[HUMAN].discards[-1] == tiles[0]


def test_table__clicking_the_discard_claims_it(tmp_path) -> None:
    """In the claim window a click on the glowing discard claims it with the best legal claim."""
    app = make_app(tmp_path)
    scene = table_scene_until_claim(app)
    session = scene.session
    types = session.claim_types()
    melds_before = len(session.table.players[HUMAN].melds)
    rect = scene.last_discard_rect()
    scene.handle(click(rect.center))
    app.step()
    claimed = [a for s, a in session.table.actions if s == HUMAN and isinstance(a, Claim)]
    assert claimed and claimed[-1].type == types[0]
    if types[0] != "mah_jongg":
        assert session.table.phase == "over" or len(session.table.players[HUMAN].melds) >= melds_before


def test_table__claim_buttons_offer_only_legal_claims(tmp_path) -> None:
    """The buttons in the claim window are exactly the legal claim types and Pass."""
    app = make_app(tmp_path)
    scene = table_scene_until_claim(app)
    scene.update(0.0)
    labels = [b.label for b in scene.buttons]
    names = {"mah_jongg": "Mah Jongg!", "kong": "Kong!", "pung": "Pung!", "chow": "Chow!"}
    assert labels == [names[t] for t in scene.session.claim_types()] + ["Pass"]


def test_table__zero_lets_the_discard_go(tmp_path) -> None:
    """0 passes at once in the claim window (P-57)."""
    app = make_app(tmp_path)
    scene = table_scene_until_claim(app)
    app.dispatch(key(pygame.K_0))
    assert not scene.session.human_may_claim
    assert scene.session.table.actions[-1][0] != HUMAN or scene.session.table.actions[-1][1].kind == "pass" or \
        any(s == HUMAN and a.kind == "pass" for s, a in scene.session.table.actions)


def test_table__f6_shows_all_hands_and_w_opens_the_wall(tmp_path) -> None:
    """F6 toggles Show All Hands; W pushes the wall view over the table and Esc closes it."""
    app = make_app(tmp_path)
    scene = _table(app)
    app.dispatch(key(pygame.K_F6))
    assert scene.session.options.show_all
    app.dispatch(key(pygame.K_w))
    app.step()
    assert app.stack.top.name == "wall"
    app.dispatch(key(pygame.K_ESCAPE))
    app.step()
    assert app.stack.top is scene


def test_table__whole_hand_reaches_the_scores_box(tmp_path) -> None:
    """With Auto Play (F5) the hand plays out and the Total Scores box opens; Enter deals the next hand."""
    app = make_app(tmp_path)
    scene = _table(app, seed=11)
    app.dispatch(key(pygame.K_F5))
    for _ in range(20000):
        app.step()
        if app.stack.top is not scene:
            break
    assert app.stack.top.name == "scores"
    hand = scene.session.table.hand_number
    app.dispatch(key(pygame.K_RETURN))
    app.step()
    assert app.stack.top is scene
    assert scene.session.table.hand_number == hand + 1 or scene.session.match.is_over


def test_table__autosave_and_continue(tmp_path) -> None:
    """A finished hand is autosaved; Continue on the title screen reopens the game with its scores."""
    app = make_app(tmp_path)
    app.keeper.enabled = True
    scene = games.new_game(app, seed=11)
    app.stack.apply_pending()
    scene.animator.speed = 0.0
    scene.session.options.animation_speed = 0.0
    app.dispatch(key(pygame.K_F5))
    for _ in range(20000):
        app.step()
        if app.stack.top is not scene:
            break
    assert app.stack.top.name == "scores"
    totals = list(scene.session.match.totals)
    assert app.keeper.autosave_path.is_file()
    app.reset_to("title")
    app.step()
    assert app.stack.top.buttons[0].label == "Continue"
    app.dispatch(key(pygame.K_RETURN))
    app.step()
    restored = app.stack.top
    assert restored.name == "table"
    assert restored.session.match.totals == totals
    assert restored.session.table.hand_number == 2
