"""Write the JSON Schema of every network message, for docs/network.md and client authors.

    python tools/export_net_schemas.py [--out docs/schemas/net]

Writes ``client.<type>.schema.json`` for what a client sends and ``server.<type>.schema.json`` for what the server
sends, from the models in ``game/net/protocol.py``. A test checks that the committed files are current.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.net.protocol import json_schemas  # noqa: E402  (the repository root must be on the path first)

OUT = ROOT / "docs" / "schemas" / "net"


def schema_texts() -> dict[str, str]:
    """Each schema file's name and text."""
    return {f"{name}.schema.json": json.dumps(schema, indent=2, sort_keys=True) + "\n"
            for name, schema in json_schemas().items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(OUT), help="folder to write the schemas to")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in schema_texts().items():
        (out / name).write_text(text, encoding="utf-8")
        print(out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
