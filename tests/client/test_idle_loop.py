"""The loop sleeps while nothing moves (title at rest, a table waiting for the player) and wakes on input; it
draws every frame while anything moves or a timer runs (a claim window, a computer player's turn)."""

from __future__ import annotations

import pygame

from game.client.app import IDLE_WAIT, STEP
from game.client.scenes.table import PULSE_SECONDS
from game.client.scenes.title import SWAY_SECONDS
from game.client.stage import staged_table
from tests.client.helpers import key, make_app


def steps(app, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.step()


def test_idle__the_title_breathes_then_sleeps_until_a_key_wakes_it(tmp_path) -> None:
    app = make_app(tmp_path)
    app.reset_to("title")
    app.stack.apply_pending()
    app.step()
    assert app.rest_for() is None, "the fan moves: every frame is drawn"
    steps(app, SWAY_SECONDS)
    assert app.rest_for() == IDLE_WAIT, "at rest: the loop sleeps as long as it may"
    frames = []
    app.render = lambda alpha=1.0, render=app.render: (frames.append(alpha), render(alpha))[1]
    pygame.event.clear()
    pygame.time.set_timer(pygame.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0), 60, loops=1)
    app.tick()  # asleep until the key comes, then it opens Settings and draws once
    assert app.stack.top.name == "settings"
    assert len(frames) == 1


def test_idle__a_table_waiting_for_the_player_pulses_then_sleeps(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = staged_table(app, 5, 4)
    session = scene.session
    assert session.human_to_discard
    app.step()
    assert app.rest_for() is None, "the glow on your stake pulses a while"
    steps(app, PULSE_SECONDS + 1.0)
    assert app.rest_for() == IDLE_WAIT
    assert scene.pulse() == 1.0, "the glow stays lit at full strength"
    # A discard (Enter on the cursor's tile) wakes the table: the undo time runs, then the others play.
    app.dispatch(key(pygame.K_RETURN))
    app.step()
    assert not session.human_to_discard
    assert app.rest_for() is None


def test_idle__claim_window_and_computer_turns_keep_the_frames_coming(tmp_path) -> None:
    """Every step of a hand the computers play with a claim window now and then: the table never asks to sleep
    while a timer runs or somebody other than the player is to act."""
    app = make_app(tmp_path)
    scene = staged_table(app, 3, 2)
    session = scene.session
    session.options.discard_delay = 0.3
    session.options.wait_time = 0.5
    session.options.ask_first = False
    seen_claim = seen_delay = False
    for _ in range(6000):
        if session.hand_over:
            break
        if session.human_to_discard and scene.quiet():
            app.dispatch(key(pygame.K_END))
            app.dispatch(key(pygame.K_RETURN))
        app.step()
        timer_runs = session.delay > 0 or session.undo_timer is not None or (
            session.human_may_claim and session.claim_timer is not None and session.claim_timer > 0)
        seen_claim |= session.human_may_claim
        seen_delay |= session.delay > 0
        if timer_runs:
            assert app.rest_for() is None
    assert seen_delay and seen_claim
