"""One-line builders in tile codes for engine and computer-player tests."""

from __future__ import annotations

import random
from pathlib import Path

from game.ai.engine import EnginePlayer
from game.core.actions import Discard
from game.core.judge import RegularJudge
from game.core.melds import parse_meld
from game.core.play_rules import PlayRules
from game.core.table import Table
from game.core.tiles import parse_tiles
from game.core.view import OpponentView, PlayerView
from game.mods.personalities import load_personality_file
from game.session.driver import Session
from game.session.options import Options

BUNDLED_PEOPLE = Path(__file__).resolve().parents[1] / "mods" / "opponents" / "ai"
PEOPLE = {p.id: p for f in sorted(BUNDLED_PEOPLE.glob("*.yaml")) for p in load_personality_file(f)}
"""The bundled computer players by id."""


def rigged_table(hands: dict[int, str], draws: str = "", *, rules: PlayRules | None = None, east: int = 0,
                 melds: dict[int, list[str]] | None = None, judge=None, current: int | None = None) -> Table:
    """A table whose seats hold ``hands`` (13 tiles each unless melds are given) and whose live wall will yield
    ``draws`` next, in order. The ceremony ran normally first; tile conservation is not kept by rigging.

    ``current`` makes that seat the one to draw next: the table is left just before its draw.
    """
    table = Table(rules or PlayRules(flowers=False), judge or RegularJudge(), seed=7, east=east)
    for seat, codes in hands.items():
        table.players[seat].concealed = parse_tiles(codes)
        table.players[seat].bonus = []
        table.players[seat].melds = [parse_meld(m) for m in (melds or {}).get(seat, [])]
    for position, tile in zip(list(table.wall.live), parse_tiles(draws), strict=False):
        table.wall.tiles[position] = tile
    if current is not None:
        table.phase = "claims"  # pretend the seat before `current` discarded and nobody claimed
        table._next_turn((current - 1) % 4)
    return table


def t(code: str) -> int:
    return parse_tiles(code)[0]


def player(pid: str, seed: int = 1) -> EnginePlayer:
    """The bundled computer player ``pid`` with its own seeded randomness."""
    return EnginePlayer(PEOPLE[pid], random.Random(seed))


def view(concealed: str, *, seat: int = 0, phase: str = "turn", current: int = 0, last_discard=None,
         opponents: dict[int, dict] | None = None, tiles_left: int = 60, discard_count: int = 20,
         melds: tuple = (), order: str = "", goulash: bool = False) -> PlayerView:
    """A hand-made view: ``opponents`` sets melds, discards or standing for other seats; ``order`` lists the
    discards in the order they were made, as ``seat:tile`` ("1:2C 2:4C"); ``goulash``: a goulash hand."""
    players = []
    for s in range(4):
        extra = (opponents or {}).get(s, {})
        players.append(OpponentView(s, s, melds if s == seat else tuple(extra.get("melds", ())), (),
                                    tuple(parse_tiles(extra.get("discards", ""))), 13,
                                    extra.get("standing", False)))
    made = tuple((int(item.split(":")[0]), t(item.split(":")[1])) for item in order.split())
    return PlayerView(seat, seat, 0, 0, phase, current, tuple(parse_tiles(concealed)), None, tuple(players),
                      last_discard, tiles_left, discard_count, made, goulash)


def discards_of(concealed: str) -> list[Discard]:
    """A discard of each kind of tile in ``concealed``."""
    return [Discard(x) for x in sorted(set(parse_tiles(concealed)))]


def instant_session(seed: int) -> Session:
    """A classic game whose pauses are all zero (no animation, no computer pause), dealt from ``seed`` when played."""
    return Session.create("classic", seed, options=Options(animation_speed=0.0, discard_delay=0.0))
