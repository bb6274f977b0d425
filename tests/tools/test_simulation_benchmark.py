"""tools/benchmarks/simulation.py: the greedy table's speed and the four experts' in their slowest ruleset."""

from __future__ import annotations

import pytest

from tools.benchmarks import simulation


@pytest.mark.bench
def test_measure__reports_the_greedy_and_the_experts_hands_per_cpu_second():
    figures = simulation.measure(quick=True)
    assert set(figures) == {"sim_hands_per_s", "sim_hands_per_cpu_s", "sim_experts_slowest_hands_per_cpu_s"}
    assert all(value > 0 for value in figures.values())
    assert figures["sim_experts_slowest_hands_per_cpu_s"] < figures["sim_hands_per_cpu_s"]
