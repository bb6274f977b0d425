"""Network play: how many tables one core serves (``net_tables_per_core``) and how long from a player's action
to every player of the table being told of it (``net_rtt_ms_p99``), on the loopback.

The server runs in a process of its own (``python -m tools.benchmarks.network --serve N``) with N tables at the
default timers, so its CPU time is its own; this process seats four remote computer players at every table,
each taking the computer players' discard delay to decide (a person's pace: with players answering at once a
table would play as fast as the CPU allows, and "tables per core" would mean nothing). After a warm-up, the
figure is N × wall time / the server's CPU time over the same span. The round trip is timed from the moment an
action on a player's turn is sent to the moment the last of the table's four players has the events it caused.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

GOAL_TABLES_PER_CORE = 50
GOAL_RTT_MS_P99 = 20.0


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


async def _serve(count: int) -> None:
    """The server side: ``count`` classic tables; answers ``cpu`` on stdin with its CPU seconds and wall time."""
    from game.mods import load_catalog
    from game.net.hosting import host_table
    from game.net.server import TableServer

    catalog = load_catalog(full=False)
    tables = [host_table("classic", seed=n, table_id=f"t{n}", catalog=catalog) for n in range(count)]
    server = TableServer(tables)
    _host, port = await server.start("127.0.0.1", 0)
    print(port, flush=True)
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        print(f"{time.process_time()} {time.monotonic()}", flush=True)
    await server.close()


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


async def _clients(port: int, count: int, warmup: float, seconds: float, cpu: Any) -> dict[str, float]:
    from game.autoplay import create_player
    from game.mods import rules_for
    from game.net.remote_player import RemotePlayer, seat_players
    from game.net.table import Timers

    ruleset, _judge = rules_for("classic")
    watch = _Stopwatch()
    tasks = []
    for n in range(count):
        players = [RemotePlayer(f"ws://127.0.0.1:{port}/t{n}", f"Bot {seat}",
                                create_player("greedy", random.Random(n * 4 + seat), ruleset),
                                think=Timers().discard_delay, on_message=watch.on_message,
                                on_action=watch.on_action) for seat in range(4)]
        tasks += await seat_players(players)
    await asyncio.sleep(warmup)
    cpu0, wall0 = await cpu()
    watch.measuring = True
    await asyncio.sleep(seconds)
    cpu1, wall1 = await cpu()
    watch.measuring = False
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    busy = max(cpu1 - cpu0, 1e-6)
    return {"net_tables_per_core": round(count * (wall1 - wall0) / busy, 1),
            "net_rtt_ms_p99": round(_percentile(watch.rtt_ms, 0.99), 2),
            "net_round_trips": float(len(watch.rtt_ms))}


def run(tables: int, seconds: float, warmup: float = 3.0) -> dict[str, float]:
    """Serve ``tables`` tables in a child process and measure for ``seconds`` after ``warmup``."""
    child = subprocess.Popen([sys.executable, "-m", "tools.benchmarks.network", "--serve", str(tables)],
                             cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdin is not None and child.stdout is not None
    try:
        port = int(child.stdout.readline())

        async def cpu() -> tuple[float, float]:
            assert child.stdin is not None and child.stdout is not None
            child.stdin.write("cpu\n")
            child.stdin.flush()
            line = await asyncio.get_running_loop().run_in_executor(None, child.stdout.readline)
            cpu_s, wall_s = line.split()
            return float(cpu_s), float(wall_s)

        return asyncio.run(_clients(port, tables, warmup, seconds, cpu))
    finally:
        child.stdin.close()
        try:
            child.wait(10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def measure(quick: bool) -> dict[str, float]:
    return run(10, 6.0) if quick else run(GOAL_TABLES_PER_CORE, 20.0)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", type=int, metavar="TABLES", help="run the server side with this many tables")
    parser.add_argument("--tables", type=int, default=GOAL_TABLES_PER_CORE)
    parser.add_argument("--seconds", type=float, default=20.0)
    options = parser.parse_args()
    if options.serve:
        sys.path.insert(0, str(ROOT))
        asyncio.run(_serve(options.serve))
    else:
        print(run(options.tables, options.seconds))
