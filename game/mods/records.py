"""The catalog's model and lookup: the records the loaded mods offer, the mods as entries, and the overlay.

Records (rulesets, special-hand files, personalities, tile sets, themes, voices) are keyed by kind and id; when
several loaded mods offer the same id, the last one in load order wins and the override is listed as a
conflict. Assets are looked up the same way: the last loaded mod offering the record that has the file wins.

Building a catalog (discovery, validation, load order) is :mod:`game.mods.catalog`'s job; this module knows only
the result, so the content checks and the ruleset loader can use it without importing the builder.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.config import Folders
from game.errors import Problem
from game.mods.discovery import FoundMod
from game.mods.state import ModState

# Where each kind keeps its files inside a mod, and whether it is one file or a folder of them.
KIND_FILES: dict[str, tuple[str, str]] = {
    "ruleset": ("rulesets", "*.yaml"),
    "special_hands": ("hands", "*.yaml"),
    "ai": ("ai", "*.yaml"),
    "tileset": ("tileset", "tileset.yaml"),
    "theme": ("theme", "theme.yaml"),
    "voice": ("voice", "voice.yaml"),
    "lesson": ("lessons", "*.yaml"),
}

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

    def all_records(self, kind: str) -> builtins.list[Record]:  # ``list`` here is the method above
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
