"""The one place where the mod system calls the ruleset loader (:mod:`game.rules.load`).

Rulesets and special-hand files are parsed and compiled by the rules layer; the mod system only decides which
files, in which order, and names the mod in any problem.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.errors import DataFileError, Problem, RulesetError

ParentLookup = Callable[[str], Any]


def _loader() -> Any:
    try:
        return importlib.import_module("game.rules.load")
    except ModuleNotFoundError as exc:
        if exc.name not in ("game.rules.load", "game.rules"):
            raise
        return None


def _remap(problems: list[Problem], real: Path, shown: str) -> list[Problem]:
    """Problems name the file as the player knows it (inside the zip they installed, say)."""
    real_text = str(real)
    return [Problem(shown + p.path[len(real_text):] if p.path.startswith(real_text) else p.path,
                    p.message, p.line, p.column) for p in problems]


def _call(function: Callable[..., Any], *args: Any, **optional: Any) -> Any:
    """Call ``function`` passing only the optional keyword arguments it declares."""
    accepted = inspect.signature(function).parameters
    return function(*args, **{key: value for key, value in optional.items() if key in accepted})


def load_ruleset_file(path: Path, shown: str, parent: ParentLookup | None = None) -> Any:
    """Load one ``rulesets/*.yaml``; ``parent(id)`` returns the ruleset an ``extends:`` names.

    Raises :class:`RulesetError` with ``FILE:LINE:COLUMN`` problems naming ``shown``.
    """
    module = _loader()
    if module is None:
        raise RulesetError([Problem(shown, "cannot load rulesets: the ruleset loader (game.rules.load) is missing")])
    try:
        return _call(module.load_ruleset, path, display_path=shown, parent=parent, resolve=parent)
    except DataFileError as exc:
        raise RulesetError(_remap(exc.problems, path, shown)) from None


def apply_special_hands_file(ruleset: Any, path: Path, shown: str) -> Any:
    """The ruleset with the special hands of one ``hands/*.yaml`` added or changed."""
    module = _loader()
    function = getattr(module, "apply_special_hands", None) if module else None
    if function is None:
        raise RulesetError([Problem(shown, "cannot load special hands: the loader (game.rules.load) is missing")])
    try:
        return _call(function, ruleset, path, display_path=shown)
    except DataFileError as exc:
        raise RulesetError(_remap(exc.problems, path, shown)) from None


def check_special_hands_file(path: Path, shown: str) -> list[Problem]:
    """Problems in a ``hands/*.yaml`` checked on its own (without a ruleset to apply it to)."""
    module = _loader()
    function = getattr(module, "check_special_hands", None) or getattr(module, "load_special_hands", None) \
        if module else None
    if function is None:
        return [Problem(shown, "cannot check special hands: the loader (game.rules.load) is missing")]
    try:
        _call(function, path, display_path=shown)
    except DataFileError as exc:
        return _remap(exc.problems, path, shown)
    return []


def special_hands_targets(path: Path) -> list[str] | None:
    """The ruleset ids a hands file applies to, or None when it applies to every ruleset."""
    module = _loader()
    function = getattr(module, "special_hands_targets", None) if module else None
    if function is None:
        return None
    return function(path)
