"""The schema of a lesson (``lessons/*.yaml`` in a mod): a prepared deal and the steps that teach with it.

::

    id: claiming
    name: Chows, Pungs and Kongs
    order: 3                      # where it stands in the list of lessons
    summary: Take a discard to finish a set.
    ruleset: classic              # the rules the table plays by
    seed: 7                       # the shuffle the prepared tiles are arranged in
    deal:
      hand: 1B 2B 3B 5C 5C ...    # your 13 tiles (you are East)
      draws: 9D - 2B ...          # the live wall's next tiles in the order they are drawn, whoever draws them
                                  # (- leaves one to chance)
      loose: 3D                   # optional: the first loose tiles (replacements for flowers and kongs)
    discards:                     # what the computer players discard on their turns, in order; then they play
      right: [5C]                 # by themselves (they never claim, and never go Mah Jongg, in a lesson)
    steps:
      - say: Your tiles stand at the bottom ...
        do: read                  # read | start | discard | claim | pass | kong | mah_jongg | riichi | charleston
        show: [1B, 2B, 3B]        # tiles of your hand to light up
      - say: Discard the lone North Wind.
        do: discard
        tile: NW
        wrong: The North Wind belongs to nothing in your hand ...

A step's ``wrong`` explains why another move is not the one wanted here; the player then tries again.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from game.core.tiles import JOKER, Tile, is_bonus, parse_tiles, tile_from_code, tile_name
from game.datafile import TRANSLATABLE, load_yaml
from game.errors import DataFileError, message_of
from game.i18n import L_
from game.mods.schemas import RECORD_ID

Doing = Literal["read", "start", "discard", "claim", "pass", "kong", "mah_jongg", "riichi", "charleston"]
ClaimKind = Literal["chow", "pung", "kong", "mah_jongg"]
Where = Literal["right", "opposite", "left"]
SEAT_OF: dict[Where, int] = {"right": 1, "opposite": 2, "left": 3}
"""The computer players by where they sit from you (seat 0, East)."""


def _tiles(value: str, what: str) -> str:
    try:
        parse_tiles(value)
    except (KeyError, ValueError) as exc:
        raise ValueError(L_("{what}: {problem}", what=what, problem=message_of(exc))) from None
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class LessonDeal(_Strict):
    hand: str = Field(description="your 13 tiles, as tile codes (1B … 9D, EW SW WW NW, RD GD WD, F1 … S4, JK); "
                                  "14 where East is dealt 14")
    others: dict[Where, str] = Field(
        default_factory=dict, description="the computer players' 13 tiles; a seat left out is dealt by chance")
    draws: str = Field("", description="the live wall's next tiles in the order they are drawn, whoever draws "
                                       "them; - for a tile left to chance")
    loose: str = Field("", description="the first loose tiles (replacements for flowers, seasons and kongs)")

    @field_validator("hand", "loose")
    @classmethod
    def _codes(cls, value: str) -> str:
        return _tiles(value, "expected tile codes")

    @field_validator("draws")
    @classmethod
    def _draws(cls, value: str) -> str:
        _tiles(value.replace("-", " "), "expected tile codes or -")
        return value

    @field_validator("others")
    @classmethod
    def _others(cls, value: dict[str, str]) -> dict[str, str]:
        for where, codes in value.items():
            _tiles(codes, where)
            if len(parse_tiles(codes)) != 13:
                raise ValueError(L_("{where}: expected 13 tiles, got {n}", where=where, n=len(parse_tiles(codes))))
        return value

    @field_validator("hand")
    @classmethod
    def _thirteen(cls, value: str) -> str:
        count = len(parse_tiles(value))
        if count not in (13, 14):
            raise ValueError(L_("expected 13 tiles (14 where East is dealt 14), got {n}", n=count))
        return value

    @model_validator(mode="after")
    def _possible(self) -> LessonDeal:
        """No prepared deal asks for more of a tile than a set can hold (four; two of a flower or season in the
        sets that double them; eight jokers)."""
        codes = " ".join([self.hand, *self.others.values(), self.draws.replace("-", " "), self.loose])
        for tile, count in Counter(parse_tiles(codes)).items():
            most = 8 if tile == JOKER else 2 if is_bonus(tile) else 4
            if count > most:
                raise ValueError(L_("{n} × {tile}, but a set holds at most {most}", n=count, tile=tile_name(tile),
                                    most=most))
        return self


class LessonStep(_Strict):
    say: str = Field(min_length=1, description="what the player reads: what to do, and why",
                     json_schema_extra=TRANSLATABLE)
    do: Doing = Field(description="what the player must do to go on")
    tile: str | None = Field(None, description="the tile to discard (with riichi: declaring it), or of the kong")
    tiles: str = Field("", description="the tiles to pass on (do: charleston)")
    claim: ClaimKind | None = Field(None, description="the claim to make on the discard (do: claim)")
    show: list[str] = Field(default_factory=list, description="tiles of your hand to light up")
    buttons: list[str] = Field(default_factory=list, description="table buttons to light up, by their label")
    wrong: str = Field("", description="why another move is not the one wanted here", json_schema_extra=TRANSLATABLE)

    @field_validator("tile")
    @classmethod
    def _tile(cls, value: str | None) -> str | None:
        if value is not None and len(parse_tiles(_tiles(value, "tile"))) != 1:
            raise ValueError(L_("expected one tile code, got {value}", value=repr(value)))
        return value

    @field_validator("tiles")
    @classmethod
    def _pass(cls, value: str) -> str:
        return _tiles(value, "tiles")

    @field_validator("show")
    @classmethod
    def _show(cls, value: list[str]) -> list[str]:
        for code in value:
            _tiles(code, "show")
        return value

    @model_validator(mode="after")
    def _needs(self) -> LessonStep:
        if self.do == "charleston" and not self.tiles.split():
            raise ValueError(L_("do: charleston needs tiles: the tiles to pass on"))
        if self.do in ("discard", "kong", "riichi") and self.tile is None:
            raise ValueError(L_("do: {do} needs tile: the tile to {do}", do=self.do))
        if self.do == "claim" and self.claim is None:
            raise ValueError(L_("do: claim needs claim: chow, pung, kong or mah_jongg"))
        return self


class LessonSpec(_Strict):
    id: str = Field(pattern=RECORD_ID)
    name: str = Field(min_length=1, max_length=60, json_schema_extra=TRANSLATABLE)
    order: int = Field(100, ge=0, description="where the lesson stands in the list")
    summary: str = Field("", max_length=200, json_schema_extra=TRANSLATABLE)
    ruleset: str = Field("classic", description="the ruleset the table plays by")
    seed: int = Field(1, ge=0, description="the shuffle the prepared tiles are arranged in")
    deal: LessonDeal
    discards: dict[Where, list[str]] = Field(
        default_factory=dict, description="what each computer player discards on its turns, in order")
    steps: list[LessonStep] = Field(min_length=1)

    @field_validator("discards")
    @classmethod
    def _discards(cls, value: dict[str, list[str]]) -> dict[str, list[str]]:
        for where, codes in value.items():
            for code in codes:
                _tiles(code, f"discards.{where}")
        return value


def parse_draws(text: str) -> list[Tile | None]:
    """The draws of a prepared deal: a tile per code, None for each ``-`` (a tile left to chance)."""
    return [None if word == "-" else tile_from_code(word) for word in text.split()]


def read_lesson(path: Path, shown: str) -> LessonSpec | None:
    """The lesson in ``path``; None when it cannot be read (the mod's full check says why)."""
    try:
        data = load_yaml(path, shown).data
        return LessonSpec.model_validate(data)
    except (DataFileError, ValidationError):
        return None


def lessons_of(catalog: Any) -> list[LessonSpec]:
    """Every lesson the loaded mods offer, in their order (a later mod's lesson replaces one of the same id)."""
    if catalog is None:
        return []
    found = [record.data for record in catalog.list("lesson") if isinstance(record.data, LessonSpec)]
    return sorted(found, key=lambda lesson: (lesson.order, lesson.name))
