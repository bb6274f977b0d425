"""The Rules pages: example hands generated from the special-hand patterns, and the scene's pages and keys."""

from __future__ import annotations

import pygame
import pytest

from game.core.scoring import RulesetJudge
from game.core.tiles import counts_of, format_tiles, parse_tiles
from game.mods import get_ruleset
from game.rules.pattern_example import candidate_examples, special_hand_example
from tests.client.helpers import key, make_app

CLASSIC = get_ruleset("classic")
JUDGE = RulesetJudge(CLASSIC)


@pytest.mark.parametrize("special", CLASSIC.special_hands, ids=lambda h: h.id)
def test_example__every_classic_special_hand_scores_as_itself(special) -> None:
    """The example drawn for a special hand is a legal hand the ruleset's judge scores as exactly that hand."""
    example = special_hand_example(JUDGE, special)
    assert example is not None and example.verified
    result = JUDGE.score(example.hand, example.context)
    assert result.mah_jongg, result.message
    assert result.special_hand_id == special.id, (special.id, format_tiles(example.tiles), result.special_hand)
    assert result.special_hand == special.name
    # Every drawn tile is in the hand (concealed or declared), and no tile appears more than four times.
    held = list(example.hand.concealed) + [t for m in example.hand.melds for t in m.tiles]
    assert sorted(held) == sorted(example.tiles)
    assert max(counts_of(held)) <= 4
    assert example.context.winning_tile in example.hand.concealed


def test_example__variables_and_different_suits_are_honoured() -> None:
    """Three Adopted Sons of the Red Dragon: one number in three different suits, as the pattern's variables say."""
    example = special_hand_example(JUDGE, CLASSIC.special_hand("adopted_sons_red_dragon"))
    pungs = [group for group in example.groups if len(group) == 3 and group[0] < 27]
    assert len(pungs) == 3
    assert len({g[0] // 9 for g in pungs}) == 3 and len({g[0] % 9 for g in pungs}) == 1


def test_example__own_wind_is_east_and_conditions_shape_the_win() -> None:
    """Imperial's pair is the own wind (East); Terrestrial Blessing is won with East's first discard."""
    imperial = special_hand_example(JUDGE, CLASSIC.special_hand("imperial"))
    assert imperial.groups[-1] == tuple(parse_tiles("EW EW"))
    terrestrial = special_hand_example(JUDGE, CLASSIC.special_hand("terrestrial_blessing"))
    assert terrestrial.context.first_discard and terrestrial.context.won_by == "discard"
    assert terrestrial.hand.seat_wind != 0
    cock = special_hand_example(JUDGE, CLASSIC.special_hand("golden_cock"))
    assert format_tiles([cock.context.winning_tile]) == "5D"


def test_example__a_hand_holding_another_hands_tiles_gets_an_exposed_set() -> None:
    """Crazy Monkey held concealed is Imperial; its example declares a pung so it scores as Crazy Monkey."""
    example = special_hand_example(JUDGE, CLASSIC.special_hand("crazy_monkey"))
    assert example.exposed and example.hand.melds
    first = next(candidate_examples(CLASSIC.special_hand("crazy_monkey").forms[0]))
    assert JUDGE.score(first.hand, first.context).special_hand_id == "imperial"


def wheel(y: int) -> pygame.Event:
    return pygame.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


@pytest.fixture
def rules(tmp_path):
    from game.client.scenes.rules import RulesScene

    app = make_app(tmp_path)
    app.reset_to("title")
    app.stack.apply_pending()
    scene = RulesScene(app, CLASSIC)
    app.stack.push(scene)
    app.stack.apply_pending()
    return app, scene


def test_rules_scene__pages_change_with_keys_and_tabs(rules) -> None:
    """Right/Left and 1-4 move between the four pages; clicking a tab opens it; each page starts at the top."""
    from tests.client.helpers import click

    app, scene = rules
    assert scene.page == 0
    app.dispatch(key(pygame.K_RIGHT))
    assert scene.page == 1
    app.dispatch(key(pygame.K_4))
    assert scene.page == 3
    app.dispatch(key(pygame.K_RIGHT))
    assert scene.page == 0
    app.dispatch(click(scene.tabs[2].rect.center))
    assert scene.page == 2 and scene.scroll == 0
    app.render()


def test_rules_scene__scrolls_by_wheel_arrows_and_pages_within_bounds(rules) -> None:
    """The special hands page is taller than the box: wheel, arrows, Page Down and End scroll it, never past."""
    app, scene = rules
    app.dispatch(key(pygame.K_4))
    assert scene.max_scroll > 1000  # thirty hands with their tiles
    app.dispatch(wheel(-1))
    after_wheel = scene.scroll
    assert after_wheel > 0
    app.dispatch(key(pygame.K_DOWN))
    assert scene.scroll > after_wheel
    before = scene.scroll
    app.dispatch(key(pygame.K_PAGEDOWN))
    assert scene.scroll - before > 300
    app.dispatch(key(pygame.K_END))
    assert scene.scroll == scene.max_scroll
    app.dispatch(wheel(-5))
    assert scene.scroll == scene.max_scroll
    app.dispatch(key(pygame.K_HOME))
    app.dispatch(wheel(3))
    assert scene.scroll == 0
    app.render()


def test_rules_scene__scroll_bar_drags_the_page(rules) -> None:
    """Dragging the scroll bar's thumb to the bottom shows the end of the page."""
    from game.client.scenes.rules import BAR

    app, scene = rules
    app.dispatch(key(pygame.K_4))
    thumb = scene._thumb()
    app.dispatch(pygame.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    app.dispatch(pygame.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, BAR.bottom + 50), rel=(0, 0),
                              buttons=(1, 0, 0)))
    app.dispatch(pygame.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, BAR.bottom + 50), button=1))
    assert scene.scroll == scene.max_scroll


def test_rules_scene__every_special_hand_gets_a_verified_example(rules) -> None:
    """The special hands page shows an example for each of the ruleset's hands, each checked by scoring."""
    _app, scene = rules
    examples = scene.examples()
    assert set(examples) == {h.id for h in CLASSIC.special_hands}
    assert all(e is not None and e.verified for e in examples.values())


def test_rules_scene__play_and_scoring_pages_come_from_the_ruleset(rules) -> None:
    """The words follow the data: no chows in a ruleset without them; every scoring line is listed once."""
    from dataclasses import replace

    from game.client.rules_text import play_sections, scoring_sections

    words = " ".join(r.text for _, rules in play_sections(CLASSIC.play) for r in rules)
    assert "only from the player on your left" in words and "1,000 points" in words
    no_chows = replace(CLASSIC.play, chows_allowed=False, start_score=2000)
    sections = dict(play_sections(no_chows))
    chow_rule = sections["Claiming a discard"][0]
    assert chow_rule.yes is False
    assert "player on your left" not in " ".join(r.text for r in sections["Claiming a discard"])
    assert any("2,000 points" in r.text for r in sections["East and the game"])
    assert not any("Three players" in r.text for r in sections["East and the game"])
    three = dict(play_sections(replace(CLASSIC.play, players=3)))["East and the game"]
    assert three[0].text.startswith("Three players: the seat opposite you is empty (the Dummy).")
    listed = [item.id for _, items in scoring_sections(CLASSIC) for item in items]
    assert sorted(listed) == sorted(item.id for item in CLASSIC.scoring)


def test_rules_scene__escape_closes_and_returns_to_the_title(rules) -> None:
    app, _scene = rules
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top.name == "title"


def test_rules_scene__help_offers_the_full_rules_of_the_game_being_played(tmp_path) -> None:
    """From the help box over a table, Full Rules (or R) shows the rules of that game's ruleset."""
    from game.client.scenes.table import TableScene
    from tests.client.helpers import click, instant_session

    app = make_app(tmp_path)
    session = instant_session(5)
    app.stack.clear_to(TableScene(app, session))
    app.stack.apply_pending()
    app.open("help")
    app.stack.apply_pending()
    help_scene = app.stack.top
    app.dispatch(click(help_scene.rules.rect.center))
    app.stack.apply_pending()
    assert app.stack.top.name == "rules"
    assert app.stack.top.ruleset is session.ruleset
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_r))
    app.stack.apply_pending()
    assert app.stack.top.name == "rules"
    app.render()


def test_rules_text__special_values_read_as_a_player_would_say_them() -> None:
    """Total hands give their value, added hands a plus sign, limit hands the ruleset's limit in points; the
    numbers grouped the language's way."""
    from dataclasses import replace

    from game.client.rules_text import special_notes, special_value

    assert special_value(CLASSIC.special_hand("imperial"), CLASSIC) == "6,000 points"
    assert special_value(CLASSIC.special_hand("buried_treasure"), CLASSIC) == "+300 points"
    assert special_value(CLASSIC.special_hand("heavenly_blessing"), CLASSIC) == "+3 doubles"
    limit_hand = replace(CLASSIC.special_hand("imperial"), points=0, limit=1.0)
    assert special_value(limit_hand, replace(CLASSIC, limit=1000)) == "1,000 points"
    assert special_value(limit_hand, CLASSIC) == "limit"
    assert "concealed only" in special_notes(CLASSIC.special_hand("imperial"))
    assert "added to the hand's own score" in special_notes(CLASSIC.special_hand("golden_cock"))


def test_example__every_allowed_special_hand_of_every_loaded_ruleset_scores_as_itself() -> None:
    """Not just classic: each ruleset's allowed hands get an example its own judge scores as that hand."""
    from game.mods import list_rulesets

    for info in list_rulesets():
        ruleset = get_ruleset(info.id)
        if not ruleset.special_hands_allowed:
            continue
        judge = RulesetJudge(ruleset)
        for special in ruleset.special_hands:
            if not special.allowed:
                continue  # a switched-off hand is never named by the judge; its page says it is off
            example = special_hand_example(judge, special)
            assert example is not None and example.verified, (info.id, special.id)


@pytest.mark.parametrize("code", ["en", "de", "fr"])
def test_rules_text__numbers_grouped_and_sentences_whole_in_each_language(code) -> None:
    """The Rules pages write their numbers the language's way (6,000 · 6.000 · 6 000) and their sentences whole:
    the claims' order with the language's "then", the rounding, how an example hand was won."""
    from dataclasses import replace

    from game import i18n
    from game.client.rules_text import play_sections, settlement_lines, special_value, win_words
    from game.core.ruleset import Rounding

    expected = {
        "en": ("6,000 points", "Everybody starts with 1,000 points.", ", then a kong, then a pung, then a chow.",
               "Scores are rounded up to a multiple of 10 before doubling.",
               "South, won with 5 Dots claimed from East's first discard"),
        "de": ("6.000 Punkte", "Alle beginnen mit 1.000 Punkten.", ", dann Kong, dann Pung, dann Chow.",
               "Die Punkte werden vor dem Verdoppeln auf ein Vielfaches von 10 aufgerundet.",
               "Süd, gewonnen mit 5 Kreise vom ersten Abwurf von Ost"),
        "fr": ("6\u202f000 points", "Chacun commence avec 1\u202f000 points.",
               ", puis un kong, puis un pung, puis un chow.",
               "Les scores sont arrondis au multiple de 10 supérieur avant les doubles.",
               "Sud, gagné avec 5 Cercles réclamée sur la première défausse d'Est"),
    }[code]
    terrestrial = special_hand_example(JUDGE, CLASSIC.special_hand("terrestrial_blessing"))
    rounded = replace(CLASSIC, rounding=Rounding(10, "before_doubles", "up"))
    i18n.set_language(code)
    try:
        words = " ".join(r.text for _, rules in play_sections(CLASSIC.play) for r in rules)
        said = (special_value(CLASSIC.special_hand("imperial"), CLASSIC), words, words, settlement_lines(rounded),
                win_words(terrestrial))
    finally:
        i18n.set_language("en")
    assert said[0] == expected[0]
    assert expected[1] in said[1] and expected[2] in said[2]
    assert expected[3] in said[3]
    assert said[4].startswith(expected[4])
