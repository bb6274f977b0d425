"""A Charleston step at the table: the status bar says what to pass and which way from the deal on, and QuickTip
marks the tiles the Expert would pass, says why, and Q chooses them for Enter to pass."""

from __future__ import annotations

import pygame

from game.client import layout
from game.client.scenes.table_draw import tip_places
from game.client.status import status_line
from game.core.actions import PassTiles
from game.core.tiles import parse_tiles
from game.session.driver import HUMAN, Session
from game.session.options import Options
from tests.client.helpers import key, make_app, show_table


def _charleston(tmp_path, quick_tip: bool, ruleset: str = "western-specials", seed: int = 4):
    """A table scene at the first Charleston step of a freshly dealt hand, the deal seen to its end."""
    app = make_app(tmp_path)
    session = Session.create(ruleset, seed, options=Options(animation_speed=0.0, discard_delay=0.0, wait_time=0.2,
                                                            quick_tip=quick_tip))
    session.deal()
    scene = show_table(app, session)
    app.step()
    assert session.human_to_pass and session.table.pass_step == ("right", 3)
    return app, scene, session


def test_first_step__the_status_bar_says_how_many_tiles_go_which_way(tmp_path) -> None:
    """Before, the first step's words were lost with the deal (only the greeting showed): the player saw a Pass
    button and no direction."""
    _app, scene, session = _charleston(tmp_path, quick_tip=False)
    assert status_line(session) == "Choose 3 tiles to pass to the right"
    assert scene.tip_tiles == ()  # QuickTip off: nothing marked


def test_quick_tip__marks_the_advisors_pass_and_names_the_special_hands_behind_it(tmp_path) -> None:
    _app, scene, session = _charleston(tmp_path, quick_tip=True)
    tip = session.quick_tip_advice()
    assert isinstance(tip.action, PassTiles) and tip.action in session.human_legal()
    assert session.quick_tip_tiles() == tip.action.tiles and len(tip.action.tiles) == 3
    line = status_line(session)
    assert line.startswith("QuickTip: pass ") and "the likeliest special hands need them least (" in line
    assert scene.tip_tiles == tip.action.tiles

    # On the stake the tip's three tiles are tinted, and no other tile changes.
    tiles = scene.hand_tiles()
    marked = tip_places(tiles, tip.action.tiles)
    assert len(marked) == 3 and sorted(tiles[i] for i in marked) == sorted(tip.action.tiles)
    surface = pygame.Surface(layout.LOGICAL)
    scene.draw(surface, 1.0)
    shown = pygame.image.tobytes(surface, "RGB")
    session.options.quick_tip = False
    scene.draw(surface, 1.0)
    plain = pygame.image.tobytes(surface, "RGB")
    changed = {i for i, place in enumerate(scene.hand_places(tiles))
               if _differs(shown, plain, surface.get_width(), place.rect().clip(surface.get_rect()))}
    assert changed == marked


def _differs(a: bytes, b: bytes, width: int, rect: pygame.Rect) -> bool:
    """Whether two RGB images ``width`` pixels wide differ inside ``rect``."""
    for y in range(rect.top, rect.bottom):
        start = (y * width + rect.left) * 3
        end = (y * width + rect.right) * 3
        if a[start:end] != b[start:end]:
            return True
    return False


def test_q__chooses_the_tips_tiles_and_enter_passes_them(tmp_path) -> None:
    app, scene, session = _charleston(tmp_path, quick_tip=True)
    tip = session.quick_tip_tiles()
    before = list(session.table.players[HUMAN].concealed)
    app.dispatch(key(pygame.K_q))
    tiles = scene.hand_tiles()
    assert sorted(tiles[i] for i in scene.pass_pick) == sorted(tip)
    assert status_line(session) == "Pass 3 tiles to the right: 3 chosen — press Enter or Pass"
    app.dispatch(key(pygame.K_RETURN))
    for _ in range(200):
        if session.table.pass_step != ("right", 3):
            break
        app.step()
    assert session.table.pass_step != ("right", 3)  # the step is done: every seat passed
    after = list(session.table.players[HUMAN].concealed)
    for t in tip:  # the tips' tiles left the stake (three others came from the left)
        before.remove(t)
    assert len(after) == len(before) + 3


def test_q__on_a_turn_still_moves_the_cursor_to_the_tile_to_discard(tmp_path) -> None:
    """Outside the passes Q does what it did: the cursor to QuickTip's discard, nothing chosen."""
    app = make_app(tmp_path)
    session = Session.create("classic", 6, options=Options(animation_speed=0.0, discard_delay=0.0, wait_time=0.2,
                                                           quick_tip=True))
    session.deal()
    scene = show_table(app, session)
    scene.commands.start()
    for _ in range(3000):
        if session.human_to_discard:
            break
        if session.human_may_claim:
            session.pass_claim()
        app.step()
    assert session.human_to_discard
    app.dispatch(key(pygame.K_q))
    assert scene.hand_tiles()[scene.cursor] == session.quick_tip() and not scene.pass_pick
    assert session.quick_tip_tiles() == (session.quick_tip(),)


def test_tip_places__one_place_per_tile_named_the_leftmost_copies() -> None:
    stake = parse_tiles("1C 1C 1C 5D 9B RD RD")
    assert tip_places(stake, parse_tiles("1C 1C RD")) == {0, 1, 5}
    assert tip_places(stake, parse_tiles("5D")) == {3}
    assert tip_places(stake, ()) == set()
    assert tip_places(stake, parse_tiles("WD")) == set()  # a tile not on the stake marks nothing
