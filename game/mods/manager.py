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
from game.errors import ModError, SparrowError, error_text
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
        problems=tuple(problem.shown() for problem in [
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

    def _guard(self, failed: str, work: Callable[[], str]) -> Outcome:
        """Do ``work`` (which returns the message), or say ``failed`` (a message in the player's language) and why."""
        try:
            message = work()
        except ModError as exc:
            self.refresh()
            return Outcome(False, failed, tuple(p.shown() for p in exc.problems))
        except (SparrowError, OSError) as exc:
            self.refresh()
            reason = error_text(exc)
            return Outcome(False, i18n._("{failed}: {reason}").format(failed=failed, reason=reason))
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
            return (i18n._("{name} enabled") if enabled else i18n._("{name} disabled")).format(name=name)

        outcome = self._guard(i18n._("enable failed") if enabled else i18n._("disable failed"), work)
        entry = self.catalog.entry(mod_id)
        if outcome.ok and enabled and entry is not None and not entry.loaded:
            return Outcome(False, i18n._("{name} is enabled but cannot be loaded").format(name=name),
                           tuple(p.shown() for p in entry.problems))
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
                return Outcome(False, i18n._("no mod {id}").format(id=repr(mod_id)))
            return Outcome(False, i18n._("{name} is {status}: only loaded mods have a place in the load order").format(
                name=self.name(mod_id), status=i18n.pgettext("mod status", entry.status)))
        name = self.name(mod_id)
        before = loaded.index(mod_id)
        target = max(0, min(len(loaded) - 1, before + delta))
        if target == before:
            said = i18n._("{name} loads first already") if delta < 0 else i18n._("{name} loads last already")
            return Outcome(True, said.format(name=name), changed=False)
        # Mods that are not loaded have no place to keep: they follow the loaded ones.
        order = list(dict.fromkeys(loaded + [e.id for e in self.catalog.entries]))
        order.remove(mod_id)
        neighbour = order.index(loaded[target])
        order.insert(neighbour if delta < 0 else neighbour + 1, mod_id)

        def work() -> str:
            installer.set_order(order, self.folders)
            return ""

        outcome = self._guard(i18n._("move failed"), work)
        if not outcome.ok:
            return outcome
        after = self.catalog.order.index(mod_id) if mod_id in self.catalog.order else before
        count = len(self.catalog.order)
        if after == before:
            said = (i18n._("{name} stays in place {place} of {count}: it must load after the mod above it") if delta < 0
                    else i18n._("{name} stays in place {place} of {count}: the mod below it must load after it"))
            return Outcome(True, said.format(name=name, place=after + 1, count=count), changed=False)
        return Outcome(True, i18n._("{name} now loads in place {place} of {count}").format(name=name, place=after + 1,
                                                                                            count=count))

    def install(self, path: str | Path) -> Outcome:
        """Install a mod folder or zip (from a file dialog or a drop)."""
        installed = []

        def work() -> str:
            installed.append(installer.install(Path(path), self.folders))
            return ""

        outcome = self._guard(i18n._("install failed"), work)
        if not outcome.ok:
            return outcome
        done = installed[0]
        # Named from the catalog the guard rebuilt: the mod's manifest is read once more, not twice.
        said = (i18n._("installed {name} {version} (replacing {old})") if done.replaced
                else i18n._("installed {name} {version}"))
        return Outcome(True, said.format(name=self.name(done.mod_id), version=done.version, old=done.replaced))

    def remove(self, mod_id: str) -> Outcome:
        name = self.name(mod_id)

        def work() -> str:
            installer.remove(mod_id, self.folders)
            return i18n._("removed {name}").format(name=name)

        return self._guard(i18n._("remove failed"), work)

    def handle_drop(self, path: str | Path) -> Outcome:
        """A file or folder dropped onto the window: a zip or a folder with ``mod.yaml`` is installed."""
        dropped = Path(path)
        if dropped.is_dir() or dropped.suffix.lower() == ".zip":
            return self.install(dropped)
        return Outcome(False, i18n._("not a mod: expected a .zip file or a folder with mod.yaml, got {name}").format(
            name=repr(dropped.name)))

