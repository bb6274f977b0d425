"""The judges' fast ``waits`` agree with trying every tile, for regular and special hands alike."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.judge import HandSpec, RegularJudge, WinContext
from game.core.melds import parse_meld
from game.core.tiles import NUM_KINDS, parse_tiles, tiles_of
from tests.scoring_builders import SPECIAL_HAND_CASES, classic_judge
from tests.tiers import examples


def _brute_force(judge, hand):
    held = [0] * NUM_KINDS
    for t in hand.concealed:
        held[t] += 1
    for m in hand.melds:
        for t in m.tiles:
            held[t] += 1
    return [t for t in range(NUM_KINDS) if held[t] < 4 and judge.mah_jongg(
        HandSpec((*hand.concealed, t), hand.melds, hand.bonus, hand.seat_wind, hand.round_wind),
        WinContext(True, t, "discard"))]


def _special_hands_one_short():
    """Every classic special-hand example with one tile taken out: 13-tile hands that wait on special hands."""
    hands = []
    for case_id, (seat, round_wind, concealed, melds, *_rest) in SPECIAL_HAND_CASES.items():
        tiles = parse_tiles(concealed)
        built = tuple(parse_meld(m) for m in melds)
        if len(tiles) + 3 * len(built) != 14:
            continue
        for drop in sorted(set(tiles)):
            rest = list(tiles)
            rest.remove(drop)
            hands.append(pytest.param(HandSpec(tuple(rest), built, (), "ESWN".index(seat), "ESWN".index(round_wind)),
                                      id=f"{case_id}-{drop}"))
    return hands


@pytest.mark.parametrize("hand", _special_hands_one_short())
def test_waits__special_hands_one_tile_short(hand):
    """Ready special hands (Thirteen Odd Majors, Lanterns, Imperial…) wait on exactly the tiles that complete them."""
    judge = classic_judge()
    assert judge.waits(hand) == _brute_force(judge, hand)


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(0, 2**32))
def test_waits__random_near_ready_hands(seed):
    """Hands built from four sets and a pair minus one tile: fast and exhaustive waits agree."""
    rng = random.Random(seed)
    counts = [0] * NUM_KINDS
    for _ in range(4):
        if rng.random() < 0.5:
            t = rng.randrange(27)
            t -= t % 9 % 7 if t % 9 > 6 else 0
            if t % 9 <= 6 and all(counts[t + k] < 4 for k in range(3)):
                for k in range(3):
                    counts[t + k] += 1
                continue
        t = rng.randrange(NUM_KINDS)
        if counts[t] <= 1:
            counts[t] += 3
    t = rng.randrange(NUM_KINDS)
    if counts[t] <= 2:
        counts[t] += 2
    tiles = tiles_of(counts)
    tiles.remove(rng.choice(tiles))
    hand = HandSpec(tuple(tiles[:13]))
    if len(hand.concealed) != 13:
        return
    for judge in (classic_judge(), RegularJudge()):
        assert judge.waits(hand) == _brute_force(judge, hand)


@settings(max_examples=examples(80), deadline=None)
@given(st.integers(0, 2**32))
def test_waits__ready_discards_match_waits_after_each_discard(seed):
    """The 14-tile shortcut finds exactly the discards that leave a ready hand, with the same waits."""
    rng = random.Random(seed)
    tiles = [t for t in range(NUM_KINDS) for _ in range(4)]
    rng.shuffle(tiles)
    base = sorted(tiles[:9])
    for t in base[:3]:  # lean towards near-ready hands
        base.append(t)
    hand14 = HandSpec(tuple(sorted(base + tiles[9:11]))[:14])
    for judge in (classic_judge(), RegularJudge()):
        expected = {}
        for d in sorted(set(hand14.concealed)):
            rest = list(hand14.concealed)
            rest.remove(d)
            waits = judge.waits(HandSpec(tuple(rest)))
            if waits:
                expected[d] = waits
        assert judge.ready_discards(hand14) == expected


@pytest.mark.parametrize("hand", _special_hands_one_short()[::7])
def test_waits__ready_discards_see_special_hands(hand):
    """A special hand one tile short plus any extra tile is found ready after throwing the extra tile back."""
    judge = classic_judge()
    extra = next(t for t in range(NUM_KINDS) if hand.concealed.count(t) < 3)
    hand14 = HandSpec((*hand.concealed, extra), hand.melds, (), hand.seat_wind, hand.round_wind)
    ready = judge.ready_discards(hand14)
    if judge.waits(hand):
        assert ready.get(extra) == judge.waits(hand)
