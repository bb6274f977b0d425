"""Statistics of a matchup: rates with Wilson intervals, means with normal intervals, percentiles, and the
figures a report row shows."""

from __future__ import annotations

import hashlib
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from tools.aireport.play import Counts, Tally

Z95 = 1.959964


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (low, high), both 0–1."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    if not values:
        return 0.0, 0.0, 0.0
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass
class Record(Counts):
    """A matchup's tally boiled down to the counts and summaries the report shows, as the results store keeps it
    (:mod:`tools.aireport.store`): rates and their intervals are worked out again from the counts, so a row read
    back from the store renders exactly as it did when it was played."""

    win_score: float = 0.0
    """Mean score of its wins."""
    net: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """Mean net score per hand and its 95% interval."""
    decisions: int = 0
    ms_p99: float = 0.0
    ms_max: float = 0.0
    log_hash: str = ""
    error: str = ""
    commit: str = ""
    """The commit the matchup was played at (``+changes`` when the worktree had uncommitted changes)."""
    played: str = ""
    """When it was played: an ISO 8601 UTC time."""

    @classmethod
    def of(cls, tally: Tally, commit: str = "", played: str = "") -> Record:
        return cls(
            **tally.counts(), win_score=statistics.fmean(tally.win_scores) if tally.win_scores else 0.0,
            net=mean_interval(tally.nets), decisions=len(tally.decision_ms),
            ms_p99=percentile(tally.decision_ms, 0.99), ms_max=max(tally.decision_ms, default=0.0),
            log_hash=hashlib.sha256("".join(tally.hashes).encode()).hexdigest()[:16], error=tally.error,
            commit=commit, played=played)


@dataclass(frozen=True)
class Figures:
    """The numbers of one matchup, as reported."""

    hands: int
    win: float
    win_ci: tuple[float, float]
    deal_in: float
    deal_in_ci: tuple[float, float]
    opponent_deal_in: float
    """Per opponent seat: the share of an opponent's hands in which its discard gave someone Mah Jongg."""
    opponent_deal_in_ci: tuple[float, float]
    call_rate: float
    call_ci: tuple[float, float]
    calls_per_hand: float
    special_share: float
    special_ci: tuple[float, float]
    win_score: float
    net: tuple[float, float, float]
    draws: float
    draws_ci: tuple[float, float]
    ms_p99: float
    ms_max: float
    cpu_seconds: float
    illegal: int
    log_hash: str
    error: str
    commit: str = ""
    played: str = ""

    @property
    def hands_per_second(self) -> float:
        """Hands played per CPU-second of the processes that played them (warm-up and loading not counted)."""
        return self.hands / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


def figures(source: Tally | Record) -> Figures:
    """The reported figures of a matchup, from its tally or from its record in the results store."""
    r = source if isinstance(source, Record) else Record.of(source)
    n = max(1, r.hands)
    # Three opponent seats (two at a three-player table) play every hand. Their Wilson interval over 3 × hands
    # treats the seats as independent; at most one of them deals in a hand, so they are not, and the interval errs
    # on the wide side.
    seat_hands = r.opponents * r.hands
    return Figures(
        hands=r.hands,
        win=r.wins / n, win_ci=wilson(r.wins, r.hands),
        deal_in=r.deal_ins / n, deal_in_ci=wilson(r.deal_ins, r.hands),
        opponent_deal_in=r.opponent_deal_ins / max(1, seat_hands),
        opponent_deal_in_ci=wilson(r.opponent_deal_ins, seat_hands),
        call_rate=r.hands_with_call / n, call_ci=wilson(r.hands_with_call, r.hands),
        calls_per_hand=r.calls / n,
        special_share=r.special_wins / max(1, r.wins), special_ci=wilson(r.special_wins, r.wins),
        win_score=r.win_score, net=r.net, draws=r.draws / n, draws_ci=wilson(r.draws, r.hands),
        ms_p99=r.ms_p99, ms_max=r.ms_max, cpu_seconds=r.cpu_seconds, illegal=r.illegal, log_hash=r.log_hash,
        error=r.error, commit=r.commit, played=r.played,
    )


def stamp_note(x: Figures, newest: tuple[str, str]) -> str:
    """`` (played <date> at <commit>)`` for figures played at another commit or on another day than the newest
    row of the report (``newest``: its commit and date), else nothing."""
    if (x.commit, x.played[:10]) == newest:
        return ""
    return f" (played {x.played[:10] or 'on an unknown day'} at {x.commit or 'an unknown commit'})"


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def ci(interval: tuple[float, float]) -> str:
    return f"{100 * interval[0]:.1f}–{100 * interval[1]:.1f}"


def goal_mark(ok: bool | None) -> str:
    """A goal's verdict: met, missed, or not measured (``None``: its matchups were never played)."""
    return "not measured" if ok is None else "met" if ok else "**missed**"


def unmeasured(goal: str) -> tuple[str, str, None]:
    """The row of a goal none of whose matchups has been played: nothing measured, its verdict "not measured"."""
    return goal, "—", None
