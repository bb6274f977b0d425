"""The command line with a three-handed ruleset (british-three): ``simulate`` takes three players, ``settle`` pays
among the three and refuses the empty seat with a message (contract §3, §4; four-handed uses are unchanged)."""

from __future__ import annotations

import json

from tests.cli.runner import sparrow


def test_simulate__three_players_at_a_three_handed_table(tmp_path) -> None:
    args = ("--config-dir", str(tmp_path), "simulate", "--ruleset", "british-three", "--hands", "12", "--seed", "5",
            "--players", "efficient,greedy,random", "--rotate-seats")
    first, second = sparrow(*args), sparrow(*args)
    assert first.returncode == 0, first.stderr
    result = json.loads(first.stdout.strip().splitlines()[-1])
    assert result["illegal_actions"] == 0 and result["errors"] == 0
    assert [p["id"] for p in result["players"]] == ["efficient", "greedy", "random"]
    assert sum(p["wins"] for p in result["players"]) + result["draws"] == 12
    assert json.loads(second.stdout.strip().splitlines()[-1])["log_hash"] == result["log_hash"]
    # Left alone, every seat is greedy, three of them.
    plain = sparrow("--config-dir", str(tmp_path), "simulate", "--ruleset", "british-three", "--hands", "2",
                    "--seed", "5")
    assert [p["id"] for p in json.loads(plain.stdout.strip().splitlines()[-1])["players"]] == ["greedy"] * 3


def test_simulate__four_players_for_three_seats_is_refused(tmp_path) -> None:
    ran = sparrow("--config-dir", str(tmp_path), "simulate", "--ruleset", "british-three", "--hands", "2",
                  "--seed", "1", "--players", "greedy,greedy,greedy,greedy")
    assert ran.returncode == 2
    assert "--players needs 3 ids separated by commas for ruleset 'british-three' (3 players), got 4" in ran.stderr
    ran = sparrow("--config-dir", str(tmp_path), "simulate", "--ruleset", "classic", "--hands", "2", "--seed", "1",
                  "--players", "greedy,greedy,greedy")
    assert ran.returncode == 2 and "needs 4 ids" in ran.stderr


def test_settle__the_three_pay_each_other_and_the_empty_seat_nothing(tmp_path) -> None:
    request = {"east": 0, "winner": 1, "scores": [40, 100, 0, 20], "discarder": 3}
    ran = sparrow("--config-dir", str(tmp_path), "settle", "--ruleset", "british-three", "-",
                  stdin=json.dumps(request))
    assert ran.returncode == 0, ran.stderr
    result = json.loads(ran.stdout)
    assert result["deltas"] == [-160, 300, 0, -140]
    assert all(2 not in (p["from"], p["to"]) for p in result["payments"])
    refused = sparrow("--config-dir", str(tmp_path), "settle", "--ruleset", "british-three", "-",
                      stdin=json.dumps({**request, "winner": 2, "scores": [40, 0, 0, 20]}))
    assert refused.returncode == 1
    assert "expected 'winner' to be a seat that plays, got 2: seat 2 is empty" in refused.stderr
