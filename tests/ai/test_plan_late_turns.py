"""A player not chasing a special hand sets out for one only early in the hand (an expert by its third discard, a
limitmaker by its twelfth): past that, it works out nothing for its plan; a hand already chased is still
weighed on every turn."""

from __future__ import annotations

import random

from game.ai.engine import EnginePlayer
from game.core.tiles import counts_of, parse_tiles
from game.mods import get_ruleset
from tests.builders import PEOPLE, chaser, view

BRITISH = get_ruleset("british")
HAND = "RD RD RD GD GD GD WD WD EW EW 5C 9D SW NW"  # nearer All Honours than most regular hands
TWELVE = "1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C"


def _planned(player: EnginePlayer, discards: str) -> EnginePlayer:
    player._update_plan(view(HAND, opponents={0: {"discards": discards}}), counts_of(parse_tiles(HAND)), ())
    return player


def _limitmaker() -> EnginePlayer:
    return EnginePlayer(PEOPLE["limitmaker"], random.Random(1), BRITISH)


def test_update_plan__a_limitmaker_sets_out_by_its_twelfth_discard():
    plan = _planned(_limitmaker(), TWELVE)._plan
    assert plan.hand is not None and plan.hand.id == "all_honours"


def test_update_plan__not_after_it():
    assert _planned(_limitmaker(), TWELVE + " 4C")._plan.hand is None


def test_update_plan__a_hand_chased_is_weighed_late_too():
    plan = _planned(chaser(BRITISH, "limitmaker", "all_honours", 0), TWELVE + " 4C 5C 6C")._plan
    assert plan.hand is not None and plan.stalled == 1  # no nearer than its best so far
