"""F4 starts the dealt hand and, during a hand, deals the same hand again after asking (P-47, P-77, P-100)."""

from __future__ import annotations

import pygame

from game.client.look import wrap
from game.client.status import status_line
from tests.client.helpers import HUMAN, instant_session, key, make_app, run_until, show_table, started_table


def _played_some(app, seed: int = 9):
    """A table a few turns into a hand, with what the deal gave: the human's tiles and the wall."""
    session = instant_session(seed)
    session.options.ask_first = False
    session.options.wait_time = 0.0
    scene = show_table(app, session)
    app.step()
    dealt = (sorted(session.table.players[HUMAN].concealed), dict(session.table.wall.tiles))
    app.dispatch(key(pygame.K_F4))  # start
    app.dispatch(key(pygame.K_F5))  # Auto Play a few turns
    assert run_until(app, lambda: len(session.table.players[HUMAN].discards) >= 3 or session.hand_over)
    app.dispatch(key(pygame.K_F5))
    return scene, dealt


def test_restart__f4_then_enter_deals_the_same_hand_again(tmp_path) -> None:
    app = make_app(tmp_path)
    scene, dealt = _played_some(app)
    session = scene.session
    hand_number = session.table.hand_number
    app.dispatch(key(pygame.K_F4))
    assert scene.prompt is not None and scene.prompt.title == "Restart Hand"
    app.dispatch(key(pygame.K_RETURN))
    app.step()
    assert run_until(app, lambda: not scene.animator.busy)
    table = session.table
    assert table.phase == "dealt" and not table.actions and table.hand_number == hand_number
    assert (sorted(table.players[HUMAN].concealed), dict(table.wall.tiles)) == dealt
    assert not session.match.history  # the dropped play is not counted
    assert "Start!" in [b.label for b in scene.buttons]
    app.dispatch(key(pygame.K_F4))  # and F4 starts it, as on any deal
    assert table.phase != "dealt"


def test_restart__play_on_keeps_the_hand(tmp_path) -> None:
    app = make_app(tmp_path)
    scene, _dealt = _played_some(app)
    session = scene.session
    actions = list(session.table.actions)
    app.dispatch(key(pygame.K_F4))
    play_on = scene.prompt.cancel
    assert (play_on.label, play_on.key_hint) == ("Play on", "Esc"), "the box says which key keeps the hand"
    assert play_on.fits()
    app.dispatch(key(pygame.K_ESCAPE))
    assert scene.prompt is None
    assert session.table.actions[:len(actions)] == actions and session.table.phase != "dealt"


def test_restart__not_at_the_end_of_a_hand(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.0)
    session = scene.session
    app.dispatch(key(pygame.K_F5))
    assert run_until(app, lambda: app.stack.top.name == "scores")
    app.dispatch(key(pygame.K_ESCAPE))  # back to the table, the hand over
    app.step()
    app.dispatch(key(pygame.K_F4))
    assert scene.prompt is None and session.hand_over
    assert status_line(session) == "The hand is over: it cannot be started again. F3 deals the next hand."


def test_replay_deal__the_scores_box_deals_it_again_not_counted(tmp_path) -> None:
    """D (Replay this deal…) in the scores box, then Enter (Not counted): the finished hand's deal again; its end
    moves no points and the history keeps one hand; F4 in it restarts that deal; OK afterwards deals the game's
    next hand (S-07)."""
    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.0)
    session = scene.session
    app.dispatch(key(pygame.K_F5))
    assert run_until(app, lambda: app.stack.top.name == "scores")
    record = session.match.history[-1]
    totals = list(session.match.totals)
    assert "Replay this deal…" in [b.label for b in app.stack.top.extra]
    app.dispatch(key(pygame.K_d))
    app.stack.apply_pending()
    choice = app.stack.top
    assert choice.name == "confirm" and choice.question == "Play the same deal again?"
    assert [choice.other.label, choice.ok.label, choice.cancel.label] == ["Counted", "Not counted", "Cancel"]
    assert choice.detail == ("Not counted: practice, the game goes on as it was. Counted: the replay takes the "
                             "place of the hand just played.")
    assert len(wrap(choice.detail, choice.box.width - 56, 15)) <= 2  # the box shows two lines of it
    app.render()
    app.dispatch(key(pygame.K_RETURN))
    app.step()
    table = session.table
    assert app.stack.top is scene and session.practice is record
    assert (table.seed, table.east, table.hand_number) == (record.seed, record.east, record.hand_number)
    app.dispatch(key(pygame.K_F5))  # your seat yours again
    app.dispatch(key(pygame.K_F4))  # start, or restart if Auto Play began it
    if scene.prompt is not None:
        app.dispatch(key(pygame.K_RETURN))
        assert session.table.seed == record.seed and session.practice is record
        app.dispatch(key(pygame.K_F4))
    app.dispatch(key(pygame.K_F5))
    assert run_until(app, lambda: app.stack.top.name == "scores")
    box = app.stack.top
    assert box.outcome.practice and "Watch replay" not in [b.label for b in box.extra]
    assert session.match.totals == totals and len(session.match.history) == 1
    assert "not counted" in status_line(session)
    app.dispatch(key(pygame.K_RETURN))  # OK: the game's next hand
    assert session.practice is None and session.table.hand_number == record.hand_number + 1


def test_replay_deal__counted_takes_the_place_of_the_hand_just_played(tmp_path) -> None:
    """D then C (Replay this deal…, Counted) in the scores box: the same deal again, and its result is the one the
    match keeps: the history still has one hand (the replay's), the totals are the start plus the replay's
    settlement, the statistics count the deal once, and the game saved afterwards opens to the same match. Esc in
    the choice keeps the box."""
    from game.saves import restore
    from game.stats import load_statistics

    app = make_app(tmp_path)
    scene = started_table(app, 9, 0.0)
    session = scene.session
    session.stats_folder = tmp_path / "stats"
    start = list(session.match.totals)
    app.dispatch(key(pygame.K_F5))
    assert run_until(app, lambda: app.stack.top.name == "scores")
    original = session.match.history[-1]
    box = app.stack.top
    app.dispatch(key(pygame.K_d))
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_ESCAPE))  # changed one's mind: nothing happens
    app.stack.apply_pending()
    assert app.stack.top is box and len(session.match.history) == 1
    app.dispatch(key(pygame.K_d))
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_c))
    app.step()
    table = session.table
    assert app.stack.top is scene and session.practice is None
    assert len(session.match.history) == 0 and session.match.totals == start
    assert (table.seed, table.east, table.hand_number) == (original.seed, original.east, original.hand_number)
    assert "counts instead of the last one" in scene.toasts[-1].message
    app.dispatch(key(pygame.K_F5))  # your seat yours again
    app.dispatch(key(pygame.K_F4))  # start, or restart if Auto Play began it
    if scene.prompt is not None:
        app.dispatch(key(pygame.K_ESCAPE))
    app.dispatch(key(pygame.K_F5))
    assert run_until(app, lambda: app.stack.top.name == "scores")
    assert not app.stack.top.outcome.practice
    # The statistics keep the deal as it was first played: the do-over is not a second hand in the record.
    assert load_statistics(session.stats_folder).player(session.ruleset.id, "human").hands == 1
    [replayed] = session.match.history
    assert replayed.seed == original.seed and replayed.hand_number == original.hand_number
    assert session.match.totals == [t + d for t, d in zip(start, replayed.deltas, strict=True)]
    saved = session.snapshot()
    again = restore(saved, session.rules, session.judge)
    assert again.log_hash() == session.match.log_hash() and again.totals == session.match.totals
