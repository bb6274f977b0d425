"""Hostile zips (issue 25, class 3): damaged compressed data, paths too deep or long for some system, names no
system allows, a file where a folder must be, and the older defences (zip slip, links, bombs) kept honest. ``mods
check`` and ``mods install`` refuse each with a message naming the zip and exit 1, nothing is written into the
mods folder, and a bad zip dropped there is listed broken while the other mods load."""

from __future__ import annotations

import stat
import struct
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.hostile.kit import (
    GOOD_MOD,
    assert_clean,
    flip_compressed_data,
    good_zip_members,
    listed,
    make_world,
    run_limited,
    zip_of,
)


def _members(extra: dict[str, bytes]) -> Callable[[Path], Path]:
    return lambda path: zip_of(path, good_zip_members(extra=extra))


def _spoilt(mutate: Callable[[bytes], bytes], method: int = zipfile.ZIP_DEFLATED) -> Callable[[Path], Path]:
    return lambda path: zip_of(path, good_zip_members(extra={"ai/big.yaml": b"# " + b"filler " * 3000}),
                               method=method, mutate=mutate)


def _raw(data: bytes) -> Callable[[Path], Path]:
    def build(path: Path) -> Path:
        path.write_bytes(data)
        return path
    return build


def _symlink_member(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in good_zip_members().items():
            archive.writestr(name, data)
        link = zipfile.ZipInfo("ai/link.yaml")
        link.create_system = 3
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        archive.writestr(link, "/etc/passwd")
    return path


def _flagged(flag: int = 0, method: int | None = None) -> Callable[[Path], Path]:
    """A good zip with a flag bit set or the method changed in every header (encrypted, Deflate64)."""
    def mutate(data: bytes) -> bytes:
        out = bytearray(data)
        for signature, flags_at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
            at = out.find(signature)
            while at >= 0:
                out[at + flags_at:at + flags_at + 2] = struct.pack("<H", struct.unpack(
                    "<H", out[at + flags_at:at + flags_at + 2])[0] | flag)
                if method is not None:
                    out[at + flags_at + 2:at + flags_at + 4] = struct.pack("<H", method)
                at = out.find(signature, at + 4)
        return bytes(out)
    return lambda path: zip_of(path, good_zip_members(), mutate=mutate)


def _bomb(path: Path) -> Path:
    return zip_of(path, good_zip_members(extra={"ai/zeros.yaml": b"\x00" * (20 * 1024 * 1024)}))


def _many(path: Path) -> Path:
    return zip_of(path, good_zip_members(extra={f"ai/n{i}.txt": b"x" for i in range(2001)}))


ZIPS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "corrupt_deflate_data": (_spoilt(flip_compressed_data), "the archive is damaged"),
    "bad_crc_stored": (_spoilt(flip_compressed_data, zipfile.ZIP_STORED), "the archive is damaged"),
    "cut_in_half": (_spoilt(lambda data: data[: len(data) // 2]), "not a readable zip"),
    "not_a_zip": (_raw(b"this is text, not a zip archive\n" * 10), "not a readable zip"),
    "empty_file": (_raw(b""), "not a readable zip"),
    "only_an_end_record": (_raw(b"PK\x05\x06" + b"\x00" * 18), "missing mod.yaml"),
    "twenty_folders_deep": (_members({"/".join(["d"] * 20) + "/x.txt": b"x"}), "folders deep"),
    "path_of_300_characters": (_members({"ai/" + "/".join(["abcdefghij"] * 27) + "/x": b"x"}), "characters"),
    "name_of_124_characters": (_members({"ai/" + "n" * 120 + ".txt": b"x"}), "a name of 124 characters"),
    "file_and_folder_of_one_name": (_members({"ai/p.yaml/inner.txt": b"x"}), "is a file, but"),
    "file_and_folder_differing_in_case": (_members({"AI": b"x"}), "is a file, but"),
    "same_member_twice": (_members({"AI/P.YAML": b"x"}), "appears twice"),
    "zip_slip": (_members({"../../evil.txt": b"owned"}), "climbs out of the mod folder"),
    "absolute_path": (_members({"/tmp/evil.txt": b"owned"}), "absolute path"),
    "backslash_path": (_members({"ai\\..\\..\\evil.txt": b"owned"}), "backslash"),
    "escape_codes_in_a_name": (_members({"ai/\x1b[2Jx.txt": b"x"}), "not allowed in file names"),
    "windows_reserved_character": (_members({"ai/what?.txt": b"x"}), "not allowed in file names"),
    "symbolic_link_member": (_symlink_member, "symbolic link"),
    "encrypted_members": (_flagged(flag=0x1), "is encrypted"),
    "deflate64_method": (_flagged(method=9), "compression method 9"),
    "zip_bomb": (_bomb, "looks like a zip bomb"),
    "two_thousand_and_one_members": (_many, "more than the limit of 2000"),
    "no_manifest": (lambda path: zip_of(path, {"ai/p.yaml": b"id: p\nname: P\nstrategy: expert\n"}),
                    "missing mod.yaml"),
}


def _snapshot(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ZIPS))
def test_hostile_zip__mods_check(tmp_path: Path, name: str) -> None:
    """``mods check`` refuses the zip with its reason and exit 1; nothing is written into the mods folder."""
    world = make_world(tmp_path)
    build, message = ZIPS[name]
    archive = build(tmp_path / "hostile.zip")
    before = _snapshot(world.mods)
    ran = run_limited(world, "mods", "check", str(archive))
    assert_clean(ran)
    assert ran.returncode == 1, ran.output[-2000:]
    assert message in ran.stdout, ran.stdout
    assert _snapshot(world.mods) == before


INSTALLED = ["corrupt_deflate_data", "twenty_folders_deep", "file_and_folder_of_one_name", "zip_slip", "zip_bomb",
             "symbolic_link_member", "escape_codes_in_a_name", "name_of_124_characters"]


@pytest.mark.slow
@pytest.mark.parametrize("name", INSTALLED)
def test_hostile_zip__mods_install(tmp_path: Path, name: str) -> None:
    """``mods install`` refuses the zip with its reason and exit 1, and the mods folder is as it was."""
    world = make_world(tmp_path)
    build, message = ZIPS[name]
    archive = build(tmp_path / "hostile.zip")
    before = _snapshot(world.mods)
    ran = run_limited(world, "mods", "install", str(archive))
    assert_clean(ran)
    assert ran.returncode == 1 and "not installed" in ran.stderr and message in ran.stderr, ran.output[-2000:]
    assert _snapshot(world.mods) == before


DROPPED = ["corrupt_deflate_data", "cut_in_half", "file_and_folder_of_one_name", "path_of_300_characters",
           "encrypted_members", "zip_bomb"]


@pytest.mark.slow
@pytest.mark.parametrize("name", DROPPED)
def test_hostile_zip__dropped_into_the_mods_folder(tmp_path: Path, name: str) -> None:
    """A bad zip put straight into the mods folder is listed broken with its reason; the good mod loads."""
    world = make_world(tmp_path)
    build, message = ZIPS[name]
    build(world.mods / "hostile.zip")
    ran = run_limited(world, "mods", "list", "--json")
    assert_clean(ran)
    assert ran.returncode == 0
    entries = listed(ran)
    assert entries[GOOD_MOD]["loaded"] and entries["classic"]["loaded"]
    bad = entries["hostile.zip"]
    assert not bad["loaded"] and any(message in error for error in bad["errors"]), bad


def test_hostile_zip__cheap_case(tmp_path: Path) -> None:
    """In the fast tier: a zip whose compressed data is damaged is refused by ``mods check`` (it used to end in
    a zlib traceback)."""
    world = make_world(tmp_path)
    archive = ZIPS["corrupt_deflate_data"][0](tmp_path / "hostile.zip")
    ran = run_limited(world, "mods", "check", str(archive))
    assert_clean(ran)
    assert ran.returncode == 1 and "cannot be unpacked: the archive is damaged" in ran.stdout, ran.output
