"""Tile passing before play: the Charleston every hand, the goulash after a wash-out."""

import random

import pytest

from game.ai.bots import GreedyBot, RandomBot
from game.autoplay import play_hand
from game.core.actions import Discard, PassTiles
from game.core.judge import RegularJudge
from game.core.match import Match
from game.core.play_rules import PlayRules
from game.core.table import Table
from game.errors import IllegalActionError

CHARLESTON = (("right", 3), ("across", 3), ("left", 3))
GOULASH = (("across", 3), ("east_south", 3), ("east_north", 3))


def test_charleston__three_passes_before_play():
    """Every player passes three tiles right, across and left; then East starts as usual."""
    table = Table(PlayRules(charleston=CHARLESTON), RegularJudge(), seed=3, east=2)
    assert table.phase == "passing" and sorted(table.awaiting()) == [0, 1, 2, 3]
    with pytest.raises(IllegalActionError):
        table.begin()
    for step, (direction, count) in enumerate(CHARLESTON):
        before = [list(p.concealed) for p in table.players]
        chosen = {}
        for seat in list(table.awaiting()):
            options = table.legal_actions(seat)
            assert all(isinstance(a, PassTiles) and len(a.tiles) == count for a in options)
            chosen[seat] = options[step]
            table.apply(seat, chosen[seat])
        passed = [e for e in table.events if e.kind == "tiles_passed"][-1]
        assert passed.step == step
        for seat, action in chosen.items():
            target = table.pass_target(seat, direction)
            expected = sorted(before[target] + list(action.tiles))
            for t in chosen[target].tiles:
                expected.remove(t)
            assert sorted(table.players[target].concealed) == expected
    assert table.phase == "dealt" and table.events[-1].kind == "play_started"
    table.begin()
    assert table.current == 2


@pytest.mark.parametrize(("direction", "targets"), [
    ("right", {0: 1, 1: 2, 2: 3, 3: 0}), ("across", {0: 2, 1: 3, 2: 0, 3: 1}),
    ("left", {0: 3, 1: 0, 2: 1, 3: 2}),
    ("east_south", {0: 1, 1: 0, 2: 3, 3: 2}), ("east_north", {0: 3, 3: 0, 1: 2, 2: 1}),
])
def test_passing__targets_by_wind(direction, targets):
    """With East at seat 0: right is the next seat; E↔S/W↔N and E↔N/S↔W pair the winds."""
    table = Table(PlayRules(charleston=((direction, 3),)), RegularJudge(), seed=1, east=0)
    assert {s: table.pass_target(s, direction) for s in range(4)} == targets


def test_passing__discards_are_refused_while_passing():
    """Nothing but passing is allowed in a passing step."""
    table = Table(PlayRules(charleston=CHARLESTON), RegularJudge(), seed=3, east=0)
    with pytest.raises(IllegalActionError):
        table.apply(0, Discard(table.players[0].concealed[0]))


@pytest.mark.parametrize("seed", range(15))
def test_charleston__whole_hands_conserve_tiles(seed):
    """Random and greedy players play whole hands with a Charleston; every tile stays accounted for."""
    rules = PlayRules(charleston=CHARLESTON)
    table = Table(rules, RegularJudge(), seed=seed, east=seed % 4)
    bots = [(GreedyBot if s % 2 else RandomBot)(random.Random(s)) for s in range(4)]
    stats = play_hand(table, bots)
    assert stats.illegal_actions == 0 and table.phase == "over"
    held = sum(len(p.concealed) + sum(len(m.tiles) for m in p.melds) + len(p.bonus) + len(p.discards)
               for p in table.players)
    assert held + len(table.wall.tiles) == rules.tile_count


def test_goulash__follows_a_wash_out_only():
    """After a dead hand the next hand is a goulash with its three passes; after a win it is not."""
    rules = PlayRules(goulash=GOULASH)
    match = Match(rules, RegularJudge(), 5, east=0)
    bots = [RandomBot(random.Random(i)) for i in range(4)]
    seen = []
    for _ in range(6):
        table = match.new_hand()
        seen.append((table.goulash, table.phase))
        play_hand(table, bots)
        match.finish_hand(table)
        if table.result.winner is None:
            following = match.new_hand()
            assert following.goulash and following.phase == "passing"
            assert [e.direction for e in following.events if e.kind == "passing_started"] == ["across"]
            return
    pytest.fail(f"no wash-out in six random hands: {seen}")


def test_goulash__saved_and_restored_hand_replays():
    """A hand with passes replays from its action list (undo and saves rely on it)."""
    rules = PlayRules(charleston=CHARLESTON)
    table = Table(rules, RegularJudge(), seed=8, east=1)
    bots = [GreedyBot(random.Random(i)) for i in range(4)]
    play_hand(table, bots)
    again = Table(rules, RegularJudge(), seed=8, east=1)
    again.replay(table.actions, begun=True)
    assert again.result == table.result and [e.to_dict() for e in again.events] == [e.to_dict() for e in table.events]
