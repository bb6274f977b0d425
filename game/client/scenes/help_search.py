"""Searching the help: glossary terms, the help pages, the pages about each screen and the special hands of the
ruleset in play, by name first and then by their words."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Found:
    kind: str
    """What was found: "Glossary", "Help", "Screen" or "Special hand"."""
    title: str
    snippet: str
    """The words around the match (the start of the text when the title matched)."""
    target: str
    """What opening it shows: the term, the page's tab, the screen's topic or the special hand's id."""


Entry = tuple[str, str, str, str]
"""(kind, title, text, target)."""


def snippet(body: str, query: str, width: int = 110) -> str:
    """About ``width`` characters of ``body`` around the first match of ``query`` (its start when none), cut
    between words: "…tand in for any tile" would read as a misprint."""
    flat = " ".join(body.split())
    at = flat.casefold().find(query.casefold())
    start = max(0, at - width // 3) if at > width // 2 else 0
    end = min(len(flat), start + width)
    if start and flat[start - 1] != " ":
        space = flat.find(" ", start, at)
        start = space + 1 if space != -1 else start
    if end < len(flat) and flat[end] != " ":
        space = flat.rfind(" ", start, end)
        end = space if space > max(at, 0) + len(query) else end
    return ("…" if start else "") + flat[start:end].strip() + ("…" if end < len(flat) else "")


def search(query: str, entries: Iterable[Entry]) -> list[Found]:
    """The entries matching ``query`` (case does not matter): titles beginning with it, then titles holding it,
    then texts holding it; the order of ``entries`` within each."""
    wanted = " ".join(query.split()).casefold()
    if not wanted:
        return []
    ranked: list[tuple[int, int, Found]] = []
    for index, (kind, title, body, target) in enumerate(entries):
        name = title.casefold()
        rank = 0 if name.startswith(wanted) else 1 if wanted in name else 2 if wanted in body.casefold() else 3
        if rank < 3:
            shown = snippet(body, wanted if rank == 2 else "")
            ranked.append((rank, index, Found(kind, title, shown, target)))
    return [found for _rank, _index, found in sorted(ranked, key=lambda item: item[:2])]
