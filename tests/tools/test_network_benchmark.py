"""tools/benchmarks/network.py: a server process with a few tables and four remote players at each reports its
capacity and the round trip from an action to every player's events (the goals are judged from tools/bench.py)."""

from __future__ import annotations

import pytest

from tools.benchmarks import network

pytestmark = pytest.mark.bench


def test_network_benchmark__reports_tables_per_core_round_trips_and_the_load():
    figures = network.run(3, 5.0, warmup=1.0)
    assert set(figures) == {"net_tables_per_core", "net_rtt_ms_p50", "net_rtt_ms_p99", "net_rtt_ms_max",
                            "net_round_trips", "net_server_cpu_s", "net_load_avg", "net_server_action_ms_p99",
                            "net_server_action_cpu_ms_p99", "net_loop_late_ms_max"}
    assert 0 < figures["net_server_action_cpu_ms_p99"] <= figures["net_server_action_ms_p99"] + 1
    assert figures["net_round_trips"] >= 3, "every table plays: actions come back to all four players"
    assert figures["net_tables_per_core"] > 0 and figures["net_server_cpu_s"] > 0 and figures["net_load_avg"] >= 0
    assert 0 < figures["net_rtt_ms_p50"] <= figures["net_rtt_ms_p99"] <= figures["net_rtt_ms_max"] < 1000
    assert figures["net_loop_late_ms_max"] >= 0


def test_network_benchmark__tables_with_computer_players_play_on():
    """The server's computer players decide off its event loop and the tables still play."""
    figures = network.run(3, 3.0, warmup=1.0, computers=2)
    assert figures["net_round_trips"] >= 3 and figures["net_server_cpu_s"] > 0
