"""``simulate``: computer players only, no display (interface contract §4)."""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.autoplay import SeatCountError, at_table, create_player, play_hand, seat_players
from game.cli.common import add_game_arguments, error_line, player_ids, print_json, say
from game.core.events import DiscardClaimed, log_hash
from game.core.match import Match
from game.errors import error_text
from game.i18n import _
from game.mods import rules_for

logger = logging.getLogger(__name__)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help=_("computer players only: play hands and print statistics as JSON"),
                       description=_("Computer players only, no display: play hands and print their statistics and "
                                     "a log_hash as one JSON object (the same arguments give the same log_hash)."))
    add_game_arguments(p)
    p.add_argument("--rotate-seats", action="store_true", help=_("move every player one seat on after each hand"))
    p.add_argument("--jsonl", metavar=_("FILE"), help=_("write one JSON line per hand"))
    p.set_defaults(func=run)


@dataclass
class _Tally:
    """One player's figures over the run."""

    wins: int = 0
    deal_ins: int = 0
    calls: int = 0
    special: int = 0
    net: int = 0
    ms: list[float] = field(default_factory=list)


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def simulate(ruleset_id: str, hands: int, seed: int, player_ids: list[str], rotate: bool = False,
             jsonl: Path | None = None, mods_dir: str | None = None, config_dir: str | None = None) -> dict:
    """Play ``hands`` hands and return the statistics of contract §4."""
    ruleset, judge = rules_for(ruleset_id, mods_dir, config_dir)
    seats = ruleset.play.seats
    player_ids = seat_players(ruleset_id, seats, player_ids)
    rng = random.Random(seed)
    players = [create_player(pid, random.Random(rng.getrandbits(64)), ruleset, mods_dir=mods_dir)
               for pid in player_ids]
    stats = [_Tally() for _ in players]
    totals = {"illegal": 0, "errors": 0, "draws": 0}
    run_hash = hashlib.sha256()
    started = time.perf_counter()
    out = jsonl.open("w", encoding="utf-8") if jsonl else None
    match = Match(ruleset.play, judge, seed)
    try:
        for hand_index in range(hands):
            if match.is_over:
                match = Match(ruleset.play, judge, rng.getrandbits(32))
            shift = hand_index % len(seats) if rotate else 0
            seat_player = at_table(seats, list(range(len(seats))), shift)  # who sits at each seat
            table = match.new_hand()
            try:
                hand_stats = play_hand(table, [players[seat_player[s]] for s in range(4)])
                match.finish_hand(table)
            except Exception:  # a crash is counted and reported, and the run goes on with a fresh game
                logger.warning("hand %d crashed", hand_index + 1, exc_info=True)
                totals["errors"] += 1
                match = Match(ruleset.play, judge, rng.getrandbits(32))
                continue
            totals["illegal"] += hand_stats.illegal_actions
            record = match.history[-1]
            run_hash.update(record.log_hash.encode())
            result = table.result
            assert result is not None, "finish_hand takes only a finished hand"
            for seat in seats:
                s = stats[seat_player[seat]]
                s.calls += hand_stats.calls[seat]
                s.ms += hand_stats.decisions_ms[seat]
                s.net += record.deltas[seat]
            if result.winner is None:
                totals["draws"] += 1
            else:
                winner = stats[seat_player[result.winner]]
                winner.wins += 1
                if record.special_hand:
                    winner.special += 1
                if result.from_seat is not None and result.won_by == "discard":
                    stats[seat_player[result.from_seat]].deal_ins += 1
            if out:
                out.write(json.dumps({
                    "hand": hand_index + 1, "seed": record.seed,
                    "winner": None if result.winner is None else player_ids[seat_player[result.winner]],
                    "winner_seat": result.winner, "discarder": result.from_seat,
                    "deltas": list(record.deltas), "special_hand": record.special_hand,
                    "calls": sum(1 for e in table.events if isinstance(e, DiscardClaimed)),
                    "log_hash": log_hash(table.events),
                }) + "\n")
    finally:
        if out:
            out.close()
    seconds = time.perf_counter() - started
    played = max(1, hands)
    return {
        "ruleset": ruleset_id,
        "hands": hands,
        "seconds": round(seconds, 3),
        "hands_per_second": round(hands / seconds, 2) if seconds else 0.0,
        "illegal_actions": totals["illegal"],
        "errors": totals["errors"],
        "draws": totals["draws"],
        "log_hash": run_hash.hexdigest()[:16],
        "players": [
            {
                "id": pid,
                "wins": s.wins,
                "win_share": round(s.wins / played, 4),
                "deal_in_rate": round(s.deal_ins / played, 4),
                "calls_per_hand": round(s.calls / played, 3),
                "special_hand_wins": s.special,
                "net_score_per_hand": round(s.net / played, 2),
                "decision_ms_p99": round(_percentile(s.ms, 0.99), 3),
            }
            for pid, s in zip(player_ids, stats, strict=True)
        ],
    }


def run(args: argparse.Namespace) -> int:
    ids = player_ids(args.players)
    if args.players and len(ids) not in (3, 4):
        say(error_line(_("--players needs four ids separated by commas, got {count}: {players}").format(
            count=len(ids), players=repr(args.players))))
        return 2
    if args.hands < 1:
        say(error_line(_("--hands must be at least 1")))
        return 2
    try:
        result = simulate(args.ruleset, args.hands, args.seed, ids, args.rotate_seats,
                          Path(args.jsonl) if args.jsonl else None, args.mods_dir, args.config_dir)
    except SeatCountError as exc:
        say(error_line(f"{exc}: {args.players!r}"))
        return 2
    except ValueError as exc:  # an unknown player id
        say(error_line(error_text(exc)))
        return 1
    print_json(result)
    return 0
