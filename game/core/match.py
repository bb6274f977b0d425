"""A whole game: choosing East, hand after hand, scores, East's rotation and the wind of the round.

East keeps the deal while winning and after a dead hand (L132, L4229); when another player wins, the red stake
passes to the right (L1389). When it comes back to the player who started as East (the "red name"), the wind of
the round advances East → South → West → North (L1393); the game ends when North's round is over (L1401, A24).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard, runtime_checkable

from game.core.events import (
    DealPassed,
    EastChosen,
    Event,
    GameOver,
    HandScored,
    RoundWindChanged,
    Settled,
    SettlementSkipped,
    log_hash,
)
from game.core.frozen import quick_init
from game.core.judge import HandSpec, Judge, WinContext
from game.core.play_rules import PlayRules
from game.core.stacking import PreparedDeal
from game.core.table import Table

ALL_HANDS_VISIBLE = "all_hands_visible"
"""Why a hand was scored but not settled: all hands were visible during it (M13, the client's words)."""

if TYPE_CHECKING:
    from game.core.ruleset import Ruleset
    from game.core.scoring import ScoreResult
    from game.core.settle import Settlement


@runtime_checkable
class ScoringJudge(Judge, Protocol):
    """A judge that also scores and settles hands under its ruleset (``game.core.scoring.RulesetJudge``).

    A match played with a plain :class:`~game.core.judge.Judge` (the regular hand only) deals, plays and rotates
    East, but scores nothing and moves no points.
    """

    ruleset: Ruleset

    def score(self, hand: HandSpec, context: WinContext) -> ScoreResult:
        """The hand's score: the winner's with its winning context, a loser's with ``WinContext(winner=False)``."""
        ...

    def settle(self, *, east: int, winner: int | None, scores: Sequence[int], discarder: int | None = None,
               self_drawn: bool = False, **penalties: Any) -> Settlement:
        """The payments at the end of a hand: its scores, then the penalties named by keyword."""
        ...


_SCORING: dict[type, bool] = {}


def scores_hands(judge: object) -> TypeGuard[ScoringJudge]:
    """``isinstance(judge, ScoringJudge)``, asked once per class of judge: a protocol check looks up every member
    each time (most of a millisecond on Python 3.11, a few per hand, 3% of a simulation), and a class's judges
    either all score or none do."""
    kind = type(judge)
    found = _SCORING.get(kind)
    if found is None:
        found = _SCORING[kind] = isinstance(judge, ScoringJudge)
    return found


@quick_init
@dataclass(frozen=True)
class HandRecord:
    """What a finished hand left in the match's history."""

    hand_number: int
    seed: int
    east: int
    round_wind: int
    winner: int | None
    discarder: int | None
    scores: tuple[int, int, int, int]
    deltas: tuple[int, int, int, int]
    special_hand: str | None
    log_hash: str
    actions: tuple = ()
    """The (seat, action) pairs of the hand, in order: with the seed, all a replay needs."""
    settled: bool = True
    """False when the hand was scored but not settled (all hands were visible)."""
    goulash: bool = False
    """The hand was a goulash (its passes and wild tiles), so a replay deals it as one."""


def choose_east(rng: random.Random, seats: Sequence[int] = (0, 1, 2, 3)
                ) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Every player throws a die; the highest is East; tied players throw again (L1179, A28). ``seats``: the
    seats that play (an empty seat of a three-handed game throws nothing: 0 in its place)."""
    throwing = list(seats)
    rounds = []
    while True:
        throws = {seat: rng.randint(1, 6) for seat in throwing}
        rounds.append(tuple(throws.get(seat, 0) for seat in range(4)))
        best = max(throws.values())
        throwing = [seat for seat in throwing if throws[seat] == best]
        if len(throwing) == 1:
            return throwing[0], tuple(rounds)


def hand_seed(match_seed: int, hand_number: int) -> int:
    """The seed of a hand: fixed by the match seed and the hand's number, so a restarted hand is the same deal."""
    digest = hashlib.sha256(f"sparrow:{match_seed}:{hand_number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Match:
    """A game of (at least) 16 hands between four seats, or 12 between three (the British three-handed game:
    East passes over the empty seat, and a round ends when each of the three has lost as East, L113-L122)."""

    def __init__(self, rules: PlayRules, judge: Judge, seed: int, *, east: int | None = None,
                 prepared: PreparedDeal | None = None) -> None:
        self.rules = rules
        self.prepared = prepared
        """The first hand's prepared deal (a lesson's); later hands are shuffled as always."""
        self.judge = judge
        self.seed = seed
        self.events: list[Event] = []
        self.totals = [rules.start_score] * 4
        self.seats = rules.seats
        if east is None:
            east, throws = choose_east(random.Random(seed), self.seats)
            self.events.append(EastChosen(east, throws))
        self.first_east = east
        self.east = east
        self.round_wind = 0
        self.hand_number = 0
        self.is_over = False
        self.history: list[HandRecord] = []
        self.table: Table | None = None
        self.goulash_next = False
        """The last hand was a wash-out and the ruleset plays a goulash hand after one."""
        self.east_streak = 0
        """Hands in a row the present East has won (for the dealer's extra-hand bonus)."""
        self._before_last: tuple[Any, ...] | None = None
        """The match as it stood before the last hand was finished, for :meth:`take_back_last_hand`."""

    @property
    def can_score(self) -> bool:
        """Whether the judge scores and settles hands (see :class:`ScoringJudge`)."""
        return scores_hands(self.judge)

    def log_hash(self) -> str:
        """A hash of the whole game so far: every finished hand's event log and the match's own events."""
        digest = hashlib.sha256()
        for record in self.history:
            digest.update(record.log_hash.encode())
        digest.update(log_hash(self.events).encode())
        return digest.hexdigest()[:16]

    def new_hand(self) -> Table:
        """Deal the next hand (or the same hand again, if the current one has not finished)."""
        if self.is_over:
            raise ValueError("the game is over")
        if self.table is None or self.table.phase == "over":
            self.hand_number += 1
        self.table = Table(self.rules, self.judge, hand_seed(self.seed, self.hand_number), east=self.east,
                           round_wind=self.round_wind, hand_number=self.hand_number, goulash=self.goulash_next,
                           prepared=self.prepared if self.hand_number == 1 else None)
        return self.table

    def hand_results(self, table: Table) -> list[ScoreResult]:
        """Every player's scored hand: the winner's with the winning context, the losers' as losers, a loser's
        declared ready hand as a way out where the ruleset pays it (British draft rule, ``Ruleset.ready_scores``).

        Raises ``ValueError`` for a hand not over or a judge that does not score (:attr:`can_score`)."""
        result = table.result
        # The table's judge: a goulash hand's judge knows its wild tiles.
        judge = table.judge
        if result is None:
            raise ValueError("the hand is not over")
        if not scores_hands(judge):
            raise ValueError("the match's judge does not score hands")
        won = result.context  # the winner's; a dead hand has none
        contexts = [won if seat == result.winner and won is not None else WinContext(winner=False, ready=p.ready)
                    for seat, p in enumerate(table.players)]
        return [judge.score(table.hand_spec(seat), context) for seat, context in enumerate(contexts)]

    def hand_scores(self, table: Table) -> list[int]:
        """Every player's hand score (see :meth:`hand_results`)."""
        return [scored.score for scored in self.hand_results(table)]

    def finish_hand(self, table: Table, *, settle: bool = True,
                    no_settlement_reason: str = ALL_HANDS_VISIBLE) -> list[Event]:
        """Score and settle a finished hand, then rotate East and the round wind.

        ``settle=False`` scores the hand but moves no points: the classic program does so when all hands were
        visible (F6, L314); ``no_settlement_reason`` is the code the ``SettlementSkipped`` event carries.
        """
        if table.phase != "over" or table.result is None:
            raise ValueError("the hand is not over")
        mark = len(self.events)
        self._before_last = (mark, list(self.totals), self.east, self.round_wind, self.is_over, self.goulash_next,
                             self.east_streak)
        result = table.result
        scores = (0, 0, 0, 0)
        deltas = (0, 0, 0, 0)
        winner_special: str | None = None
        if self.can_score:
            if result.winner is not None:
                scored = self.hand_results(table)
                scores = _four([s.score for s in scored])
                winner_special = scored[result.winner].special_hand_id
                self.events.append(HandScored(scores, result.winner))
            if settle:
                deltas = self._settle(table, scores, winner_special)
            elif result.winner is not None:
                self.events.append(SettlementSkipped(no_settlement_reason))
        special = result.shape.special_hand if result.shape else None
        self.history.append(HandRecord(table.hand_number, table.seed, self.east, self.round_wind, result.winner,
                                       result.from_seat, scores, deltas, special, log_hash(table.events),
                                       tuple(table.actions), settle, table.goulash))
        self.goulash_next = result.winner is None and result.faulty_out is None and bool(self.rules.goulash)
        self.east_streak = self.east_streak + 1 if result.winner == self.east else 0
        self._rotate(result.winner, passes=result.faulty_out is not None or self._dealer_paid_the_limit())
        return self.events[mark:]

    def _settle(self, table: Table, scores: tuple[int, ...], winner_special: str | None
                ) -> tuple[int, int, int, int]:
        """Settle the hand under the ruleset: the hand scores, riichi deposits, ready hands after a draw and the
        dealer's extra-hand bonus; emit ``Settled`` when anything moves (or somebody won). ``winner_special``: the
        special hand the winner scored, for one worth more than the limit."""
        result = table.result
        judge = self.judge
        assert result is not None and scores_hands(judge), "finish_hand settles scored, finished hands"
        players = table.players
        streak = self.east_streak + 1 if result.winner == self.east else 0
        draw = result.winner is None and result.faulty_out is None
        settlement = judge.settle(
            east=self.east, winner=result.winner, scores=list(scores), discarder=result.from_seat,
            self_drawn=result.won_by in ("wall", "loose_tile"), dealer_wins=streak,
            faulty_out_by=result.faulty_out, faulty_claim_counts=[p.faulty_claims for p in players],
            riichi=[s for s, p in enumerate(players) if p.riichi_declared],
            # A ready hand is one tile short; after a draw no declaration is needed to be paid for it (L1765).
            ready=[s for s in self.seats if table.waits(s)] if draw else [],
            five_last_tiles_by=result.from_seat if result.late_unseen_discard else None,
            nine_tiles_by=result.one_suit_feeder,
            # A special hand worth more than the limit (a double limit) is paid at its value.
            special_hand=winner_special,
            cannon_by=result.liable,
        )
        deltas = _four(settlement.deltas)
        if result.winner is not None or any(deltas):
            for seat in range(4):
                self.totals[seat] += deltas[seat]
            payments = tuple((p.from_seat, p.to_seat, p.amount) for p in settlement.payments)
            self.events.append(Settled(deltas, payments, _four(self.totals)))
        return deltas

    def take_back_last_hand(self) -> None:
        """Undo :meth:`finish_hand` for the last hand: its result leaves the history, the totals, East and the
        wind of the round are as before it, and :meth:`new_hand` deals the same hand again (its seed is fixed by
        its number). "Replay this deal", counted: the replay's result takes the original's place (P-47)."""
        if self._before_last is None or not self.history:
            raise ValueError("no finished hand to take back")
        mark, totals, self.east, self.round_wind, self.is_over, self.goulash_next, self.east_streak = \
            self._before_last
        self._before_last = None
        self.totals = totals
        del self.events[mark:]
        self.history.pop()
        self.hand_number -= 1
        self.table = None

    def _dealer_paid_the_limit(self) -> bool:
        """East's win in a row that pays the limit instead of the extra-hand bonus passes the deal (A7)."""
        if not scores_hands(self.judge):
            return False
        penalties = self.judge.ruleset.penalties
        return bool(penalties and penalties.dealer_bonus and penalties.dealer_limit_win
                    and self.east_streak >= penalties.dealer_limit_win)

    def _rotate(self, winner: int | None, passes: bool = False) -> None:
        r = self.rules
        if passes:
            keeps = False
        elif winner is None:
            keeps = r.east_keeps_deal_on_draw
        elif winner == self.east:
            keeps = r.east_keeps_deal_on_win
        else:
            keeps = False
        if keeps:
            return
        self.east = (self.east + 1) % 4
        if self.east not in self.seats:  # the Dummy is never East (L115)
            self.east = (self.east + 1) % 4
        self.events.append(DealPassed(self.east))
        if self.east == self.first_east:
            self.round_wind += 1
            if self.round_wind >= r.rounds:
                self.is_over = True
                best = max(self.seats, key=lambda s: (self.totals[s], -((s - self.first_east) % 4)))
                self.events.append(GameOver(_four(self.totals), best))
            else:
                self.events.append(RoundWindChanged(self.round_wind))


def _four(values: Sequence[int]) -> tuple[int, int, int, int]:
    """One number per seat, as the events carry them."""
    east, south, west, north = values
    return east, south, west, north
