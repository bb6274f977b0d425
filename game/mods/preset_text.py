"""The text of a custom preset's ruleset file: YAML a player can read and edit, one comment per changed value.

``yaml.safe_dump`` cannot write comments, so the nesting is written here and only each value is given to it (it
knows which words need quotes). The output is a pure function of its input, so a preset loaded and saved again
unchanged gives the same file, byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import yaml

COMMENT_COLUMN = 40
"""Comments start in this column, or two spaces after a longer line."""
INDENT = "  "


def scalar(value: Any) -> str:
    """One value as YAML writes it on a line: ``5``, ``null``, ``'yes'``, ``[valueless]``."""
    if isinstance(value, list | tuple):
        return yaml.safe_dump(list(value), default_flow_style=True, allow_unicode=True, width=1 << 20).strip()
    dumped = yaml.safe_dump(value, allow_unicode=True, width=1 << 20)
    return dumped.removesuffix("\n...\n").strip()  # a scalar alone ends its document with '...'


def _tree(values: Sequence[tuple[tuple[str, ...], Any, str]]) -> dict[str, Any]:
    """Nested mappings in the order the keys first come; a leaf is ``(value, comment)``."""
    tree: dict[str, Any] = {}
    for path, value, note in values:
        *outer, last = path
        place = tree
        for name in outer:
            place = place.setdefault(name, {})
        place[last] = (value, note)
    return tree


def _lines(tree: dict[str, Any], depth: int) -> list[str]:
    out = []
    for key, entry in tree.items():
        if isinstance(entry, dict):
            out.append(f"{INDENT * depth}{key}:")
            out.extend(_lines(entry, depth + 1))
            continue
        value, note = entry
        line = f"{INDENT * depth}{key}: {scalar(value)}"
        if note:
            line = f"{line.ljust(COMMENT_COLUMN - 1)} # {' '.join(note.split())}"
        out.append(line)
    return out


def preset_text(header: Sequence[str], head: dict[str, Any], values: Sequence[tuple[tuple[str, ...], Any, str]]
                ) -> str:
    """The file: ``header`` as comment lines, the ``head`` keys (format, id, extends, name, description) as they
    are, then every changed value at its place in the ruleset, with its note as a comment on its line."""
    lines = [f"# {line}".rstrip() for line in header]
    lines.extend(f"{key}: {scalar(value)}" for key, value in head.items())
    lines.extend(_lines(_tree(values), 0))
    return "\n".join(lines) + "\n"
