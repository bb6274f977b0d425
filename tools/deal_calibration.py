"""How well the Master's sampled deals (game/ai/sampler.py) rate the danger of the tiles it holds.

Plays hands with the players named (the probed seat first, ``master`` by default); at each discard decision of the
probed player, every tile kind it holds is checked against the opponents' true concealed hands (would it, thrown,
complete one?) and against ``--deals`` sampled deals of the same view (in how many does it complete one?). The two
rates should match: a sampler that rates the held tiles safer than they are lets the search throw risky tiles.

Also printed, per opponent, true against sampled: the share of ready hands (also by the sets it has shown), the
mean number of kinds a ready hand waits on, how often a held kind is among a ready hand's waits, and how many
tiles short its hand is by its turns and sets shown; and whether the deals tell the dangerous tiles apart (the true
rate of the held tiles that no deal, under 10% of the deals, or more found dangerous).

    nice -n 10 .venv/bin/python -m tools.deal_calibration --hands 60 --seed 902
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from collections.abc import Sequence

from game.ai.base import Player
from game.ai.sampler import Sampler
from game.autoplay import at_table, create_player, play_hand
from game.core.actions import Action, Discard
from game.core.analysis import missing_tiles, waits
from game.core.match import Match
from game.core.table import Table
from game.core.tiles import NUM_KINDS, counts_of
from game.core.view import PlayerView
from game.mods import rules_for


class _Tally:
    """Weighted means by key (a sampled deal weighs 1/deals, so each held tile counts once true and once sampled)."""

    def __init__(self) -> None:
        self.n = defaultdict(float)

    def add(self, key: str, value: float, weight: float = 1.0) -> None:
        self.n[key + "/sum"] += value * weight
        self.n[key + "/n"] += weight

    def mean(self, key: str) -> float:
        n = self.n[key + "/n"]
        return self.n[key + "/sum"] / n if n else float("nan")

    def count(self, key: str) -> float:
        return self.n[key + "/n"]


def _ready_waits(hand: Sequence[int], sets: int, chows: bool) -> list[int] | None:
    if sets <= 0 or sum(hand) != 3 * sets + 1 or missing_tiles(hand, sets, chows=chows) != 1:
        return None
    return waits(list(hand), 4 - sets, chows=chows)


def probe(view: PlayerView, table: Table, tally: _Tally, rng: random.Random, deals: int, chows: bool) -> None:
    """Tally one discard decision: each kind held, true against sampled."""
    held = [k for k, c in enumerate(counts_of(view.concealed)) if c and k < NUM_KINDS]
    seats = [s for s in ((view.seat + k) % 4 for k in (1, 2, 3)) if s != view.empty_seat]
    sampler = Sampler(view, seats, chows=chows)
    if not sampler.possible() or not held:
        return
    truths = []
    for s in seats:
        theirs = table.view(s)
        other, hand = theirs.me, counts_of(theirs.concealed)
        turns = sum(1 for seat, _ in view.discard_order if seat == s)
        truths.append((hand, 4 - len(other.melds), len(other.melds), turns))
    sampled = [sampler.deal(rng) for _ in range(deals)]

    def weigh(label: str, hands: list[tuple[list[int], int, int, int]], weight: float) -> dict[int, bool]:
        hit = {k: False for k in held}
        for hand, sets, shown, turns in hands:
            if sets > 0 and sum(hand) == 3 * sets + 1:
                short = missing_tiles(hand, sets, chows=chows)
                tally.add(f"{label} short turns={min(turns // 4, 3) * 4}+ shown={min(shown, 2)}", short, weight)
            ready = _ready_waits(hand, sets, chows)
            tally.add(f"{label} ready", ready is not None, weight)
            tally.add(f"{label} ready shown={min(shown, 2)}", ready is not None, weight)
            if ready is None:
                continue
            tally.add(f"{label} wait kinds", len(ready), weight)
            for k in held:
                inside = k in ready
                tally.add(f"{label} held in waits", inside, weight)
                hit[k] = hit[k] or inside
        for k in held:
            tally.add(f"{label} completes", hit[k], weight)
            tally.add(f"{label} completes {'honour' if k >= 27 else 'edge' if k % 9 in (0, 8) else 'suit'}",
                      hit[k], weight)
        return hit

    truly = weigh("true", truths, 1.0)
    rate = dict.fromkeys(held, 0.0)
    for deal in sampled:
        hit = weigh("sampled", [(h, *rest) for h, (_, *rest) in zip(deal.hands, truths, strict=True)], 1.0 / deals)
        for k in held:
            rate[k] += hit[k] / deals
    # Whether the deals tell the dangerous tiles apart, not only the overall rate: the true rate by the deals' one.
    for k in held:
        band = "0" if rate[k] == 0 else "under 10%" if rate[k] < 0.1 else "10% or more"
        tally.add(f"true completes, deals {band}", truly[k])
        tally.add(f"sampled completes, deals {band}", rate[k])


class _Probed:
    """The probed player: tallies each of its discard decisions, then decides as it would."""

    def __init__(self, inner: Player, tally: _Tally, rng: random.Random, deals: int, chows: bool) -> None:
        self.inner = inner
        self.tally = tally
        self.rng = rng
        self.deals = deals
        self.chows = chows
        self.table: Table | None = None

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if self.table is not None and len(view.concealed) % 3 == 2 and any(
                isinstance(a, Discard) for a in legal):
            probe(view, self.table, self.tally, self.rng, self.deals, self.chows)
        return self.inner.decide(view, legal)


def measure(*, hands: int, seed: int, players: Sequence[str], deals: int = 16, ruleset_id: str = "classic") -> _Tally:
    """Play ``hands`` hands (the first of ``players`` probed, the seats moving on each hand) and tally them."""
    ruleset, judge = rules_for(ruleset_id, None, None)
    seats = ruleset.play.seats
    rng = random.Random(seed)
    made = [create_player(pid, random.Random(rng.getrandbits(64)), ruleset) for pid in players]
    tally = _Tally()
    probed = _Probed(made[0], tally, random.Random(seed + 1), deals, ruleset.play.chows_allowed)
    match = Match(ruleset.play, judge, seed)
    for index in range(hands):
        if match.is_over:
            match = Match(ruleset.play, judge, rng.getrandbits(32))
        table = match.new_hand()
        probed.table = table
        play_hand(table, at_table(seats, [probed, *made[1:]], index % len(seats)))
        match.finish_hand(table)
    return tally


KEYS = ("completes", "completes suit", "completes edge", "completes honour", "ready", "ready shown=0",
        "ready shown=1", "ready shown=2", "wait kinds", "held in waits",
        *(f"short turns={t}+ shown={s}" for s in (0, 1, 2) for t in (0, 4, 8, 12)),
        *(f"completes, deals {band}" for band in ("0", "under 10%", "10% or more")))
"""What is printed, true against sampled: the first is the calibration's number."""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=902)
    parser.add_argument("--deals", type=int, default=16)
    parser.add_argument("--players", default="master,efficient,efficient,efficient")
    args = parser.parse_args(argv)
    tally = measure(hands=args.hands, seed=args.seed, players=args.players.split(","), deals=args.deals,
                    ruleset_id=args.ruleset)
    print(f"{args.hands} hands, seed {args.seed}, {args.deals} deals a decision, players {args.players}")
    print(f"held tiles weighed: {int(tally.count('true completes'))}")
    for key in KEYS:
        print(f"{key:>30}: true {tally.mean('true ' + key):7.4f}  sampled {tally.mean('sampled ' + key):7.4f}"
              f"  (n {int(tally.count('true ' + key))})")


if __name__ == "__main__":
    main()
