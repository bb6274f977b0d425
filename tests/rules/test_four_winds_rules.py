"""The ruleset keys the Four Winds presets added: hyphenated ids, unless, counts_with, pay_table, penalties."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.ruleset import PayTable
from game.errors import RulesetError
from game.rules import load_ruleset
from tests.cli.runner import sparrow

BASE = """format: 1
id: {id}
name: Test
limit: 100
scoring:
  winning: {{name: Going Out, points: 20, mah_jongg_only: true, when: mah_jongg}}
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path, **kwargs) -> list[str]:
    with pytest.raises(RulesetError) as info:
        load_ruleset(path, **kwargs)
    return [str(p) for p in info.value.problems]


def test_ids__hyphens_allowed_in_ruleset_ids_and_extends(tmp_path: Path) -> None:
    """``sheer-luck`` extends ``my-base``: ruleset ids may hold hyphens (the preset ids of `rulesets`)."""
    base = write(tmp_path, "my-base.yaml", BASE.format(id="my-base"))
    child = write(tmp_path, "sheer-luck.yaml", "format: 1\nid: sheer-luck\nextends: my-base\nname: Luck\nlimit: 200\n")
    ruleset = load_ruleset(child, parents={"my-base": base})
    assert (ruleset.id, ruleset.extends, ruleset.limit) == ("sheer-luck", "my-base", 200)


def test_ids__upper_case_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "x.yaml", BASE.format(id="Sheer-Luck"))
    assert any(":2:" in p for p in problems(path))


def test_unless__unknown_condition_reported_with_line(tmp_path: Path) -> None:
    path = write(tmp_path, "x.yaml", BASE.format(id="x") + "  bonus: {name: B, points: 2, when: self_drawn, "
                                                          "unless: valuless}\n")
    found = problems(path)
    assert len(found) == 1 and ":7:" in found[0] and "unknown hand condition 'valuless'" in found[0]


def test_counts_with__must_name_scoring_items(tmp_path: Path) -> None:
    path = write(tmp_path, "x.yaml", BASE.format(id="x") + """special_hands:
  pairs:
    name: Seven Pairs
    points: 100
    counts_with: [winning, one_suit]
    sets: [{pair: any, times: 7, distinct: true}]
""")
    found = problems(path)
    assert len(found) == 1 and "'counts_with' names 'one_suit', which is not a scoring item" in found[0]


def test_pay_table__loaded_and_looked_up(tmp_path: Path) -> None:
    path = write(tmp_path, "x.yaml", BASE.format(id="x") + "pay_table: [[0, 2], [1, 4], [4, 32], [10, 128]]\n")
    table = load_ruleset(path).pay_table
    assert table == PayTable(((0, 2), (1, 4), (4, 32), (10, 128)))
    assert [table.value(n) for n in (0, 1, 3, 6, 9, 10, 13)] == [2, 4, 4, 32, 32, 128, 128]


def test_pay_table__steps_out_of_order_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "x.yaml", BASE.format(id="x") + "pay_table: [[0, 2], [4, 32], [1, 4]]\n")
    assert any("increasing order" in p for p in problems(path))


def test_penalties__unknown_key_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "x.yaml", BASE.format(id="x") + "penalties: {faulty_outs: true}\n")
    assert any("faulty_outs" in p for p in problems(path))


def test_cli__rulesets_lists_all_eight_presets(tmp_path: Path) -> None:
    """``python -m game rulesets --json`` offers every Four Winds preset from the european mod."""
    done = sparrow("--config-dir", str(tmp_path / "cfg"), "--mods-dir", str(tmp_path / "mods"), "rulesets", "--json")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    offered = {r["id"]: (r["mod"], r["tiles"]) for r in json.loads(out)}
    assert {k: v for k, v in offered.items() if v[0] == "european"} == {
        "european": ("european", 136), "sheer-luck": ("european", 144), "novice": ("european", 136),
        "american-classical": ("european", 144), "japanese": ("european", 136),
        "japanese-riichi": ("european", 136), "four-winds": ("european", 136), "hongkong": ("european", 144),
    }


def test_cli__score_hongkong_reports_faan_and_base_value(tmp_path: Path) -> None:
    """The contract's Hong Kong result: points are the faan, doubles 0, score the base pay value."""
    request = ('{"seat_wind": "S", "round_wind": "E", "concealed": "2B 3B 4B 6C 7C 8C 7D 8D 9D 1C 2C 3C 9D 9D", '
               '"bonus": "F2", "winner": true, "winning_tile": "9D", "won_by": "wall"}')
    done = sparrow("--config-dir", str(tmp_path / "cfg"), "--mods-dir", str(tmp_path / "mods"), "score",
                   "--ruleset", "hongkong", "-", stdin=request)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    result = json.loads(out)
    assert (result["ruleset"], result["points"], result["doubles"], result["score"]) == ("hongkong", 3, 0, 16)
