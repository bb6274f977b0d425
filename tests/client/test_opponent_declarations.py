"""An opponent's declaration is shown and heard (F-04, F-06): a balloon and the seat's voice line when it is made,
and a mark under the player's name for the rest of the hand."""

from __future__ import annotations

import pygame

from game.client.scenes import table_draw
from game.core import events as ev
from game.session.driver import Session
from game.session.options import Options
from tests.client.helpers import HUMAN, key, make_app, run_until, show_table


def test_opponent_declaration__balloon_voice_and_a_mark_that_stays(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path)
    session = Session.create("novice", 3, options=Options(animation_speed=0.0, discard_delay=0.0, ask_first=False))
    scene = show_table(app, session)
    audio = app.resources.audio
    said: list[tuple[int, str]] = []
    monkeypatch.setattr(audio, "available", True)  # a headless app has no sound device: the calls are recorded
    for quiet in ("play", "say_tile", "say_claim"):
        monkeypatch.setattr(audio, quiet, lambda *a: True)
    monkeypatch.setattr(audio, "say_call", lambda seat, line: said.append((seat, line)) or True)
    marks: list[str] = []
    draw_mark = table_draw.draw_mark
    monkeypatch.setattr(table_draw, "draw_mark", lambda surface, label, *a: marks.append(label)
                        or draw_mark(surface, label, *a))
    app.dispatch(key(pygame.K_F4))
    app.dispatch(key(pygame.K_F5))  # Auto Play: the computer plays your seat too
    balloons: list[str] = []

    def declared() -> ev.ReadyDeclared | None:
        balloons.extend(b.words for b in scene.balloons)
        if session.hand_over:
            app.dispatch(key(pygame.K_F3))  # next hand
        return next((e for e in session.table.events if isinstance(e, ev.ReadyDeclared) and e.seat != HUMAN), None)

    assert run_until(app, lambda: declared() is not None, steps=60000), "no opponent declared in the hands played"
    seat = declared().seat
    app.step()
    balloons.extend(b.words for b in scene.balloons)
    assert "Ready!" in balloons
    assert (seat, "REA") in said
    assert session.table.players[seat].ready
    app.render()
    ready = [p for p in session.table.players if p.ready]
    assert marks.count("Ready Hand") == len(ready)  # under each declarer's name (yours too), as long as the hand lasts
