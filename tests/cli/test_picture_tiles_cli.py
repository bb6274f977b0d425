"""`mods install PICTURE`: a picture of the 9×5 tile grid becomes a tile-set mod of the player's own, which `mods
check` accepts; a picture of another size, or a file that is no picture, is refused naming the grid."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from tests.cli.runner import Ran, sparrow


def _run(tmp_path: Path, *args: str) -> Ran:
    return sparrow("--mods-dir", str(tmp_path / "user"), "--config-dir", str(tmp_path / "cfg"), *args)


def _picture(path: Path, size: tuple[int, int]) -> Path:
    surface = pygame.Surface(size)
    surface.fill((236, 228, 204))
    pygame.draw.rect(surface, (20, 120, 80), (size[0] * 8 // 9, size[1] * 4 // 5, size[0] // 9, size[1] // 5))
    pygame.image.save(surface, str(path))
    return path


def test_mods_install__a_picture_of_the_grid_becomes_a_tile_set_mod(tmp_path: Path) -> None:
    """A 2× picture is installed as ``picture-<its name>``, named after the file, with its cells twice the
    original's; `mods check` passes it and installing it again replaces it."""
    picture = _picture(tmp_path / "my jade_tiles@2x.png", (648, 460))
    result = _run(tmp_path, "mods", "install", str(picture))
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "user" / "picture-my-jade-tiles-2x"
    assert result.stdout == f"installed picture-my-jade-tiles-2x 1.0.0 into {folder}\n"
    assert (folder / "tileset" / "sheet.png").read_bytes() == picture.read_bytes()
    assert "cell_size:\n- 72\n- 92\n" in (folder / "tileset" / "tileset.yaml").read_text()
    assert _run(tmp_path, "mods", "check", str(folder)).stdout == "ok: picture-my-jade-tiles-2x 1.0.0 (tileset)\n"
    [entry] = [e for e in json.loads(_run(tmp_path, "mods", "list", "--json").stdout) if e["origin"] == "user"]
    assert entry["name"] == "My jade tiles@2x" and entry["kinds"] == ["tileset"] and entry["loaded"]
    again = _run(tmp_path, "mods", "install", str(picture))
    assert again.returncode == 0 and "(replacing version 1.0.0)" in again.stdout


def test_mods_install__a_jpeg_keeps_its_format(tmp_path: Path) -> None:
    """A JPEG of the original's size is kept as it is (sheet.jpg), whatever its file is called."""
    picture = _picture(tmp_path / "photo.jpg", (324, 230))
    named_png = tmp_path / "Holiday.PNG"
    named_png.write_bytes(picture.read_bytes())
    result = _run(tmp_path, "mods", "install", str(named_png))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "user" / "picture-holiday" / "tileset" / "sheet.jpg").is_file()


def test_mods_install__a_picture_of_another_size_is_refused_naming_the_grid(tmp_path: Path) -> None:
    picture = _picture(tmp_path / "big.png", (400, 300))
    result = _run(tmp_path, "mods", "install", str(picture))
    assert result.returncode == 1
    assert result.stderr == (
        f"not installed: {picture}\n{picture}: expected a picture of the 9×5 tile grid (9 tiles of 36 pixels "
        "across, 5 of 46 down): 324×230 pixels, or 648×460 or 972×690 for sharper tiles, as PNG, JPEG, GIF or "
        "BMP; got 400×300\n")
    assert not (tmp_path / "user").exists() or not any((tmp_path / "user").iterdir())


def test_mods_install__a_file_that_is_no_picture_is_refused(tmp_path: Path) -> None:
    fake = tmp_path / "tiles.png"
    fake.write_text("these are not tiles")
    result = _run(tmp_path, "mods", "install", str(fake))
    assert result.returncode == 1
    assert result.stderr.endswith("as PNG, JPEG, GIF or BMP; this file is not a picture\n")
    empty = tmp_path / "empty.bmp"
    empty.write_bytes(b"")
    assert "got an empty file" in _run(tmp_path, "mods", "install", str(empty)).stderr
