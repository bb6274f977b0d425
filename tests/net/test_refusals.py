"""Nobody cheats and nothing stops the table: every malformed, oversized, illegal, stale or too-frequent message
is refused with a reason (and logged) while the game goes on exactly as it would have."""

from __future__ import annotations

import asyncio
import logging
import random

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net import protocol as pr
from game.net.remote_player import RemotePlayer, seat_players
from game.net.server import LIBRARY_LIMIT, LOG_EVERY, LOG_FIRST, TRY_AGAIN_LATER, Limits
from tests.net_builders import (
    FuzzingPlayer,
    exchange,
    fuzz_frames,
    open_table,
    simulate_players,
    simulated_hashes,
)
from tests.tiers import examples


async def _fuzzed_game(hands: int, fuzz_total: int, fuzz_each: int):
    game = await open_table("classic", 17, hands=hands)
    bots, _rng = simulate_players("classic", 17)
    fuzzer = FuzzingPlayer(game.url, "Fuzz", bots[0])
    fuzzer.fuzz_total, fuzzer.fuzz_each = fuzz_total, fuzz_each
    remotes = [fuzzer, *(RemotePlayer(game.url, f"P{n}", bots[n]) for n in range(1, 4))]
    tasks = await seat_players(remotes)
    await asyncio.wait_for(game.hands_done.wait(), 900)
    await asyncio.wait_for(asyncio.gather(*tasks), 120)
    await game.server.close()
    return game, fuzzer, remotes


def _check_fuzzed(hands: int, fuzz_total: int, fuzz_each: int, caplog) -> None:
    caplog.set_level(logging.WARNING, "game.net.server")
    game, fuzzer, remotes = asyncio.run(_fuzzed_game(hands, fuzz_total, fuzz_each))
    assert fuzzer.fuzz_sent == fuzz_total
    assert len(fuzzer.refusals) == fuzz_total, "one refusal for every bad message"
    assert {r.code for r in fuzzer.refusals} >= {"malformed", "unknown_type", "too_large", "stale", "illegal",
                                                 "already_seated"}
    assert not any(r.refusals for r in remotes[1:])
    # The table played on, and the same game: nothing the fuzzer sent changed a tile.
    played = [h.log_hash for h in game.table.session.match.history]
    assert played == simulated_hashes("classic", 17, hands)
    logged = [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused")]
    assert len(logged) == LOG_FIRST + fuzz_total // LOG_EVERY  # one by one, then every LOG_EVERY-th
    assert f"({fuzz_total // LOG_EVERY * LOG_EVERY or LOG_FIRST} from this connection)" in logged[-1]


def test_fuzzing_seat__every_bad_message_refused_and_the_game_unchanged(caplog):
    _check_fuzzed(2, 300, 25, caplog)


@pytest.mark.slow
def test_fuzzing_seat__ten_thousand_bad_messages_and_the_table_plays_on(caplog):
    _check_fuzzed(3, 10_000, 400, caplog)


def test_unseated_connection__refused_until_it_says_hello_and_the_server_lives_on():
    async def run():
        game = await open_table("classic", 4)
        frames = fuzz_frames(random.Random(3), None, examples(200))
        frames = [f for f in frames if '"hello"' not in str(f)]  # a hello would seat it
        start = pr.encode(pr.Start())
        replies = await exchange(game.url, [*frames, start], len(frames) + 1)
        async with connect(game.url) as ws:  # a frame past the library's limit ends that connection only
            await ws.send("z" * (LIBRARY_LIMIT + 1))
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
        alive = await exchange(game.url, [pr.encode(pr.Ping(id=5))], 1)
        await game.server.close()
        return replies, alive

    replies, alive = asyncio.run(run())
    assert all(isinstance(r, pr.Refused) for r in replies)
    assert replies[-1].code == "not_seated"
    assert alive == [pr.Pong(id=5)]


def test_too_frequent_messages__refused_beyond_the_burst():
    async def run():
        game = await open_table("classic", 4, limits=Limits(rate=1, burst=10))
        replies = await exchange(game.url, [pr.encode(pr.Ping(id=n)) for n in range(30)], 30)
        await game.server.close()
        return replies

    replies = asyncio.run(run())
    # The burst, and one more a second for however long a busy machine took to read the thirty.
    assert 10 <= sum(isinstance(r, pr.Pong) for r in replies) <= 15
    assert sum(isinstance(r, pr.Refused) and r.code == "too_frequent" for r in replies) >= 15


async def _crowd(limits: Limits) -> tuple[list, ConnectionClosed, list]:
    """Hold as many connections as ``limits`` allow, then one more (turned away), then one more after one closed."""
    game = await open_table("classic", 4, limits=limits)
    allowed = min(limits.per_address, limits.connections)
    held = [await connect(game.url) for _ in range(allowed)]
    for ws in held:  # each really is open and served
        await ws.send(pr.encode(pr.Ping(id=1)))
        assert isinstance(pr.decode_server(await asyncio.wait_for(ws.recv(), 10)), pr.Pong)
    async with connect(game.url) as extra:
        told = [pr.decode_server(await asyncio.wait_for(extra.recv(), 10))]
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(extra.recv(), 10)
    await held.pop().close()
    await asyncio.sleep(0.05)
    again = await exchange(game.url, [pr.encode(pr.Ping(id=2))], 1)
    for ws in held:
        await ws.close()
    await game.server.close()
    return told, closed.value, again


def test_connections__more_than_the_limit_from_one_address_are_turned_away_with_a_reason(caplog):
    caplog.set_level(logging.WARNING, "game.net.server")
    told, closed, again = asyncio.run(_crowd(Limits(per_address=3, connections=100)))
    assert told[0].code == "too_many_connections" and "at most 3" in told[0].detail
    assert closed.rcvd is not None and closed.rcvd.code == TRY_AGAIN_LATER
    assert closed.rcvd.reason == "too many connections from your address (at most 3)"
    assert again == [pr.Pong(id=2)], "a connection closed makes room for another"
    assert any("turned away a connection from 127.0.0.1" in r.getMessage() for r in caplog.records)


def test_connections__more_than_the_servers_limit_in_all_are_turned_away():
    told, closed, again = asyncio.run(_crowd(Limits(per_address=50, connections=2)))
    assert told[0].code == "too_many_connections"
    assert closed.rcvd is not None and closed.rcvd.reason == "the server is full (at most 2 connections)"
    assert again == [pr.Pong(id=2)]
