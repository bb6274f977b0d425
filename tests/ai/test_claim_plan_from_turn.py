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
from game.core.tiles import JOKER, counts_of, minus, parse_tiles, tile_code
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


@settings(max_examples=examples(400), deadline=None)
@given(wall=st.permutations(WALL), hand=st.sampled_from(SHAPED), best=st.integers(-1, 12), jokers=st.integers(0, 3),
       declared=st.sampled_from((None, MeldKind.PUNG, MeldKind.CHOW)),
       chow=st.sampled_from([9 * suit + n for suit in range(3) for n in range(7)]))
def test_brings_no_nearer__never_where_a_claim_leaves_the_hand_nearer(wall, hand, best, jokers, declared, chow):
    """A claim is turned down unweighed only where it is not weighed nearer than the hand before it (its set
    declared and its best discard made): the distance it is weighed at is never below the bound."""
    melds = ()
    if declared is MeldKind.CHOW:
        melds = (Meld(declared, (chow, chow + 1, chow + 2), True, claimed_tile=chow),)
    elif declared is not None:
        melds = (Meld(declared, (wall[-1],) * 3, True, claimed_tile=wall[-1]),)
    held = wall[:13 - jokers - 3 * len(melds)]
    counts = counts_of(held)
    tile = wall[13]
    player = chaser(SPECIALS, "expert", hand.id, best)
    player._jokers = jokers
    v = view(" ".join(tile_code(t) for t in held))
    speeds = []
    for size, kind in ((2, MeldKind.PUNG), (3, MeldKind.KONG)):
        for natural in range(min(size, counts[tile]) + 1):
            if natural + jokers < size:
                continue
            after = list(counts)
            after[tile] -= natural
            left = jokers - (size - natural)
            set_tiles = tuple(sorted((tile,) * (natural + 1) + (JOKER,) * (size - natural)))
            new_melds = (*melds, Meld(kind, set_tiles, True, claimed_tile=tile))
            if kind is MeldKind.KONG:
                speeds.append((size - natural, player._speed(after, len(new_melds), new_melds, v, jokers=left)))
            else:
                found = player._after_discards(after, len(new_melds), new_melds, v, budget=60, jokers=left)
                speeds.append((size - natural, min((s for s, _ in found.values()), default=99)))
    if tile < 27 and tile % 9 <= 6 and counts[tile + 1] and counts[tile + 2]:
        after = minus(minus(counts, tile + 1), tile + 2)
        new_melds = (*melds, Meld(MeldKind.CHOW, (tile, tile + 1, tile + 2), True, claimed_tile=tile))
        found = player._after_discards(after, len(new_melds), new_melds, v, budget=60, jokers=jokers)
        speeds.append((0, min(s for s, _ in found.values())))
    for set_jokers, speed in speeds:
        # (a hand as far as the claim leaves it, or farther, may not be told that the claim brings it no nearer)
        assert not player._brings_no_nearer(counts, tile, set_jokers, melds, v, speed + 1), set_jokers


def test_claim__the_claims_turned_down_unweighed_are_those_weighing_turns_down(monkeypatch):
    """Hands of real games play the same with the claims that bring no nearer weighed in full."""
    personalities = ["beginner", "defensive", "expert", "limitmaker"]
    quick = [simulate("western-specials", 3, seed, ["expert"] * 4)["log_hash"] for seed in (7, 11)]
    quick.append(simulate("western-specials", 2, 8, personalities)["log_hash"])
    monkeypatch.setattr(EnginePlayer, "_brings_no_nearer", lambda *args: False)
    plain = [simulate("western-specials", 3, seed, ["expert"] * 4)["log_hash"] for seed in (7, 11)]
    plain.append(simulate("western-specials", 2, 8, personalities)["log_hash"])
    assert quick == plain


def test_brings_no_nearer__a_set_of_jokers_counts_as_its_tile():
    """Heavenly Gates (exposed), a tile of 1 Bamboo held with three jokers: a pung of 1 Bamboo claimed with two of
    them leaves the 1 Bamboo held for the hand's odd tile and the third joker for its pung of 9s, three tiles from
    ready; counted with the jokers held the hand with the tile added is four away (each pung keeps a natural tile,
    so both 1s go to the pung). The set is bounded as three natural tiles of its kind, as a declared set counts."""
    held = "9B WW 5B WW GD 4B 1B 6B 9B WW"  # (and three jokers)
    counts = counts_of(parse_tiles(held))
    player = chaser(SPECIALS, "expert", "heavenly_gates_exposed", 4)
    player._jokers = 3
    v = view(held)
    one = parse_tiles("1B")[0]
    now = player._speed(counts, 0, (), v)
    pung = (Meld(MeldKind.PUNG, (one, JOKER, JOKER), True, claimed_tile=one),)
    speeds = player._after_discards(counts, 1, pung, v, budget=60, jokers=1)
    assert (now, min(s for s, _ in speeds.values())) == (4, 3)
    assert not player._brings_no_nearer(counts, one, 2, (), v, now)
