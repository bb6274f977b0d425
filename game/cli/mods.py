"""``mods list|check|install|remove|enable|disable`` (interface contract §5)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli.common import print_json
from game.config import Folders, folders_from_args
from game.errors import ModError, printable
from game.mods import install as installer
from game.mods.catalog import build_catalog
from game.mods.check import check_mod
from game.mods.picture_tiles import install_picture, looks_like_picture
from game.mods.records import ModEntry


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("mods", help="list, check, install, remove, enable or disable mods")
    actions = parser.add_subparsers(dest="mods_command", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="every mod found, with its state and errors")
    listing.add_argument("--json", action="store_true", help="print the list as JSON")
    listing.set_defaults(func=run_list)
    check = actions.add_parser("check", help="validate a mod folder or zip without installing it")
    check.add_argument("path", metavar="PATH")
    check.set_defaults(func=run_check)
    install = actions.add_parser("install", help="install a mod folder or zip into the user mods folder (or a "
                                                 "324×230 picture of the 9×5 tile grid as a tile set)")
    install.add_argument("path", metavar="PATH")
    install.set_defaults(func=run_install)
    for name, helptext, func in (("remove", "delete an installed mod", run_remove),
                                 ("enable", "enable a mod", run_enable),
                                 ("disable", "disable a mod (it stays installed)", run_disable)):
        action = actions.add_parser(name, help=helptext)
        action.add_argument("mod_id", metavar="ID")
        action.set_defaults(func=func)


def _entry_json(entry: ModEntry, order: list[str]) -> dict:
    manifest = entry.manifest
    return {
        "id": entry.id,
        "name": manifest.name if manifest else None,
        "version": manifest.version if manifest else None,
        "kinds": list(manifest.kinds) if manifest else [],
        "enabled": entry.enabled,
        "loaded": entry.loaded,
        "status": entry.status,
        "origin": entry.origin,
        "path": str(entry.found.path),
        "load_position": order.index(entry.id) if entry.loaded else None,
        "errors": [str(problem) for problem in entry.problems],
    }


def run_list(args: argparse.Namespace) -> int:
    catalog = build_catalog(folders_from_args(args))
    if args.json:
        print_json([_entry_json(entry, catalog.order) for entry in catalog.entries])
        return 0
    for entry in catalog.entries:
        manifest = entry.manifest
        version = manifest.version if manifest else "?"
        kinds = ",".join(manifest.kinds) if manifest else "-"
        print(printable(f"{entry.id:<20} {version:<8} {kinds:<24} {entry.status:<8} {entry.origin}"))
        for problem in entry.problems:
            print(f"    {problem}")
    for conflict in catalog.conflicts:
        print(printable(f"conflict: {conflict}"))
    if not catalog.entries:
        print("no mods found", file=sys.stderr)
    return 0


def run_check(args: argparse.Namespace) -> int:
    found = check_mod(Path(args.path), folders_from_args(args), shown=args.path.rstrip("/\\") or args.path)
    for problem in [*found.problems, *found.catalog_problems]:
        print(problem)
    if found.problems:
        print(printable(f"{args.path}: {len(found.problems) + len(found.catalog_problems)} problem(s); the mod would "
                        "not be loaded"), file=sys.stderr)
        return 1
    if found.catalog_problems:
        print(printable(f"{args.path}: {len(found.catalog_problems)} problem(s) in its translations; the mod would "
                        "load, showing its own text in the languages whose catalog is broken"), file=sys.stderr)
        return 1
    manifest = found.manifest
    assert manifest is not None
    print(printable(f"ok: {manifest.id} {manifest.version} ({', '.join(manifest.kinds)})"))
    return 0


def _report(error: ModError) -> int:
    for problem in error.problems:
        print(problem, file=sys.stderr)
    return 1


def run_install(args: argparse.Namespace) -> int:
    folders: Folders = folders_from_args(args)
    path = Path(args.path)
    try:
        done = install_picture(path, folders) if looks_like_picture(path) else installer.install(path, folders)
    except ModError as exc:
        print(printable(f"not installed: {args.path}"), file=sys.stderr)
        return _report(exc)
    replaced = f" (replacing version {done.replaced})" if done.replaced else ""
    print(printable(f"installed {done.mod_id} {done.version} into {done.path}{replaced}"))
    return 0


def run_remove(args: argparse.Namespace) -> int:
    try:
        path = installer.remove(args.mod_id, folders_from_args(args))
    except ModError as exc:
        return _report(exc)
    print(printable(f"removed {args.mod_id} ({path})"))
    return 0


def _set(args: argparse.Namespace, enabled: bool) -> int:
    try:
        installer.set_enabled(args.mod_id, enabled, folders_from_args(args))
    except ModError as exc:
        return _report(exc)
    print(printable(f"{args.mod_id} {'enabled' if enabled else 'disabled'}"))
    return 0


def run_enable(args: argparse.Namespace) -> int:
    return _set(args, True)


def run_disable(args: argparse.Namespace) -> int:
    return _set(args, False)
