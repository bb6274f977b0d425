"""Statistics across games, per ruleset and per player (the human and each opponent), kept in the config folder.

For every player id: games played and won, hands played and won, average hand score, special hands made and the
best hand. Updated after every finished hand and game, under a lock (two games at once both count), atomically, with
a week of dated backups; a damaged file is reported, kept aside and replaced by the newest good backup rather than
crashing the game.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core.match import HandRecord, Match
from game.storage import NotReadableError, backups_of, dated_backup, locked, read_regular, set_aside, write_atomic

STATS_FILE = "statistics.json"
STATS_FORMAT = 1
BACKUPS_KEPT = 7
"""Days of dated backups kept in ``backups/`` beside the statistics file."""
MAX_COUNT = 10**15
MAX_STATS_BYTES = 64 * 1024 * 1024

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
    notes: list[str] = field(default_factory=list, compare=False)
    """What happened to a damaged file when these were read (kept aside, restored from a backup)."""

    def player(self, ruleset_id: str, player_id: str) -> PlayerStats:
        return self.by_ruleset.setdefault(ruleset_id, {}).setdefault(player_id, PlayerStats())

    def record_hand(self, ruleset_id: str, players: list[str | None], record: HandRecord) -> None:
        """Count a finished hand; ``players[seat]`` is who sat at each seat (None: nobody, a three-handed game's
        empty seat)."""
        for seat, player_id in enumerate(players):
            if player_id is None:
                continue
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

    def record_game(self, ruleset_id: str, players: list[str | None], match: Match) -> None:
        """Count a finished game: the final winner is the player with the highest total (None: an empty seat)."""
        best = max(match.totals[seat] for seat, player_id in enumerate(players) if player_id is not None)
        for seat, player_id in enumerate(players):
            if player_id is None:
                continue
            stats = self.player(ruleset_id, player_id)
            stats.games += 1
            if match.totals[seat] == best:
                stats.games_won += 1

    def to_json(self) -> str:
        data = {"format": STATS_FORMAT, "by_ruleset": {
            r: {p: asdict(s) for p, s in players.items()} for r, players in self.by_ruleset.items()}}
        return json.dumps(data, indent=1, sort_keys=True) + "\n"


def _player_stats(data: Any) -> PlayerStats:
    """One player's statistics from the file, every field of the right type (else ``ValueError``)."""
    if not isinstance(data, dict):
        raise ValueError(f"expected a player's statistics, got {type(data).__name__}")
    counts = {name: data.get(name, 0) for name in ("games", "games_won", "hands", "hands_won", "total_hand_score")}
    for name, value in counts.items():
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_COUNT:
            raise ValueError(f"expected {name!r} to be a whole number, got {value!r}"[:120])
    special = data.get("special_hands", {})
    if not isinstance(special, dict) or not all(isinstance(k, str) and isinstance(v, int) for k, v in special.items()):
        raise ValueError("expected 'special_hands' to map hand names to counts")
    best = data.get("best_hand")
    if best is not None and not (isinstance(best, dict) and isinstance(best.get("score"), int)):
        raise ValueError("expected 'best_hand' to be null or to have a 'score'")
    unknown = set(data) - {*counts, "special_hands", "best_hand"}
    if unknown:
        raise ValueError(f"unknown key {sorted(unknown)[0]!r}")
    return PlayerStats(**counts, special_hands=dict(special), best_hand=best)


def parse_statistics(text: str) -> Statistics:
    """Statistics from the text of a statistics file; ``ValueError`` saying what is wrong with a damaged one."""
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("by_ruleset"), dict):
        raise ValueError("expected a mapping with 'by_ruleset'")
    if not isinstance(data.get("format"), int) or data["format"] > STATS_FORMAT:
        raise ValueError(f"expected statistics format {STATS_FORMAT}, got {data.get('format')!r}")
    stats = Statistics()
    for ruleset, players in data["by_ruleset"].items():
        if not isinstance(players, dict):
            raise ValueError(f"expected the players of {ruleset!r}, got {type(players).__name__}")
        stats.by_ruleset[ruleset] = {player: _player_stats(values) for player, values in players.items()}
    return stats


def load_statistics(folder: str | os.PathLike[str]) -> Statistics:
    """The statistics in ``folder``.

    A damaged file is never lost: it is renamed to a name of its own (``statistics.corrupt-<time>.json``) and
    the newest good backup is used instead (fresh statistics when there is none); ``notes`` says what happened.
    """
    path = Path(folder) / STATS_FILE
    try:
        text = read_regular(path, MAX_STATS_BYTES).decode("utf-8")
    except FileNotFoundError:
        return Statistics()
    except (NotReadableError, UnicodeDecodeError) as exc:  # a named pipe, a huge file, not text
        return _damaged(path, str(exc))
    except OSError as exc:
        return _damaged(path, exc.strerror or str(exc), move=False)
    try:
        return parse_statistics(text)
    except (ValueError, RecursionError) as exc:
        return _damaged(path, str(exc) or type(exc).__name__)


def _damaged(path: Path, reason: str, move: bool = True) -> Statistics:
    notes = []
    if move:
        try:
            aside = set_aside(path)
            notes.append(f"the statistics file {path} is damaged ({reason}); it is kept as {aside.name}")
        except OSError as exc:
            notes.append(f"the statistics file {path} is damaged ({reason}) and cannot be moved aside "
                         f"({exc.strerror or exc})")
    else:
        notes.append(f"the statistics file {path} cannot be read ({reason})")
    for backup in backups_of(path):
        try:
            stats = parse_statistics(backup.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            continue
        notes.append(f"the statistics were restored from the backup {backup}")
        stats.notes = notes
        break
    else:
        stats = Statistics(notes=[*notes, "counting starts afresh"])
    for note in stats.notes:
        log.warning("%s", note)
    return stats


def save_statistics(folder: str | os.PathLike[str], stats: Statistics) -> None:
    """Write the statistics atomically, keeping a dated backup of the day's first good file."""
    path = Path(folder) / STATS_FILE
    if path.is_file():
        dated_backup(path, BACKUPS_KEPT)
    write_atomic(path, stats.to_json(), what="the statistics")


def update_statistics(folder: str | os.PathLike[str], change: Callable[[Statistics], None]) -> Statistics:
    """Read, ``change`` and write the statistics while holding their lock, so that two games finishing at the
    same time both count; returns the statistics written. Raises :class:`~game.errors.WriteError` when they
    cannot be saved (the message says where the previous file is)."""
    path = Path(folder) / STATS_FILE
    with locked(path, what="the statistics"):
        stats = load_statistics(folder)
        change(stats)
        save_statistics(folder, stats)
    return stats
