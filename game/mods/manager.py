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

from game.config import Folders
from game.errors import ModError, SparrowError
from game.mods import install as installer
from game.mods.catalog import build_catalog
from game.mods.records import Catalog, ModEntry

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


def row_of(entry: ModEntry) -> ModRow:
    """The list line for a catalog entry."""
    manifest = entry.manifest
    return ModRow(
        id=entry.id,
        name=manifest.name if manifest else entry.id,
        version=manifest.version if manifest else "?",
        kinds=tuple(manifest.kinds) if manifest else (),
        authors=tuple(manifest.authors) if manifest else (),
        description=manifest.description if manifest else "",
        origin=entry.origin,
        path=str(entry.found.path),
        enabled=entry.enabled,
        status=entry.status,
        problems=tuple(str(problem) for problem in entry.problems),
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

    def set_enabled(self, mod_id: str, enabled: bool) -> Outcome:
        def work() -> str:
            installer.set_enabled(mod_id, enabled, self.folders)
            return f"{mod_id} {'enabled' if enabled else 'disabled'}"

        outcome = self._guard("enable" if enabled else "disable", work)
        entry = self.catalog.entry(mod_id)
        if outcome.ok and enabled and entry is not None and not entry.loaded:
            return Outcome(False, f"{mod_id} is enabled but cannot be loaded",
                           tuple(str(p) for p in entry.problems))
        return outcome

    def toggle(self, mod_id: str) -> Outcome:
        entry = self.catalog.entry(mod_id)
        return self.set_enabled(mod_id, not (entry.enabled if entry else False))

    def move(self, mod_id: str, delta: int) -> Outcome:
        """Move a mod up (negative) or down in the preferred order; dependencies still load first."""
        order = list(self.catalog.order) + [e.id for e in self.catalog.entries if e.id not in self.catalog.order]
        order = list(dict.fromkeys(order))
        if mod_id not in order:
            return Outcome(False, f"no mod {mod_id!r}")
        index = order.index(mod_id)
        new_index = max(0, min(len(order) - 1, index + delta))
        order.insert(new_index, order.pop(index))

        def work() -> str:
            installer.set_order(order, self.folders)
            return f"{mod_id} moved"

        return self._guard("move", work)

    def install(self, path: str | Path) -> Outcome:
        """Install a mod folder or zip (from a file dialog or a drop)."""
        def work() -> str:
            done = installer.install(Path(path), self.folders)
            if done.replaced:
                return f"installed {done.mod_id} {done.version} (replacing {done.replaced})"
            return f"installed {done.mod_id} {done.version}"

        return self._guard("install", work)

    def remove(self, mod_id: str) -> Outcome:
        def work() -> str:
            installer.remove(mod_id, self.folders)
            return f"removed {mod_id}"

        return self._guard("remove", work)

    def handle_drop(self, path: str | Path) -> Outcome:
        """A file or folder dropped onto the window: a zip or a folder with ``mod.yaml`` is installed."""
        dropped = Path(path)
        if dropped.is_dir() or dropped.suffix.lower() == ".zip":
            return self.install(dropped)
        return Outcome(False, f"not a mod: expected a .zip file or a folder with mod.yaml, got {dropped.name!r}")
