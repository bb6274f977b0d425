"""The Master's deals (game/ai/sampler.py): the opponents' hands it plays out fit what the table has shown."""

from __future__ import annotations

import random

from game.ai.sampler import Sampler
from game.core.analysis import missing_tiles
from game.core.tiles import NUM_KINDS, counts_of
from tests.builders import t, view

_ORDER = ("1:EW 2:NW 3:SW 1:9B 2:1C 3:RD 1:4D 2:WW 3:GD 1:9C 2:1B 3:NW 1:4D 2:7B 3:WW 1:5D 2:2B 3:1D "
          "1:6D 2:8D 3:9D 1:3D 2:SW 3:EW")
"""Eight turns of each opponent: seat 1 threw the 3 to 6 of Dots (two 4s among them)."""


def _late_view():
    discards = {s: " ".join(item.split(":")[1] for item in _ORDER.split() if item.startswith(f"{s}:"))
                for s in (1, 2, 3)}
    return view("1C 2C 3C 5C 6C 7C 2B 3B 4B 6B 7B RD RD", order=_ORDER, tiles_left=40,
                opponents={s: {"discards": discards[s]} for s in (1, 2, 3)})


def test_sampled_deals__never_hold_a_tile_the_player_has_seen_four_times() -> None:
    """Each kind's copies in the opponents' sampled hands and the wall, added to those in sight, are never more than
    four; a kind seen four times (the 4 of Dots: two thrown, two held here) is in no sampled hand or wall."""
    position = view("4D 4D 1C 2C 3C 5C 6C 7C 2B 3B 4B RD RD", order="1:4D 2:4D 3:9B", tiles_left=50,
                    opponents={1: {"discards": "4D"}, 2: {"discards": "4D"}, 3: {"discards": "9B"}})
    visible = position.visible_counts()
    assert visible[t("4D")] == 4
    sampler = Sampler(position, [1, 2, 3])
    rng = random.Random(5)
    for _ in range(200):
        deal = sampler.deal(rng)
        assert [sum(hand) for hand in deal.hands] == [13, 13, 13] and len(deal.wall) == 50
        dealt = [sum(hand[k] for hand in deal.hands) + deal.wall.count(k) for k in range(NUM_KINDS)]
        assert all(visible[k] + dealt[k] <= 4 for k in range(NUM_KINDS))
        assert dealt[t("4D")] == 0


def test_sampled_deals__the_same_seed_gives_the_same_deals() -> None:
    sampler = Sampler(_late_view(), [1, 2, 3])
    first = [(d.hands, d.wall) for d in (sampler.deal(random.Random(9)) for _ in range(3))]
    second = [(d.hands, d.wall) for d in (sampler.deal(random.Random(9)) for _ in range(3))]
    assert first == second


def test_sampled_deals__a_suit_run_an_opponent_threw_is_seldom_in_its_hand() -> None:
    """Seat 1 threw the 3, 4, 5 and 6 of Dots: those and their neighbours are rarer in its sampled hands than in
    those of seat 2, who threw none of them."""
    sampler = Sampler(_late_view(), [1, 2, 3])
    rng = random.Random(3)
    dots = [t(code) for code in ("2D", "3D", "4D", "5D", "6D", "7D")]
    held = [0, 0]
    for _ in range(400):
        deal = sampler.deal(rng)
        held[0] += sum(deal.hands[0][k] for k in dots)
        held[1] += sum(deal.hands[1][k] for k in dots)
    assert held[0] * 2 < held[1]


def test_sampled_deals__late_in_the_hand_opponents_are_near_ready() -> None:
    """After eight turns each, the opponents' sampled hands are about two tiles short of Mah Jongg, as the players'
    hands are by then, not four to five as a random deal of the unseen tiles would make them."""
    position = _late_view()
    sampler = Sampler(position, [1, 2, 3])
    rng = random.Random(7)
    short = [missing_tiles(hand, 4) for _ in range(100) for hand in sampler.deal(rng).hands]
    visible = position.visible_counts()
    unseen = [k for k in range(NUM_KINDS) for _ in range(4 - visible[k])]
    random_short = []
    for _ in range(300):
        rng.shuffle(unseen)
        random_short.append(missing_tiles(counts_of(unseen[:13]), 4))
    assert sum(short) / len(short) < 3.0 < sum(random_short) / len(random_short)
