"""Hostile ``score`` and ``settle`` requests (issue 25, class 8), each through the real command as its own process
under limits: nulls in required keys, deep and huge documents, numbers of thousands of digits, contradictions no
hand can end in, hands of twenty tiles, and text that would drive the terminal. Each is refused with exit 1 and one
printable line saying what is wrong (the fuzzer in ``tests/cli/test_request_fuzz.py`` tries thousands more)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.kit import assert_clean, make_world, run_limited

HAND = {"seat_wind": "S", "round_wind": "E", "concealed": "2B 3B 4B 7D 7D", "winner": True, "winning_tile": "7D",
        "melds": [{"tiles": "9B 9B 9B"}, {"tiles": "RD RD RD RD", "exposed": False}]}
PAY = {"east": 0, "winner": 2, "scores": [80, 12, 48, 112], "discarder": 1}


def _with(base: dict, **change: object) -> str:
    return json.dumps({**base, **change})


REQUESTS: dict[str, tuple[str, str, str]] = {
    "score_null_seat_wind": ("score", _with(HAND, seat_wind=None), "expected 'seat_wind' to be text, got null"),
    "score_null_round_wind": ("score", _with(HAND, round_wind=None), "expected 'round_wind' to be text, got null"),
    "score_null_winner": ("score", _with(HAND, winner=None), "expected 'winner' to be true/false, got null"),
    "score_null_concealed": ("score", _with(HAND, concealed=None), "expected 'concealed' to be text or a list"),
    "score_twenty_tiles": ("score", _with(HAND, winner=False, melds=[], concealed=" ".join(["1B", "2B", "3B"] * 7)),
                           "at most 18 tile codes"),
    "score_loser_of_sixteen": ("score", _with(HAND, winner=False, concealed="1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C 4C",
                                               melds=[{"tiles": "RD RD RD"}]), "at most 14 tiles"),
    "score_five_melds": ("score", _with(HAND, melds=[{"tiles": "9B 9B 9B"}] * 5), "at most 4 melds"),
    "score_deep_json": ("score", '{"seat_wind": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
    "score_5000_digit_number": ("score", _with(HAND).replace('"winner": true', '"winner": ' + "9" * 5000),
                                "4300 digits"),
    "score_escape_codes_echoed": ("score", _with(HAND, seat_wind="\x1b[2J\nerror: none"), "\\x1b[2J\\nerror: none"),
    "score_right_to_left": ("score", _with(HAND, won_by="\u202ellaw"), "\\u202ellaw"),
    "score_a_list": ("score", "[1, 2, 3]", "expected a mapping of request keys"),
    "score_empty": ("score", "", "expected a mapping of request keys"),
    "score_two_megabytes": ("score", " " * (2 * 1024 * 1024) + "{}", "at most 1048576 bytes"),
    "score_billion_laughs": ("score", "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [{', '.join(['*' + p] * 10)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True)),
                             "aliases expand"),
    "settle_null_scores": ("settle", _with(PAY, scores=None), "expected 'scores' to be a list, got null"),
    "settle_null_east": ("settle", _with(PAY, east=None), "expected 'east' to be a whole number, got null"),
    "settle_infinite_score": ("settle", _with(PAY).replace("112", "Infinity"), "every number in 'scores'"),
    "settle_thirty_digit_score": ("settle", _with(PAY, scores=[10**30, 0, 0, 0]), "from 0 to 1000000000"),
    "settle_seat_seven": ("settle", _with(PAY, winner=7), "expected 'winner' to be a seat 0 to 3, got 7"),
    "settle_self_drawn_and_discarded": ("settle", _with(PAY, self_drawn=True), "a self-drawn hand has no discarder"),
    "settle_winner_discarded": ("settle", _with(PAY, discarder=2), "cannot also be the discarder"),
    "settle_cannon_by_the_winner": ("settle", _with(PAY, ruleset="british", discarder=None, cannon=2),
                                    "cannot also be the cannon"),
    "settle_unknown_special_hand": ("settle", _with(PAY, special_hand="Nonesuch"), "unknown special hand 'Nonesuch'"),
    "settle_no_winner_but_a_discarder": ("settle", _with(PAY, winner=None), "a hand without a winner has no discarder"),
    "settle_riichi_twice": ("settle", _with(PAY, riichi=[1, 1]), "each seat at most once"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(REQUESTS))
def test_hostile_request__one_printable_line_and_exit_1(tmp_path: Path, name: str) -> None:
    """The hostile request is refused: exit 1, nothing on stdout, one printable error line saying what is wrong."""
    command, text, message = REQUESTS[name]
    ran = run_limited(make_world(tmp_path), command, "-", stdin=text)
    assert_clean(ran)
    assert ran.returncode == 1 and ran.stdout == "", ran.output[-2000:]
    assert ran.stderr.startswith("error: ") and ran.stderr.count("\n") == 1, ran.stderr
    assert message in ran.stderr, ran.stderr


def test_hostile_request__cheap_case(tmp_path: Path) -> None:
    """In the fast tier: a null seat wind, which used to end in a traceback, is one line of error."""
    command, text, message = REQUESTS["score_null_seat_wind"]
    ran = run_limited(make_world(tmp_path), command, "-", stdin=text)
    assert_clean(ran)
    assert (ran.returncode, ran.stderr) == (1, f"error: {message}\n")
