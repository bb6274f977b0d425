"""Statistics across games, per ruleset and per player (the human and each opponent), kept in the config folder.

For every player id: games played and won, hands played and won, average hand score, special hands made and the
best hand. Updated after every finished hand and game; written atomically; a corrupt file is reported, kept aside
and replaced by fresh statistics rather than crashing the game.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core.match import HandRecord, Match
from game.datafile import write_atomic

STATS_FILE = "statistics.json"
STATS_FORMAT = 1

log = logging.getLogger(__name__)


@dataclass
class PlayerStats:
    games: int = 0
    games_won: int = 0
    hands: int = 0
    hands_won: int = 0
    total_hand_score: int = 0
    special_hands: dict[str, int] = field(default_factory=dict)
    best_hand: dict[str, Any] | None = None

    @property
    def average_hand_score(self) -> float:
        return self.total_hand_score / self.hands if self.hands else 0.0


@dataclass
class Statistics:
    """``by_ruleset[ruleset_id][player_id]``."""

    by_ruleset: dict[str, dict[str, PlayerStats]] = field(default_factory=dict)

    def player(self, ruleset_id: str, player_id: str) -> PlayerStats:
        return self.by_ruleset.setdefault(ruleset_id, {}).setdefault(player_id, PlayerStats())

    def record_hand(self, ruleset_id: str, players: list[str], record: HandRecord) -> None:
        """Count a finished hand; ``players[seat]`` is who sat at each seat."""
        for seat, player_id in enumerate(players):
            stats = self.player(ruleset_id, player_id)
            stats.hands += 1
            stats.total_hand_score += record.scores[seat]
            if record.winner == seat:
                stats.hands_won += 1
                if record.special_hand:
                    stats.special_hands[record.special_hand] = stats.special_hands.get(record.special_hand, 0) + 1
                if stats.best_hand is None or record.scores[seat] > stats.best_hand["score"]:
                    stats.best_hand = {"score": record.scores[seat], "special_hand": record.special_hand,
                                       "date": datetime.now(UTC).date().isoformat()}

    def record_game(self, ruleset_id: str, players: list[str], match: Match) -> None:
        """Count a finished game: the final winner is the player with the highest total."""
        best = max(match.totals)
        for seat, player_id in enumerate(players):
            stats = self.player(ruleset_id, player_id)
            stats.games += 1
            if match.totals[seat] == best:
                stats.games_won += 1

    def to_json(self) -> str:
        data = {"format": STATS_FORMAT, "by_ruleset": {
            r: {p: asdict(s) for p, s in players.items()} for r, players in self.by_ruleset.items()}}
        return json.dumps(data, indent=1, sort_keys=True) + "\n"


def load_statistics(folder: str | os.PathLike[str]) -> Statistics:
    """The statistics in ``folder``; a corrupt file is moved aside (and logged) and fresh statistics start."""
    path = Path(folder) / STATS_FILE
    if not path.exists():
        return Statistics()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        stats = Statistics({r: {p: PlayerStats(**s) for p, s in players.items()}
                            for r, players in data["by_ruleset"].items()})
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        aside = path.with_suffix(".corrupt.json")
        os.replace(path, aside)
        log.warning("statistics file %s is corrupt (%s); kept as %s and started afresh", path, exc, aside.name)
        return Statistics()
    return stats


def save_statistics(folder: str | os.PathLike[str], stats: Statistics) -> None:
    write_atomic(Path(folder) / STATS_FILE, stats.to_json())
