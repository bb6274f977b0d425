"""Nothing lost: a player whose program dies mid-hand takes its seat back with its token and the hand finishes; a
computer plays the seat meanwhile; the match is autosaved after every hand and resumes as a network game."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from game.net import protocol as pr
from game.net.remote_player import RemotePlayer, seat_players
from game.saves import read_save
from tests.net_builders import QUICK, exchange, open_table, simulate_players


async def _killed_and_back(tmp_path):
    game = await open_table("classic", 8, hands=2, saves=tmp_path, timers=replace(QUICK, discard_delay=0.01))
    bots, _rng = simulate_players("classic", 8)
    remotes = [RemotePlayer(game.url, f"P{n}", bots[n], keep=True) for n in range(4)]
    tasks = await seat_players(remotes, stop_after=[None, None, 6, None])
    await asyncio.wait_for(tasks[2], 60)  # seat 2's program dies after its sixth action
    table = game.table
    for _ in range(500):  # the server notices the socket gone
        if table.seats[2].link is None:
            break
        await asyncio.sleep(0.01)
    assert table.seats[2].link is None and table.seats[2].token == remotes[2].token
    killed_in = table.hand_number
    seat_moves = sum(seat == 2 for seat, _ in table.session.table.actions)
    for _ in range(1000):  # a computer plays the dropped seat: the table goes on
        if table.hand_number > killed_in or sum(seat == 2 for seat, _ in table.session.table.actions) > seat_moves:
            break
        await asyncio.sleep(0.01)
    else:
        raise AssertionError("nobody played the dropped seat")
    back = RemotePlayer(game.url, "P2 again", bots[2], token=remotes[2].token, keep=True)
    back_task = asyncio.create_task(back.play())
    await asyncio.wait_for(game.hands_done.wait(), 120)
    await game.server.close()
    await asyncio.wait_for(asyncio.gather(*tasks, back_task), 30)
    return game, remotes, back


def test_client_killed_mid_hand__reconnects_with_its_token_and_the_hand_finishes(tmp_path):
    game, _remotes, back = asyncio.run(_killed_and_back(tmp_path))
    welcome = next(m for m in back.received if isinstance(m, pr.Welcome))
    assert welcome.reconnected and welcome.seat == 2 and back.seat == 2
    views = [m for m in back.received if isinstance(m, pr.View)]
    assert views and views[0].seat == 2 and len(views[0].concealed) >= 1  # its own hand, at once
    assert len(game.table.session.match.history) == 2, "the hand it was killed in finished, and the next"
    assert back.actions > 0
    assert game.table.seats[2].name == "P2 again"


def test_network_match__autosaved_after_every_hand_and_resumed_as_a_network_game(tmp_path):
    async def first():
        game = await open_table("classic", 21, hands=2, saves=tmp_path)
        bots, _rng = simulate_players("classic", 21)
        tasks = await seat_players([RemotePlayer(game.url, f"P{n}", bots[n]) for n in range(4)])
        await asyncio.wait_for(game.hands_done.wait(), 120)
        await game.server.close()
        await asyncio.gather(*tasks)
        return [h.log_hash for h in game.table.session.match.history]

    played = asyncio.run(first())
    path = tmp_path / "network-main.sparrow"
    saved = read_save(path)
    assert saved.hands_played == len(played) >= 2 and saved.names == ["P0", "P1", "P2", "P3"]

    async def resumed():
        game = await open_table("classic", 0, hands=len(played) + 1, resume=path, saves=tmp_path)
        assert [h.log_hash for h in game.table.session.match.history] == played
        bots, _rng = simulate_players("classic", 99)
        remotes = [RemotePlayer(game.url, f"Q{n}", bots[n]) for n in range(4)]
        tasks = await seat_players(remotes)
        await asyncio.wait_for(game.hands_done.wait(), 120)
        await game.server.close()
        await asyncio.gather(*tasks)
        return game

    game = asyncio.run(resumed())
    assert len(game.table.session.match.history) > len(played)
    assert read_save(path).hands_played == len(game.table.session.match.history)


def test_token_of_nobody__refused_and_no_seat_taken():
    async def run():
        game = await open_table("classic", 3)
        hello = pr.Hello(version=pr.VERSION, name="Mallory", token="x" * pr.TOKEN_LENGTH)
        replies = await exchange(game.url, [pr.encode(hello)], 1)
        await game.server.close()
        return game, replies

    game, replies = asyncio.run(run())
    assert isinstance(replies[0], pr.Refused) and replies[0].code == "bad_token"
    assert all(s.token is None for s in game.table.seats)
