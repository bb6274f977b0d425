"""Make ``assets/fonts/SparrowCJK.ttf``: Droid Sans Fallback cut down to the characters Sparrow writes in Chinese.

The full font is 4 MB and a full Noto CJK 20 MB and more; the executable must stay under 100 MB and the game draws
only the characters of its catalogs. So the font is subset (fonttools' ``pyftsubset``) to every non-ASCII
character of every shipped catalog (``game/locale`` and the bundled mods' ``locale`` folders), the language names
and the game's own code. Run it again after a catalog changes (the theme-font test names a character it lacks):

    apt-get install fonts-droid-fallback     # Debian, Ubuntu
    .venv/bin/python tools/make_cjk_font.py [--source PATH]

Its licence (Apache 2.0) is ``assets/fonts/LICENSE-DroidSansFallback.txt``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from fontTools import subset

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")
TARGET = ROOT / "assets" / "fonts" / "SparrowCJK.ttf"
_WIDE = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]")


def characters() -> str:
    """Every CJK character (and full-width punctuation) the catalogs and the code may draw."""
    texts = [path.read_text(encoding="utf-8") for path in (ROOT / "game").rglob("*.py")]
    for folder in (ROOT / "game" / "locale", ROOT / "mods", ROOT / "themes"):
        texts += [path.read_text(encoding="utf-8") for path in folder.rglob("*.po")]
    return "".join(sorted(set(_WIDE.findall("".join(texts)))))


def make(source: Path = SOURCE, target: Path = TARGET) -> int:
    """Write the subset; returns how many characters it holds."""
    chars = characters()
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    subset.save_font(font, str(target), options)
    return len(chars)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="the full font (default: %(default)s)")
    args = parser.parse_args(argv)
    count = make(args.source)
    print(f"{TARGET.relative_to(ROOT)}: {count} characters, {TARGET.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
