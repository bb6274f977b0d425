"""The game session: whole hands headless, the claim timer, the totals the scores box shows."""

from __future__ import annotations

from game.client.messages import outcome_line
from game.client.status import status_line
from game.core import events as ev
from game.session.driver import HUMAN
from tests.builders import instant_session


def test_session__plays_a_whole_hand_in_instant_mode() -> None:
    """Computer players finish a hand with no display and no clock; the outcome names what happened."""
    session = instant_session(7)
    session.deal()
    session.play_to_end()
    outcome = session.finish_hand()
    assert session.hand_over
    assert outcome.dead == (outcome.winner is None)
    if outcome.winner is not None:
        assert "Mah Jongg" in outcome_line(outcome, session.names)
        assert session.names[outcome.winner] in outcome_line(outcome, session.names)


def test_session__totals_add_up_like_the_total_scores_box() -> None:
    """Each column's Total is the sum of Get from, and New Score is Old Score plus Total (P-124)."""
    for seed in range(1, 30):
        session = instant_session(seed)
        session.deal()
        session.play_to_end()
        outcome = session.finish_hand()
        if outcome.winner is None:
            continue
        for seat in range(4):
            total = sum(outcome.get_from(seat, payer) for payer in range(4))
            assert outcome.new_totals[seat] == outcome.old_totals[seat] + total
        assert sum(outcome.new_totals) == sum(outcome.old_totals)
        assert outcome.results[outcome.winner].mah_jongg
        return
    raise AssertionError("no hand in 30 seeds had a winner")


def test_session__waits_for_start_before_east_plays() -> None:
    """After the deal nothing happens until Start (F4): the player may study the hand (P-99)."""
    session = instant_session(3)
    session.deal()
    for _ in range(200):
        session.update(1.0)
    assert session.table.phase == "dealt"
    session.start()
    assert session.table.phase != "dealt"


def test_session__claim_timer_passes_for_the_human() -> None:
    """When the wait time runs out in the claim window, the session passes for the human."""
    for seed in range(1, 60):
        session = instant_session(seed)
        session.options.wait_time = 1.0
        session.deal()
        session.start()
        for _ in range(3000):
            if session.human_may_claim or session.hand_over:
                break
            if session.human_to_discard:
                legal = [a for a in session.human_legal() if a.kind == "discard" and not a.standing]
                session.act(legal[0])
                continue
            session.update(0.1)
        if not session.human_may_claim:
            continue
        discards = session.table.discard_count
        session.update(0.5)
        assert session.human_may_claim, "half the wait time is not enough to pass"
        session.update(0.6)
        assert not session.human_may_claim
        assert any(isinstance(e, ev.Event) for e in session.drain())
        assert session.table.discard_count >= discards
        assert any(a == HUMAN and act.kind == "pass" for a, act in session.table.actions)
        return
    raise AssertionError("no seed gave the human a claim window")


def test_session__refused_claim_shows_the_original_message() -> None:
    """Clicking a discard you cannot use says so in the status bar, in the original's words (M5/M6)."""
    for seed in range(1, 60):
        session = instant_session(seed)
        session.deal()
        session.start()
        for _ in range(400):
            table = session.table
            if table.last_discard and table.last_discard[0] != HUMAN and not session.human_may_claim \
                    and table.phase == "turn" and table.current != HUMAN:
                session.refuse_pickup()
                assert status_line(session).startswith("You can't pick up")
                return
            if session.hand_over:
                break
            if session.human_to_discard:
                legal = [a for a in session.human_legal() if a.kind == "discard" and not a.standing]
                session.act(legal[0])
            else:
                session.update(0.1)
    raise AssertionError("no refusable discard found")
