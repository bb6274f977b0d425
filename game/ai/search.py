"""Look-ahead at decision time for the Master: play each close candidate out over sampled deals.

The engine's weights (:mod:`game.ai.engine`) choose a discard; when another discard scores nearly as well, the
search plays both out to the end of the hand over the same sampled deals: the tiles the player cannot see dealt
at random to the opponents' hands and the wall, then every seat played by a quick policy (fewest tiles from
ready, the loneliest tile first; pungs and chows that bring a hand nearer claimed; Mah Jongg taken whenever it
comes). A candidate replaces the engine's choice only when it wins clearly more of the paired play-outs (a sign
test), so the search never trades a sound choice for noise.

Only what the player's view shows is used, and the work is fixed (a number of deals, not a time), so the same
seed gives the same game. The search applies where the ruleset lets any complete regular hand go out: no minimum
to go out, no special hands required, no jokers (ruleset facts, so a mod ruleset gets it too); elsewhere the
engine's choice stands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.analysis import missing_tiles, shanten_after_discards
from game.core.ruleset import Ruleset
from game.core.tiles import JOKER, NUM_KINDS, counts_of
from game.core.view import PlayerView

DEALS = 40
"""Sampled deals at full search (the ``search`` knob at 1): sized so a decision stays within ~150 ms."""
_MAX_STEPS = 64
"""Discards a play-out runs at most before it counts as nobody's win (late hands end sooner)."""
_Z = 1.0
"""How sure the paired play-outs must be before a candidate replaces the engine's choice (sign test, in σ)."""


def applies(ruleset: Ruleset | None) -> bool:
    """Whether sampled play-outs model the ruleset: any complete regular hand goes out, and no jokers."""
    if ruleset is None:
        return True
    play = ruleset.play
    return (ruleset.min_doubles <= 0 and ruleset.min_points <= 0 and not ruleset.special_hands_required
            and play.jokers == 0 and not play.goulash_wild)


def _loneliness(counts: list[int], t: int) -> int:
    if t >= 27:
        return counts[t]
    base = t - t % 9
    return sum(counts[x] for x in range(max(base, t - 2), min(base + 8, t + 2) + 1))


class Lookahead:
    """Paired play-outs of candidate discards for one player; ``deals`` sampled deals per decision."""

    def __init__(self, ruleset: Ruleset | None, rng: random.Random, deals: int) -> None:
        play = getattr(ruleset, "play", None)
        self.chows = bool(getattr(play, "chows_allowed", True))
        self.chow_from_any = bool(getattr(play, "chow_from_any", False))
        self.rng = rng
        self.deals = deals
        self.searches = 0

    def choose(self, view: PlayerView, tiles: Sequence[int], engine_choice: int) -> int:
        """The discard among ``tiles`` (the engine's ``engine_choice`` first) that wins most play-outs, if clearly;
        else the engine's choice."""
        others = [t for t in tiles if t != engine_choice]
        if not others or JOKER in view.concealed:
            return engine_choice
        self.searches += 1
        counts = counts_of(view.concealed)
        n_melds = len(view.me.melds)
        visible = view.visible_counts()
        unseen = [t for t in range(NUM_KINDS) for _ in range(max(0, 4 - visible[t]))]
        seats = [s for s in ((view.seat + k) % 4 for k in (1, 2, 3)) if s != view.empty_seat]
        sizes = [view.players[s].concealed_count for s in seats]
        melds = [n_melds, *(len(view.players[s].melds) for s in seats)]
        if sum(sizes) > len(unseen):
            return engine_choice
        rng = random.Random(self.rng.getrandbits(32))
        candidates = [engine_choice, *others]
        wins = [0] * len(candidates)
        better = [0] * len(candidates)  # paired: deals the candidate won and the engine's choice lost
        worse = [0] * len(candidates)
        for _ in range(self.deals):
            rng.shuffle(unseen)
            hands, start = [], 0
            for size in sizes:
                hand = [0] * NUM_KINDS
                for t in unseen[start:start + size]:
                    hand[t] += 1
                hands.append(hand)
                start += size
            wall = unseen[start:start + view.tiles_left]
            seed = rng.getrandbits(32)
            outcomes = []
            for tile in candidates:
                mine = list(counts)
                mine[tile] -= 1
                won = self._play_out([mine, *(list(h) for h in hands)], list(melds), list(wall), tile,
                                     random.Random(seed))
                outcomes.append(won)
            for i, won in enumerate(outcomes):
                wins[i] += won
                if i:
                    better[i] += won and not outcomes[0]
                    worse[i] += outcomes[0] and not won
        best = 0
        for i in range(1, len(candidates)):
            discordant = better[i] + worse[i]
            if discordant and better[i] - worse[i] >= _Z * discordant ** 0.5 and wins[i] > wins[best]:
                best = i
        return candidates[best]

    def _play_out(self, hands: list[list[int]], melds: list[int], wall: list[int], tile: int,
                  rng: random.Random) -> bool:
        """Play on from seat 0's discard of ``tile`` (seats 0, 1… in playing order, three or four of them);
        whether seat 0 goes out."""
        chows = self.chows
        n = len(hands)
        after = range(1, n)
        missing = [missing_tiles(hand, 4 - n, chows=chows) for hand, n in zip(hands, melds, strict=True)]
        seat = 0
        for _ in range(_MAX_STEPS):
            for k in after:  # Mah Jongg on the discard: the nearest in playing order first
                other = (seat + k) % n
                hand = hands[other]
                if missing[other] == 1 and hand[tile] < 4:
                    hand[tile] += 1
                    if missing_tiles(hand, 4 - melds[other], chows=chows) == 0:
                        return other == 0
                    hand[tile] -= 1
            claimer = self._claim(hands, melds, missing, seat, tile)
            if claimer is None:
                seat = (seat + 1) % n
                if not wall:
                    return False
                drawn = wall.pop()
                hand = hands[seat]
                hand[drawn] += 1
                if missing[seat] == 1 and missing_tiles(hand, 4 - melds[seat], chows=chows) == 0:
                    return seat == 0
            else:
                seat = claimer
            hand = hands[seat]
            tile, left = self._discard(hand, melds[seat], rng)
            hand[tile] -= 1
            missing[seat] = left
        return False

    def _claim(self, hands: list[list[int]], melds: list[int], missing: list[int], seat: int,
               tile: int) -> int | None:
        """The seat that claims ``tile`` for a pung (any seat) or a chow (the next, or any where the ruleset
        allows) when the set leaves its hand fewer tiles short; its hand then holds the set's tiles out."""
        chows = self.chows
        n = len(hands)
        for k in range(1, n):
            other = (seat + k) % n
            hand = hands[other]
            if hand[tile] >= 2 and melds[other] < 4:
                hand[tile] -= 2
                if missing_tiles(hand, 3 - melds[other], chows=chows) < missing[other]:
                    melds[other] += 1
                    return other
                hand[tile] += 2
        if not chows or tile >= 27:
            return None
        low = tile - tile % 9
        for k in (range(1, n) if self.chow_from_any else (1,)):
            other = (seat + k) % n
            hand = hands[other]
            if melds[other] >= 4:
                continue
            for a in (tile - 2, tile - 1, tile):
                if a < low or a + 2 > low + 8:
                    continue
                run = [x for x in (a, a + 1, a + 2) if x != tile]
                if not (hand[run[0]] and hand[run[1]]):
                    continue
                hand[run[0]] -= 1
                hand[run[1]] -= 1
                if missing_tiles(hand, 3 - melds[other], chows=True) < missing[other]:
                    melds[other] += 1
                    return other
                hand[run[0]] += 1
                hand[run[1]] += 1
        return None

    def _discard(self, hand: list[int], n_melds: int, rng: random.Random) -> tuple[int, int]:
        """The quick policy's discard and the missing tiles it leaves: fewest, then the loneliest tile."""
        after = shanten_after_discards(hand, n_melds, chows=self.chows)
        low = min(after.values())
        best = [t for t, v in after.items() if v == low]
        if len(best) > 1:
            best.sort(key=lambda t: (_loneliness(hand, t), rng.random()))
        return best[0], low + 1
