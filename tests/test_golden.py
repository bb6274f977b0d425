"""Golden scoring tables (``tests/golden/*.yaml``): each entry is a score request and its expected result."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from game.cli.score import parse_request
from game.core.scoring import RulesetJudge
from game.rules import load_ruleset

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).resolve().parents[1]


def _entries() -> list[tuple[str, str, dict]]:
    found = []
    for path in sorted(GOLDEN.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for entry in data["entries"]:
            found.append((data["ruleset"], entry["name"], entry))
    return found


ENTRIES = _entries()


@pytest.mark.parametrize(("ruleset_id", "name", "entry"), ENTRIES, ids=[name for _, name, _ in ENTRIES])
def test_golden(ruleset_id: str, name: str, entry: dict) -> None:
    """The hand scores exactly as the golden table says."""
    ruleset = load_ruleset(ROOT / "mods" / ruleset_id / "rulesets" / f"{ruleset_id}.yaml")
    off = set(entry.get("disallow", []))
    hands = tuple(dataclasses.replace(h, allowed=False) if h.id in off else h for h in ruleset.special_hands)
    ruleset = dataclasses.replace(ruleset, special_hands=hands)
    spec, context = parse_request(entry["request"])
    result = RulesetJudge(ruleset).score(spec, context).to_dict(ruleset.id)
    expected = {"special_hand": None, "mah_jongg": context.winner, "limited": False, **entry["expect"]}
    assert {key: result[key] for key in expected} == expected, result["items"]
