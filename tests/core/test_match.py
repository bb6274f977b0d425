"""A whole game: East chosen by dice, East's rotation, the wind of the round, the end after North's round."""

import itertools
import random

import pytest

from game.ai.bots import GreedyBot, RandomBot
from game.autoplay import play_hand
from game.core.events import log_hash
from game.core.judge import RegularJudge
from game.core.match import Match, choose_east
from game.core.play_rules import PlayRules


def _play_game(seed, bot=GreedyBot, max_hands=400):
    match = Match(PlayRules(), RegularJudge(), seed)
    players = [bot(random.Random(seed * 10 + i)) for i in range(4)]
    while not match.is_over and len(match.history) < max_hands:
        table = match.new_hand()
        play_hand(table, players)
        match.finish_hand(table)
    return match


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_match__full_game_rotates_east_and_the_round_wind(seed):
    """T-GAME-1: at least 16 hands; the deal passes right only when another player wins; the round wind moves on
    when the deal returns to the first East; the game ends after North's round."""
    match = _play_game(seed)
    assert match.is_over and len(match.history) >= 16
    history = match.history
    assert history[0].east == match.first_east and history[0].round_wind == 0
    for before, after in itertools.pairwise(history):
        if before.winner is None or before.winner == before.east:
            assert (after.east, after.round_wind) == (before.east, before.round_wind)
        else:
            assert after.east == (before.east + 1) % 4
            expected_round = before.round_wind + (1 if after.east == match.first_east else 0)
            assert after.round_wind == expected_round
    assert [h.round_wind for h in history][-1] == 3
    winds_seen = sorted({h.round_wind for h in history})
    assert winds_seen == [0, 1, 2, 3]
    last = match.events[-1]
    assert last.kind == "game_over" and match.totals[last.winner] == max(match.totals)


def test_match__east_keeps_the_deal_after_a_dead_hand():
    """A dead hand settles nothing and East stays East (L4229, A4)."""
    match = _play_game(5, bot=RandomBot, max_hands=60)
    dead = [i for i, h in enumerate(match.history[:-1]) if h.winner is None]
    assert dead, "random players produce dead hands"
    for i in dead:
        assert match.history[i + 1].east == match.history[i].east
        assert match.history[i].deltas == (0, 0, 0, 0)


def test_match__east_can_pass_on_a_dead_hand_when_the_rules_say_so():
    """The option east_keeps_deal_on_draw=False passes the deal after a dead hand (the L553 reading)."""
    match = Match(PlayRules(east_keeps_deal_on_draw=False), RegularJudge(), 8, east=0)
    players = [RandomBot(random.Random(i)) for i in range(4)]
    while True:
        table = match.new_hand()
        play_hand(table, players)
        match.finish_hand(table)
        if table.result.winner is None:
            break
    assert match.east == (match.history[-1].east + 1) % 4


def test_match__choosing_east_rethrows_ties():
    """Every player throws a die, the highest is East; tied highest players throw again (A28)."""
    for seed in range(200):
        east, rounds = choose_east(random.Random(seed))
        last = rounds[-1]
        assert last[east] == max(last) and list(last).count(max(last)) == 1
        if len(rounds) > 1:
            first = rounds[0]
            tied = [s for s in range(4) if first[s] == max(first)]
            assert len(tied) > 1 and all(rounds[1][s] == 0 for s in range(4) if s not in tied)
            return
    pytest.fail("no tie in 200 seeds")


def test_match__restarting_a_hand_deals_the_same_tiles():
    """(Re)Start this hand (F4) deals the same hand again; the next hand is a different deal."""
    match = Match(PlayRules(), RegularJudge(), 11)
    first = match.new_hand()
    again = match.new_hand()
    assert log_hash(first.events) == log_hash(again.events) and again.hand_number == 1
    play_hand(again, [GreedyBot(random.Random(i)) for i in range(4)])
    match.finish_hand(again)
    assert log_hash(match.new_hand().events) != log_hash(first.events)


def test_match__same_seed_same_game():
    """The same seed and the same players give the same game, hand for hand."""
    a, b = _play_game(21), _play_game(21)
    assert [h.log_hash for h in a.history] == [h.log_hash for h in b.history]


def test_match__hand_can_be_scored_without_settlement():
    """With all hands shown (F6) the hand is scored but no points move (L314); East still rotates."""
    from game.core.scoring import RulesetJudge
    from game.mods import get_ruleset

    ruleset = get_ruleset("classic")
    match = Match(ruleset.play, RulesetJudge(ruleset), 4)
    players = [GreedyBot(random.Random(i)) for i in range(4)]
    while True:
        table = match.new_hand()
        play_hand(table, players)
        events = match.finish_hand(table, settle=False)
        if table.result.winner is not None:
            break
    kinds = [e.kind for e in events]
    assert "hand_scored" in kinds and "settlement_skipped" in kinds and "settled" not in kinds
    assert match.totals == [ruleset.play.start_score] * 4
    assert not match.history[-1].settled


def test_match__classic_game_scores_settles_and_names_the_winner():
    """A whole game under the classic ruleset mod: every player starts with 1000; each hand with a winner is scored
    and settled (the winner gains, East's payments double, the deltas sum to zero), a dead hand moves nothing; the
    deal and the wind of the round rotate as the rules say, and the game's winner is the player with the most."""
    from game.core.scoring import RulesetJudge
    from game.mods import get_ruleset

    ruleset = get_ruleset("classic")
    match = Match(ruleset.play, RulesetJudge(ruleset), 11)
    assert match.totals == [1000] * 4
    players = [GreedyBot(random.Random(110 + i)) for i in range(4)]
    totals = list(match.totals)
    while not match.is_over:
        table = match.new_hand()
        play_hand(table, players)
        match.finish_hand(table)
        record = match.history[-1]
        assert sum(record.deltas) == 0
        if record.winner is None:
            assert record.deltas == (0, 0, 0, 0) and record.scores == (0, 0, 0, 0)
        else:
            assert record.deltas[record.winner] > 0 and record.scores[record.winner] > 0
            # Everybody pays the winner's score, East (or everybody, to an East winner) twice over (L1604-L1633).
            score = record.scores[record.winner]
            expected = {seat: score * (2 if record.east in (seat, record.winner) else 1)
                        for seat in range(4) if seat != record.winner}
            payments = next(e for e in reversed(match.events) if e.kind == "settled").payments
            assert {src: amount for src, dst, amount in payments if dst == record.winner} == expected
        totals = [t + d for t, d in zip(totals, record.deltas, strict=True)]
        assert match.totals == totals
    assert len(match.history) >= 16 and sum(match.totals) == 4000
    assert {h.round_wind for h in match.history} == {0, 1, 2, 3}
    for before, after in itertools.pairwise(match.history):
        keeps = before.winner is None or before.winner == before.east
        assert after.east == (before.east if keeps else (before.east + 1) % 4)
    last = match.events[-1]
    assert last.kind == "game_over" and match.totals[last.winner] == max(match.totals)
