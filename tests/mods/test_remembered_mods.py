"""A mod read once is remembered while its files are unchanged (game.filememo), and every change is still seen.

The bundled mods are long settled; a mod written by a test is not, and would be read afresh each time whatever
the memo did. So these tests move the memo's clock on (:func:`settled`): the folders they write count as
settled, their reads are remembered, and only the signature can tell the memo that a file changed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game import filememo
from game.errors import Problem
from game.mods import discovery
from game.mods.catalog import build_catalog
from game.mods.translations import catalog_files
from tests.builders import rewrite_keeping_times, settle_files
from tests.mods.modkit import ai_mod, folders_for, manifest, png, write


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every file counts as settled; the mod folders opened from disk (not remembered) are listed."""
    settle_files(monkeypatch)
    opened: list[Path] = []
    open_folder = discovery._open_folder

    def counting(folder: Path, origin: str, shown: str) -> discovery.FoundMod:
        opened.append(folder)
        return open_folder(folder, origin, shown)

    monkeypatch.setattr(discovery, "_open_folder", counting)
    return opened


def rewrite(path: Path, text: str) -> None:
    rewrite_keeping_times(path, text.encode("utf-8"))


def names(tmp_path: Path) -> list[str]:
    return [record.name for record in build_catalog(folders_for(tmp_path, bundled=False)).list("ai")]


def test_remembered__an_unchanged_mod_is_not_read_again(tmp_path: Path, settled: list[Path]) -> None:
    ai_mod(tmp_path / "user")
    assert names(tmp_path) == names(tmp_path) == ["Tester"]
    assert settled == [tmp_path / "user" / "good-ai"]


def test_remembered__a_file_edited_in_place_with_its_old_size_and_times_is_read_again(
        tmp_path: Path, settled: list[Path]) -> None:
    people = ai_mod(tmp_path / "user") / "ai" / "people.yaml"
    assert names(tmp_path) == ["Tester"]
    rewrite(people, people.read_text(encoding="utf-8").replace("name: Tester", "name: Rested"))
    assert names(tmp_path) == ["Rested"]
    assert len(settled) == 2


def test_remembered__a_file_dropped_in_or_deleted_is_seen(tmp_path: Path, settled: list[Path]) -> None:
    folder = ai_mod(tmp_path / "user")
    assert names(tmp_path) == ["Tester"]
    write(folder / "ai" / "more.yaml", "- id: another\n  name: Another\n  strategy: defensive\n")
    assert names(tmp_path) == ["Another", "Tester"]
    (folder / "ai" / "people.yaml").unlink()
    assert names(tmp_path) == ["Another"]


def test_remembered__an_edited_manifest_is_read_again(tmp_path: Path, settled: list[Path]) -> None:
    folder = ai_mod(tmp_path / "user")
    catalog = build_catalog(folders_for(tmp_path, bundled=False))
    assert catalog.entries[0].manifest.name == "Good-Ai"
    rewrite(folder / "mod.yaml", manifest("good-ai", ["ai"]).replace("name: Good-Ai", "name: Good-AI"))
    catalog = build_catalog(folders_for(tmp_path, bundled=False))
    assert catalog.entries[0].manifest.name == "Good-AI"


def test_remembered__a_catalog_dropped_in_is_found(tmp_path: Path, settled: list[Path]) -> None:
    folder = ai_mod(tmp_path / "user")
    [entry] = build_catalog(folders_for(tmp_path, bundled=False)).entries
    assert catalog_files(entry.found) == ([], [])
    write(folder / "locale" / "de" / "LC_MESSAGES" / "good-ai.po", 'msgid "Tester"\nmsgstr "Prüfer"\n')
    [entry] = build_catalog(folders_for(tmp_path, bundled=False)).entries
    [file], [] = catalog_files(entry.found)
    assert file.code == "de"


def test_remembered__a_problem_added_to_one_catalogs_mod_stays_out_of_the_next(
        tmp_path: Path, settled: list[Path]) -> None:
    ai_mod(tmp_path / "user")
    [entry] = build_catalog(folders_for(tmp_path, bundled=False)).entries
    entry.found.problems.append(Problem("somewhere", "found wrong by the first caller"))
    [entry] = build_catalog(folders_for(tmp_path, bundled=False)).entries
    assert entry.problems == [] and entry.status == "loaded"
    assert len(settled) == 1


def test_signature__a_folder_just_written_is_not_settled(tmp_path: Path) -> None:
    """What was written within the settling time may change again within one tick of the clock: never trusted."""
    ai_mod(tmp_path)
    signature = filememo.folder_signature(tmp_path)
    assert signature is not None and not signature.settled


def test_memo__keeps_at_most_its_size(tmp_path: Path, settled: list[Path]) -> None:
    memo = filememo.Memo(2)
    for index in range(4):
        (tmp_path / f"{index}.txt").write_text(str(index))
    reads: list[int] = []
    for index in [0, 1, 2, 0]:
        memo.get(index, filememo.file_signature(tmp_path / f"{index}.txt"), lambda i=index: reads.append(i))
    assert reads == [0, 1, 2, 0]  # 0 was the least recently used when 2 came in: dropped
    memo.get(0, filememo.file_signature(tmp_path / "0.txt"), lambda: reads.append(9))
    assert reads == [0, 1, 2, 0]


def test_decoded_images__a_picture_saved_again_and_again_is_decoded_each_time_and_memory_stays_bounded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.mods import media

    monkeypatch.setattr(media, "_DECODED", filememo.Recent(2))
    decoded: list[str] = []
    decode = media._decoded_size
    monkeypatch.setattr(media, "_decoded_size", lambda data, name: decoded.append(name) or decode(data, name))
    picture = tmp_path / "sheet.png"
    for width in (324, 325, 326, 324):  # saved four times; the first picture again last
        picture.write_bytes(png(width, 230))
        assert media.image_size(picture) == (width, 230)
    assert len(decoded) == 4  # the first one had been dropped to keep two
    assert len(media._DECODED) == 2
    assert media.image_size(picture) == (324, 230) and len(decoded) == 4  # the newest kept: not decoded again
