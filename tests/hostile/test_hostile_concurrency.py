"""Two processes at once (issue 25, class 6): the statistics, the mods state and the saves changed by two games or
two commands at the same time lose no update, and two installs into one mods folder both succeed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.mods.state import load_state
from game.saves import list_saves, read_save
from game.stats import load_statistics
from tests.hostile.kit import GOOD_MOD, assert_clean, make_world, run_limited
from tests.mods.modkit import REPO, manifest, tileset_mod, write

HAMMER_SECONDS = 30.0


def _start(*argv: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen([sys.executable, *argv], cwd=REPO, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
def test_concurrency__two_processes_hammering_for_30_seconds_lose_no_update(tmp_path: Path) -> None:
    """Two processes each count hands in the statistics, disable mods and write saves and the autosave as fast as
    they can for 30 s, reading all of it between writes: every hand is counted, every mod stays disabled, every
    save holds its last game, nothing is damaged and no temporary file is left."""
    config = tmp_path / "config"
    workers = [_start("-c", f"from tests.hostile.kit import hammer; hammer({str(config)!r}, {tag!r}, "
                            f"{HAMMER_SECONDS})") for tag in ("one", "two")]
    reports = []
    for worker in workers:
        out, err = worker.communicate(timeout=HAMMER_SECONDS + 120)
        assert worker.returncode == 0, err[-3000:]
        reports.append(json.loads(out.strip().splitlines()[-1]))
    stats = load_statistics(config)
    assert not stats.notes
    for tag, report in zip(("one", "two"), reports, strict=True):
        assert report["hands"] > 20, report["hands"]  # really hammered
        assert stats.player("classic", tag).hands == report["hands"]
        for slot, name in report["saves"].items():
            assert read_save(config / "saves" / slot).name == name
    assert stats.player("classic", "a").hands == sum(report["hands"] for report in reports)
    assert load_state(config).disabled == {mod for report in reports for mod in report["disabled"]}
    # The autosave holds the last game autosaved and its copy the one before: both among each worker's last two.
    autosave, previous = (read_save(config / "saves" / name).name for name in ("autosave.sparrow",
                                                                             "autosave.prev.sparrow"))
    assert autosave in {report["autosaves"][-1] for report in reports}
    assert previous != autosave and previous in {name for report in reports for name in report["autosaves"][-2:]}
    assert all(info.status == "ok" for info in list_saves(config / "saves"))
    assert not list(config.rglob("*.tmp")) and not list(config.rglob("*corrupt*"))


@pytest.mark.slow
def test_concurrency__two_mods_disable_at_once_both_take_effect(tmp_path: Path) -> None:
    """``mods disable`` of two mods started together, five times over: all ten end up disabled."""
    world = make_world(tmp_path)
    ids = [f"tiles-{n}" for n in range(10)]
    for mod_id in ids:
        tileset_mod(world.mods, mod_id)
    for first, second in zip(ids[::2], ids[1::2], strict=True):
        pair = [_start("-m", "game", *world.args(), "mods", "disable", mod_id) for mod_id in (first, second)]
        for command in pair:
            _out, err = command.communicate(timeout=60)
            assert command.returncode == 0 and "Traceback" not in err, err
    assert load_state(world.config).disabled == set(ids)


def _mod(root: Path, mod_id: str) -> Path:
    folder = root / mod_id
    write(folder / "mod.yaml", manifest(mod_id, ["ai"]))
    write(folder / "ai" / "p.yaml", f"id: {mod_id.replace('-', '_')}_p\nname: P\nstrategy: expert\n")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("same", [False, True], ids=["two_mods", "one_mod_twice"])
def test_concurrency__two_installs_into_one_folder(tmp_path: Path, same: bool) -> None:
    """Two ``mods install`` started together (which once crashed, one deleting the other's staging folder): both
    succeed, in turn; the mods folder holds each mod once and no leftovers."""
    world = make_world(tmp_path)
    sources = [_mod(tmp_path / "src", "first"), _mod(tmp_path / "src2", "first" if same else "second")]
    pair = [_start("-m", "game", *world.args(), "mods", "install", str(source)) for source in sources]
    for command in pair:
        _out, err = command.communicate(timeout=120)
        assert command.returncode == 0 and "Traceback" not in err, err
    expected = {GOOD_MOD, "first"} | (set() if same else {"second"})
    assert {p.name for p in world.mods.iterdir()} == expected
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    assert all(entry["loaded"] for entry in json.loads(ran.stdout) if entry["origin"] == "user")
