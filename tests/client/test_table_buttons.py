"""Every button at the table shows its whole label, in every theme's fonts (issue 20: "Mah Jon…"): buttons are as
wide as their labels, in rows right of the stake that stay clear of the status bar and of each other."""

from __future__ import annotations

import pygame
import pytest

from game.client import layout
from game.client.scenes.table import BUTTON_AREA
from game.client.widgets import Button, flow
from game.mods import load_catalog
from tests.client.helpers import key, make_app, run_until, table_at_winning_discard

THEMES = [record.id for record in load_catalog(full=False).list("theme")]
PLAY_AREA = pygame.Rect(0, 0, layout.LOGICAL[0], layout.LOGICAL[1] - layout.STATUS_H)


def check(buttons: list[Button]) -> list[str]:
    for b in buttons:
        assert b.fits(), f"{b.label!r} is cut in a box {b.rect.width} wide"
        assert PLAY_AREA.contains(b.rect), f"{b.label!r} leaves the table: {b.rect}"
    rects = [b.rect for b in buttons]
    assert not any(a.colliderect(c) for i, a in enumerate(rects) for c in rects[i + 1:]), "buttons overlap"
    return [b.label for b in buttons]


@pytest.fixture(params=THEMES)
def app(request, tmp_path):
    """The app in each theme's colours and fonts."""
    app = make_app(tmp_path)
    app.change_look(theme=request.param)
    return app


def test_buttons__every_table_button_shows_its_whole_label(app) -> None:
    scene = table_at_winning_discard(app, ask_first=False)
    session = scene.session
    assert check(scene.buttons) == ["Mah Jongg!", "Pass"]
    app.dispatch(key(pygame.K_m))
    assert run_until(app, lambda: app.stack.top.name == "scores")
    app.dispatch(key(pygame.K_ESCAPE))  # back to the table, the hand over
    app.step()
    assert check(scene.buttons) == ["Next Hand", "Scores"]
    app.dispatch(key(pygame.K_F3))
    assert run_until(app, lambda: session.table.phase == "dealt" and not scene.animator.busy)
    app.step()
    assert check(scene.buttons) == ["Start!"]
    app.dispatch(key(pygame.K_F4))
    session.options.wait_time = 5.0
    assert run_until(app, lambda: session.human_to_discard and not scene.animator.busy and scene.prompt is None)
    app.dispatch(key(pygame.K_RETURN))
    app.step()
    assert check(scene.buttons) == ["Undo"]


def test_buttons__the_most_the_table_shows_at_once_still_fit(app) -> None:
    """A discard good for Mah Jongg, a kong, a pung and a chow at once: five buttons, in three rows."""
    for labels in (["Mah Jongg!", "Kong!", "Pung!", "Chow!", "Pass"], ["Mah Jongg!", "Kong!"], ["Pass 3 ↑"]):
        buttons = [Button(pygame.Rect(0, 0, 0, 0), label, lambda: None, size=16) for label in labels]
        flow(buttons, BUTTON_AREA, height=38, gap=6, min_width=100)
        assert check(buttons) == labels
        assert all(b.rect.right <= BUTTON_AREA.right for b in buttons)


def test_buttons__the_boxes_over_the_table_show_whole_labels_too(app) -> None:
    scene = table_at_winning_discard(app, ask_first=True)
    prompt = scene.prompt
    assert check([*prompt.buttons, prompt.cancel])[0] == "Mah Jongg!"
    scene.prompts.ask("White Dragon", "Which Kong do you expose?",
                      [("White Dragon", lambda: None), ("9 Characters", lambda: None)],
                      cancel=("Not now", lambda: None))
    prompt = scene.prompt
    assert check([*prompt.buttons, prompt.cancel]) == ["White Dragon", "9 Characters", "Not now"]
    assert prompt.box.contains(prompt.buttons[0].rect.union(prompt.cancel.rect))


def test_table_buttons__are_hidden_while_the_scores_box_covers_the_table_and_back_after(tmp_path, monkeypatch) -> None:
    from game.client import widgets
    from tests.client.helpers import drawn_text, started_table
    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.0)
    app.dispatch(key(pygame.K_F5))  # Auto Play to the end of the hand
    assert run_until(app, lambda: app.stack.top.name == "scores")
    drawn = drawn_text(monkeypatch, widgets)
    app.render()
    labels = [words for words, _rect in drawn]
    assert "OK" in labels and "Next Hand" not in labels and "Scores" not in labels
    app.dispatch(key(pygame.K_ESCAPE))  # Cancel: back to the table, the hand's end still to be settled
    app.stack.apply_pending()
    assert app.stack.top is scene
    drawn.clear()
    app.render()
    assert "Next Hand" in [words for words, _rect in drawn]
