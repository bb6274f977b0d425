"""R (or Ctrl+R, or the declaration's button) declares the ruleset's ready hand with the next discard, Ask First on
or off (P-121, F-15, F-18): a Standing Hand, a ready hand (bluffs allowed, A29) or Riichi."""

from __future__ import annotations

import pygame
import pytest

from game.client.status import status_line
from game.core import events as ev
from game.core.tiles import parse_tiles
from tests.client.helpers import HUMAN, click_button, click_tile, key, make_app, table_with_stake

WAITS_8D = "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 9D RD RD GD"
"""Throwing Green Dragon leaves a single wait on 8 Dots; throwing 1 Bamboo leaves nothing ready."""
GD, B1 = parse_tiles("GD 1B")


def labels(scene) -> list[str]:
    return [b.label for b in scene.buttons]


@pytest.mark.parametrize(("ruleset", "button", "event"), [
    ("classic", "Standing Hand", ev.StandingHandDeclared),
    ("novice", "Ready", ev.ReadyDeclared),
    ("japanese-riichi", "Riichi", ev.ReadyDeclared),
])
def test_declare__r_then_a_discard_declares_the_rulesets_ready_hand(tmp_path, ruleset, button, event) -> None:
    app = make_app(tmp_path)
    scene = table_with_stake(app, ruleset, WAITS_8D)
    assert button in labels(scene)
    app.dispatch(key(pygame.K_r))
    app.step()
    assert "Don't Declare" in labels(scene) and button not in labels(scene)
    assert "discard a marked tile" in status_line(scene.session)
    assert GD in scene.usable()
    click_tile(app, scene, GD)
    table = scene.session.table
    me = table.players[HUMAN]
    assert me.ready and table.players[HUMAN].discards[-1] == GD
    assert any(isinstance(e, event) and e.seat == HUMAN for e in table.events)
    assert button not in labels(scene)


def test_declare__a_tile_that_leaves_no_ready_hand_is_refused_in_words(tmp_path) -> None:
    """A Standing Hand needs a single wait: 1 Bamboo is refused, the declaration still waits for a marked tile."""
    app = make_app(tmp_path)
    scene = table_with_stake(app, "classic", WAITS_8D)
    app.dispatch(key(pygame.K_r))
    click_tile(app, scene, B1)
    assert status_line(scene.session) == ("Discarding 1 Bamboo would not leave your hand ready for a Standing Hand: "
                                          "choose a marked tile.")
    assert not scene.session.table.players[HUMAN].discards and scene.declaring
    assert B1 not in scene.usable()


def test_declare__r_again_or_the_button_takes_it_back(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = table_with_stake(app, "japanese-riichi", WAITS_8D)
    app.dispatch(key(pygame.K_r, pygame.KMOD_CTRL))  # Ctrl+R as the original had it
    assert scene.declaring
    app.dispatch(key(pygame.K_r))
    assert not scene.declaring
    assert status_line(scene.session) == "No declaration: your next discard is an ordinary one."
    app.step()
    click_button(app, scene, "Riichi")
    app.step()
    assert scene.declaring
    click_button(app, scene, "Don't Declare")
    assert not scene.declaring
    click_tile(app, scene, GD)
    assert not scene.session.table.players[HUMAN].ready


def test_declare__a_bluff_under_require_declaration(tmp_path) -> None:
    """Novice requires a declaration to go out and lets it be a bluff (A29): with 1 Bamboo nothing is ready, yet the
    declaration stands; the tiles that would leave the hand ready are the marked ones, the others not dimmed."""
    app = make_app(tmp_path)
    scene = table_with_stake(app, "novice", WAITS_8D)
    app.dispatch(key(pygame.K_r))
    assert scene.usable() == {GD} and scene.bluff_allowed()
    assert "any other is a bluff" in status_line(scene.session)
    click_tile(app, scene, B1)
    me = scene.session.table.players[HUMAN]
    assert me.ready and me.discards[-1] == B1


def test_declare__refused_in_words_when_the_hand_is_not_ready(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = table_with_stake(app, "japanese-riichi", "1B 4B 7B 1C 4C 7C 1D 4D 7D EW SW WW NW RD")
    assert "Riichi" not in labels(scene)
    app.dispatch(key(pygame.K_r))
    assert not scene.declaring
    assert status_line(scene.session) == ("No discard leaves your hand one tile from Mah Jongg: you cannot declare "
                                          "Riichi now.")


def test_declare__alt_r_still_opens_the_replays(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = table_with_stake(app, "classic", WAITS_8D)
    app.dispatch(key(pygame.K_r, pygame.KMOD_ALT))
    assert not scene.declaring
    assert "nothing to replay" in status_line(scene.session)


def test_declare__with_ask_first_on_r_declares_without_asking_again(tmp_path) -> None:
    """Ask First on: R then the tile declares at once (the question is for a discard made without R)."""
    app = make_app(tmp_path)
    scene = table_with_stake(app, "classic", WAITS_8D)
    scene.session.options.ask_first = True
    app.dispatch(key(pygame.K_r))
    click_tile(app, scene, GD)
    assert scene.prompt is None and scene.session.table.players[HUMAN].standing


def test_declare__the_question_with_a_discard_marks_the_answer_esc_gives(tmp_path) -> None:
    """Ask First on, a discard leaving a ready hand asks "Riichi! / Just discard"; Esc answers Just discard,
    and that button says so."""
    app = make_app(tmp_path)
    scene = table_with_stake(app, "japanese-riichi", WAITS_8D)
    scene.session.options.ask_first = True
    click_tile(app, scene, GD)
    assert scene.prompt is not None
    assert [(b.label, b.key_hint) for b in scene.prompt.all_buttons] == [("Riichi!", ""), ("Just discard", "Esc")]
    app.dispatch(key(pygame.K_ESCAPE))
    me = scene.session.table.players[HUMAN]
    assert scene.prompt is None and me.discards[-1] == GD and not me.ready
