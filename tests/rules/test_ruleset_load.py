"""Ruleset files: the bundled one loads; broken ones are refused whole with FILE:LINE:COLUMN problems."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.play_rules import PlayRules
from game.errors import RulesetError
from game.rules import apply_hand_file, json_schema, load_ruleset
from game.rules.schema import PlayModel
from tests.scoring_builders import CLASSIC, ROOT, classic

MINIMAL = """format: 1
id: tiny
name: Tiny
scoring:
  going_mah_jongg: {name: Going Mah Jongg, points: 20, mah_jongg_only: true, when: mah_jongg}
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path, **kwargs) -> list[str]:
    with pytest.raises(RulesetError) as info:
        load_ruleset(path, **kwargs)
    return [str(p) for p in info.value.problems]


def test_classic__loads_every_line_and_hand() -> None:
    """The bundled classic ruleset has the 36 table lines and the 30 special hands, all allowed."""
    ruleset = classic()
    assert (ruleset.id, ruleset.name) == ("classic", "Classic (Mah Jongg for Windows, 1995)")
    assert len(ruleset.scoring) == 36 and len(ruleset.special_hands) == 30
    assert all(h.allowed for h in ruleset.special_hands)
    assert ruleset.play == PlayRules() and ruleset.start_score == 1000 and ruleset.tile_count == 144


def test_play_model__covers_every_play_rule() -> None:
    """Every PlayRules field can be set from a ruleset's ``play:`` section, with a description."""
    fields = PlayModel.model_fields
    assert set(fields) == {f.name for f in dataclasses.fields(PlayRules)}
    assert all(field.description for field in fields.values())


def test_error__unknown_key(tmp_path: Path) -> None:
    """An unknown key is reported at its line and column."""
    path = write(tmp_path, "r.yaml", MINIMAL + "limmit: 500\n")
    assert problems(path) == [f"{path}:6:1: limmit: unknown key 'limmit'"]


def test_error__bad_tile_code_in_a_pattern(tmp_path: Path) -> None:
    """A tile code no set has is reported where it is written."""
    path = write(tmp_path, "r.yaml", MINIMAL + "special_hands:\n  x:\n    name: X\n    points: 5\n"
                                               "    sets:\n      - pair: 5Q\n")
    assert problems(path) == [f"{path}:11:9: expected a tile code or a class (any, dragon, green, honour, major, "
                              f"minor, red_bamboo, simple, suit, terminal, wind, own_wind, round_wind), got '5Q'"]


def test_error__every_problem_at_once(tmp_path: Path) -> None:
    """Several meaning problems are all reported, and the ruleset is refused whole."""
    path = write(tmp_path, "r.yaml", MINIMAL + (
        "  weird: {name: Weird, points: 1, when: [mah_jongg, moon_phase]}\n"
        "special_hands:\n"
        "  x:\n    name: X\n    sets:\n      - pung: {suit: s, number: s}\n"
    ))
    found = problems(path)
    assert found == [
        f"{path}:6:53: unknown hand condition 'moon_phase'; expected one of " + ", ".join(__import__(
            "game.core.readings", fromlist=["HAND_CONDITIONS"]).HAND_CONDITIONS),
        f"{path}:11:25: variable 's' is used as a suit and as a number",
        f"{path}:8:3: special hand 'x' is worth nothing: give 'points', 'doubles' or 'limit'",
    ]


def test_error__schema_problem_with_line(tmp_path: Path) -> None:
    """A value of the wrong type points at its key."""
    path = write(tmp_path, "r.yaml", MINIMAL.replace("points: 20", "points: lots"))
    found = problems(path)
    assert len(found) == 1 and found[0].startswith(f"{path}:5:")
    assert "scoring.going_mah_jongg.points" in found[0]


def test_error__duplicate_key(tmp_path: Path) -> None:
    """A key given twice is refused (plain YAML would keep the last one silently)."""
    path = write(tmp_path, "r.yaml", MINIMAL + "name: Again\n")
    assert problems(path) == [f"{path}:6:1: duplicate key 'name' (first given on line 3)"]


def test_error__element_with_two_kinds(tmp_path: Path) -> None:
    """An element must name exactly one kind."""
    path = write(tmp_path, "r.yaml", MINIMAL + "special_hands:\n  x:\n    name: X\n    points: 5\n"
                                               "    sets:\n      - {pair: RD, pung: GD}\n")
    found = problems(path)
    assert len(found) == 1 and found[0].startswith(f"{path}:11:9: special_hands.x.sets.0: ")
    assert "exactly one of" in found[0]


def test_error__limit_hand_without_limit(tmp_path: Path) -> None:
    """A hand worth a multiple of the limit needs a ruleset limit."""
    path = write(tmp_path, "r.yaml", MINIMAL + "special_hands:\n  x:\n    name: X\n    limit: 1\n"
                                               "    sets: [{pair: any, times: 7}]\n")
    assert problems(path) == [f"{path}:9:5: special hand 'x' is worth a multiple of the limit, but the ruleset "
                              f"has no 'limit'"]


def test_extends__overrides_one_value(tmp_path: Path) -> None:
    """``extends`` takes the parent's data and changes only what the child says."""
    child = write(tmp_path, "c.yaml", "id: classic_limit\nname: Classic with a limit\nextends: classic\n"
                                      "limit: 500\nscoring:\n  no_chows: {points: 20}\n"
                                      "special_hands:\n  golden_cock: {allowed: false}\n")
    ruleset = load_ruleset(child, parents={"classic": CLASSIC})
    assert (ruleset.id, ruleset.limit, ruleset.extends) == ("classic_limit", 500, "classic")
    assert ruleset.item("no_chows").points == 20 and ruleset.item("no_chows").name == "No Chows in Hand"
    assert not ruleset.special_hand("golden_cock").allowed
    assert len(ruleset.special_hands) == 30


def test_extends__parent_lookup_function(tmp_path: Path) -> None:
    """The mod system passes ``parent(id)`` returning a loaded ruleset; the child builds on its data."""
    child = write(tmp_path, "c.yaml", "id: fast\nname: Fast\nextends: classic\nplay: {max_chows: 1}\n")
    ruleset = load_ruleset(child, parent=lambda ruleset_id: classic())
    assert ruleset.play.max_chows == 1 and len(ruleset.scoring) == 36


def test_extends__problem_in_child_names_the_child(tmp_path: Path) -> None:
    """A bad override is reported in the child's file, at the child's line."""
    child = write(tmp_path, "c.yaml", "id: bad\nname: Bad\nextends: classic\nscoring:\n  no_chows: {points: -5}\n")
    found = problems(child, parents={"classic": CLASSIC})
    assert len(found) == 1 and found[0].startswith(f"{child}:5:")


def test_extends__unknown_parent(tmp_path: Path) -> None:
    """An unknown parent id is reported at ``extends``."""
    child = write(tmp_path, "c.yaml", "id: x\nname: X\nextends: nowhere\n")
    assert problems(child, parents={"classic": CLASSIC}) == [
        f"{child}:3:1: unknown parent ruleset 'nowhere' (known: classic)"]


def test_extends__loop_refused(tmp_path: Path) -> None:
    """Two rulesets extending each other are refused."""
    a = write(tmp_path, "a.yaml", "id: a\nname: A\nextends: b\n")
    b = write(tmp_path, "b.yaml", "id: b\nname: B\nextends: a\n")
    found = problems(a, parents={"a": a, "b": b})
    assert found == [f"{b}:3:1: rulesets extend each other in a loop through 'a'"]


SEVEN_PAIRS = """format: 1
rulesets: [classic]
hands:
  seven_pairs:
    name: Seven Pairs
    points: 100
    concealed: true
    sets: [{pair: any, times: 7, distinct: true}]
change:
  imperial: {points: 7000}
disallow: [golden_cock]
"""


def test_hand_file__adds_changes_and_disallows(tmp_path: Path) -> None:
    """A special-hands file adds a hand, changes a value and disallows a hand."""
    ruleset = apply_hand_file(classic(), write(tmp_path, "h.yaml", SEVEN_PAIRS))
    assert ruleset.special_hand("seven_pairs").points == 100
    assert ruleset.special_hand("imperial").points == 7000
    assert not ruleset.special_hand("golden_cock").allowed
    assert len(ruleset.special_hands) == 31


def test_hand_file__for_another_ruleset_changes_nothing(tmp_path: Path) -> None:
    """A file for other rulesets leaves this one as it was."""
    path = write(tmp_path, "h.yaml", SEVEN_PAIRS.replace("rulesets: [classic]", "rulesets: [hongkong]"))
    assert apply_hand_file(classic(), path) is classic()


def test_hand_file__unknown_hand(tmp_path: Path) -> None:
    """Changing a hand the ruleset does not have is an error at its line."""
    path = write(tmp_path, "h.yaml", "format: 1\nchange:\n  unicorn: {points: 1}\n")
    with pytest.raises(RulesetError) as info:
        apply_hand_file(classic(), path)
    assert [str(p) for p in info.value.problems] == [f"{path}:3:3: unknown special hand 'unicorn' in ruleset "
                                                     f"'classic'"]


def test_json_schema__committed_file_is_current() -> None:
    """``docs/schemas/ruleset.schema.json`` matches the models (run tools/export_schemas.py to update)."""
    for kind, name in (("ruleset", "ruleset"), ("special_hands", "special-hands")):
        committed = json.loads((ROOT / "docs" / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
        assert committed == json_schema(kind)


def test_export_schemas__runs(tmp_path: Path) -> None:
    """The tool writes both schema files to the folder it is given."""
    subprocess.run([sys.executable, str(ROOT / "tools" / "export_schemas.py"), "--out", str(tmp_path)], check=True,
                   cwd=ROOT)
    assert json.loads((tmp_path / "ruleset.schema.json").read_text())["title"] == "Sparrow ruleset"
