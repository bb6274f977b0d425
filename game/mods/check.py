"""Check one mod folder or zip as if it were installed (``mods check``, and before ``mods install``)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from game.config import Folders
from game.errors import Problem, RulesetError, message_of
from game.mods.catalog import build_catalog
from game.mods.content import validate_content
from game.mods.discovery import FoundMod, open_mod
from game.mods.rules_hook import special_hands_targets
from game.mods.rulesets import load_ruleset
from game.mods.translations import check_catalogs


def check_found(found: FoundMod, folders: Folders) -> list[Problem]:
    """Every problem of ``found``: its files, then how it fits with the installed mods.

    The problems are also added to ``found.problems``.
    """
    if found.manifest is not None and not found.problems:
        found.problems.extend(validate_content(found, cache=folders.sound_verdicts))
    if found.manifest is None or found.problems:
        return found.problems
    catalog = build_catalog(folders, full=False, extra=found)
    if found.problems:  # its id belongs to a mod that comes with the game
        return found.problems
    entry = next(entry for entry in catalog.entries if entry.found is found)
    found.problems.extend(entry.order_problems)
    if not entry.loaded:
        return found.problems
    touched = {record.id for record in entry.records if record.kind == "ruleset"}
    for record in entry.records:
        if record.kind == "special_hands":
            targets = special_hands_targets(record.file)
            touched |= set(targets) if targets is not None else {r.id for r in catalog.list("ruleset")}
    for ruleset_id in sorted(touched):
        if catalog.record("ruleset", ruleset_id) is None:
            continue
        try:
            load_ruleset(catalog, ruleset_id, strict=True)
        except RulesetError as exc:
            for problem in exc.problems or [Problem(found.shown, message_of(exc))]:
                # Another mod's broken file is that mod's problem, not this one's.
                ours = problem.path == found.shown or problem.path.startswith(found.shown + "/")
                if ours and problem not in found.problems:
                    found.problems.append(problem)
    return found.problems


def check_mod(path: Path, folders: Folders, shown: str | None = None) -> FoundMod:
    """Open and check the mod at ``path`` (folder or zip) without installing it, its catalogs too; nothing is
    written except a temporary copy of a zip's content, removed before returning."""
    with tempfile.TemporaryDirectory(prefix="sparrow-check-") as tmp:
        found = open_mod(path, Path(tmp), shown=shown)
        check_found(found, folders)
        if found.manifest is not None:
            found.catalog_problems = check_catalogs(found)
        found.root = None if found.is_zip else found.root
    return found
