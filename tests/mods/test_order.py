"""Load order: dependencies first, the player's order next, alphabetical ties; the same every run."""

from __future__ import annotations

from pathlib import Path

from game.mods.discovery import open_folder
from game.mods.order import resolve
from tests.mods.modkit import manifest, write


def _mods(tmp_path: Path, specs: dict[str, str]) -> dict:
    found = {}
    for mod_id, extra in specs.items():
        text = manifest(mod_id, ["ai"], extra=extra)
        if "game:" in extra:
            text = text.replace('game: ">=0.1"\n', "", 1)
        write(tmp_path / mod_id / "mod.yaml", text)
        found[mod_id] = open_folder(tmp_path / mod_id, "user")
    return found


def test_order__dependencies_then_alphabetical(tmp_path: Path) -> None:
    """Required, optional-present and load_after mods come first; the rest alphabetically."""
    mods = _mods(tmp_path, {
        "zeta": "",
        "hk-rules": "requires: [base-set]\noptional: {voice-x: '*', absent: '*'}\n",
        "base-set": "",
        "voice-x": "load_after: [zeta]\n",
        "alpha": "load_before: [base-set]\n",
    })
    result = resolve(mods, set(mods), "0.1.0")
    assert result.order == ["alpha", "base-set", "zeta", "voice-x", "hk-rules"]
    assert result.problems == {}


def test_order__preference_breaks_ties(tmp_path: Path) -> None:
    """The player's saved order decides among mods whose dependencies allow either order."""
    mods = _mods(tmp_path, {"aa": "", "bb": "", "cc": "requires: [aa]\n"})
    assert resolve(mods, set(mods), "0.1.0", ["cc", "bb"]).order == ["bb", "aa", "cc"]


def test_order__dropping_cascades(tmp_path: Path) -> None:
    """A mod needing a mod that cannot load is left out too, with its own reason."""
    mods = _mods(tmp_path, {"aa": "game: '>=5'\n", "bb": "requires: [aa]\n", "cc": ""})
    result = resolve(mods, set(mods), "0.1.0")
    assert result.order == ["cc"]
    assert [p.message for p in result.problems["bb"]] == ["requires mod 'aa', which cannot be loaded"]


def test_order__deterministic(tmp_path: Path) -> None:
    """The same mods give the same order every time, whatever the dictionary order."""
    mods = _mods(tmp_path, {name: "" for name in ("mm", "cc", "xx", "aa")})
    reversed_mods = dict(reversed(list(mods.items())))
    assert resolve(mods, set(mods), "0.1.0").order == resolve(reversed_mods, set(mods), "0.1.0").order == [
        "aa", "cc", "mm", "xx"]
