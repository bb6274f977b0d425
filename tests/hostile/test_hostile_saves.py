"""Damaged and semantically wrong saves (issue 25, class 5): fields of the wrong type, impossible seeds, deep
nesting, special files and links in the saves folder, players nobody installed, actions that do not replay, a log
hash that does not match. ``saves list`` lists each as corrupt with its reason (exit 0) beside the good save,
``replay`` refuses it with exit 1, nothing is changed or removed, and nothing crashes or hangs."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.hostile.kit import GOOD_SAVE, World, assert_clean, good_save_text, make_world, run_limited


def _changed(change: Callable[[dict[str, Any]], Any]) -> Callable[[], str]:
    def text() -> str:
        data = json.loads(good_save_text())
        change(data)
        return json.dumps(data)
    return text


def _set(key: str, value: Any) -> Callable[[], str]:
    return _changed(lambda data: data.__setitem__(key, value))


def _hand(key: str, value: Any) -> Callable[[], str]:
    return _changed(lambda data: data["hands"][0].__setitem__(key, value))


def _raw(text: str | bytes) -> Callable[[], str | bytes]:
    return lambda: text


def _action(index: int, line: str) -> Callable[[], str]:
    return _changed(lambda data: data["hands"][0]["actions"].__setitem__(index, line))


SAVES: dict[str, tuple[Callable[[], str | bytes], str]] = {
    "actions_a_number": (_hand("actions", 5), "expected field 'actions' to be list"),
    "actions_a_mapping": (_hand("actions", {"a": 1}), "expected field 'actions' to be list"),
    "actions_of_numbers": (_hand("actions", [1, 2, 3]), "the actions of hand 1"),
    "seed_infinite": (_raw(good_save_text().replace('"seed": 5', '"seed": Infinity')), "expected field 'seed'"),
    "seed_not_a_number": (_raw(good_save_text().replace('"seed": 5', '"seed": NaN')), "expected field 'seed'"),
    "seed_of_5000_digits": (_raw(good_save_text().replace('"seed": 5', '"seed": ' + "7" * 5000)), "digits"),
    "seed_text": (_set("seed", "five"), "expected field 'seed' to be int"),
    "seed_fraction": (_set("seed", 5.5), "expected field 'seed' to be int"),
    "nested_100000_deep": (_raw('{"kind": "sparrow-save", "x": ' + "[" * 100_000 + "]" * 100_000 + "}"),
                           "nested too deeply"),
    "three_players": (_set("players", ["greedy"] * 3), "expected 4 players"),
    "players_numbers": (_set("players", [1, 2, 3, 4]), "expected players to be texts"),
    "player_with_escape_codes": (_set("players", ["\x1b[2J", "greedy", "greedy", "greedy"]),
                                 "expected player ids"),
    "five_names": (_set("names", ["a"] * 5), "expected 4 names"),
    "hands_a_mapping": (_set("hands", {"0": {}}), "expected field 'hands' to be list"),
    "hand_a_number": (_set("hands", [3]), "expected hand 1 to be a mapping"),
    "hand_with_an_unknown_field": (_hand("moves", []), "unknown field 'moves'"),
    "format_as_text": (_set("format", "1"), "no format version"),
    "format_true": (_set("format", True), "no format version"),
    "format_from_the_future": (_set("format", 99), "newer Sparrow"),
    "not_a_save": (_set("kind", "spreadsheet"), "not a Sparrow save"),
    "empty": (_raw(""), "the save is empty"),
    "binary_junk": (_raw(bytes(range(256)) * 4), "not UTF-8"),
    "utf16": (_raw(good_save_text().encode("utf-16")), "not UTF-8"),
    "cut_short": (_raw(good_save_text()[:300]), "truncated"),
    "unknown_player": (_set("players", ["nosuchbot", "greedy", "greedy", "greedy"]), "unknown player 'nosuchbot'"),
    "unknown_ruleset": (_set("ruleset", "nosuchrules"), "its ruleset cannot be loaded"),
    "illegal_action": (_action(5, "1 discard 9D"), "does not replay"),
    "action_nobody_can_parse": (_action(2, "2 juggle RD"), "unknown action"),
    "log_hash_does_not_match": (_hand("log_hash", "0" * 16), "replays differently"),
    "hands_after_the_end": (_changed(lambda data: data.__setitem__("hands", data["hands"] * 300)), "hand 3"),
    "ten_thousand_and_one_hands": (_changed(lambda data: data.__setitem__("hands", [{}] * 10_001)),
                                   "more than a game can have"),
}


def _special(kind: str) -> Callable[[World, Path], None]:
    def build(world: World, path: Path) -> None:
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "dangling_link":
            os.symlink(world.root / "nowhere.sparrow", path)
        elif kind == "link_loop":
            os.symlink(path, path)
        elif kind == "folder":
            path.mkdir()
        elif kind == "forty_megabytes":
            with open(path, "wb") as handle:
                handle.truncate(40 * 1024 * 1024)
    return build


SPECIAL = {
    "named_pipe": (_special("fifo"), "not a regular file but a named pipe"),
    "dangling_link": (_special("dangling_link"), "a link to a file that does not exist"),
    "link_to_itself": (_special("link_loop"), "cannot read the save"),
    "folder_named_like_a_save": (_special("folder"), "not a regular file but a folder"),
    "forty_megabytes_of_nothing": (_special("forty_megabytes"), "more than the limit"),
}


def _place(world: World, name: str) -> Path:
    path = world.saves / "hostile.sparrow"
    if name in SAVES:
        data = SAVES[name][0]()
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    else:
        SPECIAL[name][0](world, path)
    return path


def _listing(ran) -> dict[str, dict]:
    assert ran.returncode == 0, ran.output[-2000:]
    return {Path(entry["path"]).stem: entry for entry in json.loads(ran.stdout)}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SAVES) + sorted(SPECIAL))
def test_hostile_save__listed_corrupt_with_its_reason(tmp_path: Path, name: str) -> None:
    """``saves list`` lists the hostile save as corrupt with its reason, the good one as ok, and leaves the file
    as it was."""
    world = make_world(tmp_path)
    path = _place(world, name)
    before = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    ran = run_limited(world, "saves", "list", "--json")
    assert_clean(ran)
    saves = _listing(ran)
    assert saves[GOOD_SAVE]["status"] == "ok", saves[GOOD_SAVE]
    message = (SAVES.get(name) or SPECIAL[name])[1]
    assert saves["hostile"]["status"] == "corrupt" and message in saves["hostile"]["reason"], saves["hostile"]
    if before is not None:
        assert path.read_bytes() == before


REPLAYED = ["actions_a_number", "seed_infinite", "nested_100000_deep", "binary_junk", "illegal_action",
            "log_hash_does_not_match", "hands_after_the_end", "named_pipe", "dangling_link"]


@pytest.mark.slow
@pytest.mark.parametrize("name", REPLAYED)
def test_hostile_save__replay_refuses_it(tmp_path: Path, name: str) -> None:
    """``replay`` of the hostile save: exit 1 and one line saying what is wrong."""
    world = make_world(tmp_path)
    path = _place(world, name)
    ran = run_limited(world, "replay", str(path))
    assert_clean(ran)
    message = (SAVES.get(name) or SPECIAL[name])[1]
    assert ran.returncode == 1 and ran.stdout == "", ran.output[-2000:]
    assert ran.stderr.startswith("error: ") and ran.stderr.count("\n") == 1 and message in ran.stderr, ran.stderr


@pytest.mark.slow
def test_hostile_save__a_name_with_escape_codes_is_printed_escaped(tmp_path: Path) -> None:
    """A good save whose name holds escape codes and a right-to-left mark is listed ok, the name escaped."""
    world = make_world(tmp_path)
    (world.saves / "odd.sparrow").write_text(_set("name", "\x1b[2J\u202eALL OK")(), encoding="utf-8")
    ran = run_limited(world, "saves", "list")
    assert_clean(ran)
    assert ran.returncode == 0 and "\\x1b[2J\\u202eALL OK" in ran.stdout, ran.stdout


def test_hostile_save__cheap_case(tmp_path: Path) -> None:
    """In the fast tier: a named pipe in the saves folder, which used to hang ``saves list``, is listed corrupt."""
    world = make_world(tmp_path)
    _place(world, "named_pipe")
    ran = run_limited(world, "saves", "list", "--json")
    assert_clean(ran)
    saves = _listing(ran)
    assert saves["hostile"]["status"] == "corrupt" and saves[GOOD_SAVE]["status"] == "ok"
