"""The computer players of a game: made by id, and made to play a legal action whatever they choose.

:func:`play_decision` is the one illegal-action fallback: the client's computer seats and ``game.autoplay`` (the
``simulate`` command, headless play) both go through it, so a faulty player can never stall a hand.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

from game.ai.base import Player
from game.core import events as ev
from game.core.actions import Action, Pass
from game.core.table import Table
from game.errors import IllegalActionError, SparrowError

log = logging.getLogger(__name__)

FALLBACK_PLAYERS = ("efficient", "greedy")
"""Who plays a seat whose personality is not available, in order of preference (reference bots: always there)."""


def make_computer(player_id: str, rng: random.Random, ruleset: Any, personalities: Sequence[Any] | None = None
                  ) -> Player:
    """A computer player by id, falling back to the reference bot when the personality is not available.

    ``personalities`` are the ones to choose from (the client's catalog's); None reads the enabled mods afresh.
    """
    from game.ai import create_player

    try:
        return create_player(player_id, rng=rng, ruleset=ruleset, personalities=personalities)
    except (SparrowError, OSError, ValueError, LookupError) as exc:
        # An unknown or broken personality must not stop the game.
        log.warning("computer player %r not available (%s); using %r", player_id, exc, FALLBACK_PLAYERS[0])
    try:
        return create_player(FALLBACK_PLAYERS[0], rng=rng, ruleset=ruleset)
    except (SparrowError, OSError, ValueError, LookupError):
        return create_player(FALLBACK_PLAYERS[1], rng=rng, ruleset=ruleset)


def personalities_of(catalog: Any) -> list[Any]:
    """The computer players' personalities a catalog offers."""
    return [record.data for record in catalog.list("ai")]


def play_decision(table: Table, seat: int, action: Action, legal: Sequence[Action]
                  ) -> tuple[Action, list[ev.Event], bool]:
    """Apply the ``action`` a player chose for ``seat``; an illegal one is replaced by the first legal action.

    Returns the action played, its events and whether the choice was illegal (counted by ``simulate``, logged
    by the client).
    """
    try:
        return action, table.apply(seat, action), False
    except IllegalActionError:
        fallback = legal[0] if legal else Pass()
        return fallback, table.apply(seat, fallback), True
