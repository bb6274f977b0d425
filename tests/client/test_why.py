"""Why? (Y at the table): QuickTip's reason on your turn and each computer player's reason for its last move."""

from __future__ import annotations

import pygame

from game import i18n
from game.client.scenes.why import about_them
from game.core.actions import Discard
from game.core.tiles import tile_name
from tests.client.helpers import key, make_app, started_table


def press_y(app):
    app.dispatch(key(pygame.K_y))
    app.stack.apply_pending()
    return app.stack.top


def test_why__before_anybody_moved_it_says_so(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 3, 2.5)
    scene.session.started = False
    shown = press_y(app)
    assert shown.name == "why"
    names = scene.session.names
    assert shown.lines[1:] == [(n, f"{n} has not discarded or claimed yet this hand.") for n in names[1:]]


def test_why__explains_quicktip_and_each_computer_players_last_discard(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 3, 2.5)
    session = scene.session
    for _ in range(400):
        if session.human_to_discard and len(session.last_moves) == 3:
            break
        if session.human_to_discard:
            scene.commands.discard_index(len(scene.hand_tiles()) - 1)
        app.step()
    assert session.human_to_discard and len(session.last_moves) == 3
    shown = press_y(app)
    tip = session.quick_tip_advice()
    assert shown.lines[0] == ("QuickTip", f"You could {tip.reason}.")
    for seat, (who, why) in zip((1, 2, 3), shown.lines[1:], strict=True):
        action = session.last_moves[seat][2]
        assert who == session.names[seat]
        if isinstance(action, Discard):
            told = f"{who} chose to discard {tile_name(action.tile)}; the reason is told when the hand is over."
            assert why == told, "a computer player's hidden tiles are not told in the middle of a hand"
    assert shown.footnote.startswith("A computer player's reason would show its tiles: it is told when the hand")
    press_y(app)
    assert app.stack.top is scene, "Y closes the box again"
    app.dispatch(key(pygame.K_F6))  # every hand face up: the reasons may tell what each player holds
    shown = press_y(app)
    for seat, (who, why) in zip((1, 2, 3), shown.lines[1:], strict=True):
        action = session.last_moves[seat][2]
        if isinstance(action, Discard):
            assert why.startswith(f"{who} chose to discard {tile_name(action.tile)}: ")
        assert " you " not in why and " your " not in why, why


def test_why__a_tips_words_turn_to_the_player_who_moved() -> None:
    assert about_them("discard 5 Dots: you are four tiles from ready, so play safe: it leaves your hand") == (
        "discard 5 Dots: they are four tiles from ready, so play safe: it leaves their hand")
    assert about_them("leaves you ready, waiting on 3 Bamboo") == "leaves them ready, waiting on 3 Bamboo"


def test_why__quicktip_reason_in_german(tmp_path) -> None:
    """With Sparrow in German, Y shows QuickTip's whole reason in German."""
    app = make_app(tmp_path)
    i18n.set_language("de")
    try:
        scene = started_table(app, 3, 2.5)
        for _ in range(400):
            if scene.session.human_to_discard:
                break
            app.step()
        shown = press_y(app)
        who, why = shown.lines[0]
        assert who == "QuickTip"
        assert why.startswith("Du könntest ") and " abwerfen: " in why, why
        assert not any(word in why for word in (" discard ", " leaves ", " keeps ", " tiles ")), why
    finally:
        i18n.set_language("en")
