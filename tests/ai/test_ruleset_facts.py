"""Computer players read the ruleset's facts, never its id: a mod ruleset that is a bundled one under another name
gets the same play, down to every action (issue 28)."""

from __future__ import annotations

import dataclasses
import random

from game.ai import create_player
from game.autoplay import play_hand
from game.core.match import Match
from game.core.scoring import RulesetJudge
from game.mods import rules_for


def _actions(ruleset, judge, hands: int = 2) -> list[tuple[int, str]]:
    """Every action of ``hands`` seeded hands of four personalities, as (seat, action) in order."""
    rng = random.Random(28)
    players = [create_player(pid, rng=random.Random(rng.getrandbits(32)), ruleset=ruleset)
               for pid in ("expert", "defensive", "limitmaker", "beginner")]
    match = Match(ruleset.play, judge, 2028)
    taken: list[tuple[int, str]] = []
    for _ in range(hands):
        table = match.new_hand()
        play_hand(table, players, on_step=lambda seat, action: taken.append((seat, repr(action))))
        match.finish_hand(table)
    return taken


def test_a_renamed_copy_of_a_ruleset_is_played_alike():
    for bundled, hands in (("british", 2), ("western-specials", 1)):  # a minimum to go out; special hands only
        ruleset, judge = rules_for(bundled)
        house = dataclasses.replace(ruleset, id=f"house-{bundled}", name="House rules")
        assert _actions(house, RulesetJudge(house), hands) == _actions(ruleset, judge, hands), bundled
