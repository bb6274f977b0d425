"""The text players read in a mod's files, found by walking each file's data along its schema.

A schema field marked with :data:`~game.datafile.TRANSLATABLE` holds such text (names, descriptions, a lesson's
steps); that mark is the one place that says so. The extraction tool (``tools/extract_mod_strings.py``) and the
catalog checks read the strings from here, so a new translatable field needs only its mark.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from game.datafile import MAX_YAML_BYTES, TRANSLATABLE, Location, YamlDocument, load_yaml
from game.errors import DataFileError
from game.mods.discovery import MANIFEST, FoundMod
from game.mods.lessons import LessonSpec
from game.mods.manifest import Manifest
from game.mods.personalities import Personality
from game.mods.records import record_files
from game.mods.schemas import ThemeSpec, TilesetSpec, VoiceSpec
from game.rules.schema import HandFileModel, RulesetModel

SCHEMAS: dict[str, type[BaseModel]] = {
    "ruleset": RulesetModel,
    "special_hands": HandFileModel,
    "ai": Personality,
    "tileset": TilesetSpec,
    "theme": ThemeSpec,
    "voice": VoiceSpec,
    "lesson": LessonSpec,
}
"""The schema of each kind's files (a personality file may also hold a list of them)."""


def _is_marked(info: Any) -> bool:
    extra = info.json_schema_extra
    return isinstance(extra, dict) and all(extra.get(key) == value for key, value in TRANSLATABLE.items())


def _unwrap(annotation: Any) -> Any:
    while get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    return annotation


def _models_in(annotation: Any, visiting: frozenset[type] = frozenset()) -> bool:
    """Whether ``annotation`` can hold a model with translatable text (so the walk need not enter it)."""
    annotation = _unwrap(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _has_text(annotation) if not visiting else _reaches_text(annotation, visiting)
    return any(_models_in(arg, visiting) for arg in get_args(annotation))


def _reaches_text(model: type[BaseModel], visiting: frozenset[type]) -> bool:
    if model in visiting:  # a tile spec holds tile specs: the way round the loop adds nothing
        return False
    inner = visiting | {model}
    return any(_is_marked(info) or _models_in(info.annotation, inner) for info in model.model_fields.values())


@cache
def _has_text(model: type[BaseModel]) -> bool:
    return _reaches_text(model, frozenset())


def _walk_value(annotation: Any, value: Any, loc: Location) -> Iterator[tuple[Location, str]]:
    annotation = _unwrap(annotation)
    origin = get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if isinstance(value, dict):
            yield from strings_in(annotation, value, loc)
    elif origin in (Union, types.UnionType):
        for arg in get_args(annotation):
            if _models_in(arg):
                yield from _walk_value(arg, value, loc)
    elif origin in (list, tuple) and isinstance(value, list):
        args = [arg for arg in get_args(annotation) if arg is not Ellipsis]
        for index, item in enumerate(value):
            yield from _walk_value(args[min(index, len(args) - 1)], item, (*loc, index))
    elif origin is dict and isinstance(value, dict):
        value_type = get_args(annotation)[1]
        for key, item in value.items():
            yield from _walk_value(value_type, item, (*loc, key))


def strings_in(model: type[BaseModel], data: dict, base: Location = ()) -> Iterator[tuple[Location, str]]:
    """Every translatable string in ``data`` (raw YAML data for ``model``) with its location, in file order.

    The data need not be valid: a file that only overrides a parent ruleset has the strings it gives.
    """
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key not in data:
            continue
        value, loc = data[key], (*base, key)
        if _is_marked(info):
            if isinstance(value, str) and value.strip():
                yield loc, value
            elif isinstance(value, list):
                yield from (((*loc, i), item) for i, item in enumerate(value) if isinstance(item, str) and item.strip())
        elif _models_in(info.annotation):
            found = list(_walk_value(info.annotation, value, loc))
            yield from dict(found).items()  # a union may reach one place by two of its models


def strings_of_document(kind: str, doc: YamlDocument) -> Iterator[tuple[Location, str]]:
    """The translatable strings of one file of ``kind`` (``manifest`` for ``mod.yaml``)."""
    model = Manifest if kind == "manifest" else SCHEMAS[kind]
    records: list[tuple[Location, dict]] = [((), doc.data)] if isinstance(doc.data, dict) else []
    if kind == "ai" and isinstance(doc.data, list):
        records = [((index,), record) for index, record in enumerate(doc.data) if isinstance(record, dict)]
    for base, record in records:
        yield from strings_in(model, record, base)


@dataclass
class ModStrings:
    """The translatable strings of a mod: each text once, with where it is written (``file:line``) and under
    which keys (``special_hands.thirteen_orphans.name``), which tells a translator what the text is."""

    places: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    keys: dict[str, list[str]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def add(self, text: str, file: str, line: int, key: str) -> None:
        self.places.setdefault(text, []).append((file, line))
        keys = self.keys.setdefault(text, [])
        if key not in keys:
            keys.append(key)


def mod_files(found: FoundMod) -> Iterator[tuple[str, Path]]:
    """``(kind, path)`` of every file of the mod that can hold translatable text: the manifest first."""
    assert found.root is not None
    yield "manifest", found.root / MANIFEST
    for kind in found.kinds:
        if kind in SCHEMAS:
            for path in record_files(found, kind):
                yield kind, path


def mod_strings(found: FoundMod) -> ModStrings:
    """Every translatable string of a mod whose manifest is valid, in file order (a file that cannot be read is
    listed in ``problems`` and skipped: ``mods check`` says what is wrong with it)."""
    assert found.root is not None
    strings = ModStrings()
    for kind, path in mod_files(found):
        relative = path.relative_to(found.root).as_posix()
        if path.stat().st_size > MAX_YAML_BYTES:
            strings.problems.append(f"{relative}: too big to read")
            continue
        try:
            doc = load_yaml(path, relative)
        except DataFileError as exc:
            strings.problems.extend(str(problem) for problem in exc.problems)
            continue
        for loc, text in strings_of_document(kind, doc):
            strings.add(text, relative, doc.where(loc)[0], ".".join(map(str, loc)))
    return strings
