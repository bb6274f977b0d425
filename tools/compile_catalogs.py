"""Compile Sparrow's catalogs: every ``game/locale/<code>/LC_MESSAGES/sparrow.po`` to its ``.mo`` (never committed).

Run by ``scripts/test.sh``, ``.ci/run`` and ``tools/build_exe.py``. ``--extract`` first extracts
``game/locale/sparrow.pot`` from the code with ``babel.cfg`` and merges it into every ``.po`` (new strings come in
empty, changed ones fuzzy: the completeness test then names them until they are translated).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
POT = LOCALE / "sparrow.pot"
KEYWORDS = ["-k", "N_", "-k", "ngettext:1,2", "-k", "pgettext:1c,2", "-k", "npgettext:1c,2,3",
            "-k", "pgettext_noop:1c,2", "-k", "ngettext_noop:1,2", "-k", "L_", "-k", "Ln_:1,2"]


def _babel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def _in_root(*args: str) -> None:
    """Run pybabel from the repository, so the template's locations read ``game/...`` on every machine."""
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        _babel(*args)
    finally:
        os.chdir(here)


def extract() -> None:
    """The template from the code, then every language's catalog brought up to it."""
    _in_root("extract", "-F", "babel.cfg", *KEYWORDS, "--no-wrap", "--sort-by-file", "--no-location",
             "--project", "Sparrow Mah Jongg", "--copyright-holder", "Sparrow's authors",
             "-o", str(POT.relative_to(ROOT)), "game")
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/sparrow.po")):
        _babel("update", "-i", str(POT), "-o", str(po), "-l", po.parent.parent.name, "--no-wrap",
               "--ignore-obsolete")


def compile_all(folder: Path = LOCALE) -> list[Path]:
    """Every ``.po`` under ``folder`` compiled beside itself (fuzzy entries left out); returns the ``.mo`` files."""
    written = []
    for po in sorted(folder.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        _babel("compile", "-i", str(po), "-o", str(mo), "-l", po.parent.parent.name)
        written.append(mo)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extract", action="store_true", help="extract the template and merge it into every .po")
    args = parser.parse_args(argv)
    if args.extract:
        extract()
    for mo in compile_all():
        print(mo.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
