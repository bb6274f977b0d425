"""The mod manifest, ``mod.yaml``: who the mod is, what it contains and what it needs.

::

    format: 1
    id: house-rules
    name: Our Club's House Rules
    version: "1.2.0"            # quoted: YAML reads 1.10 as the number 1.1
    game: ">=0.1"               # game versions this mod works with
    authors: [Ann, Bob]
    description: Classic rules with a 1000-point limit.
    kinds: [ruleset, special_hands]
    requires: {classic: ">=1.0"}   # or a list of ids: [classic]
    optional: {}
    incompatible: [other-house-rules]
    load_after: [tiles-bloem]
"""

from __future__ import annotations

import re
from typing import Literal

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from game.datafile import TRANSLATABLE, YamlDocument, validation_problems
from game.errors import Problem
from game.i18n import L_

FORMAT = 1
KINDS: tuple[str, ...] = ("ruleset", "special_hands", "ai", "tileset", "theme", "voice", "lesson")
Kind = Literal["ruleset", "special_hands", "ai", "tileset", "theme", "voice", "lesson"]
ID_PATTERN = r"^[a-z0-9][a-z0-9_-]{1,63}$"


def parse_specifier(text: str) -> SpecifierSet:
    """A version specifier such as ``>=1.0,<2``; ``*`` or an empty string means any version."""
    text = text.strip()
    if text in ("", "*"):
        return SpecifierSet()
    return SpecifierSet(text)


def _check_specifier(value: str) -> str:
    try:
        parse_specifier(value)
    except InvalidSpecifier:
        raise ValueError(L_("expected a version specifier such as '>=1.0,<2' or '*', got {value}",
                            value=repr(value))) from None
    return value


class Manifest(BaseModel):
    """A validated ``mod.yaml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal[1] = Field(description="manifest format version; always 1 for now")
    id: str = Field(description="unique lower-case id of 2–64 characters: letters, digits, '-' and '_'")
    name: str = Field(min_length=1, max_length=80, description="name shown in the mod manager",
                      json_schema_extra=TRANSLATABLE)
    version: str = Field(description="the mod's own version, quoted, e.g. \"1.0.0\"")
    game: str = Field("*", description="game versions the mod works with, e.g. \">=0.1,<1\"")
    authors: list[str] = Field(default_factory=list)
    description: str = Field("", max_length=2000, json_schema_extra=TRANSLATABLE)
    kinds: list[Kind] = Field(min_length=1, description="what the mod contains")
    requires: dict[str, str] = Field(default_factory=dict, description="mods that must be present: id -> versions")
    optional: dict[str, str] = Field(default_factory=dict, description="mods loaded first when present")
    incompatible: list[str] = Field(default_factory=list, description="mods that must not be enabled with this one")
    load_after: list[str] = Field(default_factory=list, description="mods to load before this one when present")
    load_before: list[str] = Field(default_factory=list, description="mods to load after this one when present")

    @field_validator("requires", "optional", mode="before")
    @classmethod
    def _list_means_any_version(cls, value: object) -> object:
        if isinstance(value, list):
            return {str(item): "*" for item in value}
        return value

    @field_validator("requires", "optional")
    @classmethod
    def _specifiers(cls, value: dict[str, str]) -> dict[str, str]:
        for mod_id, spec in value.items():
            _check_id(mod_id)
            _check_specifier(spec)
        return value

    @field_validator("incompatible", "load_after", "load_before")
    @classmethod
    def _ids(cls, value: list[str]) -> list[str]:
        for mod_id in value:
            _check_id(mod_id)
        return value

    @field_validator("id")
    @classmethod
    def _id(cls, value: str) -> str:
        _check_id(value)
        return value

    @field_validator("version")
    @classmethod
    def _version(cls, value: str) -> str:
        try:
            Version(value)
        except InvalidVersion:
            raise ValueError(L_('expected a version such as "1.0.0", got {value}', value=repr(value))) from None
        return value

    @field_validator("game")
    @classmethod
    def _game(cls, value: str) -> str:
        return _check_specifier(value)

    @field_validator("kinds")
    @classmethod
    def _unique_kinds(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            raise ValueError(L_("each kind may be listed once, got {value}", value=repr(value)))
        return value

    def supports_game(self, game_version: str) -> bool:
        """Whether this mod declares support for ``game_version``."""
        return parse_specifier(self.game).contains(Version(game_version), prereleases=True)


def _check_id(mod_id: str) -> None:
    if not re.fullmatch(ID_PATTERN, mod_id):
        raise ValueError(L_("expected a mod id of 2–64 lower-case letters, digits, '-' or '_', got {value}",
                            value=repr(mod_id)))


def manifest_from_document(doc: YamlDocument) -> tuple[Manifest | None, list[Problem]]:
    """Validate a parsed ``mod.yaml``; returns the manifest or the problems, each with its line and column."""
    if not isinstance(doc.data, dict):
        shown = L_("an empty file") if doc.data is None else f"{type(doc.data).__name__} {doc.data!r}"
        return None, [doc.problem((), L_("expected a mapping with id, name, version and kinds, got {value}",
                                         value=shown))]
    try:
        return Manifest.model_validate(doc.data), []
    except ValidationError as exc:
        return None, validation_problems(doc, exc)


def manifest_json_schema() -> dict:
    """The JSON schema of ``mod.yaml`` for editors (``docs/schemas/mod.schema.json``)."""
    schema = Manifest.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Sparrow mod manifest (mod.yaml)"
    return schema
