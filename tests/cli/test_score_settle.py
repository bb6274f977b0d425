"""``python -m game score`` and ``settle``: JSON shape and exit codes 0, 1 and 2 (in this process; the first
and the usage error also through a real process, stdin piped in)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.runner import Ran, sparrow, sparrow_process

WINNING = {
    "ruleset": "classic", "seat_wind": "E", "round_wind": "S", "concealed": "3D 3D 3D 3B 4B 2B 6C 6C",
    "melds": [{"tiles": "EW EW EW EW", "exposed": True}, {"tiles": "1B 1B 1B", "exposed": True}],
    "bonus": "F4", "winner": True, "winning_tile": "2B", "won_by": "discard",
}


def run(tmp_path: Path, command: str, request: object, *args: str, text: str | None = None) -> Ran:
    data = text if text is not None else json.dumps(request)
    return sparrow("--mods-dir", str(tmp_path / "mods"), "--config-dir", str(tmp_path / "config"), command, *args,
                   "-", stdin=data)


@pytest.mark.parametrize("where", ["in_process", "subprocess"])
def test_score__winner_json_shape(tmp_path: Path, where: str) -> None:
    """A winning hand prints one JSON document with every contract key (T-SCO-1: 96)."""
    if where == "subprocess":
        done = sparrow_process("--mods-dir", str(tmp_path / "mods"), "--config-dir", str(tmp_path / "config"),
                               "score", "-", stdin=json.dumps(WINNING))
    else:
        done = run(tmp_path, "score", WINNING)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert list(result)[:10] == ["ruleset", "winner", "mah_jongg", "special_hand", "points", "doubles", "score",
                                 "limited", "items", "arrangement"]
    assert (result["points"], result["doubles"], result["score"], result["special_hand"]) == (48, 1, 96, None)
    first = result["items"][0]
    assert (first["name"], first["points"], first["doubles"]) == ("Going Mah Jongg", 20, 0)
    assert result["arrangement"][0] == ["EW", "EW", "EW", "EW"]


def test_score__yaml_request_and_loser(tmp_path: Path) -> None:
    """A YAML request for a loser scores their sets."""
    done = run(tmp_path, "score", None, text="seat_wind: S\nround_wind: E\nconcealed: 5B 5B 5B 1C 6D\nwinner: false\n")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["score"] == 4


def test_score__ruleset_option_wins(tmp_path: Path) -> None:
    """``--ruleset`` wins over the request's ruleset (an unknown id there is ignored)."""
    done = run(tmp_path, "score", {**WINNING, "ruleset": "nonexistent"}, "--ruleset", "classic")
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("change", "message"), [
    ({"concealed": "3D 3D 3D 3B 4B 2B 6C 7C"}, "not a Mah Jongg hand"),
    ({"concealed": "3D 3D 3D 3B 4B 2B 6C ZZ"}, "unknown tile code 'ZZ'"),
    ({"concealed": "3D 3D 3D 3B 4B 2B 1B 1B"}, "expected at most 4 of '1B'"),
    ({"melds": [{"tiles": "EW EW SW"}]}, "expected a chow, pung, kong or pair, got 'EW EW SW'"),
    ({"seat_wind": "X"}, "expected a wind E, S, W or N"),
    ({"won_by": "magic"}, "expected 'won_by' to be one of"),
    ({"winner": "yes"}, "expected 'winner' to be true/false"),
    ({"ruleset": "nonexistent"}, "unknown ruleset 'nonexistent'"),
], ids=["incomplete", "unknown_code", "fifth_copy", "bad_meld", "bad_wind", "bad_won_by", "winner_not_bool",
        "unknown_ruleset"])
def test_score__invalid_request_exit_1(tmp_path: Path, change: dict, message: str) -> None:
    """Invalid input exits 1 with a message saying what is wrong, and prints nothing on stdout."""
    done = run(tmp_path, "score", {**WINNING, **change})
    assert done.returncode == 1
    assert message in done.stderr and done.stdout == ""


def test_score__missing_key_exit_1(tmp_path: Path) -> None:
    """A request without a required key names the key."""
    request = {k: v for k, v in WINNING.items() if k != "seat_wind"}
    done = run(tmp_path, "score", request)
    assert done.returncode == 1 and "missing required key 'seat_wind'" in done.stderr


def test_score__usage_error_exit_2(tmp_path: Path) -> None:
    """No FILE argument is a usage error, as the real process's exit status too."""
    done = sparrow_process("--config-dir", str(tmp_path / "config"), "score")
    assert done.returncode == 2 and "the following arguments are required: FILE|-" in done.stderr
    assert sparrow("--config-dir", str(tmp_path / "config"), "score").returncode == 2


def test_settle__t_set_2(tmp_path: Path) -> None:
    """North wins (example 2): deltas and payments as the contract shows them."""
    done = run(tmp_path, "settle", {"ruleset": "classic", "east": 0, "winner": 3, "scores": [80, 12, 48, 112],
                                    "discarder": 1, "self_drawn": False})
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["deltas"] == [-24, -284, -140, 448]
    assert result["payments"][0] == {"from": 0, "to": 3, "amount": 224}


def test_settle__dead_hand(tmp_path: Path) -> None:
    """``winner: null`` settles nothing."""
    done = run(tmp_path, "settle", {"east": 2, "winner": None, "scores": [0, 0, 0, 0]})
    assert json.loads(done.stdout) == {"deltas": [0, 0, 0, 0], "payments": []}


@pytest.mark.parametrize(("request_", "message"), [
    ({"east": 0, "winner": 7, "scores": [1, 2, 3, 4]}, "expected 'winner' to be a seat 0 to 3"),
    ({"east": 0, "winner": 0, "scores": [1, 2]}, "expected 'scores' to hold 4 numbers, one per seat, got 2"),
    ({"east": 0, "winner": 0}, "missing required key 'scores'"),
], ids=["bad_seat", "two_scores", "no_scores"])
def test_settle__invalid_exit_1(tmp_path: Path, request_: dict, message: str) -> None:
    """Bad seats or scores exit 1 with a message."""
    done = run(tmp_path, "settle", request_)
    assert done.returncode == 1 and message in done.stderr
