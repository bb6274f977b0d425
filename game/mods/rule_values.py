"""The values of a ruleset's scoring lines and special hands that a custom preset may change, by dotted key.

The Four Winds program let a player set every scoring event's points and doubles and its flags (P-132..P-140:
"Mah Jongg Hand Only", "No Scoring Value", "Allow this Special Hand", "Total Score"); the rules editor offers
the same, as ``scoring.<line>.<value>`` and ``special_hands.<hand>.<value>``. Only the lines and hands the
ruleset's own files give are offered: a hand a special-hands mod adds has no entry a preset could change.
"""

from __future__ import annotations

from typing import Any

LINE_VALUES = ("points", "doubles", "mah_jongg_only", "allowed")
"""What a scoring line's entry in a preset may change."""
HAND_VALUES = ("points", "doubles", "limit", "total", "allowed")
"""What a special hand's entry in a preset may change (its pattern stays the ruleset's)."""
VALUE_NAMES = frozenset(LINE_VALUES) | frozenset(HAND_VALUES)


def in_file(data: Any, kind: str, entry_id: str) -> bool:
    """Whether the ruleset's merged file data (``ruleset.source.data``) gives this line or hand."""
    if not isinstance(data, dict):
        return True  # a ruleset built in code: everything it has is its own
    entries = data.get(kind)
    return isinstance(entries, dict) and entry_id in entries


def value_names(ruleset: Any, kind: str) -> tuple[str, ...]:
    """The values a line (``kind`` ``scoring``) or hand (``special_hands``) of ``ruleset`` may change: no doubles
    where a table pays (Hong Kong: the points are added up, never doubled, "not changeable", L1795)."""
    names = LINE_VALUES if kind == "scoring" else HAND_VALUES
    return tuple(n for n in names if n != "doubles") if getattr(ruleset, "pay_table", None) is not None else names


def value_keys(ruleset: Any) -> dict[str, Any]:
    """Every line's and hand's changeable value in a loaded ruleset, by key, in the ruleset's order."""
    data = getattr(getattr(ruleset, "source", None), "data", None)
    values: dict[str, Any] = {}
    for kind, entries in (("scoring", ruleset.scoring), ("special_hands", ruleset.special_hands)):
        names = value_names(ruleset, kind)
        for entry in entries:
            if in_file(data, kind, entry.id):
                values.update({f"{kind}.{entry.id}.{name}": getattr(entry, name) for name in names})
    return values
