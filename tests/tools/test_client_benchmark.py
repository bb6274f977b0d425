"""tools/benchmarks/client.py reports every scene's frames: the ceremony, the deal and a busy table, each by its
p99 and slowest frame, by the wall clock and by CPU time (the goals are judged from ``tools/bench.py``)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.bench


def test_client_benchmark__reports_p99_and_max_per_scene() -> None:
    from tools.benchmarks.client import measure

    figures = measure(quick=True)
    for scene in ("ceremony", "deal", "table"):
        for clock in ("frame_ms", "frame_cpu_ms"):
            p99, slowest = figures[f"{scene}_{clock}_p99"], figures[f"{scene}_{clock}_max"]
            assert 0 < p99 <= slowest, (scene, clock)
    assert figures["frame_ms_p95"] <= figures["table_frame_ms_p99"]
