"""Network play: how many tables one core serves (``net_tables_per_core``) and how long from a player's action
to every player of the table being told of it (``net_rtt_ms_p50``/``_p99``/``_max``), on the loopback.

The server runs in a process of its own (``--serve N``) with N tables at the default timers, managing its garbage
collector as ``sparrow serve`` does, so its CPU time is its own. Another process (``--load N-1``) seats four
remote computer players at all tables but the last, each taking the computer players' discard delay to decide (a
person's pace: with players answering at once a table would play as fast as the CPU allows, and "tables per
core" would mean nothing). After a warm-up, the figure is N × wall time / the server's CPU time over the same
span (``net_server_cpu_s``). This process plays the last table, its players quick to decide, and times the round
trip from an action on a player's turn being sent to the last of the table's four players having the events it
caused: the server's latency under the load, not the load clients' own.

On a machine busy with other work the round trip is mostly waiting for a core, so the run reports the load
average (``net_load_avg``, the 1-minute figure at its start and end, the higher) beside it, the server's own
share (``net_server_action_ms_p99``: reading an action to every seat's frames queued, over all tables, by the
wall clock and, ``net_server_action_cpu_ms_p99``, in CPU time, which a busy machine does not inflate) and the
longest the server's event loop was late to run a timer (``net_loop_late_ms_max``: what blocked it, a
collection, a decision or the disk, or the machine not giving it a core).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

GOAL_TABLES_PER_CORE = 50
GOAL_RTT_MS_P99 = 20.0
PROBE_THINK = 0.01
"""The timed table's players decide at once (nearly): many round trips in a short run, one table's worth of load."""


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


async def _serve(count: int, computers: int) -> None:
    """The server side: ``count`` classic tables (``computers`` seats of each but the last played by the server's
    computer players); answers ``cpu`` on stdin with its CPU seconds, wall time and latencies."""
    from game.mods import load_catalog
    from game.net.hosting import host_table
    from game.net.server import Limits, TableServer

    # A load player late for a claim window (the machine is busy) is refused as stale, and the server says so;
    # the benchmark's output is its figures.
    logging.getLogger("game.net").setLevel(logging.ERROR)
    catalog = load_catalog(full=False)
    tables = [host_table("classic", seed=n, table_id=f"t{n}", catalog=catalog,
                         player_seats=4 - computers if n < count - 1 else 4) for n in range(count)]
    # Every player connects from the loopback: the limit per address is for a real server's many households.
    server = TableServer(tables, Limits(per_address=4 * count, connections=4 * count), own_process=True)
    _host, port = await server.start("127.0.0.1", 0)
    for table in tables[:-1]:
        if computers:
            table.start()  # the computers take the seats the load does not
    print(port, flush=True)
    loop = asyncio.get_running_loop()
    late: list[float] = []

    async def watch_loop() -> None:
        while True:
            due = time.perf_counter() + LOOP_TICK
            await asyncio.sleep(LOOP_TICK)
            late.append((time.perf_counter() - due) * 1000)

    watcher = loop.create_task(watch_loop())
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        wall = _percentile([w for w, _cpu in server.action_ms], 0.99)
        cpu = _percentile([c for _w, c in server.action_ms], 0.99)
        print(f"{time.process_time()} {time.monotonic()} {wall} {cpu} {max(late, default=0.0)}", flush=True)
        late.clear()
    watcher.cancel()
    await server.close()


LOOP_TICK = 0.01
"""How often the server's event loop is asked to wake, to see how late it comes."""


class _Stopwatch:
    """Round trips from an action on a player's turn to the events reaching all four players of its table."""

    def __init__(self) -> None:
        self.phase: dict[int, str] = {}
        self.pending: dict[str, tuple[float, set[int], list[float]]] = {}
        self.rtt_ms: list[float] = []
        self.measuring = False

    def on_message(self, remote: Any, message: Any, arrived: float) -> None:
        from game.net import protocol as pr

        if isinstance(message, pr.View):
            self.phase[id(remote)] = message.phase
        elif isinstance(message, pr.Events):
            waiting = self.pending.get(remote.url)
            if waiting is not None and remote.seat in waiting[1]:
                waiting[1].discard(remote.seat)
                waiting[2].append(arrived)
                if not waiting[1]:
                    del self.pending[remote.url]
                    if self.measuring:
                        self.rtt_ms.append((max(waiting[2]) - waiting[0]) * 1000)

    def on_action(self, remote: Any, _act: Any, sent: float) -> None:
        if self.phase.get(id(remote)) == "turn":
            self.pending[remote.url] = (sent, {0, 1, 2, 3}, [])


def _players(port: int, table: int, think: float, watch: _Stopwatch | None = None) -> list[Any]:
    from game.autoplay import create_player
    from game.mods import rules_for
    from game.net.remote_player import RemotePlayer

    ruleset, _judge = rules_for("classic")
    return [RemotePlayer(f"ws://127.0.0.1:{port}/t{table}", f"Bot {seat}",
                         create_player("greedy", random.Random(table * 4 + seat), ruleset), think=think,
                         on_message=watch.on_message if watch else None,
                         on_action=watch.on_action if watch else None) for seat in range(4)]


async def _load(port: int, count: int, computers: int) -> None:
    """The load: remote players at each of tables 0 to ``count`` - 1 (four less ``computers``), at a person's
    pace, until stdin ends."""
    from game.net.remote_player import seat_players
    from game.net.table import Timers

    tasks = []
    for n in range(count):
        tasks += await seat_players(_players(port, n, Timers().discard_delay)[: 4 - computers])
    print("seated", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def _probe(port: int, count: int, warmup: float, seconds: float, cpu: Any) -> dict[str, float]:
    """The probe table (number ``count``) timed by a stopwatch while the load plays at the others."""
    from game.net.remote_player import seat_players

    watch = _Stopwatch()
    tasks = await seat_players(_players(port, count, PROBE_THINK, watch))
    await asyncio.sleep(warmup)
    # This process stands for four players' programs at once: its own collections would count as the server's
    # latency. Its garbage waits until the stopwatch stops.
    gc.collect()
    gc.freeze()
    gc.disable()
    load0 = os.getloadavg()[0]
    cpu0, wall0, _handled, _handled_cpu, _late = await cpu()
    watch.measuring = True
    await asyncio.sleep(seconds)
    cpu1, wall1, handled_ms, handled_cpu_ms, late_ms = await cpu()
    watch.measuring = False
    gc.enable()
    gc.unfreeze()
    load1 = os.getloadavg()[0]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    busy = max(cpu1 - cpu0, 1e-6)
    return {"net_tables_per_core": round((count + 1) * (wall1 - wall0) / busy, 1),
            "net_rtt_ms_p50": round(_percentile(watch.rtt_ms, 0.5), 2),
            "net_rtt_ms_p99": round(_percentile(watch.rtt_ms, 0.99), 2),
            "net_rtt_ms_max": round(max(watch.rtt_ms, default=0.0), 2),
            "net_round_trips": float(len(watch.rtt_ms)), "net_server_cpu_s": round(busy, 2),
            "net_load_avg": round(max(load0, load1), 2),
            "net_server_action_ms_p99": round(handled_ms, 3),
            "net_server_action_cpu_ms_p99": round(handled_cpu_ms, 3),
            "net_loop_late_ms_max": round(late_ms, 2)}


def _child(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tools.benchmarks.network", *args], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def _stop(child: subprocess.Popen[str]) -> None:
    if child.stdin is not None:
        child.stdin.close()
    try:
        child.wait(15)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


def run(tables: int, seconds: float, warmup: float = 3.0, computers: int = 0) -> dict[str, float]:
    """Serve ``tables`` tables in a child process, load all but one from another (``computers`` seats of each
    played by the server), and time the last from here for ``seconds`` after ``warmup``."""
    server = _child("--serve", str(tables), "--computers", str(computers))
    load = None
    try:
        assert server.stdin is not None and server.stdout is not None
        port = int(server.stdout.readline())
        load = _child("--load", str(tables - 1), "--port", str(port), "--computers", str(computers))
        assert load.stdout is not None
        load.stdout.readline()  # every load player is seated

        async def cpu() -> tuple[float, ...]:
            assert server.stdin is not None and server.stdout is not None
            server.stdin.write("cpu\n")
            server.stdin.flush()
            line = await asyncio.get_running_loop().run_in_executor(None, server.stdout.readline)
            return tuple(float(v) for v in line.split())

        return asyncio.run(_probe(port, tables - 1, warmup, seconds, cpu))
    finally:
        if load is not None:
            _stop(load)
        _stop(server)


def measure(quick: bool) -> dict[str, float]:
    return run(10, 6.0) if quick else run(GOAL_TABLES_PER_CORE, 30.0, warmup=10.0)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", type=int, metavar="TABLES", help="run the server side with this many tables")
    parser.add_argument("--load", type=int, metavar="TABLES", help="seat the load players at this many tables")
    parser.add_argument("--port", type=int)
    parser.add_argument("--computers", type=int, default=0, choices=range(4),
                        help="seats of each load table played by the server's computer players")
    parser.add_argument("--tables", type=int, default=GOAL_TABLES_PER_CORE)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    options = parser.parse_args()
    if options.serve:
        sys.path.insert(0, str(ROOT))
        asyncio.run(_serve(options.serve, options.computers))
    elif options.load is not None:
        sys.path.insert(0, str(ROOT))
        asyncio.run(_load(options.port, options.load, options.computers))
    else:
        print(run(options.tables, options.seconds, options.warmup, options.computers))
