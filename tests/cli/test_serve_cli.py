"""``serve``: a headless table a remote player joins; it stops once its hands are played, with the game saved."""

from __future__ import annotations

import asyncio
import gc
import socket
import sys
import threading

from game.net import protocol as pr
from game.net.remote_player import RemotePlayer
from game.saves import read_save
from tests.cli.runner import sparrow
from tests.net_builders import simulate_players


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve__one_player_and_three_computers_play_the_hands_asked_then_it_stops_saved(tmp_path):
    switch, thresholds = sys.getswitchinterval(), gc.get_threshold()
    port = _free_port()
    ran = {}
    server = threading.Thread(target=lambda: ran.setdefault("result", sparrow(
        "--config-dir", str(tmp_path), "serve", "--host", "127.0.0.1", "--port", str(port), "--seats", "1",
        "--hands", "1", "--seed", "4", "--discard-delay", "0", "--turn-seconds", "30", "--deal-pause", "20",
        "--max-per-address", "2")))
    server.start()
    bots, _rng = simulate_players("classic", 4)
    remote = RemotePlayer(f"ws://127.0.0.1:{port}/", "Ann", bots[0], keep=True)

    async def join():
        for _ in range(200):  # the command is starting
            try:
                return await asyncio.wait_for(remote.play(), 120)
            except OSError:
                await asyncio.sleep(0.05)
        raise AssertionError("the server never listened")

    asyncio.run(join())
    server.join(60)
    result = ran["result"]
    assert result.returncode == 0, result.stderr
    assert f"on ws://127.0.0.1:{port}/" in result.stdout
    room = next(m for m in remote.received if isinstance(m, pr.Room) and m.started)
    assert [s.kind for s in room.seats] == ["player", "computer", "computer", "computer"]
    assert room.timers["turn"] == 30 and room.timers["deal_pause"] == 20
    views = [m for m in remote.received if isinstance(m, pr.View)]
    assert any(v.turn_deadline is not None and 0 < v.turn_deadline <= 30 for v in views)
    assert remote.actions > 0 and isinstance(remote.received[-1], pr.Goodbye)
    assert remote.received[-1].reason == "hands_played"
    saved = read_save(tmp_path / "saves" / "network-main.sparrow")
    assert saved.hands_played == 1 and saved.names[0] == "Ann"
    # While it served, the command ran the server's collector and thread switching; it gives them back.
    assert sys.getswitchinterval() == switch and gc.get_threshold() == thresholds


def test_serve__bad_values_are_a_usage_error():
    for argv in (["--port", "70000"], ["--claim-window", "0"], ["--hands", "0"], ["--turn-seconds", "-1"],
                 ["--deal-pause", "-2"], ["--max-per-address", "0"], ["--max-connections", "0"]):
        result = sparrow("serve", *argv)
        assert result.returncode == 2 and "error:" in result.stderr


def test_serve__a_save_that_is_not_there_is_named(tmp_path):
    result = sparrow("--config-dir", str(tmp_path), "serve", "--resume", str(tmp_path / "nope.sparrow"))
    assert result.returncode == 1 and "nope.sparrow" in result.stderr
