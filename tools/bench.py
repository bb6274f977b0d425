"""Speed figures: ``python tools/bench.py [--quick]``.

Prints a table, then one JSON object as the last line (interface contract §8) with at least ``shanten_per_s``,
``score_us``, ``ai_decision_ms_p99``, ``sim_hands_per_s``, ``frame_ms_p95`` and ``startup_s``, and more (such as
``idle_cpu_title_pct`` and ``idle_cpu_table_pct``, the share of a core the window takes while nothing moves, and
``score_vs_mahjong_ratio``, the PyPI ``mahjong`` library's time over Sparrow's to score the same Japanese hands, and
``net_tables_per_core`` and ``net_rtt_ms_p99``, the network table server's capacity and round trip; goals ≥ 50
tables and ≤ 20 ms).
Each capability has a module in ``tools/benchmarks/`` with ``measure(quick) -> dict``; a figure whose module
fails or is missing is null, and the table says why.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MODULES = ("analysis", "scoring", "peer", "ai", "simulation", "client", "idle", "startup", "network")
REQUIRED = ("shanten_per_s", "score_us", "ai_decision_ms_p99", "sim_hands_per_s", "frame_ms_p95", "startup_s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (for CI)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    figures: dict[str, float | None] = dict.fromkeys(REQUIRED)
    notes: dict[str, str] = {}
    for name in MODULES:
        started = time.perf_counter()
        try:
            module = importlib.import_module(f"tools.benchmarks.{name}")
            result = module.measure(args.quick)
        except ModuleNotFoundError as exc:
            notes[name] = f"not measured: {exc}"
            continue
        except Exception as exc:  # one failing measurement must not hide the others
            notes[name] = f"failed: {type(exc).__name__}: {exc}"
            continue
        figures.update(result)
        notes[name] = f"{time.perf_counter() - started:.1f} s"
    width = max(len(k) for k in figures)
    print(f"{'figure'.ljust(width)}  value")
    print(f"{'-' * width}  ---------")
    for key, value in figures.items():
        shown = "—" if value is None else (f"{value:,.3f}" if isinstance(value, float) else str(value))
        print(f"{key.ljust(width)}  {shown}")
    for name, note in notes.items():
        print(f"# {name}: {note}")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
