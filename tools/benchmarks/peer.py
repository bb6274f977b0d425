"""Scoring against the peer: the same Japanese hands scored by Sparrow and by the PyPI ``mahjong`` library.

    python tools/benchmarks/peer.py [--quick] [--table]   (--table: what each program makes of each hand)

Sparrow scores each hand of :data:`HANDS` by the bundled ``japanese-riichi`` ruleset (the Four Winds program's
points and doubles); ``mahjong``'s ``HandCalculator.estimate_hand_value`` scores the same tiles and win by riichi
rules (yaku, han and fu; open tanyao on, no dora). The two count differently, so what is compared is the work:
both must take every hand as a win, and each hand's expected result under both is written beside it (the tests
hold both programs to them, so a hand that stops being a win for either is caught).

Each round times the whole sample once by each program, the two taking turns to go first, so a slow spell on
this shared machine falls on both alike; ``score_vs_mahjong_ratio`` is the best round of ``mahjong`` over the
best round of Sparrow (at least 1.0: Sparrow is at least as fast). The best rounds, not the medians: other work
on the machine only ever slows a round down, and with a few busy guests the medians say more about them than
about either program. Both are warmed up first (Sparrow's readings, special-hand matches and arrangement tables,
``mahjong``'s divider cache), as in a game under way, where a win is checked before it is scored.
``score_japanese_us`` and ``score_mahjong_us`` are the per-hand times of those rounds. Without the ``mahjong``
library (a development dependency) the figures are None.

Where the two disagree on a hand's nature it is said beside the hand. Hands both would not take as a win are
left out: Seven Pairs (not played in Sparrow's Japanese presets, A10) and a hand without a yaku (``mahjong``
refuses it; Sparrow, with no minimum, pays it).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.core.judge import HandSpec, WinContext, WonBy
from game.core.melds import MeldKind, parse_meld
from game.core.readings import forget_hands
from game.core.scoring import RulesetJudge, ScoreResult
from game.core.tiles import EAST_WIND, NUM_KINDS, Tile, parse_tiles, tile_from_code, wind_from_letter
from game.rules import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
_RULESETS = ROOT / "mods" / "european" / "rulesets"
RULESET_FILES = {name: _RULESETS / f"{name}.yaml" for name in ("european", "japanese", "japanese-riichi")}


class PeerHand(NamedTuple):
    """One winning hand in Sparrow's tile codes, how it was won, and what each program makes of it.

    ``winds`` are the seat's and the round's letters (``"SE"``: South in the East round). ``melds`` are the
    declared sets; one in brackets, ``"(5B 5B 5B 5B)"``, is a concealed kong. ``peer`` is ``mahjong``'s (han,
    fu); ``ours`` Sparrow's (points, doubles, score), a limit hand scoring the ruleset's limit of 1500.
    ``note`` says where the two see the hand differently.
    """

    name: str
    winds: str
    concealed: str
    melds: tuple[str, ...]
    win: str
    won_by: WonBy
    peer: tuple[int, int]
    ours: tuple[int, int, int]
    riichi: bool = False
    last_tile: bool = False
    note: str = ""


HANDS: tuple[PeerHand, ...] = (
    PeerHand("riichi, pinfu, self-drawn", "SE", "2C 3C 4C 7C 8C 9C 1D 2D 3D 4D 5D 6D 5B 5B", (),
             "6D", "wall", (3, 20), (22, 2, 88), riichi=True),
    PeerHand("all simples on a discard", "SE", "2C 2C 4C 4C 4C 3D 3D 3D 5D 6D 7D 4B 4B 4B", (),
             "4B", "discard", (1, 40), (40, 1, 80)),
    PeerHand("open dragon pung", "WE", "2C 3C 4C 5C 6C 7C 2D 2D 2B 3B 4B", ("WD WD WD",),
             "7C", "discard", (1, 30), (24, 1, 48)),
    PeerHand("open half flush, own wind", "NE", "1B 2B 3B 5B 6B 7B 9B 9B", ("NW NW NW", "4B 4B 4B"),
             "7B", "discard", (3, 30), (26, 2, 104)),
    PeerHand("concealed full flush", "SE", "1D 2D 3D 2D 3D 4D 5D 6D 7D 8D 8D 8D 9D 9D", (),
             "9D", "discard", (6, 40), (36, 3, 288)),
    PeerHand("all pungs, open", "SE", "5D 5D 5D 7C 7C 7C NW NW", ("2B 2B 2B", "9C 9C 9C"),
             "7C", "discard", (2, 40), (32, 1, 64)),
    PeerHand("three concealed pungs, self-drawn", "WE", "3B 3B 3B 6C 6C 6C 8D 8D 8D 2D 3D 4D 5B 5B", (),
             "8D", "wall", (4, 40), (34, 3, 272)),
    PeerHand("pure straight", "EE", "1B 2B 3B 4B 5B 6B 7B 8B 9B 3C 4C 5C SW SW", (),
             "5B", "discard", (2, 40), (32, 1, 64)),
    PeerHand("mixed triple chow, all simples", "SE", "2B 3B 4B 2C 3C 4C 2D 3D 4D 6D 7D 8D 5C 5C", (),
             "2B", "discard", (4, 30), (30, 2, 120),
             note="Sparrow has no Mixed Triple Chow; its Valueless Hand stands where pinfu does"),
    PeerHand("riichi, pure double chow", "WE", "2C 2C 3C 3C 4C 4C 6B 7B 8B 3D 4D 5D 9D 9D", (),
             "4C", "discard", (3, 30), (30, 2, 120), riichi=True,
             note="Sparrow has no Pure Double Chow"),
    PeerHand("outside hand", "EE", "1B 2B 3B 7C 8C 9C 1D 1D 1D NW NW NW SW SW", (),
             "3B", "discard", (2, 50), (48, 1, 96)),
    PeerHand("terminals and honours, all pungs", "WE", "1D 1D 1D WW WW EW EW EW", ("1B 1B 1B", "9C 9C 9C"),
             "EW", "discard", (5, 50), (42, 3, 336)),
    PeerHand("little three dragons", "SE", "WD WD 2B 3B 4B 6C 7C 8C", ("RD RD RD", "GD GD GD"),
             "8C", "discard", (4, 30), (30, 3, 240)),
    PeerHand("last tile of the wall", "NS", "1C 2C 3C 4C 5C 6C 2D 3D 4D 7B 7B 7B 8B 8B", (),
             "4D", "wall", (2, 30), (26, 2, 104), last_tile=True),
    PeerHand("last discard", "SS", "3C 4C 5C 6C 7C 8C 2B 2B 2B 6D 7D 8D 9D 9D", (),
             "9D", "discard", (1, 40), (36, 1, 72), last_tile=True),
    PeerHand("supplement tile after a concealed kong", "WS", "1C 2C 3C 4D 5D 6D 7D 8D 9D WD WD", ("(5B 5B 5B 5B)",),
             "9D", "loose_tile", (2, 40), (40, 2, 160)),
    PeerHand("robbed kong", "NE", "2C 3C 4C 5D 6D 7D 3B 4B 5B 6B 7B 8B 9C 9C", (),
             "4C", "robbed_kong", (2, 30), (30, 2, 120)),
    PeerHand("double East", "EE", "2B 3B 4B 5C 6C 7C 1D 1D 1D 9B 9B", ("EW EW EW",),
             "9B", "discard", (2, 40), (34, 2, 136)),
    PeerHand("melded kong of Green Dragons", "SE", "2B 3B 4B 6B 7B 8B 3D 4D 5D 9C 9C", ("GD GD GD GD",),
             "5D", "discard", (1, 40), (36, 1, 72)),
    PeerHand("thirteen orphans", "SE", "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD WD", (),
             "WD", "discard", (26, 0), (1500, 0, 1500),
             note="mahjong: a double limit for the thirteen-sided wait; Sparrow: one limit"),
    PeerHand("big three dragons", "WE", "GD GD GD WD WD WD 2C 3C 4C 5D 5D", ("RD RD RD",),
             "WD", "wall", (13, 50), (1500, 0, 1500)),
    PeerHand("four concealed pungs", "NE", "2B 2B 2B 5C 5C 5C 7D 7D 7D NW NW NW 3D 3D", (),
             "7D", "wall", (13, 50), (1500, 0, 1500)),
    PeerHand("all honours", "SE", "SW SW SW RD RD RD GD GD GD WD WD", ("EW EW EW",),
             "SW", "discard", (13, 50), (1500, 0, 1500)),
    PeerHand("all terminals", "WE", "1C 1C 1C 9C 9C 9B 9B 9B", ("1B 1B 1B", "9D 9D 9D"),
             "9B", "discard", (13, 40), (1500, 0, 1500)),
    PeerHand("little four winds", "SE", "SW SW SW WW WW WW NW NW 3C 4C 5C", ("EW EW EW",),
             "5C", "discard", (13, 40), (1500, 0, 1500)),
    PeerHand("nine gates", "SE", "1D 1D 1D 2D 3D 4D 5D 6D 7D 8D 9D 9D 9D 5D", (),
             "5D", "discard", (26, 50), (1500, 0, 1500),
             note="mahjong: a double limit for the nine-sided wait; Sparrow: one limit"),
    PeerHand("big four winds", "WE", "WW WW WW NW NW NW 5B 5B", ("EW EW EW", "SW SW SW"),
             "NW", "discard", (26, 40), (1500, 0, 1500),
             note="mahjong: a double limit; Sparrow: one limit"),
)


def ruleset_judge() -> RulesetJudge:
    """The judge of the bundled ``japanese-riichi`` ruleset, loaded from its files."""
    return RulesetJudge(load_ruleset(RULESET_FILES["japanese-riichi"], parents=RULESET_FILES))


def sparrow_input(hand: PeerHand) -> tuple[HandSpec, WinContext]:
    melds = tuple(parse_meld(m.strip("()"), exposed=not m.startswith("(")) for m in hand.melds)
    seat, round_wind = (wind_from_letter(w) for w in hand.winds)
    spec = HandSpec(tuple(parse_tiles(hand.concealed)), melds, (), seat, round_wind)
    context = WinContext(True, tile_from_code(hand.win), hand.won_by, last_wall_tile=hand.last_tile,
                         riichi=hand.riichi)
    return spec, context


# Sparrow's kinds in ``mahjong``'s 34 order: Bamboo is sou (18-26), Characters man (0-8), Dots pin (9-17); the
# winds are alike; the dragons run White, Green, Red there (31-33) and Red, Green, White here.
_PEER_KIND = (*range(18, 27), *range(0, 9), *range(9, 18), 27, 28, 29, 30, 33, 32, 31)


def mahjong_input(hand: PeerHand) -> tuple[list[int], int, list[Any], Any]:
    """``estimate_hand_value``'s arguments for ``hand``: the 136-format tiles (declared sets included), the
    winning tile's copy, the declared sets as ``Meld`` objects and the win's ``HandConfig``."""
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    copies = [0] * NUM_KINDS

    def take(tiles: list[Tile]) -> list[int]:
        found = []
        for t in tiles:
            kind = _PEER_KIND[t]
            found.append(kind * 4 + copies[kind])
            copies[kind] += 1
        return found

    melds = []
    tiles: list[int] = []
    for code in hand.melds:
        meld = parse_meld(code.strip("()"))
        taken = take(list(meld.tiles))
        kind = {MeldKind.CHOW: Meld.CHI, MeldKind.PUNG: Meld.PON, MeldKind.KONG: Meld.KAN}[meld.kind]
        melds.append(Meld(kind, taken, opened=not code.startswith("(")))
        tiles += taken
    concealed = take(parse_tiles(hand.concealed))
    tiles += concealed
    win_kind = _PEER_KIND[tile_from_code(hand.win)]
    win = next(t for t in concealed if t // 4 == win_kind)
    tsumo = hand.won_by in ("wall", "loose_tile")
    seat, round_wind = (EAST_WIND + wind_from_letter(w) for w in hand.winds)  # the same indices in both
    config = HandConfig(is_tsumo=tsumo, is_riichi=hand.riichi, is_rinshan=hand.won_by == "loose_tile",
                        is_chankan=hand.won_by == "robbed_kong", is_haitei=hand.last_tile and tsumo,
                        is_houtei=hand.last_tile and not tsumo, player_wind=seat, round_wind=round_wind,
                        options=OptionalRules(has_open_tanyao=True))
    return tiles, win, melds, config


def mahjong_scorer() -> Callable[..., Any] | None:
    try:
        from mahjong.hand_calculating.hand import HandCalculator
    except ImportError:
        return None
    return HandCalculator.estimate_hand_value


def _mahjong_caches() -> list[Callable[[], None]]:
    """``mahjong``'s caches of hands seen (its hand divider's), each as the call that empties it."""
    from mahjong.hand_calculating import divider

    found = []
    for value in vars(divider.HandDivider).values():
        cached = getattr(value, "__func__", value)
        if hasattr(cached, "cache_clear"):
            found.append(cached.cache_clear)
    return found


FIGURES = ("score_vs_mahjong_ratio", "score_japanese_us", "score_mahjong_us", "score_vs_mahjong_ratio_cold",
           "score_japanese_cold_us", "score_mahjong_cold_us")


def measure(quick: bool = False) -> dict[str, float | None]:
    """The ratio of ``mahjong``'s time to Sparrow's on :data:`HANDS` and each one's best µs per hand: warm (each
    program has seen the hands before, as a hand checked for a win is when it is scored) and cold (both forget
    every hand before each round: the cost of hands never met, the ruleset and the kinds of win still known)."""
    estimate = mahjong_scorer()
    judge = ruleset_judge()
    ours = [sparrow_input(h) for h in HANDS]
    if estimate is None:
        return dict.fromkeys(FIGURES)
    theirs = [mahjong_input(h) for h in HANDS]
    score = judge.score
    their_caches = _mahjong_caches()

    def run_ours(cold: bool = False) -> float:
        if cold:
            judge.forget_hands()
            forget_hands()
        start = time.perf_counter()
        for spec, context in ours:
            score(spec, context)
        return time.perf_counter() - start

    def run_theirs(cold: bool = False) -> float:
        if cold:
            for clear in their_caches:
                clear()
        start = time.perf_counter()
        for tiles, win, melds, config in theirs:
            estimate(tiles, win, melds, config=config)
        return time.perf_counter() - start

    warm = _rounds(run_ours, run_theirs, 30 if quick else 300)
    cold = _rounds(lambda: run_ours(cold=True), lambda: run_theirs(cold=True), 10 if quick else 100)
    return {**warm, "score_vs_mahjong_ratio_cold": cold["score_vs_mahjong_ratio"],
            "score_japanese_cold_us": cold["score_japanese_us"], "score_mahjong_cold_us": cold["score_mahjong_us"]}


def _rounds(run_ours: Callable[[], float], run_theirs: Callable[[], float], rounds: int) -> dict[str, float]:
    """The best of ``rounds`` rounds of each, taking turns to go first, after three rounds of warm-up."""
    for _ in range(3):
        run_ours()
        run_theirs()
    our_times, their_times = [], []
    for r in range(rounds):
        if r % 2:
            their_times.append(run_theirs())
            our_times.append(run_ours())
        else:
            our_times.append(run_ours())
            their_times.append(run_theirs())
    mine, peer = min(our_times), min(their_times)
    return {"score_vs_mahjong_ratio": round(peer / mine, 3),
            "score_japanese_us": round(mine / len(HANDS) * 1e6, 1),
            "score_mahjong_us": round(peer / len(HANDS) * 1e6, 1)}


def results() -> list[tuple[PeerHand, ScoreResult, Any]]:
    """Each hand with Sparrow's result and ``mahjong``'s (None without the library)."""
    estimate = mahjong_scorer()
    judge = ruleset_judge()
    found = []
    for hand in HANDS:
        theirs = None
        if estimate is not None:
            tiles, win, melds, config = mahjong_input(hand)
            theirs = estimate(tiles, win, melds, config=config)
        found.append((hand, judge.score(*sparrow_input(hand)), theirs))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    parser.add_argument("--table", action="store_true", help="print each hand's results instead of timing")
    args = parser.parse_args(argv)
    if args.table:
        print(f"{'hand':<40}  {'mahjong':<18}  Sparrow")
        for hand, ours, theirs in results():
            peer = "—" if theirs is None else theirs.error or f"{theirs.han} han {theirs.fu} fu"
            print(f"{hand.name:<40}  {peer:<18}  {ours.points} points {ours.doubles} doubles: {ours.score}"
                  f"{'  ' + hand.note if hand.note else ''}")
        return 0
    print(json.dumps(measure(args.quick)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
