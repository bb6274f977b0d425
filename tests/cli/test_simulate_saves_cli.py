"""``simulate``, ``play-headless``, ``replay`` and ``saves list`` through the command line (contract §4, §9)."""

import json

import pytest

from tests.cli.runner import Ran, sparrow


def run(*args: str, config) -> Ran:
    return sparrow("--config-dir", str(config), "--mods-dir", str(config / "mods"), *args)


@pytest.fixture
def config(tmp_path):
    return tmp_path / "config"


def test_simulate__json_shape_and_same_hash_twice(config):
    """The last line is the contract's JSON; the same arguments give the same log hash."""
    args = ("simulate", "--ruleset", "classic", "--hands", "40", "--seed", "3", "--players",
            "random,random,greedy,greedy")
    first, second = run(*args, config=config), run(*args, config=config)
    assert first.returncode == 0, first.stderr
    result = json.loads(first.stdout.strip().splitlines()[-1])
    assert set(result) >= {"ruleset", "hands", "seconds", "hands_per_second", "illegal_actions", "errors",
                           "draws", "log_hash", "players"}
    assert result["hands"] == 40 and result["illegal_actions"] == 0 and result["errors"] == 0
    assert [p["id"] for p in result["players"]] == ["random", "random", "greedy", "greedy"]
    assert set(result["players"][0]) == {"id", "wins", "win_share", "deal_in_rate", "calls_per_hand",
                                         "special_hand_wins", "net_score_per_hand", "decision_ms_p99"}
    wins = sum(p["wins"] for p in result["players"])
    assert wins + result["draws"] == 40
    assert abs(sum(p["net_score_per_hand"] for p in result["players"])) < 0.05  # settlement is zero-sum
    assert json.loads(second.stdout.strip().splitlines()[-1])["log_hash"] == result["log_hash"]


def test_simulate__jsonl_has_a_line_per_hand(config, tmp_path):
    """``--jsonl`` writes one line per hand with seed, winner, discarder, deltas and the hand's log hash."""
    out = tmp_path / "hands.jsonl"
    done = run("simulate", "--ruleset", "classic", "--hands", "12", "--seed", "5", "--rotate-seats",
               "--jsonl", str(out), config=config)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 12
    assert all({"seed", "winner", "discarder", "deltas", "special_hand", "log_hash"} <= set(x) for x in lines)
    assert all(sum(x["deltas"]) == 0 for x in lines)


@pytest.mark.parametrize(("args", "status"), [
    (("simulate", "--ruleset", "classic", "--hands", "5", "--seed", "1", "--players", "greedy,greedy"), 2),
    (("simulate", "--ruleset", "nope", "--hands", "5", "--seed", "1"), 1),
    (("simulate", "--ruleset", "classic", "--hands", "5", "--seed", "1", "--players", "a,b,c,d"), 1),
    (("simulate", "--hands", "x", "--seed", "1"), 2),
])
def test_simulate__bad_arguments(config, args, status):
    """Usage errors exit 2; understood but invalid input exits 1, with a message on stderr."""
    done = run(*args, config=config)
    assert done.returncode == status and done.stderr.strip()


def test_play_headless_replay_and_list(config, tmp_path):
    """A headless game saved to a file replays to the same line twice, and ``saves list`` shows it."""
    saves = config / "saves"
    saves.mkdir(parents=True)
    path = saves / "headless.sparrow"
    done = run("play-headless", "--ruleset", "classic", "--hands", "6", "--seed", "9", "--save", str(path),
               config=config)
    assert done.returncode == 0, done.stderr
    first = run("replay", str(path), "--json", config=config)
    second = run("replay", str(path), "--json", config=config)
    assert first.returncode == 0, first.stderr
    line = json.loads(first.stdout.strip().splitlines()[-1])
    assert set(line) == {"hands", "final_scores", "log_hash"} and line["hands"] == 6
    assert sum(line["final_scores"]) == 4 * 1000
    assert second.stdout.strip().splitlines()[-1] == first.stdout.strip().splitlines()[-1]
    (saves / "broken.sparrow").write_text('{"kind": "sparrow-save", "format": 1, "hands": [', encoding="utf-8")
    listed = run("saves", "list", "--json", config=config)
    assert listed.returncode == 0
    rows = {row["name"]: row for row in json.loads(listed.stdout)}
    assert rows["headless"]["status"] == "ok" and rows["headless"]["hands"] == 6
    assert rows["broken"]["status"] == "corrupt" and rows["broken"]["reason"]
    assert (saves / "broken.sparrow").read_text(encoding="utf-8").endswith("[")


def test_replay__corrupt_file_exits_1(config, tmp_path):
    """Replaying a damaged save says what is wrong and exits 1."""
    bad = tmp_path / "bad.sparrow"
    bad.write_text("not a save", encoding="utf-8")
    done = run("replay", str(bad), "--json", config=config)
    assert done.returncode == 1 and "corrupt" in done.stderr


def test_play_headless_save_names_ruleset_hash_and_mods_and_replay_notes_changes(config, tmp_path):
    """A headless save holds the ruleset's content hash and the mods in use, as a client save does; replaying it
    after the ruleset changed (or with a mod gone) still gives the same line and says what differs."""
    path = tmp_path / "h.sparrow"
    done = run("play-headless", "--ruleset", "classic", "--hands", "2", "--seed", "4", "--save", str(path),
               config=config)
    assert done.returncode == 0, done.stderr
    data = json.loads(path.read_text(encoding="utf-8"))
    assert len(data["ruleset_hash"]) == 16 and "classic" in {m["id"] for m in data["mods"]}
    first = run("replay", str(path), "--json", config=config)
    assert first.returncode == 0 and "warning" not in first.stderr
    data["ruleset_hash"] = "0123456789abcdef"
    data["mods"].append({"id": "lantern-festival", "version": "1"})
    path.write_text(json.dumps(data), encoding="utf-8")
    again = run("replay", str(path), "--json", config=config)
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip().splitlines()[-1] == first.stdout.strip().splitlines()[-1]
    assert "'lantern-festival'" in again.stderr and "'classic' has changed" in again.stderr


def test_play_headless__a_three_handed_ruleset_takes_three_players_and_replays(config, tmp_path):
    """British Three is played by three: play-headless takes three ids there (and says so when given four)."""
    path = tmp_path / "three.sparrow"
    refused = run("play-headless", "--ruleset", "british-three", "--hands", "1", "--seed", "5", "--save", str(path),
                  "--players", "expert,greedy,greedy,greedy", config=config)
    assert refused.returncode == 2 and "--players needs 3 ids" in refused.stderr and not path.exists()
    done = run("play-headless", "--ruleset", "british-three", "--hands", "2", "--seed", "5", "--save", str(path),
               "--players", "expert,greedy,defensive", config=config)
    assert done.returncode == 0, done.stderr
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["ruleset"] == "british-three" and len(data["players"]) == 4
    assert {"expert", "greedy", "defensive"} == set(data["players"])
    again = run("replay", str(path), "--json", config=config)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout.strip().splitlines()[-1])["hands"] == 2
