"""Generate the bundled tile sets: ``mods/tiles-numbers``, ``mods/tiles-plain``, ``mods/tiles-characters`` and
``mods/tiles-contrast``.

Each set is a tileset mod with ``sheet.png`` (324 × 230: the original's 9 × 5 grid of 36 × 46 tiles),
``sheet@2x.png`` and ``sheet@3x.png``, and ``tileset/tileset.yaml`` mapping each cell to a tile code.
Every tile is drawn large with pygame and shrunk with ``smoothscale``; the output is deterministic (same
fonts, same bytes). Tiles are drawn without outline or rounded corners: the game's loader adds those.

The Chinese characters come from a CJK font installed on the machine that runs this tool (Debian:
``apt-get install fonts-arphic-ukai`` or ``fonts-noto-cjk``); the game itself never needs that font.

Usage: ``python tools/make_tilesets.py [--out DIR] [--only ID ...] [--cjk-font PATH[:INDEX]]``
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import tile_art
import tile_art_bonus
from tile_art import CLASSIC, CONTRAST, TILE_H, TILE_W, Fonts, Painter, Palette

from game.mods.schemas import CLASSIC_CELLS, GRID_COLUMNS, GRID_ROWS

ROOT = Path(__file__).resolve().parent.parent
LATIN_FONT = ROOT / "assets" / "fonts" / "DejaVuSansCondensed-Bold.ttf"

# (path, face index, emboldening): the brush-style Kai face looks most like carved tiles; the Noto serif is
# the fall-back. Index 2 of ukai.ttc and 3 of the Noto collection are the Traditional Chinese faces (萬, 發).
CJK_FONTS = (
    ("/usr/share/fonts/truetype/arphic/ukai.ttc", 2, 0.045),
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc", 3, 0.0),
    ("/usr/share/fonts/opentype/noto-cjk/NotoSerifCJK-Bold.ttc", 3, 0.0),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0, 0.0),
)
FONT_HINT = "install one with: apt-get install fonts-arphic-ukai (or fonts-noto-cjk), or pass --cjk-font PATH[:INDEX]"



def _classic_grid() -> tuple[tuple[str | None, ...], ...]:
    """The shared classic layout (``game.mods.schemas.CLASSIC_CELLS``) as rows of codes, None for a spare cell."""
    grid: list[list[str | None]] = [[None] * GRID_COLUMNS for _ in range(GRID_ROWS)]
    for code, (column, row) in CLASSIC_CELLS.items():
        grid[row][column] = code
    return tuple(tuple(row) for row in grid)


# The original's layout (classic-program.md §1.15): three suit rows of nine, seven honours (and the joker),
# eight bonus tiles and the back.
GRID = _classic_grid()
SCALES = (1, 2, 3)
MASTER = {1: 8, 2: 8, 3: 12}  # master pixels per tile unit for each output scale (shrink factor 8, 4, 4)


@dataclass(frozen=True)
class TileSet:
    """One bundled set."""

    mod_id: str
    name: str
    description: str
    palette: Palette
    index: str  # "" none, "number" (3 / E), "suit" (3 over B, for the high-contrast set)
    characters_only: bool = False  # the original's third set: characters for every tile, no pictures


SETS = (
    TileSet("tiles-numbers", "Tiles with numbers",
            "Classic ivory tiles with a small index (3, E) in the corner: easy to learn.", CLASSIC, "number"),
    TileSet("tiles-plain", "Tiles without numbers",
            "Classic ivory tiles with only their Chinese characters and pictures.", CLASSIC, ""),
    TileSet("tiles-characters", "Characters only",
            "The original's third set: every tile named by its Chinese characters alone (a number over its "
            "suit's character; winds, dragons, flowers and seasons by their names), no pictures and no numbers.",
            CLASSIC, "", characters_only=True),
    TileSet("tiles-contrast", "High-contrast tiles",
            "White tiles, strong outlines and colour-blind-safe colours; every suit tile shows its number "
            "and suit letter (B, C, D).", CONTRAST, "suit"),
)


def find_cjk_font(override: str | None) -> tuple[str, int, float]:
    """The CJK font to draw with, or exit with a message that says how to install one."""
    if override:
        path, _, index = override.partition(":")
        if not Path(path).is_file():
            raise SystemExit(f"make_tilesets: CJK font not found: '{path}'")
        return path, int(index or 0), 0.0
    for path, index, strength in CJK_FONTS:
        if Path(path).is_file():
            return path, index, strength
    raise SystemExit("make_tilesets: no font with Chinese characters found; " + FONT_HINT)


def draw_art(p: Painter, code: str, tileset: TileSet) -> None:
    """Draw the picture of ``code`` (without index) with the painter's current placement."""
    kind, head = code[-1], code[0]
    if code == "BACK":
        tile_art_bonus.back(p)
    elif code == "JK":
        tile_art.joker(p)
    elif tileset.characters_only:
        tile_art.character_tile(p, code)
    elif code[0] in "FS" and code[1].isdigit():
        tile_art_bonus.bonus(p, int(code[1]) - 1 + (4 if code[0] == "S" else 0), True, tileset.index == "suit")
    elif kind == "B":
        tile_art.bamboo(p, int(head))
    elif kind == "D" and head.isdigit():
        tile_art.dots(p, int(head))
    elif kind == "C":
        tile_art.characters(p, int(head))
    elif kind == "W" and head in "ESWN":
        tile_art.wind(p, "ESWN".index(head))
    elif kind == "D":
        tile_art.dragon(p, head)
    else:
        raise ValueError(f"no picture for tile code '{code}'")


def index_label(code: str) -> tuple[str, str]:
    """(index text, suit letter) for the corner, empty where the tile has none."""
    if code[0].isdigit():
        return code[0], code[1]
    if code[1] == "W":
        return code[0], ""
    return "", ""


def render_tile(code: str | None, tileset: TileSet, out_scale: int, fonts: Fonts) -> pygame.Surface:
    """One tile at ``out_scale`` × 36 × 46 pixels."""
    pal = tileset.palette
    r = MASTER[out_scale]
    master = pygame.Surface((TILE_W * r, TILE_H * r))
    # a faint top-to-bottom gradient, like light on a slightly curved face
    for y in range(TILE_H * r):
        t = y / (TILE_H * r - 1)
        master.fill(tuple(round(a + (b - a) * t) for a, b in zip(pal.face, pal.face_low, strict=True)),
                    (0, y, TILE_W * r, 1))
    p = Painter(master, r, out_scale, pal, fonts)
    if code is not None:
        text, suit = index_label(code) if tileset.index else ("", "")
        if text and tileset.index == "suit" and suit:
            p.place(5.2, 5.6, 0.86)
        elif text:
            p.place(3.4, 4.2, 0.885)
        else:  # keep clear of the rounded corners and outline the loader adds
            p.place(0.9, 1.15, 0.95)
        draw_art(p, code, tileset)
        p.place(0, 0, 1.0)
        if text:
            colour = pal.numeral if code[-1] != "W" else pal.red
            if tileset.index == "suit" and suit:
                # the suit letter sits close to the picture: a rim of tile face keeps the two apart
                p.text("latin", text, pal.ink, 4.6, 5.4, 8.6, 8.6, em=13, halo=0.9)
                p.text("latin", suit, _suit_colour(pal, suit), 4.6, 14.4, 7.5, 6.6, em=10, halo=0.9)
            else:
                p.text("latin", text, colour, 4.6, 5.4, 8.6, 8.2, em=12)
    return pygame.transform.smoothscale(master, (TILE_W * out_scale, TILE_H * out_scale))


def _suit_colour(pal: Palette, suit: str):
    return {"B": pal.green, "C": pal.red, "D": pal.blue}[suit]


def render_sheet(tileset: TileSet, out_scale: int, fonts: Fonts) -> pygame.Surface:
    sheet = pygame.Surface((9 * TILE_W * out_scale, 5 * TILE_H * out_scale))
    sheet.fill(tileset.palette.face)
    for row, codes in enumerate(GRID):
        for col, code in enumerate(codes):
            tile = render_tile(code, tileset, out_scale, fonts)
            sheet.blit(tile, (col * TILE_W * out_scale, row * TILE_H * out_scale))
    return sheet


def manifest_text(tileset: TileSet) -> str:
    """``tileset.yaml`` in the shared schema (``game.mods.schemas.TilesetSpec``), every cell spelt out."""
    rows = "\n".join("  - [" + ", ".join(code or "null" for code in row) + "]" for row in GRID)
    return (
        f"# {tileset.name}: generated by tools/make_tilesets.py; do not edit by hand.\n"
        "format: 1\n"
        f"name: {tileset.name}\n"
        f"description: {_quoted(tileset.description)}\n"
        "cell: [36, 46]           # one cell of sheet.png; sheet@2x and @3x are whole multiples\n"
        "images:                  # the game picks the sharpest sheet for the size it draws\n"
        "  - {file: sheet.png, scale: 1}\n"
        "  - {file: sheet@2x.png, scale: 2}\n"
        "  - {file: sheet@3x.png, scale: 3}\n"
        "outline: true            # the game draws the outline, rounded corners and tile edge\n"
        "rounded_corners: true\n"
        "cells:                   # row by row, left to right: tile code, BACK, or null; any order works\n"
        f"{rows}\n"
    )


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def mod_yaml_text(tileset: TileSet) -> str:
    return (
        "format: 1\n"
        f"id: {tileset.mod_id}\n"
        f"name: {tileset.name}\n"
        'version: "1.0.0"\n'
        'game: ">=0.1"\n'
        "authors: [Sparrow team]\n"
        f"description: {_quoted(tileset.description)}\n"
        "kinds: [tileset]\n"
        "requires: []\n"
        "optional: []\n"
        "incompatible: []\n"
        "load_after: []\n"
    )


def write_set(tileset: TileSet, out_root: Path, fonts: Fonts) -> list[Path]:
    folder = out_root / tileset.mod_id
    (folder / "tileset").mkdir(parents=True, exist_ok=True)
    written = []
    for k in SCALES:
        name = "sheet.png" if k == 1 else f"sheet@{k}x.png"
        path = folder / "tileset" / name
        pygame.image.save(render_sheet(tileset, k, fonts), str(path))
        written.append(path)
    (folder / "tileset" / "tileset.yaml").write_text(manifest_text(tileset), encoding="utf-8")
    (folder / "mod.yaml").write_text(mod_yaml_text(tileset), encoding="utf-8")
    return [*written, folder / "tileset" / "tileset.yaml", folder / "mod.yaml"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "mods", help="folder to write the mods into")
    parser.add_argument("--only", nargs="*", default=None, help="mod ids to make (default: all)")
    parser.add_argument("--cjk-font", default=None, help="CJK font file, optionally PATH:FACE_INDEX")
    args = parser.parse_args(argv)
    cjk_path, cjk_index, strength = find_cjk_font(args.cjk_font)
    if not LATIN_FONT.is_file():
        raise SystemExit(f"make_tilesets: bundled font missing: '{LATIN_FONT}'")
    fonts = Fonts(cjk_path, cjk_index, str(LATIN_FONT), strength)
    for tileset in SETS:
        if args.only and tileset.mod_id not in args.only:
            continue
        for path in write_set(tileset, args.out, fonts):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
