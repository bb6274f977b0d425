"""Helpers shared by the subcommands."""

from __future__ import annotations

import json
import sys
from typing import Any


def print_json(data: Any) -> None:
    """Print exactly one JSON document on stdout (interface contract)."""
    sys.stdout.write(json.dumps(data, separators=(", ", ": ")) + "\n")


def load_ruleset(ruleset_id: str, mods_dir: str | None = None, config_dir: str | None = None) -> Any:
    """The ruleset with this id from the enabled mods (``config_dir`` holds which mods are enabled)."""
    from game.mods import get_ruleset

    return get_ruleset(ruleset_id, mods_dir=mods_dir, config_dir=config_dir)


def judge_for(ruleset: Any) -> Any:
    """The judge (Mah Jongg, scoring and settlement) for a ruleset."""
    from game.core.scoring import RulesetJudge

    return RulesetJudge(ruleset)
