"""Zip safety: unsafe archives are refused before anything is written, and installing stays in the mods folder."""

from __future__ import annotations

import stat
import zipfile
from pathlib import Path

import pytest

from game.errors import ModError
from game.mods.install import install
from game.mods.zipsafe import Limits, check_folder, extract_zip
from tests.mods.modkit import folders_for, manifest, tileset_mod, zip_folder


def _zip(path: Path, members: dict[str, bytes], *, link: str | None = None) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
        if link is not None:
            info = zipfile.ZipInfo(link)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, "/etc/passwd")
    return path


GOOD = {"mod.yaml": manifest("zipped", ["ai"]).encode(),
        "ai/p.yaml": b"id: zipped\nname: Zipped\nstrategy: expert\n"}


def _refused(tmp_path: Path, archive: Path, message: str, limits: Limits | None = None) -> None:
    dest = tmp_path / "out"
    with pytest.raises(ModError) as caught:
        if limits:
            extract_zip(archive, dest, limits=limits)
        else:
            extract_zip(archive, dest)
    assert [str(p) for p in caught.value.problems] == [f"{archive}: {message}"]
    assert not dest.exists()
    assert not (tmp_path / "evil.txt").exists()


def test_zip__dotdot_member_refused(tmp_path: Path) -> None:
    """A member climbing out with '..' (zip slip) is refused and nothing is written."""
    archive = _zip(tmp_path / "slip.zip", {**GOOD, "../evil.txt": b"owned"})
    _refused(tmp_path, archive, "member '../evil.txt' climbs out of the mod folder with '..'")


def test_zip__absolute_member_refused(tmp_path: Path) -> None:
    """A member with an absolute path is refused."""
    archive = _zip(tmp_path / "abs.zip", {**GOOD, "/tmp/evil.txt": b"owned"})
    _refused(tmp_path, archive, "member '/tmp/evil.txt' has an absolute path")


def test_zip__drive_letter_refused(tmp_path: Path) -> None:
    """A Windows drive path is refused like an absolute path."""
    archive = _zip(tmp_path / "drive.zip", {**GOOD, "C:/evil.txt": b"owned"})
    _refused(tmp_path, archive, "member 'C:/evil.txt' has an absolute path")


def test_zip__symlink_member_refused(tmp_path: Path) -> None:
    """A symbolic link stored in the zip is refused."""
    archive = _zip(tmp_path / "link.zip", GOOD, link="ai/passwd")
    _refused(tmp_path, archive, "member 'ai/passwd' is a symbolic link; links are not allowed in mods")


def test_zip__bomb_refused(tmp_path: Path) -> None:
    """A member that inflates more than 100 times is refused as a zip bomb."""
    archive = _zip(tmp_path / "bomb.zip", {**GOOD, "ai/zeros.bin": bytes(20 * 1024 * 1024)})
    info = zipfile.ZipFile(archive).getinfo("ai/zeros.bin")
    ratio = info.file_size / info.compress_size
    _refused(tmp_path, archive, f"member 'ai/zeros.bin' inflates {ratio:.0f} times ({info.compress_size} to "
                                f"{info.file_size} bytes), more than the limit of 100; this looks like a zip bomb")


def test_zip__oversized_member_refused(tmp_path: Path) -> None:
    """A member larger than the per-file limit is refused."""
    archive = _zip(tmp_path / "big.zip", {**GOOD, "ai/big.bin": b"x" * 5000})
    _refused(tmp_path, archive, "member 'ai/big.bin' is 5000 bytes, more than the limit of 4096",
             Limits(max_file_bytes=4096))


def test_zip__too_many_files_refused(tmp_path: Path) -> None:
    """An archive with more members than the limit is refused."""
    archive = _zip(tmp_path / "many.zip", {**GOOD, **{f"ai/f{i}.txt": b"" for i in range(30)}})
    _refused(tmp_path, archive, "the archive has 32 members, more than the limit of 10", Limits(max_files=10))


def test_zip__not_a_zip_refused(tmp_path: Path) -> None:
    """A file that is not a zip gives a clear message."""
    archive = tmp_path / "fake.zip"
    archive.write_bytes(b"PK not really")
    _refused(tmp_path, archive, "not a readable zip archive: File is not a zip file")


def test_zip__lying_header_stops_extraction(tmp_path: Path) -> None:
    """A member inflating past the size its header declares is stopped and the partial output removed."""
    archive = _zip(tmp_path / "liar.zip", {**GOOD, "ai/data.bin": b"y" * 4000})
    raw = bytearray(archive.read_bytes())
    info = zipfile.ZipFile(archive).getinfo("ai/data.bin")
    # Patch the central directory's uncompressed size (4000) down to 100: the header now lies.
    central = raw.rfind(b"PK\x01\x02")
    while central != -1:
        name_len = int.from_bytes(raw[central + 28:central + 30], "little")
        if raw[central + 46:central + 46 + name_len] == b"ai/data.bin":
            raw[central + 24:central + 28] = (100).to_bytes(4, "little")
        central = raw.rfind(b"PK\x01\x02", 0, central)
    archive.write_bytes(bytes(raw))
    assert info.file_size == 4000
    dest = tmp_path / "out"
    with pytest.raises(ModError):
        extract_zip(archive, dest)
    assert not dest.exists()


def test_zip__good_archive_extracts_one_folder_down(tmp_path: Path) -> None:
    """A zip whose mod sits in one top folder is unpacked with mod.yaml at the top of the destination."""
    archive = _zip(tmp_path / "nested.zip", {f"zipped/{name}": data for name, data in GOOD.items()})
    extract_zip(archive, tmp_path / "out")
    assert (tmp_path / "out" / "mod.yaml").read_bytes() == GOOD["mod.yaml"]
    assert (tmp_path / "out" / "ai" / "p.yaml").is_file()


def test_folder__symlink_refused(tmp_path: Path) -> None:
    """A mod folder containing a link is refused for loading and installing."""
    folder = tileset_mod(tmp_path / "src")
    (folder / "tileset" / "escape").symlink_to(tmp_path)
    problems = check_folder(folder, "src")
    assert [str(p) for p in problems] == ["src/tileset/escape: symbolic links are not allowed in mods"]


def test_install__unsafe_zip_writes_nothing(tmp_path: Path) -> None:
    """Installing a zip-slip archive fails and leaves the mods folder and its parent untouched."""
    folders = folders_for(tmp_path, bundled=False)
    archive = _zip(tmp_path / "slip.zip", {**GOOD, "../../evil.txt": b"owned"})
    with pytest.raises(ModError):
        install(archive, folders)
    assert not (tmp_path / "evil.txt").exists()
    assert list(folders.user_mods.iterdir()) == []


def test_install__zip_of_folder_installs(tmp_path: Path) -> None:
    """A zip made from a valid mod folder installs as a folder named after the mod id."""
    folders = folders_for(tmp_path, bundled=False)
    archive = zip_folder(tileset_mod(tmp_path / "src"), tmp_path / "tiles.zip")
    done = install(archive, folders)
    assert done.path == folders.user_mods / "good-tiles"
    assert (done.path / "tileset" / "sheet.png").is_file()
