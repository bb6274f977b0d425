"""``python -m game settle [--ruleset ID] FILE|-``: payments at the end of a hand (interface contract §3).

Prints ``{"deltas": [...], "payments": [{"from", "to", "amount"}, ...]}``; the deltas sum to zero.
"""

from __future__ import annotations

import argparse
from typing import Any

from game.cli._requests import RequestError, check_keys, get_ruleset, read_request, ruleset_id, typed
from game.cli.common import print_json
from game.core.settle import settle

REQUIRED = ("east", "winner", "scores")
OPTIONAL = ("ruleset", "discarder", "self_drawn")


def run(args: argparse.Namespace) -> int:
    data = read_request(args.file)
    check_keys(data, REQUIRED, OPTIONAL)
    ruleset = get_ruleset(ruleset_id(args, data), args)
    scores = typed(data, "scores", list)
    try:
        result = settle(ruleset, typed(data, "east", int), typed(data, "winner", int), scores,
                        typed(data, "discarder", int), typed(data, "self_drawn", bool, False))
    except ValueError as exc:
        raise RequestError(str(exc)) from None
    print_json(result.to_dict())
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("settle", help="payments at the end of a hand",
                                   description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", metavar="ID", help="ruleset id (wins over the request's 'ruleset')")
    parser.add_argument("file", metavar="FILE|-", help="the request file, or - for stdin")
    parser.set_defaults(func=run)
