"""Hostile images and sounds (issue 25, class 2): files that abort SDL natively, decompress to gigabytes, or are
not what their names say, in themes, voice packs, tile sets and personalities. ``mods list`` (and ``mods check``,
the self-test and the table for some) answers with the file and what is wrong with it, the good mod still loads,
and no case crashes, takes more than ten seconds or 500 MB."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.hostile.kit import (
    GOOD_MOD,
    World,
    assert_clean,
    bmp_header,
    gif_bytes,
    jpeg_header,
    listed,
    make_world,
    png_header,
    run_limited,
    sheet,
    short_wav,
    theme_with,
    tileset_with,
    voice_with,
    wav_bytes,
)
from tests.mods.modkit import manifest, write

SAMPLES = b"\x00\x08" * 400

SOUNDS: dict[str, tuple[bytes, str]] = {
    "wav_header_only": (wav_bytes(data=b""), "no sound data"),
    "wav_without_data_chunk": (wav_bytes(data=None), "no sound data"),
    "wav_data_before_format": (wav_bytes(data=SAMPLES, data_first=True), "before its format chunk"),
    "wav_claims_two_gigabytes": (wav_bytes(data=SAMPLES, declared=0x7FFFFFFF), "cut short"),
    "wav_claims_data_it_lacks": (wav_bytes(data=b"", declared=4096), "no sound data"),
    "wav_no_channels": (wav_bytes(channels=0, data=SAMPLES), "channels"),
    "wav_rate_zero": (wav_bytes(rate=0, data=SAMPLES), "samples a second"),
    "wav_twelve_bit": (wav_bytes(bits=12, data=SAMPLES), "inconsistent"),
    "wav_two_thousand_chunks": (wav_bytes(data=SAMPLES, extra_chunks=2000), "more than 1000 chunks"),
    "wav_adpcm_garbage": (wav_bytes(fmt_tag=2, data=b"\x01" * 64), "cannot be decoded"),
    "wav_format_chunk_cut": (b"RIFF\x20\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00", "format chunk is cut short"),
    "ogg_garbage": (b"OggS" + b"\x00" * 200, "cannot be decoded"),
    "flac_garbage": (b"fLaC" + b"\x07" * 200, "cannot be decoded"),
    "mp3_garbage": (b"ID3\x04\x00\x00\x00\x00\x00\x00" + b"\x55" * 300, "cannot be decoded"),
    "aiff": (b"FORM\x00\x00\x00\x20AIFFCOMM" + b"\x00" * 40, "none of these"),
    "midi": (b"MThd\x00\x00\x00\x06\x00\x00\x00\x01\x00\x60", "none of these"),
    "empty_sound": (b"", "empty file"),
    "text_named_wav": (b"hello, this is not a sound\n", "none of these"),
}

IMAGES: dict[str, tuple[bytes, str]] = {
    "svg_named_png": (b'<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"></svg>',
                      "none of these"),
    "ppm_named_png": (b"P6\n30000 30000\n255\n" + b"\x00" * 3000, "none of these"),
    "tga_named_png": (b"\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x30\x75\x30\x75\x18\x00", "none of these"),
    "webp": (b"RIFF\x1a\x00\x00\x00WEBPVP8 " + b"\x00" * 20, "none of these"),
    "png_16000_square": (png_header(16000, 16000), "at most 8192 pixels a side"),
    "png_wide_strip": (png_header(8000, 8000), "16777216 pixels in all"),
    "png_zero_size": (png_header(0, 0), "at least 1×1"),
    "png_header_only": (png_header(324, 230), "cannot be decoded"),
    "png_cut_in_half": (sheet()[: len(sheet()) // 2], "cannot be decoded"),
    "png_torn_header": (b"\x89PNG\r\n\x1a\n\x00\x00", "damaged or cut short"),
    "gif_small_screen_huge_frame": (gif_bytes((10, 10), (60000, 60000)), "at most 8192 pixels a side"),
    "bmp_30000_square": (bmp_header(30000, 30000), "at most 8192 pixels a side"),
    "bmp_upside_down_huge": (bmp_header(20000, -20000), "at most 8192 pixels a side"),
    "jpeg_60000_square": (jpeg_header(60000, 60000), "at most 8192 pixels a side"),
    "empty_image": (b"", "empty file"),
}


def _entry(ran, name: str) -> dict:
    assert ran.returncode == 0, ran.output[-2000:]
    entries = listed(ran)
    assert entries[GOOD_MOD]["loaded"] and entries["classic"]["loaded"]
    return entries[name]


def _refused(entry: dict, file_name: str, message: str) -> None:
    assert not entry["loaded"] and entry["status"] == "error", entry
    assert any(file_name in error and message in error for error in entry["errors"]), entry["errors"]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SOUNDS))
def test_hostile_media__a_theme_sound(tmp_path: Path, name: str) -> None:
    """A theme whose tile sound is hostile is listed broken, naming the file; the good mod loads."""
    world = make_world(tmp_path)
    data, message = SOUNDS[name]
    theme_with(world, "bad-theme", {"pung.wav": data}, "name: T\nsounds: {pung: pung.wav}\n")
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    _refused(_entry(ran, "bad-theme"), "theme/pung.wav", message)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["wav_header_only", "wav_claims_data_it_lacks", "ogg_garbage", "mp3_garbage"])
def test_hostile_media__a_voice_pack(tmp_path: Path, name: str) -> None:
    """A voice pack every line of which is hostile is listed broken; the good mod loads."""
    world = make_world(tmp_path)
    data, message = SOUNDS[name]
    voice_with(world, "bad-voice", data, "ogg" if name.startswith(("ogg", "mp3")) else "wav")
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    _refused(_entry(ran, "bad-voice"), "voice/0_", message)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["wav_header_only", "ogg_garbage"])
def test_hostile_media__theme_music(tmp_path: Path, name: str) -> None:
    """Hostile background music: the theme is listed broken."""
    world = make_world(tmp_path)
    data, message = SOUNDS[name]
    theme_with(world, "bad-theme", {"tune.ogg": data}, "name: T\nmusic: tune.ogg\n")
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    _refused(_entry(ran, "bad-theme"), "theme/tune.ogg", message)


@pytest.mark.slow
@pytest.mark.parametrize("command", [("mods", "check", "{mod}"), ("--selftest",)])
def test_hostile_media__a_header_only_wav_in_check_and_selftest(tmp_path: Path, command: tuple[str, ...]) -> None:
    """The WAV with only a header that used to abort the process ("double free detected") in ``mods check`` and
    ``--selftest``: refused by name in the one, and the self-test still passes beside it."""
    world = make_world(tmp_path)
    folder = voice_with(world, "bad-voice", wav_bytes(data=b""))
    ran = run_limited(world, *(part.format(mod=folder) for part in command), timeout=20)
    assert_clean(ran, timeout=20)
    if command[0] == "mods":
        assert ran.returncode == 1 and "voice/0_BAM.wav: the WAV file has no sound data" in ran.stdout, ran.output
    else:
        assert ran.returncode == 0 and ran.stdout.rstrip().endswith("selftest ok"), ran.output[-2000:]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(IMAGES))
def test_hostile_media__a_tile_sheet(tmp_path: Path, name: str) -> None:
    """A tile set whose sheet is hostile is listed broken, naming the sheet; the good mod loads."""
    world = make_world(tmp_path)
    data, message = IMAGES[name]
    tileset_with(world, "bad-tiles", data)
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    _refused(_entry(ran, "bad-tiles"), "tileset/sheet.png", message)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["svg_named_png", "png_16000_square", "gif_small_screen_huge_frame"])
def test_hostile_media__a_theme_cloth_and_an_avatar(tmp_path: Path, name: str) -> None:
    """The same images as a theme's table cloth and as a personality's avatar: both mods listed broken."""
    world = make_world(tmp_path)
    data, message = IMAGES[name]
    theme_with(world, "bad-theme", {"cloth.png": data}, "name: T\ncloth: cloth.png\n")
    people = world.mods / "bad-people"
    write(people / "mod.yaml", manifest("bad-people", ["ai"]))
    write(people / "ai" / "p.yaml", "id: bad_p\nname: P\nstrategy: expert\navatar: face.png\n")
    (people / "ai" / "face.png").write_bytes(data)
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    _refused(_entry(ran, "bad-theme"), "theme/cloth.png", message)
    _refused(_entry(ran, "bad-people"), "ai/face.png", message)


def _fifo_sheet(world: World) -> None:
    folder = tileset_with(world, "bad-tiles", b"")
    (folder / "tileset" / "sheet.png").unlink()
    import os

    os.mkfifo(folder / "tileset" / "sheet.png")


def _folder_sheet(world: World) -> None:
    folder = tileset_with(world, "bad-tiles", b"")
    (folder / "tileset" / "sheet.png").unlink()
    (folder / "tileset" / "sheet.png").mkdir()


def _sparse_sheet(world: World) -> None:
    folder = tileset_with(world, "bad-tiles", b"")
    with open(folder / "tileset" / "sheet.png", "wb") as handle:
        handle.truncate(70 * 1024 * 1024)


ODD_FILES: dict[str, tuple[Callable[[World], None], str]] = {
    "named_pipe_for_a_sheet": (_fifo_sheet, "not a regular file"),
    "folder_for_a_sheet": (_folder_sheet, "file 'sheet.png' not found"),
    "seventy_megabyte_sheet": (_sparse_sheet, "more than the limit"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ODD_FILES))
def test_hostile_media__odd_files_where_a_sheet_should_be(tmp_path: Path, name: str) -> None:
    """A named pipe, a folder or a 70 MB file where the sheet should be: reported, never read or waited on."""
    world = make_world(tmp_path)
    build, message = ODD_FILES[name]
    build(world)
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    entry = _entry(ran, "bad-tiles")
    assert not entry["loaded"] and any(message in error for error in entry["errors"]), entry["errors"]


@pytest.mark.slow
@pytest.mark.parametrize("what", ["tileset", "theme"])
def test_hostile_media__the_table_with_a_bundled_id_reused_by_a_bomb(tmp_path: Path, what: str) -> None:
    """A mod reusing the bundled tile set's id with a 16000×16000 sheet (or a theme with such a cloth), chosen
    for the table: the table is drawn from the game's own images in seconds and little memory, and the log says
    why the mod's image was not used."""
    world = make_world(tmp_path)
    if what == "tileset":
        tileset_with(world, "zz-bomb", png_header(16000, 16000), record_id="tiles-plain")
        option = ("--tileset", "tiles-plain")
    else:
        theme_with(world, "zz-bomb", {"cloth.png": png_header(16000, 16000)},
                   "id: zz-bomb\nname: T\ncloth: cloth.png\n")
        option = ("--theme", "zz-bomb")
    out = tmp_path / "table.png"
    ran = run_limited(world, "screenshot", "--scene", "table", "--out", str(out), *option)
    assert_clean(ran)
    assert ran.returncode == 0 and out.stat().st_size > 0, ran.output[-2000:]
    assert re.search(r"at most 8192 pixels a side", ran.stderr), ran.stderr


def test_hostile_media__cheap_case(tmp_path: Path) -> None:
    """In the fast tier: a WAV with only a header in a theme, which used to abort the process, is refused by name
    and the good mod loads."""
    world = make_world(tmp_path)
    theme_with(world, "bad-theme", {"pung.wav": wav_bytes(data=b""), "ok.wav": short_wav()},
               "name: T\nsounds: {pung: pung.wav, draw: ok.wav}\n")
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    _refused(_entry(ran, "bad-theme"), "theme/pung.wav", "the WAV file has no sound data (only a header)")
