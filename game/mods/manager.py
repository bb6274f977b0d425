"""The mod manager's data model: what the in-game mod screen shows and does, without any drawing.

The scene lists :meth:`ModManager.rows`, toggles with :meth:`ModManager.set_enabled`, reorders with
:meth:`ModManager.move`, and passes a dropped file or folder to :meth:`ModManager.handle_drop`. Every action
returns an :class:`Outcome` whose ``message`` is one line for the status bar and whose ``problems`` are the
``FILE:LINE:COLUMN`` lines to show under it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game import i18n
from game.config import Folders
from game.errors import ModError, SparrowError
from game.mods import install as installer
from game.mods.catalog import build_catalog
from game.mods.records import Catalog, ModEntry
from game.mods.translations import catalog_problems

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ModRow:
    """One line of the mod list."""

    id: str
    name: str
    version: str
    kinds: tuple[str, ...]
    authors: tuple[str, ...]
    description: str
    origin: str
    path: str
    enabled: bool
    status: str
    problems: tuple[str, ...]
    removable: bool


@dataclass(frozen=True)
class Outcome:
    """The result of a mod-manager action."""

    ok: bool
    message: str
    problems: tuple[str, ...] = field(default=())
    changed: bool = True
    """False when nothing was changed (a mod moved past the end of the list stays where it is)."""


def row_of(entry: ModEntry) -> ModRow:
    """The list line for a catalog entry, its name and description in the player's language."""
    manifest = entry.manifest
    return ModRow(
        id=entry.id,
        name=i18n.mod_text(manifest.name, domain=entry.id) if manifest else entry.id,
        version=manifest.version if manifest else "?",
        kinds=tuple(manifest.kinds) if manifest else (),
        authors=tuple(manifest.authors) if manifest else (),
        description=i18n.mod_text(manifest.description, domain=entry.id) if manifest else "",
        origin=entry.origin,
        path=str(entry.found.path),
        enabled=entry.enabled,
        status=entry.status,
        problems=tuple(str(problem) for problem in [
            *entry.problems, *(catalog_problems(entry.found, i18n.language()) if entry.loaded else ())]),
        removable=entry.origin == "user",
    )


class ModManager:
    """Lists, enables, orders, installs and removes mods; rebuilds its catalog after every change."""

    def __init__(self, folders: Folders) -> None:
        self.folders = folders
        self.catalog: Catalog = build_catalog(folders)

    def refresh(self) -> None:
        """Look at the folders again (after files changed outside the game)."""
        self.catalog = build_catalog(self.folders)

    def rows(self) -> list[ModRow]:
        """Loaded mods in load order, then the others (disabled or broken) by id."""
        position = {mod_id: index for index, mod_id in enumerate(self.catalog.order)}
        entries = sorted(self.catalog.entries,
                         key=lambda e: (e.id not in position, position.get(e.id, 0), e.id, str(e.found.path)))
        return [row_of(entry) for entry in entries]

    @property
    def conflicts(self) -> list[str]:
        """Records that one loaded mod overrides in another, in words."""
        return list(self.catalog.conflicts)

    def _guard(self, action: str, work: Callable[[], str]) -> Outcome:
        try:
            message = work()
        except ModError as exc:
            self.refresh()
            return Outcome(False, f"{action} failed", tuple(str(p) for p in exc.problems))
        except (SparrowError, OSError) as exc:
            self.refresh()
            return Outcome(False, f"{action} failed: {exc}")
        self.refresh()
        return Outcome(True, message)

    def name(self, mod_id: str) -> str:
        """The mod's name as its manifest gives it, in the player's language (its id when it has none)."""
        entry = self.catalog.entry(mod_id)
        manifest = entry.manifest if entry is not None else None
        return i18n.mod_text(manifest.name, domain=mod_id) if manifest is not None and manifest.name else mod_id

    def set_enabled(self, mod_id: str, enabled: bool) -> Outcome:
        name = self.name(mod_id)

        def work() -> str:
            installer.set_enabled(mod_id, enabled, self.folders)
            return f"{name} {'enabled' if enabled else 'disabled'}"

        outcome = self._guard("enable" if enabled else "disable", work)
        entry = self.catalog.entry(mod_id)
        if outcome.ok and enabled and entry is not None and not entry.loaded:
            return Outcome(False, f"{name} is enabled but cannot be loaded",
                           tuple(str(p) for p in entry.problems))
        return outcome

    def toggle(self, mod_id: str) -> Outcome:
        entry = self.catalog.entry(mod_id)
        return self.set_enabled(mod_id, not (entry.enabled if entry else False))

    def move(self, mod_id: str, delta: int) -> Outcome:
        """Move a loaded mod up (negative) or down past its loaded neighbours in the preferred order; the mods
        it requires still load before it. The message says where it loads now, or why it did not move."""
        loaded = list(self.catalog.order)
        if mod_id not in loaded:
            entry = self.catalog.entry(mod_id)
            if entry is None:
                return Outcome(False, f"no mod {mod_id!r}")
            return Outcome(False, f"{self.name(mod_id)} is {entry.status}: only loaded mods have a place in the "
                                  "load order")
        name = self.name(mod_id)
        before = loaded.index(mod_id)
        target = max(0, min(len(loaded) - 1, before + delta))
        if target == before:
            return Outcome(True, f"{name} loads {'first' if delta < 0 else 'last'} already", changed=False)
        # Mods that are not loaded have no place to keep: they follow the loaded ones.
        order = list(dict.fromkeys(loaded + [e.id for e in self.catalog.entries]))
        order.remove(mod_id)
        neighbour = order.index(loaded[target])
        order.insert(neighbour if delta < 0 else neighbour + 1, mod_id)

        def work() -> str:
            installer.set_order(order, self.folders)
            return ""

        outcome = self._guard("move", work)
        if not outcome.ok:
            return outcome
        after = self.catalog.order.index(mod_id) if mod_id in self.catalog.order else before
        count = len(self.catalog.order)
        if after == before:
            why = "it must load after the mod above it" if delta < 0 else "the mod below it must load after it"
            return Outcome(True, f"{name} stays {ordinal(after + 1)} of {count}: {why}", changed=False)
        return Outcome(True, f"{name} now loads {ordinal(after + 1)} of {count}")

    def install(self, path: str | Path) -> Outcome:
        """Install a mod folder or zip (from a file dialog or a drop)."""
        installed = []

        def work() -> str:
            installed.append(installer.install(Path(path), self.folders))
            return ""

        outcome = self._guard("install", work)
        if not outcome.ok:
            return outcome
        done = installed[0]
        # Named from the catalog the guard rebuilt: the mod's manifest is read once more, not twice.
        replacing = f" (replacing {done.replaced})" if done.replaced else ""
        return Outcome(True, f"installed {self.name(done.mod_id)} {done.version}{replacing}")

    def remove(self, mod_id: str) -> Outcome:
        name = self.name(mod_id)

        def work() -> str:
            installer.remove(mod_id, self.folders)
            return f"removed {name}"

        return self._guard("remove", work)

    def handle_drop(self, path: str | Path) -> Outcome:
        """A file or folder dropped onto the window: a zip or a folder with ``mod.yaml`` is installed."""
        dropped = Path(path)
        if dropped.is_dir() or dropped.suffix.lower() == ".zip":
            return self.install(dropped)
        return Outcome(False, f"not a mod: expected a .zip file or a folder with mod.yaml, got {dropped.name!r}")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
