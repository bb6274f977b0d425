"""Simulation speed: four greedy reference bots playing the classic ruleset through ``simulate``, scoring,
settlement and log hashes included.

Loading the ruleset and the first hands' filling caches are a program's start, not its simulation speed (the AI
report leaves them out too), so a short warm-up run comes first. Then the same ``simulate`` run is timed a few
times and the best run counts: this machine's speed varies from minute to minute (other guests on its host), and
that only ever slows a run down. ``sim_hands_per_s`` is wall-clock; ``sim_hands_per_cpu_s`` counts this
process's CPU time only (issue #7's "hands per second per core").
"""

from __future__ import annotations

import time

WARM_UP_HANDS = 40


def measure(quick: bool) -> dict[str, float]:
    from game.cli.simulate import simulate

    hands, runs = (60, 1) if quick else (400, 3)
    simulate("classic", WARM_UP_HANDS, seed=2, player_ids=["greedy"] * 4)
    best_wall = best_cpu = 0.0
    for _ in range(runs):
        started = time.process_time()
        result = simulate("classic", hands, seed=1, player_ids=["greedy"] * 4)
        cpu = time.process_time() - started
        best_wall = max(best_wall, result["hands_per_second"])
        best_cpu = max(best_cpu, hands / cpu if cpu else 0.0)
    return {"sim_hands_per_s": round(best_wall, 2), "sim_hands_per_cpu_s": round(best_cpu, 2)}
