"""Game Finished: the final winner, the standings and the table of every hand, shown when a game ends."""

from __future__ import annotations

import pygame
import pytest

from game.client.scenes.game_over import GameOverScene, final_order
from game.client.scenes.table import TableScene
from game.session.driver import Session
from game.session.options import Options
from tests.client.helpers import click, key, make_app


def wheel(y: int) -> pygame.Event:
    return pygame.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


@pytest.fixture(scope="module")
def finished() -> Session:
    """A whole game played to its end by the computer (about twenty hands)."""
    session = Session.create("classic", 3, options=Options(animation_speed=0.0, discard_delay=0.0),
                             names=["You", "Dora", "Eliza", "Bertie"])
    while not session.match.is_over:
        session.deal()
        session.play_to_end()
        session.finish_hand()
    return session


@pytest.fixture
def ended(tmp_path, finished):
    """The app as the game ends: the table with the last hand's Scores box shown over it."""
    app = make_app(tmp_path)
    table = TableScene(app, finished)
    table.animator.speed = 0.0
    app.stack.clear_to(table)
    app.stack.apply_pending()
    table.scores_shown = True
    app.open("scores", table_scene=table, outcome=finished.outcome)
    app.stack.apply_pending()
    return app, finished


def test_game_over__opens_over_the_last_scores_when_the_game_ends(ended) -> None:
    """The end of the game shows Game Finished on top; Esc (Last Hand) goes back to the last hand's scores."""
    app, session = ended
    assert session.outcome.game_over
    scene = app.stack.top
    assert isinstance(scene, GameOverScene)
    assert [s.name for s in app.stack.scenes][-2:] == ["scores", "game_over"]
    app.render()
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top.name == "scores"


def test_game_over__winner_and_standings_follow_the_final_totals(ended) -> None:
    app, session = ended
    scene = app.stack.top
    totals = session.match.totals
    assert scene.totals == totals
    assert [totals[s] for s in scene.order] == sorted(totals, reverse=True)
    game_over = [e for e in session.match.events if type(e).__name__ == "GameOver"]
    assert game_over and scene.order[0] == game_over[-1].winner


def test_game_over__the_table_lists_every_hand_and_its_deltas_add_up(ended) -> None:
    """One row per hand; the deltas of the rows add up to the final totals (from the starting score)."""
    app, session = ended
    scene = app.stack.top
    history = session.match.history
    assert len(history) >= 16
    start = session.rules.start_score
    for seat in range(4):
        assert start + sum(r.deltas[seat] for r in history) == scene.totals[seat]
    assert scene.max_scroll > 0  # more hands than fit: the table scrolls


def test_game_over__scrolls_with_wheel_arrows_and_page_keys(ended) -> None:
    app, _session = ended
    scene = app.stack.top
    app.dispatch(wheel(-1))
    assert scene.scroll > 0
    app.dispatch(key(pygame.K_END))
    assert scene.scroll == scene.max_scroll
    app.dispatch(key(pygame.K_PAGEDOWN))
    assert scene.scroll == scene.max_scroll
    app.dispatch(key(pygame.K_HOME))
    assert scene.scroll == 0
    app.dispatch(key(pygame.K_DOWN))
    assert scene.scroll > 0
    app.render()


def test_game_over__new_game_opens_the_setup_over_the_title(ended) -> None:
    app, _session = ended
    scene = app.stack.top
    app.dispatch(click(scene.buttons[0].rect.center))
    app.stack.apply_pending()
    assert [s.name for s in app.stack.scenes] == ["title", "new_game"]


def test_game_over__ties_go_to_the_player_nearer_the_first_east() -> None:
    assert final_order([1000, 1200, 1200, 600], first_east=2) == [2, 1, 0, 3]
    assert final_order([1000, 1200, 1200, 600], first_east=1) == [1, 2, 0, 3]


@pytest.mark.parametrize(("code", "grouped", "headline"), [
    ("en", "{:,}", "{name} wins the game with {points} points!"),
    ("de", "{:,}", "{name} gewinnt das Spiel mit {points} Punkten!"),
    ("fr", "{:,}", "{name} gagne la partie avec {points} points !"),
], ids=["en", "de", "fr"])
def test_game_finished__scores_grouped_and_the_winner_in_the_languages_words(ended, monkeypatch, code, grouped,
                                                                               headline) -> None:
    """Game Finished and the last Scores box under it write the totals the language's way (1,234 · 1.234 ·
    1 234), the changes with their signs, and name the winner in one sentence of the language."""
    from game import i18n
    from game.client.scenes import game_over, scores
    from tests.client.helpers import drawn_text

    app, session = ended
    separator = {"en": ",", "de": ".", "fr": "\u202f"}[code]
    totals = session.match.totals
    winner = max(range(4), key=lambda seat: totals[seat])
    assert totals[winner] >= 1000  # a number with a thousands separator to write
    points = grouped.format(totals[winner]).replace(",", separator)
    start = session.rules.start_score
    changes = [grouped.format(abs(totals[s] - start)).replace(",", separator) for s in range(4)]
    signs = ["+" if totals[s] > start else "-" if totals[s] < start else "" for s in range(4)]
    shown = drawn_text(monkeypatch, game_over)
    i18n.set_language(code)
    try:
        app.render()
        lines = [line for line, _rect in shown]
        assert points in lines
        assert {f"{sign}{change}" for sign, change in zip(signs, changes, strict=True)} <= set(lines)
        app.dispatch(key(pygame.K_ESCAPE))  # Last Hand: the Scores box with the game's result
        app.stack.apply_pending()
        in_box = drawn_text(monkeypatch, scores)
        app.render()
    finally:
        i18n.set_language("en")
    assert headline.format(name=session.names[winner], points=points) in [line for line, _rect in in_box]
