"""A computer player that searches at decision time (the Master) thinks on a worker thread: the table keeps
updating and drawing meanwhile, and its move is played once it has decided."""

from __future__ import annotations

from concurrent.futures import wait

from tests.builders import GatedPlayer
from tests.client.helpers import instant_session, make_app, show_table


def _to_seat_turn(session, seat: int, limit: int = 400) -> None:
    """Play on (the human by the autoplayer) until ``seat`` is to discard."""
    session.options.auto_play = True
    for _ in range(limit):
        table = session.table
        if table.phase == "turn" and table.awaiting() == [seat]:
            return
        session.delay = 0.0
        session.update(1.0)
    raise AssertionError(f"seat {seat} never came to discard")


def test_thinking_player__decides_off_the_update_and_then_plays() -> None:
    """While the thinking player has not decided, updates return at once and nothing is played for it; once it
    has, the next update plays its move."""
    session = instant_session(5)
    gated = session.players[2] = GatedPlayer(session.players[2])
    session.deal()
    session.start()
    _to_seat_turn(session, 2)
    moves = len(session.table.actions)
    for _ in range(50):
        session.update(1.0)
    assert gated.asked.wait(5)
    assert len(session.table.actions) == moves and session.table.awaiting() == [2]
    assert not session.at_rest  # the window must not sleep while a player thinks
    gated.gate.set()
    wait(list(session.thinking.values()), timeout=10)
    session.update(1.0)
    assert session.table.actions[moves][0] == 2


def test_thinking_player__the_table_keeps_drawing_while_it_thinks(tmp_path) -> None:
    """The table scene steps and renders frames while the thinking player's decision is still open."""
    app = make_app(tmp_path)
    session = instant_session(5)
    gated = session.players[2] = GatedPlayer(session.players[2])
    session.deal()
    session.start()
    _to_seat_turn(session, 2)
    session.options.auto_play = False
    scene = show_table(app, session)
    moves = len(session.table.actions)
    frames = 0
    for _ in range(30):
        app.step()
        app.render()
        frames += 1
    assert frames == 30 and gated.asked.is_set()
    assert len(session.table.actions) == moves  # still thinking: its tile is not down yet
    gated.gate.set()
    wait(list(session.thinking.values()), timeout=10)
    app.step()
    assert session.table.actions[moves][0] == 2
    assert scene is app.stack.scenes[-1]


def test_master__plays_whole_hands_at_the_table() -> None:
    """The bundled Master, at the table through the worker thread, finishes hands like any other opponent."""
    from game.session.driver import Session
    from game.session.options import Options

    session = Session.create("classic", 11, opponents=("master", "expert", "master"),
                             options=Options(animation_speed=0.0, discard_delay=0.0))
    assert [getattr(p, "thinks_ahead", False) for p in session.players[1:]] == [True, False, True]
    for _ in range(2):
        session.deal()
        session.play_to_end()
        assert session.hand_over
        session.finish_hand()
        assert any(seat in (1, 3) for seat, _ in session.table.actions)  # the Masters did play
