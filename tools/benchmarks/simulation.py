"""Simulation speed: greedy reference bots playing the classic ruleset, scoring and settlement included.

``sim_hands_per_s`` is wall-clock; ``sim_hands_per_cpu_s`` counts this process's CPU time only (issue #7's
"hands per second per core"), so a busy machine does not make the game look slower than it is.
"""

from __future__ import annotations

import time


def measure(quick: bool) -> dict[str, float]:
    from game.cli.simulate import simulate

    hands = 60 if quick else 400
    started = time.process_time()
    result = simulate("classic", hands, seed=1, player_ids=["greedy"] * 4)
    cpu = time.process_time() - started
    return {"sim_hands_per_s": result["hands_per_second"],
            "sim_hands_per_cpu_s": round(hands / cpu, 2) if cpu else 0.0}
