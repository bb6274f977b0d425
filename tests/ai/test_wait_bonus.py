"""Bonus hands won on a particular tile (the classic Picked by the Golden Cock: 100 points for going out on
5 Dots) pull a ready hand's wait toward that tile, as far as the personality cares for value."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai.engine import EnginePlayer
from game.ai.evaluate import ValueModel
from game.core.tiles import parse_tiles
from game.mods import get_ruleset
from tests.builders import PEOPLE, discards_of, view

# Ready either way: throwing 8 Dots waits on 5 Dots, throwing 4 Dots waits on 7 Dots; one tile each.
HAND = "1B 2B 3B 4C 5C 6C 7C 8C 9C RD RD 4D 6D 8D"


def _without_golden_cock(ruleset):
    hands = tuple(dataclasses.replace(h, allowed=False) if h.id == "golden_cock" else h
                  for h in ruleset.special_hands)
    return dataclasses.replace(ruleset, special_hands=hands)


def test_value_model__reads_the_golden_cock_as_a_bonus_on_five_dots():
    classic = get_ruleset("classic")
    bonus = ValueModel.build(classic, 0, 0).wait_bonus
    five_dots = parse_tiles("5D")[0]
    assert bonus[five_dots] == 2.5  # 100 points, at 40 points a double
    assert sum(1 for b in bonus if b) == 1
    assert ValueModel.build(_without_golden_cock(classic), 0, 0).wait_bonus == ()
    # Bonus hands with a further condition (the last tile of the wall) are not the player's to aim for.
    assert ValueModel.build(get_ruleset("british"), 0, 0).wait_bonus == ()


def test_decide__a_value_minded_player_waits_on_the_golden_cock():
    classic = get_ruleset("classic")
    for pid in ("limitmaker", "expert"):
        chooser = EnginePlayer(PEOPLE[pid], random.Random(1), classic)
        assert chooser.decide(view(HAND), discards_of(HAND)).tile == parse_tiles("8D")[0], pid


def test_decide__no_bonus_no_preference_for_five_dots():
    plain = _without_golden_cock(get_ruleset("classic"))
    chooser = EnginePlayer(PEOPLE["limitmaker"], random.Random(1), plain)
    assert chooser.decide(view(HAND), discards_of(HAND)).tile == parse_tiles("4D")[0]


def test_decide__the_bonus_wait_is_weighed_by_its_live_copies():
    """The 100 points are added before doubling, so a lone live 5 Dots (a hand about four times richer, a
    quarter as likely) is still worth the gamble; with no 5 Dots left the wait goes to 7 Dots."""
    classic = get_ruleset("classic")
    three_out = view(HAND, opponents={1: {"discards": "5D 5D 5D"}})
    limitmaker = EnginePlayer(PEOPLE["limitmaker"], random.Random(1), classic)
    assert limitmaker.decide(three_out, discards_of(HAND)).tile == parse_tiles("8D")[0]
    four_out = view(HAND, opponents={1: {"discards": "5D 5D 5D"}, 2: {"discards": "5D"}})
    assert limitmaker.decide(four_out, discards_of(HAND)).tile == parse_tiles("4D")[0]


def test_quick_tip__names_the_bonus_hand_a_wait_can_bring():
    from game.ai.tip import quick_tip

    tip = quick_tip(view(HAND), discards_of(HAND), get_ruleset("classic"))
    assert tip.action.tile == parse_tiles("8D")[0]
    assert "waiting on 5 Dots" in tip.reason
    assert "(four tiles still live; 5 Dots brings Picked by the Golden Cock)" in tip.reason


@pytest.mark.parametrize(("hand", "gambler_throws", "plain_throws"), [
    # A tile from ready, a lone 5 Dots can become a wait on it (draw 6 or 9 Bamboo, then wait on 5 Dots or 4 Bamboo).
    ("1B 2B 3B 4B 7B 8B 2C 3C 4C 9C 9C 9C 1D 5D", "1D", "5D"),
    # Several tiles from ready, a hand holding 3 to 7 Dots is likelier to end up waiting on 5 Dots.
    ("2B 4B 6B 3C 6C 7C 1D 5D 8D WW NW GD WD WD", "8D", "5D"),
], ids=["a_tile_from_ready", "far_from_ready"])
def test_decide__a_gambler_keeps_a_lone_five_dots(hand, gambler_throws, plain_throws):
    """The limitmaker keeps a lone 5 Dots and throws another lone tile; without the bonus hand in the ruleset it
    throws the 5 Dots."""
    classic = get_ruleset("classic")
    gambler = EnginePlayer(PEOPLE["limitmaker"], random.Random(1), classic)
    assert gambler.decide(view(hand), discards_of(hand)).tile == parse_tiles(gambler_throws)[0]
    plain = EnginePlayer(PEOPLE["limitmaker"], random.Random(1), _without_golden_cock(classic))
    assert plain.decide(view(hand), discards_of(hand)).tile == parse_tiles(plain_throws)[0]
