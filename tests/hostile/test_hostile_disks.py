"""Full disks and read-only folders (issue 25, class 7): every write of the player's files that fails says what was
not saved and where the previous copy is, changes nothing, and leaves no temporary file behind.

A full disk is simulated by making the flush to disk fail with ENOSPC (as it does when the disk fills). A read-only
folder is made with chmod; where the tests run as root, whom chmod does not stop, new files there are refused the
way the system refuses them (EACCES), and the test says which it did.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from game.errors import WriteError
from game.mods.state import ModState, load_state, save_state
from game.saves import read_save, write_autosave, write_save
from game.stats import Statistics, load_statistics, save_statistics, update_statistics
from tests.cli.runner import sparrow
from tests.hostile.kit import good_save_text, make_world, no_space, read_only
from tests.mods.modkit import manifest, write


def _no_leftovers(folder: Path) -> None:
    assert not [p.name for p in folder.rglob("*.tmp")]


def _saved_game(tmp_path: Path):
    path = tmp_path / "seed.sparrow"
    path.write_text(good_save_text(), encoding="utf-8")
    return read_save(path)


def _statistics(folder: Path) -> Statistics:
    stats = Statistics()
    stats.player("classic", "human").hands = 7
    save_statistics(folder, stats)
    return stats


def test_disk_full__statistics_say_what_and_where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand counted on a full disk: the statistics are not saved, the message says so and where the previous
    file is, and that file still holds the earlier counts."""
    _statistics(tmp_path)
    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(WriteError) as caught:
        update_statistics(tmp_path, lambda stats: setattr(stats.player("classic", "human"), "hands", 8))
    assert str(caught.value) == (f"could not save the statistics: no space left on device; the previous copy is "
                                 f"unchanged at {tmp_path / 'statistics.json'}")
    monkeypatch.undo()
    assert load_statistics(tmp_path).player("classic", "human").hands == 7
    _no_leftovers(tmp_path)


def test_disk_full__a_save_and_the_autosave(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saving and autosaving on a full disk: the message names the save and what is still there; the autosave
    and its previous copy are as they were."""
    saved = _saved_game(tmp_path)
    folder = tmp_path / "saves"
    write_autosave(folder, saved)
    write_autosave(folder, saved)
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.suffix == ".sparrow"}
    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(WriteError) as caught:
        write_save(folder / "mine.sparrow", saved)
    assert str(caught.value) == (f"could not save the game 'good': no space left on device; nothing was there before "
                                 f"({folder / 'mine.sparrow'})")
    with pytest.raises(WriteError, match="no space left on device; the previous copy is unchanged at"):
        write_autosave(folder, saved)
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.suffix == ".sparrow"} == before
    _no_leftovers(folder)


def test_disk_full__mods_disable_says_what_and_where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``mods disable`` on a full disk: exit 1 and one line saying the mods' settings were not saved and where the
    previous file is; the mod stays enabled."""
    world = make_world(tmp_path)
    save_state(world.config, ModState({"tiles-neon"}))
    monkeypatch.setattr(os, "fsync", no_space)
    done = sparrow(*world.args(), "mods", "disable", "good-tiles")
    monkeypatch.undo()
    assert done.returncode == 1
    assert done.stderr == (f"error: could not save the mods' settings (which are on, their order): no space left on "
                           f"device; the previous copy is unchanged at {world.config / 'mods.yaml'}\n")
    assert load_state(world.config).disabled == {"tiles-neon"}
    _no_leftovers(world.config)


def test_disk_full__mods_install_leaves_the_mods_as_they_were(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``mods install`` when the disk fills while the mod is copied: not installed, with the reason, and the
    installed mods are unchanged."""
    world = make_world(tmp_path)
    folder = tmp_path / "fine"
    write(folder / "mod.yaml", manifest("fine", ["ai"]))
    write(folder / "ai" / "p.yaml", "id: fine_p\nname: P\nstrategy: expert\n")
    before = sorted(p.name for p in world.mods.iterdir())
    monkeypatch.setattr(shutil, "copyfile", no_space)
    done = sparrow(*world.args(), "mods", "install", str(folder))
    monkeypatch.undo()
    assert done.returncode == 1
    assert "not installed: no space left on device" in done.stderr and "the installed mods are unchanged" in done.stderr
    assert sorted(p.name for p in world.mods.iterdir()) == before


def test_disk_full__play_headless_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``play-headless --save`` on a full disk: exit 1 and the message, no traceback."""
    world = make_world(tmp_path)
    monkeypatch.setattr(os, "fsync", no_space)
    done = sparrow(*world.args(), "play-headless", "--hands", "1", "--seed", "3", "--save", str(tmp_path / "g.sparrow"))
    monkeypatch.undo()
    assert done.returncode == 1
    assert done.stderr.startswith("error: could not save the game 'g': no space left on device; "
                                  "nothing was there before")


def test_read_only__mods_disable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``mods disable`` with a read-only config folder: exit 1, the reason, and where the unchanged file is."""
    world = make_world(tmp_path)
    save_state(world.config, ModState({"tiles-neon"}))
    with read_only(world.config, monkeypatch) as how:
        done = sparrow(*world.args(), "mods", "disable", "good-tiles")
    assert done.returncode == 1, how
    assert done.stderr == ("error: could not save the mods' settings: permission denied; the previous copy is "
                           f"unchanged at {world.config / 'mods.yaml'}\n"), how
    assert load_state(world.config).disabled == {"tiles-neon"}


def test_read_only__statistics_autosave_and_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting a hand, autosaving and saving the settings in a read-only config folder: each says what was not
    saved and where the previous copy is, and each previous copy is unchanged."""
    from game.config import Settings, load_settings, save_settings

    config = tmp_path / "config"
    _statistics(config)
    saved = _saved_game(tmp_path)
    write_autosave(config / "saves", saved)
    save_settings(config / "settings.yaml", Settings(player_name="Ann"))
    with read_only(config, monkeypatch) as how, read_only(config / "saves", monkeypatch):
        with pytest.raises(WriteError, match=f"could not save the statistics: permission denied; the previous copy is "
                                             f"unchanged at {config / 'statistics.json'}"):
            update_statistics(config, lambda stats: None)
        with pytest.raises(WriteError, match="could not save the autosave: permission denied; the previous copy is "
                                             "unchanged at"):
            write_autosave(config / "saves", saved)
        with pytest.raises(WriteError, match="could not save the settings: permission denied; the previous copy is "
                                             "unchanged at"):
            save_settings(config / "settings.yaml", Settings(player_name="Bob"))
    assert load_statistics(config).player("classic", "human").hands == 7, how
    assert read_save(config / "saves" / "autosave.sparrow").seed == saved.seed
    assert load_settings(config / "settings.yaml").settings.player_name == "Ann"


def test_leftovers__killed_writers_temporary_files_are_cleaned_by_the_next_write(tmp_path: Path) -> None:
    """Temporary files of writers killed mid-write (their process is gone, or they are old), of this file or
    another in the folder, are removed by the next write there; a write in progress in a live process, and the
    player's own files, are left alone."""
    _statistics(tmp_path)
    dead = tmp_path / ".statistics.json.999999999.abc.tmp"
    other = tmp_path / ".autosave.sparrow.999999998.x1.tmp"
    old = tmp_path / ".settings.yaml.def.tmp"
    live = tmp_path / f".statistics.json.{os.getppid()}.ghi.tmp"
    mine = tmp_path / "notes.tmp"
    for path in (dead, other, old, live, mine):
        path.write_text("half a file")
    os.utime(old, (1, 1))
    os.utime(mine, (1, 1))
    update_statistics(tmp_path, lambda stats: None)
    assert sorted(p.name for p in tmp_path.glob("*tmp*")) == sorted([live.name, mine.name])
