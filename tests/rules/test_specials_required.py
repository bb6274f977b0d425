"""The Western game's "special hands required" mode (seed 002 L292, the bundled preset ``western-specials``):
"a normal chow/pong hand does not win", so only one of the special hands goes out; the computer players chase one
all hand long, and Quick Tip speaks of the special hand, not of a regular one."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.ai.engine import EnginePlayer
from game.ai.tip import quick_tip
from game.cli.simulate import simulate
from game.client.rules_text import settlement_lines
from game.core.actions import Discard
from game.core.judge import HandSpec, WinContext
from game.core.ruleset import Ruleset
from game.core.scoring import RulesetJudge
from game.core.tiles import parse_tiles
from game.errors import RulesetError
from game.mods.custom_rules import options_for
from game.rules import load_ruleset
from tests.builders import PEOPLE, discards_of, t, view

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = {path.stem: path for path in sorted((ROOT / "mods").glob("*/rulesets/*.yaml"))}
REGULAR = "1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD"  # a regular hand waiting on Red Dragon for its pair
RACKET = "5B 5B 5B 5C 5C 5C 5D 5D 5D EW EW EW RD"  # Numbers Racket (the same number in three suits) on Red Dragon


@pytest.fixture(scope="module")
def specials() -> Ruleset:
    return load_ruleset(BUNDLED["western-specials"], parents=BUNDLED)


@pytest.fixture(scope="module")
def western() -> Ruleset:
    return load_ruleset(BUNDLED["western"], parents=BUNDLED)


def _spec(tiles: str) -> HandSpec:
    return HandSpec(tuple(parse_tiles(tiles)), (), (), 1, 0)


def test_preset__is_the_western_game_with_special_hands_required(specials: Ruleset, western: Ruleset) -> None:
    assert specials.special_hands_required and not western.special_hands_required
    assert specials.play == western.play and specials.special_hands == western.special_hands


def test_rules_pages_and_custom_presets__say_and_offer_it(specials: Ruleset, western: Ruleset) -> None:
    assert any(line.startswith("Only a special hand goes out") for line in settlement_lines(specials))
    assert not any(line.startswith("Only a special hand goes out") for line in settlement_lines(western))
    assert "special_hands_required" in {option.key for option in options_for(western)}


def test_mah_jongg__a_regular_hand_does_not_go_out(specials: Ruleset, western: Ruleset) -> None:
    won = WinContext(True, t("RD"), "discard")
    assert RulesetJudge(western).mah_jongg(_spec(REGULAR + " RD"), won) is not None
    assert RulesetJudge(specials).mah_jongg(_spec(REGULAR + " RD"), won) is None


def test_mah_jongg__a_special_hand_goes_out_at_its_fixed_value(specials: Ruleset) -> None:
    judge = RulesetJudge(specials)
    won = WinContext(True, t("RD"), "discard")
    shape = judge.mah_jongg(_spec(RACKET + " RD"), won)
    assert shape is not None and shape.special_hand == "numbers_racket"
    assert judge.score(_spec(RACKET + " RD"), won).score == 1000  # a double limit of 500


def test_waits__only_the_tiles_that_make_a_special_hand(specials: Ruleset, western: Ruleset) -> None:
    assert RulesetJudge(western).waits(_spec(REGULAR)) == [t("RD")]
    assert RulesetJudge(specials).waits(_spec(REGULAR)) == []
    assert t("RD") in RulesetJudge(specials).waits(_spec(RACKET))


def test_load__required_with_special_hands_switched_off_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("format: 1\nid: odd\nextends: western\nname: Odd\nspecial_hands_allowed: false\n"
                    "special_hands_required: true\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path, parents=BUNDLED)
    [problem] = info.value.problems
    assert str(problem).startswith(f"{path}:5:1: special hands are required to go out, but the ruleset allows none")


def test_computer_player__even_a_beginner_chases_a_special_hand(specials: Ruleset) -> None:
    """The beginner knows no special hands elsewhere; here they are the only way out, so it plays for the nearest
    and weighs its discards by the distance to it (not by a regular hand's)."""
    beginner = PEOPLE["beginner"]
    assert not beginner.knows_limit_hands
    hand = "5B 5B 5B 5C 5C 5D 5D EW EW 1B 9C 3D RD 7B"
    player = EnginePlayer(beginner, random.Random(3), specials)
    choice = player.decide(view(hand), discards_of(hand))
    assert player._plan.hand is not None and player._plan.hand.id == "numbers_racket"
    assert isinstance(choice, Discard) and choice.tile not in parse_tiles("5B 5C 5D EW RD")


def test_quick_tip__names_the_special_hand_it_plays_for(specials: Ruleset) -> None:
    hand = "5B 5B 5B 5C 5C 5D 5D EW EW 1B 9C 3D RD 7B"
    tip = quick_tip(view(hand), discards_of(hand), specials)
    assert "from Numbers Racket" in tip.reason and "from ready" not in tip.reason


@pytest.mark.slow
def test_simulate__computer_players_go_out_with_special_hands_only(tmp_path: Path) -> None:
    jsonl = tmp_path / "hands.jsonl"
    stats = simulate("western-specials", 24, seed=5, player_ids=["expert", "limitmaker", "defensive", "beginner"],
                     jsonl=jsonl)
    assert stats["errors"] == 0 and stats["illegal_actions"] == 0
    wins = [row for row in map(json.loads, jsonl.read_text().splitlines()) if row.get("winner") is not None]
    assert wins and all(row["special_hand"] for row in wins)
