"""While chasing a special hand, a computer player weighs every discard by how far the hand is from it after
that discard. The special hand is searched once for the whole hand and again only for the tiles its nearest
form uses; the answers must be those of searching every discard on its own."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.engine import EnginePlayer
from game.core.tiles import counts_of, minus, parse_tiles, tile_code
from game.mods import get_ruleset
from tests.builders import chaser, view
from tests.tiers import examples

CLASSIC = get_ruleset("classic")
CHASED = ("great_snake", "buried_treasure", "four_great_siamese_sisters", "thirteen_odd_majors",
          "adopted_sons_wind", "winds_and_dragons")
WALL = [t for t in range(34) for _ in range(4)]
UNLIMITED = 10**7  # node budget no search here reaches, so both ways give exact answers


def _chaser(hand_id: str, best: int) -> EnginePlayer:
    return chaser(CLASSIC, "limitmaker", hand_id, best)


@settings(max_examples=examples(60), deadline=None)
@given(tiles=st.permutations(WALL).map(lambda w: sorted(w[:14])), hand_id=st.sampled_from(CHASED),
       best=st.integers(min_value=0, max_value=8))
def test_after_discards__same_as_searching_each_discard(tiles, hand_id, best):
    player = _chaser(hand_id, best)
    counts = counts_of(tiles)
    v = view(" ".join(tile_code(t) for t in tiles))
    found = player._after_discards(counts, 0, (), v, budget=UNLIMITED)
    assert set(found) == {t for t in range(34) if counts[t]}
    for d, (speed, target) in found.items():
        alone, _ = player._plan_target(minus(counts, d), 0, (), v, budget=UNLIMITED)
        assert speed == alone, (d, speed, alone)
        assert (target is None) == (speed > best + 2)


def test_after_discards__a_tile_the_hand_does_not_use_costs_nothing():
    hand = "1B 2B 3B 4B 5B 6B 7B 8B 9B RD RD RD EW 5C"
    player = _chaser("great_snake", 1)
    counts = counts_of(parse_tiles(hand))
    found = player._after_discards(counts, 0, (), view(hand), budget=UNLIMITED)
    five_chars, five_bamboo = parse_tiles("5C 5B")
    assert found[five_chars][0] == 0  # ready: waiting on a second East Wind for the pair
    assert found[five_bamboo][0] == 1  # the run loses a tile


def _british_hands(searched_all: bool, seed: int, hands: int) -> tuple[list[str], int]:
    """Four experts play ``hands`` British hands; with ``searched_all`` every special hand is searched whatever its
    appeal could be. Returns the hands' log hashes and how many special-hand searches were made."""
    from game.ai import create_player, engine
    from game.autoplay import play_hand
    from game.core.events import log_hash
    from game.core.match import Match
    from game.mods import rules_for

    ruleset, judge = rules_for("british")
    rng = random.Random(seed)
    players = [create_player("expert", rng=random.Random(rng.getrandbits(32)), ruleset=ruleset) for _ in range(4)]
    if searched_all:
        for p in players:
            p._most_appeal = dict.fromkeys(p._most_appeal, math.inf)
    searches = 0
    plain = engine.special_target

    def counted(*args, **kwargs):
        nonlocal searches
        searches += 1
        return plain(*args, **kwargs)

    engine.special_target = counted
    try:
        match, hashes = Match(ruleset.play, judge, seed), []
        for _ in range(hands):
            table = match.new_hand()
            play_hand(table, players)
            match.finish_hand(table)
            hashes.append(log_hash(table.events))
    finally:
        engine.special_target = plain
    return hashes, searches


def test_update_plan__a_special_hand_that_cannot_appeal_enough_is_not_searched():
    """The British expert sets out only for a special hand worth the limit: the others are not searched at all,
    and the hands play out exactly as when every special hand is searched."""
    pruned, few = _british_hands(False, 5, 2)
    full, many = _british_hands(True, 5, 2)
    assert pruned == full
    assert few < many // 3
