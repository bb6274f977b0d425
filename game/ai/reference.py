"""The ``efficient`` reference bot (B2 of the AI notes): the greedy bot plus a useful-tile tie-break.

Among the discards that leave the fewest tiles from ready it keeps the one with the most live useful tiles
(counted against every tile it can see). It claims, declares kongs and stands like the greedy bot. It is a
yardstick for measurement, never offered as an opponent.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.bots import GreedyBot
from game.core.actions import Action, Claim, DeclareKong, Discard, MahJongg
from game.core.analysis import shanten, useful_tiles
from game.core.tiles import NUM_KINDS, counts_of
from game.core.view import PlayerView


class EfficientBot:
    """Fewest tiles from ready, then most live useful tiles."""

    id = "efficient"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._greedy = GreedyBot(rng)

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Win when possible; on its own turn discard by shanten then useful tiles; claim like ``greedy``."""
        for action in legal:
            if isinstance(action, MahJongg) or (isinstance(action, Claim) and action.type == "mah_jongg"):
                return action
        if view.phase != "turn" or view.current != view.seat:
            return self._greedy.decide(view, legal)
        kongs = [a for a in legal if isinstance(a, DeclareKong)]
        if kongs:
            return kongs[0]
        counts = counts_of(view.concealed)
        n_melds = len(view.me.melds)
        discards = [a for a in legal if isinstance(a, Discard) and a.tile < NUM_KINDS]
        if not discards or sum(counts) != 3 * (4 - n_melds) + 2:
            return self._greedy.decide(view, legal)
        visible = view.visible_counts()
        best_key, best = None, None
        for action in discards:
            after = list(counts)
            after[action.tile] -= 1
            distance = shanten(after, n_melds)
            live = sum(max(0, 4 - visible[t]) for t in useful_tiles(after, n_melds)) if distance >= 0 else 0
            key = (distance, -live, not action.standing, action.tile)
            if best_key is None or key < best_key:
                best_key, best = key, action
        return best if best is not None else legal[0]
