"""Playing a matchup: one player under test against three opponents, in chunks of fixed seeds, in parallel.

The player under test moves one seat on every hand (rotating seats), so it is East, South, West and North equally
often. A matchup is cut into chunks of fixed seeds (``seed = 1000 × matchup seed + chunk``) played in parallel
processes; the same matchup gives the same hands and the same log hashes however many processes play it.
"""

from __future__ import annotations

import gc
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, fields

CHUNK = 500
WARM_UP_HANDS = 4  # untimed hands a worker plays first (see _warm_up)


@dataclass(frozen=True)
class Matchup:
    """One player under test against three copies of one opponent, on one ruleset."""

    key: str
    subject: str
    opponent: str
    hands: int
    seed: int
    ruleset: str = "classic"

    @property
    def title(self) -> str:
        from tools.aireport.matchups import opponents

        where = "" if self.ruleset == "classic" else f" ({self.ruleset})"
        return f"{self.subject} vs {opponents(self.ruleset)} {self.opponent}{where}"

    @property
    def weight(self) -> float:
        """Rough cost of a hand relative to one of four greedy bots, to hand out the longest chunks first."""
        cost = {"greedy": 1.0, "random": 1.0, "efficient": 3.0, "master": 30.0}
        return cost.get(self.subject, 6.0) + 3 * cost.get(self.opponent, 6.0)


@dataclass
class Counts:
    """What the player under test did over some hands, counted (the results store keeps these as they are)."""

    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    opponent_deal_ins: int = 0
    """Hands won on a discard by one of the three opponents (at most one a hand, whoever won on it)."""
    hands_with_call: int = 0
    calls: int = 0
    special_wins: int = 0
    """Wins with a special hand or a hand scored at the ruleset's limit (or above it: a double limit)."""
    draws: int = 0
    illegal: int = 0
    cpu_seconds: float = 0.0
    opponents: int = 3
    """Opponent seats at the table: 2 in a three-player ruleset."""

    def counts(self) -> dict[str, int | float]:
        return {f.name: getattr(self, f.name) for f in fields(Counts)}


@dataclass
class Tally(Counts):
    """What the player under test did over some hands: the counts, and every score, decision time and hand hash."""

    win_scores: list[int] = field(default_factory=list)
    nets: list[int] = field(default_factory=list)
    decision_ms: list[float] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    error: str = ""

    def add(self, other: Tally) -> None:
        for f in fields(Counts):
            if f.name != "opponents":
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))
        self.win_scores += other.win_scores
        self.nets += other.nets
        self.decision_ms += other.decision_ms
        self.hashes += other.hashes
        self.error = self.error or other.error
        self.opponents = other.opponents if other.hands else self.opponents


def play_chunk(matchup: Matchup, chunk: int, hands: int) -> Tally:
    """Play ``hands`` hands of one chunk of a matchup; the player under test starts at seat ``chunk % 4``.

    A chunk that cannot be played (a ruleset that does not load, a crash) comes back with ``error`` set, so one
    broken matchup is reported as such instead of losing the whole report.
    """
    try:
        return _play_chunk(matchup, chunk, hands)
    except Exception as exc:  # reported in the table, not hidden
        return Tally(error=f"{type(exc).__name__}: {exc}".splitlines()[0][:300])


class _Timed:
    """A player that records its own thinking time: CPU time of this thread, so a busy machine (other processes
    taking the core for a while) does not make a quick decision look slow."""

    def __init__(self, player) -> None:
        self.player = player
        self.id = player.id
        self.ms: list[float] = []

    def decide(self, view, legal):
        start = time.thread_time()
        action = self.player.decide(view, legal)
        self.ms.append((time.thread_time() - start) * 1000)
        return action


def _play_chunk(matchup: Matchup, chunk: int, hands: int) -> Tally:
    from game.ai import create_player
    from game.autoplay import play_hand
    from game.core.match import Match
    from game.mods import rules_for

    seed = matchup.seed * 1000 + chunk
    ruleset, judge = rules_for(matchup.ruleset)
    _warm_up(matchup, ruleset, judge, seed)
    started = time.process_time()  # play only: loading the ruleset is not simulation time
    rng = random.Random(seed)
    ids = [matchup.subject, matchup.opponent, matchup.opponent, matchup.opponent]
    players = [_Timed(create_player(pid, rng=random.Random(rng.getrandbits(32)), ruleset=ruleset)) for pid in ids]
    tally = Tally(opponents=len(ruleset.play.seats) - 1)
    match = Match(ruleset.play, judge, seed)
    for index in range(hands):
        if match.is_over:
            match = Match(ruleset.play, judge, rng.getrandbits(32))
        playing = ruleset.play.seats  # a three-handed game's empty seat is nobody's
        me = playing[(index + chunk) % len(playing)]  # the seat of the player under test this hand
        seats = [players[(seat - me) % 4] for seat in range(4)]
        table = match.new_hand()
        players[0].ms = []
        stats = play_hand(table, seats)
        match.finish_hand(table)
        record = match.history[-1]
        result = table.result
        tally.hands += 1
        tally.illegal += stats.illegal_actions
        tally.calls += stats.calls[me]
        tally.hands_with_call += stats.calls[me] > 0
        tally.decision_ms += players[0].ms
        tally.nets.append(record.deltas[me])
        tally.hashes.append(record.log_hash)  # finish_hand hashed the hand's log already
        if result.winner is None:
            tally.draws += 1
        elif result.winner == me:
            tally.wins += 1
            tally.win_scores.append(record.scores[me])
            # The AI notes' "special/limit hands": a special hand, or a regular hand the limit capped.
            limited = ruleset.limit is not None and record.scores[me] >= ruleset.limit
            tally.special_wins += record.special_hand is not None or limited
        elif result.from_seat == me and result.won_by == "discard":
            tally.deal_ins += 1
        # Counted apart from the chain above: the subject's own win on an opponent's discard is that opponent's
        # deal-in too. The goal compares the subject with the bots at its own table (AI notes G5).
        if result.winner is not None and result.won_by == "discard" and result.from_seat != me:
            tally.opponent_deal_ins += 1
    tally.cpu_seconds = time.process_time() - started
    return tally


def _warm_up(matchup: Matchup, ruleset, judge, seed: int) -> None:
    """Play a few throwaway hands first, so a fresh worker's imports and filling caches (shanten tables,
    hand arrangements, special-hand searches) are not counted as the first decisions' thinking time.

    The warm-up uses its own seeds and its own players, so the measured hands and their log hashes are the
    same with or without it."""
    from game.ai import create_player
    from game.autoplay import play_hand
    from game.core.match import Match

    rng = random.Random(f"warm-up {seed}")
    ids = [matchup.subject, matchup.opponent, matchup.opponent, matchup.opponent]
    players = [create_player(pid, rng=random.Random(rng.getrandbits(32)), ruleset=ruleset) for pid in ids]
    match = Match(ruleset.play, judge, rng.getrandbits(32))
    for index in range(WARM_UP_HANDS):
        if match.is_over:
            match = Match(ruleset.play, judge, rng.getrandbits(32))
        seats = [players[(seat - index) % 4] for seat in range(4)]
        table = match.new_hand()
        play_hand(table, seats)
        match.finish_hand(table)
    # What the warm-up built (modules, caches) lives for the whole run: keep it out of the collector's sweeps,
    # as a game does after loading, so a full collection during a decision walks only the newer objects.
    gc.collect()
    gc.freeze()


def chunks(matchup: Matchup, hands: int) -> list[tuple[Matchup, int, int]]:
    count = max(1, math.ceil(hands / CHUNK))
    sizes = [hands // count + (1 if i < hands % count else 0) for i in range(count)]
    return [(matchup, i, n) for i, n in enumerate(sizes) if n]


Progress = Callable[[int, int], None]
"""Told (hands done, hands in all) after every chunk."""


def run_matchups(matchups: Sequence[Matchup], hands: int | None, processes: int,
                 progress: Progress | None = None) -> dict[str, Tally]:
    """Play every matchup (``hands`` each when given, else its own count) in ``processes`` processes.

    The costliest chunks go first, so the processes finish together; the chunks are added up in seed order, so
    the results (and the hashes) do not depend on which finished first."""
    jobs = [job for m in matchups for job in chunks(m, hands or m.hands)]
    total = sum(n for _, _, n in jobs)
    done: list[Tally | None] = [None] * len(jobs)
    played = 0
    if processes <= 1:
        for index, job in enumerate(jobs):
            done[index] = play_chunk(*job)
            played += job[2]
            if progress is not None:
                progress(played, total)
    else:
        order = sorted(range(len(jobs)), key=lambda i: -jobs[i][0].weight * jobs[i][2])
        with ProcessPoolExecutor(max_workers=processes) as pool:
            futures = {pool.submit(play_chunk, *jobs[i]): i for i in order}
            for future in as_completed(futures):
                index = futures[future]
                done[index] = future.result()
                played += jobs[index][2]
                if progress is not None:
                    progress(played, total)
    results: dict[str, Tally] = {m.key: Tally() for m in matchups}
    for (matchup, _, _), tally in zip(jobs, done, strict=True):
        results[matchup.key].add(tally)
    return results


class ProgressBar:
    """A progress bar on stderr: redrawn in place on a terminal, a line every tenth of the way otherwise."""

    def __init__(self, stream=None, width: int = 30) -> None:
        self.stream = stream or sys.stderr
        self.width = width
        self.started = time.perf_counter()
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        share = done / total if total else 1.0
        elapsed = time.perf_counter() - self.started
        left = elapsed / share - elapsed if share > 0 else 0.0
        filled = round(self.width * share)
        text = (f"[{'#' * filled}{'.' * (self.width - filled)}] {100 * share:3.0f}%  {done:,}/{total:,} hands, "
                f"{_duration(elapsed)} so far, about {_duration(left)} left")
        if self.stream.isatty():
            self.stream.write("\r" + text + ("\n" if done >= total else ""))
        elif int(10 * share) > self.shown or done >= total:
            self.shown = int(10 * share)
            self.stream.write(text + "\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{secs:02d}s"
