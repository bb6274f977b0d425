"""Jokers in the Western game's special hands (002 L192-L193, L296; A-002-2): a joker stands in a pong or kong
of a special hand, beside at least one natural tile, and is paid as the hand; it never fills a pair, a single
tile, a chow, a run or a knitted set. The winning tile, the waits and the distance the AI plans by agree."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.judge import HandSpec, WinContext
from game.core.melds import parse_meld
from game.core.patterns import Env
from game.core.scoring import RulesetJudge
from game.core.special_distance import distance
from game.core.tiles import JOKER, counts_of, parse_tiles
from game.rules import load_ruleset
from tests.builders import t

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = {path.stem: path for path in sorted((ROOT / "mods").glob("*/rulesets/*.yaml"))}
WESTERN = load_ruleset(BUNDLED["western"], parents=BUNDLED)
JUDGE = RulesetJudge(WESTERN)


def _score(concealed: str, winning: str, melds: tuple[str, ...] = (), won_by: str = "wall"):
    hand = HandSpec(tuple(parse_tiles(concealed)), tuple(parse_meld(m) for m in melds), seat_wind=1)
    return JUDGE.score(hand, WinContext(True, t(winning), won_by))


@pytest.mark.parametrize(("concealed", "melds", "winning", "name", "score"), [
    # Numbers Racket (double limit): jokers in the three number pongs and in the wind pong.
    ("5B 5B JK 5C 5C 5C 5D JK JK EW EW EW RD RD", (), "RD", "Numbers Racket", 1000),
    # the same with an exposed pong holding a joker
    ("5C 5C 5C 5D JK JK EW EW EW RD RD", ("5B 5B JK",), "RD", "Numbers Racket", 1000),
    # Civil War (concealed, double limit): the North pong made with a joker; the runs are natural
    ("1B 8B 6B 1B 1C 8C 6C 5C NW NW JK SW SW SW", (), "5C", "Civil War", 1000),
    # Christmas: a joker in the pong of 2s and in the Green Dragon pong
    ("2D 2D JK 5D 5D 5D RD RD RD GD JK GD WD WD", (), "WD", "Christmas", 1000),
    # Heads and Tails (limit): a pong of one 9 and two jokers
    ("1B 1B 1B 9B JK JK 1C 1C 1C 9D 9D 9D 1D 1D", (), "1D", "Heads and Tails", 500),
    # All Kong: a concealed kong of three natural tiles and a joker
    ("9D 9D", ("2B 2B 2B 2B", "5C 5C 5C JK", "EW EW EW EW", "RD RD RD RD"), "9D", "All Kong", 500),
])
def test_jokers_complete_a_special_hand_in_its_pongs_and_kongs(concealed, melds, winning, name, score) -> None:
    """A special hand made with jokers in its pongs and kongs scores the special hand's value."""
    result = _score(concealed, winning, melds)
    assert result.mah_jongg and result.special_hand == name and result.score == score
    assert any(JOKER in group for group in result.arrangement)


@pytest.mark.parametrize(("concealed", "winning", "refused"), [
    # Numbers Racket with a joker pairing the Red Dragon
    ("5B 5B 5B 5C 5C 5C 5D 5D 5D EW EW EW RD JK", "RD", "Numbers Racket"),
    # Civil War with a joker for the single 5 Craks
    ("1B 8B 6B 1B 1C 8C 6C JK NW NW NW SW SW SW", "1C", "Civil War"),
    # Unique Wonders with a joker as the paired tile
    ("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD JK", "WD", "Unique Wonders"),
    # Dirty Pairs (seven pairs) with a joker in a pair
    ("1B 1B 3C 3C 5D 5D 7B 7B EW EW RD RD 9C JK", "9C", "Dirty Pairs"),
    # Windy Chows with a joker in a chow
    ("1B 2B JK 4C 5C 6C 7D 8D 9D EW SW WW NW NW", "NW", "Windy Chows"),
    # Gertie's Garter (runs of 1-7) with a joker in a run
    ("1B 2B 3B 4B 5B 6B JK 1C 2C 3C 4C 5C 6C 7C", "7C", "Gertie's Garter"),
    # a pong made of jokers alone
    ("5B 5B 5B 5C 5C 5C JK JK JK EW EW EW RD RD", "RD", "Numbers Racket"),
])
def test_jokers_never_fill_a_pair_a_single_tile_a_chow_or_a_run(concealed, winning, refused) -> None:
    """Where a joker stands for a pair, a single tile or a chow the special hand is not made."""
    result = _score(concealed, winning)
    assert result.special_hand != refused


def test_a_joker_special_hand_may_be_won_on_a_discard_and_its_waits_list_it() -> None:
    """Numbers Racket with jokers waits on its dragon pair; the tile can be claimed to go out, and is paid
    as the double limit."""
    waiting = HandSpec(tuple(parse_tiles("5B 5B JK 5C 5C 5C 5D JK JK EW EW EW RD")), seat_wind=1)
    assert t("RD") in JUDGE.waits(waiting)
    shape = JUDGE.mah_jongg(HandSpec((*waiting.concealed, t("RD")), seat_wind=1),
                            WinContext(True, t("RD"), "discard"))
    assert shape is not None and shape.special_hand == "numbers_racket"
    assert _score("5B 5B JK 5C 5C 5C 5D JK JK EW EW EW RD RD", "RD", won_by="discard").score == 1000


def test_the_distance_to_a_special_hand_counts_jokers_in_its_pongs() -> None:
    """The AI's distance to Numbers Racket: two jokers make up two tiles of the pongs (not of the pair)."""
    hand = WESTERN.special_hand("numbers_racket")
    concealed = parse_tiles("5B 5B 5C 5C 5C 5D EW EW EW RD RD 2B JK JK")
    counts = counts_of(concealed)
    without = distance(hand, counts, (), Env(1, 0))
    with_jokers = distance(hand, counts, (), Env(1, 0), jokers=2)
    assert without - with_jokers == 2
    # A joker cannot pair a dragon: one tile short of the pair stays short.
    pair_short = counts_of(parse_tiles("5B 5B 5B 5C 5C 5C 5D 5D 5D EW EW EW RD 2B"))
    assert distance(hand, pair_short, (), Env(1, 0), jokers=1) == distance(hand, pair_short, (), Env(1, 0))
