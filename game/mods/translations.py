"""A mod's own catalogs: where they lie, what ``mods check`` says of them, and how the game looks them up.

A mod translates the text it adds (names, descriptions, a lesson's steps: the fields marked translatable in the
schemas) in gettext catalogs beside its data::

    mymod/locale/mymod.pot                        the template (tools/extract_mod_strings.py writes it)
    mymod/locale/de/LC_MESSAGES/mymod.po          one catalog per language, named by the mod's id
    mymod/locale/zh_Hans/LC_MESSAGES/mymod.po

The ``.po`` files are read as data (:mod:`game.mods.po_catalog`), never compiled code. Each catalog of a loaded
mod is registered with :func:`game.i18n.register_mod_catalog` under the mod's id, and read only when a string is
first looked up in its language; a broken catalog is then skipped with a warning in the log, and the mod's own
(English) text shows. ``mods check`` reads every catalog at once and reports each problem with its file and line.
"""

from __future__ import annotations

import gettext
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game import i18n
from game.errors import Problem
from game.i18n import L_
from game.mods.discovery import FoundMod, remembered
from game.mods.records import Catalog

if TYPE_CHECKING:
    from game.mods.po_catalog import PoCatalog

log = logging.getLogger(__name__)

LOCALE_FOLDER = "locale"


@dataclass(frozen=True)
class CatalogFile:
    """One ``.po`` file of a mod: its language folder's code, where it is, and how problems name it."""

    code: str
    path: Path
    shown: str


def template_path(found: FoundMod) -> Path:
    """Where the mod's ``.pot`` template lies (``locale/<mod id>.pot``)."""
    assert found.root is not None
    return found.root / LOCALE_FOLDER / f"{found.id}.pot"


def catalog_path(found: FoundMod, code: str) -> Path:
    """Where the mod's catalog for language ``code`` lies."""
    assert found.root is not None
    return found.root / LOCALE_FOLDER / code / "LC_MESSAGES" / f"{found.id}.po"


def catalog_files(found: FoundMod) -> tuple[list[CatalogFile], list[Problem]]:
    """The mod's catalogs, by language code, and the ``.po`` files misplaced or misnamed (which are not read)."""
    if found.root is None:
        return [], []
    files, problems = remembered(found, ("catalog_files",), lambda: _catalog_files(found))
    return list(files), list(problems)


def _catalog_files(found: FoundMod) -> tuple[list[CatalogFile], list[Problem]]:
    assert found.root is not None
    folder = found.root / LOCALE_FOLDER
    files: list[CatalogFile] = []
    problems: list[Problem] = []
    for path in sorted(folder.rglob("*.po")) if folder.is_dir() else []:
        relative = path.relative_to(found.root).as_posix()
        shown = found.shown_path(relative)
        parts = path.relative_to(folder).parts
        if len(parts) != 3 or parts[1] != "LC_MESSAGES":
            problems.append(Problem(shown, L_("a catalog belongs in {place}; this one is not read",
                                              place=f"{LOCALE_FOLDER}/<language>/LC_MESSAGES/{found.id}.po")))
        elif path.name != f"{found.id}.po":
            problems.append(Problem(shown, L_("a catalog is named after the mod's id: expected {name}, got {got}; "
                                              "this one is not read", name=f"{found.id}.po", got=repr(path.name))))
        elif path.is_file() and not path.is_symlink():
            files.append(CatalogFile(parts[0], path, shown))
    return files, problems


def read_catalog(file: CatalogFile) -> PoCatalog:
    """The catalog in ``file``, read and checked (an unreadable file is a problem, never an exception)."""
    from game.mods.po_catalog import PoCatalog, read_po_catalog  # Babel's reader: ~30 ms the start never needs

    try:
        data = file.path.read_bytes()
    except OSError as exc:
        return PoCatalog(file.code, problems=[Problem(file.shown, L_("cannot be read: {reason}",
                                                                     reason=exc.strerror or str(exc)))])
    return read_po_catalog(data, file.shown, file.code)


def check_catalogs(found: FoundMod) -> list[Problem]:
    """Every problem of the mod's catalogs, file by file (``mods check``); a clean mod has none."""
    files, problems = catalog_files(found)
    for file in files:
        problems.extend(read_catalog(file).problems)
    codes = [file.code for file in files]
    for code in sorted({c for c in codes if codes.count(c) > 1}):
        problems.append(Problem(found.shown_path(LOCALE_FOLDER), L_("two catalogs for {code}", code=repr(code))))
    return problems


class LazyCatalog(gettext.NullTranslations):
    """A mod's catalog for one language, read the first time a string is looked up in it.

    Reading every catalog of every mod when the mods are loaded would cost the start of the game for languages
    nobody chose. A broken catalog is skipped: the problems go to the log (and to ``problems``), the English shows.
    """

    def __init__(self, file: CatalogFile, mod_id: str, on_problems: Callable[[list[Problem]], None] | None = None
                 ) -> None:
        super().__init__()
        self.file = file
        self.mod_id = mod_id
        self.problems: list[Problem] = []
        self._on_problems = on_problems
        self._read: gettext.NullTranslations | None = None

    def _catalog(self) -> gettext.NullTranslations:
        if self._read is None:
            catalog = read_catalog(self.file)
            self.problems = catalog.problems
            if catalog.problems:
                log.warning("mod %r: the catalog %s is broken and not used (the mod's own text shows): %s",
                            self.mod_id, self.file.shown, "; ".join(str(p) for p in catalog.problems[:5]))
                if self._on_problems is not None:
                    self._on_problems(catalog.problems)
            self._read = catalog.translations()
        return self._read

    def gettext(self, message: str) -> str:
        return self._catalog().gettext(message)

    def holds(self, key: str) -> bool:
        """Whether this catalog has ``key`` (``context\\x04message`` with a context): the pseudo-locale asks."""
        return key in getattr(self._catalog(), "_catalog", {})

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._catalog().ngettext(msgid1, msgid2, n)

    # A mod's text is its own key: the game may ask with a context (``scoring``) that the mod's catalog, written
    # from its YAML, does not have; the plain entry then answers.
    def pgettext(self, context: str, message: str) -> str:
        found = self._catalog().pgettext(context, message)
        return found if found != message else self._catalog().gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        found = self._catalog().npgettext(context, msgid1, msgid2, n)
        return found if found not in (msgid1, msgid2) else self._catalog().ngettext(msgid1, msgid2, n)


def _chosen(files: list[CatalogFile]) -> dict[str, CatalogFile]:
    """The catalog used for each language the game speaks: de_AT stands in for de only when there is no plain de,
    and a catalog for a language the game does not speak is never asked."""
    chosen: dict[str, CatalogFile] = {}
    for file in files:
        code = i18n.resolve(file.code)
        if code in i18n.LANGUAGES and code != i18n.SOURCE_LANGUAGE and (code not in chosen or file.code == code):
            chosen[code] = file
    return chosen


def catalog_problems(found: FoundMod, code: str) -> list[Problem]:
    """What is wrong with the catalog the game would use for the mod in language ``code`` (the mod manager shows
    it: the player learns why the mod speaks English); none when it is clean or there is none."""
    file = _chosen(catalog_files(found)[0]).get(i18n.resolve(code))
    if file is None:
        return []
    return [Problem(p.path, L_("{problem} (so this catalog is not used: the mod shows its own words)",
                               problem=p.message), p.line, p.column) for p in read_catalog(file).problems]


def register_catalogs(catalog: Catalog) -> None:
    """Make the loaded mods' catalogs the ones :func:`game.i18n.mod_text` consults (the previous mods' are
    dropped). The last loaded mod is asked first, as its records win too."""
    i18n.clear_mod_catalogs()
    for mod_id in reversed(catalog.order):
        entry = catalog.entry(mod_id)
        if entry is None:
            continue
        files, misplaced = catalog_files(entry.found)
        for problem in misplaced:
            log.info("mod %r: %s", mod_id, problem)
        for code, file in _chosen(files).items():
            i18n.register_mod_catalog(mod_id, code, LazyCatalog(file, mod_id))
