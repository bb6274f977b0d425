"""AI decision time: every bundled personality and the reference bots, one at a time against three greedy bots.

``measure(quick)`` plays fixed-seed hands of the classic ruleset. The first hands warm the analysis caches
(as in a game that has been running for a few hands); the next ones time every decision of the seat under
test. It returns ``ai_decision_ms_p99`` and ``ai_decision_ms_max`` (the worst over all personalities) and the
figures per player.

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
from game.cli.common import judge_for, load_ruleset
from game.core.match import Match


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
    """Decision time per player (p50, p99, max in ms) and the worst p99 and max over all personalities."""
    ruleset = load_ruleset("classic")
    judge = judge_for(ruleset)
    warm, hands = (4, 8) if quick else (10, 40)
    per_player = {}
    for player_id in [*personality_ids(), "efficient"]:
        timings = _timed_hands(player_id, ruleset, judge, warm, hands, seed=2024)
        per_player[player_id] = {
            "decisions": len(timings),
            "p50_ms": round(_percentile(timings, 0.5), 3),
            "p99_ms": round(_percentile(timings, 0.99), 3),
            "max_ms": round(max(timings, default=0.0), 3),
        }
    personalities = [v for k, v in per_player.items() if k != "efficient"]
    return {
        "ai_decision_ms_p99": max(v["p99_ms"] for v in personalities),
        "ai_decision_ms_max": max(v["max_ms"] for v in personalities),
        "ai_players": per_player,
    }


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    print(json.dumps(measure(quick="--quick" in args)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
