"""AI decision time: every bundled personality and the reference bots, one at a time against three greedy bots.

``measure(quick)`` plays fixed-seed hands of the classic ruleset. The first hands warm the analysis caches
(as in a game that has been running for a few hands); the next ones time every decision of the seat under
test. It returns ``ai_decision_ms_p99`` and ``ai_decision_ms_max`` (the worst over all personalities) and
``ai_<id>_ms_p99`` / ``ai_<id>_ms_max`` per player.

Run it alone with ``python tools/benchmarks/ai.py [--quick]``.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai import create_player, personality_ids
from game.autoplay import play_hand
from game.core.match import Match
from game.mods import rules_for


def _timed_hands(player_id: str, ruleset, judge, warm: int, hands: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    players = [create_player(player_id, rng=random.Random(rng.getrandbits(32)), ruleset=ruleset)]
    players += [create_player("greedy", rng=random.Random(rng.getrandbits(32)), ruleset=ruleset) for _ in range(3)]
    timings: list[float] = []
    under_test = players[0]
    decide = under_test.decide

    def timed(view, legal):
        start = time.perf_counter()
        action = decide(view, legal)
        if recording:
            timings.append((time.perf_counter() - start) * 1000)
        return action

    under_test.decide = timed  # type: ignore[method-assign]
    match = Match(ruleset.play, judge, seed)
    for index in range(warm + hands):
        recording = index >= warm
        if match.is_over:
            match = Match(ruleset.play, judge, seed + index)
        table = match.new_hand()
        seats = [players[(s - index) % 4] for s in range(4)]  # the player under test changes seat every hand
        play_hand(table, seats)
        match.finish_hand(table)
    return timings


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


def measure(quick: bool = False) -> dict[str, object]:
    """Decision time per player (p99 and max in ms) and the worst p99 and max over all personalities."""
    ruleset, judge = rules_for("classic")
    warm, hands = (4, 8) if quick else (10, 40)
    figures: dict[str, object] = {}
    worst_p99 = worst_max = 0.0
    for player_id in [*personality_ids(), "efficient"]:
        timings = _timed_hands(player_id, ruleset, judge, warm, hands, seed=2024)
        p99, top = round(_percentile(timings, 0.99), 3), round(max(timings, default=0.0), 3)
        figures[f"ai_{player_id}_ms_p99"] = p99
        figures[f"ai_{player_id}_ms_max"] = top
        if player_id != "efficient":
            worst_p99, worst_max = max(worst_p99, p99), max(worst_max, top)
    return {"ai_decision_ms_p99": worst_p99, "ai_decision_ms_max": worst_max, **figures}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    print(json.dumps(measure(quick="--quick" in args)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
