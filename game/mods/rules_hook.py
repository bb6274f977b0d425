"""The one place where the mod system calls the ruleset loader (:mod:`game.rules.load`).

Rulesets and special-hand files are parsed and compiled by the rules layer; the mod system only decides which
files, in which order, and which mod to blame for a problem.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.core.ruleset import Ruleset
from game.errors import DataFileError, Problem, RulesetError
from game.rules import load as rules_load

ParentLookup = Callable[[str], Ruleset]


def _remap(problems: list[Problem], real: Path, shown: str) -> list[Problem]:
    """Problems name the file as the player knows it (inside the zip they installed, say)."""
    real_text = str(real)
    return [Problem(shown + p.path[len(real_text):] if p.path.startswith(real_text) else p.path,
                    p.message, p.line, p.column) for p in problems]


def load_ruleset_file(path: Path, shown: str, parent: ParentLookup | None = None, text: str | None = None
                      ) -> Ruleset:
    """Load one ``rulesets/*.yaml``; ``parent(id)`` returns the ruleset an ``extends:`` names. ``text``: the
    content of a file not yet written at ``path``.

    Raises :class:`RulesetError` with ``FILE:LINE:COLUMN`` problems naming ``shown``.
    """
    try:
        return rules_load.load_ruleset(path, parent=parent, display_path=shown, text=text)
    except DataFileError as exc:
        raise RulesetError(_remap(exc.problems, path, shown)) from None


def apply_special_hands_file(ruleset: Ruleset, path: Path, shown: str) -> Ruleset:
    """The ruleset with the special hands of one ``hands/*.yaml`` added, changed or disallowed."""
    try:
        return rules_load.apply_hand_file(ruleset, path, display_path=shown)
    except DataFileError as exc:
        raise RulesetError(_remap(exc.problems, path, shown)) from None


def check_special_hands_file(path: Path, shown: str) -> list[Problem]:
    """Problems in a ``hands/*.yaml`` checked on its own (its shape and the patterns of new hands)."""
    try:
        rules_load.check_special_hands(path, display_path=shown)
    except DataFileError as exc:
        return _remap(exc.problems, path, shown)
    return []


def special_hands_targets(path: Path) -> list[str] | None:
    """The ruleset ids a hands file applies to, or None when it applies to every ruleset."""
    return rules_load.special_hands_targets(path)
