"""The public API the other parts of the game call: get_ruleset, rules_for, list_rulesets, personalities, assets."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.judge import HandSpec, WinContext
from game.core.tiles import parse_tiles, tile_from_code
from game.errors import RulesetError, SparrowError
from game.mods import (
    UnknownRulesetError,
    find_asset,
    get_ruleset,
    list_personalities,
    list_rulesets,
    rules_for,
)
from tests.mods.modkit import REPO, ai_mod, manifest, tileset_mod, write


def _dirs(tmp_path: Path) -> tuple[Path, Path]:
    return tmp_path / "user", tmp_path / "config"


def test_get_ruleset__classic_from_bundled_mod(tmp_path: Path) -> None:
    """The default ruleset comes from the bundled classic mod."""
    ruleset = get_ruleset("classic", *_dirs(tmp_path))
    assert ruleset.id == "classic" and ruleset.tile_count == 144


def test_get_ruleset__unknown_id_lists_known(tmp_path: Path) -> None:
    """An unknown id raises a SparrowError that names the id and the known ones."""
    with pytest.raises(UnknownRulesetError) as caught:
        get_ruleset("nope", *_dirs(tmp_path))
    assert isinstance(caught.value, SparrowError)
    assert str(caught.value).startswith("unknown ruleset 'nope': expected one of ")
    assert "'classic'" in str(caught.value) and caught.value.known == sorted(caught.value.known)


def test_rules_for__the_judge_scores_by_the_mods_ruleset(tmp_path: Path) -> None:
    """rules_for gives the ruleset a mod overrides and a judge that scores by it: a club's classic with a limit
    of 500 caps a self-drawn concealed hand of terminal pungs, worth 528 in the classic (no limit), at 500."""
    user, config = _dirs(tmp_path)
    write(user / "club" / "mod.yaml", manifest("club", ["ruleset"], extra="requires: [classic]\n"))
    write(user / "club" / "rulesets" / "classic.yaml",
          "format: 1\nid: classic\nextends: classic\nname: Club classic\nlimit: 500\n")
    hand = HandSpec(tuple(parse_tiles("1B 1B 1B 9B 9B 9B 1C 1C 1C 9C 9C 9C 1D 1D")))
    context = WinContext(True, tile_from_code("1D"), "wall")
    ruleset, judge = rules_for("classic", user, config)
    assert ruleset.name == "Club classic"
    assert judge.score(hand, context).score == 500
    _bundled, bundled_judge = rules_for("classic", tmp_path / "none", config)
    assert bundled_judge.score(hand, context).score == 528


def test_rules_for__unknown_id_lists_known(tmp_path: Path) -> None:
    """An unknown id raises as get_ruleset does, naming the id."""
    with pytest.raises(UnknownRulesetError, match="unknown ruleset 'nope'"):
        rules_for("nope", *_dirs(tmp_path))


def test_get_ruleset__broken_ruleset_file_reports_lines(tmp_path: Path) -> None:
    """A ruleset with an error raises RulesetError with FILE:LINE:COLUMN problems."""
    user, config = _dirs(tmp_path)
    write(user / "club" / "mod.yaml", manifest("club", ["ruleset"]))
    write(user / "club" / "rulesets" / "club.yaml", "format: 1\nid: club\nextends: classic\nname: Club\nlimit: -5\n")
    with pytest.raises(RulesetError) as caught:
        get_ruleset("club", user, config)
    assert [p.line for p in caught.value.problems] == [5]
    assert caught.value.problems[0].path == f"{user}/club/rulesets/club.yaml"


def test_get_ruleset__broken_special_hands_skipped(tmp_path: Path) -> None:
    """A special-hands mod that does not apply leaves the ruleset playable without it."""
    user, config = _dirs(tmp_path)
    write(user / "bad-hands" / "mod.yaml", manifest("bad-hands", ["special_hands"]))
    write(user / "bad-hands" / "hands" / "x.yaml", "format: 1\nchange:\n  no_such_hand: {points: 1}\n")
    assert get_ruleset("classic", user, config).id == "classic"


def test_get_ruleset__mod_override_and_qualified_id(tmp_path: Path) -> None:
    """A later mod's ruleset with the same id wins; 'mod:id' still reaches the original."""
    user, config = _dirs(tmp_path)
    write(user / "club" / "mod.yaml", manifest("club", ["ruleset"], extra="requires: [classic]\n"))
    write(user / "club" / "rulesets" / "classic.yaml",
          "format: 1\nid: classic\nextends: classic\nname: Club classic\nlimit: 500\n")
    assert get_ruleset("classic", user, config).limit == 500
    assert get_ruleset("classic:classic", user, config).limit is None
    assert [(r.id, r.mod) for r in list_rulesets(user, config) if r.id == "classic"] == [("classic", "club")]


def test_list_personalities__bundled_and_user(tmp_path: Path) -> None:
    """Personalities from every loaded ai mod are listed, the user's included."""
    user, config = _dirs(tmp_path)
    ai_mod(user)
    ids = {p.id for p in list_personalities(user, config)}
    assert "tester" in ids
    if (REPO / "mods" / "opponents").is_dir():
        assert "expert" in ids


def test_find_asset__last_mod_wins_and_no_escape(tmp_path: Path) -> None:
    """Assets come from the record's mod; names leaving the folder are never resolved."""
    user, config = _dirs(tmp_path)
    tileset_mod(user)
    assert find_asset("tileset", "good-tiles", "sheet.png", user, config) == user / "good-tiles/tileset/sheet.png"
    assert find_asset("tileset", "good-tiles", "SHEET.PNG", user, config) == user / "good-tiles/tileset/sheet.png"
    assert find_asset("tileset", "good-tiles", "../mod.yaml", user, config) is None
    assert find_asset("tileset", "good-tiles", "missing.png", user, config) is None


def test_mods_layer__no_pygame_at_import() -> None:
    """The mod system imports pygame only inside the media checks, never when imported."""
    import subprocess
    import sys

    code = "import sys, game.mods, game.config, game.cli.mods, game.cli.rulesets; print('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "False", result.stderr


def test_get_ruleset__an_edited_ruleset_file_is_compiled_again(tmp_path: Path) -> None:
    """Compiled rulesets are shared only while their files are the same: an edit that keeps the file's size and
    modification time still gives the edited rules, and so does a parent's edit."""
    import os

    user, config = _dirs(tmp_path)
    write(user / "club" / "mod.yaml", manifest("club", ["ruleset"]))
    write(user / "club" / "rulesets" / "base.yaml", "format: 1\nid: base\nextends: classic\nname: Base\nlimit: 500\n")
    write(user / "club" / "rulesets" / "club.yaml", "format: 1\nid: club\nextends: base\nname: Club\n")
    base = user / "club" / "rulesets" / "base.yaml"
    assert get_ruleset("club", user, config).limit == 500
    stamp = base.stat()
    base.write_text(base.read_text().replace("500", "900"), encoding="utf-8")
    os.utime(base, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert get_ruleset("base", user, config).limit == 900
    assert get_ruleset("club", user, config).limit == 900
    base.unlink()
    with pytest.raises(RulesetError):
        get_ruleset("club", user, config)


def test_get_ruleset__a_parent_now_offered_by_another_mod_is_the_one_extended(tmp_path: Path) -> None:
    """A ruleset compiled before is not reused once its parent comes from another mod: a house mod that changes
    classic is what a ruleset extending classic builds on from then on, and removing it undoes that."""
    import shutil

    user, config = _dirs(tmp_path)
    write(user / "club" / "mod.yaml", manifest("club", ["ruleset"]))
    write(user / "club" / "rulesets" / "club.yaml", "format: 1\nid: club\nextends: classic\nname: Club\n")
    assert get_ruleset("club", user, config).limit is None
    write(user / "house" / "mod.yaml", manifest("house", ["ruleset"], extra="requires: [classic]\n"))
    write(user / "house" / "rulesets" / "classic.yaml",
          "format: 1\nid: classic\nextends: classic\nname: House classic\nlimit: 700\n")
    assert get_ruleset("club", user, config).limit == 700
    shutil.rmtree(user / "house")
    assert get_ruleset("club", user, config).limit is None
