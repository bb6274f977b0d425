"""Sparrow in five languages: every scene's text passes through the catalogs (the pseudo-locale), and in every
language besides English (German's long words, Dutch and French's long phrases, Chinese's other script and font)
every button's label and every line of text fits."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.client import forms, look, stage, widgets
from game.client.scenes import registry, settings
from tests.client.helpers import click, key, make_app, open_settings

OWN_NAMES = set(i18n.LANGUAGES.values())
"""The languages' names in themselves (the language box, Settings): the same in every language."""
KEY_NAMES = re.compile(r"^((Ctrl|Alt|Shift)\+)*(F\d{1,2}|[A-Z0-9])( · (F\d{1,2}|[A-Z0-9]))?$")
"""Keys as the keyboard labels them (the letter under a button): the same in every language."""
COLOUR_CODE = re.compile(r"^#[0-9a-f]{6}( · )?$")
"""A colour's code (the Colours page): the same in every language."""


@pytest.fixture
def rendered(monkeypatch):
    """Every line rendered from now on (the cache is emptied, so nothing drawn before hides)."""
    drawn: list[str] = []
    render = look._render_text

    def recording(message, size, colour, face):
        drawn.append(message)
        return render(message, size, colour, face)

    look._rendered.clear()
    monkeypatch.setattr(look, "_render_text", recording)
    yield drawn
    look._rendered.clear()
    i18n.set_language("en")


SCENES = [*registry.SCENES, *(f"settings/{page}" for page in settings.PAGES[1:])]
"""Every scene, and every page of Settings besides the first (the Rules page's buttons, the Players page's note)."""


def staged(tmp_path, name: str, language: str):
    app = make_app(tmp_path)
    i18n.set_language(language)
    scene, _slash, page = name.partition("/")
    stage.stage_scene(app, scene, seed=2, turns=12)
    if page:  # chosen as the player chooses it, by a click on its tab
        app.dispatch(click(app.stack.top.tabs[settings.PAGES.index(page)].rect.center))
        assert app.stack.top.page == page
    return app


@pytest.mark.parametrize("name", SCENES)
def test_pseudo_locale__every_scene_draws_only_catalog_text(tmp_path, rendered, name) -> None:
    """In the pseudo-locale every catalog string comes back as ⟦…⟧: a line with letters outside such a span was
    written in the code, or came from mod data, without passing through game.i18n."""
    app = staged(tmp_path, name, "pseudo")
    app.render(1.0)
    assert rendered, "the scene drew text"
    leaks = sorted({line for line in rendered if i18n.outside_catalogs(line) and line not in OWN_NAMES
                    and not KEY_NAMES.match(line) and not COLOUR_CODE.match(line)})
    assert leaks == []


@pytest.fixture
def drawn_boxes(monkeypatch):
    """Every button drawn, every control's label with the room it has, and every line of text with the rect it
    took and the size of the surface under it."""
    buttons: list[widgets.Button] = []
    labels: list[tuple[str, int]] = []
    lines: list[tuple[str, pygame.Rect, pygame.Surface]] = []
    draw_button, draw_text, draw_label = widgets.Button.draw, look.text, widgets.draw_label

    def label(surface, message, rect, room, colour):
        labels.append((message, room))
        return draw_label(surface, message, rect, room, colour)

    def button(self, surface, palette):
        buttons.append(self)
        return draw_button(self, surface, palette)

    def line(surface, message, *args, **kwargs):
        rect = draw_text(surface, message, *args, **kwargs)
        lines.append((message, rect, surface))
        return rect

    monkeypatch.setattr(widgets.Button, "draw", button)
    monkeypatch.setattr(widgets, "draw_label", label)
    monkeypatch.setattr(forms, "draw_label", label)
    for module in _text_users():
        monkeypatch.setattr(module, "text", line)
    yield buttons, labels, lines
    i18n.set_language("en")


def _held_by(scene, kind: type) -> list:
    """The ``kind`` of controls a scene holds (in attributes, or in lists or dicts of them)."""
    found: list = []
    for value in vars(scene).values():
        items = value if isinstance(value, list) else list(value.values()) if isinstance(value, dict) else [value]
        found += [item for item in items if isinstance(item, kind) and item not in found]
    return found


def _text_users() -> list:
    """Every client module that draws with look.text (each holds its own name for it)."""
    import sys

    return [module for name, module in list(sys.modules.items())
            if name.startswith("game.client") and getattr(module, "text", None) is look.text]


@pytest.mark.parametrize("language", [code for code in i18n.LANGUAGES if code != "en"])
@pytest.mark.parametrize("name", SCENES)
def test_layout__every_label_and_line_fits_in_every_language(tmp_path, drawn_boxes, name, language) -> None:
    """No button cuts its label, no control's label runs into the control beside it, and no line of text runs
    off the surface it is drawn on."""
    app = staged(tmp_path, name, language)
    buttons, labels, lines = drawn_boxes
    top = app.stack.top
    draw_top = top.draw
    mine: list[tuple[str, pygame.Rect]] = []

    def top_draw(surface, alpha):
        start = len(lines)
        draw_top(surface, alpha)
        mine.extend((message, rect) for message, rect, drawn_on in lines[start:] if drawn_on is surface)

    top.draw = top_draw
    app.render(1.0)
    assert buttons or lines, "the scene drew something"
    cut = sorted({b.label for b in buttons if not b.fits()})
    assert cut == [], f"buttons too narrow for their {language} labels"
    tabs_cut = sorted({label for tabs in _held_by(app.stack.top, forms.GroupTabs) if not tabs.fits()
                       for label in tabs.labels})
    assert tabs_cut == [], f"a row of tabs too short for its {language} names"
    own = [b for b in _held_by(app.stack.top, widgets.Button) if b in buttons]
    overlapping = sorted({(a.label, b.label) for i, a in enumerate(own) for b in own[i + 1:]
                          if a.rect.colliderect(b.rect)})
    assert overlapping == [], f"{language} buttons of one box on top of each other"
    over_buttons = sorted({message for message, rect in mine for b in own if rect.colliderect(b.rect.inflate(-4, -4))
                           and message not in (b.label, b.key_hint) and not b.label.startswith(message.rstrip("…"))})
    assert over_buttons == [], f"{language} text drawn over a button"
    smallest = 17 - widgets.LABEL_SHRINK
    crowded = sorted({message for message, room in labels if look.text_size(message, smallest)[0] > room})
    assert crowded == [], f"{language} labels running into their controls"
    off = sorted({message for message, rect, drawn_on in lines if message.strip()
                  and not drawn_on.get_rect().contains(rect)})
    assert off == [], f"{language} text running off its surface"


def test_settings__the_language_changes_at_once_and_is_kept(tmp_path) -> None:
    """A click on Settings ▸ Play ▸ Language turns to the next language: the box is written in it at once, the
    title under it too, and the choice is in the settings file after the box closes."""
    app = make_app(tmp_path)
    i18n.set_language("en")
    scene = open_settings(app)
    language = next(c for c in scene.controls if getattr(c, "label", "") == "Language")
    app.dispatch(click(language.rect.center))
    assert i18n.language() == "de"
    assert [tab.label for tab in scene.tabs][:2] == ["Spielen", "Animation"] and scene.done.label == "Fertig"
    title = app.stack.scenes[0]
    assert "Neues Spiel" in [b.label for b in title.buttons]
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert "language: de" in (tmp_path / "config" / "settings.yaml").read_text()
    again = make_app(tmp_path)
    assert again.settings.language == "de" and i18n.language() == "de"


def test_language_box__up_down_and_enter_choose_and_speak_it_at_once(tmp_path) -> None:
    """At the first start the box offers the languages; Down turns the box itself into the next one and Enter
    keeps it."""
    app = make_app(tmp_path)
    i18n.set_language("en")
    app.reset_to("title")
    app.open("language")
    app.stack.apply_pending()
    box = app.stack.top
    app.dispatch(key(pygame.K_DOWN))
    assert i18n.language() == "de" and box.title == "Sprache" and box.ok.label == "Spielen"
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert app.settings.language == "de" and app.stack.top.name == "title"


def test_settings__your_default_name_is_shown_in_your_language_and_stays_the_default(tmp_path) -> None:
    """The Players page shows the default name as German says it ("Du", not "You"); leaving the box with it
    untouched keeps the default in the settings, so the next language chosen says it its own way."""
    app = make_app(tmp_path)
    i18n.set_language("de")
    try:
        scene = stage.stage_scene(app, "settings")
        app.dispatch(click(scene.tabs[settings.PAGES.index("Players")].rect.center))
        assert scene.fields[0].value == i18n._("You") != "You"
        app.dispatch(key(pygame.K_ESCAPE))
        app.stack.apply_pending()
        assert app.stack.top is not scene and app.settings.player_name == "You"
    finally:
        i18n.set_language("en")
