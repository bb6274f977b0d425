"""``saves list``, ``play-headless`` and ``replay`` (interface contract §9)."""

from __future__ import annotations

import argparse
import dataclasses
import random
from pathlib import Path

from game.ai import create_player as create_ai_player
from game.autoplay import SeatCountError, at_table, create_player, play_hand, seat_players
from game.cli.common import add_game_arguments, error_line, player_ids, print_json, say
from game.config import folders_from_args
from game.core.match import Match
from game.core.ruleset import Ruleset
from game.core.scoring import RulesetJudge
from game.errors import SaveError, SparrowError, error_text, printable
from game.i18n import L_, _, localized, ngettext
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
    saves = sub.add_parser("saves", help=_("saved games"), description=_("The saved games."))
    saves_sub = saves.add_subparsers(dest="saves_command", metavar=_("ACTION"), required=True)
    listing = saves_sub.add_parser("list", help=_("the saved games in the config folder"))
    listing.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    listing.set_defaults(func=run_list)

    headless = sub.add_parser("play-headless", help=_("computer players play N hands; save the game"))
    add_game_arguments(headless)
    headless.add_argument("--save", metavar=_("FILE"), required=True, help=_("the file the game is saved to"))
    headless.set_defaults(func=run_play_headless)

    replay = sub.add_parser("replay", help=_("re-play a saved game from its seed and actions"))
    replay.add_argument("file", metavar=_("FILE"), help=_("the saved game"))
    replay.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    replay.set_defaults(func=run_replay)


def _replay_problem(path: str, catalog: Catalog, rulesets: dict[str, Ruleset | str]) -> str | None:
    """Why the save at ``path``, readable as it is, cannot be opened with the enabled mods: a ruleset or player
    none of them offers, or a hand that does not replay to what was recorded; None when it opens."""
    saved = read_save(path)
    if saved.ruleset not in rulesets:
        try:
            rulesets[saved.ruleset] = load_ruleset(catalog, saved.ruleset)
        except SparrowError as exc:
            rulesets[saved.ruleset] = L_("its ruleset cannot be loaded: {reason}", reason=str(exc).splitlines()[0])
    ruleset = rulesets[saved.ruleset]
    if isinstance(ruleset, str):
        return L_("{file}: {problem}", file=path, problem=ruleset)
    people = [record.data for record in catalog.list("ai")]
    for player in saved.players:
        if player == "human":
            continue
        try:
            create_ai_player(player, rng=random.Random(0), ruleset=ruleset, personalities=people)
        except ValueError:
            return L_("{file}: unknown player {id}: not a computer player of the enabled mods", file=path,
                      id=repr(player))
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
        print(_("no saved games"))
    for i in infos:
        status = _("ok") if i.status == "ok" else _("corrupt: {reason}").format(reason=localized(i.reason or ""))
        hands = ngettext("{n} hand", "{n} hands", i.hands).format(n=f"{i.hands:3}")
        print(printable(f"{i.name:24} {i.date:25} {i.ruleset or '-':12} {hands}  {status}"))
    return 0


def run_play_headless(args: argparse.Namespace) -> int:
    if args.hands < 1:
        say(error_line(_("--hands must be at least 1")))
        return 2
    ruleset, mods = _ruleset_and_mods(args.ruleset, args)
    try:
        ids = seat_players(args.ruleset, ruleset.play.seats, player_ids(args.players))
    except SeatCountError as exc:
        say(error_line(f"{exc}: {args.players!r}"))
        return 2
    judge = RulesetJudge(ruleset)
    rng = random.Random(args.seed)
    players = [create_player(pid, random.Random(rng.getrandbits(64)), ruleset, mods_dir=args.mods_dir)
               for pid in ids]
    seated = at_table(ruleset.play.seats, players)
    match = Match(ruleset.play, judge, args.seed)
    while len(match.history) < args.hands and not match.is_over:
        table = match.new_hand()
        play_hand(table, seated)
        match.finish_hand(table)
    ids = at_table(ruleset.play.seats, ids)  # a save names every table seat's player, as the window's does
    write_save(args.save, snapshot(match, ruleset_id=args.ruleset, players=ids, ruleset_hash=ruleset_hash(ruleset),
                                   mods=mods, name=Path(args.save).stem))
    say(ngettext("saved {n} hand to {file}", "saved {n} hands to {file}", len(match.history)).format(
        n=len(match.history), file=args.save))
    return 0


def run_replay(args: argparse.Namespace) -> int:
    try:
        saved = read_save(args.file)
    except SaveError as exc:
        say(printable(error_line(error_text(exc))))
        return 1
    ruleset, mods = _ruleset_and_mods(saved.ruleset, args)
    missing = missing_mods(saved, {m["id"] for m in mods})
    changed = ruleset_note(saved, ruleset)
    try:
        match = restore(saved, ruleset.play, RulesetJudge(ruleset), source=args.file)
    except SaveError as exc:
        causes = ([_("missing mods: {mods}").format(mods=", ".join(missing))] if missing else []) + (
            [localized(changed)] if changed else [])
        said = error_text(exc)
        say(printable(error_line(said + "".join(f" ({cause})" for cause in causes))))
        return 1
    # Every recorded hand replayed to its stored hash, so the result stands; the differences are only noted.
    for mod_id in missing:
        say(printable(_("warning: mod {id} used by this game is not installed; it replays the same without it"
                        ).format(id=repr(mod_id))))
    if changed:
        say(printable(_("warning: {change}; every saved hand replays the same").format(change=localized(changed))))
    result = {"hands": len(match.history), "final_scores": list(match.totals), "log_hash": match.log_hash()}
    if args.json:
        print_json(result)
    else:
        for record in match.history:
            winner = _("dead hand") if record.winner is None else _("seat {seat} won").format(seat=record.winner)
            print(_("hand {n}: {winner} deltas {deltas}").format(n=f"{record.hand_number:3}", winner=f"{winner:12}",
                                                                  deltas=list(record.deltas)))
        print(_("final scores {scores}  log {hash}").format(scores=result["final_scores"], hash=result["log_hash"]))
    return 0
