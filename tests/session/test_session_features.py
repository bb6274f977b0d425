"""The session's player features: Undo, no settlement after Show All Hands, statistics, saving and opening."""

from __future__ import annotations

import pytest

from game.client.messages import NO_SETTLEMENT
from game.client.status import note_line, status_line
from game.core import events as ev
from game.errors import SaveError
from game.saves import read_save, write_save
from game.session.driver import HUMAN, Session
from game.session.restore import restore_session
from game.stats import load_statistics
from tests.builders import instant_session


def _until_human_discards(session: Session, steps: int = 3000) -> int:
    """Play until the human has just discarded (returns the tile); the hand may not end first."""
    session.deal()
    session.start()
    for _ in range(steps):
        if session.human_to_discard:
            tile = session.table.players[HUMAN].concealed[0]
            assert session.discard(tile)
            return tile
        assert not session.hand_over
        session.update(0.1)
    raise AssertionError("the human never had a turn")


def test_undo__takes_the_discard_back_within_the_wait_time() -> None:
    """Right after discarding, Undo puts the tile back in the hand and it is the human's turn again (P-103)."""
    session = instant_session(5)
    session.options.wait_time = 2.0
    tile = _until_human_discards(session)
    before = list(session.table.players[HUMAN].discards)
    session.update(0.5)  # the others hold off while the tile may still be taken back
    assert session.can_undo
    assert session.undo()
    p = session.table.players[HUMAN]
    assert tile in p.concealed
    assert p.discards == before[:-1]
    assert session.human_to_discard
    assert any(isinstance(e, ev.DiscardTakenBack) for e in session.drain())
    assert "take back" in status_line(session)


def test_undo__closes_when_the_wait_time_runs_out() -> None:
    """After the wait time play goes on and Undo is refused with the original's reason."""
    session = instant_session(5)
    session.options.wait_time = 1.0
    _until_human_discards(session)
    for _ in range(30):
        session.update(0.1)
    assert not session.can_undo
    assert not session.undo()
    assert "before anybody claims it" in status_line(session)


def test_undo__replaying_the_saved_actions_gives_the_same_hand() -> None:
    """A taken-back discard leaves no trace in the action log: the save of the hand replays to the same state."""
    session = instant_session(9)
    session.options.wait_time = 5.0
    _until_human_discards(session)
    session.undo()
    saved = session.snapshot()
    copy, _ = restore_session(saved)
    assert copy.table.players[HUMAN].concealed == session.table.players[HUMAN].concealed
    assert copy.table.phase == session.table.phase


def _finished_with_winner(show_all: bool) -> Session:
    for seed in range(1, 40):
        session = instant_session(seed)
        session.options.show_all = show_all
        session.deal()
        session.play_to_end()
        if session.table.result.winner is not None:
            return session
    raise AssertionError("no hand in 40 seeds had a winner")


def test_show_all__scores_the_hand_without_settlement() -> None:
    """With all hands visible the hand is scored but nobody pays (M13); the status bar says so."""
    session = _finished_with_winner(show_all=True)
    outcome = session.finish_hand()
    assert not outcome.settled
    assert outcome.new_totals == outcome.old_totals
    assert max(outcome.scores) > 0
    assert outcome.payments == []
    assert status_line(session) == NO_SETTLEMENT
    assert not session.match.history[-1].settled


def test_show_all__off_settles_as_usual() -> None:
    session = _finished_with_winner(show_all=False)
    outcome = session.finish_hand()
    assert outcome.settled
    assert outcome.new_totals != outcome.old_totals


def test_statistics__every_finished_hand_is_counted_in_the_config_folder(tmp_path) -> None:
    """Each hand end updates the statistics file; a new load (a restart) sees the same numbers."""
    session = instant_session(3)
    session.stats_folder = tmp_path
    for _ in range(2):
        session.deal()
        session.play_to_end()
        session.finish_hand()
    stats = load_statistics(tmp_path)
    players = stats.by_ruleset[session.ruleset.id]
    assert players["human"].hands == 2
    for opponent in session.opponents:
        assert players[opponent].hands >= 2 or session.opponents.count(opponent) > 1
    winners = [r.winner for r in session.match.history]
    assert sum(p.hands_won for p in players.values()) == sum(w is not None for w in winners)


def test_save__a_game_in_progress_opens_where_it_was_left(tmp_path) -> None:
    """Save (Alt+F3) then Open (Alt+F2): the same hand, the same tiles, the same totals and names."""
    session = instant_session(11)
    session.names = ["Ann", "Bo", "Cy", "Di"]
    session.deal()
    session.play_to_end()
    session.finish_hand()
    _until_human_discards(session)
    path = tmp_path / "mine.sparrow"
    write_save(path, session.snapshot(name="mine"))
    opened, warnings = restore_session(read_save(path), source=str(path))
    assert warnings == []
    assert opened.save_name == "mine"
    assert opened.names == ["Ann", "Bo", "Cy", "Di"]
    assert opened.match.totals == session.match.totals
    assert opened.table.players[HUMAN].concealed == session.table.players[HUMAN].concealed
    assert len(opened.match.history) == 1


def test_open__a_missing_ruleset_is_named_and_refused() -> None:
    session = instant_session(2)
    saved = session.snapshot()
    saved.ruleset = "no-such-rules"
    saved.mods = [{"id": "house-rules", "version": "1"}]
    with pytest.raises(SaveError) as info:
        restore_session(saved, available_mods=set())
    assert "no-such-rules" in str(info.value)
    assert "house-rules" in str(info.value)


def test_open__missing_mods_that_were_not_needed_are_warnings() -> None:
    session = instant_session(2)
    saved = session.snapshot()
    saved.mods = [{"id": "pretty-tiles", "version": "2"}]
    opened, warnings = restore_session(saved, available_mods=set())
    assert opened.match.seed == session.match.seed
    assert len(warnings) == 1 and "pretty-tiles" in note_line(warnings[0], opened.names)


def test_save__a_chosen_starting_score_survives_saving_and_opening(tmp_path) -> None:
    """A game started with 2,500 points each (New Game's choice) reopens with those totals, not the ruleset's."""
    import dataclasses

    session = instant_session(5)
    session.rules = dataclasses.replace(session.rules, start_score=2500)
    session.match = type(session.match)(session.rules, session.judge, session.seed)
    session.deal()
    session.play_to_end()
    session.finish_hand()
    path = tmp_path / "rich.sparrow"
    write_save(path, session.snapshot(name="rich"))
    opened, _ = restore_session(read_save(path), source=str(path))
    assert sum(opened.match.totals) == 4 * 2500
    assert opened.match.totals == session.match.totals


def test_replay_deal__a_practice_hand_is_scored_but_never_counted(tmp_path) -> None:
    """The deal played again: the statistics, the autosave hooks, the totals and the history leave it out, and
    the game's next hand follows it (S-07)."""
    session = instant_session(5)
    session.stats_folder = tmp_path
    finished: list[int] = []
    session.on_hand_finished.append(lambda s: finished.append(len(s.match.history)))
    session.deal()
    session.play_to_end()
    session.finish_hand()
    kept = {f.name: f.read_bytes() for f in tmp_path.iterdir()}
    assert kept  # the counted hand is in the statistics
    totals = list(session.match.totals)
    session.replay_deal()
    assert session.table.seed == session.match.history[0].seed
    session.play_to_end()
    again = session.finish_hand()
    assert again.practice and not again.settled and again.new_totals == totals == session.match.totals
    assert finished == [1] and len(session.match.history) == 1
    assert {f.name: f.read_bytes() for f in tmp_path.iterdir()} == kept
    assert note_line(session.told[-1], session.names) == ("A deal played again: scored, not counted in the game. "
                                                          "OK deals the game's next hand.")
    session.deal()
    assert session.practice is None and session.table.hand_number == 2
