"""``python -m game score [--ruleset ID] FILE|-``: score one player's hand (interface contract §2).

Prints one JSON document with the score and every item that made it. Exit 1 with a message for a hand that
is invalid (unknown tile codes, more copies of a tile than the set holds, a malformed meld) or that says
``"winner": true`` without being a Mah Jongg hand. The optional ``riichi`` (the winner had declared Riichi),
``ready`` (a loser had declared a ready hand) and ``sets_declared`` (some player had declared a chow, pung or
kong, a concealed kong included, before the winning tile) extend the contract's request, as does a meld's
optional ``first_discard`` (the set was claimed from East's first discard: the Western Sweep).
"""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from game.cli._requests import (
    RequestError,
    add_request_arguments,
    check_keys,
    read_request,
    ruleset_id,
    shown,
    typed,
)
from game.cli.common import error_line, print_json, say
from game.core.judge import HandSpec, WinContext
from game.core.melds import meld_from_tiles
from game.core.tiles import parse_tiles, tile_from_code, wind_from_letter
from game.i18n import _, localized
from game.mods import rules_for

REQUIRED = ("seat_wind", "round_wind", "concealed", "winner")
OPTIONAL = ("ruleset", "melds", "bonus", "winning_tile", "won_by", "last_wall_tile", "original_hand",
            "standing_hand", "first_discard", "riichi", "first_draw", "ready", "sets_declared")
WON_BY = ("discard", "wall", "loose_tile", "robbed_kong")


MAX_HAND = 14
"""Tiles a hand holds at most, a kong counted as three (it has a replacement tile for its fourth)."""


def _tiles(data: dict[str, Any], key: str, longest: int = 18) -> list[int]:
    value = typed(data, key, (str, list), "")
    words = value.split() if isinstance(value, str) else value
    if len(words) > longest:
        raise RequestError(_("expected at most {limit} tile codes in {key}, got {count}").format(
            limit=longest, key=repr(key), count=len(words)))
    for word in words:
        if not isinstance(word, str):
            raise RequestError(_("expected tile codes in {key}, got {value}").format(key=repr(key),
                                                                                     value=shown(word)))
    return parse_tiles(words)


def parse_request(data: dict[str, Any]) -> tuple[HandSpec, WinContext]:
    """The hand and win context a score request describes; raises RequestError or InvalidTilesError."""
    check_keys(data, REQUIRED, OPTIONAL)
    melds = []
    raw_melds = typed(data, "melds", list, [])
    if len(raw_melds) > 4:
        raise RequestError(_("expected at most 4 melds, got {count}").format(count=len(raw_melds)))
    for i, raw in enumerate(raw_melds):
        if not isinstance(raw, dict) or "tiles" not in raw or set(raw) - {"tiles", "exposed", "first_discard"}:
            raise RequestError(_('expected melds[{index}] to be {{"tiles": "...", "exposed": true}}, got {value}'
                                 ).format(index=i, value=shown(raw)))
        exposed = typed(raw, "exposed", bool, True)
        meld = meld_from_tiles(_tiles(raw, "tiles"), exposed)
        if typed(raw, "first_discard", bool, False):
            meld = dataclasses.replace(meld, first_discard=True)
        melds.append(meld)
    concealed = _tiles(data, "concealed")
    held = len(concealed) + sum(min(len(meld.tiles), 3) for meld in melds)
    if held > MAX_HAND:
        raise RequestError(_("expected a hand of at most {limit} tiles (a kong counts as 3), got {count}").format(
            limit=MAX_HAND, count=held))
    won_by = typed(data, "won_by", str, "discard")
    if won_by not in WON_BY:
        raise RequestError(_("expected 'won_by' to be one of {values}, got {value}").format(
            values=", ".join(WON_BY), value=shown(won_by)))
    winning = typed(data, "winning_tile", str, None)
    hand = HandSpec(
        concealed=tuple(concealed), melds=tuple(melds), bonus=tuple(_tiles(data, "bonus", 8)),
        seat_wind=wind_from_letter(typed(data, "seat_wind", str)),
        round_wind=wind_from_letter(typed(data, "round_wind", str)),
    )
    context = WinContext(
        winner=typed(data, "winner", bool), winning_tile=tile_from_code(winning) if winning else None,
        won_by=won_by,
        **{flag: typed(data, flag, bool, False)
           for flag in ("last_wall_tile", "original_hand", "standing_hand", "first_discard", "riichi", "first_draw",
                        "ready", "sets_declared")},
    )
    return hand, context


def run(args: argparse.Namespace) -> int:
    data = read_request(args.file)
    ruleset, judge = rules_for(ruleset_id(args, data), args.mods_dir, args.config_dir)
    hand, context = parse_request(data)
    result = judge.score(hand, context)
    if context.winner and not result.mah_jongg:
        say(error_line(localized(result.message)))
        return 1
    print_json(result.to_dict(ruleset.id))
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score", help=_("score one player's hand (JSON or YAML request)"),
        description=_("Score one player's hand: prints one JSON document with the score and every item that made "
                      "it."))
    add_request_arguments(parser)
    parser.set_defaults(func=run)
