"""Everything the mods offer, after discovery, validation and load order: the records and their assets.

Records (rulesets, special-hand files, personalities, tile sets, themes, voices) are keyed by kind and id; when
several loaded mods offer the same id, the last one in load order wins and the override is listed as a
conflict. Assets are looked up the same way: the last loaded mod offering the record that has the file wins.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from game import __version__
from game.config import Folders
from game.datafile import load_yaml
from game.errors import DataFileError, Problem
from game.mods.discovery import MAX_YAML_BYTES, FoundMod, discover
from game.mods.order import resolve
from game.mods.schemas import ThemeSpec, TilesetSpec, VoiceSpec
from game.mods.state import ModState, load_state

log = logging.getLogger(__name__)

# Where each kind keeps its files inside a mod, and whether it is one file or a folder of them.
KIND_FILES: dict[str, tuple[str, str]] = {
    "ruleset": ("rulesets", "*.yaml"),
    "special_hands": ("hands", "*.yaml"),
    "ai": ("ai", "*.yaml"),
    "tileset": ("tileset", "tileset.yaml"),
    "theme": ("theme", "theme.yaml"),
    "voice": ("voice", "voice.yaml"),
}

SPECS = {"tileset": TilesetSpec, "theme": ThemeSpec, "voice": VoiceSpec}

# Kinds read only when first asked for, in a catalog built without ``full``: reading every ruleset file is two
# thirds of building the catalog (~40 ms), and the title screen and most commands need none of them.
DEFERRED_KINDS = frozenset({"ruleset"})


@dataclass
class Record:
    """One record a mod offers: ``kind`` and ``id``, from ``file`` (``shown`` for messages)."""

    kind: str
    id: str
    name: str
    mod_id: str
    file: Path
    shown: str
    data: Any = None

    @property
    def folder(self) -> Path:
        """The folder the record's assets are relative to."""
        return self.file.parent

    @property
    def full_id(self) -> str:
        return f"{self.mod_id}:{self.id}"


@dataclass
class ModEntry:
    """One mod as the mod manager shows it."""

    found: FoundMod
    enabled: bool
    loaded: bool = False
    duplicate_problems: list[Problem] = field(default_factory=list)
    order_problems: list[Problem] = field(default_factory=list)
    _records: list[Record] = field(default_factory=list, repr=False)
    _catalog: Catalog | None = field(default=None, repr=False, compare=False)

    @property
    def records(self) -> list[Record]:
        """What the mod offers, every kind (deferred kinds are read now, the first time)."""
        if self._catalog is not None:
            self._catalog.read_deferred()
        return self._records

    @property
    def problems(self) -> list[Problem]:
        """Everything wrong with the mod: its files, a clashing id, then why it could not be loaded."""
        return [*self.found.problems, *self.duplicate_problems, *self.order_problems]

    @property
    def id(self) -> str:
        return self.found.id

    @property
    def manifest(self) -> Any:
        return self.found.manifest

    @property
    def origin(self) -> str:
        return self.found.origin

    @property
    def status(self) -> str:
        """``loaded``, ``disabled`` or ``error``."""
        if self.loaded:
            return "loaded"
        if not self.enabled and not self.problems:
            return "disabled"
        return "error"


@dataclass
class Catalog:
    """The mods found and what the loaded ones offer."""

    folders: Folders
    entries: list[ModEntry]
    order: list[str]
    state: ModState
    _records: dict[str, dict[str, list[Record]]] = field(default_factory=dict, repr=False)
    _conflicts: list[str] = field(default_factory=list, repr=False)
    _deferred_kinds: frozenset[str] = field(default=frozenset(), repr=False)
    _read: Callable[[], None] | None = field(default=None, repr=False, compare=False)

    @property
    def records(self) -> dict[str, dict[str, list[Record]]]:
        """Kind -> id -> the records offering it, in load order (the last one wins)."""
        self.read_deferred()
        return self._records

    @property
    def conflicts(self) -> list[str]:
        """Every record overridden by a later mod's, in load order."""
        self.read_deferred()
        return self._conflicts

    def read_deferred(self) -> None:
        """Read the records of the deferred kinds (once), which also completes the mods' records and conflicts."""
        read, self._read = self._read, None
        if read is not None:
            read()

    def _of_kind(self, kind: str) -> dict[str, list[Record]]:
        if kind in self._deferred_kinds:
            self.read_deferred()
        return self._records.get(kind, {})

    def entry(self, mod_id: str) -> ModEntry | None:
        for entry in self.entries:
            if entry.id == mod_id:
                return entry
        return None

    def record(self, kind: str, record_id: str) -> Record | None:
        """The winning record ``record_id`` of ``kind``; ``modid:recordid`` picks one mod's record."""
        if ":" in record_id:
            mod_id, _, plain = record_id.partition(":")
            for candidate in self._of_kind(kind).get(plain, []):
                if candidate.mod_id == mod_id:
                    return candidate
            return None
        offered = self._of_kind(kind).get(record_id)
        return offered[-1] if offered else None

    def list(self, kind: str) -> list[Record]:
        """The winning record of every id of ``kind``, in load order of the mod that won."""
        winners = [offered[-1] for offered in self._of_kind(kind).values()]
        position = {mod_id: index for index, mod_id in enumerate(self.order)}
        return sorted(winners, key=lambda r: (position.get(r.mod_id, 0), r.id))

    def all_records(self, kind: str) -> list[Record]:
        """Every record of ``kind`` from every loaded mod, in load order (overridden ones too)."""
        found = [record for offered in self._of_kind(kind).values() for record in offered]
        position = {mod_id: index for index, mod_id in enumerate(self.order)}
        return sorted(found, key=lambda r: (position.get(r.mod_id, 0), r.shown))

    def find_asset(self, kind: str, record_id: str, name: str) -> Path | None:
        """The file ``name`` of record ``record_id``; the last loaded mod offering the record and the file wins.

        ``name`` is relative to the record's folder (``tileset/``, ``theme/``, ``voice/``, ``ai/``) and may not
        leave it; None when no loaded mod has it.
        """
        if _unsafe_name(name):
            return None
        if ":" in record_id:
            record = self.record(kind, record_id)
            candidates = [record] if record else []
        else:
            candidates = list(reversed(self._of_kind(kind).get(record_id, [])))
        for record in candidates:
            path = resolve_file(record.folder, name)
            if path is not None:
                return path
        return None


def resolve_file(folder: Path, name: str) -> Path | None:
    """The file ``name`` in ``folder``, matching case-insensitively as a fallback (old voice packs are
    upper-case ``.WAV``); None when missing, a link, or outside ``folder``."""
    if _unsafe_name(name):
        return None
    path = folder / name
    if path.is_file() and not path.is_symlink():
        return path
    parent = path.parent
    if not parent.is_dir():
        return None
    wanted = path.name.lower()
    for candidate in sorted(parent.iterdir()):
        if candidate.name.lower() == wanted and candidate.is_file() and not candidate.is_symlink():
            return candidate
    return None


def _unsafe_name(name: str) -> bool:
    normal = name.replace("\\", "/")
    return not normal or normal.startswith("/") or ":" in normal or ".." in normal.split("/")


def record_files(found: FoundMod, kind: str) -> list[Path]:
    """The files of ``kind`` in a mod, sorted by name."""
    if found.root is None:
        return []
    folder, pattern = KIND_FILES[kind]
    return sorted(p for p in (found.root / folder).glob(pattern) if p.is_file())


def peek_records(found: FoundMod, kind: str) -> list[Record]:
    """The records of ``kind`` in a mod, read cheaply (id and name only, no full validation)."""
    records = []
    assert found.root is not None and found.manifest is not None
    for path in record_files(found, kind):
        if path.stat().st_size > MAX_YAML_BYTES:
            continue  # refused with its size by the full check; never worth a stall here
        relative = path.relative_to(found.root).as_posix()
        shown = found.shown_path(relative)
        if kind == "ai":
            from game.ai.personality import load_personality_file

            try:
                people = load_personality_file(path, shown)
            except DataFileError:
                continue
            records.extend(Record("ai", p.id, p.name, found.manifest.id, path, shown, p) for p in people)
            continue
        if kind == "special_hands":
            records.append(Record(kind, path.stem, path.stem, found.manifest.id, path, shown))
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
        record_id = data.get("id") if isinstance(data.get("id"), str) else default_id
        name = data.get("name") if isinstance(data.get("name"), str) else record_id
        records.append(Record(kind, record_id, name, found.manifest.id, path, shown, spec))
    return records


def build_catalog(folders: Folders, *, full: bool = True, game_version: str = __version__,
                  extra: FoundMod | None = None) -> Catalog:
    """Find, check and order every mod; ``full`` also validates every content file (images, sounds, rulesets).

    Without ``full`` only manifests and dependencies decide which mods load; the caller validates what it uses
    (``get_ruleset`` loads the one ruleset it needs). ``extra`` is a mod being checked or installed: it is
    loaded as if installed, enabled and in place of any mod with the same id.
    """
    found = discover(folders.mod_roots, folders.config / "cache" / "mods")
    if extra is not None:
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
                ("id",), f"duplicate mod id {mod.id!r}: already found at {first.path}; this copy is ignored"))
            continue
        everything[mod.id] = mod
    if full:
        from game.mods.content import validate_content
        from game.mods.media import MediaSession

        with MediaSession() as session:
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
        for kind in entry.found.manifest.kinds:
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
            for kind in entry.found.manifest.kinds:
                records = peeked.get((entry.id, kind))
                if records is None:
                    records = peek_records(entry.found, kind)
                    for record in records:
                        catalog._records.setdefault(kind, {}).setdefault(record.id, []).append(record)
                entry._records.extend(records)
            for record in entry._records:
                offered = offers.setdefault((record.kind, record.id), [])
                if offered and record.kind != "special_hands":
                    catalog._conflicts.append(f"{record.kind} {record.id!r} from mod {offered[-1].mod_id!r} "
                                              f"is overridden by mod {entry.id!r}")
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
    from game.errors import RulesetError
    from game.mods.rulesets import load_ruleset

    blamed = False
    for record in catalog.list("ruleset"):
        try:
            load_ruleset(catalog, record.id, strict=True)
        except RulesetError as exc:
            problems = exc.problems or [Problem(record.shown, str(exc))]
        except Exception as exc:  # a compiler bug must not stop the other mods loading
            problems = [Problem(record.shown, f"cannot be compiled: {exc!r}")]
        else:
            continue
        for problem in problems:
            owner = _owner(problem.path, everything) or everything[record.mod_id]
            if problem not in owner.problems:
                owner.problems.append(problem)
                blamed = True
    return blamed


def _owner(path: str, everything: dict[str, FoundMod]) -> FoundMod | None:
    matches = [mod for mod in everything.values() if path.startswith(mod.shown + "/")]
    return max(matches, key=lambda mod: len(mod.shown), default=None)
