"""Text from mods reaches the screen in the player's language: the rules pages, the lessons, New Game's
choices and the mod manager draw the bundled mods' names and words from their catalogs."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.mods import get_ruleset
from tests.client.helpers import (
    drawn_text,
    from_title,
    key,
    lesson_move,
    make_app,
    open_lesson,
    settle_lesson,
)
from tests.mods.modkit import mod_with_catalog


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def _rules_page(tmp_path, monkeypatch, language: str, page: int) -> list[str]:
    """The words the Rules pages of the classic ruleset draw on ``page`` (turned to by its number key)."""
    from game.client.scenes import rules as rules_module
    from game.client.scenes.rules import RulesScene

    app = make_app(tmp_path)
    i18n.set_language(language)
    app.reset_to("title")
    app.stack.apply_pending()
    app.stack.push(RulesScene(app, get_ruleset("classic")))
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_0 + page))
    seen = drawn_text(monkeypatch, rules_module)
    titles: list[str] = []
    real_panel = rules_module.draw_panel
    monkeypatch.setattr(rules_module, "draw_panel", lambda *a, **k: (titles.append(k.get("title", "")),
                                                                      real_panel(*a, **k))[1])
    app.render()
    return [words for words, _rect in seen] + titles


def test_rules_pages__special_hands_named_from_the_catalog_in_german(tmp_path, monkeypatch) -> None:
    words = _rules_page(tmp_path, monkeypatch, "de", 4)
    assert "Dreizehn wunderbare Laternen" in words
    assert "Thirteen Wonderful Lanterns" not in words
    assert any("Klassisch (Mah Jongg für Windows, 1995)" in title for title in words)


def test_rules_pages__scoring_lines_named_from_the_catalog_in_chinese(tmp_path, monkeypatch) -> None:
    words = _rules_page(tmp_path, monkeypatch, "zh_Hans", 3)
    assert "自摸和牌" in words and "门风对子" in words
    assert "Pair of Player's Own Wind" not in words and "Mah Jongg with a Drawn Tile" not in words


def _from_title(tmp_path, monkeypatch, language: str, module, k: int):
    """The app in ``language``, the screen ``k`` opens from the title drawn once, and the words ``module`` drew."""
    app = make_app(tmp_path)
    i18n.set_language(language)
    seen = drawn_text(monkeypatch, module)
    scene = from_title(app, k)
    app.render()
    return app, scene, [words for words, _rect in seen]


def _play_until(app, asked) -> None:
    """Follow the lesson's words until its step is one ``asked`` picks."""
    session = app.stack.top.lesson_session
    while not asked(session.step):
        lesson_move(app)
        settle_lesson(app)


def test_lessons__listed_and_taught_in_chinese(tmp_path, monkeypatch) -> None:
    from game.client.scenes import lessons as lessons_module

    app, listing, drawn = _from_title(tmp_path, monkeypatch, "zh_Hans", lessons_module, pygame.K_l)
    assert listing.name == "lessons" and "认识麻将牌" in drawn
    scene = open_lesson(app, 1)
    heading, words = scene.panel_words()
    assert "认识麻将牌" in heading and words.startswith("欢迎来到牌桌！")


def test_lessons__a_wrong_move_is_explained_in_german(tmp_path) -> None:
    app = make_app(tmp_path)
    i18n.set_language("de")
    scene = open_lesson(app, 3)
    _play_until(app, lambda step: step.do != "read" and step.wrong)
    lesson_move(app, wrong=True)
    assert scene.lesson_session.mistake == "Nicht den. Der Nordwind ist der Stein ohne Partner; wirf ihn ab."


def test_lessons__the_button_a_step_is_about_lights_up_whatever_the_language(tmp_path) -> None:
    """The lesson names Start! in English; the button reads the player's language (the pseudo-locale here)."""
    app = make_app(tmp_path)
    i18n.set_language("pseudo")
    scene = open_lesson(app, 1)
    _play_until(app, lambda step: step.do == "start")
    lit = scene.lit_buttons()
    assert [button.label for button in lit] == [i18n._("Start!")]
    assert lit[0].label.startswith(i18n.PSEUDO_OPEN)


def test_new_game__rulesets_and_opponents_in_german(tmp_path, monkeypatch) -> None:
    from game.client.scenes import new_game as new_game_module

    _app, scene, drawn = _from_title(tmp_path, monkeypatch, "de", new_game_module, pygame.K_n)
    assert scene.name == "new_game"
    assert "Klassisch (Mah Jongg für Windows, 1995)" in scene.ruleset.labels
    assert "Europäisch zeitgenössisch (Four Winds)" in scene.ruleset.labels
    shown = " ".join(drawn)
    assert "Ein Anfänger." in shown or "Eine Expertin." in shown or "Eine vorsichtige Spielerin." in shown


@pytest.mark.parametrize(("language", "dora", "lionel"), [
    ("de", "Dora · vorsichtig", "Lionel · Limitjäger"),
    ("nl", "Dora · verdediger", "Lionel · limietjager"),
    ("fr", "Dora · jeu défensif", "Lionel · mains limites"),
    ("zh_Hans", "Dora · 防守型", "Lionel · 大牌型"),
])
def test_new_game__opponents_player_type_in_the_players_language(tmp_path, monkeypatch, language, dora,
                                                                  lionel) -> None:
    from game.client.scenes import new_game as new_game_module

    _app, scene, _drawn = _from_title(tmp_path, monkeypatch, language, new_game_module, pygame.K_n)
    labels = scene.seat_choosers[0].labels
    assert dora in labels and lionel in labels
    assert not any(word in " ".join(labels) for word in ("defensive", "limitmaker"))


def test_mod_manager__names_and_descriptions_in_french(tmp_path, monkeypatch) -> None:
    from game.client.scenes import mod_manager as manager_module
    from game.client.scenes.mod_manager import ModManagerScene

    app = make_app(tmp_path)
    i18n.set_language("fr")
    scene = ModManagerScene(app)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    seen = drawn_text(monkeypatch, manager_module)
    app.render()
    drawn = [words for words, _rect in seen]
    assert "Règles classiques" in drawn and "Apprendre à jouer" in drawn
    assert "Classic rules" not in drawn


def test_mod_manager__a_broken_catalog_of_the_players_language_is_shown_and_the_mod_still_loads(tmp_path,
                                                                                                 monkeypatch) -> None:
    from game.client.scenes import mod_manager as manager_module
    from game.client.scenes.mod_manager import ModManagerScene
    from game.mods.manager import row_of

    mod_with_catalog(tmp_path / "mods", 'msgid "Housie"\nmsgstr "Hausi\n')
    app = make_app(tmp_path)
    i18n.set_language("de")
    scene = ModManagerScene(app)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    row = next(row for row in scene.rows if row.id == "housemod")
    assert row.status == "loaded"
    # In the player's language, with the file and line as they are.
    assert "housemod.po:7:1: erwartet eine Zeichenkette in doppelten Anführungszeichen" in row.problems[0]
    assert "die Mod zeigt ihre eigenen Worte" in row.problems[0]
    app.dispatch(key(pygame.K_HOME))
    for _ in range(scene.rows.index(row)):
        app.dispatch(key(pygame.K_DOWN))
    assert scene.rows[scene.selected] is row
    seen = drawn_text(monkeypatch, manager_module)
    app.render()
    assert any("housemod.po:7" in words for words, _rect in seen), [words for words, _rect in seen]
    i18n.set_language("en")
    assert row_of(app.catalog.entry("housemod")).problems == ()  # in English the mod's own words are the text


def test_rules_editor__scoring_lines_listed_in_dutch(tmp_path, monkeypatch) -> None:
    from game.client import stage
    from game.client.scenes import rules_editor as editor_module

    app = make_app(tmp_path)
    i18n.set_language("nl")
    stage.stage_scene(app, "rules_editor", seed=2, turns=0)
    seen = drawn_text(monkeypatch, editor_module)
    app.render(1.0)
    drawn = [words for words, _rect in seen]
    assert "Gesloten kong van stenen 1 of 9" in drawn and "Concealed Kong of Tile 1 or 9" not in drawn
