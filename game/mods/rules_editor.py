"""The rules editor's model: a ruleset's values as a draft the player changes, checked, undone and saved.

The Four Winds program's Scoring Configuration box (P-132..P-140) let a player set every scoring event's points,
doubles and flags, with Default and Default All. Here a draft shows a ruleset as **entries** (every scoring line,
every special hand, and the limit, the minimums and the settlement options), each with its value **fields**.
Every value is checked the moment it is given, by compiling the preset file it would make with the same loader
``mods check`` uses, so a refused value is refused with the same message and never reaches a file. Saving
writes an ordinary custom preset (:mod:`game.mods.custom_rules`): a user mod that ``extends:`` the ruleset it
starts from, with a comment on every changed line; export zips that mod to share it.

A draft knows nothing of the screen: the rules editor scene shows it and sends it the player's edits.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from game.config import Folders
from game.core.ruleset import Ruleset
from game.datafile import parse_yaml
from game.errors import DataFileError, ModError, Problem, SparrowError, message_of
from game.i18n import L_, N_, _, localized
from game.mods import custom_rules
from game.mods.catalog import build_catalog
from game.mods.records import Catalog
from game.mods.rule_values import in_file, value_names
from game.mods.rulesets import compile_text, load_ruleset
from game.rules.load import PATTERN_KEYS
from game.storage import write_atomic

GROUPS = (N_("Scoring lines"), N_("Special hands"), N_("Limit"), N_("Minimums"), N_("Settlement"))
TABLE_KEYS = {
    "Limit": ("limit",),
    "Minimums": ("min_points", "min_doubles"),
    "Settlement": ("payment", "discarder_pays_all", "rounding.stage", "rounding.unit", "rounding.mode",
                   "losers_score_concealed", "start_score"),
}
"""The ruleset-wide values of the last three groups, as the Rules page's options name them; a ruleset offers
those its files give (:func:`game.mods.custom_rules.options_for`)."""
TABLE_WORDS = {
    "Limit": N_("The most a hand can score; special hands worth a share of the limit follow it."),
    "Minimums": N_("What a winning hand needs at least: points, or doubles (a limit hand always goes out)."),
    "Settlement": N_("How hand scores are rounded and paid, and the score every player starts a game with."),
}
LINE_LABELS = {"points": N_("Points"), "doubles": N_("Doubles"), "mah_jongg_only": N_("Mah Jongg hand only"),
               "allowed": N_("No scoring value"), "limit": N_("Share of the limit"), "total": N_("Total score")}
HAND_ALLOWED = N_("Allow this special hand")
EXPORT_FOLDER = "exports"
DRAFT_ID = "custom-draft"
"""The id a draft is checked under before it has a name of its own."""


@dataclass(frozen=True)
class Field:
    """One value of an entry, as the editor shows it."""

    key: str
    """Where it sits, as a preset names it (``scoring.pung_kong_dragons.doubles``, ``rounding.unit``)."""
    label: str
    kind: str
    """``int`` or ``float`` (typed), ``bool`` (a switch) or ``choice`` (one of ``choices``)."""
    choices: tuple[Any, ...] = ()
    words: tuple[tuple[Any, str], ...] = ()
    nullable: bool = False
    """A number that may be null: typing nothing gives it (``no limit``)."""
    none_word: str = ""
    invert: bool = False
    """Shown as on when the value is false (No Scoring Value is ``allowed: false``)."""

    def shown(self, value: Any) -> str:
        """The value in words, as the field shows it, in the active language."""
        if value is None:
            return _(self.none_word or N_("none"))
        if self.kind == "bool":
            return _("on") if bool(value) != self.invert else _("off")
        for known, word in self.words:
            if known == value and type(known) is type(value):
                return _(word)
        return f"{value:g}" if isinstance(value, float) else f"{value}"

    def typed(self, value: Any) -> str:
        """The value as the player types it in the field (nothing for null)."""
        if value is None:
            return ""
        return f"{value:g}" if isinstance(value, float) else f"{value}"


@dataclass(frozen=True)
class Entry:
    """A scoring line, a special hand, or one of the ruleset-wide groups, with its fields."""

    key: str
    """``scoring.<id>``, ``special_hands.<id>``, or the group's name."""
    group: str
    name: str
    description: str
    fields: tuple[Field, ...]
    pattern: str = ""
    """A special hand's pattern as its YAML gives it, shown read-only."""

    @property
    def entry_id(self) -> str:
        """The line's or hand's id ("" for a ruleset-wide group)."""
        return self.key.split(".", 1)[1] if "." in self.key else ""


def _table_field(option: custom_rules.Option) -> Field:
    numeric = option.kind == "number" or (option.kind == "choice" and all(
        isinstance(c, int) and not isinstance(c, bool) for c in option.choices if c is not None))
    kind = "bool" if option.kind == "bool" else "int" if numeric else "choice"
    return Field(option.key, option.label, kind, tuple(option.choices) if kind == "choice" else (),
                 option.words if kind == "choice" else (), nullable=bool(option.none_label),
                 none_word=option.none_label)


def _pattern_text(data: Any, hand_id: str) -> str:
    entry = data.get("special_hands", {}).get(hand_id) if isinstance(data, dict) else None
    if not isinstance(entry, dict):
        return ""
    pattern = {key: value for key, value in entry.items() if key in PATTERN_KEYS}
    return yaml.safe_dump(pattern, sort_keys=False, allow_unicode=True, width=70, default_flow_style=None) \
        if pattern else ""


def entries_for(ruleset: Ruleset) -> tuple[Entry, ...]:
    """Every entry the editor shows for a ruleset it starts from, group by group."""
    data = getattr(getattr(ruleset, "source", None), "data", None)
    entries: list[Entry] = []
    for item in ruleset.scoring:
        if in_file(data, "scoring", item.id):
            fields = tuple(Field(f"scoring.{item.id}.{name}", LINE_LABELS[name],
                                 "bool" if name in ("mah_jongg_only", "allowed") else "int",
                                 invert=name == "allowed") for name in value_names(ruleset, "scoring"))
            entries.append(Entry(f"scoring.{item.id}", GROUPS[0], item.name, item.description, fields))
    for hand in ruleset.special_hands:
        if in_file(data, "special_hands", hand.id):
            fields = tuple(Field(f"special_hands.{hand.id}.{name}", HAND_ALLOWED if name == "allowed" else
                                 LINE_LABELS[name], "bool" if name in ("total", "allowed") else
                                 "float" if name == "limit" else "int", nullable=name == "limit", none_word="none")
                           for name in value_names(ruleset, "special_hands"))
            entries.append(Entry(f"special_hands.{hand.id}", GROUPS[1], hand.name, hand.description, fields,
                                 _pattern_text(data, hand.id)))
    offered = {option.key: option for option in custom_rules.options_for(ruleset)}
    offered.update({key: custom_rules.option(key) for key in custom_rules.ANYWHERE})
    for group, keys in TABLE_KEYS.items():
        fields = tuple(_table_field(offered[key]) for key in keys if key in offered)
        entries.append(Entry(group, group, group, TABLE_WORDS[group], fields))
    return tuple(entries)


def field_values(ruleset: Ruleset, entries: tuple[Entry, ...]) -> dict[str, Any]:
    """The value of every field of ``entries`` in a loaded ruleset, by key."""
    values = {**custom_rules.option_values(ruleset),
              **{key: custom_rules.option_value(ruleset, key) for key in custom_rules.ANYWHERE},
              **custom_rules.value_keys(ruleset)}
    return {f.key: values.get(f.key) for entry in entries for f in entry.fields}


class Draft:
    """A ruleset being edited: the values shown, the ruleset they start from, and what is saved.

    ``defaults`` are the values of the ruleset a preset extends (Default puts a field back to it); ``saved``
    the values as the edited ruleset has them on disk. A built-in ruleset (or another mod's) is saved as a new
    preset; a custom preset is saved in place or as a copy.
    """

    def __init__(self, folders: Folders, ruleset_id: str, catalog: Catalog | None = None) -> None:
        self.folders = folders
        self._load(ruleset_id, catalog)

    def _load(self, ruleset_id: str, catalog: Catalog | None) -> None:
        """Read ``ruleset_id`` as it is on disk: nothing changed, nothing to undo."""
        self.catalog = catalog if catalog is not None else build_catalog(self.folders, full=False)
        custom = next((c for c in custom_rules.list_custom_rulesets(self.folders) if c.id == ruleset_id), None)
        self.custom = custom
        """The custom preset edited, or None for a ruleset that is saved as a new preset."""
        self.root = custom.base if custom is not None else ruleset_id
        edited = load_ruleset(self.catalog, ruleset_id)
        root = load_ruleset(self.catalog, self.root) if custom is not None else edited
        self.base = root
        """The ruleset a preset extends, as loaded (its lines' fixed flags say which fields are locked)."""
        self.name = edited.name
        self.entries = entries_for(root)
        self.fields = {f.key: f for entry in self.entries for f in entry.fields}
        self.defaults = field_values(root, self.entries)
        self.saved = field_values(edited, self.entries)
        self.values = dict(self.saved)
        self.kept = {k: v for k, v in (custom.options if custom is not None else {}).items()
                     if k not in self.fields}
        """The preset's other values (set on the Rules page), written back unchanged."""
        self._undo: list[dict[str, Any]] = []
        self._redo: list[dict[str, Any]] = []
        self._typing: str | None = None
        """The field typed in by the last edit, whose next typed edit joins the same undo step."""
        self._compiled: tuple[tuple[tuple[str, Any], ...], Ruleset] | None = None
        if custom is None:
            self._compiled = ((), edited)

    # -- state ------------------------------------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.custom.id if self.custom is not None else self.root

    @property
    def changed(self) -> bool:
        """Whether there is anything to save."""
        return self.values != self.saved

    def changes(self) -> dict[str, Any]:
        """The values that differ from the ruleset the preset extends, in the editor's order."""
        return {key: value for key, value in self.values.items() if value != self.defaults[key]}

    def is_default(self, key: str) -> bool:
        return self.values[key] == self.defaults[key]

    def entry(self, key: str) -> Entry:
        return next(e for e in self.entries if e.key == key)

    def locked(self, key: str) -> str:
        """Why a field cannot be changed now ("" when it can): the original's rules for its boxes (P-134..P-139)."""
        kind, _dot, name = key.partition(".")
        if kind not in ("scoring", "special_hands"):
            return ""
        entry_id, _dot, name = name.rpartition(".")
        entry: Any = self.base.item(entry_id) if kind == "scoring" else self.base.special_hand(entry_id)
        allowed = self.values.get(f"{kind}.{entry_id}.allowed", True)
        if kind == "scoring" and name in ("points", "doubles") and not allowed:
            return _("No Scoring Value is on: the line never counts")
        if name == "doubles" and entry.no_doubles and not self.defaults[key]:
            return _("this value cannot be turned into doubles")
        if kind == "special_hands" and name == "doubles" and self.values.get(f"{kind}.{entry_id}.total"):
            return _("Total Score is on: the points are the whole score")
        if name in ("mah_jongg_only", "total") and entry.fixed:
            return _("fixed in this ruleset")
        return ""

    # -- checking -------------------------------------------------------------------------------------------

    def _mod_id(self) -> str:
        return self.custom.id if self.custom is not None else DRAFT_ID

    def _paths(self, mod_id: str) -> tuple[Path, str]:
        slug = self.custom.path.stem if self.custom is not None else mod_id.removeprefix(custom_rules.PREFIX)
        shown = f"{mod_id}/rulesets/{slug}.yaml"
        return self.folders.user_mods / shown, shown

    def text(self, values: dict[str, Any] | None = None, name: str | None = None) -> str:
        """The preset file the values would make (as saving writes it)."""
        values = self.values if values is None else values
        options = {**self.kept, **{k: v for k, v in values.items() if v != self.defaults[k]}}
        return custom_rules.ruleset_text(self.catalog, self._mod_id(), name or self.name, self.root, options)

    def _compile(self, values: dict[str, Any]) -> Ruleset:
        path, shown = self._paths(self._mod_id())
        return compile_text(self.catalog, self.text(values), path, shown)

    def _changes_key(self, values: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
        return tuple(sorted(((k, v) for k, v in values.items() if v != self.defaults[k]), key=lambda kv: kv[0]))

    def ruleset(self) -> Ruleset:
        """The ruleset the values shown make (what the preview scores with)."""
        key = self._changes_key(self.values)
        if self._compiled is None or self._compiled[0] != key:
            self._compiled = (key, self._compile(self.values))
        return self._compiled[1]

    def check(self, key: str, value: Any) -> str | None:
        """The problem ``mods check`` would report if ``key`` had ``value`` (None when it is fine)."""
        return self._try(key, value)[0]

    def _try(self, key: str, value: Any) -> tuple[str | None, Ruleset | None]:
        try:
            return None, self._compile({**self.values, key: value})
        except DataFileError as exc:
            problems = exc.problems or [Problem(key, message_of(exc))]
            return localized(problems[0].message), None

    # -- edits ----------------------------------------------------------------------------------------------

    def set(self, key: str, value: Any, typing: bool = False) -> str | None:
        """Give ``key`` a value; the problem that refuses it (nothing is changed then), or None.

        ``typing``: the value is being typed, so the edits to one field in a row are one step to undo, not one
        per key pressed."""
        if key not in self.fields:
            raise KeyError(f"unknown field {key!r}")
        if self.locked(key):
            return locked_problem(self.fields[key].label, self.locked(key))
        if value == self.values[key] and type(value) is type(self.values[key]):
            return None
        problem, compiled = self._try(key, value)
        if compiled is None:
            return problem
        # Kept as the ruleset holds it (1.0 for a share of the limit typed as 1), so it is written the same way
        # however it was typed, and a preset saved again unchanged gives the same file.
        value = field_values(compiled, (self.entry_of(key),))[key]
        if value == self.values[key]:
            return None
        if not (typing and self._typing == key):
            self._push()
        self._typing = key if typing else None
        self.values[key] = value
        self._compiled = (self._changes_key(self.values), compiled)  # checked just now: the preview's ruleset
        return None

    def entry_of(self, key: str) -> Entry:
        return next(e for e in self.entries if any(f.key == key for f in e.fields))

    def set_text(self, key: str, typed: str, typing: bool = False) -> str | None:
        """Give a number field the value typed, read as the YAML file would read it."""
        try:
            value = parse_yaml(typed, key).data if typed.strip() else None
        except DataFileError as exc:
            return localized(exc.problems[0].message if exc.problems else message_of(exc))
        if value is None and not self.fields[key].nullable:
            value = typed.strip()  # nothing typed: the schema says what it expects
        return self.set(key, value, typing)

    def default(self, key: str) -> None:
        """Put one field back to the value of the ruleset the preset extends."""
        self.put({key: self.defaults[key]})

    def default_entry(self, entry_key: str) -> None:
        """Default for every field of one entry."""
        self.put({f.key: self.defaults[f.key] for f in self.entry(entry_key).fields})

    def default_all(self) -> None:
        """Every field back to the ruleset the preset extends (the original's Default All)."""
        self.put(dict(self.defaults))

    def put(self, values: dict[str, Any]) -> None:
        """Several values at once, as one step to undo (defaults, which are always valid)."""
        if all(self.values[k] == v for k, v in values.items()):
            return
        self._push()
        self.values.update(values)

    def _push(self) -> None:
        self._undo.append(dict(self.values))
        self._redo.clear()
        self._typing = None

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        self._typing = None
        if not self._undo:
            return False
        self._redo.append(dict(self.values))
        self.values = self._undo.pop()
        return True

    def redo(self) -> bool:
        self._typing = None
        if not self._redo:
            return False
        self._undo.append(dict(self.values))
        self.values = self._redo.pop()
        return True

    # -- saving ---------------------------------------------------------------------------------------------

    def save(self, name: str | None = None) -> custom_rules.CustomRuleset:
        """Write the values: into the custom preset edited, or (with ``name``, or for a ruleset that is not a
        custom preset) as a new preset. Raises :class:`ModError` and writes nothing when refused."""
        values = dict(self.values)
        if self.custom is not None and name is None:
            made = custom_rules.update_custom_ruleset(self.folders, self.custom.id, values, follow=False)
        else:
            if name is None:
                raise ModError([Problem("name", L_("expected a name for the new preset"))])
            base = self.custom.id if self.custom is not None else self.root
            made = custom_rules.create_custom_ruleset(self.folders, base, name, values, follow=False)
        self._load(made.id, None)  # the saved preset, read back from disk (a new catalog has its mod)
        return made

    def export(self) -> Path:
        """Zip the saved preset's mod into the exports folder of the config folder; its path."""
        if self.custom is None:
            raise ModError([Problem(self.id, L_("save the ruleset as a preset of your own before exporting it"))])
        return export_mod(self.folders, self.custom.path.parents[1])


def export_mod(folders: Folders, mod_root: Path) -> Path:
    """A zip of the mod folder ``mod_root`` (the folder itself at the top, as ``mods install`` takes it), in
    ``<config>/exports/<mod id>-<version>.zip``; written whole or not at all."""
    try:
        manifest = parse_yaml((mod_root / "mod.yaml").read_text(encoding="utf-8"), "mod.yaml").data
        version = str(manifest.get("version", "1.0.0")) if isinstance(manifest, dict) else "1.0.0"
        files = sorted(p for p in mod_root.rglob("*") if p.is_file())
        target = folders.config / EXPORT_FOLDER / f"{mod_root.name}-{version}.zip"
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in files:
                info = zipfile.ZipInfo(f"{mod_root.name}/{path.relative_to(mod_root).as_posix()}",
                                       date_time=(2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes())
        write_atomic(target, buffer.getvalue(), f"the zip of {mod_root.name}")
    except (OSError, SparrowError) as exc:
        if isinstance(exc, SparrowError):
            raise
        raise ModError([Problem(str(mod_root), L_("cannot export the preset: {reason}",
                                                  reason=exc.strerror or str(exc)))]) from None
    return target


def locked_problem(label: str, reason: str) -> str:
    """Why a field cannot be changed, as the editor says it: its label (translated) and the reason."""
    return _("{label}: {reason}").format(label=_(label), reason=reason)
