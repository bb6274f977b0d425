"""Where only special hands go out (Western (Special Hands Only)), the first claim a computer player weighs after its
turn measures the hand its discard left against its plan: the turn worked that hand out already when it weighed
the discard, and where every form of the chased hand is counted the claim reads it from there. It must be the very
target (distance and tiles wanted) that working it out afresh gives, or a claim decision would change."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.engine import EnginePlayer
from game.cli.simulate import simulate
from game.core.melds import Meld, MeldKind
from game.core.patterns import Env
from game.core.special_distance import batch_of, counted_whole, special_target
from game.core.tiles import counts_of, minus, parse_tiles, tile_code
from game.mods import get_ruleset
from tests.builders import chaser, view
from tests.tiers import examples

SPECIALS = get_ruleset("western-specials")
SHAPED = tuple(h for h in SPECIALS.special_hands if h.allowed and h.has_shape)
WALL = [t for t in range(34) for _ in range(4)]


def _afresh(player: EnginePlayer, counts, melds, env: Env, jokers: int, budget: int = 500):
    """What _plan_target tells of ``counts`` with nothing remembered: the chased hand's nearest form within reach."""
    hand = player._plan.hand
    reach = player._plan.best + 2
    target = special_target(hand, counts, melds, env, budget=budget, max_distance=reach, jokers=jokers,
                            search=player._search, batch=player._hand_batches.get(hand.id))
    return (reach + 1, None) if target is None else (target.distance, target)


@settings(max_examples=examples(400), deadline=None)
@given(wall=st.permutations(WALL), hand=st.sampled_from(SHAPED), best=st.integers(-1, 8), jokers=st.integers(0, 2),
       declared=st.sampled_from((None, MeldKind.PUNG, MeldKind.KONG, MeldKind.CHOW)), exposed=st.booleans(),
       chow=st.sampled_from([9 * suit + n for suit in range(3) for n in range(7)]),
       seat_wind=st.integers(0, 3), round_wind=st.integers(0, 3), budget=st.sampled_from((60, 200)))
def test_plan_target__the_hand_a_weighed_discard_leaves_is_told_as_afresh(
        wall, hand, best, jokers, declared, exposed, chow, seat_wind, round_wind, budget):
    melds = ()
    if declared is MeldKind.CHOW:
        melds = (Meld(declared, (chow, chow + 1, chow + 2), True, claimed_tile=chow),)
    elif declared is not None:
        tiles = (wall[-1],) * (4 if declared is MeldKind.KONG else 3)
        melds = (Meld(declared, tiles, exposed, claimed_tile=wall[-1] if exposed else None),)
    counts = counts_of(wall[:14 - jokers - 3 * len(melds)])
    player = chaser(SPECIALS, "expert", hand.id, best)
    player._jokers = jokers
    v = dataclasses.replace(view(" ".join(tile_code(t) for t in wall[:13])), seat_wind=seat_wind,
                            round_wind=round_wind)
    env = player._env(v)
    # (the turn's discards weighed, or a claim's: those after a declared set take a smaller budget)
    player._after_discards(counts, len(melds), melds, v, budget=budget)
    for d in range(34):
        if counts[d]:
            left = minus(counts, d)
            assert player._plan_target(left, len(melds), melds, v) == _afresh(player, left, melds, env, jokers), d


def test_plan_target__the_claims_of_real_games_read_the_turns_targets_as_afresh(monkeypatch):
    """Four experts and the other personalities play hands: each claim's target (read from the turn or worked out)
    is the one worked out afresh, and most first claims after a turn read it from the turn."""
    read, asked = [], []
    plain_left = EnginePlayer._left_by_discard
    plain_target = EnginePlayer._plan_target

    def left_by_discard(self, hand, situation, counts):
        found = plain_left(self, hand, situation, counts)
        read.append(bool(found))
        return found

    def plan_target(self, counts, n_melds, melds, view, budget=500, jokers=None):
        found = plain_target(self, counts, n_melds, melds, view, budget, jokers)
        if self._plan.hand is not None:
            asked.append(found)
            assert found == _afresh(self, counts, melds, self._env(view),
                                    self._jokers if jokers is None else jokers, budget)
        return found

    monkeypatch.setattr(EnginePlayer, "_left_by_discard", left_by_discard)
    monkeypatch.setattr(EnginePlayer, "_plan_target", plan_target)
    simulate("western-specials", 3, 7, ["expert"] * 4)
    simulate("western-specials", 2, 8, ["beginner", "defensive", "expert", "limitmaker"])
    assert len(asked) > 40
    assert sum(read) > 20


def test_counted_whole__only_a_hand_whose_every_possible_form_is_counted():
    by_id = {h.id: h for h in SHAPED}
    env = Env()
    assert counted_whole(by_id["dragons_tail_exposed"], (), env, batch_of((by_id["dragons_tail_exposed"],)))
    assert counted_whole(by_id["big_three_dragons"], (), env, batch_of((by_id["big_three_dragons"],)))
    # The knitted hands, All Honours and All Kong are searched, not counted: their answers may hang on a budget.
    for uncounted in ("knitting", "triple_knitting", "all_honors", "all_kong"):
        assert not counted_whole(by_id[uncounted], (), env, batch_of((by_id[uncounted],))), uncounted
    # A declared set rules out the forms it cannot be part of: those left are counted with the set.
    pung = (Meld(MeldKind.PUNG, (31, 31, 31), True, claimed_tile=31),)
    assert counted_whole(by_id["big_three_dragons"], pung, env, batch_of((by_id["big_three_dragons"],)))


def test_plan_target__a_searched_hand_is_worked_out_afresh():
    """All Kong is searched, not counted: the whole hand's search, on a claim's small budget, ran out before it
    found the form five tiles away that the claim's own search finds, so the hand a discard leaves is not read
    from it."""
    tiles = "2B 7B 7B 2C 4C 4C 4C 5C 5C 1D 1D 9D"
    counts = counts_of(parse_tiles(tiles))
    player = chaser(SPECIALS, "expert", "all_kong", 3)
    player._jokers = 2
    v = view(tiles)
    player._after_discards(counts, 0, (), v, budget=60)
    left = minus(counts, parse_tiles("9D")[0])
    afresh = _afresh(player, left, (), player._env(v), 2)
    assert afresh[0] == 5
    assert player._plan_target(left, 0, (), v) == afresh
