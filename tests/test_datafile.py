"""The shared YAML reader: line and column for every problem, no duplicate keys, no tags."""

import pytest

from game.datafile import parse_yaml
from game.errors import DataFileError


@pytest.mark.parametrize(("text", "message", "line", "column"), [
    ("a: 1\nb: [1, 2\n", "malformed YAML", 3, 1),
    ("a: 1\na: 2\n", "duplicate key 'a' (first given on line 1)", 2, 1),
    ("a: !!python/object/apply:os.system ['echo hi']\n", "unsupported tag", 1, 4),
    ("a: !!python/object {}\n", "unsupported tag", 1, 4),
    ("x: 1\n<<: {y: 2}\n", "merge keys", 2, 1),
])
def test_datafile__problems_point_at_the_line(text, message, line, column):
    """Every refusal names the file, line and column and says what is wrong."""
    with pytest.raises(DataFileError) as info:
        parse_yaml(text, "mods/x/mod.yaml")
    problem = info.value.problems[0]
    assert message in problem.message and (problem.line, problem.column) == (line, column)
    assert str(problem).startswith(f"mods/x/mod.yaml:{line}:{column}: ")


def test_datafile__marks_every_key():
    """The position of nested keys and list items is known, for schema errors."""
    doc = parse_yaml("top:\n  items:\n    - a: 1\n    - b: 2\n", "f.yaml")
    assert doc.where(("top", "items", 1, "b")) == (4, 7)
    assert doc.where(("top", "items", 1, "missing")) == (4, 7)


def test_datafile__errors_survive_pickling():
    """A data-file error sent from a worker process arrives with its problems intact (the AI report uses that)."""
    import pickle

    from game.errors import Problem, RulesetError

    error = RulesetError([Problem("r.yaml", "unknown key 'x'", 3, 1), Problem("r.yaml", "bad value", 4, 2)])
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is RulesetError and again.problems == error.problems and str(again) == str(error)


def test_datafile__unknown_ruleset_error_survives_pickling():
    """The unknown-ruleset error keeps its id and the known ids across processes."""
    import pickle

    from game.mods.rulesets import UnknownRulesetError

    again = pickle.loads(pickle.dumps(UnknownRulesetError("nope", ["classic", "european"])))
    assert str(again) == "unknown ruleset 'nope': expected one of 'classic', 'european'" and again.known


def _same_stamp_rewrite(path, text: str) -> None:
    """Rewrite ``path`` with ``text`` of the same length and put back its modification time, so only the
    content tells the two apart."""
    import os

    before = path.stat()
    assert len(text.encode()) == before.st_size
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def test_load_yaml__an_edited_file_is_read_again_even_with_the_same_size_and_time(tmp_path):
    """Parsed files are remembered by content, so an edit that keeps the size and the time is still seen."""
    from game.datafile import load_yaml

    path = tmp_path / "r.yaml"
    path.write_text("limit: 500\n", encoding="utf-8")
    assert load_yaml(path).data == {"limit": 500}
    _same_stamp_rewrite(path, "limit: 900\n")
    assert load_yaml(path).data == {"limit": 900}


def test_load_yaml__each_caller_gets_its_own_data(tmp_path):
    """A caller changing what it read does not change what the next caller reads of the same file."""
    from game.datafile import load_yaml

    path = tmp_path / "r.yaml"
    path.write_text("hands: {a: [1, 2]}\n", encoding="utf-8")
    first = load_yaml(path)
    first.data["hands"]["a"].append(3)
    first.marks.clear()
    again = load_yaml(path)
    assert again.data == {"hands": {"a": [1, 2]}}
    assert again.where(("hands", "a", 1)) == (1, 16)


def test_load_yaml__the_same_file_shown_under_another_name_says_that_name(tmp_path):
    """Problems name the file as the caller shows it (inside a zip, say), also for a file read before."""
    from game.datafile import load_yaml

    path = tmp_path / "r.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    assert load_yaml(path, "one.zip/r.yaml").problem(("a",), "x").path == "one.zip/r.yaml"
    assert load_yaml(path, "two.zip/r.yaml").problem(("a",), "x").path == "two.zip/r.yaml"
