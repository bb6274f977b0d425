"""Statistics of a matchup: rates with Wilson intervals, means with normal intervals, percentiles, and the
figures a report row shows."""

from __future__ import annotations

import hashlib
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from tools.aireport.play import Tally

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

    @property
    def hands_per_second(self) -> float:
        """Hands played per CPU-second of the processes that played them (warm-up and loading not counted)."""
        return self.hands / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


def figures(tally: Tally) -> Figures:
    n = max(1, tally.hands)
    # Three opponent seats play every hand. Their Wilson interval over 3 × hands treats the seats as independent;
    # at most one of them deals in a hand, so they are not, and the interval errs on the wide side.
    seat_hands = 3 * tally.hands
    digest = hashlib.sha256("".join(tally.hashes).encode()).hexdigest()[:16]
    return Figures(
        hands=tally.hands,
        win=tally.wins / n, win_ci=wilson(tally.wins, tally.hands),
        deal_in=tally.deal_ins / n, deal_in_ci=wilson(tally.deal_ins, tally.hands),
        opponent_deal_in=tally.opponent_deal_ins / max(1, seat_hands),
        opponent_deal_in_ci=wilson(tally.opponent_deal_ins, seat_hands),
        call_rate=tally.hands_with_call / n, call_ci=wilson(tally.hands_with_call, tally.hands),
        calls_per_hand=tally.calls / n,
        special_share=tally.special_wins / max(1, tally.wins), special_ci=wilson(tally.special_wins, tally.wins),
        win_score=statistics.fmean(tally.win_scores) if tally.win_scores else 0.0,
        net=mean_interval(tally.nets), draws=tally.draws / n, draws_ci=wilson(tally.draws, tally.hands),
        ms_p99=percentile(tally.decision_ms, 0.99), ms_max=max(tally.decision_ms, default=0.0),
        cpu_seconds=tally.cpu_seconds, illegal=tally.illegal, log_hash=digest, error=tally.error,
    )


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def ci(interval: tuple[float, float]) -> str:
    return f"{100 * interval[0]:.1f}–{100 * interval[1]:.1f}"


def goal_mark(ok: bool) -> str:
    return "met" if ok else "**missed**"
