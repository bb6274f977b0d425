"""Scoring speed: median microseconds to score a winning hand with every special-hand check.

    python tools/benchmarks/scoring.py [--quick]

``tools/bench.py`` imports :func:`measure`. The target is a median of at most 200 µs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.judge import HandSpec, WinContext  # noqa: E402  (the repository root must be on the path first)
from game.core.melds import parse_meld  # noqa: E402
from game.core.scoring import RulesetJudge  # noqa: E402
from game.core.tiles import parse_tiles, tile_from_code  # noqa: E402
from game.rules import load_ruleset  # noqa: E402

# Winning hands of different shapes (regular with chows, all pungs, kongs, flowers, a special hand).
HANDS = [
    ("3D 3D 3D 3B 4B 2B 6C 6C", ("EW EW EW EW", "1B 1B 1B"), "F4", 0, 1, "2B", "discard"),
    ("8C 8C 8C 9B 9B WW WW 9B", ("6C 6C 6C", "5B 5B 5B"), "F1 F2", 2, 0, "9B", "discard"),
    ("2C 3C 4C 6C 7C 8C 4B 4B 5D 6D 7D", ("1B 2B 3B",), "F2", 0, 0, "7D", "discard"),
    ("1B 2B 3B 4B 5B 6B 7B 8B 9B 2B 2B 2B RD RD", (), "", 1, 0, "RD", "wall"),
    ("6D 6D 6D 5D 5D GD GD 5D", ("1D 1D 1D", "9D 9D 9D 9D"), "S1 S2 S3 S4", 1, 0, "5D", "discard"),
    ("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD RD", (), "", 0, 0, "RD", "wall"),
]


def _specs() -> list[tuple[HandSpec, WinContext]]:
    specs = []
    for concealed, melds, bonus, seat, round_wind, tile, won_by in HANDS:
        built = tuple(parse_meld(m) for m in melds)
        spec = HandSpec(tuple(parse_tiles(concealed)), built, tuple(parse_tiles(bonus)), seat, round_wind)
        specs.append((spec, WinContext(True, tile_from_code(tile), won_by)))  # type: ignore[arg-type]
    return specs


def measure(quick: bool = False) -> dict[str, float]:
    """``{"score_us": median µs}`` over repeated scoring of the sample winning hands (fresh judge caches)."""
    ruleset = load_ruleset(ROOT / "mods" / "classic" / "rulesets" / "classic.yaml")
    judge = RulesetJudge(ruleset)
    specs = _specs()
    rounds = 60 if quick else 600
    for spec, context in specs:  # warm the arrangement caches, as a long game would
        judge.score(spec, context)
    timings = []
    clock = time.perf_counter
    for _ in range(rounds):
        for spec, context in specs:
            start = clock()
            judge.score(spec, context)
            timings.append(clock() - start)
    return {"score_us": round(statistics.median(timings) * 1e6, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.quick)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
