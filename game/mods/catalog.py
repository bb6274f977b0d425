"""Build the catalog: find every mod, validate it, work out the load order and read what the loaded ones offer.

The result is a :class:`~game.mods.records.Catalog` (its model and lookup live in :mod:`game.mods.records`, so
the content checks and the ruleset loader this builder calls do not import it back).
"""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path

from pydantic import BaseModel, ValidationError

from game import __version__
from game.config import Folders
from game.datafile import MAX_YAML_BYTES, load_yaml
from game.errors import DataFileError, Problem, RulesetError, message_of
from game.i18n import L_
from game.mods.discovery import FoundMod, discover, remembered
from game.mods.lessons import read_lesson
from game.mods.order import resolve
from game.mods.personalities import load_personality_file
from game.mods.records import Catalog, ModEntry, Record, record_files
from game.mods.schemas import ThemeSpec, TilesetSpec, VoiceSpec
from game.mods.state import ModState, load_state
from game.mods.translations import register_catalogs

log = logging.getLogger(__name__)

SPECS: dict[str, type[BaseModel]] = {"tileset": TilesetSpec, "theme": ThemeSpec, "voice": VoiceSpec}

# Kinds read only when first asked for, in a catalog built without ``full``: reading every ruleset file is two
# thirds of building the catalog (~40 ms), and the title screen and most commands need none of them.
DEFERRED_KINDS = frozenset({"ruleset"})


def peek_records(found: FoundMod, kind: str) -> list[Record]:
    """The records of ``kind`` in a mod, read cheaply (id and name only, no full validation)."""
    # Copies: a record's data is frozen, the record itself is not.
    return [dataclasses.replace(record) for record in remembered(found, ("peek_records", kind),
                                                                 lambda: _peek_records(found, kind))]


def _peek_records(found: FoundMod, kind: str) -> list[Record]:
    records: list[Record] = []
    assert found.root is not None and found.manifest is not None
    for path in record_files(found, kind):
        if path.stat().st_size > MAX_YAML_BYTES:
            continue  # refused with its size by the full check; never worth a stall here
        relative = path.relative_to(found.root).as_posix()
        shown = found.shown_path(relative)
        if kind == "ai":
            try:
                people = load_personality_file(path, shown)
            except DataFileError:
                continue
            records.extend(Record("ai", p.id, p.name, found.manifest.id, path, shown, p) for p in people)
            continue
        if kind == "special_hands":
            records.append(Record(kind, path.stem, path.stem, found.manifest.id, path, shown))
            continue
        if kind == "lesson":
            lesson = read_lesson(path, shown)
            if lesson is not None:
                records.append(Record(kind, lesson.id, lesson.name, found.manifest.id, path, shown, lesson))
            continue
        try:
            data = load_yaml(path, shown).data
        except DataFileError:
            continue
        data = data if isinstance(data, dict) else {}
        spec = None
        if kind in SPECS:
            try:
                spec = SPECS[kind].model_validate(data)
            except ValidationError:
                continue
        default_id = found.manifest.id if kind in SPECS else path.stem
        given_id, given_name = data.get("id"), data.get("name")
        record_id = given_id if isinstance(given_id, str) else default_id
        name = given_name if isinstance(given_name, str) else record_id
        records.append(Record(kind, record_id, name, found.manifest.id, path, shown, spec))
    return records


def build_catalog(folders: Folders, *, full: bool = True, game_version: str = __version__,
                  extra: FoundMod | None = None) -> Catalog:
    """Find, check and order every mod; ``full`` also validates every content file (images, sounds, rulesets).

    Without ``full`` only manifests and dependencies decide which mods load; the caller validates what it uses
    (``get_ruleset`` loads the one ruleset it needs). ``extra`` is a mod being checked or installed: it is
    loaded as if installed, enabled and in place of any user mod with the same id (one that reuses the id of a
    mod that comes with the game gets a problem saying so).
    """
    found = discover(folders.mod_roots, folders.config / "cache" / "mods")
    if extra is not None:
        for mod in found:
            if mod.id == extra.id and mod.origin != "user" and mod.manifest is not None \
                    and not _same_folder(mod.path, extra.path):
                # Such a mod would be refused at install and never loaded from the mods folder: say so now.
                extra.problems.append(extra.manifest_problem(("id",), L_(
                    "mod {id} comes with the game ({path}); a mod with the same id cannot be installed: choose "
                    "another id", id=repr(extra.id), path=str(mod.path))))
        found = [mod for mod in found if mod.id != extra.id] + [extra]
    state = load_state(folders.config)
    if extra is not None:
        state.disabled.discard(extra.id)
    everything: dict[str, FoundMod] = {}
    entries: list[ModEntry] = []
    for mod in found:
        entry = ModEntry(mod, state.is_enabled(mod.id))
        entries.append(entry)
        if mod.manifest is None:
            continue
        first = everything.get(mod.id)
        if first is not None:
            entry.duplicate_problems.append(mod.manifest_problem(
                ("id",), L_("duplicate mod id {id}: already found at {path}; this copy is ignored", id=repr(mod.id),
                            path=str(first.path))))
            continue
        everything[mod.id] = mod
    if full:
        # The content checks (~3 ms to import) only for a full build: the title screen builds without them.
        from game.mods.content import validate_content
        from game.mods.media import MediaSession

        with MediaSession(folders.sound_verdicts) as session:
            for mod in everything.values():
                if not mod.problems:
                    mod.problems.extend(validate_content(mod, session))
    enabled = {entry.id for entry in entries if entry.enabled}
    by_id = {entry.id: entry for entry in entries if entry.found is everything.get(entry.id)}
    # Rulesets can only be compiled once the order is known (a ruleset may extend another mod's); a mod whose
    # rulesets or special hands fail is broken, and the order is worked out again without it.
    defer = frozenset() if full else DEFERRED_KINDS
    for _attempt in range(len(everything) + 1):
        catalog = _ordered_catalog(folders, entries, everything, enabled, by_id, state, game_version, defer)
        if not full or not _compile_rulesets(catalog, everything):
            break
    for entry in entries:
        if entry.problems and entry.enabled:
            log.info("mod %r not loaded: %s", entry.id, "; ".join(str(p) for p in entry.problems))
    register_catalogs(catalog)
    return catalog


def _ordered_catalog(folders: Folders, entries: list[ModEntry], everything: dict[str, FoundMod], enabled: set[str],
                     by_id: dict[str, ModEntry], state: ModState, game_version: str,
                     defer: frozenset[str] = frozenset()) -> Catalog:
    """The catalog of the mods in load order; the records of the kinds in ``defer`` are read on first use."""
    for entry in entries:
        entry.loaded = False
        entry._records = []
        entry._catalog = None
        entry.order_problems = []
    resolution = resolve(everything, enabled, game_version, state.order)
    catalog = Catalog(folders, entries, resolution.order, state, _deferred_kinds=defer)
    for mod_id, problems in resolution.problems.items():
        by_id[mod_id].order_problems.extend(problems)
    loaded = [by_id[mod_id] for mod_id in resolution.order]
    peeked: dict[tuple[str, str], list[Record]] = {}
    for entry in loaded:
        entry.loaded = True
        for kind in entry.found.kinds:
            if kind not in defer:
                peeked[entry.id, kind] = records = peek_records(entry.found, kind)
                for record in records:
                    catalog._records.setdefault(kind, {}).setdefault(record.id, []).append(record)

    def read_the_rest() -> None:
        # The mods' records, in their manifests' order, and the conflicts, in load order, come out exactly as if
        # every kind had been read at once.
        offers: dict[tuple[str, str], list[Record]] = {}
        for entry in loaded:
            entry._catalog = None
            for kind in entry.found.kinds:
                records = peeked.get((entry.id, kind))
                if records is None:
                    records = peek_records(entry.found, kind)
                    for record in records:
                        catalog._records.setdefault(kind, {}).setdefault(record.id, []).append(record)
                entry._records.extend(records)
            for record in entry._records:
                offered = offers.setdefault((record.kind, record.id), [])
                if offered and record.kind != "special_hands":
                    catalog._conflicts.append(L_("{kind} {id} from mod {mod} is overridden by mod {other}",
                                                 kind=record.kind,
                                                 id=repr(record.id), mod=repr(offered[-1].mod_id),
                                                 other=repr(entry.id)))
                offered.append(record)
        # Kinds in the order their first record was found, as when every kind is read at once.
        kinds = {record.kind: None for entry in loaded for record in entry._records}
        ordered = {kind: catalog._records[kind] for kind in kinds}
        catalog._records.clear()
        catalog._records.update(ordered)

    if defer:
        catalog._read = read_the_rest
        for entry in loaded:
            entry._catalog = catalog
    else:
        read_the_rest()
    return catalog


def _compile_rulesets(catalog: Catalog, everything: dict[str, FoundMod]) -> bool:
    """Load every ruleset with its special hands; blame each problem on the mod whose file it names.

    Returns whether any mod was found broken (so the order must be worked out again).
    """
    from game.mods.rulesets import load_ruleset  # the ruleset compiler: ~45 ms the title screen never needs

    blamed = False
    for record in catalog.list("ruleset"):
        try:
            load_ruleset(catalog, record.id, strict=True)
        except RulesetError as exc:
            problems = exc.problems or [Problem(record.shown, message_of(exc))]
        except Exception as exc:  # a compiler bug must not stop the other mods loading
            log.exception("%s could not be compiled", record.shown)
            problems = [Problem(record.shown, L_("cannot be compiled: {reason}", reason=repr(exc)))]
        else:
            continue
        for problem in problems:
            owner = _owner(problem.path, everything) or everything[record.mod_id]
            if problem not in owner.problems:
                owner.problems.append(problem)
                blamed = True
    return blamed


def _same_folder(a: Path, b: Path) -> bool:
    """Whether two paths are one folder (checking the game's own mod where it lies is no clash with itself)."""
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _owner(path: str, everything: dict[str, FoundMod]) -> FoundMod | None:
    matches = [mod for mod in everything.values() if path.startswith(mod.shown + "/")]
    return max(matches, key=lambda mod: len(mod.shown), default=None)
