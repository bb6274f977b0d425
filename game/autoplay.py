"""Computer players playing hands and games without a display: for ``simulate``, ``play-headless``, the self-test,
the benchmarks and the client's computer seats.

Players are created by id: the reference bots (``random``, ``greedy``) or an AI personality id, which
``game.ai.create_player`` resolves from the personalities in the enabled mods.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from game import gcpolicy
from game.ai import create_player as create_ai_player
from game.ai.base import Player
from game.core.actions import Action
from game.core.ruleset import Ruleset
from game.core.table import Table
from game.i18n import _
from game.session.players import play_decision

T = TypeVar("T")


def create_player(player_id: str, rng: random.Random, ruleset: Ruleset | None = None, *,
                  mods_dir: str | None = None) -> Player:
    """A computer player by id: a reference bot (``random``, ``greedy``, ``efficient``) or an AI personality
    from the enabled mods (``expert``, ``defensive+scatterbrain`` …)."""
    return create_ai_player(player_id, rng=rng, ruleset=ruleset, mods_dir=mods_dir)


class SeatCountError(ValueError):
    """The players named do not fill the ruleset's seats (four, or three for a three-handed game)."""


def seat_players(ruleset_id: str, seats: Sequence[int], player_ids: list[str]) -> list[str]:
    """The players named for the ruleset's seats (greedy at every seat when none is): one per seat, or a
    :class:`SeatCountError` that says how many the ruleset wants."""
    if not player_ids:
        return ["greedy"] * len(seats)
    if len(player_ids) != len(seats):
        raise SeatCountError(_("--players needs {n} ids separated by commas for ruleset {ruleset} ({n} players), "
                               "got {count}").format(n=len(seats), ruleset=repr(ruleset_id), count=len(player_ids)))
    return player_ids


def at_table(seats: Sequence[int], players: list[T], shift: int = 0) -> list[T]:
    """The four table seats' players: the ruleset's seats in turn from ``players`` (moved on by ``shift``);
    an empty seat of a three-handed game gets the first player, who never acts there (the table asks nothing of
    it)."""
    placed = [players[0]] * 4
    for k, seat in enumerate(seats):
        placed[seat] = players[(k - shift) % len(seats)]
    return placed


@dataclass
class HandStats:
    """What happened in one autoplayed hand, per seat."""

    illegal_actions: int = 0
    decisions_ms: list[list[float]] = field(default_factory=lambda: [[], [], [], []])
    calls: list[int] = field(default_factory=lambda: [0, 0, 0, 0])


def play_hand(table: Table, players: Sequence[Player], *, max_steps: int = 5000,
              on_step: Callable[[int, Action], None] | None = None) -> HandStats:
    """Let ``players`` (indexed by seat) play ``table`` to its end. Illegal choices are counted and replaced by
    the first legal action, so a faulty player cannot stall the hand."""
    gcpolicy.between_hands()  # before any decision of the hand: see game.gcpolicy
    stats = HandStats()
    steps = 0
    while table.phase != "over":
        if table.phase == "dealt":  # dealt (and passed on): East takes the first tile
            table.begin()
            continue
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"hand did not end after {max_steps} decisions")
        seat = table.awaiting()[0]
        legal = table.legal_actions(seat)
        start = time.perf_counter()
        action = players[seat].decide(table.view(seat), legal)
        stats.decisions_ms[seat].append((time.perf_counter() - start) * 1000)
        action, _, illegal = play_decision(table, seat, action, legal)
        stats.illegal_actions += illegal
        if getattr(action, "type", None) in ("chow", "pung", "kong"):
            stats.calls[seat] += 1
        if on_step is not None:
            on_step(seat, action)
    return stats
