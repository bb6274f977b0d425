"""Custom ruleset presets: the player's own rules, kept as small user mods next to the installed ones.

A custom preset is the user mod ``custom-<slug>`` holding ``rulesets/<slug>.yaml``: ``extends: <base>`` plus
only the option values that differ from the base, so a later fix to the base reaches the preset too. Its
ruleset id is the mod id (``custom-<slug>``), which can never clash with a bundled ruleset's id.

Every write is staged in a hidden folder of the user mods folder, checked through the mod system exactly as an
install is (the ruleset is loaded with its parent), and only then renamed into place: a refused preset leaves
nothing behind and an existing one is replaced whole or not at all.

Renaming changes the display name only; the id stays, because saves, the statistics and the settings name a
ruleset by its id. A preset made from another custom preset extends that preset's own base, with both sets of
changes, so deleting one custom preset never breaks another. Bundled rulesets (and rulesets of mods the player
installed) are never changed or deleted here.
"""

from __future__ import annotations

import os
import re
import shutil
import unicodedata
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.config import Folders
from game.datafile import load_yaml, write_atomic
from game.errors import DataFileError, ModError, Problem
from game.mods.catalog import Catalog, build_catalog
from game.mods.check import check_found
from game.mods.discovery import open_folder
from game.mods.rulesets import load_ruleset

PREFIX = "custom-"
NAME_LENGTH = 40
SLUG_LENGTH = 40


@dataclass(frozen=True)
class Option:
    """One option a custom preset may change, with what the settings scene needs to show it."""

    key: str
    label: str
    kind: str
    """``bool``, ``choice`` (one of ``choices``) or ``number`` (``low``..``high`` by ``step``)."""
    section: str = "play"
    """``play`` (the ruleset's ``play:`` mapping) or ``ruleset`` (a top-level key)."""
    choices: tuple[Any, ...] = ()
    low: int = 0
    high: int = 0
    step: int = 1
    none_label: str = ""
    """For a number that may be null: the word shown for null (stepping below ``low`` reaches it)."""


OPTIONS: tuple[Option, ...] = (
    Option("flowers", "Flowers and seasons (144 tiles)", "bool"),
    Option("chows_allowed", "Chows allowed", "bool"),
    Option("max_chows", "Most chows in a hand", "choice", choices=(None, 0, 1, 2, 3, 4)),
    Option("chow_from_any", "Chows claimed from anyone", "bool"),
    Option("chow_from_any_for_mah_jongg", "Chow from anyone to go out", "bool"),
    Option("pair_claim_for_mah_jongg", "Claim a pair to go out", "bool"),
    Option("sacred_discard", "Sacred discard", "choice", choices=("off", "last", "deal")),
    Option("missed_discard", "Missed discard", "bool"),
    Option("ready_rule", "Ready hand rule", "choice", choices=("none", "declare", "riichi")),
    Option("east_keeps_deal_on_draw", "East keeps the deal on a draw", "bool"),
    Option("start_score", "Starting score", "number", low=100, high=100_000, step=100),
    Option("limit", "Limit", "number", section="ruleset", low=50, high=100_000, step=50, none_label="no limit"),
    Option("special_hands_allowed", "Special hands allowed", "bool", section="ruleset"),
)
OPTION_KEYS = tuple(option.key for option in OPTIONS)
_BY_KEY = {option.key: option for option in OPTIONS}


@dataclass(frozen=True)
class CustomRuleset:
    """A custom preset as found in the user mods folder."""

    id: str
    """The ruleset id, the same as its mod's id."""
    name: str
    base: str
    """The ruleset it extends (always one that is not a custom preset)."""
    path: Path
    """Its ``rulesets/<slug>.yaml``."""
    options: dict[str, Any] = field(default_factory=dict)
    """The option values it changes, by key (only those of :data:`OPTIONS`)."""


def slugify(name: str) -> str:
    """The file-name form of a display name: ``"My Rules!"`` -> ``"my-rules"`` (``preset`` when nothing is left)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:SLUG_LENGTH].strip("-")
    return slug or "preset"


def option_values(ruleset: Any) -> dict[str, Any]:
    """The value of every option of :data:`OPTIONS` in a loaded ruleset."""
    return {o.key: getattr(ruleset.play if o.section == "play" else ruleset, o.key) for o in OPTIONS}


def describe(key: str, value: Any) -> str:
    """An option's value in words, as the settings scene shows it."""
    option = _BY_KEY[key]
    if option.kind == "bool":
        return "on" if value else "off"
    if value is None:
        return option.none_label or "any"
    return str(value)


# -- reading --------------------------------------------------------------------------------------------------


def _catalog(folders: Folders) -> Catalog:
    return build_catalog(folders, full=False)


def _read(path: Path, mod_id: str) -> CustomRuleset | None:
    try:
        data = load_yaml(path).data
    except DataFileError:
        return None
    if not isinstance(data, dict) or data.get("id") != mod_id or not isinstance(data.get("extends"), str):
        return None
    values = {**(data.get("play") or {}), **{k: v for k, v in data.items() if k != "play"}}
    options = {key: values[key] for key in OPTION_KEYS if key in values}
    return CustomRuleset(mod_id, str(data.get("name", mod_id)), data["extends"], path, options)


def list_custom_rulesets(folders: Folders) -> list[CustomRuleset]:
    """Every custom preset in the user mods folder, by name (a broken one is left to the mod manager)."""
    found = []
    for entry in _catalog(folders).entries:
        if entry.origin != "user" or not entry.id.startswith(PREFIX) or entry.found.root is None:
            continue
        for path in sorted((entry.found.root / "rulesets").glob("*.yaml")):
            custom = _read(path, entry.id)
            if custom is not None:
                found.append(custom)
    return sorted(found, key=lambda c: (c.name.lower(), c.id))


def custom_ruleset(folders: Folders, ruleset_id: str) -> CustomRuleset:
    """The custom preset ``ruleset_id``; :class:`ModError` saying why when it is bundled, a mod's or unknown."""
    for custom in list_custom_rulesets(folders):
        if custom.id == ruleset_id:
            return custom
    catalog = _catalog(folders)
    record = catalog.record("ruleset", ruleset_id)
    if record is None:
        known = ", ".join(c.id for c in list_custom_rulesets(folders)) or "none"
        raise ModError([Problem(ruleset_id, f"no custom preset {ruleset_id!r} (custom presets: {known})")])
    entry = catalog.entry(record.mod_id)
    if entry is not None and entry.origin != "user":
        raise ModError([Problem(str(record.file), f"ruleset {ruleset_id!r} comes with the game and cannot be "
                                                  f"changed; save a copy under a new name instead")])
    raise ModError([Problem(str(record.file), f"ruleset {ruleset_id!r} belongs to the mod {record.mod_id!r}, not "
                                              f"to a custom preset; change it in the mod's own files")])


# -- writing --------------------------------------------------------------------------------------------------


def create_custom_ruleset(folders: Folders, base_id: str, name: str, options: dict[str, Any] | None = None
                          ) -> CustomRuleset:
    """Save ``options`` (values by key of :data:`OPTIONS`) laid over ruleset ``base_id`` as a new preset ``name``.

    Raises :class:`ModError` with every problem (``FILE:LINE:COLUMN`` for a value the ruleset loader refuses)
    and writes nothing when the name or a value is refused.
    """
    name = _check_name(folders, name, None)
    catalog = _catalog(folders)
    root, merged = _root_and_options(folders, catalog, base_id, options or {})
    slug = slugify(name)
    taken = {record.id for record in catalog.list("ruleset")} | {entry.id for entry in catalog.entries}
    mod_id, n = f"{PREFIX}{slug}", 2
    while mod_id in taken or (folders.user_mods / mod_id).exists():
        mod_id, n = f"{PREFIX}{slug}-{n}", n + 1
    return _save(folders, catalog, mod_id, slug, name, root, merged, replace=False)


def update_custom_ruleset(folders: Folders, ruleset_id: str, options: dict[str, Any]) -> CustomRuleset:
    """Save changed option values into the custom preset ``ruleset_id`` (replaced whole, or not at all)."""
    custom = custom_ruleset(folders, ruleset_id)
    catalog = _catalog(folders)
    root, merged = _root_and_options(folders, catalog, ruleset_id, options)
    return _save(folders, catalog, custom.id, custom.path.stem, custom.name, root, merged, replace=True)


def rename_custom_ruleset(folders: Folders, ruleset_id: str, new_name: str) -> CustomRuleset:
    """Give the custom preset ``ruleset_id`` a new display name; its id (and file names) stay."""
    custom = custom_ruleset(folders, ruleset_id)
    name = _check_name(folders, new_name, custom.id)
    catalog = _catalog(folders)
    return _save(folders, catalog, custom.id, custom.path.stem, name, custom.base, dict(custom.options),
                 replace=True)


def delete_custom_ruleset(folders: Folders, ruleset_id: str) -> Path:
    """Delete the custom preset ``ruleset_id`` (its whole mod folder); returns the folder removed."""
    custom = custom_ruleset(folders, ruleset_id)
    from game.mods import install as installer

    return installer.remove(custom.id, folders)


def _check_name(folders: Folders, name: str, own_id: str | None) -> str:
    name = " ".join(str(name).split())
    if not name:
        raise ModError([Problem("name", "expected a name for the preset, got an empty one")])
    if len(name) > NAME_LENGTH:
        raise ModError([Problem("name", f"expected a name of at most {NAME_LENGTH} characters, got {len(name)}: "
                                        f"{name!r}")])
    catalog = _catalog(folders)
    for record in catalog.list("ruleset"):
        if record.id != own_id and record.name.strip().lower() == name.lower():
            raise ModError([Problem("name", f"a ruleset named {name!r} already exists ({record.id}); choose "
                                            f"another name")])
    return name


def _root_and_options(folders: Folders, catalog: Catalog, base_id: str, options: dict[str, Any]
                      ) -> tuple[str, dict[str, Any]]:
    """The non-custom ruleset to extend and the option values that differ from it."""
    unknown = [key for key in options if key not in _BY_KEY]
    if unknown:
        raise ModError([Problem(key, f"unknown option {key!r}: expected one of {', '.join(OPTION_KEYS)}")
                        for key in unknown])
    record = catalog.record("ruleset", base_id)
    if record is None:
        known = ", ".join(sorted(r.id for r in catalog.list("ruleset"))) or "none"
        raise ModError([Problem(base_id, f"unknown base ruleset {base_id!r} (known: {known})")])
    root, inherited = base_id, {}
    if base_id.startswith(PREFIX):
        custom = next((c for c in list_custom_rulesets(folders) if c.id == base_id), None)
        if custom is not None:
            root, inherited = custom.base, dict(custom.options)
    wanted = {**inherited, **options}
    try:
        root_values = option_values(load_ruleset(catalog, root))
    except DataFileError as exc:
        raise ModError(exc.problems or [Problem(root, str(exc))]) from None
    return root, {key: wanted[key] for key in OPTION_KEYS if key in wanted and wanted[key] != root_values[key]}


def _ruleset_text(mod_id: str, name: str, root: str, root_name: str, options: dict[str, Any]) -> str:
    doc: dict[str, Any] = {"format": 1, "id": mod_id, "extends": root, "name": name,
                           "description": f"{root_name} with the player's own options."}
    play = {k: v for k, v in options.items() if _BY_KEY[k].section == "play"}
    if play:
        doc["play"] = play
    doc.update({k: v for k, v in options.items() if _BY_KEY[k].section == "ruleset"})
    header = (f"# Custom preset {name!r}, saved from Sparrow's settings: the ruleset {root!r} with the values\n"
              f"# below changed. Everything not listed here comes from {root!r}.\n")
    return header + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=110)


def _manifest_text(mod_id: str, name: str, root: str) -> str:
    doc = {"format": 1, "id": mod_id, "name": name, "version": "1.0.0", "game": ">=0.1", "authors": ["you"],
           "description": f"A custom ruleset preset based on {root}, made in the settings.", "kinds": ["ruleset"],
           "requires": {}, "optional": {}, "incompatible": [], "load_after": []}
    return "# Made by Sparrow's settings (Rules page); rename or delete it there.\n" + yaml.safe_dump(
        doc, sort_keys=False, allow_unicode=True, width=110)


def _save(folders: Folders, catalog: Catalog, mod_id: str, slug: str, name: str, root: str,
          options: dict[str, Any], *, replace: bool) -> CustomRuleset:
    root_record = catalog.record("ruleset", root)
    root_name = root_record.name if root_record is not None else root
    mods = folders.user_mods
    target = mods / mod_id
    ruleset_file = Path("rulesets") / f"{slug}.yaml"
    mods.mkdir(parents=True, exist_ok=True)
    staging = mods / f".install-{uuid.uuid4().hex}"
    old: Path | None = None
    try:
        write_atomic(staging / "mod.yaml", _manifest_text(mod_id, name, root))
        write_atomic(staging / ruleset_file, _ruleset_text(mod_id, name, root, root_name, options))
        found = open_folder(staging, "user", str(target))
        problems = check_found(found, folders)
        if problems:
            raise ModError(list(problems))
        if target.exists():
            if not replace:
                raise ModError([Problem(str(target), f"a custom preset folder {mod_id!r} already exists")])
            old = mods / f".old-{uuid.uuid4().hex}"
            os.replace(target, old)
        os.replace(staging, target)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
        if old is not None and old.exists():
            shutil.rmtree(old, ignore_errors=True)
    return CustomRuleset(mod_id, name, root, target / ruleset_file, dict(options))
