"""Load order: dependencies first, then the player's order, then alphabetical, so every run agrees.

A mod that cannot load (unsupported game version, a required mod missing, disabled, broken or of the wrong
version, an enabled incompatible mod, a dependency cycle) is left out with a problem pointing at the line of
``mod.yaml`` that asks for it; mods that need a left-out mod are left out in turn.
"""

from __future__ import annotations

import graphlib
from dataclasses import dataclass, field

from packaging.version import Version

from game.errors import Problem
from game.i18n import L_
from game.mods.discovery import FoundMod
from game.mods.manifest import parse_specifier


@dataclass
class Resolution:
    """The mods to load, in order, and why each left-out enabled mod was left out."""

    order: list[str]
    problems: dict[str, list[Problem]] = field(default_factory=dict)


def _where(mod: FoundMod, key: str, mod_id: str) -> tuple[str | int, ...]:
    """Where ``mod.yaml`` names ``mod_id`` under ``key`` (a mapping key or a list item)."""
    data = mod.doc.data if mod.doc is not None and isinstance(mod.doc.data, dict) else {}
    value = data.get(key)
    if isinstance(value, list) and mod_id in value:
        return (key, value.index(mod_id))
    return (key, mod_id)


def _requirement_problem(mod: FoundMod, req: str, spec: str, everything: dict[str, FoundMod],
                         enabled: set[str], candidates: set[str]) -> Problem | None:
    where = _where(mod, "requires", req)
    if req not in everything:
        return mod.manifest_problem(where, L_("requires mod {id}, which is not installed", id=repr(req)))
    other = everything[req]
    if other.manifest is None or other.problems:
        return mod.manifest_problem(where, L_("requires mod {id}, which has errors", id=repr(req)))
    if req not in enabled:
        return mod.manifest_problem(where, L_("requires mod {id}, which is disabled", id=repr(req)))
    if req not in candidates:
        return mod.manifest_problem(where, L_("requires mod {id}, which cannot be loaded", id=repr(req)))
    if not parse_specifier(spec).contains(Version(other.manifest.version), prereleases=True):
        return mod.manifest_problem(
            where, L_("requires mod {id} version {wanted}, found version {found}", id=repr(req), wanted=repr(spec),
                      found=repr(other.manifest.version)))
    return None


def resolve(everything: dict[str, FoundMod], enabled: set[str], game_version: str,
            preference: list[str] | None = None) -> Resolution:
    """Order the enabled mods among ``everything`` (id -> mod, first-found wins, broken ones included)."""
    preference = preference or []
    rank = {mod_id: index for index, mod_id in enumerate(preference)}
    problems: dict[str, list[Problem]] = {}
    candidates: set[str] = set()
    for mod_id, mod in everything.items():
        if mod_id not in enabled or mod.manifest is None or mod.problems:
            continue
        if not mod.manifest.supports_game(game_version):
            problems[mod_id] = [mod.manifest_problem(
                ("game",), L_("supports game versions {wanted}, this game is version {version}",
                              wanted=repr(mod.manifest.game), version=repr(game_version)))]
            continue
        candidates.add(mod_id)

    while True:
        dropped = _drop_unmet(everything, enabled, candidates, problems)
        if dropped:
            continue
        graph = _graph(everything, candidates)
        sorter = graphlib.TopologicalSorter(graph)
        try:
            sorter.prepare()
        except graphlib.CycleError as exc:
            nodes = list(exc.args[1])[:-1]
            start = nodes.index(min(nodes))  # the same wording whichever node graphlib met first
            cycle = nodes[start:] + nodes[:start]
            shown = " -> ".join([*cycle, cycle[0]])
            for mod_id in set(cycle):
                problems.setdefault(mod_id, []).append(
                    everything[mod_id].manifest_problem((), L_("dependency cycle: {cycle}", cycle=shown)))
                candidates.discard(mod_id)
            continue
        # One mod at a time, so a mod the player ranks first goes first as soon as its dependencies allow.
        order: list[str] = []
        ready: list[str] = []
        while sorter.is_active():
            ready.extend(sorter.get_ready())
            ready.sort(key=lambda m: (rank.get(m, len(rank)), m))
            first = ready.pop(0)
            order.append(first)
            sorter.done(first)
        return Resolution(order, problems)


def _drop_unmet(everything: dict[str, FoundMod], enabled: set[str], candidates: set[str],
                problems: dict[str, list[Problem]]) -> bool:
    dropped = False
    for mod_id in sorted(candidates):
        manifest = everything[mod_id].manifest
        assert manifest is not None
        found: list[Problem] = []
        for req, spec in manifest.requires.items():
            problem = _requirement_problem(everything[mod_id], req, spec, everything, enabled, candidates)
            if problem:
                found.append(problem)
        for other in manifest.incompatible:
            if other in candidates:
                where = _where(everything[mod_id], "incompatible", other)
                found.append(everything[mod_id].manifest_problem(
                    where, L_("incompatible with mod {id}, which is enabled; disable one of them", id=repr(other))))
        if found:
            problems.setdefault(mod_id, []).extend(found)
            candidates.discard(mod_id)
            dropped = True
    return dropped


def _graph(everything: dict[str, FoundMod], candidates: set[str]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {mod_id: set() for mod_id in candidates}
    for mod_id in candidates:
        manifest = everything[mod_id].manifest
        assert manifest is not None
        before = set(manifest.requires) | set(manifest.optional) | set(manifest.load_after)
        graph[mod_id] |= before & candidates
        for later in manifest.load_before:
            if later in candidates:
                graph[later].add(mod_id)
    return graph
