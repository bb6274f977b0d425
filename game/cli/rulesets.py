"""``rulesets [--json]``: the rulesets the enabled mods offer (interface contract §5)."""

from __future__ import annotations

import argparse

from game.cli.common import error_lines, print_json, say
from game.config import folders_from_args
from game.errors import printable
from game.i18n import _, mod_text, ngettext
from game.mods.catalog import build_catalog
from game.mods.rulesets import ruleset_infos


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("rulesets", help=_("list the available rulesets"),
                            description=_("The rulesets the enabled mods offer."))
    parser.add_argument("--json", action="store_true", help=_("print [{id, name, mod, tiles}] as JSON"))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    infos, errors = ruleset_infos(build_catalog(folders_from_args(args), full=False))
    for error in errors:
        say("\n".join([_("ruleset not loaded:"), *error_lines(error)]))
    if args.json:
        print_json([info.as_json() for info in infos])
        return 0
    if not infos:
        say(_("no rulesets: no enabled mod offers one"))
        return 0
    width = max(len(info.id) for info in infos)
    for info in infos:
        print(printable(ngettext("{id}  {name}  (mod {mod}, {n} tile)", "{id}  {name}  (mod {mod}, {n} tiles)",
                                 info.tiles).format(id=f"{info.id:<{width}}", name=mod_text(info.name, info.mod),
                                                    mod=info.mod, n=info.tiles)))
    return 0
