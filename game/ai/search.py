"""Look-ahead at decision time for the Master: play each close candidate out over sampled deals.

The engine's weights (:mod:`game.ai.engine`) choose a discard, or whether to claim a discard; when another discard
scores nearly as well, or a pung or chow is on offer, the search plays the choices out to the end of the hand over
the same sampled deals: the tiles the player cannot see dealt to the opponents' hands as their discards and turns
make likely (:mod:`game.ai.sampler`), the rest to the wall, then every seat played by a quick policy (fewest
tiles from ready, the loneliest tile first, a drawn tile that helps nothing thrown straight back; pungs and chows
that bring a hand nearer claimed; Mah Jongg taken whenever it comes). A choice replaces the engine's only when it
wins clearly more of the paired play-outs (a sign test), so the search never trades a sound choice for noise;
halfway through the deals, the choices not ahead of the engine's are dropped, so the work goes to the close calls.
Between discards that each leave a ready hand the deals are not played out: the hand waits on the tiles likelier to
come in them (:mod:`game.ai.supply`), a count that tells waits apart far more surely than a few wins and losses.

Only what the player's view shows is used, and the work is fixed (a number of deals, not a time), so the same
seed gives the same game. The search applies where the ruleset lets any complete regular hand go out: no minimum
to go out, no special hands required, no jokers (ruleset facts, so a mod ruleset gets it too); elsewhere the
engine's choice stands.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from game.ai.sampler import Sampler
from game.ai.supply import coming, goes_out
from game.core.actions import Action, Claim
from game.core.analysis import missing_tiles, shanten_after_discards, waits
from game.core.ruleset import Ruleset
from game.core.tiles import JOKER, counts_of, minus
from game.core.view import PlayerView

DEALS = 64
"""Sampled deals at full search (the ``search`` knob at 1), of which the second half goes only to the branches still
in the running: sized so a decision stays within ~150 ms."""
TIME_CAP = 0.3
"""Seconds of this thread's CPU time after which a search stops dealing, whatever it has played: a safety net for a
slow machine only. The work is counted in deals, so that the same seed gives the same game; a decision that
reaches the cap (p99 is well under half of it) may differ from run to run."""
_MAX_STEPS = 64
"""Discards a play-out runs at most before it counts as nobody's win (late hands end sooner)."""
_Z = 1.0
"""How sure the paired play-outs must be before a candidate replaces the engine's choice (sign test, in σ)."""


_Start = tuple[list[int], int, int, "int | None", bool]
"""Where a branch's play-out starts: the searcher's hand, the seat that discards, the tile discarded (-1: the
searcher has just claimed a set and discards by the quick policy), the seat barred from claiming that discard
(the searcher, who passed), and whether the searcher has just claimed."""


def applies(ruleset: Ruleset | None) -> bool:
    """Whether sampled play-outs model the ruleset: any complete regular hand goes out, and no jokers."""
    if ruleset is None:
        return True
    play = ruleset.play
    return (ruleset.min_doubles <= 0 and ruleset.min_points <= 0 and not ruleset.special_hands_required
            and play.jokers == 0 and not play.goulash_wild)


def _others(view: PlayerView) -> list[int]:
    """The other seats that play, in playing order from the searcher's (a three-handed game's empty seat left out):
    the play-outs' seats 1, 2…"""
    return [s for s in ((view.seat + k) % 4 for k in (1, 2, 3)) if s != view.empty_seat]


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
        self.dealt = 0
        """Sampled deals played out so far, over every search (the work done, which the time cap may cut)."""

    def choose(self, view: PlayerView, tiles: Sequence[int], engine_choice: int) -> int:
        """The discard among ``tiles`` (the engine's ``engine_choice`` first) that wins most play-outs, if clearly;
        else the engine's choice. Where the engine's choice leaves a ready hand, the ready hand with the likelier
        waits (:meth:`_likeliest_wait`)."""
        candidates = [engine_choice, *(t for t in tiles if t != engine_choice)]
        if len(candidates) < 2:
            return engine_choice
        counts = counts_of(view.concealed)
        n_melds = len(view.me.melds)
        after = {} if JOKER in view.concealed else shanten_after_discards(counts, n_melds, chows=self.chows)
        if after.get(engine_choice) == 0:
            # Ready after the engine's choice: only another ready hand may replace it (the play-outs' few wins
            # and losses broke ready hands for noise), and the one with the likelier waits does.
            ready = [t for t in candidates if after.get(t) == 0]
            if len(ready) < 2:
                return engine_choice
            wanted = [waits(minus(counts, t), n_melds, chows=self.chows) for t in ready]
            return ready[self._likeliest_wait(view, ready, wanted)]

        def branch(index: int) -> _Start:
            mine = list(counts)
            mine[candidates[index]] -= 1
            return mine, 0, candidates[index], None, False

        return candidates[self._compare(view, len(candidates), branch)]

    def claim(self, view: PlayerView, options: Sequence[Action], engine_choice: Action) -> Action:
        """Between passing and the pungs and chows in ``options`` (the engine's ``engine_choice`` first): the one
        that wins most play-outs, if clearly; else the engine's choice. A claimed set is followed by the quick
        policy's discard; after a pass the discard may still go to another seat's claim."""
        choices = [engine_choice, *(a for a in options if a != engine_choice)]
        if len(choices) < 2 or view.last_discard is None:
            return engine_choice
        counts = counts_of(view.concealed)
        discarder = [view.seat, *_others(view)].index(view.last_discard[0])
        tile = view.last_discard[1]

        def branch(index: int) -> _Start:
            action = choices[index]
            if not isinstance(action, Claim):
                return list(counts), discarder, tile, 0, False
            mine = list(counts)
            for t in action.tiles:
                mine[t] -= 1
            return mine, 0, -1, None, True

        return choices[self._compare(view, len(choices), branch)]

    def _likeliest_wait(self, view: PlayerView, discards: Sequence[int], waits_of: list[list[int]]) -> int:
        """Between discards that each leave a ready hand (the engine's choice first): the one whose waits are
        clearly likelier to come, copies in the wall or spare in an opponent's hand (:mod:`game.ai.supply`), over
        the same sampled deals for each (a paired test against the engine's choice); else 0. A discard that
        completes an opponent's hand in a deal counts no copies there (the hand ends, as with a dead wait).
        Whether a wait comes is a count over the deal, not the single win or loss of a play-out, so the same
        deals tell waits apart far more surely."""
        seats = _others(view)
        sampler = Sampler(view, seats, chows=self.chows)
        if not sampler.possible():
            return 0
        self.searches += 1
        rng = random.Random(self.rng.getrandbits(32))
        kinds = set().union(*waits_of)
        n = len(waits_of)
        diff = [0.0] * n  # paired: the branch's copies to come less the engine's choice's, summed, and squared
        square = [0.0] * n
        started = time.thread_time()
        deals = 0
        for _ in range(self.deals):
            if time.thread_time() - started > TIME_CAP:
                break
            self.dealt += 1
            deals += 1
            dealt = sampler.deal(rng)
            got = coming(dealt, sampler.sets, kinds, chows=self.chows)
            counts = [0 if goes_out(dealt, sampler.sets, tile, chows=self.chows) else sum(got[k] for k in w)
                      for tile, w in zip(discards, waits_of, strict=True)]
            for i in range(1, n):
                d = counts[i] - counts[0]
                diff[i] += d
                square[i] += d * d
        if not deals:
            return 0
        best, lead = 0, 0.0
        for i in range(1, n):
            mean = diff[i] / deals
            spread = max(0.0, square[i] / deals - mean * mean) ** 0.5
            if mean > lead and mean >= _Z * spread / deals ** 0.5:
                best, lead = i, mean
        return best

    def _compare(self, view: PlayerView, n: int, branch: Callable[[int], _Start]) -> int:
        """Play every branch out over the same sampled deals; the index of the one that clearly wins most (a sign
        test against branch 0, the engine's choice), else 0."""
        if JOKER in view.concealed:
            return 0
        n_melds = len(view.me.melds)
        seats = _others(view)
        sampler = Sampler(view, seats, chows=self.chows)
        melds = [n_melds, *(len(view.players[s].melds) for s in seats)]
        if not sampler.possible():
            return 0
        self.searches += 1
        rng = random.Random(self.rng.getrandbits(32))
        starts = [branch(i) for i in range(n)]
        wins = [0] * n
        better = [0] * n  # paired: deals the branch won and the engine's choice lost
        worse = [0] * n
        alive = list(range(n))
        started = time.thread_time()
        for deal in range(self.deals):
            if time.thread_time() - started > TIME_CAP:
                break
            if deal == self.deals // 2:
                # Halfway, a branch that has not won more of the paired deals than the engine's choice is dropped:
                # the second half goes to the close calls (and none is left when the engine's choice leads).
                alive = [0, *(i for i in alive[1:] if better[i] > worse[i])]
                if len(alive) == 1:
                    break
            self.dealt += 1
            dealt = sampler.deal(rng)
            hands, wall = dealt.hands, dealt.wall
            seed = rng.getrandbits(32)
            outcomes = {}
            for i in alive:
                mine, seat, tile, barred, claimed = starts[i]
                play = random.Random(seed)
                table = [list(mine), *(list(h) for h in hands)]
                sets = list(melds)
                if claimed:  # a claimed set: the claimer discards at once
                    sets[0] += 1
                    tile, _ = self._discard(table[0], sets[0], play)
                    table[0][tile] -= 1
                outcomes[i] = self._play_out(table, sets, list(wall), seat, tile, barred, play)
            for i, won in outcomes.items():
                wins[i] += won
                if i:
                    better[i] += won and not outcomes[0]
                    worse[i] += outcomes[0] and not won
        best = 0
        for i in alive[1:]:
            discordant = better[i] + worse[i]
            if discordant and better[i] - worse[i] >= _Z * discordant ** 0.5 and wins[i] > wins[best]:
                best = i
        return best

    def _play_out(self, hands: list[list[int]], melds: list[int], wall: list[int], seat: int, tile: int,
                  barred: int | None, rng: random.Random) -> bool:
        """Play on from seat ``seat``'s discard of ``tile`` (seats 0, 1… in playing order, three or four of them, 0
        the searcher; seat ``barred`` may not claim that first discard); whether seat 0 goes out."""
        chows = self.chows
        n = len(hands)
        assert 0 <= seat < n, "the play-out's seats are those that play, the empty seat of a three-handed game left out"
        after = range(1, n)
        missing = [missing_tiles(hand, 4 - sets, chows=chows) for hand, sets in zip(hands, melds, strict=True)]
        for _ in range(_MAX_STEPS):
            for k in after:  # Mah Jongg on the discard: the nearest in playing order first
                other = (seat + k) % n
                hand = hands[other]
                if missing[other] == 1 and hand[tile] < 4 and other != barred:
                    hand[tile] += 1
                    if missing_tiles(hand, 4 - melds[other], chows=chows) == 0:
                        return other == 0
                    hand[tile] -= 1
            claimer = self._claim(hands, melds, missing, seat, tile, barred)
            barred = None
            if claimer is None:
                seat = (seat + 1) % n
                if not wall:
                    return False
                drawn = wall.pop()
                hand = hands[seat]
                hand[drawn] += 1
                short = missing_tiles(hand, 4 - melds[seat], chows=chows)
                if short == 0:
                    return seat == 0
                if short >= missing[seat]:
                    # A drawn tile that brings the hand no nearer goes straight back out: as near as any discard
                    # leaves it, and a play-out's time goes to the draws that matter.
                    hand[drawn] -= 1
                    tile = drawn
                    continue
            else:
                seat = claimer
            hand = hands[seat]
            tile, left = self._discard(hand, melds[seat], rng)
            hand[tile] -= 1
            missing[seat] = left
        return False

    def _claim(self, hands: list[list[int]], melds: list[int], missing: list[int], seat: int,
               tile: int, barred: int | None = None) -> int | None:
        """The seat that claims ``tile`` for a pung (any seat) or a chow (the next, or any where the ruleset
        allows) when the set leaves its hand fewer tiles short; its hand then holds the set's tiles out."""
        chows = self.chows
        n = len(hands)
        for k in range(1, n):
            other = (seat + k) % n
            hand = hands[other]
            if hand[tile] >= 2 and melds[other] < 4 and other != barred:
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
            if melds[other] >= 4 or other == barred:
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
