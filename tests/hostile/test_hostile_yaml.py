"""Hostile YAML (issue 25, class 1): values PyYAML's constructors choke on, tags, aliases, deep nesting, broken
documents, in the mods state file, a mod's manifest, a ruleset and the settings. Each case runs the command a
player would (``mods list``, ``mods check``, ``rulesets``, the game's start) as its own process under limits: it
answers with the file, line and column of the problem, the good mod and the bundled rulesets still load, and
nothing crashes, hangs or swamps the machine."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.hostile.kit import GOOD_MOD, World, assert_clean, listed, make_world, run_limited
from tests.mods.modkit import manifest, write

# Values, written where a YAML file holds a value. The first group is refused by YAML itself (the constructor of
# the tag cannot make the value); the rest are well-formed YAML of the wrong kind for where they stand.
YAML_REFUSES = {
    "int_of_text": "!!int abc",
    "float_of_text": "!!float abc",
    "bool_maybe": "!!bool maybe",
    "int_5000_digits": "9" * 5000,
    "int_of_0b": "!!int 0b",
    "binary": '!!binary "***"',
    "python_object": "!!python/object/apply:os.system [echo owned]",
    "set_tag": "!!set {a: null}",
    "str_tag_on_list": "!!str [a]",
    "map_tag_on_text": "!!map x",
    "self_alias": "&a [*a]",
    "nested_300_deep": "[" * 300 + "]" * 300,
    "nested_100000_deep": "[" * 100_000 + "]" * 100_000,
}
WRONG_KIND = {
    "bad_timestamp": "!!timestamp 2024-13-45",
    "impossible_date": "2024-02-30",
    "nan": ".nan",
    "minus_infinity": "-.inf",
    "float_overflow": "1e99999",
    "escape_codes": '"\\e[2J\\e[HALL MODS VERIFIED OK"',
    "right_to_left": '"\\u202egnp.exe"',
}
VALUES = {**YAML_REFUSES, **WRONG_KIND}

# Whole documents that are broken as documents.
BILLION_LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))
DOCUMENTS: dict[str, str | bytes] = {
    "billion_laughs": BILLION_LAUGHS,
    "merge_key": "base: &b {format: 1}\n<<: *b\n",
    "duplicate_key": "format: 1\nformat: 1\n",
    "tab_indentation": "format: 1\nkinds:\n\t- ai\n",
    "not_utf8": b"format: 1\nname: \xff\xfe\xfa\n",
    "nul_byte": b"format: 1\nname: a\x00b\n",
    "unclosed_flow": "format: 1\nkinds: [ai\n",
    "top_level_list": "- format: 1\n",
    "empty": "",
    "half_a_megabyte": "format: 1\n" + "# padding\n" * 60_000,
    "deep_block_nesting": "".join(" " * i + "a:\n" for i in range(400)) + " " * 400 + "b: 1\n",
}

LOCATED = r":\d+:\d+: "


def _state_file(world: World, text: str | bytes) -> None:
    path = world.config / "mods.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)


def _listing_keeps_the_good_mod(ran) -> dict[str, dict]:
    assert ran.returncode == 0, ran.stderr[-2000:]
    entries = listed(ran)
    assert entries[GOOD_MOD]["loaded"], entries[GOOD_MOD]
    assert entries["classic"]["loaded"], entries["classic"]
    return entries


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(VALUES))
def test_hostile_yaml__in_the_mods_state_file(tmp_path: Path, name: str) -> None:
    """``mods list`` with the value in ``mods.yaml``: the state file is reported with its line and column and
    ignored, every mod still loads."""
    world = make_world(tmp_path)
    _state_file(world, f"format: 1\ndisabled: [{VALUES[name]}]\n")
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    _listing_keeps_the_good_mod(ran)
    if name in YAML_REFUSES:
        assert re.search(r"mods\.yaml:2:\d+: ", ran.stderr), ran.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_hostile_yaml__a_broken_mods_state_file(tmp_path: Path, name: str) -> None:
    """``mods list`` with a broken ``mods.yaml``: reported where it can be, ignored, every mod still loads."""
    world = make_world(tmp_path)
    _state_file(world, DOCUMENTS[name])
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    _listing_keeps_the_good_mod(ran)
    if name not in ("empty",):
        assert "mods.yaml" in ran.stderr, ran.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", ["int_of_text", "int_5000_digits", "self_alias", "nested_100000_deep"])
def test_hostile_yaml__rulesets_lists_with_a_broken_state_file(tmp_path: Path, name: str) -> None:
    """``rulesets`` with the value in ``mods.yaml`` still lists the bundled rulesets."""
    world = make_world(tmp_path)
    _state_file(world, f"format: 1\ndisabled: [{VALUES[name]}]\n")
    ran = run_limited(world, "rulesets", "--json")
    assert_clean(ran)
    assert ran.returncode == 0
    assert "classic" in {entry["id"] for entry in json.loads(ran.stdout)}


def _manifest_with(world: World, value: str | bytes, whole: bool = False) -> Path:
    folder = world.mods / "broken"
    folder.mkdir(parents=True)
    text = value if whole else manifest("broken", ["ai"]).replace("format: 1\n", f"format: {value}\n")
    (folder / "mod.yaml").write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    write(folder / "ai" / "p.yaml", "id: broken_p\nname: P\nstrategy: expert\n")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(VALUES))
def test_hostile_yaml__in_a_manifest(tmp_path: Path, name: str) -> None:
    """``mods list`` with the value as a manifest's format: that mod is listed broken with the line and column,
    the others load."""
    world = make_world(tmp_path)
    _manifest_with(world, VALUES[name])
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    broken = _listing_keeps_the_good_mod(ran)["broken"]
    assert not broken["loaded"] and broken["status"] == "error"
    assert any(re.search(r"broken/mod\.yaml" + LOCATED, error) for error in broken["errors"]), broken["errors"]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_hostile_yaml__a_broken_manifest(tmp_path: Path, name: str) -> None:
    """``mods list`` with a broken ``mod.yaml``: that mod is listed broken with the reason, the others load."""
    world = make_world(tmp_path)
    _manifest_with(world, DOCUMENTS[name], whole=True)
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    broken = _listing_keeps_the_good_mod(ran)["broken"]
    assert not broken["loaded"] and broken["errors"], broken
    assert all("broken/mod.yaml" in error for error in broken["errors"]), broken["errors"]


def _ruleset_mod(world: World, text: str) -> Path:
    folder = world.root / "house"
    write(folder / "mod.yaml", manifest("house", ["ruleset"], extra="requires: [classic]\n"))
    (folder / "rulesets").mkdir()
    (folder / "rulesets" / "house.yaml").write_text(text, encoding="utf-8")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(VALUES))
def test_hostile_yaml__in_a_ruleset(tmp_path: Path, name: str) -> None:
    """``mods check`` of a ruleset with the value as its start score: refused, exit 1, FILE:LINE:COL."""
    world = make_world(tmp_path)
    folder = _ruleset_mod(world, "format: 1\nid: house\nname: House\nextends: classic\nplay:\n"
                                 f"  start_score: {VALUES[name]}\n")
    ran = run_limited(world, "mods", "check", str(folder))
    assert_clean(ran)
    assert ran.returncode == 1, ran.output[-2000:]
    assert re.search(r"rulesets/house\.yaml" + LOCATED, ran.stdout), ran.stdout


@pytest.mark.slow
def test_hostile_yaml__an_impossible_date_is_text(tmp_path: Path) -> None:
    """A date no calendar has, where text is wanted (a ruleset's name), is that text: the ruleset is fine."""
    world = make_world(tmp_path)
    folder = _ruleset_mod(world, "format: 1\nid: house\nname: 2024-02-30\nextends: classic\n")
    ran = run_limited(world, "mods", "check", str(folder))
    assert_clean(ran)
    assert ran.returncode == 0 and ran.stdout.startswith("ok: house"), ran.output


SETTINGS = {
    "int_of_text": "master_volume: !!float abc\n",
    "int_5000_digits": f"master_volume: {'9' * 5000}\n",
    "self_alias": "opponents: &a [*a]\n",
    "billion_laughs": BILLION_LAUGHS,
    "window_minus_five": "window_size: [-5, -5]\n",
    "window_huge": "window_size: [100000, 100000]\n",
    "name_with_escapes": 'player_name: "\\e[2J\\e[H"\n',
    "not_utf8": b"player_name: \xff\xfe\n",
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SETTINGS))
def test_hostile_yaml__in_the_settings_the_game_still_starts(tmp_path: Path, name: str) -> None:
    """The game starts (its title is drawn) with a hostile ``settings.yaml``: the bad value is reported with its
    line and column and left at its default."""
    world = make_world(tmp_path)
    text = SETTINGS[name]
    world.config.mkdir(parents=True, exist_ok=True)
    (world.config / "settings.yaml").write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    ran = run_limited(world, "screenshot", "--scene", "title", "--out", str(tmp_path / "title.png"))
    assert_clean(ran)
    assert ran.returncode == 0, ran.output[-2000:]
    assert (tmp_path / "title.png").stat().st_size > 0
    if name != "name_with_escapes":
        assert "settings.yaml" in ran.stderr, ran.stderr


CHEAP: dict[str, Callable[[World], object]] = {
    "int_of_text_in_mods_yaml": lambda world: _state_file(world, "format: 1\ndisabled: [!!int abc]\n"),
    "bool_maybe_in_a_manifest": lambda world: _manifest_with(world, "!!bool maybe"),
}


@pytest.mark.parametrize("name", sorted(CHEAP))
def test_hostile_yaml__cheap_cases(tmp_path: Path, name: str) -> None:
    """Two of the cases above in the fast tier: a value PyYAML cannot construct, in the state file and in a
    manifest, is located and the other mods load."""
    world = make_world(tmp_path)
    CHEAP[name](world)
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    entries = _listing_keeps_the_good_mod(ran)
    problems = ran.stderr if "mods_yaml" in name else "\n".join(entries["broken"]["errors"])
    assert re.search(LOCATED + r"expected (an integer|true or false), got '(abc|maybe)'", problems), problems
