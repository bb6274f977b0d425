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

from game.cli._requests import (
    MAX_AMOUNT,
    RequestError,
    add_request_arguments,
    check_keys,
    maybe_seat,
    numbers,
    read_request,
    ruleset_id,
    seat,
    seats,
    shown,
    typed,
    whole,
)
from game.cli.common import print_json
from game.core.penalties import settle_hand
from game.core.settle import Settlement
from game.errors import error_text
from game.i18n import N_, _
from game.mods import get_ruleset

REQUIRED = ("east", "winner", "scores")
ROLES = {"discarder": N_("discarder"), "liable": N_("liable"), "cannon": N_("cannon"), "faulty_out": N_("faulty out")}
"""The seats a request names besides the winner's, as a message calls them."""
OPTIONAL = ("ruleset", "discarder", "self_drawn", "liable", "dealer_wins", "faulty_out", "faulty_claims", "riichi",
            "ready", "special_hand", "cannon")


def settle_request(ruleset: Any, data: dict[str, Any]) -> Settlement:
    """The settlement a request describes; raises RequestError for a malformed or contradictory one."""
    check_keys(data, REQUIRED, OPTIONAL)
    east, winner = seat(data, "east"), maybe_seat(data, "winner", nullable=True)  # present: a required key
    scores = numbers(data, "scores", 0, MAX_AMOUNT, count=4)
    discarder, liable = maybe_seat(data, "discarder"), maybe_seat(data, "liable")
    faulty_out, cannon = maybe_seat(data, "faulty_out"), maybe_seat(data, "cannon")
    self_drawn = typed(data, "self_drawn", bool, False)
    special = typed(data, "special_hand", str, None)
    _refuse_contradictions(winner, discarder, self_drawn, liable, cannon, faulty_out)
    if special is not None and not any(special in (h.id, h.name, *h.aliases) for h in ruleset.special_hands):
        raise RequestError(_("unknown special hand {hand} in ruleset {ruleset}").format(hand=shown(special),
                                                                                        ruleset=repr(ruleset.id)))
    try:
        return settle_hand(
            ruleset, east, winner, scores, discarder, self_drawn, liable=liable,
            dealer_wins=whole(typed(data, "dealer_wins", int, 0), repr("dealer_wins"), 0, 100),
            faulty_out_by=faulty_out, faulty_claim_counts=numbers(data, "faulty_claims", 0, 100, [0] * 4, count=4),
            riichi=seats(data, "riichi"), ready=seats(data, "ready"), special_hand=special, cannon_by=cannon)
    except ValueError as exc:
        raise RequestError(error_text(exc)) from None


def _refuse_contradictions(winner: int | None, discarder: int | None, self_drawn: bool, liable: int | None,
                           cannon: int | None, faulty_out: int | None) -> None:
    """Requests no hand can end in: the payments would be made up."""
    if winner is None:
        for key, value in (("discarder", discarder), ("liable", liable), ("cannon", cannon)):
            if value is not None:
                raise RequestError(_("a hand without a winner has no {key}, got {key_quoted} {value}").format(
                    key=key, key_quoted=repr(key), value=value))
        if self_drawn:
            raise RequestError(_("a hand without a winner is not self-drawn"))
        return
    if self_drawn and discarder is not None:
        raise RequestError(_("a self-drawn hand has no discarder, got 'discarder' {value}").format(value=discarder))
    for key, value in (("discarder", discarder), ("liable", liable), ("cannon", cannon), ("faulty_out", faulty_out)):
        if value == winner:
            raise RequestError(_("the winner (seat {seat}) cannot also be the {role}").format(
                seat=winner, role=_(ROLES[key])))


def run(args: argparse.Namespace) -> int:
    data = read_request(args.file)
    check_keys(data, REQUIRED, OPTIONAL)
    ruleset = get_ruleset(ruleset_id(args, data), args.mods_dir, args.config_dir)
    print_json(settle_request(ruleset, data).to_dict())
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "settle", help=_("payments at the end of a hand"),
        description=_("Payments at the end of a hand: prints {\"deltas\": [...], \"payments\": [{\"from\", \"to\", "
                      "\"amount\"}, ...]}; the deltas sum to zero."))
    add_request_arguments(parser)
    parser.set_defaults(func=run)
