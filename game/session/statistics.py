"""The statistics hook: every finished hand (and every finished game) counted in the player's statistics file."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.errors import SparrowError

log = logging.getLogger(__name__)


def record_statistics(folder: Path, ruleset_id: str, player_ids: Sequence[str], match: Any,
                      count_hand: bool = True) -> list[str]:
    """Count ``match``'s last finished hand (and the game, when it ended) in the statistics file in ``folder``;
    not ``count_hand``: only the game, when it ended (the hand's deal was counted when it was first played).

    Returns what the player should be told ([] when all went well): a damaged file set aside and restored from a
    backup, or statistics that could not be saved (and where the previous file is). The game goes on either way.
    """
    if not match.history:
        return []
    from game.stats import Statistics, update_statistics

    seats = getattr(getattr(match, "rules", None), "seats", range(4))
    # A three-handed game's empty seat has nobody in it to count.
    players: list[str | None] = [pid if seat in seats else None for seat, pid in enumerate(player_ids)]

    def count(stats: Statistics) -> None:
        if count_hand:
            stats.record_hand(ruleset_id, players, match.history[-1])
        if match.is_over:
            stats.record_game(ruleset_id, players, match)

    try:
        return list(update_statistics(folder, count).notes)
    except (SparrowError, OSError, ValueError) as exc:  # statistics are a comfort: never stop the game for them
        log.warning("statistics in %s not updated: %s", folder, exc)
        return [str(exc)]
