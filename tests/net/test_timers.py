"""The server's turn timer and deal pause: a player who goes quiet does not hold the table (the drawn tile goes
out for them, everybody is told, and after two in a row a computer plays the seat until they act again), and
play waits for the players to see the deal, but not for ever."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from game.core.tiles import format_tiles
from game.net import protocol as pr
from game.net.hosting import host_table
from game.net.remote_player import RemotePlayer, seat_players
from game.net.table import Timers
from tests.net_builders import QUICK, Clock, FakeLink, clocked_table, open_table, simulate_players


def _table(seats: int, **timers: float):
    return clocked_table(seats, **{"discard_delay": 0.0, "turn": 10.0, **timers})


def _to_drawn_turn_of_ann(table, clock, ann) -> None:
    """Play on (Ann letting every discard go) until Ann, at seat 0, is to discard a tile she has just drawn."""
    for _ in range(2000):
        wake = table.advance()
        t = table.session.table
        if t is not None and t.phase == "turn" and t.current == 0 and t.drawn_tile is not None:
            return  # the clock stands where her turn began
        if t is not None and t.phase in ("claims", "rob") and 0 in t.awaiting():
            view = ann.view()
            table.act(ann, pr.Act(hand=view.hand, step=view.step, action="pass"))
        elif t is not None and t.phase == "turn" and t.current == 0:
            view = ann.view()  # her turn after a claim or as East: discard something to get on
            table.act(ann, pr.Act(hand=view.hand, step=view.step, action=view.legal[0]))
        clock.now += (wake or 0) + 0.001
    raise AssertionError("Ann never drew a tile")


def _ann_let_two_turns_run_out():
    """A table with Ann alone at it, whose turn timer (10 s) ran out on two of her turns in a row: the table,
    its clock and her link."""
    table, clock = _table(seats=1)
    ann = FakeLink()
    table.join(ann, pr.Hello(version=pr.VERSION, name="Ann"))
    for _ in range(2):
        _to_drawn_turn_of_ann(table, clock, ann)
        clock.now += 10.1
        table.advance()
    return table, clock, ann


def test_turn_timer__the_drawn_tile_goes_out_for_a_quiet_player_and_every_seat_is_told():
    table, clock = _table(seats=1)
    ann = FakeLink()
    table.join(ann, pr.Hello(version=pr.VERSION, name="Ann"))
    _to_drawn_turn_of_ann(table, clock, ann)
    drawn = table.session.table.drawn_tile
    view = ann.view()
    assert view.turn_deadline is not None and 0 < view.turn_deadline <= 10.0 and view.deadline is None
    moves = len(table.session.table.actions)
    clock.now += view.turn_deadline - 0.5
    table.advance()
    assert len(table.session.table.actions) == moves, "not before the time is up"
    clock.now += 0.6
    table.advance()
    assert table.session.table.actions[moves] == (0, table.session.table.actions[moves][1])
    [told] = ann.messages(pr.TimedOut)
    assert told.seat == 0 and told.action == f"discard {format_tiles([drawn])}" and not told.away
    assert table.room_message().seats[0].kind == "player"


def test_turn_timer__twice_in_a_row_the_seat_is_away_until_its_player_acts_again():
    table, clock, ann = _ann_let_two_turns_run_out()
    told = ann.messages(pr.TimedOut)
    assert [t.away for t in told] == [False, True]
    seat = table.room_message().seats[0]
    assert seat.kind == "computer" and seat.away and seat.connected
    assert ann.messages(pr.Room)[-1].seats[0].away, "the seats are told"
    # With nobody at the table but away players, the computers do not play the game on alone.
    moves = len(table.session.table.actions)
    clock.now += 3600
    assert table.advance() is None and len(table.session.table.actions) == moves
    view = ann.view()
    table.act(ann, pr.Act(hand=view.hand, step=max(0, view.step - 1), action="pass"))  # she is back
    room = table.room_message().seats[0]
    assert room.kind == "player" and not room.away
    _to_drawn_turn_of_ann(table, clock, ann)
    assert ann.view().turn_deadline is not None, "her turn waits for her again, on the clock"


def test_turn_timer__zero_means_none():
    table, clock = _table(seats=1, turn=0.0)
    ann = FakeLink()
    table.join(ann, pr.Hello(version=pr.VERSION, name="Ann"))
    _to_drawn_turn_of_ann(table, clock, ann)
    assert table.advance() is None and ann.view().turn_deadline is None
    clock.now += 3600
    moves = len(table.session.table.actions)
    table.advance()
    assert len(table.session.table.actions) == moves and not ann.messages(pr.TimedOut)


def test_deal_pause__play_starts_when_every_player_has_seen_the_deal():
    table, clock = _table(seats=2, deal_pause=20.0)
    ann, bob = FakeLink(), FakeLink()
    table.join(ann, pr.Hello(version=pr.VERSION, name="Ann"))
    table.join(bob, pr.Hello(version=pr.VERSION, name="Bob"))
    assert table.session.table.phase == "dealt" and ann.view().phase == "dealt"
    assert 19.9 <= table.advance() <= 20.0
    table.ready(ann, pr.Ready(hand=ann.view().hand))
    clock.now += 5
    assert table.advance() is not None and table.session.table.phase == "dealt", "Bob still watches the deal"
    table.ready(bob, pr.Ready(hand=bob.view().hand))
    table.advance()
    assert table.session.table.phase != "dealt"


def test_deal_pause__a_player_who_never_says_ready_holds_play_up_only_so_long():
    table, clock = _table(seats=2, deal_pause=20.0)
    ann, bob = FakeLink(), FakeLink()
    table.join(ann, pr.Hello(version=pr.VERSION, name="Ann"))
    table.join(bob, pr.Hello(version=pr.VERSION, name="Bob"))
    table.ready(ann, pr.Ready(hand=ann.view().hand))
    clock.now += 19.9
    table.advance()
    assert table.session.table.phase == "dealt"
    clock.now += 0.1
    table.advance()
    assert table.session.table.phase != "dealt"


class QuietPlayer(RemotePlayer):
    """Joins, says it has seen each deal, and never decides anything."""

    async def respond(self, ws, message) -> None:
        return


def test_turn_timer_on_the_loopback__a_quiet_player_does_not_stop_the_hand__a_computer_plays_the_seat():
    async def run():
        game = await open_table("classic", 9, hands=1, player_seats=2,
                                timers=replace(QUICK, turn=0.2, claim_window=0.05, winning_claim_window=0.05))
        bots, _rng = simulate_players("classic", 9)
        quiet = QuietPlayer(game.url, "Zzz", bots[0], keep=True)
        tasks = await seat_players([quiet, RemotePlayer(game.url, "Bob", bots[1])])
        await asyncio.wait_for(game.hands_done.wait(), 60)
        await game.server.close()
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
        return quiet

    quiet = asyncio.run(run())
    told = [m for m in quiet.received if isinstance(m, pr.TimedOut)]
    assert [t.away for t in told] == [False, True] and all(t.seat == 0 for t in told)  # then the computer played
    assert any(isinstance(m, pr.Room) and m.seats[0].away for m in quiet.received)


def test_turn_timer__tiles_to_pass_are_chosen_by_the_computer_for_a_quiet_player():
    """Nothing was drawn to let go (the Charleston of the western game): the computer chooses for the player."""
    table = host_table("western", seed=3, player_seats=1,
                       timers=Timers(discard_delay=0.0, turn=10.0, deal_pause=0.0, end_pause=0.0))
    clock = Clock()
    table.clock = clock
    ann = FakeLink()
    table.join(ann, pr.Hello(version=pr.VERSION, name="Ann"))
    table.advance()
    t = table.session.table
    assert t.phase == "passing" and 0 in t.awaiting()
    view = ann.view()
    assert view.turn_deadline == 10.0 and all(a.startswith("give") for a in view.legal)
    clock.now += 10.1
    table.advance()
    [told] = ann.messages(pr.TimedOut)
    assert told.seat == 0 and told.action.startswith("give ") and not told.away
    assert any(seat == 0 for seat, _a in table.session.table.actions)


def test_turn_timer__a_seat_taken_back_has_the_whole_turn_time_again_each_turn_before_it_is_away():
    """The host came back from being away a long while: each of her turns waits the full turn time again, and
    only two run out in a row make her seat the computer's again (no deadline or count kept from before)."""
    table, clock, ann = _ann_let_two_turns_run_out()
    assert table.seats[0].away
    clock.now += 600  # the table waited for her, stopped
    view = ann.view()
    table.act(ann, pr.Act(hand=view.hand, step=max(0, view.step - 1), action="pass"))  # she is back
    assert not table.seats[0].away
    waited, started, told = [], None, 0
    for _ in range(5000):
        wake = table.advance()
        timed = ann.messages(pr.TimedOut)
        if len(timed) > told + 2:  # the two before she went away aside
            waited.append((round(clock.now - started, 2), timed[-1].away))
            told, started = len(timed) - 2, None
            if len(waited) == 2:
                break
        if started is None and ann.view().turn_deadline is not None:  # her turn has begun
            assert ann.view().turn_deadline == 10.0, "her turn's clock starts full"
            started = clock.now
        assert wake is not None, "the table waits for nobody but her"
        clock.now += wake
    assert waited == [(10.0, False), (10.0, True)]
