"""Reference bots, kept for measurement (never shown to players as opponents).

* ``random``: any legal action, uniformly.
* ``greedy``: always wins when it can; discards to the fewest tiles from ready, any of the equally near ones at
  random; claims when that brings it closer to ready; declares kongs (a free loose tile); passes its loneliest
  tiles in a Charleston.

``efficient`` (in :mod:`game.ai.reference`) is the third reference bot.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.ai.base import Player
from game.core.actions import Action, Claim, DeclareKong, Discard, MahJongg, Pass, PassTiles
from game.core.analysis import shanten, shanten_after_discards
from game.core.tiles import JOKER, NUM_KINDS, counts_of, is_suit
from game.core.view import PlayerView


class RandomBot:
    """Chooses uniformly among the legal actions."""

    id = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


def isolation(counts: Sequence[int], tile: int) -> int:
    """How many tiles near ``tile`` (same suit, distance ≤ 2) the hand holds; honours count only copies."""
    if not is_suit(tile):
        return counts[tile] - 1
    base = tile - tile % 9
    return sum(counts[t] for t in range(max(base, tile - 2), min(base + 8, tile + 2) + 1)) - 1


class GreedyBot:
    """Fewest tiles from ready, by regular-hand shanten."""

    id = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        # One pass over the legal actions sorts them by kind (a turn offers a dozen discards).
        discards: list[Discard] = []
        claims: list[Claim] = []
        kongs: list[DeclareKong] = []
        passes: list[PassTiles] = []
        for action in legal:
            if isinstance(action, Discard):
                discards.append(action)
            elif isinstance(action, Claim):
                if action.type == "mah_jongg":
                    return action
                claims.append(action)
            elif isinstance(action, MahJongg):
                return action
            elif isinstance(action, DeclareKong):
                kongs.append(action)
            elif isinstance(action, PassTiles):
                passes.append(action)
        n_melds = len(view.me.melds)
        counts = counts_of(view.concealed)
        if JOKER in view.concealed:  # the shanten tables know no jokers: keep them, build pungs around them
            return self._with_jokers(counts, legal)
        if passes:  # pass on the loneliest tiles
            return min(passes, key=lambda a: (sum(isolation(counts, t) for t in a.tiles), a.tiles))
        if view.phase == "turn":
            if kongs:
                return kongs[0]
            if not discards:
                return legal[0]
            best = self._best_discards(counts, n_melds, discards, shanten_after_discards)
            standing = [a for a in best if a.standing]
            if standing:
                return standing[0]
            # Ties are broken at random, as the AI notes define their B1 bot (§5.1): the goals of issue 7 are
            # measured against it. (A loneliest-tile tie-break made it nearly as strong as ``efficient``.)
            return self.rng.choice(sorted(best, key=lambda a: a.tile))
        if not claims or view.last_discard is None:
            return Pass()
        now = shanten(counts, n_melds)
        best_claim, best_value = None, now
        for claim in claims:
            after = list(counts)
            for t in claim.tiles:
                after[t] -= 1
            if claim.type == "kong":
                value = shanten(after, n_melds + 1)  # the loose tile comes before the discard
            else:
                value = min(shanten_after_discards(after, n_melds + 1).values())
            if value < best_value:
                best_claim, best_value = claim, value
        return best_claim or Pass()

    @staticmethod
    def _with_jokers(counts: list[int], legal: Sequence[Action]) -> Action:
        for kind in (DeclareKong, Claim):
            for action in legal:
                if isinstance(action, kind) and getattr(action, "type", "kong") in ("kong", "pung"):
                    return action
        passes = [a for a in legal if isinstance(a, PassTiles)]
        if passes:
            return min(passes, key=lambda a: (sum(isolation(counts, t) for t in a.tiles), a.tiles))
        discards = [a for a in legal if isinstance(a, Discard) and a.tile != JOKER and not a.standing]
        if discards:
            return min(discards, key=lambda a: (isolation(counts, a.tile) if a.tile < NUM_KINDS else -9, a.tile))
        return Pass() if Pass() in legal else legal[0]

    @staticmethod
    def _best_discards(counts: list[int], n_melds: int, discards: list[Discard],
                       after_discards: Callable[[list[int], int], dict[int, int]]) -> list[Discard]:
        after = after_discards(counts, n_melds)
        scores = [after.get(a.tile, 99) for a in discards]  # a tile the counts do not hold is no playing tile
        low = min(scores)
        return [a for score, a in zip(scores, discards, strict=True) if score == low]


REFERENCE_BOTS: dict[str, Callable[[random.Random], Player]] = {"random": RandomBot, "greedy": GreedyBot}
