"""New Game setup: the choices (ruleset, opponents, names, starting score) reach the game that starts."""

from __future__ import annotations

import pygame
import pytest

from game.client.scenes.new_game import NewGameScene
from game.session.options import seat_names
from tests.client.helpers import click, key, make_app


def typed(chars: str) -> pygame.Event:
    return pygame.Event(pygame.TEXTINPUT, text=chars, window=None)


@pytest.fixture
def setup(tmp_path):
    app = make_app(tmp_path)
    app.reset_to("title")
    app.stack.apply_pending()
    scene = NewGameScene(app, seed=7)
    app.stack.push(scene)
    app.stack.apply_pending()
    return app, scene


def test_new_game__defaults_come_from_the_ruleset_and_personalities(setup) -> None:
    """The starting score is the ruleset's; each seat shows a personality and, unedited, that personality's name."""
    app, scene = setup
    assert scene.start_score == 1000
    ids = [p.id for p in scene.people]
    assert {"beginner", "defensive", "expert"} <= set(ids)
    for chooser, name in zip(scene.seat_choosers, scene.seat_names, strict=True):
        assert name.value == scene.people[chooser.index].name
    app.render()


def test_new_game__choices_reach_the_started_session(setup) -> None:
    """Rename yourself and an opponent, change a personality and the score, press Start: the table has them."""
    app, scene = setup
    app.dispatch(click(scene.player.rect.center))
    for _ in range(3):
        app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(typed("Ann"))
    # The second opponent: another personality (its unedited name follows), then the third one renamed.
    before = scene.seat_choosers[1].index
    app.dispatch(click(scene.seat_choosers[1].arrows()[1].center))
    chosen = scene.people[scene.seat_choosers[1].index]
    assert scene.seat_choosers[1].index == (before + 1) % len(scene.people)
    assert scene.seat_names[1].value == chosen.name
    app.dispatch(click(scene.seat_names[2].rect.center))
    for _ in range(10):
        app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(typed("Grandma Wu"))
    app.dispatch(click(scene.score.arrows()[1].center))
    app.dispatch(click(scene.score.arrows()[1].center))
    assert scene.start_score == 1200
    expected_ids = [scene.people[c.index].id for c in scene.seat_choosers]
    app.dispatch(click(scene.start.rect.center))
    app.stack.apply_pending()
    table = app.stack.top
    assert table.name == "table"
    session = table.session
    assert session.names == ["Ann", scene.seat_names[0].value, chosen.name, "Grandma Wu"]
    assert session.opponents == expected_ids
    assert session.ruleset.id == "classic"
    assert session.seed == 7
    assert session.match.totals == [1200] * 4
    # Remembered for the next quick New Game (F2), which therefore starts with the same company.
    assert app.settings.opponents == expected_ids
    assert seat_names(app.settings) == session.names


def test_new_game__keyboard_tab_arrows_and_enter(setup) -> None:
    """Tab moves to the next field, Left/Right change the focused choice, Enter starts the game."""
    app, scene = setup
    assert scene.fields[scene.focus] is scene.player
    app.dispatch(key(pygame.K_TAB))
    assert scene.fields[scene.focus] is scene.score
    app.dispatch(key(pygame.K_LEFT))
    assert scene.start_score == 900
    app.dispatch(key(pygame.K_TAB))
    first = scene.seat_choosers[0]
    assert scene.fields[scene.focus] is first
    index = first.index
    app.dispatch(key(pygame.K_RIGHT))
    assert first.index == (index + 1) % len(scene.people)
    app.dispatch(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert scene.fields[scene.focus] is scene.score
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert app.stack.top.name == "table"
    assert app.stack.top.session.match.totals == [900] * 4
    assert app.stack.top.session.opponents[0] == scene.people[first.index].id


def test_new_game__an_edited_name_stays_when_the_personality_changes(setup) -> None:
    app, scene = setup
    app.dispatch(click(scene.seat_names[0].rect.center))
    app.dispatch(typed("!"))
    edited = scene.seat_names[0].value
    app.dispatch(click(scene.seat_choosers[0].arrows()[0].center))
    assert scene.seat_names[0].value == edited


def test_new_game__escape_goes_back_to_the_title(setup) -> None:
    app, _scene = setup
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top.name == "title"


def test_new_game__rules_button_shows_the_chosen_rulesets_rules(setup) -> None:
    app, scene = setup
    app.dispatch(click(scene.rules_button.rect.center))
    app.stack.apply_pending()
    assert app.stack.top.name == "rules"
    assert app.stack.top.ruleset.id == "classic"


def test_new_game__the_title_screens_new_game_opens_the_setup(tmp_path) -> None:
    """New Game on the title (click, F2 or N) opens the setup instead of dealing at once."""
    app = make_app(tmp_path)
    app.reset_to("title")
    app.stack.apply_pending()
    title = app.stack.top
    button = next(b for b in title.buttons if b.label == "New Game")
    app.dispatch(click(button.rect.center))
    app.stack.apply_pending()
    assert [s.name for s in app.stack.scenes] == ["title", "new_game"]
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_F2))
    app.stack.apply_pending()
    assert app.stack.top.name == "new_game"


def test_new_game__offers_the_master_with_its_line(setup, monkeypatch) -> None:
    """Stepping a seat's personality with its arrow reaches the Master, named as one, whose card says in one line
    how it plays; Start seats it at the table."""
    import game.client.scenes.new_game as new_game

    app, scene = setup
    drawn: list[str] = []
    real_text = new_game.text
    monkeypatch.setattr(new_game, "text", lambda surface, words, *a, **k: (drawn.append(words),
                                                                            real_text(surface, words, *a, **k))[1])
    chooser = scene.seat_choosers[2]
    for _ in range(len(scene.people)):
        if scene.people[chooser.index].id == "master":
            break
        app.dispatch(click(chooser.arrows()[1].center))
    assert scene.people[chooser.index].id == "master"
    assert scene.seat_names[2].value == "Mei"
    assert chooser.labels[chooser.index] == "Mei · master"  # not "Mei · expert", the knobs it is built on
    app.render()
    shown = " ".join(drawn)
    assert "The Master. Plays like the expert, and thinks ahead on close calls by playing them out over sampled " \
           "deals." in shown
    app.dispatch(click(scene.start.rect.center))
    app.stack.apply_pending()
    assert app.stack.top.session.opponents[2] == "master"
