"""Golden tables (``tests/golden/*.yaml``): each entry is a score request and its expected result, or a settle
request (``settle:``) and the expected deltas and payments."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from game.cli.score import parse_request
from game.cli.settle import settle_request
from game.core.ruleset import Ruleset
from game.core.scoring import RulesetJudge
from game.rules import load_ruleset

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).resolve().parents[1]
BUNDLED = {path.stem: path for path in sorted((ROOT / "mods").glob("*/rulesets/*.yaml"))}


def _entries() -> list[tuple[str, str, dict]]:
    found = []
    for path in sorted(GOLDEN.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for entry in data["entries"]:
            found.append((entry.get("ruleset", data["ruleset"]), entry["name"], entry))
    return found


ENTRIES = _entries()


def _ruleset(ruleset_id: str, entry: dict) -> Ruleset:
    ruleset = load_ruleset(BUNDLED[ruleset_id], parents=BUNDLED)
    off = set(entry.get("disallow", []))
    hands = tuple(dataclasses.replace(h, allowed=False) if h.id in off else h for h in ruleset.special_hands)
    changes = entry.get("options", {})
    for key in ("penalties", "rounding"):
        if key in changes:
            changes = {**changes, key: dataclasses.replace(getattr(ruleset, key), **changes[key])}
    return dataclasses.replace(ruleset, special_hands=hands, **changes)


@pytest.mark.parametrize(("ruleset_id", "name", "entry"), ENTRIES, ids=[name for _, name, _ in ENTRIES])
def test_golden(ruleset_id: str, name: str, entry: dict) -> None:
    """The hand scores (or the hand settles) exactly as the golden table says."""
    ruleset = _ruleset(ruleset_id, entry)
    if "settle" in entry:
        result = settle_request(ruleset, entry["settle"]).to_dict()
        assert sum(result["deltas"]) == 0
        assert {key: result[key] for key in entry["expect"]} == entry["expect"]
        return
    spec, context = parse_request(entry["request"])
    result = RulesetJudge(ruleset).score(spec, context).to_dict(ruleset.id)
    expected = {"special_hand": None, "mah_jongg": context.winner, "limited": False, **entry["expect"]}
    assert {key: result[key] for key in expected} == expected, result["items"]
