"""The British three-handed game (B-12, seed 004 L113-L122): one seat left empty (the Dummy), never dealt to,
never East, passed over in play; a round ends when each of the three has lost as East; the three settle alone."""

from __future__ import annotations

import random

import pytest

from game.autoplay import create_player, play_hand
from game.core import events as ev
from game.core.match import Match
from game.core.play_rules import EMPTY_SEAT
from game.mods import rules_for
from tests.tiers import examples


@pytest.fixture(scope="module")
def three():
    return rules_for("british-three")


def test_three_handed__the_ruleset_says_three_players(three) -> None:
    ruleset, _judge = three
    assert ruleset.play.players == 3
    assert ruleset.play.empty_seat == EMPTY_SEAT == 2
    assert ruleset.play.seats == (0, 1, 3)
    assert ruleset.play.tile_count == 144  # the Dummy's wall is built too (L116)


def test_three_handed__the_empty_seat_is_never_dealt_to_and_play_passes_over_it(three) -> None:
    ruleset, judge = three
    for seed in range(examples(40)):
        match = Match(ruleset.play, judge, seed)
        assert match.east != EMPTY_SEAT
        table = match.new_hand()
        dealt = {e.seat for e in table.events if isinstance(e, ev.TilesDealt)}
        assert dealt == {0, 1, 3}
        assert table.players[EMPTY_SEAT].concealed == []
        assert table.playing_order(1) == [1, 3, 0]
        assert table.next_seat(1) == 3  # the player on the Dummy's right follows the one on its left (rule 5)
        players = [create_player("greedy", random.Random(seed * 4 + s), ruleset) for s in range(4)]
        stats = play_hand(table, players)
        assert stats.illegal_actions == 0
        assert not any(getattr(e, "seat", None) == EMPTY_SEAT for e in table.events
                       if not isinstance(e, ev.HandStarted | ev.WallBroken))
        for before, after in zip(table.actions, table.actions[1:], strict=False):
            assert EMPTY_SEAT not in (before[0], after[0])
        # Chows are claimed only from the player before in turn: from seat 1 by seat 3 across the Dummy.
        for e in table.events:
            if isinstance(e, ev.DiscardClaimed) and e.claim == "chow":
                assert table.next_seat(e.from_seat) == e.seat


def test_three_handed__a_chow_is_claimed_across_the_dummy(three) -> None:
    """Seat 3 sits on the Dummy's right and chows seat 1's discard (rule 5); seat 0 may not."""
    ruleset, judge = three
    match = Match(ruleset.play, judge, 5, east=1)
    table = match.new_hand()
    assert table._may_chow(3, 1) and not table._may_chow(0, 1)
    assert table._may_chow(0, 3) and table._may_chow(1, 0)


def test_three_handed__east_passes_over_the_dummy_and_a_round_is_three_easts(three) -> None:
    ruleset, judge = three
    match = Match(ruleset.play, judge, 3, east=0)
    easts, winds = [], []
    for _ in range(6):
        easts.append(match.east)
        winds.append(match.round_wind)
        match._rotate(winner=None, passes=True)
    assert easts == [0, 1, 3, 0, 1, 3]
    assert winds == [0, 0, 0, 1, 1, 1]
    for _ in range(6):
        match._rotate(winner=None, passes=True)
    assert match.is_over  # four rounds of three: at least 12 hands (rule 4)
    game_over = [e for e in match.events if isinstance(e, ev.GameOver)]
    assert game_over and game_over[0].winner != EMPTY_SEAT


def test_three_handed__the_dummy_pays_and_receives_nothing(three) -> None:
    """South wins for 100 with East 40 and West 20 (D004-B without North): East double, the losers settle."""
    _ruleset, judge = three
    settled = judge.settle(east=0, winner=1, scores=[40, 100, 0, 20])
    assert settled.deltas[EMPTY_SEAT] == 0
    assert sum(settled.deltas) == 0
    # East pays 200, West (seat 3) pays 100; West pays East (40 - 20) x 2.
    assert settled.deltas == (-200 + 40, 300, 0, -100 - 40)
    with pytest.raises(ValueError, match="empty in the three-handed game"):
        judge.settle(east=0, winner=2, scores=[40, 0, 100, 20])


def test_three_handed__a_match_is_the_same_game_from_the_same_seed(three) -> None:
    ruleset, judge = three

    def played(seed: int) -> str:
        match = Match(ruleset.play, judge, seed)
        for hand in range(3):
            table = match.new_hand()
            play_hand(table, [create_player("efficient", random.Random(hand * 4 + s), ruleset) for s in range(4)])
            match.finish_hand(table)
        return match.log_hash()

    assert played(11) == played(11)


@pytest.mark.slow
def test_three_handed__computer_players_play_2000_hands_without_an_illegal_action() -> None:
    from game.cli.simulate import simulate

    result = simulate("british-three", examples(2000), 24, ["expert", "defensive", "beginner"], rotate=True)
    assert result["illegal_actions"] == 0 and result["errors"] == 0
    assert sum(p["wins"] for p in result["players"]) + result["draws"] == result["hands"]


def test_three_handed__statistics_count_the_three_players_only(tmp_path, three) -> None:
    from game.session.statistics import record_statistics
    from game.stats import load_statistics

    ruleset, judge = three
    match = Match(ruleset.play, judge, 4)
    table = match.new_hand()
    play_hand(table, [create_player("efficient", random.Random(s), ruleset) for s in range(4)])
    match.finish_hand(table)
    assert record_statistics(tmp_path, "british-three", ["human", "right", "nobody", "left"], match) == []
    counted = load_statistics(tmp_path).by_ruleset["british-three"]
    assert set(counted) == {"human", "right", "left"}
    assert all(stats.hands == 1 for stats in counted.values())


def test_three_handed__the_dummys_wall_is_breached_by_the_player_on_its_left(three) -> None:
    ruleset, judge = three
    table = Match(ruleset.play, judge, 1, east=0).new_hand()
    assert table.seat_of_wind(2) == EMPTY_SEAT and table.breaker_of(2) == 1
    assert [table.breaker_of(side) for side in (0, 1, 3)] == [0, 1, 3]


def test_three_handed__a_goulash_exchange_with_the_dummy_is_sat_out(three) -> None:
    """The goulash's exchanges are between pairs (across, East-South, East-North, L101-L105): the player whose
    partner would be the Dummy passes nothing that step, the other two exchange."""
    from game.core.table import Table

    ruleset, judge = three
    table = Table(ruleset.play, judge, 9, east=0, goulash=True)
    assert table.phase == "passing"
    for step in range(len(ruleset.play.goulash)):
        direction, _count = table.pass_step
        passing = table.awaiting()
        sitting_out = [s for s in (0, 1, 3) if table.pass_target(s, direction) is None]
        assert len(sitting_out) == 1 and set(passing) == {0, 1, 3} - set(sitting_out)
        assert table.legal_actions(sitting_out[0]) == []
        for seat in passing:
            table.apply(seat, table.legal_actions(seat)[0])
        moved = [e for e in table.events if isinstance(e, ev.TilesPassed)][-1]
        assert {(a, b) for a, b, _tiles in moved.moves} == {(a, table.pass_target(a, direction)) for a in passing}
        assert step == len(ruleset.play.goulash) - 1 or table.phase == "passing"
    assert table.phase == "dealt"
    assert sorted(len(table.players[s].concealed) for s in (0, 1, 3)) == [13, 13, 14]
