"""Schemas of the asset kinds: ``tileset/tileset.yaml``, ``theme/theme.yaml`` and ``voice/voice.yaml``.

Paths inside these files are relative to the file's own folder and may not leave it. Rulesets and special
hands are described by :mod:`game.rules`; personalities by :mod:`game.mods.personalities`.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from game.core.tiles import CODES
from game.datafile import TRANSLATABLE
from game.i18n import L_

RECORD_ID = r"^[a-z0-9][a-z0-9_-]{0,63}$"
COLOUR = r"^#[0-9a-fA-F]{6}$"

Seat = Literal[0, 1, 2, 3]
SEATS: tuple[Seat, ...] = (0, 1, 2, 3)

GRID_COLUMNS, GRID_ROWS = 9, 5
CELL_SIZE = (36, 46)
BACK = "BACK"

# The classic 9×5 sheet: rows 1–3 the suits (Bamboo, Characters, Dots) 1–9; row 4 the winds and dragons;
# row 5 the flowers, seasons and the tile back. The joker sits in the spare cell at the end of row 4.
CLASSIC_CELLS: dict[str, tuple[int, int]] = {
    **{CODES[suit * 9 + n]: (n, suit) for suit in range(3) for n in range(9)},
    **{code: (column, 3) for column, code in enumerate(("EW", "SW", "WW", "NW", "RD", "GD", "WD"))},
    "JK": (8, 3),
    **{code: (column, 4) for column, code in enumerate(("F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4"))},
    BACK: (8, 4),
}


def check_relative_path(value: str) -> str:
    """A file name inside the record's folder: no absolute path, drive, backslash or ``..``."""
    if not value.strip():
        raise ValueError(L_("expected a file name, got an empty string"))
    normal = value.replace("\\", "/")
    if normal.startswith("/") or re.match(r"^[A-Za-z]:", normal) or ".." in normal.split("/"):
        raise ValueError(L_("expected a file name inside the mod folder, got {value}", value=repr(value)))
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TilesetSpec(_Strict):
    """A tile set: one sprite sheet (plus optional 2x/3x sheets for high-DPI screens) cut into a 9×5 grid.

    ::

        id: plain
        name: Tiles without numbers
        image: sheet.png          # at least 324×230: 9×5 cells of 36×46
        image_2x: sheet@2x.png    # optional, at least 648×460
        cells: {JK: [7, 3]}       # optional: cells that differ from the classic layout, [column, row] from 0
    """

    format: Literal[1] = 1
    id: str | None = Field(None, pattern=RECORD_ID, description="tile set id; defaults to the mod id")
    name: str = Field(min_length=1, max_length=80, json_schema_extra=TRANSLATABLE)
    description: str = Field("", max_length=1000, json_schema_extra=TRANSLATABLE)
    image: str = Field(description="the sheet, at least 9×5 cells of cell_size pixels (324×230 by default)")
    image_2x: str | None = Field(None, description="optional sheet at twice the size")
    image_3x: str | None = Field(None, description="optional sheet at three times the size")
    cell_size: tuple[int, int] = Field(CELL_SIZE, description="[width, height] of one tile in the 1x sheet")
    cells: dict[str, tuple[int, int]] = Field(
        default_factory=dict,
        description="cells that differ from the classic layout: tile code or BACK -> [column, row] from 0")
    outline: bool = Field(True, description="draw a black outline around each tile (as the original did)")
    rounded_corners: bool = Field(True, description="round the tile corners when cutting the sheet")

    @model_validator(mode="before")
    @classmethod
    def _other_spellings(cls, data: object) -> object:
        """Also accept ``cell`` + ``images: [{file, scale}]`` and ``cells`` as 5 rows of 9 codes (or null)."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        if "cell" in data and "cell_size" not in data:
            data["cell_size"] = data.pop("cell")
        images = data.get("images")
        if isinstance(images, list) and not any(key in data for key in ("image", "image_2x", "image_3x")):
            data.pop("images")
            for entry in images:
                if not isinstance(entry, dict) or set(entry) - {"file", "scale"} or "file" not in entry:
                    raise ValueError(L_("images: expected entries like {{file: sheet.png, scale: 1}}, got {value}",
                                        value=repr(entry)))
                scale = entry.get("scale", 1)
                key = {1: "image", 2: "image_2x", 3: "image_3x"}.get(scale)
                if key is None or key in data:
                    raise ValueError(L_("images: expected one image for each scale 1, 2 or 3, got scale {value}",
                                        value=repr(scale)))
                data[key] = entry["file"]
        cells = data.get("cells")
        if isinstance(cells, list):
            if len(cells) != GRID_ROWS or any(not isinstance(row, list) or len(row) != GRID_COLUMNS for row in cells):
                raise ValueError(L_("cells: expected {rows} rows of {columns} cells (tile code, BACK or null), got "
                                    "{value}", rows=GRID_ROWS, columns=GRID_COLUMNS, value=repr(cells)))
            mapping: dict[str, list[int]] = {}
            for row_index, row in enumerate(cells):
                for column, code in enumerate(row):
                    if code is None:
                        continue
                    if str(code).upper() in mapping:
                        raise ValueError(L_("cells: {code} appears twice, in row {row}, column {column} and earlier",
                                            code=str(code), row=row_index + 1, column=column + 1))
                    mapping[str(code).upper()] = [column, row_index]
            data["cells"] = mapping
        return data

    @field_validator("image", "image_2x", "image_3x")
    @classmethod
    def _paths(cls, value: str | None) -> str | None:
        return None if value is None else check_relative_path(value)

    @field_validator("cell_size")
    @classmethod
    def _cell_size(cls, value: tuple[int, int]) -> tuple[int, int]:
        width, height = value
        if not (8 <= width <= 512 and 8 <= height <= 512):
            raise ValueError(L_("expected a cell size between 8 and 512 pixels, got {value}", value=str(list(value))))
        return value

    @field_validator("cells", mode="before")
    @classmethod
    def _cell_keys(cls, value: object) -> object:
        if not isinstance(value, dict):
            return value
        fixed = {}
        for key, cell in value.items():
            code = str(key).upper()
            if code not in CLASSIC_CELLS:
                raise ValueError(L_("expected a tile code (1B…9D, EW…WD, F1…S4, JK) or BACK, got {value}",
                                    value=repr(key)))
            fixed[code] = cell
        return fixed

    @field_validator("cells")
    @classmethod
    def _cells_inside_and_distinct(cls, value: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
        used: dict[tuple[int, int], str] = {}
        for code, cell in value.items():
            column, row = cell
            if not (0 <= column < GRID_COLUMNS and 0 <= row < GRID_ROWS):
                raise ValueError(L_("cell of {code} must be inside the 9×5 grid (column 0–8, row 0–4), got {cell}",
                                    code=code, cell=str(list(cell))))
            if cell in used:
                raise ValueError(L_("{code} and {other} are both in cell {cell}", code=code, other=used[cell],
                                    cell=str(list(cell))))
            used[cell] = code
        return value

    def cell_map(self) -> dict[str, tuple[int, int]]:
        """Every tile code (and ``BACK``) -> (column, row) in the grid, counting from 0.

        Codes the file does not place keep their classic cell, unless the file put another tile there.
        """
        taken = set(self.cells.values())
        defaults = {code: cell for code, cell in CLASSIC_CELLS.items() if cell not in taken}
        return {**defaults, **self.cells}

    def images(self) -> list[tuple[str, int]]:
        """``(file, scale)`` for each sheet given."""
        found = [(self.image, 1)]
        if self.image_2x:
            found.append((self.image_2x, 2))
        if self.image_3x:
            found.append((self.image_3x, 3))
        return found

    def min_size(self, scale: int) -> tuple[int, int]:
        """The smallest sheet size at ``scale``."""
        return GRID_COLUMNS * self.cell_size[0] * scale, GRID_ROWS * self.cell_size[1] * scale


SOUND_EVENTS = ("tile_click", "draw", "discard", "chow", "pung", "kong", "mah_jongg", "warning", "dice",
                "wall_build")


class ThemeSounds(_Strict):
    """The sound pack of a theme: one file per game sound, each optional (missing means silent)."""

    tile_click: str | None = None
    draw: str | None = None
    discard: str | None = None
    chow: str | None = None
    pung: str | None = None
    kong: str | None = None
    mah_jongg: str | None = None
    warning: str | None = None
    dice: str | None = None
    wall_build: str | None = None

    @field_validator(*SOUND_EVENTS)
    @classmethod
    def _paths(cls, value: str | None) -> str | None:
        return None if value is None else check_relative_path(value)

    def files(self) -> dict[str, str]:
        return {event: getattr(self, event) for event in SOUND_EVENTS if getattr(self, event)}


class ThemeSpec(_Strict):
    """A look and sound for the table: colours, table cloth, stake colours, fonts and sounds."""

    format: Literal[1] = 1
    id: str | None = Field(None, pattern=RECORD_ID, description="record id; defaults to the mod id")
    name: str = Field(min_length=1, max_length=80, json_schema_extra=TRANSLATABLE)
    description: str = Field("", max_length=1000, json_schema_extra=TRANSLATABLE)
    colours: dict[str, str] = Field(
        default_factory=dict, description="named colours as #rrggbb: table, text, highlight, panel, …")
    cloth: str | None = Field(None, description="table cloth image, tiled over the table")
    stakes: list[str] = Field(default_factory=list,
                              description="stake colours as #rrggbb, one per seat in seat order (four)")
    fonts: dict[str, str] = Field(default_factory=dict, description="font files (.ttf/.otf) by use: ui, title, tiles")
    sounds: ThemeSounds = Field(default_factory=ThemeSounds)
    music: str | None = Field(None, description="background music (.ogg, .flac, .mp3 or .wav), looped while playing")

    @field_validator("colours")
    @classmethod
    def _colours(cls, value: dict[str, str]) -> dict[str, str]:
        for key, colour in value.items():
            if not re.fullmatch(r"[a-z][a-z0-9_]*", str(key)):
                raise ValueError(L_("expected colour names in snake_case, got {value}", value=repr(key)))
            if not isinstance(colour, str) or not re.fullmatch(COLOUR, colour):
                raise ValueError(L_("colour {key} must be #rrggbb, got {value}", key=repr(key), value=repr(colour)))
        return value

    @field_validator("stakes")
    @classmethod
    def _stakes(cls, value: list[str]) -> list[str]:
        if value and len(value) != 4:
            raise ValueError(L_("expected four stake colours (one per seat), got {n}", n=len(value)))
        for colour in value:
            if not re.fullmatch(COLOUR, colour):
                raise ValueError(L_("stake colours must be #rrggbb, got {value}", value=repr(colour)))
        return value

    @field_validator("cloth")
    @classmethod
    def _cloth(cls, value: str | None) -> str | None:
        return None if value is None else check_relative_path(value)

    @field_validator("music")
    @classmethod
    def _music(cls, value: str | None) -> str | None:
        if value is None:
            return None
        check_relative_path(value)
        if not value.lower().endswith(SOUND_EXTENSIONS):
            raise ValueError(L_("expected music as .ogg, .flac, .mp3 or .wav, got {value}", value=repr(value)))
        return value

    @field_validator("fonts")
    @classmethod
    def _fonts(cls, value: dict[str, str]) -> dict[str, str]:
        for key, path in value.items():
            check_relative_path(path)
            if not path.lower().endswith((".ttf", ".otf")):
                raise ValueError(L_("font {key} must be a .ttf or .otf file, got {value}", key=repr(key),
                                    value=repr(path)))
        return value


# The 1995 program's voice files (classic-program.md §2): <seat>_<NAME>.WAV, seat 0 the human, 1 right,
# 2 opposite, 3 left. These names are the voice lines.
VOICE_LINES = ("ONE", "TWO", "THR", "FOU", "FIV", "SIX", "SEV", "EIG", "NIN", "BAM", "CIR", "WAN",
               "EAS", "SOU", "WES", "NOR", "GRE", "RED", "WHI", "FLO", "SEA", "CHO", "PUN", "KON", "MAH")
VOICE_OPTIONAL_LINES = ("PLU", "ORC", "CHR", "BMB", "SPR", "SUM", "AUT", "WIN")
VOICE_CALL_LINES = ("STA", "REA", "RII", "DAN")
"""Calls the 1995 script lacks, optional: a Standing Hand, a ready hand, Riichi, and the danger announced with a
third set of one suit (Western, seed 002 L498-L499)."""
VOICE_TILE_LINES = tuple(f"{n}_{suit}" for suit in ("BAM", "CIR", "WAN") for n in range(1, 10))
ALL_VOICE_LINES = VOICE_LINES + VOICE_OPTIONAL_LINES + VOICE_CALL_LINES + VOICE_TILE_LINES
SOUND_EXTENSIONS = (".wav", ".ogg", ".flac", ".mp3")


class VoiceSpec(_Strict):
    """A voice pack: what each seat says, as files named like the 1995 program's (``2_THR.WAV``).

    With ``files`` the pattern, a line is found at ``pattern.format(seat=…, line=…)``; ``lines`` may instead
    map line names to files for every seat (``seat_lines`` per seat). A missing seat file falls back to seat 0,
    then to silence, as in the original.
    """

    format: Literal[1] = 1
    id: str | None = Field(None, pattern=RECORD_ID, description="record id; defaults to the mod id")
    name: str = Field(min_length=1, max_length=80, json_schema_extra=TRANSLATABLE)
    description: str = Field("", max_length=1000, json_schema_extra=TRANSLATABLE)
    language: str = Field("en", pattern=r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")
    files: str | None = Field("{seat}_{line}.wav",
                              description="file-name pattern with {seat} (0–3) and {line} (ONE … MAH)")
    seats: list[Seat] = Field(default_factory=lambda: list(SEATS),
                              description="seats recorded; others use seat 0's files")
    lines: dict[str, str] = Field(default_factory=dict, description="line name -> file, for every seat")
    seat_lines: dict[Seat, dict[str, str]] = Field(default_factory=dict)
    per_tile: bool = Field(False, description="the pack has one file per suit tile (3_CIR …), as the option "
                                              "'1 *.WAV per tile'")

    @field_validator("files")
    @classmethod
    def _pattern(cls, value: str | None) -> str | None:
        if value is None:
            return value
        if "{line}" not in value:
            raise ValueError(L_("expected a file-name pattern containing {{line}}, got {value}", value=repr(value)))
        try:
            sample = value.format(seat=0, line="ONE")
        except (KeyError, IndexError, ValueError):
            raise ValueError(L_("expected only {{seat}} and {{line}} in the pattern, got {value}",
                                value=repr(value))) from None
        check_relative_path(sample)
        if not sample.lower().endswith(SOUND_EXTENSIONS):
            raise ValueError(L_("expected a pattern ending in .wav, .ogg, .flac or .mp3, got {value}",
                                value=repr(value)))
        return value

    @field_validator("lines")
    @classmethod
    def _lines(cls, value: dict[str, str]) -> dict[str, str]:
        return _check_lines(value)

    @field_validator("seat_lines")
    @classmethod
    def _seat_lines(cls, value: dict[int, dict[str, str]]) -> dict[int, dict[str, str]]:
        for lines in value.values():
            _check_lines(lines)
        return value

    def file_for(self, seat: int, line: str) -> str | None:
        """The file name that would hold ``line`` for ``seat`` (before any fallback)."""
        own = next((lines for recorded, lines in self.seat_lines.items() if recorded == seat), {})
        if line in own:
            return own[line]
        if line in self.lines:
            return self.lines[line]
        if self.files is not None and seat in self.seats:
            return self.files.format(seat=seat, line=line)
        return None

    def candidates(self, seat: int, line: str) -> list[str]:
        """File names to try for ``line`` said by ``seat``, in the original's fallback order."""
        names = [self.file_for(seat, line), self.file_for(0, line)]
        return [name for index, name in enumerate(names) if name and name not in names[:index]]


def _check_lines(lines: dict[str, str]) -> dict[str, str]:
    for line, path in lines.items():
        if line not in ALL_VOICE_LINES:
            raise ValueError(L_("expected a voice line name such as ONE, CIR, MAH or 3_CIR, got {value}",
                                value=repr(line)))
        check_relative_path(path)
    return lines
