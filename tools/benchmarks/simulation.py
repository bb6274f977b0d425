"""Simulation speed: four greedy reference bots playing the classic ruleset through ``simulate``, scoring,
settlement and log hashes included; and four experts in the slowest ruleset for them.

Loading the ruleset and the first hands' filling caches are a program's start, not its simulation speed (the AI
report leaves them out too), so a short warm-up run comes first. Then the same ``simulate`` run is timed a few
times and the best run counts: this machine's speed varies from minute to minute (other guests on its host), and
that only ever slows a run down. ``sim_hands_per_s`` is wall-clock; ``sim_hands_per_cpu_s`` counts this
process's CPU time only (issue #7's "hands per second per core").

``sim_experts_slowest_hands_per_cpu_s`` is the same count for four experts in :data:`SLOWEST_FOR_EXPERTS`, the
bundled ruleset they play slowest (they chase its special hands all hand long; issue #28 asks 20 hands per second
in every ruleset), one run after its own warm-up.
"""

from __future__ import annotations

import time

WARM_UP_HANDS = 40
SLOWEST_FOR_EXPERTS = "western-specials"
"""Measured over the 14 bundled rulesets (four experts, 20 hands each): the others play at least 3 times faster."""


def _cpu_rate(ruleset_id: str, hands: int, seed: int, player_ids: list[str]) -> tuple[float, float]:
    """Hands per wall-clock second and per CPU second of one ``simulate`` run."""
    from game.cli.simulate import simulate

    started = time.process_time()
    result = simulate(ruleset_id, hands, seed=seed, player_ids=player_ids)
    cpu = time.process_time() - started
    return result["hands_per_second"], hands / cpu if cpu else 0.0


def measure(quick: bool) -> dict[str, float]:
    from game.cli.simulate import simulate

    hands, runs = (60, 1) if quick else (400, 3)
    simulate("classic", WARM_UP_HANDS, seed=2, player_ids=["greedy"] * 4)
    best_wall = best_cpu = 0.0
    for _ in range(runs):
        wall, cpu = _cpu_rate("classic", hands, 1, ["greedy"] * 4)
        best_wall, best_cpu = max(best_wall, wall), max(best_cpu, cpu)
    simulate(SLOWEST_FOR_EXPERTS, 2, seed=2, player_ids=["expert"] * 4)
    _, experts = _cpu_rate(SLOWEST_FOR_EXPERTS, 6 if quick else 24, 5, ["expert"] * 4)
    return {"sim_hands_per_s": round(best_wall, 2), "sim_hands_per_cpu_s": round(best_cpu, 2),
            "sim_experts_slowest_hands_per_cpu_s": round(experts, 2)}
