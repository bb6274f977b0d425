"""How often a hand is ready, by what everybody can see of it: the table behind ``game.ai.evaluate.threat``.

``python tools/threat_table.py [--hands N] [--seed S] [--ruleset ID]``

Four greedy reference bots play; after every discard each other player's concealed hand is looked at: is it ready
(regular tiles-from-ready 0)? The share of ready hands is printed per exposed sets (0–4) and per discards in the
player's row (0–2, 3–5, … 15 or more), smoothed so that it never falls as either grows, in the form the table in
``evaluate.py`` is written in. Hands holding jokers are left out (the tables know none).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

STAGES = 6  # discards in the row: 0-2, 3-5, ..., 15+
MAX_EXPOSED = 4


def measure(hands: int, seed: int, ruleset_id: str) -> tuple[list[list[int]], list[list[int]]]:
    """Per (exposed sets, stage): how many hands were looked at and how many of them were ready."""
    from game.autoplay import create_player, play_hand
    from game.core.actions import Discard
    from game.core.analysis import shanten
    from game.core.match import Match
    from game.core.tiles import NUM_KINDS, counts_of
    from game.mods import rules_for

    ruleset, judge = rules_for(ruleset_id)
    rng = random.Random(seed)
    players = [create_player("greedy", random.Random(rng.getrandbits(64)), ruleset) for _ in range(4)]
    seen = [[0] * STAGES for _ in range(MAX_EXPOSED + 1)]
    ready = [[0] * STAGES for _ in range(MAX_EXPOSED + 1)]
    match = Match(ruleset.play, judge, seed)
    for _ in range(hands):
        if match.is_over:
            match = Match(ruleset.play, judge, rng.getrandbits(32))
        table = match.new_hand()

        def look(seat: int, action: object, table=table) -> None:
            if not isinstance(action, Discard):
                return
            for other, p in enumerate(table.players):
                if other == seat or len(p.concealed) % 3 != 1 or any(t >= NUM_KINDS for t in p.concealed):
                    continue
                exposed = min(MAX_EXPOSED, sum(1 for m in p.melds if m.exposed))
                stage = min(STAGES - 1, len(p.discards) // 3)
                seen[exposed][stage] += 1
                ready[exposed][stage] += shanten(counts_of(p.concealed), len(p.melds)) <= 0

        play_hand(table, players, on_step=look)
        match.finish_hand(table)
    return seen, ready


def smoothed(seen: list[list[int]], ready: list[list[int]], min_samples: int = 200) -> list[list[float]]:
    """Shares, each at least those of fewer sets or fewer discards (a cell with few samples takes that floor)."""
    table = [[0.0] * STAGES for _ in seen]
    for e in range(len(seen)):
        for s in range(STAGES):
            floor = max(table[e - 1][s] if e else 0.0, table[e][s - 1] if s else 0.0)
            share = ready[e][s] / seen[e][s] if seen[e][s] >= min_samples else floor
            table[e][s] = round(max(floor, share), 2)
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--ruleset", default="classic")
    args = parser.parse_args(argv)
    seen, ready = measure(args.hands, args.seed, args.ruleset)
    for e, row in enumerate(seen):
        print(f"# {e} exposed: looked at " + ", ".join(str(n) for n in row))
    print("_READY_BY_STAGE = (")
    for row in smoothed(seen, ready):
        print("    (" + ", ".join(f"{x:.2f}" for x in row) + "),")
    print(")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
