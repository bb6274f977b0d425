"""A three-handed British game in the client (B-12): chosen on New Game through keys, the empty seat shown as
such, played by the demo to the scores box, which has three players; saved and opened again."""

from __future__ import annotations

import pygame

from game.client.scenes import table_draw
from game.client.scenes.new_game import EMPTY_SEAT_NOTE, NewGameScene
from tests.client.helpers import drawn_text, key, make_app, run_until


def test_three_handed__from_new_game_to_the_scores_box(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path)
    app.reset_to("title")
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_n))
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    app.dispatch(key(pygame.K_UP))  # from your name to the ruleset
    wanted = [r.id for r in scene.rulesets].index("british-three")
    for _ in range(wanted - scene.ruleset.index):
        app.dispatch(key(pygame.K_RIGHT))
    assert scene.rulesets[scene.ruleset.index].id == "british-three"
    # The seat opposite is empty: its card has no fields, so Tab never lands on it.
    assert scene.empty_seat == 2
    assert scene.seat_choosers[1] not in scene.fields and scene.seat_names[1] not in scene.fields
    shown = drawn_text(monkeypatch, __import__("game.client.scenes.new_game", fromlist=["text"]))
    app.render()
    assert "Empty seat" in [words for words, _rect in shown]
    assert any(words in EMPTY_SEAT_NOTE for words, _rect in shown if len(words) > 10)
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    table = app.stack.top
    assert table.name == "table"
    session = table.session
    assert session.ruleset.id == "british-three" and session.table.empty_seat == 2
    assert session.match.east != 2
    on_table = drawn_text(monkeypatch, table_draw)
    app.render()
    labels = [words for words, _rect in on_table]
    wind = ("East", "South", "West", "North")[session.table.seat_wind(2)]
    assert f"Empty seat (three players) · {wind}" in labels
    assert session.names[2] not in labels  # the empty seat's opponent is nowhere at the table
    app.dispatch(key(pygame.K_F5, pygame.KMOD_ALT))  # the demo plays the hand
    assert run_until(app, lambda: app.stack.top.name == "scores", steps=60000)
    box = app.stack.top
    assert box.seats == [0, 1, 3] and box.pages == [-1, 0, 1, 3]
    assert [b.label for b in box.tabs] == ["Totals", session.names[0], session.names[1], session.names[3]]
    app.dispatch(key(pygame.K_t))  # the first key stops the demo
    app.dispatch(key(pygame.K_3))  # the third player's page is seat 3's
    assert box.tab == 3
    app.render()
    record = session.match.history[-1]
    assert record.deltas[2] == 0 and sum(record.deltas) == 0
    app.dispatch(key(pygame.K_s))  # Save Score Sheet: a column for each of the three
    [sheet] = (tmp_path / "config" / "score sheets").glob("Sparrow *.csv")
    header = sheet.read_text(encoding="utf-8").splitlines()[0].split(",")
    assert header[-3:] == [session.names[0], session.names[1], session.names[3]]


def test_three_handed__a_goulash_exchange_you_sit_out_says_so() -> None:
    """Across the table from you is the empty seat: in the goulash's first exchange (across) you pass nothing, and
    the status bar says why instead of asking for tiles; no Pass button is offered."""
    from game.client.status import SITTING_OUT, status_line
    from game.session.driver import Session
    from game.session.options import Options

    session = Session.create("british-three", 3, options=Options(animation_speed=0.0, discard_delay=0.0))
    session.match.goulash_next = True  # as after a wash-out
    session.deal()
    for event in session.drain():  # as the table shows them
        session.tell(event)
    assert session.table.pass_step == ("across", 3)
    assert status_line(session) == SITTING_OUT
    assert SITTING_OUT == "Your partner in this exchange would be the empty seat: you pass nothing this time"
    assert not session.human_to_pass
