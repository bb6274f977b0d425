"""How many copies of each tile kind are likely to come to a player, over the Master's sampled deals.

A tile the player cannot see counts as "live" for the efficient bot and the engine's weights, yet in the middle of
a hand more than half of the unseen tiles sit in the opponents' hands, and most of those are kept: a copy an
opponent holds in a set, a pair or a partial set will not come. What can come is a copy still in the wall (drawn by
the player, or drawn and thrown by an opponent who has no use for it) and a copy an opponent holds but does not
need (it goes out on one of its next turns). Over deals of the unseen tiles fitted to the opponents' discards
(:mod:`game.ai.sampler`), the supply of a kind is the mean of those copies.

Every candidate is weighed over the same deals, so the differences between candidates are not swamped by the
deals' noise; the Master uses it to choose between the waits of a ready hand (:mod:`game.ai.search`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.ai.sampler import Deal
from game.core.analysis import missing_tiles
from game.core.tiles import NUM_KINDS


def spare(hand: list[int], sets: int, kind: int, *, chows: bool = True) -> int:
    """How many copies of ``kind`` the opponent's ``hand`` (``sets`` sets still to make) could throw without
    going further from a complete hand: the copies it has no use for."""
    held = hand[kind]
    if not held:
        return 0
    now = missing_tiles(hand, sets, chows=chows)
    thrown = 0
    while thrown < held:
        hand[kind] -= 1
        worse = missing_tiles(hand, sets, chows=chows) > now
        hand[kind] += 1
        if worse:
            break
        hand[kind] -= 1
        thrown += 1
    hand[kind] += thrown
    return thrown


def coming(deal: Deal, sets: Sequence[int], kinds: Iterable[int], *, chows: bool = True) -> dict[int, int]:
    """For one deal: the copies of each of ``kinds`` that can come (in the wall, or spare in an opponent's hand;
    ``sets``: each opponent's sets still to make, in the deal's order)."""
    wall = [0] * NUM_KINDS
    for t in deal.wall:
        wall[t] += 1
    found = {}
    for kind in kinds:
        total = wall[kind]
        for hand, left in zip(deal.hands, sets, strict=True):
            if hand[kind] and left > 0:
                total += spare(hand, left, kind, chows=chows)
        found[kind] = total
    return found


def goes_out(deal: Deal, sets: Sequence[int], tile: int, *, chows: bool = True) -> bool:
    """Whether ``tile``, discarded, completes an opponent's hand in this deal."""
    for hand, left in zip(deal.hands, sets, strict=True):
        if hand[tile] < 4:
            hand[tile] += 1
            complete = missing_tiles(hand, left, chows=chows) == 0
            hand[tile] -= 1
            if complete:
                return True
    return False
