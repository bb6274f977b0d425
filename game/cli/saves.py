"""``saves list``, ``play-headless`` and ``replay`` (interface contract §9)."""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from pathlib import Path

from game.ai import create_player as create_ai_player
from game.autoplay import create_player, play_hand
from game.cli.common import print_json
from game.config import folders_from_args
from game.core.match import Match
from game.core.ruleset import Ruleset
from game.core.scoring import RulesetJudge
from game.errors import SaveError, SparrowError, printable
from game.mods import Catalog, load_catalog
from game.mods.rulesets import load_ruleset
from game.saves import (
    list_saves,
    loaded_mods,
    missing_mods,
    read_save,
    restore,
    ruleset_hash,
    ruleset_note,
    snapshot,
    write_save,
)


def _ruleset_and_mods(ruleset_id: str, args: argparse.Namespace) -> tuple[Ruleset, list[dict[str, str]]]:
    """The ruleset from the enabled mods, and those mods as a save records them (one catalog for both)."""
    catalog = load_catalog(args.mods_dir, args.config_dir, full=False)
    return load_ruleset(catalog, ruleset_id), loaded_mods(catalog)


def register(sub: argparse._SubParsersAction) -> None:
    saves = sub.add_parser("saves", help="saved games")
    saves_sub = saves.add_subparsers(dest="saves_command", metavar="ACTION", required=True)
    listing = saves_sub.add_parser("list", help="the saved games in the config folder")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(func=run_list)

    headless = sub.add_parser("play-headless", help="computer players play N hands; save the game")
    headless.add_argument("--ruleset", default="classic")
    headless.add_argument("--hands", type=int, required=True)
    headless.add_argument("--seed", type=int, required=True)
    headless.add_argument("--players", default="greedy,greedy,greedy,greedy")
    headless.add_argument("--save", metavar="FILE", required=True)
    headless.set_defaults(func=run_play_headless)

    replay = sub.add_parser("replay", help="re-play a saved game from its seed and actions")
    replay.add_argument("file", metavar="FILE")
    replay.add_argument("--json", action="store_true")
    replay.set_defaults(func=run_replay)


def _replay_problem(path: str, catalog: Catalog, rulesets: dict[str, Ruleset | str]) -> str | None:
    """Why the save at ``path``, readable as it is, cannot be opened with the enabled mods: a ruleset or player
    none of them offers, or a hand that does not replay to what was recorded; None when it opens."""
    saved = read_save(path)
    if saved.ruleset not in rulesets:
        try:
            rulesets[saved.ruleset] = load_ruleset(catalog, saved.ruleset)
        except SparrowError as exc:
            rulesets[saved.ruleset] = f"its ruleset cannot be loaded: {str(exc).splitlines()[0]}"
    ruleset = rulesets[saved.ruleset]
    if isinstance(ruleset, str):
        return f"{path}: {ruleset}"
    people = [record.data for record in catalog.list("ai")]
    for player in saved.players:
        if player == "human":
            continue
        try:
            create_ai_player(player, rng=random.Random(0), ruleset=ruleset, personalities=people)
        except ValueError:
            return f"{path}: unknown player {player!r}: not a computer player of the enabled mods"
    try:
        restore(saved, ruleset.play, RulesetJudge(ruleset), source=path)
    except SaveError as exc:
        return str(exc)
    return None


def run_list(args: argparse.Namespace) -> int:
    infos = list_saves(folders_from_args(args).saves)
    if any(info.status == "ok" for info in infos):
        # A save is listed ok only when it opens: its ruleset and players are there and every hand replays.
        catalog = load_catalog(args.mods_dir, args.config_dir, full=False)
        rulesets: dict[str, Ruleset | str] = {}
        for n, info in enumerate(infos):
            if info.status == "ok":
                problem = _replay_problem(info.path, catalog, rulesets)
                if problem:
                    infos[n] = dataclasses.replace(info, status="corrupt", reason=problem)
    if args.json:
        print_json([{"name": i.name, "path": i.path, "date": i.date, "ruleset": i.ruleset, "hands": i.hands,
                     "status": i.status, "reason": i.reason} for i in infos])
        return 0
    if not infos:
        print("no saved games")
    for i in infos:
        status = "ok" if i.status == "ok" else f"corrupt: {i.reason}"
        print(printable(f"{i.name:24} {i.date:25} {i.ruleset or '-':12} {i.hands:3} hands  {status}"))
    return 0


def run_play_headless(args: argparse.Namespace) -> int:
    ids = [p.strip() for p in args.players.split(",") if p.strip()]
    if len(ids) != 4 or args.hands < 1:
        print("error: --players needs four ids and --hands at least 1", file=sys.stderr)
        return 2
    ruleset, mods = _ruleset_and_mods(args.ruleset, args)
    judge = RulesetJudge(ruleset)
    rng = random.Random(args.seed)
    players = [create_player(pid, random.Random(rng.getrandbits(64)), ruleset, mods_dir=args.mods_dir)
               for pid in ids]
    match = Match(ruleset.play, judge, args.seed)
    while len(match.history) < args.hands and not match.is_over:
        table = match.new_hand()
        play_hand(table, players)
        match.finish_hand(table)
    write_save(args.save, snapshot(match, ruleset_id=args.ruleset, players=ids, ruleset_hash=ruleset_hash(ruleset),
                                   mods=mods, name=Path(args.save).stem))
    print(f"saved {len(match.history)} hands to {args.save}", file=sys.stderr)
    return 0


def run_replay(args: argparse.Namespace) -> int:
    try:
        saved = read_save(args.file)
    except SaveError as exc:
        print(printable(f"error: {exc}"), file=sys.stderr)
        return 1
    ruleset, mods = _ruleset_and_mods(saved.ruleset, args)
    missing = missing_mods(saved, {m["id"] for m in mods})
    changed = ruleset_note(saved, ruleset)
    try:
        match = restore(saved, ruleset.play, RulesetJudge(ruleset), source=args.file)
    except SaveError as exc:
        causes = ([f"missing mods: {', '.join(missing)}"] if missing else []) + ([changed] if changed else [])
        print(printable(f"error: {exc}" + "".join(f" ({cause})" for cause in causes)), file=sys.stderr)
        return 1
    # Every recorded hand replayed to its stored hash, so the result stands; the differences are only noted.
    for mod_id in missing:
        print(printable(f"warning: mod {mod_id!r} used by this game is not installed; it replays the same without "
                        "it"), file=sys.stderr)
    if changed:
        print(printable(f"warning: {changed}; every saved hand replays the same"), file=sys.stderr)
    result = {"hands": len(match.history), "final_scores": list(match.totals), "log_hash": match.log_hash()}
    if args.json:
        print_json(result)
    else:
        for record in match.history:
            winner = "dead hand" if record.winner is None else f"seat {record.winner} won"
            print(f"hand {record.hand_number:3}: {winner:12} deltas {list(record.deltas)}")
        print(f"final scores {result['final_scores']}  log {result['log_hash']}")
    return 0
