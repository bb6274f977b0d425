"""Tile sets: cut a sheet into tiles and draw them as solid game pieces at any size.

A tile set is a ``tileset/tileset.yaml`` manifest (schema :class:`game.mods.schemas.TilesetSpec`) with one or
more sheets, or just an image: anything of at least 324 × 230 pixels is read as the original's 9 × 5 grid
(classic cell order), scaled to fit, as when a player drops a picture on the window.

Sheets hold flat faces. Like the 1995 program, the loader draws the rest: rounded corners, a dark outline,
and a front edge that shows the tile's thickness (an ivory layer over the back colour, read from the
sheet's own back cell), so any picture looks like a real tile. Each size is built once and cached.

>>> sheet = TileSheet.load("mods/tiles-numbers")           # doctest: +SKIP
>>> screen.blit(sheet.face(tile_from_code("5D"), 64), (x, y))  # doctest: +SKIP
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from pathlib import Path

import pygame
from pydantic import ValidationError

from game.core.tiles import ALL_TILES, CODES
from game.datafile import load_yaml, validation_problems
from game.errors import DataFileError, Problem
from game.filememo import Memo, file_signature
from game.mods.media import IMAGE_FORMATS, checked_image
from game.mods.schemas import BACK, CELL_SIZE, CLASSIC_CELLS, GRID_COLUMNS, GRID_ROWS, TilesetSpec

log = logging.getLogger(__name__)

MANIFEST = "tileset.yaml"
MIN_SIZE = (GRID_COLUMNS * CELL_SIZE[0], GRID_ROWS * CELL_SIZE[1])  # 324 × 230
OUTLINE = (36, 32, 28)
SUPERSAMPLE = 4  # corners and outlines are drawn this much larger, then shrunk, for smooth edges


class TilesetError(DataFileError):
    """A tile set that cannot be used: unreadable, too small, or a broken manifest."""


@dataclass(frozen=True)
class _Sheet:
    surface: pygame.Surface  # shared with every other sheet read from the same file: never drawn on
    cell: tuple[float, float]  # cell size in this sheet's pixels (fractional when an image is stretched)


class TileSheet:
    """A loaded tile set; ``face``/``back`` give finished tile pictures of any height."""

    def __init__(self, name: str, sheets: list[_Sheet], cells: dict[str, tuple[int, int]], *,
                 outline: bool = True, rounded: bool = True, source: str = "") -> None:
        self.name = name
        self.source = source
        self.outline = outline
        self.rounded = rounded
        self._sheets = sorted(sheets, key=lambda s: s.cell[1])
        self._cells = cells
        self._cache: dict[tuple[str, int, bool], pygame.Surface] = {}
        self.aspect = self._sheets[0].cell[0] / self._sheets[0].cell[1]
        self.face_colour = self._cell_colour("EW", corners=True)
        self.back_colour = self._cell_colour(BACK, corners=False) if BACK in cells else (36, 120, 96)

    # ----- loading -------------------------------------------------------------------------------------------

    @classmethod
    def load(cls, source: str | Path) -> TileSheet:
        """A tile set from a manifest, a folder holding one (a mod or its ``tileset/``), or a bare image."""
        path = Path(source)
        if path.is_dir():
            for candidate in (path / MANIFEST, path / "tileset" / MANIFEST):
                if candidate.is_file():
                    return cls.from_manifest(candidate)
            raise TilesetError([Problem(str(path), f"expected a tile set folder with {MANIFEST}, found none")])
        if path.suffix.lower() in (".yaml", ".yml"):
            return cls.from_manifest(path)
        return cls.from_image(path)

    @classmethod
    def from_image(cls, path: str | Path) -> TileSheet:
        """Any image of at least 324 × 230 pixels, read as a 9 × 5 grid in the classic order."""
        surface = _read_image(Path(path))
        width, height = surface.get_size()
        if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
            raise TilesetError([Problem(str(path), f"expected a tile set image of at least {MIN_SIZE[0]}×{MIN_SIZE[1]}"
                                                   f" pixels (9×5 tiles of 36×46), got {width}×{height}")])
        sheet = _Sheet(surface, (width / GRID_COLUMNS, height / GRID_ROWS))
        return cls(Path(path).stem, [sheet], dict(CLASSIC_CELLS), source=str(path))

    @classmethod
    def from_manifest(cls, path: str | Path) -> TileSheet:
        """A tile set described by ``tileset.yaml``; every problem is reported at once."""
        path = Path(path)
        try:
            doc = load_yaml(path)
            spec = TilesetSpec.model_validate(doc.data)
        except DataFileError as exc:
            raise TilesetError(exc.problems) from None
        except ValidationError as exc:
            raise TilesetError(validation_problems(doc, exc)) from None
        sheets, problems = [], []
        cell = spec.cell_size
        for index, (file, scale) in enumerate(spec.images()):
            image_path = path.parent / file
            try:
                surface = _read_image(image_path)
            except TilesetError as exc:
                problems.extend(exc.problems)
                continue
            need = spec.min_size(scale)
            got = surface.get_size()
            if got[0] < need[0] or got[1] < need[1]:
                key = {1: "image", 2: "image_2x"}.get(scale, "image_3x")
                line, column = doc.where(("images", index) if "images" in doc.data else (key,))
                message = (f"expected '{file}' to be at least {need[0]}×{need[1]} pixels (9×5 cells at scale {scale}), "
                           f"got {got[0]}×{got[1]}")
                problems.append(Problem(str(path), message, line, column))
                continue
            sheets.append(_Sheet(surface, (cell[0] * scale, cell[1] * scale)))
        if problems:
            raise TilesetError(problems)
        return cls(spec.name, sheets, spec.cell_map(), outline=spec.outline, rounded=spec.rounded_corners,
                   source=str(path))

    # ----- drawing ------------------------------------------------------------------------------------------

    def has(self, tile: int) -> bool:
        """Whether the set has a picture for ``tile`` (a set may leave out the joker)."""
        return 0 <= tile < ALL_TILES and CODES[tile] in self._cells

    def tile_size(self, height: int, depth: bool = True) -> tuple[int, int]:
        """Width and height of a tile picture ``height`` pixels tall (the edge, if any, is inside ``height``)."""
        face_h = height - self.depth(height) if depth else height
        return max(1, round(face_h * self.aspect)), height

    @staticmethod
    def depth(height: int) -> int:
        """Pixels of tile edge shown below the face of a tile ``height`` tall."""
        return 0 if height < 12 else max(2, round(height * 0.1))

    def face(self, tile: int, height: int, depth: bool = True) -> pygame.Surface:
        """The face of ``tile`` as a finished tile ``height`` pixels tall; a blank face if the set lacks it."""
        code = CODES[tile] if 0 <= tile < ALL_TILES else ""
        return self._tile(code, height, depth)

    def back(self, height: int, depth: bool = True) -> pygame.Surface:
        """A face-down tile ``height`` pixels tall."""
        return self._tile(BACK, height, depth)

    def side(self, width: int, height: int) -> pygame.Surface:
        """The long side of a tile lying in the wall: ivory over the back colour, ``width`` × ``height``."""
        key = (f"side:{width}", height, False)
        if key not in self._cache:
            surf = pygame.Surface((width, height), pygame.SRCALPHA)
            radius = max(1, height // 5)
            pygame.draw.rect(surf, self.back_colour, surf.get_rect(), border_radius=radius)
            pygame.draw.rect(surf, _shade(self.face_colour, 0.92), (0, 0, width, max(1, height * 11 // 20)),
                             border_radius=radius)
            if self.outline:
                pygame.draw.rect(surf, OUTLINE, surf.get_rect(), 1, border_radius=radius)
            self._cache[key] = _converted(surf)
        return self._cache[key]

    def preview(self, height: int = 46, gap: int = 4) -> pygame.Surface:
        """Every tile and the back laid out in the sheet's grid, for the tile-set chooser and dropped images."""
        w, h = self.tile_size(height)
        out = pygame.Surface((GRID_COLUMNS * (w + gap) + gap, GRID_ROWS * (h + gap) + gap), pygame.SRCALPHA)
        for code, (column, row) in self._cells.items():
            out.blit(self._tile(code, height, True), (gap + column * (w + gap), gap + row * (h + gap)))
        return out

    def clear_cache(self) -> None:
        """Forget built tiles, e.g. after the window was resized to a very different tile size."""
        self._cache.clear()

    # ----- internals ----------------------------------------------------------------------------------------

    def _tile(self, code: str, height: int, depth: bool) -> pygame.Surface:
        if height < 4:
            raise ValueError(f"expected a tile height of at least 4 pixels, got {height}")
        key = (code, height, depth)
        cached = self._cache.get(key)
        if cached is None:
            cached = self._cache[key] = _converted(self._build(code, height, depth))
        return cached

    def _cell_image(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        """The cell of ``code`` scaled to ``size`` from the sheet whose cells are the nearest size at or above it."""
        cell = self._cells.get(code)
        if cell is None:
            blank = pygame.Surface(size)
            blank.fill(self.face_colour)
            return blank
        sheet = next((s for s in self._sheets if s.cell[1] >= size[1]), self._sheets[-1])
        cw, ch = sheet.cell
        column, row = cell
        x0, y0 = round(column * cw), round(row * ch)
        rect = pygame.Rect(x0, y0, round((column + 1) * cw) - x0, round((row + 1) * ch) - y0)
        image = sheet.surface.subsurface(rect)
        if rect.size == size:
            return image.copy()
        return pygame.transform.smoothscale(image, size)

    def _build(self, code: str, height: int, depth: bool) -> pygame.Surface:
        w, h = self.tile_size(height, depth)
        d = self.depth(height) if depth else 0
        face_h = h - d
        radius = max(2, round(face_h * 0.11)) if self.rounded else 0
        line = max(1, round(face_h / 46)) if self.outline else 0
        s = SUPERSAMPLE if height < 240 else 2
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        if d:
            body = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
            pygame.draw.rect(body, self.back_colour, (0, d * s, w * s, face_h * s), border_radius=radius * s)
            ivory = (0, round(d * 0.45 * s), w * s, face_h * s)
            pygame.draw.rect(body, _shade(self.face_colour, 0.86), ivory, border_radius=radius * s)
            if line:
                pygame.draw.rect(body, OUTLINE, (0, d * s, w * s, face_h * s), line * s, border_radius=radius * s)
                pygame.draw.rect(body, OUTLINE, ivory, line * s, border_radius=radius * s)
            out.blit(pygame.transform.smoothscale(body, (w, h)), (0, 0))
        picture = self._cell_image(code, (w, face_h)).convert_alpha() if pygame.display.get_surface() \
            else _with_alpha(self._cell_image(code, (w, face_h)))
        mask = pygame.Surface((w * s, face_h * s), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius * s)
        picture.blit(pygame.transform.smoothscale(mask, (w, face_h)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        out.blit(picture, (0, 0))
        # light from the top left: a soft highlight on the upper edge and a shade on the lower one
        trim = pygame.Surface((w * s, face_h * s), pygame.SRCALPHA)
        bevel = max(1, round(face_h / 30)) * s
        pygame.draw.rect(trim, (255, 255, 255, 70), trim.get_rect().inflate(-line * 2 * s, -line * 2 * s),
                         bevel, border_top_left_radius=radius * s, border_top_right_radius=radius * s)
        pygame.draw.rect(trim, (0, 0, 0, 0), (0, face_h * s // 2, w * s, face_h * s))
        if line:
            pygame.draw.rect(trim, OUTLINE, trim.get_rect(), line * s, border_radius=radius * s)
        out.blit(pygame.transform.smoothscale(trim, (w, face_h)), (0, 0))
        return out

    def _cell_colour(self, code: str, corners: bool) -> tuple[int, int, int]:
        """The typical colour of a cell: its corner pixels (the face) or its border strip (the back)."""
        sheet = self._sheets[0]
        column, row = self._cells.get(code, (0, 0))
        cw, ch = sheet.cell
        x0, y0, x1, y1 = round(column * cw), round(row * ch), round((column + 1) * cw) - 1, round((row + 1) * ch) - 1
        inset = max(1, round(cw / 18))
        if corners:
            points = [(x0 + inset, y0 + inset), (x1 - inset, y0 + inset), (x0 + inset, y1 - inset),
                      (x1 - inset, y1 - inset)]
        else:
            points = [(x, y) for x in range(x0 + inset, x1 - inset, max(1, round(cw / 9)))
                      for y in (y0 + inset, y1 - inset)]
        colours = [sheet.surface.get_at(p) for p in points]
        return tuple(sorted(c[i] for c in colours)[len(colours) // 2] for i in range(3))  # type: ignore[return-value]


# The tile pictures decoded (and converted for the window) lately, by file as last seen: every new App, and every
# tile set tried in the Settings, loads its sheets again, and decoding a PNG is most of that. Two sets at three
# scales: at most about 12 MB, most of it the sheets of the set in use, which hold the same pictures anyway.
_DECODED = Memo(6)


def _read_image(path: Path) -> pygame.Surface:
    """The picture in ``path``, shared by every sheet read from the file unchanged: a sheet is only read (a
    cell is copied or scaled out of it), never drawn on."""
    if not path.is_file():
        raise TilesetError([Problem(str(path), "expected a tile set image, the file does not exist")])
    window = pygame.display.get_surface()
    # Converted for the window's pixel format, which another window may not share.
    shape = None if window is None else (window.get_bitsize(), window.get_masks())
    return _DECODED.get((str(path), shape), file_signature(path), lambda: _decoded(path, converted=window is not None))


def _decoded(path: Path, *, converted: bool) -> pygame.Surface:
    try:
        surface = pygame.image.load(io.BytesIO(checked_image(path)), path.name)
    except (pygame.error, OSError, ValueError) as exc:
        raise TilesetError([Problem(str(path), f"expected a {IMAGE_FORMATS} tile set image, cannot read it: {exc}")]
                           ) from None
    if surface.get_bitsize() < 24:  # palette BMPs, as the original's tile sets were; smoothscale needs 24/32 bits
        deep = pygame.Surface(surface.get_size(), 0, 32)
        deep.blit(surface, (0, 0))
        surface = deep
    return surface.convert() if converted else surface


def _with_alpha(surface: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    return out


def _converted(surface: pygame.Surface) -> pygame.Surface:
    """Blit-ready copy once a window exists (unconverted surfaces blit several times slower)."""
    return surface.convert_alpha() if pygame.display.get_surface() else surface


def _shade(colour: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    return (int(colour[0] * factor), int(colour[1] * factor), int(colour[2] * factor))
