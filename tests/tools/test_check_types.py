"""The type check's verdict: no error outside the client, and the client's count exactly as recorded."""

from __future__ import annotations

from pathlib import Path

from tools.check_types import Findings, read_ceiling, split, verdict, write_ceiling

MYPY_OUTPUT = [
    "game/core/table.py:180: error: Argument 4 has incompatible type  [arg-type]",
    "game/core/table.py:180: note: one note",
    "game/client/app.py:372: error: Incompatible types in assignment  [assignment]",
    "game/client/scenes/table.py:66: error: Item \"None\" has no attribute \"phase\"  [union-attr]",
    "Success: no issues found in 1 source file",
]


def test_split__client_errors_apart_and_notes_dropped() -> None:
    """Errors under game/client count against the client; the rest are strict; notes and summaries are not errors."""
    found = split(MYPY_OUTPUT)
    assert found.strict == [MYPY_OUTPUT[0]]
    assert found.client == MYPY_OUTPUT[2:4]


def test_verdict__any_error_outside_the_client_fails() -> None:
    """One error in the strict part fails the check, even with the client at its count."""
    passed, lines = verdict(Findings(strict=["game/mods/x.py:1: error: bad  [misc]"], client=[]), ceiling=0)
    assert not passed
    assert lines[-1] == "check_types: 1 error(s) outside game/client, where there must be none"


def test_verdict__client_at_its_count_passes() -> None:
    passed, lines = verdict(Findings(strict=[], client=["a", "b"]), ceiling=2)
    assert passed
    assert lines == ["check_types: no errors outside game/client; 2 in game/client, as recorded"]


def test_verdict__more_client_errors_than_recorded_fails_and_lists_them() -> None:
    passed, lines = verdict(Findings(strict=[], client=["first", "second", "third"]), ceiling=2)
    assert not passed
    assert lines[:3] == ["first", "second", "third"]
    assert lines[-1].startswith("check_types: 3 errors in game/client, more than the 2 recorded in ")


def test_verdict__fewer_client_errors_asks_to_lower_the_record() -> None:
    """A gain fails until it is recorded, so the count can never creep back up to an old ceiling."""
    passed, lines = verdict(Findings(strict=[], client=["only"]), ceiling=2)
    assert not passed
    assert "python tools/check_types.py --lower" in lines[-1]


def test_ceiling__written_then_read_back(tmp_path: Path) -> None:
    path = tmp_path / "ceiling.txt"
    write_ceiling(17, path)
    assert path.read_text(encoding="utf-8").startswith("# mypy errors in game/client")
    assert read_ceiling(path) == 17


def test_ceiling__the_recorded_file_holds_a_number() -> None:
    assert read_ceiling() >= 0
