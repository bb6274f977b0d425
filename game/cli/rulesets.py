"""``rulesets [--json]``: the rulesets the enabled mods offer (interface contract §5)."""

from __future__ import annotations

import argparse
import sys

from game.cli.common import print_json
from game.config import folders_from_args
from game.errors import printable
from game.mods.catalog import build_catalog
from game.mods.rulesets import ruleset_infos


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("rulesets", help="list the available rulesets")
    parser.add_argument("--json", action="store_true", help="print [{id, name, mod, tiles}] as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    infos, errors = ruleset_infos(build_catalog(folders_from_args(args), full=False))
    for error in errors:
        print("ruleset not loaded:\n" + "\n".join(printable(line) for line in str(error).split("\n")), file=sys.stderr)
    if args.json:
        print_json([info.as_json() for info in infos])
        return 0
    if not infos:
        print("no rulesets: no enabled mod offers one", file=sys.stderr)
        return 0
    width = max(len(info.id) for info in infos)
    for info in infos:
        print(printable(f"{info.id:<{width}}  {info.name}  (mod {info.mod}, {info.tiles} tiles)"))
    return 0
