"""The tile-set loader: bundled sets, bare images, clean scaling, drawn edges and clear refusals."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client.render.tilesheet import TilesetError, TileSheet
from game.core.tiles import ALL_TILES, tile_from_code
from tests.builders import rewrite_keeping_times, settle_files

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = ("tiles-numbers", "tiles-plain", "tiles-characters", "tiles-contrast")


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.display.quit()


@pytest.fixture(scope="module")
def numbers() -> TileSheet:
    return TileSheet.load(ROOT / "mods" / "tiles-numbers")


@pytest.mark.parametrize("mod", BUNDLED)
def test_load__every_bundled_set_gives_every_tile_at_the_asked_height(mod: str) -> None:
    """Each bundled set draws all 43 tiles and the back at the height asked, with the original's proportions."""
    sheet = TileSheet.load(ROOT / "mods" / mod)
    for tile in range(ALL_TILES):
        face = sheet.face(tile, 64)
        assert face.get_height() == 64
        assert face.get_width() == sheet.tile_size(64)[0]
    face_h = 64 - TileSheet.depth(64)
    assert sheet.tile_size(64)[0] == round(face_h * 36 / 46)
    assert sheet.back(64).get_size() == sheet.tile_size(64)


def test_face__corners_are_rounded_and_outlined(numbers: TileSheet) -> None:
    """The loader cuts round corners (transparent) and draws a dark outline round the face."""
    face = numbers.face(tile_from_code("WD"), 92, depth=False)
    w, h = face.get_size()
    assert face.get_at((0, 0)).a == 0
    assert face.get_at((w - 1, h - 1)).a == 0
    edge = face.get_at((0, h // 2))
    assert edge.a > 200 and max(edge.r, edge.g, edge.b) < 90
    centre_ivory = face.get_at((w // 2, 3 * h // 4 + 4))
    assert min(centre_ivory.r, centre_ivory.g, centre_ivory.b) > 150


def test_face__edge_below_shows_the_back_colour(numbers: TileSheet) -> None:
    """With depth, the strip under the face shows the tile's body in the sheet's back colour (green here)."""
    face = numbers.face(tile_from_code("5D"), 92)
    w, h = face.get_size()
    body = face.get_at((w // 2, h - 3))
    assert body.g > body.r + 40 and body.g > body.b


def test_face__uses_the_sharpest_sheet_without_resampling(numbers: TileSheet) -> None:
    """At exactly 3× size the face is the 3× sheet's cell, pixel for pixel (no blurry upscaling of the 1× sheet)."""
    big = pygame.image.load(str(ROOT / "mods/tiles-numbers/tileset/sheet@3x.png"))
    cell = big.subsurface((4 * 108, 2 * 138, 108, 138))  # 5D: column 4, row 2
    face = numbers.face(tile_from_code("5D"), 138, depth=False)
    for x, y in ((54, 69), (30, 40), (80, 100)):
        assert face.get_at((x, y))[:3] == cell.get_at((x, y))[:3]


def test_face__is_cached_per_size(numbers: TileSheet) -> None:
    """Asking twice for the same tile and size returns the same surface; another size is another surface."""
    tile = tile_from_code("RD")
    assert numbers.face(tile, 50) is numbers.face(tile, 50)
    assert numbers.face(tile, 51) is not numbers.face(tile, 50)


def test_from_image__any_large_picture_is_a_tile_set(tmp_path: Path) -> None:
    """A dropped image bigger than 324×230 is cut as a 9×5 grid in the classic order, scaled to fit."""
    image = pygame.Surface((500, 300))
    image.fill((200, 30, 30))
    image.fill((10, 20, 200), (444, 240, 56, 60))  # the back cell, bottom right
    path = tmp_path / "mine.png"
    pygame.image.save(image, str(path))
    sheet = TileSheet.load(path)
    assert sheet.name == "mine"
    assert sheet.back_colour == (10, 20, 200)
    face = sheet.face(tile_from_code("1B"), 46, depth=False)
    assert all(abs(a - b) <= 4 for a, b in zip(face.get_at((18, 23))[:3], (200, 30, 30), strict=True))


def test_from_image__palette_bmp_like_the_originals_is_accepted(tmp_path: Path) -> None:
    """An 8-bit BMP (the 1995 program's format) loads and scales."""
    image = pygame.Surface((324, 230), 0, 8)
    image.set_palette([(i, i, i) for i in range(256)])
    image.fill((120, 120, 120))
    path = tmp_path / "old.bmp"
    pygame.image.save(image, str(path))
    assert TileSheet.load(path).face(0, 80).get_height() == 80


def test_from_image__a_picture_changed_on_disk_is_read_again(tmp_path: Path, monkeypatch) -> None:
    """A decoded picture is reused while its file is unchanged, but one replaced by another of the same size,
    even with the old file's times, shows the new picture."""
    settle_files(monkeypatch)
    path = tmp_path / "mine.bmp"
    image = pygame.Surface((324, 230))
    image.fill((200, 30, 30))
    pygame.image.save(image, str(path))
    assert TileSheet.load(path).face_colour == (200, 30, 30)
    assert TileSheet.load(path).face_colour == (200, 30, 30)
    image.fill((30, 160, 60))
    pygame.image.save(image, str(tmp_path / "green.bmp"))
    rewrite_keeping_times(path, (tmp_path / "green.bmp").read_bytes())
    assert TileSheet.load(path).face_colour == (30, 160, 60)


def test_from_image__too_small_is_refused_with_both_sizes(tmp_path: Path) -> None:
    """An image smaller than 324×230 is refused, saying what was expected and what was found."""
    path = tmp_path / "small.png"
    pygame.image.save(pygame.Surface((300, 230)), str(path))
    with pytest.raises(TilesetError) as caught:
        TileSheet.load(path)
    message = str(caught.value)
    assert "small.png" in message and "324×230" in message and "300×230" in message


def test_from_image__unreadable_file_is_refused(tmp_path: Path) -> None:
    """A file that is not an image gives a clear tile-set error, not a pygame crash."""
    path = tmp_path / "broken.png"
    path.write_bytes(b"this is not a png")
    with pytest.raises(TilesetError, match="cannot read"):
        TileSheet.load(path)


def test_from_manifest__bad_key_reports_file_and_line(tmp_path: Path) -> None:
    """A manifest with an unknown key is refused with FILE:LINE:COLUMN."""
    (tmp_path / "tileset.yaml").write_text("format: 1\nname: Broken\nimage: sheet.png\ncolour: red\n",
                                           encoding="utf-8")
    pygame.image.save(pygame.Surface((324, 230)), str(tmp_path / "sheet.png"))
    with pytest.raises(TilesetError) as caught:
        TileSheet.load(tmp_path)
    assert f"{tmp_path / 'tileset.yaml'}:4:1:" in str(caught.value)


def test_from_manifest__custom_cell_order_is_followed(tmp_path: Path) -> None:
    """A manifest may put tiles in any cell; the loader follows it."""
    image = pygame.Surface((324, 230))
    image.fill((250, 250, 250))
    image.fill((0, 0, 255), (0, 0, 36, 46))  # top-left cell, which this manifest says is the red dragon
    pygame.image.save(image, str(tmp_path / "sheet.png"))
    (tmp_path / "tileset.yaml").write_text(
        "format: 1\nname: Swapped\nimage: sheet.png\ncells: {RD: [0, 0], 1B: [4, 3]}\n", encoding="utf-8")
    sheet = TileSheet.load(tmp_path / "tileset.yaml")
    assert sheet.face(tile_from_code("RD"), 46, depth=False).get_at((18, 23))[:3] == (0, 0, 255)
    assert sheet.face(tile_from_code("1B"), 46, depth=False).get_at((18, 23))[:3] == (250, 250, 250)


def test_from_manifest__missing_sheet_is_refused(tmp_path: Path) -> None:
    """A manifest naming a sheet that is not there says which file is missing."""
    (tmp_path / "tileset.yaml").write_text("format: 1\nname: Empty\nimage: nothere.png\n", encoding="utf-8")
    with pytest.raises(TilesetError, match=r"nothere\.png"):
        TileSheet.load(tmp_path)


def test_preview__shows_the_whole_set(numbers: TileSheet) -> None:
    """The preview lays out every cell of the grid (used for the tile-set chooser and dropped images)."""
    preview = numbers.preview(46)
    w, h = numbers.tile_size(46)
    assert preview.get_width() >= 9 * w and preview.get_height() >= 5 * h


def test_load__works_without_a_window() -> None:
    """Tools and tests may cut tiles before a window exists."""
    pygame.display.quit()
    try:
        sheet = TileSheet.load(ROOT / "mods" / "tiles-plain")
        assert sheet.face(tile_from_code("EW"), 40).get_height() == 40
    finally:
        pygame.display.init()
        pygame.display.set_mode((64, 64))
