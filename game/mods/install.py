"""Install, remove, enable and disable mods; only ever writing inside the user mods folder and the config folder.

An install is staged in a hidden folder inside the user mods folder, checked there like ``mods check``, and
only then renamed into place, so a refused or interrupted install leaves the installed mods as they were.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from game.config import Folders
from game.errors import ModError, Problem
from game.i18n import L_
from game.mods.catalog import build_catalog
from game.mods.check import check_found
from game.mods.discovery import NOT_FOUND, SYMLINKED, open_folder
from game.mods.records import Catalog, ModEntry
from game.mods.state import ModState, load_state, update_state
from game.mods.zipsafe import check_folder, copy_folder, extract_zip
from game.storage import locked


@dataclass(frozen=True)
class Installed:
    """What ``install`` did: the mod id, its version, where it went and the version it replaced (if any)."""

    mod_id: str
    version: str
    path: Path
    replaced: str | None = None


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True


def install(source: Path, folders: Folders) -> Installed:
    """Install the mod folder or zip ``source`` into the user mods folder, replacing an older copy.

    Raises :class:`ModError` with every problem, and changes nothing, when the mod is unsafe or invalid, or when
    its id belongs to a bundled mod.
    """
    shown = str(source)
    if source.is_symlink():
        raise ModError([Problem(shown, SYMLINKED)])
    if not source.exists():
        raise ModError([Problem(shown, NOT_FOUND)])
    mods = folders.user_mods
    if source.is_dir() and (_inside(source, mods) or _inside(mods, source)):
        raise ModError([Problem(shown, L_("the mod is already inside the mods folder {folder}", folder=str(mods)))])
    try:
        with _changing(folders):
            _clear_leftovers(mods)
            staging = mods / f".install-{uuid.uuid4().hex}"
            try:
                return _install(source, staging, shown, folders)
            finally:
                if staging.exists():
                    shutil.rmtree(staging, ignore_errors=True)
    except OSError as exc:  # a full disk, a read-only mods folder: the installed mods are as they were
        raise ModError([Problem(shown, L_("not installed: {reason} ({file}); the installed mods are unchanged",
                                          reason=(exc.strerror or str(exc)).lower(), file=str(exc.filename or mods)))
                        ]) from None


def _install(source: Path, staging: Path, shown: str, folders: Folders) -> Installed:
    if source.is_dir():
        problems = check_folder(source, shown)
        if problems:
            raise ModError(problems)
        copy_folder(source, staging)
    else:
        extract_zip(source, staging, shown)
    found = open_folder(staging, "user", shown)
    problems = check_found(found, folders)
    if problems:
        raise ModError(problems)
    assert found.manifest is not None
    return _move_into_place(staging, found.manifest.id, found.manifest.version, folders, shown)


INSTALL_LOCK_SECONDS = 300.0
"""An install checks every image and sound of the mod, which can take a while for a big voice pack."""


@contextlib.contextmanager
def _changing(folders: Folders) -> Iterator[None]:
    """Hold the lock of the mods folder (kept in the config folder, where a lock file is no stray entry among the
    mods): one install or removal at a time, so none deletes another's staging folder."""
    folders.user_mods.mkdir(parents=True, exist_ok=True)
    with locked(folders.config / "mods-folder", what="the mod", timeout=INSTALL_LOCK_SECONDS):
        yield


def _clear_leftovers(mods: Path) -> None:
    """Remove staging and replaced folders an interrupted install left behind (only our own hidden names)."""
    for leftover in mods.iterdir():
        if leftover.name.startswith((".install-", ".old-")) and not leftover.is_symlink():
            _delete(leftover)


def _move_into_place(staging: Path, mod_id: str, version: str, folders: Folders, shown: str) -> Installed:
    catalog = build_catalog(folders, full=False)
    mods = folders.user_mods
    replaced: str | None = None
    old_paths = []
    for entry in catalog.entries:
        if entry.id != mod_id:
            continue
        if entry.origin != "user":
            raise ModError([Problem(shown, L_("mod {id} comes with the game ({path}); a mod with the same id cannot "
                                              "be installed", id=repr(mod_id), path=str(entry.found.path)))])
        replaced = entry.manifest.version if entry.manifest else "unknown"
        old_paths.append(entry.found.path)
    target = mods / mod_id
    if target.exists() and target not in old_paths:
        old_paths.append(target)
    trash = []
    for old in old_paths:
        moved = mods / f".old-{uuid.uuid4().hex}"
        os.replace(old, moved)
        trash.append(moved)
    os.replace(staging, target)
    for moved in trash:
        _delete(moved)
    if mod_id in load_state(folders.config).disabled:
        update_state(folders.config, lambda state: state.disabled.discard(mod_id))
    return Installed(mod_id, version, target, replaced)


def _delete(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    else:
        shutil.rmtree(path)


def _entries_of(catalog: Catalog, mod_id: str) -> list[ModEntry]:
    """Every mod found with the id ``mod_id``, wherever it lies; raises ModError naming the known ids if none."""
    matches = [entry for entry in catalog.entries if entry.id == mod_id]
    if not matches:
        known = ", ".join(sorted({entry.id for entry in catalog.entries})) or L_("none")
        raise ModError([Problem(mod_id, L_("no mod with id {id} is installed (found: {known})", id=repr(mod_id),
                                           known=known))])
    return matches


def remove(mod_id: str, folders: Folders) -> Path:
    """Delete the user-installed mod ``mod_id``; bundled and portable mods cannot be removed."""
    catalog = build_catalog(folders, full=False)
    matches = _entries_of(catalog, mod_id)
    user = [entry for entry in matches if entry.origin == "user"]
    if not user:
        raise ModError([Problem(mod_id, L_("mod {id} comes with the game ({path}); disable it instead",
                                           id=repr(mod_id), path=str(matches[0].found.path)))])
    removed = user[0].found.path
    try:
        with _changing(folders):
            for entry in user:
                path = entry.found.path
                if not _inside(path.parent, folders.user_mods) or path.parent.resolve() != folders.user_mods.resolve():
                    raise ModError([Problem(str(path), L_("refusing to delete a folder outside the user mods folder"))])
                _delete(path)
    except OSError as exc:
        raise ModError([Problem(str(removed), L_("not removed: {reason}", reason=(exc.strerror or str(exc)).lower()))]
                       ) from None
    state = load_state(folders.config)
    if mod_id in state.disabled or mod_id in state.order:
        def forget(state: ModState) -> None:
            state.disabled.discard(mod_id)
            state.order = [m for m in state.order if m != mod_id]

        update_state(folders.config, forget)
    return removed


def set_enabled(mod_id: str, enabled: bool, folders: Folders) -> None:
    """Enable or disable a mod; the choice is kept in ``mods.yaml`` in the config folder."""
    catalog = build_catalog(folders, full=False)
    _entries_of(catalog, mod_id)  # refuses an id no mod has

    def switch(state: ModState) -> None:
        if enabled:
            state.disabled.discard(mod_id)
        else:
            state.disabled.add(mod_id)

    update_state(folders.config, switch)


def set_order(order: list[str], folders: Folders) -> None:
    """Keep the player's preferred load order (dependencies still come first)."""
    wanted = list(dict.fromkeys(order))

    def reorder(state: ModState) -> None:
        state.order = wanted

    update_state(folders.config, reorder)
