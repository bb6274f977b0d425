"""The child process that decodes a player's sounds: its verdicts, a child that crashes or hangs on a file, and the
verdicts remembered by content so a file is decoded once."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import sound_probe
from game.mods import media
from tests.mods.modkit import wav


def _files(tmp_path: Path) -> list[Path]:
    good, junk, also = tmp_path / "good.ogg", tmp_path / "junk.ogg", tmp_path / "also.wav"
    good.write_bytes(wav(0.05))  # a WAV under an .ogg name: SDL goes by the content, and so does the verdict
    junk.write_bytes(b"OggS" + b"\x00" * 100)
    also.write_bytes(wav(0.02))
    return [good, junk, also]


def test_sound_probe__decodes_in_a_child_and_says_what_it_found(tmp_path: Path) -> None:
    """One child judges every file: a sound plays, junk named .ogg cannot be decoded; each with its content hash."""
    good, junk, also = _files(tmp_path)
    verdicts = sound_probe.decode_in_child([good, junk, also])
    assert verdicts[good].problem is None and verdicts[also].problem is None
    assert "cannot be decoded" in (verdicts[junk].problem or "")
    assert verdicts[good].key == media.content_key(good.read_bytes()) and verdicts[good].final


@pytest.mark.parametrize(("child", "expected"), [
    ("import os, sys; open(sys.argv[1], 'a').write('{\"key\": \"k\", \"problem\": null}\\n'); os.abort()",
     "the file crashes the sound decoder (signal 6)"),
    ("import time; time.sleep(30)", "the file takes more than 1 s to decode"),
])
def test_sound_probe__a_child_that_dies_or_hangs_condemns_only_its_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, child: str, expected: str) -> None:
    """A child that aborts on a file (as SDL_mixer does on some damaged ones) or is still decoding it after the time
    allowed: that file is judged by it and the others keep theirs (a new child takes the files after it, until
    the check has run out of time: those are left for the next check)."""
    first, second, third = _files(tmp_path)
    monkeypatch.setattr(sound_probe, "FILE_SECONDS", 1.0)
    # The batch runs out after the hanging child's second, never between two quick children (however loaded the
    # machine, a child that aborts must not leave the files after it unchecked).
    monkeypatch.setattr(sound_probe, "BATCH_SECONDS", 120.0 if "abort" in child else 0.5)
    monkeypatch.setattr(sound_probe, "command", lambda report, paths: [sys.executable, "-c", child, str(report)])
    verdicts = sound_probe.decode_in_child([first, second, third])
    if "abort" in child:  # each child answers one file and dies on the next: a new child takes the rest
        assert verdicts[first].problem is None and verdicts[third].problem is None
        assert verdicts[second].problem == expected and verdicts[second].final
        return
    assert verdicts[first].problem == expected and verdicts[first].final
    for path in (second, third):  # past the time a batch may take: refused for now, judged again next time
        assert verdicts[path].problem == "not checked: the sound check took more than 0 s; check the mod again"
        assert not verdicts[path].final


def test_sound_probe__no_child_no_verdict_remembered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """When no child can be started, the sound is refused for now with the reason, and nothing is remembered: the
    next check asks again."""
    good = _files(tmp_path)[1]
    monkeypatch.setattr(sound_probe, "command", lambda report, paths: [str(tmp_path / "no-such-program")])
    verdicts = media.SoundVerdicts(tmp_path / "cache")
    problem = media.judge_sounds([good], verdicts)[good]
    assert problem is not None and problem.startswith("the sound cannot be checked")
    assert not (tmp_path / "cache").exists()


def test_sound_probe__a_verdict_is_remembered_by_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file decoded once is not decoded again, under any name, in this process or the next."""
    junk = _files(tmp_path)[1]
    first = media.judge_sounds([junk], media.SoundVerdicts(tmp_path / "cache"))[junk]
    copy = tmp_path / "copy.ogg"
    copy.write_bytes(junk.read_bytes())
    monkeypatch.setattr(sound_probe, "decode_in_child", lambda paths: pytest.fail("decoded again"))
    assert media.judge_sounds([copy], media.SoundVerdicts(tmp_path / "cache"))[copy] == first
