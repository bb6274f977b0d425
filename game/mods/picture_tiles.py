"""A picture becomes a tile set: the original loaded any bitmap of its 9 × 5 grid as the tiles (P-36, P-157…P-161);
here the picture is checked, then installed as a tile-set mod of the player's own, so it stays chosen after a
restart and a reinstall of the game (it lives in the user mods folder) and ``mods check`` accepts it.

The picture must be the grid exactly: 324 × 230 pixels (9 columns of 36, 5 rows of 46), or 2 or 3 times that
for sharper tiles; a picture of another size, or a file that is not a PNG, JPEG, GIF or BMP picture, is refused
with a message naming the grid. It is read in Python before anything decodes it (``game.mods.media``), and the
mod made from it is checked like any other before it is installed.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml

from game.config import Folders
from game.errors import ModError, Problem, message_of
from game.i18n import L_
from game.mods import install as installer
from game.mods.custom_rules import slugify
from game.mods.media import IMAGE_FORMATS, declared_size, image_kind, read_media
from game.mods.schemas import CELL_SIZE, GRID_COLUMNS, GRID_ROWS
from game.storage import write_atomic

PREFIX = "picture-"
"""The id of a tile set made from a picture: ``picture-`` and the picture's name (``picture-jade-tiles``)."""
SCALES = (1, 2, 3)
GRID = (GRID_COLUMNS * CELL_SIZE[0], GRID_ROWS * CELL_SIZE[1])  # 324 × 230
NAME_LENGTH = 60
SUFFIXES = {"png": ".png", "jpeg": ".jpg", "gif": ".gif", "bmp": ".bmp"}
PICTURE_NAMES = (".png", ".bmp", ".jpg", ".jpeg", ".gif", ".tga", ".webp", ".tif", ".tiff", ".svg")
"""File names a player means as a picture: a dropped or named one is offered as a tile set (those the game
cannot read are refused there, with the formats it can)."""


def looks_like_picture(path: str | Path) -> bool:
    """Whether a dropped or named file is meant as a picture (by its name)."""
    return Path(path).suffix.lower() in PICTURE_NAMES


def expected_grid() -> str:
    """The sizes a picture of the grid may have, in words."""
    twice, thrice = (f"{GRID[0] * k}×{GRID[1] * k}" for k in SCALES[1:])
    sharper = L_("{first} or {second}", first=twice, second=thrice)
    return L_("a picture of the {grid} tile grid ({columns} tiles of {width} pixels across, {rows} of {height} "
              "down): {size} pixels, or {sharper} for sharper tiles, as {formats}",
              grid=f"{GRID_COLUMNS}×{GRID_ROWS}", columns=GRID_COLUMNS, width=CELL_SIZE[0], rows=GRID_ROWS,
              height=CELL_SIZE[1], size=f"{GRID[0]}×{GRID[1]}", sharper=sharper, formats=IMAGE_FORMATS)


@dataclass(frozen=True)
class Picture:
    """A checked picture of the grid: what it is, how big, and how many times the original's size."""

    path: Path
    kind: str
    size: tuple[int, int]
    scale: int
    data: bytes

    @property
    def name(self) -> str:
        """The tile set's name, from the file's ("my_jade tiles.png" -> "My jade tiles")."""
        words = " ".join(self.path.stem.replace("_", " ").split())[:NAME_LENGTH].strip()
        return (words[:1].upper() + words[1:]) if words else "My tiles"

    @property
    def mod_id(self) -> str:
        return PREFIX + slugify(self.path.stem)[:40].strip("-")


def check_picture(path: str | Path) -> Picture:
    """The picture at ``path`` when it is a picture of the grid; :class:`ModError` saying what is expected
    otherwise (nothing decodes it here: its header is read)."""
    source = Path(path)
    shown = str(source)
    try:
        data = read_media(source, expected_grid())
    except ValueError as exc:
        raise ModError([Problem(shown, message_of(exc))]) from None
    kind = image_kind(data)
    if kind is None:
        raise ModError([Problem(shown, L_("expected {grid}; this file is not a picture", grid=expected_grid()))])
    size = declared_size(data)
    if size is None:
        raise ModError([Problem(shown, L_("expected {grid}; this {kind} file is damaged (its size cannot be read)",
                                          grid=expected_grid(), kind=kind.upper()))])
    scale = next((k for k in SCALES if size == (GRID[0] * k, GRID[1] * k)), None)
    if scale is None:
        raise ModError([Problem(shown, L_("expected {grid}; got {size}", grid=expected_grid(),
                                          size=f"{size[0]}×{size[1]}"))])
    return Picture(source, kind, size, scale, data)


def install_picture(path: str | Path, folders: Folders) -> installer.Installed:
    """Check the picture at ``path`` and install it as a tile-set mod in the user mods folder (replacing the one
    made from a picture of the same name). Raises :class:`ModError` with every problem, installing nothing."""
    picture = check_picture(path)
    with tempfile.TemporaryDirectory(prefix="sparrow-picture-") as tmp:
        folder = Path(tmp) / picture.mod_id
        write_mod(folder, picture)
        return installer.install(folder, folders)


def write_mod(folder: Path, picture: Picture) -> None:
    """The tile-set mod for ``picture`` in ``folder``: its manifest, the tile set's and the picture itself."""
    sheet = f"sheet{SUFFIXES[picture.kind]}"
    k = picture.scale
    about = f"Made from the picture {picture.path.name} ({picture.size[0]}×{picture.size[1]})."
    mod = {"format": 1, "id": picture.mod_id, "name": picture.name, "version": "1.0.0", "game": ">=0.1",
           "authors": ["you"], "description": about, "kinds": ["tileset"]}
    tileset = {"format": 1, "name": picture.name, "description": about, "image": sheet,
               "cell_size": [CELL_SIZE[0] * k, CELL_SIZE[1] * k]}
    (folder / "tileset").mkdir(parents=True)
    header = "# Made by Sparrow from a picture of the 9×5 tile grid; remove it in the Mods box.\n"
    write_atomic(folder / "mod.yaml", header + yaml.safe_dump(mod, sort_keys=False, allow_unicode=True))
    write_atomic(folder / "tileset" / "tileset.yaml",
                 header + yaml.safe_dump(tileset, sort_keys=False, allow_unicode=True))
    write_atomic(folder / "tileset" / sheet, picture.data)
