"""Western, where jokers and the Charleston speed up regular hands: what a computer player passes on in a
Charleston (the tiles its hand misses least, never a run or a pair), and a ready regular hand kept over a special
hand farther away."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.ai.engine import EnginePlayer
from game.core.actions import Discard, PassTiles
from game.core.judge import RegularJudge
from game.core.play_rules import PlayRules
from game.core.table import Table
from game.core.tiles import parse_tiles, tile_code
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
