"""Western, where jokers and the Charleston speed up regular hands: what a computer player passes on in a
Charleston (the tiles its hand misses least, never a run or a pair), and a ready regular hand kept over a special
hand farther away."""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.bots import isolation
from game.ai.charleston import choose_pass
from game.ai.engine import EnginePlayer
from game.core.actions import Discard, PassTiles
from game.core.analysis import missing_tiles
from game.core.judge import RegularJudge
from game.core.play_rules import PlayRules
from game.core.table import Table
from game.core.tiles import JOKER, NUM_KINDS, counts_of, parse_tiles, tile_code
from game.rules import load_ruleset
from tests.builders import PEOPLE, discards_of, player, t, view

CHARLESTON = (("right", 3), ("across", 3), ("left", 3))


def _passed(pid: str, hand: str) -> list[str]:
    """What ``pid`` passes right from ``hand`` in the first step of a Charleston at a real table."""
    table = Table(PlayRules(charleston=CHARLESTON, flowers=False, jokers=8), RegularJudge(), seed=3, east=0)
    table.players[0].concealed = parse_tiles(hand)
    choice = player(pid).decide(table.view(0), table.legal_actions(0))
    assert isinstance(choice, PassTiles)
    table.apply(0, choice)  # the table takes it: a legal pass
    return sorted(tile_code(x) for x in choice.tiles)


@pytest.mark.parametrize("pid", ["expert", "limitmaker", "defensive", "beginner"])
def test_charleston__the_lone_honours_go_and_the_runs_and_the_pair_stay(pid: str) -> None:
    """Two runs, two tiles of a third, a pair and three lone honours: the honours go (the three lowest tiles,
    a run of Bamboo, went before)."""
    assert _passed(pid, "1B 2B 3B 4C 5C 6C 7D 8D 5B 5B EW NW RD") == sorted(["EW", "NW", "RD"])


def test_charleston__the_joker_stays_and_so_does_the_pair_it_makes_a_pung() -> None:
    """Two runs, a pair, four lone tiles and a joker (never passed): three of the lone tiles go, the pair stays."""
    passed = _passed("expert", "1B 2B 3B 4C 5C 6C 7D 7D EW NW RD 9B JK")
    assert len(passed) == 3 and set(passed) <= {"EW", "NW", "RD", "9B"}


def test_western__the_expert_stays_ready_rather_than_set_out_for_a_limit_hand_two_tiles_away() -> None:
    """Where special hands may go out beside regular ones (Western), a ready regular hand is not broken for one:
    pungs of 1 and 5 Bamboo, a run of Characters, pairs of 7 and 9 Bamboo and a Red Dragon are ready once the
    dragon goes, and two tiles from a Ruby Hand (a limit) once the run goes; the expert throws the dragon."""
    root = Path(__file__).resolve().parents[2] / "mods"
    bundled = {p.stem: p for p in sorted(root.glob("*/rulesets/*.yaml"))}
    western = load_ruleset(bundled["western"], parents=bundled)
    hand = "1B 1B 1B 5B 5B 5B 7B 7B 9B 9B 3C 4C 5C RD"
    expert = EnginePlayer(PEOPLE["expert"], random.Random(1), western)
    assert expert.decide(view(hand), discards_of(hand)) == Discard(t("RD"))


_WALL = [x for x in range(NUM_KINDS) for _ in range(4)]


@settings(max_examples=100, deadline=None)
@given(picks=st.lists(st.sampled_from(range(len(_WALL))), min_size=13, max_size=13, unique=True),
       jokers=st.sampled_from([0, 1, 2]), chows=st.booleans())
def test_charleston__the_pass_leaves_fewest_tiles_missing_with_the_jokers_read_in_of_every_pass(
        picks: list[int], jokers: int, chows: bool) -> None:
    """Against every pass weighed in full: none leaves fewer tiles missing (each joker read beside the lowest
    pair the tiles kept hold, else the lowest lone tile), and among those it passes the loneliest tiles."""
    concealed = [_WALL[i] for i in picks[:13 - jokers]] + [JOKER] * jokers
    counts = counts_of(concealed)
    options = sorted({PassTiles(tuple(sorted(c))) for c in combinations(concealed[:13 - jokers], 3)},
                     key=lambda o: o.tiles)

    def left_by(option: PassTiles) -> list[int]:
        left = list(counts)
        for x in option.tiles:
            left[x] -= 1
        return left

    def weighed(option: PassTiles) -> tuple[int, int, tuple[int, ...]]:
        left = left_by(option)
        for _ in range(jokers):
            kind = next((x for n in (2, 1) for x in range(NUM_KINDS) if left[x] == n), None)
            if kind is not None:
                left[kind] += 1
        near = sum(missing_tiles(left, n, chows=chows) for n in (4, 3))
        lonely = sum(isolation(left_by(option), x) for x in option.tiles)
        return near, lonely, option.tiles

    assert choose_pass(concealed, 0, options, chows=chows) == min(options, key=weighed)
