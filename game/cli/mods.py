"""``mods list|check|install|remove|enable|disable`` (interface contract §5)."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.cli.common import column, print_json, say
from game.config import Folders, folders_from_args
from game.errors import ModError, printable
from game.i18n import N_, _, localized, ngettext, pgettext
from game.mods import install as installer
from game.mods.catalog import build_catalog
from game.mods.check import check_mod
from game.mods.picture_tiles import install_picture, looks_like_picture
from game.mods.records import ModEntry


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("mods", help=_("list, check, install, remove, enable or disable mods"),
                            description=_("Manage mods: folders or zips of rulesets, special hands, opponents, tile "
                                          "sets, themes, voices and lessons."))
    actions = parser.add_subparsers(dest="mods_command", metavar=_("ACTION"), required=True)
    listing = actions.add_parser("list", help=_("every mod found, with its state and errors"))
    listing.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    listing.set_defaults(func=run_list)
    check = actions.add_parser("check", help=_("validate a mod folder or zip without installing it"))
    check.add_argument("path", metavar=_("PATH"), help=_("the mod's folder or zip"))
    check.set_defaults(func=run_check)
    install = actions.add_parser("install", help=_("install a mod folder or zip into the user mods folder (or a "
                                                   "324×230 picture of the 9×5 tile grid as a tile set)"))
    install.add_argument("path", metavar=_("PATH"), help=_("the mod's folder or zip, or the picture"))
    install.set_defaults(func=run_install)
    for name, helptext, func in (("remove", N_("delete an installed mod"), run_remove),
                                 ("enable", N_("enable a mod"), run_enable),
                                 ("disable", N_("disable a mod (it stays installed)"), run_disable)):
        action = actions.add_parser(name, help=_(helptext))
        action.add_argument("mod_id", metavar=_("ID"), help=_("the mod's id (as `mods list` shows it)"))
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
        kinds = ",".join(pgettext("mod kind", kind) for kind in manifest.kinds) if manifest else "-"
        status, origin = pgettext("mod status", entry.status), pgettext("mod origin", entry.origin)
        print(printable(f"{entry.id:<20} {version:<8} {column(kinds, 24)} {column(status, 10)} {origin}"))
        for problem in entry.problems:
            print(f"    {problem.shown()}")
    for conflict in catalog.conflicts:
        print(printable(_("conflict: {conflict}").format(conflict=localized(conflict))))
    if not catalog.entries:
        say(_("no mods found"))
    return 0


def run_check(args: argparse.Namespace) -> int:
    found = check_mod(Path(args.path), folders_from_args(args), shown=args.path.rstrip("/\\") or args.path)
    for problem in [*found.problems, *found.catalog_problems]:
        print(problem.shown())
    if found.problems:
        count = len(found.problems) + len(found.catalog_problems)
        say(printable(ngettext("{path}: {n} problem; the mod would not be loaded",
                               "{path}: {n} problems; the mod would not be loaded", count).format(
            path=args.path, n=count)))
        return 1
    if found.catalog_problems:
        count = len(found.catalog_problems)
        say(printable(ngettext(
            "{path}: {n} problem in its translations; the mod would load, showing its own text in the languages "
            "whose catalog is broken",
            "{path}: {n} problems in its translations; the mod would load, showing its own text in the languages "
            "whose catalog is broken", count).format(path=args.path, n=count)))
        return 1
    manifest = found.manifest
    assert manifest is not None
    kinds = ", ".join(pgettext("mod kind", kind) for kind in manifest.kinds)
    print(printable(_("ok: {id} {version} ({kinds})").format(id=manifest.id, version=manifest.version, kinds=kinds)))
    return 0


def _report(error: ModError) -> int:
    for problem in error.problems:
        say(problem.shown())
    return 1


def run_install(args: argparse.Namespace) -> int:
    folders: Folders = folders_from_args(args)
    path = Path(args.path)
    try:
        done = install_picture(path, folders) if looks_like_picture(path) else installer.install(path, folders)
    except ModError as exc:
        say(printable(_("not installed: {path}").format(path=args.path)))
        return _report(exc)
    if done.replaced:
        said = _("installed {id} {version} into {path} (replacing version {old})")
    else:
        said = _("installed {id} {version} into {path}")
    print(printable(said.format(id=done.mod_id, version=done.version, path=done.path, old=done.replaced)))
    return 0


def run_remove(args: argparse.Namespace) -> int:
    try:
        path = installer.remove(args.mod_id, folders_from_args(args))
    except ModError as exc:
        return _report(exc)
    print(printable(_("removed {id} ({path})").format(id=args.mod_id, path=path)))
    return 0


def _set(args: argparse.Namespace, enabled: bool) -> int:
    try:
        installer.set_enabled(args.mod_id, enabled, folders_from_args(args))
    except ModError as exc:
        return _report(exc)
    print(printable((_("{id} enabled") if enabled else _("{id} disabled")).format(id=args.mod_id)))
    return 0


def run_enable(args: argparse.Namespace) -> int:
    return _set(args, True)


def run_disable(args: argparse.Namespace) -> int:
    return _set(args, False)
