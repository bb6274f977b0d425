"""``serve``: run a network table headless until Ctrl+C (docs/network.md)."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from game.cli.common import error_line, say
from game.config import folders_from_args
from game.i18n import _
from game.logsetup import log_info_from
from game.net.hosting import SAVES, host_table
from game.net.server import Limits, serve_forever
from game.net.table import Timers

DEFAULT_PORT = 8765


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help=_("host a network table without a window (docs/network.md)"),
                       description=_("Host a network table without a window until Ctrl+C; the game is autosaved "
                                     "after every hand (docs/network.md)."))
    p.add_argument("--host", default="0.0.0.0", metavar=_("ADDRESS"),
                   help=_("the address to listen on (default: every interface)"))
    p.add_argument("--port", type=int, default=DEFAULT_PORT, metavar=_("PORT"),
                   help=_("the port to listen on (default: {port})").format(port=DEFAULT_PORT))
    p.add_argument("--ruleset", default="classic", metavar=_("ID"), help=_("the ruleset's id (default: classic)"))
    p.add_argument("--seats", type=int, default=4, choices=range(1, 5), metavar="N",
                   help=_("seats that wait for players (1-4); computer players take the others"))
    p.add_argument("--seed", type=int, metavar=_("SEED"), help=_("the game's seed (default: a random one)"))
    p.add_argument("--resume", metavar=_("FILE"), help=_("resume a saved game (a network game's autosave too)"))
    p.add_argument("--hands", type=int, metavar="N",
                   help=_("stop once the match has N hands (it stays saved: --resume goes on with it)"))
    p.add_argument("--claim-window", type=float, default=Timers.claim_window, metavar=_("SECONDS"),
                   help=_("how long players have to claim a discard (default: {seconds} s)").format(
                       seconds=Timers.claim_window))
    p.add_argument("--discard-delay", type=float, default=Timers.discard_delay, metavar=_("SECONDS"),
                   help=_("the pause before a computer player discards (default: {seconds} s)").format(
                       seconds=Timers.discard_delay))
    p.add_argument("--turn-seconds", type=float, default=Timers.turn, metavar=_("SECONDS"),
                   help=_("a player's time for their own turn before the server plays it for them (default: "
                          "{seconds} s; 0: no limit)").format(seconds=Timers.turn))
    p.add_argument("--deal-pause", type=float, default=Timers.deal_pause, metavar=_("SECONDS"),
                   help=_("the longest play waits after a deal for the players to see it (default: {seconds} s)"
                          ).format(seconds=Timers.deal_pause))
    p.add_argument("--max-per-address", type=int, default=Limits.per_address, metavar="N",
                   help=_("connections open at once from one address (default: {count})").format(
                       count=Limits.per_address))
    p.add_argument("--max-connections", type=int, default=Limits.connections, metavar="N",
                   help=_("connections open at once in all (default: {count})").format(count=Limits.connections))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if (not 0 <= args.port <= 65535 or args.claim_window <= 0 or args.discard_delay < 0
            or (args.hands is not None and args.hands < 1) or args.turn_seconds < 0 or args.deal_pause < 0
            or args.max_per_address < 1 or args.max_connections < 1):
        say(error_line(_("--port is 0-65535, --claim-window more than 0, --discard-delay, --turn-seconds and "
                         "--deal-pause at least 0, --hands, --max-per-address and --max-connections at least 1")))
        return 2
    log_info_from("game.net")  # who joins, leaves and drops: the server's console says it
    saves = folders_from_args(args).saves
    table = host_table(args.ruleset, seed=args.seed, player_seats=args.seats, mods_dir=args.mods_dir,
                       config_dir=args.config_dir, saves=saves, resume=Path(args.resume) if args.resume else None,
                       timers=Timers(claim_window=args.claim_window, discard_delay=args.discard_delay,
                                     turn=args.turn_seconds, deal_pause=args.deal_pause),
                       hand_limit=args.hands)
    limits = Limits(per_address=args.max_per_address, connections=args.max_connections)
    saved = saves / "network-main.sparrow"
    say(_("the game is autosaved after every hand to {file}").format(file=saved))
    try:
        asyncio.run(serve_forever([table], args.host, args.port, limits))
    except KeyboardInterrupt:
        if table.state == "playing":  # the hand in progress too, so --resume goes on from here
            for hook in table.session.on_hand_finished:
                hook(table.session)
            SAVES.wait()
        return 0
    except OSError as exc:
        say(error_line(_("cannot listen on {host}:{port}: {reason}").format(host=args.host, port=args.port,
                                                                             reason=exc.strerror or exc)))
        return 1
    over = table.session.match.is_over
    say((_("the game is over; it is saved in {file}") if over else
         _("the hands are played; `serve --resume {file}` goes on with the game")).format(file=saved))
    return 0
