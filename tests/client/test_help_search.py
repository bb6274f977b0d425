"""The help's search finds every glossary term and every special hand by name, and opens what it found; the
glossary shows each term with its meaning."""

from __future__ import annotations

import pygame
import pytest

from game.client.scenes.glossary import GLOSSARY
from tests.client.helpers import click, key, make_app


def open_help(app):
    app.reset_to("title")
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_h))
    app.stack.apply_pending()
    return app.stack.top


def typed(app, words: str):
    shown = app.stack.top
    app.dispatch(key(pygame.K_f, pygame.KMOD_CTRL))
    if shown.search.value:
        app.dispatch(key(pygame.K_ESCAPE))  # Esc in the field clears what was typed before
    app.dispatch(pygame.Event(pygame.TEXTINPUT, text=words, window=None))
    return shown.found


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return make_app(tmp_path_factory.mktemp("help"))


def test_search__finds_every_glossary_term_by_name(app) -> None:
    shown = open_help(app)
    for term, _meaning, _codes in GLOSSARY:
        found = typed(app, term.lower())
        assert ("Glossary", term) in [(f.kind, f.title) for f in found], term
    assert shown.searching


def test_search__finds_every_special_hand_by_name(app) -> None:
    from game.client.scenes.rules import ruleset_for

    open_help(app)
    hands = ruleset_for(app).special_hands
    assert len(hands) >= 30
    for hand in hands:
        found = typed(app, hand.name)
        assert found[0].kind == "Special hand" and found[0].title == hand.name, hand.name


def test_search__enter_opens_a_term_in_the_glossary(app) -> None:
    shown = open_help(app)
    typed(app, "kong box")
    assert shown.found[0].title == "Kong box"
    app.dispatch(key(pygame.K_RETURN))
    assert shown.title == "Glossary" and not shown.searching
    assert shown.scroll == min(shown.glossary()[1]["Kong box"], shown.glossary()[0].get_height() - shown.view.height)


def test_search__a_click_on_a_special_hand_shows_it_on_the_rules_pages(app) -> None:
    shown = open_help(app)
    typed(app, "little snake")
    app.render(1.0)
    app.dispatch(click(shown.result_rows()[0].center))
    app.stack.apply_pending()
    rules = app.stack.top
    assert rules.name == "rules" and rules.page == 3
    assert rules.scroll == min(rules.max_scroll, rules.special_at["little_snake"]) > 0


def test_search__a_screen_page_opens_as_its_own_tab(app) -> None:
    shown = open_help(app)
    typed(app, "replay")
    pick = next(i for i, f in enumerate(shown.found) if f.kind == "Screen" and f.title == "Replay")
    for _ in range(pick):
        app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_RETURN))
    assert shown.title == "This Screen" and shown.page_heading() == "Replay"


def test_search__nothing_found_says_so_and_esc_clears_then_closes(app) -> None:
    shown = open_help(app)
    assert typed(app, "xylophone") == []
    app.render(1.0)
    app.dispatch(key(pygame.K_ESCAPE))
    assert not shown.searching and app.stack.top is shown
    app.dispatch(key(pygame.K_ESCAPE))
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top.name == "title"


def test_glossary__scrolls_with_the_arrow_keys(app) -> None:
    shown = open_help(app)
    app.dispatch(click(shown.tabs[shown.titles.index("Glossary")].rect.center))
    app.render(1.0)
    app.dispatch(key(pygame.K_DOWN))
    assert shown.scroll == 60
    app.dispatch(key(pygame.K_UP))
    assert shown.scroll == 0


def test_glossary__a_scroll_bar_says_it_goes_on_below_and_pages_it_by_mouse(app) -> None:
    """The glossary is taller than the page: a scroll bar beside it shows how much is hidden, a click on its
    track below the thumb turns a page, and dragging the thumb to the bottom shows the last term."""
    shown = open_help(app)
    app.dispatch(click(shown.tabs[shown.titles.index("Glossary")].rect.center))
    app.render(1.0)
    assert shown.bar.needed and shown.bar.thumb().height < shown.bar.track.height
    app.dispatch(click((shown.bar.track.centerx, shown.bar.track.bottom - 2)))
    assert shown.scroll == shown.view.height
    thumb = shown.bar.thumb()
    app.dispatch(click(thumb.center))
    app.dispatch(pygame.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, shown.bar.track.bottom + 50), rel=(0, 0),
                              buttons=(1, 0, 0)))
    app.dispatch(pygame.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, shown.bar.track.bottom + 50), button=1))
    assert shown.scroll == shown.glossary()[0].get_height() - shown.view.height
    app.render(1.0)


def test_search__a_found_texts_words_are_shown_whole(app) -> None:
    """The words around a match are cut between words ("…tand in for any tile" read as a misprint), and still
    hold the word searched for."""
    open_help(app)
    meanings = {term: meaning for term, meaning, _codes in GLOSSARY}
    found = [f for f in typed(app, "kong") if f.kind == "Glossary" and "kong" not in f.title.casefold()]
    assert found
    for f in found:
        words = " ".join(meanings[f.title].split()).split(" ")
        shown = f.snippet.removeprefix("…").removesuffix("…").split(" ")
        assert "kong" in f.snippet.casefold()
        assert " ".join(shown) in " ".join(words) and shown[0] in words and shown[-1] in words, f.snippet
