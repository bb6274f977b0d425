"""Where only special hands go out (Western (Special Hands Only)): the special hand a computer player chases,
and the tiles it passes on in the Charleston."""

from __future__ import annotations

import random
from itertools import combinations

from game.ai.engine import EnginePlayer
from game.ai.specials import completion_chance
from game.core.actions import PassTiles
from game.core.melds import parse_meld
from game.core.patterns import Env
from game.core.special_distance import Target, special_target
from game.core.tiles import counts_of, parse_tiles
from game.mods import get_ruleset
from tests.builders import PEOPLE, discards_of, view

_WINDS_AND_DRAGONS = "EW EW EW SW SW WW WW RD RD GD 1B 9B 5C 9D"
"""Three tiles from All Winds and Dragons (a pung of East, pairs of South, West and Red, a Green)."""


def _specials_player(pid: str = "expert") -> EnginePlayer:
    return EnginePlayer(PEOPLE[pid], random.Random(1), get_ruleset("western-specials"))


def _lacking(player: EnginePlayer, hand: str) -> list[int]:
    """The tiles the nearest form of the special hand ``player`` chases lacks from ``hand``."""
    counts = counts_of(parse_tiles(hand))
    assert player._plan.hand is not None
    target = special_target(player._plan.hand, counts, (), Env())
    assert target is not None
    return [x for x in range(34) if target.need[x] > counts[x]]


def test_plan__only_special_hands__the_expert_aims_at_a_hand_whose_tiles_are_still_unseen():
    """Three tiles from All Winds and Dragons, the expert sets out for it; with every South and West Wind it
    lacks already thrown away, it sets out for another special hand, whose missing tiles can all still come."""
    live = _specials_player()
    live.decide(view(_WINDS_AND_DRAGONS, discard_count=4, tiles_left=90), discards_of(_WINDS_AND_DRAGONS))
    assert live._plan.hand is not None and live._plan.hand.id == "all_winds_and_dragons"

    dead_tiles = "SW SW WW WW"
    dead = _specials_player()
    seen = view(_WINDS_AND_DRAGONS, discard_count=4, tiles_left=90, opponents={1: {"discards": dead_tiles}})
    dead.decide(seen, discards_of(_WINDS_AND_DRAGONS))
    assert dead._plan.hand is not None and dead._plan.hand.id != "all_winds_and_dragons"
    visible = seen.visible_counts()
    assert all(visible[x] < 4 for x in _lacking(dead, _WINDS_AND_DRAGONS))


def test_plan__completion_chance_falls_with_distance_dead_tiles_and_a_short_wall():
    """The chance of completing a special hand: one tile away beats three away, a form lacking tiles all in
    sight is nearly hopeless unless jokers stand in for them, and fewer draws left give less."""
    counts = counts_of(parse_tiles("EW EW EW SW SW WW WW RD RD GD 1B 9B 5C"))
    need = list(counts)
    for code in ("SW", "WW", "RD", "GD"):
        need[parse_tiles(code)[0]] += 1
    target = Target("all_winds_and_dragons", 3, tuple(need))
    near = Target("all_winds_and_dragons", 0, tuple(need))
    live = [4 - n for n in counts]
    chance = completion_chance(target, counts, 0, live, 20, True)
    assert 0.0 < chance < completion_chance(near, counts, 0, live, 20, True) <= 1.0
    assert completion_chance(target, counts, 0, live, 5, True) < chance
    dead = list(live)
    dead[parse_tiles("SW")[0]] = 0
    dead[parse_tiles("WW")[0]] = 0
    assert completion_chance(target, counts, 0, dead, 20, True) < chance / 10
    assert completion_chance(target, counts, 2, dead, 20, True) > chance / 10  # two jokers stand in


def _passed(player: EnginePlayer, hand: str) -> list[int]:
    passable = sorted(x for x in parse_tiles(hand) if x < 34)
    legal = [PassTiles(c) for c in sorted(set(combinations(passable, 3)))]
    choice = player.decide(view(hand, phase="passing", discard_count=0, tiles_left=99), legal)
    assert isinstance(choice, PassTiles) and choice in legal
    return list(choice.tiles)


def test_charleston__only_special_hands__passes_the_tiles_no_near_special_hand_wants():
    """In the Charleston, the expert keeps the winds and dragons of its All Winds and Dragons and passes the
    three lone suit tiles; with a run of Characters and one of each dragon (Dragon's Tail, Grand Sequence) it
    keeps those and passes the odd Bamboo and Dots."""
    assert _passed(_specials_player(), "EW EW EW SW SW WW WW RD RD GD 1B 5C 9D") == parse_tiles("1B 5C 9D")
    assert _passed(_specials_player(), "2C 3C 4C 5C 6C 7C 8C 5B 5D WD RD GD 1B") == parse_tiles("1B 5B 5D")


def test_plan__only_special_hands__a_joker_hand_no_special_hand_fits_still_discards():
    """Three runs shown fit no special hand: with nothing to chase, the expert holding a joker still picks a
    discard (its regular hand read with the joker, as any hand is)."""
    expert = _specials_player()
    hand = "JK 2D 5D EW RD"
    runs = (parse_meld("1B 2B 3B"), parse_meld("4C 5C 6C"), parse_meld("7D 8D 9D"))
    choice = expert.decide(view(hand, melds=runs, discard_count=20, tiles_left=40), discards_of(hand))
    assert expert._plan.hand is None
    assert choice in discards_of("2D 5D EW RD")
