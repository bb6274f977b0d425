"""The hand-analysis benchmark runs headless and meets the speed goals (AI notes G1)."""

from __future__ import annotations

import pytest

pytest.importorskip("mahjong")


def test_analysis_benchmark__at_least_twice_the_mahjong_library():
    """On the same random hands our shanten runs at least twice as fast as the mahjong library's.

    The absolute rate (goal: 50,000/s on one idle core) depends on the machine and its load, so only the
    side-by-side ratio is asserted here; ``tools/bench.py`` reports the rate.
    """
    from tools.benchmarks.analysis import measure

    figures = measure(quick=True)
    assert figures["shanten_speedup"] >= 2.0
    assert figures["waits_us"] < 1000 and figures["ukeire_us"] < 1000
