"""tools.extract_mod_strings: write a mod's translation template, and bring its catalogs up to date.

::

    python tools/extract_mod_strings.py MOD...             # writes MOD/locale/<mod id>.pot
    python tools/extract_mod_strings.py MOD --init de      # also starts MOD/locale/de/LC_MESSAGES/<mod id>.po
    python tools/extract_mod_strings.py MOD --update       # also merges the template into every .po of the mod

The text taken is every field the schemas mark translatable (:mod:`game.mods.translatable`): names and
descriptions of the mod, its rulesets, scoring lines, special hands, personalities, tile sets, themes and voice
packs, and a lesson's name, summary and steps. Each entry names the file and line it comes from and its key (so a
translator sees that "Pung" is a scoring line's name). ``--update`` keeps every translation whose English is
unchanged; a changed English comes in marked fuzzy with the old translation, a new one empty, and one no longer
used is dropped: ``mods check`` and the game ignore fuzzy and empty entries (the mod's own text shows).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402  (after the repository is on sys.path)
from babel.messages.pofile import read_po, write_po  # noqa: E402

from game import __version__, i18n  # noqa: E402
from game.datafile import write_atomic  # noqa: E402
from game.mods.discovery import open_folder  # noqa: E402
from game.mods.translatable import mod_strings  # noqa: E402
from game.mods.translations import catalog_files, catalog_path, template_path  # noqa: E402

WIDTH = 116
"""Long texts (a lesson's steps) wrap in the .po at this width, so a diff shows which words changed."""


def template(mod: Path) -> tuple[Catalog, list[str]]:
    """The mod's template, and the problems of files that could not be read (their text is missing)."""
    found = open_folder(mod, "check")
    if found.manifest is None:
        raise SystemExit("\n".join(str(problem) for problem in found.problems) or f"{mod}: no valid mod.yaml")
    strings = mod_strings(found)
    manifest = found.manifest
    pot = Catalog(domain=manifest.id, project=manifest.name, version=manifest.version,
                  copyright_holder=", ".join(manifest.authors) or None, charset="utf-8",
                  msgid_bugs_address=None, fuzzy=False)
    pot.header_comment = (f"# Translations of the mod {manifest.id} ({manifest.name}).\n"
                          f"# Made with tools/extract_mod_strings.py of Sparrow {__version__}.\n#")
    for text, places in strings.places.items():
        pot.add(text, locations=places, auto_comments=strings.keys[text])
    return pot, strings.problems


def _write(path: Path, catalog: Catalog, *, template_file: bool = False) -> None:
    import io

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, omit_header=False, ignore_obsolete=True, include_previous=False,
             sort_output=False)
    text = buffer.getvalue()
    if template_file:  # the date would make every run a change
        text = b"\n".join(line for line in text.split(b"\n") if not line.startswith(b'"POT-Creation-Date'))
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text)


def init(mod: Path, pot: Catalog, code: str) -> Path:
    """A new catalog for ``code`` with every entry empty (and the language's plural forms)."""
    found = open_folder(mod, "check")
    path = catalog_path(found, code)
    if path.exists():
        raise SystemExit(f"{path} exists already: use --update")
    catalog = Catalog(locale=code, domain=pot.domain, project=pot.project, version=pot.version, charset="utf-8",
                      fuzzy=False)
    catalog.header_comment = pot.header_comment.replace("# Translations of", f"# {i18n.LANGUAGES.get(code, code)}:"
                                                        " translations of", 1)
    catalog.update(pot, no_fuzzy_matching=True)
    _write(path, catalog)
    return path


def update(mod: Path, pot: Catalog) -> list[Path]:
    """Every catalog of the mod merged with the template."""
    found = open_folder(mod, "check")
    files, problems = catalog_files(found)
    for problem in problems:
        print(problem, file=sys.stderr)
    done = []
    for file in files:
        with file.path.open("rb") as handle:
            catalog = read_po(handle, locale=file.code.replace("-", "_"), abort_invalid=True)
        catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        _write(file.path, catalog)
        done.append(file.path)
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0].partition(": ")[2])
    parser.add_argument("mods", nargs="+", metavar="MOD", type=Path, help="a mod folder")
    parser.add_argument("--init", metavar="CODE", action="append", default=[],
                        help="start the catalog of this language (de, nl, fr, zh_Hans, …); may be repeated")
    parser.add_argument("--update", action="store_true", help="merge the template into the mod's catalogs")
    args = parser.parse_args(argv)
    for mod in args.mods:
        pot, problems = template(mod)
        for problem in problems:
            print(f"{mod}/{problem} (its text is not in the template)", file=sys.stderr)
        path = template_path(open_folder(mod, "check"))
        _write(path, pot, template_file=True)
        print(f"{path}: {len(pot)} strings")
        for code in args.init:
            print(f"started {init(mod, pot, code)}")
        if args.update:
            for done in update(mod, pot):
                print(f"updated {done}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
