"""The statistics hook: every finished hand (and every finished game) counted in the player's statistics file."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.errors import SparrowError

log = logging.getLogger(__name__)


def record_statistics(folder: Path, ruleset_id: str, player_ids: Sequence[str], match: Any) -> None:
    """Count ``match``'s last finished hand (and the game, when it ended) in the statistics file in ``folder``;
    a file that cannot be read or written is reported in the log, and the game goes on."""
    if not match.history:
        return
    from game.stats import Statistics, update_statistics

    players = list(player_ids)

    def count(stats: Statistics) -> None:
        stats.record_hand(ruleset_id, players, match.history[-1])
        if match.is_over:
            stats.record_game(ruleset_id, players, match)

    try:
        update_statistics(folder, count)
    except (SparrowError, OSError, ValueError) as exc:  # statistics are a comfort: never stop the game for them
        log.warning("statistics in %s not updated: %s", folder, exc)
