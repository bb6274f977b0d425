"""Opponents' concealed hands, sampled to fit what the table has shown: the Master's deals (:mod:`game.ai.search`).

Dealing the unseen tiles at random gives every opponent a hand about as far from ready as a fresh deal (four to
five tiles short), however long the hand has run; the bots and personalities it plays against are one or two tiles
short by the middle of a hand. Play-outs from such deals let the searcher win a race its opponents are not running.
So each opponent's hand is dealt as its play made it:

* a tile kind it discarded, and its neighbours in the suit, are less likely in its hand (a player keeps the tiles
  that work together and throws the lonely ones);
* it then draws as many tiles as it has had turns, and two more for each set it has claimed (a claim is a tile
  picked to fit; at most ``_MAX_STEPS`` in all), from what is left, each time throwing back the tile that leaves
  it nearest ready; the draws stop once the hand is as near ready as the stage of the hand and the sets it has
  shown make likely (``_target``);
* of the tiles that leave it as near ready it throws back the one whose kind and neighbours have the fewest
  copies it cannot see (the tiles thrown or shown on the table are out of play, the searcher's hand is not in its
  sight), as a player does who counts its outs: so its waits gather on live tiles.

Calibrated by ``tools/deal_calibration.py`` (60 hands, seed 902): without the claims' draws a hand that had claimed
was dealt ready about half as often as it truly was (13% against 25% with one set shown), and with the tile thrown
back at random among those that leave the hand as near ready, a ready hand waited on a tile the searcher held less
often than the true ones did (5.3% against 7.5%). A tile the searcher held completed an opponent's sampled hand
1.2% of the time against 3.3% with the true hands (three efficient bots; three experts: 1.5% against 2.7%); now
2.6% against 3.5% (2.9% against 2.3%: an expert who has claimed is a little farther from ready than the deals make
it).

The rest of the unseen tiles, shuffled, is the wall. Only what the player's view shows is used; the randomness is
the caller's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.analysis import missing_tiles, shanten_after_discards
from game.core.tiles import NUM_KINDS, counts_of
from game.core.view import PlayerView

_DISCARDED = 0.1
"""How much likelier a kind an opponent never threw is in its hand than one it threw."""
_NEIGHBOUR = (0.5, 0.75)
"""The same for a suit tile one, or two, steps from one it threw."""
_MELD_STEP = 0.6
"""How much nearer ready (in tiles) a hand is for each set it has shown, at the same turns (see ``_target``)."""
_MELD_DRAWS = 2
"""Draws more that shape a hand for each set it has shown."""
_MAX_STEPS = 12
"""Draws at most that shape one opponent's sampled hand (each costs a shanten look-up per kind held)."""


def _target(turns: int, melds: int = 0) -> float:
    """How many tiles short an opponent's hand likely is after ``turns`` of its own turns with ``melds`` sets shown
    (measured for four efficient bots in the classic ruleset: about 4.6 short at the deal, 2.7 after four turns,
    1.9 after eight, 1.2 after twelve; a hand that has claimed is nearer, by about ``_MELD_STEP`` a set)."""
    base = 4.6 - 0.45 * turns if turns <= 4 else 2.7 - 0.2 * (turns - 4)
    return max(1.2, base - _MELD_STEP * melds)


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
        self.out_of_play = [v - c for v, c in zip(view.visible_counts(), counts_of(view.concealed), strict=True)]
        """Copies of each kind thrown or shown on the table: what an opponent sees besides its own hand."""
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
        target = _target(turns, 4 - sets)
        for _ in range(min(turns + _MELD_DRAWS * (4 - sets), _MAX_STEPS)):
            if short <= target or not any(pool):
                break
            tile = _draw(pool, weight, rng)
            pool[tile] -= 1
            hand[tile] += 1
            after = shanten_after_discards(hand, 4 - sets, chows=self.chows)
            low = min(after.values())
            best = [t for t, v in after.items() if v == low]
            if len(best) > 1:
                best = self._most_outs(hand, best)
            thrown = best[rng.randrange(len(best))] if len(best) > 1 else best[0]
            hand[thrown] -= 1
            pool[thrown] += 1
            short = low + 1

    def _most_outs(self, hand: list[int], best: list[int]) -> list[int]:
        """Among discards that each leave ``hand`` as near ready, those whose tile has the fewest copies its player
        cannot see (neither on the table nor in its own hand) of itself and its neighbours: the tile whose
        neighbourhood is most nearly dead goes, so the hand's waits gather on live tiles."""
        live = [4 - self.out_of_play[k] - hand[k] for k in range(NUM_KINDS)]
        outs = {}
        for t in best:
            if t >= 27:
                outs[t] = live[t]
            else:
                base = t - t % 9
                outs[t] = sum(live[k] for k in range(max(base, t - 2), min(base + 8, t + 2) + 1))
        least = min(outs.values())
        return [t for t in best if outs[t] == least]


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
