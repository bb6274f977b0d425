"""Write the JSON Schemas of the rules file formats, so editors can complete and check them.

    python tools/export_schemas.py [--out docs/schemas]

Writes ``ruleset.schema.json`` (``rulesets/*.yaml``) and ``special-hands.schema.json`` (``hands/*.yaml``).
A test checks that the committed files are current.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.rules import json_schema  # noqa: E402  (the repository root must be on the path first)

FILES = {"ruleset": "ruleset.schema.json", "special_hands": "special-hands.schema.json"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "schemas"), help="folder to write the schemas to")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for kind, name in FILES.items():
        (out / name).write_text(json.dumps(json_schema(kind), indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
