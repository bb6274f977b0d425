"""Everything shipped validates: each example mod passes `mods check`, each bundled mod loads, schemas are current."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.mods.catalog import build_catalog
from game.mods.check import check_mod
from tests.mods.modkit import REPO, folders_for
from tools.export_mod_schemas import render, schemas

EXAMPLES = sorted(p for p in (REPO / "examples" / "mods").iterdir() if p.is_dir())
KINDS = ("ruleset", "special_hands", "ai", "tileset", "theme", "voice", "lesson")


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_mod__passes_check(tmp_path: Path, example: Path) -> None:
    """Each example mod validates against the bundled mods, as `mods check` would."""
    found = check_mod(example, folders_for(tmp_path))
    assert [str(p) for p in found.problems] == []


def test_example_mods__one_per_kind() -> None:
    """The examples cover every kind of mod."""
    covered = set()
    for example in EXAMPLES:
        text = (example / "mod.yaml").read_text(encoding="utf-8")
        covered |= {kind for kind in KINDS if f"[{kind}]" in text}
    assert covered == set(KINDS)


def test_bundled_mods__all_load(tmp_path: Path) -> None:
    """Every bundled mod and theme loads without a problem, and the classic ruleset is among them."""
    catalog = build_catalog(folders_for(tmp_path))
    broken = {entry.id: [str(p) for p in entry.problems] for entry in catalog.entries if entry.problems}
    assert broken == {}
    assert catalog.record("ruleset", "classic") is not None


@pytest.mark.parametrize("name", sorted(schemas()))
def test_schema_file__is_current(name: str) -> None:
    """docs/schemas matches the models; run tools/export_mod_schemas.py after changing them."""
    assert (REPO / "docs" / "schemas" / name).read_text(encoding="utf-8") == render(schemas()[name])
