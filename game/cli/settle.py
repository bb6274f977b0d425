"""``python -m game settle [--ruleset ID] FILE|-``: payments at the end of a hand (interface contract §3).

Prints ``{"deltas": [...], "payments": [{"from", "to", "amount"}, ...]}``; the deltas sum to zero.

Optional keys beyond the contract, for the Four Winds penalties: ``liable`` (the seat that pays for all),
``dealer_wins`` (East's wins in a row, this one included), ``faulty_out`` (the seat whose declaration of going
out was faulty; ``winner`` null), ``faulty_claims`` (four counts), ``riichi`` (seats that declared),
``ready`` (seats with a ready hand when the wall ran out) and ``cannon`` (the seat that let off a cannon, British
L77-L89: it pays for all and the losers settle nothing); and ``special_hand`` (the id or name of the winner's
special hand: one worth more than the limit, such as a double limit, is paid at its value).
"""

from __future__ import annotations

import argparse
from typing import Any

from game.cli._requests import RequestError, check_keys, read_request, ruleset_id, typed
from game.cli.common import print_json
from game.core.penalties import settle_hand
from game.core.settle import Settlement
from game.mods import get_ruleset

REQUIRED = ("east", "winner", "scores")
OPTIONAL = ("ruleset", "discarder", "self_drawn", "liable", "dealer_wins", "faulty_out", "faulty_claims", "riichi",
            "ready", "special_hand", "cannon")


def settle_request(ruleset: Any, data: dict[str, Any]) -> Settlement:
    """The settlement a request describes; raises RequestError for a malformed one."""
    check_keys(data, REQUIRED, OPTIONAL)
    scores = typed(data, "scores", list)
    try:
        return settle_hand(
            ruleset, typed(data, "east", int), typed(data, "winner", int), scores, typed(data, "discarder", int),
            typed(data, "self_drawn", bool, False), liable=typed(data, "liable", int),
            dealer_wins=typed(data, "dealer_wins", int, 0), faulty_out_by=typed(data, "faulty_out", int),
            faulty_claim_counts=typed(data, "faulty_claims", list, [0, 0, 0, 0]),
            riichi=typed(data, "riichi", list, []), ready=typed(data, "ready", list, []),
            special_hand=typed(data, "special_hand", str), cannon_by=typed(data, "cannon", int))
    except ValueError as exc:
        raise RequestError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    data = read_request(args.file)
    check_keys(data, REQUIRED, OPTIONAL)
    ruleset = get_ruleset(ruleset_id(args, data), args.mods_dir, args.config_dir)
    print_json(settle_request(ruleset, data).to_dict())
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("settle", help="payments at the end of a hand",
                                   description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", metavar="ID", help="ruleset id (wins over the request's 'ruleset')")
    parser.add_argument("file", metavar="FILE|-", help="the request file, or - for stdin")
    parser.set_defaults(func=run)
