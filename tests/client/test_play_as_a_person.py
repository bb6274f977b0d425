"""Playing from the table as a person would: a whole hand with the keyboard only, the chow choice of Ask First,
and a clicked scoring line lighting its tiles in the scores box."""

from __future__ import annotations

import pygame

from game.client.status import status_line
from game.core.actions import Discard
from game.core.tiles import parse_tiles
from game.session.driver import HUMAN, Session
from game.session.options import Options
from tests.client.helpers import click, key, make_app

FILLER = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"


def _scene(tmp_path, seed: int = 4):
    from game.client.scenes.table import TableScene

    app = make_app(tmp_path)
    session = Session.create("classic", seed, options=Options(animation_speed=0.0, discard_delay=0.0,
                                                              wait_time=0.2))
    scene = TableScene(app, session)
    scene.animator.speed = 0.0
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    return app, scene


def test_keyboard_only__a_whole_hand(tmp_path) -> None:
    """Enter starts, arrows and Enter discard, 0 lets discards go: the hand is played to its end by keys alone."""
    app, scene = _scene(tmp_path)
    session = scene.session
    discards = 0
    for _ in range(30000):
        if session.hand_over:
            break
        if session.table.phase == "dealt" and not scene.animator.busy:
            app.dispatch(key(pygame.K_RETURN))
        elif session.human_may_claim:
            app.dispatch(key(pygame.K_0))
        elif session.human_to_discard and not scene.prompt:
            before = len(session.table.players[HUMAN].discards)
            app.dispatch(key(pygame.K_END))
            app.dispatch(key(pygame.K_RETURN))
            discards += len(session.table.players[HUMAN].discards) > before
        elif scene.prompt:
            app.dispatch(key(pygame.K_RETURN))
        app.step()
    assert session.hand_over and discards >= 3


def test_ask_first__offers_the_choice_of_chow(tmp_path) -> None:
    """With two ways to chow the discard, the original's words ask for the two tiles; a pick completes it."""
    _app, scene = _scene(tmp_path, seed=9)
    session = scene.session
    session.deal()
    session.start()
    table = session.table
    table.players[HUMAN].concealed = parse_tiles("3D 4D 6D 7D 2B 2B 8C 8C EW SW WW NW WD")
    table.players[3].concealed = parse_tiles("5D " + " ".join(FILLER.split()[:12]))
    table.players[1].concealed = parse_tiles(FILLER)
    table.players[2].concealed = parse_tiles(FILLER)
    for p in table.players:
        p.melds, p.bonus = [], []
    table.phase = "claims"
    table._next_turn(2)  # seat 3 (on the human's left) draws and discards 5 Dots
    table.apply(3, Discard(parse_tiles("5D")[0]))
    assert session.human_may_claim
    scene.commands.claim("chow")
    assert scene.chow_pick is not None and len(scene.chow_pick) == 3
    assert status_line(session) == "Select two tiles to complete the Chow with 5 Dots."
    scene.commands.discard_index(scene.hand_tiles().index(parse_tiles("3D")[0]))  # only 3-4-5 uses the 3 Dots
    meld = table.players[HUMAN].melds[-1]
    assert meld.kind == "chow" and meld.tiles == tuple(parse_tiles("3D 4D 5D"))


def test_scores__a_clicked_line_lights_its_tiles(tmp_path) -> None:
    """In a player's page of the scores box, clicking a scoring line raises and frames that line's tiles."""
    from game.client.scenes.scores import ScoresScene

    app, scene = _scene(tmp_path, seed=11)
    session = scene.session
    session.deal()
    session.play_to_end()
    outcome = session.finish_hand()
    winner = session.table.result.winner
    assert winner is not None
    box = ScoresScene(app, scene, outcome)
    box._select(winner)
    canvas = pygame.Surface((1280, 720))
    box.draw(canvas, 1.0)
    with_tiles = [(rect, item) for rect, item in box.item_rects if getattr(item, "tiles", ())]
    assert with_tiles, "a winning hand has scoring lines for its sets"
    rect, item = with_tiles[0]
    before = pygame.image.tobytes(canvas, "RGB")
    box.handle(click(rect.center))
    assert box.chosen_item is item
    box.draw(canvas, 1.0)
    assert pygame.image.tobytes(canvas, "RGB") != before
    box.handle(click(rect.center))
    assert box.chosen_item is None


def test_quick_tip__suggests_a_discard_with_a_reason(tmp_path) -> None:
    """With QuickTip on, the human's turn shows the advisor's discard and why, in words."""
    _app, scene = _scene(tmp_path, seed=6)
    session = scene.session
    session.options.quick_tip = True
    session.deal()
    session.start()
    for _ in range(3000):
        if session.human_to_discard:
            break
        if session.human_may_claim:
            session.pass_claim()
        session.update(0.5)
    assert session.human_to_discard
    tip = session.quick_tip_advice()
    assert tip is not None and isinstance(tip.action, Discard)
    assert tip.action.tile in session.table.players[HUMAN].concealed
    assert session.quick_tip() == tip.action.tile
    session._push([])
    assert status_line(session).startswith("QuickTip: ") and len(status_line(session)) > 20
