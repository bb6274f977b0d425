"""The scoring benchmark runs and stays well inside its budget (200 µs median on the reference machine)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_scoring_benchmark__median_within_budget() -> None:
    """``tools/benchmarks/scoring.py`` measures the median; twice the budget allows for a busy test machine."""
    spec = importlib.util.spec_from_file_location("scoring_bench", ROOT / "tools" / "benchmarks" / "scoring.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    result = module.measure(quick=True)
    assert 0 < result["score_us"] < 400
