"""Hand-analysis speed: our shanten against the PyPI ``mahjong`` library on the same random hands.

``measure(quick)`` deals random 13- and 14-tile hands from a shuffled 136-tile wall (fixed seeds) and times
:func:`game.core.analysis.shanten` three ways:

* ``shanten_cold_per_s``: from empty caches, so every new block and suit pattern is worked out in the run;
* ``shanten_per_s`` (the headline): on fresh hands after the caches were filled by a *different* set of
  hands, as in a game that has been running for a while (no hand of the timed set was seen before);
* ``shanten_repeat_per_s``: the timed hands once more (every suit pattern known).

``tables_cold_ms`` is the time to build every cost table 2,000 fixed random 13-tile hands need for
``shanten`` and ``useful_tiles`` from empty caches: the first-seen suit shapes that make a position's
first decision slower than its replays (issue 7). It is timed last, so the other figures are unaffected.

``mahjong``'s regular-hand shanten runs on the very same timed hands; ``shanten_speedup`` is the headline
rate over the library's. The ``mahjong`` library is a development-only yardstick; without it the library
figures are None.

Run it alone with ``python tools/benchmarks/analysis.py [--quick]``.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.core import analysis


def _hands(count: int, seed: int = 7, sizes: tuple[int, ...] = (13, 14)) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    hands = []
    for _ in range(count):
        counts = [0] * 34
        for t in rng.sample(wall, rng.choice(sizes)):
            counts[t] += 1
        hands.append(counts)
    return hands


def _rate(func, hands: list[list[int]]) -> float:
    start = time.perf_counter()
    for counts in hands:
        func(counts)
    return len(hands) / (time.perf_counter() - start)


def _lib_shanten():
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        return None
    return Shanten.calculate_shanten_for_regular_hand


def _ready_hands(want: int, seed: int) -> list[list[int]]:
    """13-tile hands that are ready, made by dropping tiles from complete random hands."""
    rng = random.Random(seed)
    found: list[list[int]] = []
    while len(found) < want:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                t = rng.choice([s * 9 + n for s in range(3) for n in range(7)])
                for u in (t, t + 1, t + 2):
                    counts[u] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        found.append(counts)
    return found


def _tables_cold_s(hands: list[list[int]]) -> float:
    """Seconds for shanten and useful tiles of 13-tile hands, every table built in the run."""
    analysis.clear_caches()
    start = time.perf_counter()
    for counts in hands:
        analysis.shanten(counts)
        analysis.useful_tiles(counts)
    return time.perf_counter() - start


def measure(quick: bool = False) -> dict[str, float | int | None]:
    """Shanten calls per second (ours cold and warm, the ``mahjong`` library's) and micro timings in µs."""
    size = 5_000 if quick else 20_000
    warmup, hands = _hands(2 * size, seed=1), _hands(size, seed=2)
    ours = analysis.shanten
    analysis.clear_caches()
    cold = _rate(ours, warmup)
    steady = _rate(ours, hands)
    repeat = max(_rate(ours, hands) for _ in range(3))
    lib = _lib_shanten()
    lib_rate = max(_rate(lib, hands) for _ in range(1 if quick else 2)) if lib else None
    thirteen = [h for h in hands if sum(h) == 13][:2_000]
    for counts in _ready_hands(2_000, seed=11):  # as in play, patterns of ready hands are mostly known
        analysis.waits(counts)
    ready = _ready_hands(500 if quick else 2_000, seed=12)
    start = time.perf_counter()
    for counts in ready:
        analysis.waits(counts)
    waits_us = (time.perf_counter() - start) / len(ready) * 1e6
    start = time.perf_counter()
    for counts in thirteen:
        analysis.ukeire(counts)
    ukeire_us = (time.perf_counter() - start) / len(thirteen) * 1e6
    entries = sum(analysis.cache_sizes().values())
    tables_cold_ms = min(_tables_cold_s(_hands(2_000, seed=3, sizes=(13,))) for _ in range(1 if quick else 3)) * 1e3
    return {
        "hands": len(hands),
        "shanten_per_s": round(steady),
        "shanten_cold_per_s": round(cold),
        "shanten_repeat_per_s": round(repeat),
        "mahjong_lib_shanten_per_s": round(lib_rate) if lib_rate else None,
        "shanten_speedup": round(steady / lib_rate, 2) if lib_rate else None,
        "waits_us": round(waits_us, 1),
        "ukeire_us": round(ukeire_us, 1),
        "analysis_cache_entries": entries,
        "tables_cold_ms": round(tables_cold_ms, 1),
    }


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    print(json.dumps(measure(quick="--quick" in args)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
