"""Hostile names and odd folders (issue 25, class 9): file names that would clear the terminal, turn the text
round or print a fake verdict; a mod reusing a bundled id, which ``mods check`` once passed and ``mods install``
then refused naming a deleted temporary folder; the game's own files replaced by pipes, folders or files."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.hostile.kit import GOOD_MOD, World, assert_clean, listed, make_world, run_limited
from tests.mods.modkit import manifest, write

FAKE = "\x1b[2J\x1b[HALL MODS VERIFIED OK"
NAMES = {
    "escape_codes": (FAKE, "\\x1b[2J\\x1b[HALL MODS VERIFIED OK"),
    "right_to_left": ("evil\u202egnp.exe", "evil\\u202egnp.exe"),
    "line_break": ("x\nALL MODS VERIFIED OK", "x\\nALL MODS VERIFIED OK"),
    "carriage_return": ("x\rALL MODS VERIFIED OK", "x\\rALL MODS VERIFIED OK"),
    "bell_and_backspace": ("x\a\b\b", "x\\x07\\x08\\x08"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(NAMES))
def test_hostile_names__a_mod_folder_name_is_printed_escaped(tmp_path: Path, name: str) -> None:
    """``mods list`` of a folder whose name holds control or direction characters: the name is shown escaped, the
    terminal is never driven, and the good mod loads."""
    world = make_world(tmp_path)
    raw, escaped = NAMES[name]
    (world.mods / raw).mkdir()
    ran = run_limited(world, "mods", "list")
    assert_clean(ran)
    assert ran.returncode == 0 and escaped in ran.stdout, ran.stdout
    assert GOOD_MOD in ran.stdout


@pytest.mark.slow
def test_hostile_names__a_name_that_is_not_utf8(tmp_path: Path) -> None:
    """A folder name that is not UTF-8 (bytes 0xff 0xfe) is listed with the bytes escaped."""
    world = make_world(tmp_path)
    os.mkdir(os.fsencode(world.mods) + b"/bad\xff\xfe")
    ran = run_limited(world, "mods", "list")
    assert_clean(ran)
    assert ran.returncode == 0 and "bad\\udcff\\udcfe" in ran.stdout, ran.stdout


@pytest.mark.slow
@pytest.mark.parametrize("name", ["escape_codes", "right_to_left"])
def test_hostile_names__a_zip_name_in_mods_check(tmp_path: Path, name: str) -> None:
    """``mods check`` of a zip whose name is hostile: every line printed has the name escaped."""
    world = make_world(tmp_path)
    raw, escaped = NAMES[name]
    archive = tmp_path / f"{raw}.zip"
    archive.write_bytes(b"not a zip")
    ran = run_limited(world, "mods", "check", str(archive))
    assert_clean(ran)
    assert ran.returncode == 1 and escaped in ran.stdout and escaped in ran.stderr, ran.output


@pytest.mark.slow
def test_hostile_names__a_ruleset_name_in_rulesets(tmp_path: Path) -> None:
    """A ruleset whose name holds escape codes is listed by ``rulesets`` with the codes escaped."""
    world = make_world(tmp_path)
    folder = world.mods / "house"
    write(folder / "mod.yaml", manifest("house", ["ruleset"], extra="requires: [classic]\n"))
    write(folder / "rulesets" / "house.yaml", 'format: 1\nid: house\nname: "\\e[2JHouse"\nextends: classic\n')
    ran = run_limited(world, "rulesets")
    assert_clean(ran)
    assert ran.returncode == 0 and "\\x1b[2JHouse" in ran.stdout, ran.stdout


@pytest.mark.slow
def test_hostile_names__an_unknown_id_with_escape_codes(tmp_path: Path) -> None:
    """``mods disable`` of an id holding escape codes: no mod has it, and the message shows it escaped."""
    ran = run_limited(make_world(tmp_path), "mods", "disable", FAKE)
    assert_clean(ran)
    assert ran.returncode == 1 and "no mod with id '\\x1b[2J\\x1b[HALL MODS VERIFIED OK'" in ran.stderr, ran.stderr


def _bundled_id(world: World) -> Path:
    folder = world.root / "classic"
    write(folder / "mod.yaml", manifest("classic", ["ai"]))
    write(folder / "ai" / "p.yaml", "id: copycat\nname: Copycat\nstrategy: expert\n")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("command", ["check", "install"])
def test_hostile_names__check_and_install_agree_on_a_bundled_id(tmp_path: Path, command: str) -> None:
    """A mod reusing a bundled mod's id: ``mods check`` and ``mods install`` both refuse it, naming the mod's own
    manifest (never a temporary folder), and nothing is installed."""
    world = make_world(tmp_path)
    folder = _bundled_id(world)
    ran = run_limited(world, "mods", command, str(folder))
    assert_clean(ran)
    assert ran.returncode == 1, ran.output
    assert f"{folder}/mod.yaml:2:1: mod 'classic' comes with the game" in ran.output, ran.output
    assert ".install-" not in ran.output and "sparrow-check-" not in ran.output
    assert sorted(p.name for p in world.mods.iterdir()) == [GOOD_MOD]


def _pipe(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir(parents=True)


ODD: dict[str, tuple[Callable[[World], None], tuple[str, ...], str]] = {
    "mods_state_a_named_pipe": (lambda w: _pipe(w.config / "mods.yaml"), ("mods", "list", "--json"),
                                "not a regular file but a named pipe"),
    "mods_state_a_folder": (lambda w: _folder(w.config / "mods.yaml"), ("mods", "list", "--json"),
                            "not a regular file but a folder"),
    "settings_a_named_pipe": (lambda w: _pipe(w.config / "settings.yaml"),
                              ("screenshot", "--scene", "title", "--out", "{root}/t.png"),
                              "not a regular file but a named pipe"),
    "settings_a_folder": (lambda w: _folder(w.config / "settings.yaml"),
                          ("screenshot", "--scene", "title", "--out", "{root}/t.png"), "not a regular file"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ODD))
def test_hostile_names__the_games_files_replaced_by_pipes_and_folders(tmp_path: Path, name: str) -> None:
    """The mods state or the settings replaced by a named pipe or a folder: the command neither hangs nor fails,
    and says why the file was not read."""
    world = make_world(tmp_path)
    build, command, message = ODD[name]
    build(world)
    ran = run_limited(world, *(part.format(root=tmp_path) for part in command))
    assert_clean(ran)
    assert ran.returncode == 0 and message in ran.stderr, ran.output[-2000:]
    if command[:2] == ("mods", "list"):
        assert listed(ran)[GOOD_MOD]["loaded"]


@pytest.mark.slow
def test_hostile_names__a_mods_folder_that_is_a_file(tmp_path: Path) -> None:
    """``mods install`` into a "mods folder" that is a file: refused with a message, exit 1, the file untouched."""
    world = make_world(tmp_path)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("mine\n")
    folder = world.root / "fine"
    write(folder / "mod.yaml", manifest("fine", ["ai"]))
    write(folder / "ai" / "p.yaml", "id: fine_p\nname: P\nstrategy: expert\n")
    ran = run_limited(world, "--mods-dir", str(blocker), "mods", "install", str(folder))
    assert_clean(ran)
    assert ran.returncode == 1 and "not installed" in ran.stderr, ran.output
    assert blocker.read_text() == "mine\n"


def test_hostile_names__cheap_case(tmp_path: Path) -> None:
    """In the fast tier: a mod folder named to clear the screen and print a fake verdict is shown escaped."""
    world = make_world(tmp_path)
    (world.mods / FAKE).mkdir()
    ran = run_limited(world, "mods", "list")
    assert_clean(ran)
    assert "\\x1b[2J\\x1b[HALL MODS VERIFIED OK" in ran.stdout
