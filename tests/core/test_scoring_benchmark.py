"""The scoring benchmark runs headless and reports its median; the 200 µs goal is judged from ``tools/bench.py``."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.bench

ROOT = Path(__file__).resolve().parents[2]


def test_scoring_benchmark__reports_a_median_per_hand() -> None:
    spec = importlib.util.spec_from_file_location("scoring_bench", ROOT / "tools" / "benchmarks" / "scoring.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    result = module.measure(quick=True)
    assert result["score_us"] > 0
