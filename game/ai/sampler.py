"""Opponents' concealed hands, sampled to fit what the table has shown: the Master's deals (:mod:`game.ai.search`).

Dealing the unseen tiles at random gives every opponent a hand about as far from ready as a fresh deal (four to
five tiles short), however long the hand has run; the bots and personalities it plays against are one or two tiles
short by the middle of a hand. Play-outs from such deals let the searcher win a race its opponents are not running.
So each opponent's hand is dealt as its play made it:

* a tile kind it discarded, and its neighbours in the suit, are less likely in its hand (a player keeps the tiles
  that work together and throws the lonely ones);
* it then draws as many tiles as it has had turns (at most ``_MAX_STEPS``), from what is left, each time throwing
  back the tile that leaves it nearest ready; the draws stop once the hand is as near ready as the stage of the
  hand makes likely (``_target``).

The rest of the unseen tiles, shuffled, is the wall. Only what the player's view shows is used; the randomness is
the caller's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.analysis import missing_tiles, shanten_after_discards
from game.core.tiles import NUM_KINDS
from game.core.view import PlayerView

_DISCARDED = 0.1
"""How much likelier a kind an opponent never threw is in its hand than one it threw."""
_NEIGHBOUR = (0.5, 0.75)
"""The same for a suit tile one, or two, steps from one it threw."""
_MAX_STEPS = 12
"""Draws at most that shape one opponent's sampled hand (each costs a shanten look-up per kind held)."""


def _target(turns: int) -> float:
    """How many tiles short an opponent's hand likely is after ``turns`` of its own turns (measured for four
    efficient bots in the classic ruleset: about 4.6 short at the deal, 2.7 after four turns, 1.9 after eight,
    1.2 after twelve)."""
    return max(1.2, 4.6 - 0.45 * turns) if turns <= 4 else max(1.2, 2.7 - 0.2 * (turns - 4))


def weights(discards: Sequence[int]) -> list[float]:
    """How likely each tile kind is in the hand of a player who threw ``discards``, relative to one it did not
    throw near."""
    found = [1.0] * NUM_KINDS
    for tile in set(discards):
        if tile >= NUM_KINDS:
            continue
        found[tile] *= _DISCARDED
        if tile < 27:
            low, high = tile - tile % 9, tile - tile % 9 + 8
            for step, factor in enumerate(_NEIGHBOUR, start=1):
                for near in (tile - step, tile + step):
                    if low <= near <= high:
                        found[near] *= factor
    return found


class Deal:
    """One sampled deal: each opponent's concealed counts (in the order asked for) and the wall."""

    __slots__ = ("hands", "wall")

    def __init__(self, hands: list[list[int]], wall: list[int]) -> None:
        self.hands = hands
        self.wall = wall


class Sampler:
    """Deals of the tiles one player cannot see, fitted to the opponents' discards (see the module's notes)."""

    def __init__(self, view: PlayerView, seats: Sequence[int], *, chows: bool = True) -> None:
        self.pool = view.unseen_counts()
        """Unseen copies of each kind: the tiles the deals share out."""
        self.chows = chows
        self.tiles_left = view.tiles_left
        thrown: dict[int, list[int]] = {s: [] for s in seats}
        for seat, tile in view.discard_order:
            if seat in thrown:
                thrown[seat].append(tile)
        self.seats = list(seats)
        self.sizes = [view.players[s].concealed_count for s in seats]
        self.sets = [4 - len(view.players[s].melds) for s in seats]
        self.weights = [weights(thrown[s]) for s in seats]
        self.turns = [len(thrown[s]) for s in seats]

    def possible(self) -> bool:
        """Whether the unseen tiles are enough for the opponents' hands."""
        return sum(self.sizes) <= sum(self.pool)

    def deal(self, rng: random.Random) -> Deal:
        """One deal: the opponents' hands (shaped by their discards and their turns), then the wall."""
        pool = list(self.pool)
        hands = []
        for size, sets, weight, turns in zip(self.sizes, self.sets, self.weights, self.turns, strict=True):
            hand = [0] * NUM_KINDS
            for _ in range(size):
                tile = _draw(pool, weight, rng)
                pool[tile] -= 1
                hand[tile] += 1
            self._shape(hand, sets, pool, weight, turns, rng)
            hands.append(hand)
        wall = [t for t in range(NUM_KINDS) for _ in range(pool[t])]
        rng.shuffle(wall)
        return Deal(hands, wall[:self.tiles_left])

    def _shape(self, hand: list[int], sets: int, pool: list[int], weight: list[float], turns: int,
               rng: random.Random) -> None:
        """Let the hand draw and throw back as its turns would have, until it is as near ready as is likely."""
        size = sum(hand)
        if size != 3 * sets + 1 or sets <= 0:
            return
        short = missing_tiles(hand, sets, chows=self.chows)
        target = _target(turns)
        for _ in range(min(turns, _MAX_STEPS)):
            if short <= target or not any(pool):
                break
            tile = _draw(pool, weight, rng)
            pool[tile] -= 1
            hand[tile] += 1
            after = shanten_after_discards(hand, 4 - sets, chows=self.chows)
            low = min(after.values())
            best = [t for t, v in after.items() if v == low]
            thrown = best[rng.randrange(len(best))] if len(best) > 1 else best[0]
            hand[thrown] -= 1
            pool[thrown] += 1
            short = low + 1


def _draw(pool: list[int], weight: list[float], rng: random.Random) -> int:
    """A kind from ``pool`` (counts), each copy as likely as its kind's weight says."""
    total = 0.0
    for t in range(NUM_KINDS):
        if pool[t]:
            total += pool[t] * weight[t]
    if total <= 0:
        return next(t for t in range(NUM_KINDS) if pool[t])
    point = rng.random() * total
    for t in range(NUM_KINDS):
        if pool[t]:
            point -= pool[t] * weight[t]
            if point < 0:
                return t
    return next(t for t in reversed(range(NUM_KINDS)) if pool[t])
