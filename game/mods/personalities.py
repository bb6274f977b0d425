"""Computer-player personalities as mod data (``ai/*.yaml`` in a mod of kind ``ai``).

A personality is a set of knobs, each 0–1, read by one built-in decision engine (:mod:`game.ai.engine`); a
modder adds a personality by writing YAML, never code. The schema and its loader are data, so they live with the
other record schemas in the mods layer and the engine imports them from here. A file holds either one record or a
list of records::

    - id: expert
      name: Expert
      strategy: expert
      claim_eagerness: 0.55
      efficiency: 1.0
      caution: 0.7
      value_pull: 0.5
      mistakes: 0.0
      plan_stickiness: 0.3
      colour: "#2f6fb0"
      voice: voice_default
      think_time: [0.5, 1.2]

The strategies are the player types of the Four Winds program (Beginner, Defensive, Expert, Limitmaker); the
``scatterbrain`` modifier makes any of them absent-minded (ignored discards, careless discards, forgotten Ready).
"""

from __future__ import annotations

import os
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from game.datafile import TRANSLATABLE, YamlDocument, load_yaml, validation_problems
from game.errors import DataFileError, Problem
from game.i18n import L_, pgettext, pgettext_noop

Strategy = Literal["beginner", "defensive", "expert", "limitmaker"]
Modifier = Literal["scatterbrain"]
STRATEGIES: tuple[str, ...] = ("beginner", "defensive", "expert", "limitmaker")
MODIFIERS: tuple[str, ...] = ("scatterbrain",)
# The player types are the engine's, not a mod's: their words live in the game's catalog, so every personality
# any mod adds is labelled in the player's language ("Dora · vorsichtig").
TYPE_WORDS = {"beginner": pgettext_noop("player type", "beginner"),
              "defensive": pgettext_noop("player type", "defensive"),
              "expert": pgettext_noop("player type", "expert"),
              "limitmaker": pgettext_noop("player type", "limitmaker"),
              "master": pgettext_noop("player type", "master"),
              "scatterbrain": pgettext_noop("player type", "scatterbrain")}


def type_word(kind: str) -> str:
    """A strategy or modifier (``defensive``, ``scatterbrain``; ``master`` for one that thinks ahead) as the
    player reads it, in the active language; one this game does not know (from a newer host) as its id."""
    word = TYPE_WORDS.get(kind)
    return pgettext("player type", word) if word else kind.replace("_", " ")

Knob = Annotated[float, Field(ge=0.0, le=1.0)]

_ID_PATTERN = r"^[a-z][a-z0-9_]*$"


class Personality(BaseModel):
    """One computer opponent: who it is (name, colour, voice) and how it plays (the knobs)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=_ID_PATTERN, max_length=40,
                    description="snake_case id, unique among the loaded personalities; used by `simulate --players`")
    name: str = Field(min_length=1, max_length=40, description="name shown at the table",
                      json_schema_extra=TRANSLATABLE)
    description: str = Field("", max_length=400, description="one or two sentences shown when choosing opponents",
                             json_schema_extra=TRANSLATABLE)
    strategy: Strategy = Field(description="the player type: beginner, defensive, expert or limitmaker")
    modifiers: tuple[Modifier, ...] = Field((), description="behaviour modifiers, e.g. [scatterbrain]")

    claim_eagerness: Knob = Field(
        0.5, description="0 never claims a discard except to win, 1 claims whenever it helps; chows need more")
    efficiency: Knob = Field(
        0.5, description="weight on useful-tile counts (live tiles that bring the hand nearer ready)")
    caution: Knob = Field(
        0.3, description="how strongly threats (exposed sets, a long discard row, a Ready declaration) push toward "
        "safe discards and folding")
    value_pull: Knob = Field(
        0.3, description="weight on hand value: doubles, one suit, all pungs, honours, special and limit hands")
    mistakes: Knob = Field(
        0.0, description="0 always plays its best choice; higher values pick worse discards more often "
        "(softmax temperature)")
    plan_stickiness: Knob = Field(
        0.5, description="0 drops a special-hand plan as soon as it stalls, 1 keeps chasing it to the end")
    search: Knob = Field(
        0.0, description="0 decides by the knobs alone; above 0 also plays close choices out over sampled deals "
        "at decision time (the Master), 1 using the full work budget (about 150 ms a decision)")

    colour: str = Field("#808080", pattern=r"^#[0-9a-fA-F]{6}$", description="name-plate colour as #rrggbb")
    avatar: str | None = Field(None, description="avatar image path inside the mod folder (optional)")
    voice: str | None = Field(None, pattern=_ID_PATTERN, description="id of the voice mod that speaks its calls")
    think_time: tuple[float, float] = Field(
        (0.4, 1.2), description="[min, max] seconds of visible thinking pause before it acts")

    @field_validator("think_time")
    @classmethod
    def _think_time_range(cls, value: tuple[float, float]) -> tuple[float, float]:
        low, high = value
        if low < 0 or high > 10:
            raise ValueError(L_("expected seconds between 0 and 10, got {value}", value=f"[{low}, {high}]"))
        if low > high:
            raise ValueError(L_("expected [min, max] with min <= max, got {value}", value=f"[{low}, {high}]"))
        return value

    @field_validator("avatar")
    @classmethod
    def _relative_avatar(cls, value: str | None) -> str | None:
        if value is None:
            return value
        if not value.strip():
            raise ValueError(L_("expected an image path, got an empty string"))
        if value.startswith(("/", "\\")) or ".." in value.replace("\\", "/").split("/") or ":" in value:
            raise ValueError(L_("expected a path inside the mod folder, got {value}", value=repr(value)))
        return value

    @model_validator(mode="after")
    def _unique_modifiers(self) -> Personality:
        if len(set(self.modifiers)) != len(self.modifiers):
            raise ValueError(L_("modifiers listed twice: {value}", value=repr(list(self.modifiers))))
        return self

    @property
    def player_type(self) -> str:
        """The kind of player it is, as the player reads it (:func:`type_word`): ``master`` for one that thinks
        ahead at decision time, whatever strategy its knobs are built on; ``scatterbrain`` for one with that
        modifier (Sid plays on an expert's knobs, but a player choosing him should read what sets him apart);
        else its strategy."""
        if self.search > 0:
            return "master"
        return "scatterbrain" if self.is_scatterbrain else self.strategy

    @property
    def is_scatterbrain(self) -> bool:
        """Scatterbrained players are absent-minded and break exact replay (as in the original)."""
        return "scatterbrain" in self.modifiers

    @property
    def knows_limit_hands(self) -> bool:
        """Beginner and Defensive players know no limit hands (Four Winds player types)."""
        return self.strategy in ("expert", "limitmaker")


def personalities_from_document(doc: YamlDocument) -> list[Personality]:
    """Validate a parsed ``ai/*.yaml`` document; raise :class:`DataFileError` listing every problem."""
    data = doc.data
    records: list[Any]
    bases: list[tuple[int, ...]]
    if isinstance(data, dict):
        records, bases = [data], [()]
    elif isinstance(data, list) and data:
        records, bases = data, [(index,) for index in range(len(data))]
    else:
        shown = L_("an empty file") if data is None or data == [] else f"{type(data).__name__} {data!r}"
        raise DataFileError([doc.problem((), L_("expected a personality record or a list of them, got {value}",
                                                value=shown))])
    problems: list[Problem] = []
    found: list[Personality] = []
    first_line: dict[str, int] = {}
    for record, base in zip(records, bases, strict=True):
        if not isinstance(record, dict):
            problems.append(doc.problem(base, L_("expected a personality record (a mapping), got {value}",
                                                 value=repr(record))))
            continue
        try:
            personality = Personality.model_validate(record)
        except ValidationError as exc:
            problems.extend(validation_problems(doc, exc, base))
            continue
        line = doc.where((*base, "id"))[0]
        if personality.id in first_line:
            problems.append(doc.problem((*base, "id"), L_("duplicate personality id {id} (first given on line {line})",
                                                          id=repr(personality.id), line=first_line[personality.id])))
            continue
        first_line[personality.id] = line
        found.append(personality)
    if problems:
        raise DataFileError(problems)
    return found


def load_personality_file(path: str | os.PathLike[str], display_path: str | None = None) -> list[Personality]:
    """Read one ``ai/*.yaml`` file; raise :class:`DataFileError` with ``FILE:LINE:COLUMN`` problems."""
    return personalities_from_document(load_yaml(path, display_path))
