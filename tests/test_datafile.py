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
