"""What the screens call rulesets and computer players: the names their mods give them, never their ids."""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


def _record_name(catalog: Any, kind: str, record_id: str) -> str | None:
    try:
        record = catalog.record(kind, record_id) if catalog is not None else None
    except Exception as exc:  # a broken catalog leaves the fallback name
        log.warning("%s %r not looked up: %s", kind, record_id, exc)
        return None
    if record is None:
        return None
    if kind == "ai":
        return getattr(record.data, "name", None) or record.name
    return record.name or None


def ruleset_name(catalog: Any, ruleset_id: str) -> str:
    """``classic`` → "Classic (Mah Jongg for Windows, 1995)"; a ruleset no loaded mod offers keeps its id."""
    return _record_name(catalog, "ruleset", ruleset_id) or ruleset_id


def player_name(catalog: Any, player_id: str, you: str = "You") -> str:
    """A seat's player id as a person: ``human`` is ``you``, ``expert`` is its personality's name ("Eliza"); a
    personality with modifiers (``expert+scatterbrain``) or a reference bot (``greedy``) is named from its id."""
    if player_id == "human":
        return you
    base, *modifiers = player_id.split("+")
    name = _record_name(catalog, "ai", base) or base.replace("_", " ").title()
    return " + ".join([name, *(m.replace("_", " ") for m in modifiers)])


def short_names(names: list[str]) -> list[str]:
    """Names without a trailing remark in brackets where that leaves them distinct, for tabs: "Classic (Mah Jongg
    for Windows, 1995)" is "Classic", but "Western (Shanghai Dynasty)" keeps its brackets beside "Western (Special
    Hands Only)"."""
    shorts = [name.split(" (", 1)[0] if name.endswith(")") else name for name in names]
    return [short if shorts.count(short) == 1 else name for name, short in zip(names, shorts, strict=True)]
