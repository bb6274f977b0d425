"""Rulesets from the loaded mods: the winning ``rulesets/*.yaml`` for an id, its parents, and special hands."""

from __future__ import annotations

import hashlib
import logging
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.ruleset import Ruleset
from game.errors import Problem, RulesetError, SparrowError
from game.i18n import L_
from game.mods import rules_hook
from game.mods.records import Catalog, Record

log = logging.getLogger(__name__)


class UnknownRulesetError(RulesetError):
    """No loaded mod offers a ruleset with this id."""

    def __init__(self, ruleset_id: str, known: list[str]) -> None:
        shown = ", ".join(repr(k) for k in known) or L_("none (no ruleset mod is loaded)")
        SparrowError.__init__(self, L_("unknown ruleset {id}: expected one of {known}", id=repr(ruleset_id),
                                       known=shown))
        self.problems = []
        self.ruleset_id = ruleset_id
        self.known = known

    def __reduce__(self) -> tuple:
        return (self.__class__, (self.ruleset_id, self.known))


class NothingToChangeError(RulesetError):
    """A ruleset that extends its own id (to change it) but no mod loaded before offers that id."""

    def __init__(self, ruleset_id: str) -> None:
        SparrowError.__init__(
            self, L_("extends {id}, its own id, to change the ruleset of that id, but no mod loaded before this one "
                     "offers it: add that mod to requires", id=repr(ruleset_id)))
        self.problems = []
        self.ruleset_id = ruleset_id

    def __reduce__(self) -> tuple:
        return (self.__class__, (self.ruleset_id,))


@dataclass(frozen=True)
class RulesetInfo:
    """A ruleset as ``rulesets --json`` lists it."""

    id: str
    name: str
    mod: str
    tiles: int

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "mod": self.mod, "tiles": self.tiles}


def known_ids(catalog: Catalog) -> list[str]:
    return sorted(record.id for record in catalog.list("ruleset"))


# Compiling the rulesets is most of what checking every mod costs (~0.5 s for the bundled fourteen, each child
# compiling its parent again), and the mod screen, every preset saved and every new game load the same ones again.
# A compiled ruleset is frozen, so one compiled from the very same file is shared as long as the catalog still
# gives it the very same parents: it is kept under its file's content, with the parents it asked for, each by
# its own file's content (a ruleset's file and its parents are all it compiles from). An edited file, or a
# parent now offered by another mod, is compiled again; so is a ruleset that failed.
_Identity = tuple[str, str, str, bytes]
_COMPILED: OrderedDict[_Identity, tuple[Ruleset, tuple[tuple[str, _Identity], ...]]] = OrderedDict()
_COMPILED_KEPT = 64


def _identity(record: Record) -> _Identity | None:
    """Which record, and what its file holds; None when the file cannot be read (the loader then says so)."""
    try:
        content = record.file.read_bytes()
    except OSError:
        return None
    return record.full_id, record.shown, str(record.file), hashlib.blake2b(content, digest_size=16).digest()


def _parent_record(catalog: Catalog, record: Record, parent_id: str) -> Record:
    """The record ``record``'s ``extends: parent_id`` names in ``catalog``."""
    if parent_id == record.id:
        # A mod may change a ruleset of the same id: its parent is the record it overrides.
        offered = catalog.records.get("ruleset", {}).get(parent_id, [])
        earlier = offered[: offered.index(record)] if record in offered else []
        if not earlier:
            raise NothingToChangeError(parent_id)
        return earlier[-1]
    found = catalog.record("ruleset", parent_id)
    if found is None:
        raise UnknownRulesetError(parent_id, known_ids(catalog))
    return found


def _compiled(catalog: Catalog, record: Record, identity: _Identity, visiting: tuple[_Identity, ...] = ()
              ) -> Ruleset | None:
    """The ruleset compiled before from this very file, if ``catalog`` gives it the same parents; else None."""
    kept = _COMPILED.get(identity)
    if kept is None or identity in visiting:
        return None
    ruleset, parents = kept
    for parent_id, parent_identity in parents:
        try:
            found = _parent_record(catalog, record, parent_id)
        except RulesetError:
            return None
        if (_identity(found) != parent_identity
                or _compiled(catalog, found, parent_identity, (*visiting, identity)) is None):
            return None
    _COMPILED.move_to_end(identity)
    return ruleset


def _load_record(catalog: Catalog, record: Record, loading: tuple[str, ...]) -> Ruleset:
    if record.full_id in loading:
        chain = " -> ".join((*loading, record.full_id))
        raise RulesetError([Problem(record.shown, L_("ruleset extends itself: {chain}", chain=chain))])
    identity = _identity(record)
    if identity is not None and (kept := _compiled(catalog, record, identity)) is not None:
        return kept
    parents: list[tuple[str, _Identity | None]] = []

    def parent(parent_id: str) -> Ruleset:
        found = _parent_record(catalog, record, parent_id)
        ruleset = _load_record(catalog, found, (*loading, record.full_id))
        parents.append((parent_id, _identity(found)))
        return ruleset

    ruleset = rules_hook.load_ruleset_file(record.file, record.shown, parent)
    # Kept only when no file changed while it compiled, so the content in the key is the content compiled.
    known = tuple((parent_id, parent_identity) for parent_id, parent_identity in parents if parent_identity)
    if identity is not None and identity == _identity(record) and len(known) == len(parents):
        _COMPILED[identity] = (ruleset, known)
        while len(_COMPILED) > _COMPILED_KEPT:
            _COMPILED.popitem(last=False)
    return ruleset


def load_ruleset(catalog: Catalog, ruleset_id: str, *, strict: bool = False) -> Ruleset:
    """The ruleset ``ruleset_id`` (or ``modid:rulesetid``) with every loaded special-hands file applied.

    A special-hands file that does not apply is another mod's problem: it is skipped with a warning (``mods
    list`` shows it), unless ``strict``, when its error is raised so the checker can blame that mod.
    """
    record = catalog.record("ruleset", ruleset_id)
    if record is None:
        raise UnknownRulesetError(ruleset_id, known_ids(catalog))
    return _with_hands(catalog, _load_record(catalog, record, ()), record.id, strict)


def compile_text(catalog: Catalog, text: str, path: Path, shown: str) -> Ruleset:
    """A ruleset file not yet written (at ``path``, shown as ``shown``), compiled as :func:`load_ruleset` would
    compile it once installed: its parent from ``catalog``, the loaded special-hands files applied. Raises
    :class:`RulesetError` with the problems ``mods check`` would report for it."""
    def parent(parent_id: str) -> Ruleset:
        found = catalog.record("ruleset", parent_id)
        if found is None:
            raise UnknownRulesetError(parent_id, known_ids(catalog))
        return _load_record(catalog, found, ())

    ruleset = rules_hook.load_ruleset_file(path, shown, parent, text=text)
    return _with_hands(catalog, ruleset, ruleset.id, strict=False)


def _with_hands(catalog: Catalog, ruleset: Ruleset, ruleset_id: str, strict: bool) -> Ruleset:
    for hands in catalog.all_records("special_hands"):
        targets = rules_hook.special_hands_targets(hands.file)
        if targets is not None and ruleset_id not in targets:
            continue
        try:
            ruleset = rules_hook.apply_special_hands_file(ruleset, hands.file, hands.shown)
        except RulesetError as exc:
            if strict:
                raise
            log.warning("special hands of mod %r skipped for ruleset %r:\n%s", hands.mod_id, ruleset_id, exc)
    return ruleset


def ruleset_infos(catalog: Catalog) -> tuple[list[RulesetInfo], list[RulesetError]]:
    """Every loadable ruleset, and the errors of those that do not load."""
    infos: list[RulesetInfo] = []
    errors: list[RulesetError] = []
    for record in catalog.list("ruleset"):
        try:
            ruleset = load_ruleset(catalog, record.id)
        except RulesetError as exc:
            errors.append(exc)
            continue
        infos.append(RulesetInfo(record.id, ruleset.name, record.mod_id, ruleset.tile_count))
    return infos, errors
