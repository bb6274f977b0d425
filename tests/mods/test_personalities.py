"""The personality schema and the ai/*.yaml loader."""

from __future__ import annotations

import textwrap

import pytest

from game.errors import DataFileError
from game.mods.personalities import Personality, load_personality_file


def _write(tmp_path, text: str):
    path = tmp_path / "people.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_personality__list_of_records_loads(tmp_path):
    """A file with two records gives two personalities with their knobs and defaults."""
    path = _write(tmp_path, """\
        - id: expert
          name: Expert
          strategy: expert
          efficiency: 1
          think_time: [0.5, 1.0]
        - id: dizzy
          name: Dizzy
          strategy: beginner
          modifiers: [scatterbrain]
          colour: "#aa3300"
        """)
    expert, dizzy = load_personality_file(path)
    assert expert.efficiency == 1.0 and expert.think_time == (0.5, 1.0)
    assert expert.knows_limit_hands and not expert.is_scatterbrain
    assert dizzy.is_scatterbrain and not dizzy.knows_limit_hands
    assert dizzy.colour == "#aa3300" and dizzy.mistakes == 0.0


def test_personality__single_record_loads(tmp_path):
    """A file may hold one record as a mapping."""
    path = _write(tmp_path, "id: solo\nname: Solo\nstrategy: defensive\ncaution: 0.9\n")
    (solo,) = load_personality_file(path)
    assert solo.strategy == "defensive" and solo.caution == 0.9


def test_personality__every_problem_has_file_line_column(tmp_path):
    """Bad knobs, colours, ranges and unknown keys are all reported, each at its own line."""
    path = _write(tmp_path, """\
        - id: expert
          name: Expert
          strategy: expert
          claim_eagerness: 1.5
          colour: red
          think_time: [2, 1]
          bogus: 1
        - id: other
          name: Other
          strategy: wizard
        """)
    with pytest.raises(DataFileError) as info:
        load_personality_file(path)
    lines = str(info.value).splitlines()
    assert [line.split(":")[1:3] for line in lines] == [["4", "3"], ["5", "3"], ["6", "3"], ["7", "3"], ["10", "3"]]
    assert "unknown key 'bogus'" in lines[3]
    assert "min <= max" in lines[2]


def test_personality__duplicate_id_is_refused(tmp_path):
    """Two records with the same id in one file point at the second one."""
    path = _write(tmp_path, "- {id: a, name: A, strategy: expert}\n- {id: a, name: B, strategy: beginner}\n")
    with pytest.raises(DataFileError, match=r":2:\d+: duplicate personality id 'a' \(first given on line 1\)"):
        load_personality_file(path)


@pytest.mark.parametrize("text, message", [
    ("", "got an empty file"),
    ("42\n", "expected a personality record or a list of them"),
    ("- 3\n", "expected a personality record \\(a mapping\\)"),
    ("id: x\nname: X\n", "missing required key 'strategy'"),
    ("id: Bad-Id\nname: X\nstrategy: expert\n", "id: String should match pattern"),
    ("id: x\nname: X\nstrategy: expert\navatar: ../../etc/passwd\n", "expected a path inside the mod folder"),
    ("id: x\nname: X\nstrategy: expert\nmodifiers: [scatterbrain, scatterbrain]\n", "modifiers listed twice"),
], ids=["empty", "scalar", "list-of-scalars", "missing-strategy", "bad-id", "escaping-avatar", "twice-modifier"])
def test_personality__refused(tmp_path, text, message):
    """Malformed files are refused with a message saying what was expected."""
    path = _write(tmp_path, text)
    with pytest.raises(DataFileError, match=message):
        load_personality_file(path)


def test_personality__is_frozen():
    """A loaded personality cannot be changed by accident during play."""
    p = Personality(id="x", name="X", strategy="expert")
    with pytest.raises(ValueError, match="frozen"):
        p.caution = 1.0  # type: ignore[misc]
