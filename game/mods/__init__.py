"""Mods: find, validate, order, install and look up everything the game loads from data.

Built-in content is loaded exactly like a player's mod. The functions here build a fresh
:class:`~game.mods.records.Catalog` from the folders chosen by ``mods_dir``/``config_dir`` (the ``--mods-dir``
and ``--config-dir`` options; None means the platform defaults). Long-lived callers (the client) should build
one catalog with :func:`load_catalog` and keep it, or use :class:`~game.mods.manager.ModManager`.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.config import folders
from game.mods.catalog import build_catalog
from game.mods.records import Catalog, ModEntry, Record

if TYPE_CHECKING:
    from game.core.ruleset import Ruleset
    from game.core.scoring import RulesetJudge
    from game.mods.manager import ModManager, ModRow, Outcome
    from game.mods.personalities import Personality
    from game.mods.rulesets import RulesetInfo, UnknownRulesetError

PathLike = str | os.PathLike[str]

# Imported when first used: the title screen needs only the catalog, and the manager (install, check) and the
# rulesets (which pull in the ruleset compiler and its pydantic schema) cost ~70 ms at start-up.
_LAZY = {
    "ModManager": "game.mods.manager",
    "ModRow": "game.mods.manager",
    "Outcome": "game.mods.manager",
    "RulesetInfo": "game.mods.rulesets",
    "UnknownRulesetError": "game.mods.rulesets",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value

__all__ = [
    "Catalog",
    "ModEntry",
    "ModManager",
    "ModRow",
    "Outcome",
    "Record",
    "RulesetInfo",
    "UnknownRulesetError",
    "build_catalog",
    "find_asset",
    "get_ruleset",
    "list_personalities",
    "list_rulesets",
    "list_themes",
    "list_tilesets",
    "list_voices",
    "load_catalog",
    "rules_for",
]


def load_catalog(mods_dir: PathLike | None = None, config_dir: PathLike | None = None, *,
                 full: bool = True) -> Catalog:
    """Find, validate and order every mod; ``full=False`` skips content validation (images, sounds, rules)."""
    return build_catalog(folders(mods_dir, config_dir), full=full)


def get_ruleset(ruleset_id: str, mods_dir: PathLike | None = None, config_dir: PathLike | None = None
                ) -> Ruleset:
    """The ruleset ``ruleset_id`` from the enabled mods (last loaded wins), with special hands applied.

    Raises :class:`UnknownRulesetError` listing the known ids, or :class:`~game.errors.RulesetError` with
    ``FILE:LINE:COLUMN`` problems when the ruleset's files are invalid.
    """
    from game.mods.rulesets import load_ruleset  # the ruleset compiler: ~45 ms the title screen never needs

    return load_ruleset(load_catalog(mods_dir, config_dir, full=False), ruleset_id)


def rules_for(ruleset_id: str, mods_dir: PathLike | None = None, config_dir: PathLike | None = None, *,
              catalog: Catalog | None = None) -> tuple[Ruleset, RulesetJudge]:
    """The ruleset ``ruleset_id`` from the enabled mods and the judge that plays and scores by it: what a game,
    a simulation or a tool needs to deal hands (``ruleset.play``) and decide them (the judge).

    ``catalog`` (the client's, rebuilt whenever mods change) is where the ruleset is looked up; without one the
    mods in ``mods_dir`` and ``config_dir`` are read afresh. Raises as :func:`get_ruleset` does.
    """
    from game.core.scoring import RulesetJudge  # the scoring engine: ~35 ms the title screen never needs
    from game.mods.rulesets import load_ruleset  # the ruleset compiler: ~45 ms the title screen never needs

    if catalog is None:
        catalog = load_catalog(mods_dir, config_dir, full=False)
    ruleset = load_ruleset(catalog, ruleset_id)
    return ruleset, RulesetJudge(ruleset)


def list_rulesets(mods_dir: PathLike | None = None, config_dir: PathLike | None = None) -> list[RulesetInfo]:
    """Every ruleset that loads, in load order (``rulesets --json``)."""
    from game.mods.rulesets import ruleset_infos  # the ruleset compiler: ~45 ms the title screen never needs

    infos, _errors = ruleset_infos(load_catalog(mods_dir, config_dir, full=False))
    return infos


def list_personalities(mods_dir: PathLike | None = None, config_dir: PathLike | None = None) -> list[Personality]:
    """Every computer-player personality (:class:`game.mods.personalities.Personality`); last loaded wins."""
    return [record.data for record in load_catalog(mods_dir, config_dir, full=False).list("ai")]


def list_tilesets(mods_dir: PathLike | None = None, config_dir: PathLike | None = None) -> list[Record]:
    """Every valid tile set; ``record.data`` is its :class:`~game.mods.schemas.TilesetSpec`."""
    return load_catalog(mods_dir, config_dir).list("tileset")


def list_themes(mods_dir: PathLike | None = None, config_dir: PathLike | None = None) -> list[Record]:
    """Every valid theme; ``record.data`` is its :class:`~game.mods.schemas.ThemeSpec`."""
    return load_catalog(mods_dir, config_dir).list("theme")


def list_voices(mods_dir: PathLike | None = None, config_dir: PathLike | None = None) -> list[Record]:
    """Every valid voice pack; ``record.data`` is its :class:`~game.mods.schemas.VoiceSpec`."""
    return load_catalog(mods_dir, config_dir).list("voice")


def find_asset(kind: str, record_id: str, name: str, mods_dir: PathLike | None = None,
               config_dir: PathLike | None = None) -> Path | None:
    """The file ``name`` of record ``record_id`` of ``kind`` (``tileset``, ``theme``, ``voice``, ``ai``).

    Looked up through the loaded mods, last loaded first; None when no mod has it.
    """
    return load_catalog(mods_dir, config_dir, full=False).find_asset(kind, record_id, name)
