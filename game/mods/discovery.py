"""Find mods: folders with a ``mod.yaml`` and zip archives, in the order of the mod roots.

A zip found in a mods folder is checked (see :mod:`game.mods.zipsafe`) and unpacked once into the cache in the
config folder, so everything downstream reads plain files; problems still name the zip the player put there.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from game.datafile import YamlDocument, load_yaml
from game.errors import DataFileError, ModError, Problem
from game.filememo import Memo, Signature, folder_signature
from game.i18n import L_
from game.mods.manifest import Manifest, manifest_from_document
from game.mods.zipsafe import check_folder, extract_zip

MANIFEST = "mod.yaml"

T = TypeVar("T")

log = logging.getLogger(__name__)


@dataclass
class FoundMod:
    """One mod as found on disk, valid or not.

    ``path`` is what the player sees (the folder or the zip); ``root`` is the folder holding ``mod.yaml``
    (for a zip, its unpacked copy); ``shown`` is how problems name the mod's files.
    """

    origin: str
    path: Path
    root: Path | None
    shown: str
    manifest: Manifest | None = None
    problems: list[Problem] = field(default_factory=list)
    doc: YamlDocument | None = None
    catalog_problems: list[Problem] = field(default_factory=list)
    """What is wrong with its translations (``mods check``): reported, but the mod still loads, in its own text
    for the languages whose catalog is broken."""
    signature: Signature | None = field(default=None, repr=False, compare=False)
    """The mod folder's files as found (see :mod:`game.filememo`): what is read from them later is remembered
    with it. None for a zip's unpacked copy and a folder that could not be walked."""

    @property
    def id(self) -> str:
        """The manifest id, or the folder or file name when the manifest is unreadable."""
        if self.manifest is not None:
            return self.manifest.id
        return self.path.stem if self.path.suffix.lower() == ".zip" else self.path.name

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds the manifest declares; none without a valid manifest."""
        return tuple(self.manifest.kinds) if self.manifest is not None else ()

    @property
    def is_zip(self) -> bool:
        return self.path.suffix.lower() == ".zip"

    def shown_path(self, relative: str) -> str:
        """How a problem names ``relative``, a file inside the mod."""
        return f"{self.shown}/{relative}"

    def manifest_problem(self, location: tuple[str | int, ...], message: str) -> Problem:
        """A problem pointing into ``mod.yaml`` at ``location`` (or its nearest parent key)."""
        if self.doc is not None:
            return self.doc.problem(location, message)
        return Problem(self.shown_path(MANIFEST), message)


SYMLINKED = L_("symbolic links are not allowed as mods")
NOT_FOUND = L_("no such mod folder or zip")


def read_manifest(found: FoundMod) -> None:
    """Fill in ``found.manifest`` or its problems from ``mod.yaml``."""
    if found.root is None:
        return
    path = found.root / MANIFEST
    if not path.is_file():
        found.problems.append(Problem(found.shown_path(MANIFEST), L_("missing mod.yaml: every mod needs a manifest")))
        return
    try:
        doc = load_yaml(path, found.shown_path(MANIFEST))
    except DataFileError as exc:
        found.problems.extend(exc.problems)
        return
    found.doc = doc
    manifest, problems = manifest_from_document(doc)
    found.manifest = manifest
    found.problems.extend(problems)


# The mods opened lately, each as found in its folder's files as last seen: a catalog build opens every mod,
# and the bundled ones never change while the game runs. Room for far more mods than anyone installs.
_OPENED = Memo(1024)


def open_folder(folder: Path, origin: str, shown: str | None = None) -> FoundMod:
    """A mod folder: safety checks and its manifest."""
    shown = shown if shown is not None else str(folder)
    signature = folder_signature(folder)
    found = _OPENED.get(("open_folder", str(folder), origin, shown), signature,
                        lambda: _open_folder(folder, origin, shown))
    # Callers add problems to the lists (copied); the manifest is frozen and its document only ever read.
    return dataclasses.replace(found, problems=list(found.problems), catalog_problems=list(found.catalog_problems),
                               signature=signature)


def _open_folder(folder: Path, origin: str, shown: str) -> FoundMod:
    found = FoundMod(origin, folder, folder, shown)
    problems = check_folder(folder, shown)
    if problems:
        found.problems.extend(problems)
        found.root = None
        return found
    read_manifest(found)
    return found


def remembered(found: FoundMod, key: tuple[object, ...], compute: Callable[[], T]) -> T:
    """What ``compute`` reads from the mod's files, remembered while they are unchanged (shared: copy what may
    change); a mod without a signature (a zip's unpacked copy) is read each time."""
    return _OPENED.get((str(found.root), found.shown, found.id, *key), found.signature, compute)


def open_zip(zip_path: Path, origin: str, cache: Path, shown: str | None = None) -> FoundMod:
    """A zipped mod, unpacked into ``cache`` (reused while the zip is unchanged)."""
    shown = shown if shown is not None else str(zip_path)
    found = FoundMod(origin, zip_path, None, shown)
    try:
        with zip_path.open("rb") as handle:
            digest = hashlib.file_digest(handle, "sha256").hexdigest()[:16]
    except OSError as exc:
        found.problems.append(Problem(shown, L_("cannot read the zip: {reason}", reason=exc.strerror or str(exc))))
        return found
    target = cache / f"{zip_path.stem}-{digest}"
    if not (target / ".complete").is_file():
        shutil.rmtree(target, ignore_errors=True)
        try:
            extract_zip(zip_path, target, shown)
        except ModError as exc:
            found.problems.extend(exc.problems)
            return found
        except OSError as exc:
            found.problems.append(Problem(shown, L_("cannot unpack the zip: {reason}",
                                                    reason=exc.strerror or str(exc))))
            return found
        (target / ".complete").write_text(str(zip_path), encoding="utf-8")
    found.root = target
    read_manifest(found)
    return found


def discover(roots: list[tuple[str, Path]], cache: Path | None = None) -> list[FoundMod]:
    """Every mod in ``roots`` (``(origin, folder)`` pairs), root by root, by name within a root.

    Entries starting with ``.`` are skipped (install staging folders, editor files); other files are ignored
    unless they end in ``.zip``.
    """
    cache = cache or Path(tempfile.gettempdir()) / "sparrow-mod-cache"
    found: list[FoundMod] = []
    for origin, folder in roots:
        try:
            if not folder.is_dir():
                continue
            entries = sorted(folder.iterdir(), key=lambda p: p.name)
        except OSError as exc:
            log.warning("mods folder %s cannot be read: %s", folder, exc.strerror or exc)
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            try:
                if entry.is_symlink():
                    found.append(FoundMod(origin, entry, None, str(entry),
                                          problems=[Problem(str(entry), SYMLINKED)]))
                elif entry.is_dir():
                    found.append(open_folder(entry, origin))
                elif entry.suffix.lower() == ".zip" and entry.is_file():
                    found.append(open_zip(entry, origin, cache))
            except OSError as exc:
                found.append(FoundMod(origin, entry, None, str(entry),
                                      problems=[Problem(str(entry), L_("cannot be read: {reason}",
                                                                                 reason=exc.strerror or str(exc)))]))
            except Exception as exc:  # one odd mod must never stop the game finding the others
                log.exception("mod %s could not be opened", entry)
                found.append(FoundMod(origin, entry, None, str(entry),
                                      problems=[Problem(str(entry), L_("cannot be opened: {reason}",
                                                                       reason=repr(exc)))]))
    return found


def open_mod(path: Path, cache: Path, origin: str = "check", shown: str | None = None) -> FoundMod:
    """A single mod folder or zip given on the command line."""
    if path.is_symlink():
        return FoundMod(origin, path, None, shown or str(path),
                        problems=[Problem(shown or str(path), SYMLINKED)])
    if path.is_dir():
        return open_folder(path, origin, shown)
    if path.is_file():
        return open_zip(path, origin, cache, shown)
    return FoundMod(origin, path, None, shown or str(path),
                    problems=[Problem(shown or str(path), NOT_FOUND)])
