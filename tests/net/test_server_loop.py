"""The server's event loop never waits on a computer player's decision or on the disk: every table's players would
wait with it. A decision or an autosave held up on purpose leaves the server answering at once."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import replace

from game.net import hosting
from game.net import protocol as pr
from game.net.remote_player import RemotePlayer, seat_players
from game.saves import read_save
from tests.builders import GatedPlayer
from tests.net_builders import QUICK, exchange, open_table, simulate_players


async def _pong_ms(url: str) -> float:
    loop = asyncio.get_running_loop()
    started = loop.time()
    [pong] = await exchange(url, [pr.encode(pr.Ping(id=7))], 1)
    assert isinstance(pong, pr.Pong) and pong.id == 7
    return (loop.time() - started) * 1000


async def _wait_for(flag: threading.Event) -> None:
    for _ in range(2000):
        if flag.is_set():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("never happened")


def test_a_computer_thinking__the_server_answers_meanwhile_and_plays_its_move_after():
    async def run():
        game = await open_table("classic", 4, hands=1, player_seats=1, timers=replace(QUICK, discard_delay=0.0))
        gated = GatedPlayer(game.table.session.players[1])
        game.table.session.players[1] = gated
        bots, _rng = simulate_players("classic", 4)
        tasks = await seat_players([RemotePlayer(game.url, "Ann", bots[0])])
        await _wait_for(gated.asked)
        moves = len(game.table.session.table.actions)
        assert await _pong_ms(game.url) < 2000  # answered while the decision is still open
        assert len(game.table.session.table.actions) == moves, "nothing is played for the thinking seat"
        gated.gate.set()
        await asyncio.wait_for(game.hands_done.wait(), 60)
        await game.server.close()
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
        return game

    game = asyncio.run(run())
    assert len(game.table.session.match.history) == 1  # the hand finished with the computers' moves


def test_an_autosave_held_up_by_the_disk__the_server_answers_meanwhile_and_the_save_is_written_after(
        tmp_path, monkeypatch):
    real_write = hosting.write_save
    gate, writing = threading.Event(), threading.Event()

    def slow_write(path, saved):
        writing.set()
        assert gate.wait(20), "the test never opened the gate"
        real_write(path, saved)

    monkeypatch.setattr(hosting, "write_save", slow_write)

    async def run():
        game = await open_table("classic", 6, hands=2, saves=tmp_path)
        bots, _rng = simulate_players("classic", 6)
        tasks = await seat_players([RemotePlayer(game.url, f"P{n}", bots[n]) for n in range(4)])
        await _wait_for(writing)  # the first hand is over and its save is on its way to the disk
        assert await _pong_ms(game.url) < 2000
        assert not (tmp_path / "network-main.sparrow").exists()
        gate.set()
        await asyncio.wait_for(game.hands_done.wait(), 120)
        await game.server.close()  # waits for the last hand's save
        await asyncio.wait_for(asyncio.gather(*tasks), 30)

    asyncio.run(run())
    assert read_save(tmp_path / "network-main.sparrow").hands_played == 2
