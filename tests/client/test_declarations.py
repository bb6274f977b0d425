"""The declaration asked with a discard speaks the ruleset's ready rule: standing hand, ready hand or riichi."""

from __future__ import annotations

import dataclasses

import pytest

from game.client.messages import outcome_line
from game.client.status import status_line
from game.core.tiles import parse_tiles
from game.session.driver import HUMAN, Session
from game.session.options import Options
from tests.client.helpers import make_app

WAITS_8D = "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 9D RD RD GD"  # 14 tiles: throwing GD leaves a single wait on 8D


def _scene(tmp_path, ruleset: str, **rule_changes):
    from game.client.scenes.table import TableScene

    app = make_app(tmp_path)
    session = Session.create(ruleset, 7, options=Options(animation_speed=0.0, discard_delay=0.0))
    if rule_changes:
        session.rules = dataclasses.replace(session.rules, **rule_changes)
        session.match = type(session.match)(session.rules, session.judge, 7)
    session.deal()
    session.start()
    scene = TableScene(app, session)
    table = session.table
    while table.current != HUMAN or table.phase != "turn":  # let the others play to the human's turn
        seat = table.awaiting()[0]
        table.apply(seat, table.legal_actions(seat)[-1] if table.phase != "turn" else table.legal_actions(seat)[0])
    table.players[HUMAN].concealed = parse_tiles(WAITS_8D)
    table.players[HUMAN].melds = []
    table.players[HUMAN].has_discarded = False
    table._turn_cache = ((-1, -1), [])
    return scene


@pytest.mark.parametrize(("ruleset", "changes", "title"), [
    ("classic", {}, "Standing Hand"),
    ("novice", {}, "Ready Hand"),
    ("japanese-riichi", {}, "Riichi"),
])
def test_declaration__asked_in_the_rules_words(tmp_path, ruleset, changes, title):
    """Throwing the tile that leaves a single wait asks for the declaration the ruleset knows."""
    scene = _scene(tmp_path, ruleset, **changes)
    prompt = scene.commands.declaration_prompt(parse_tiles("GD")[0])
    assert prompt is not None and prompt[0] == title


def test_declaration__not_asked_when_the_hand_would_not_be_ready(tmp_path):
    """Under "declare ready" the question comes only with a discard that leaves a ready hand."""
    scene = _scene(tmp_path, "novice")
    assert scene.commands.declaration_prompt(parse_tiles("1B")[0]) is None


def test_faulty_mah_jongg__asked_then_ends_the_hand_under_the_faulty_out_penalty(tmp_path):
    """European checks Mah Jongg after it is declared: M with an incomplete hand asks first, and declaring ends
    the hand with a faulty declaration that the scores box names (Four Winds L230, L876)."""
    scene = _scene(tmp_path, "european")
    scene.commands.mah_jongg()
    assert scene.prompt is not None and "faulty" in scene.prompt.message
    scene.prompt.buttons[0].action()
    table = scene.session.table
    assert table.phase == "over" and table.result.faulty_out == HUMAN
    outcome = scene.session.finish_hand()
    assert "not complete" in outcome_line(outcome, scene.session.names)
    assert outcome.new_totals[HUMAN] < outcome.old_totals[HUMAN]


def test_faulty_mah_jongg__refused_without_the_penalty(tmp_path):
    """Novice has no faulty-Out penalty: M with an incomplete hand only says why, and play goes on."""
    scene = _scene(tmp_path, "novice")
    scene.commands.mah_jongg()
    assert scene.prompt is None and "not a complete" in status_line(scene.session)
    assert scene.session.table.phase == "turn"
