"""Absurd rulesets (issue 25, class 4): valid YAML whose numbers no table can be played with (no tiles, a kong box
of the whole wall, negative dice, zero rounds, limits of thirty digits), and special-hand files too big to judge
with. ``mods check`` refuses each with the file, line and column and exit 1. The far but playable ends of every
bound are accepted and a simulation plays them to the end in seconds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.hostile.kit import assert_clean, make_world, run_limited
from tests.mods.modkit import manifest, write

ABSURD: dict[str, tuple[str, str]] = {
    "no_tiles": ("play: {jokers: -136}", "play.jokers"),
    "a_thousand_jokers": ("play: {jokers: 1000}", "play.jokers"),
    "no_dice": ("play: {dice_for_wall: 0}", "play.dice_for_wall"),
    "negative_dice": ("play: {dice_for_wall: -2}", "play.dice_for_wall"),
    "a_hundred_dice": ("play: {dice_for_wall: 100}", "play.dice_for_wall"),
    "negative_kong_box": ("play: {kong_box_stacks: -1}", "play.kong_box_stacks"),
    "kong_box_of_the_whole_wall": ("play: {kong_box_stacks: 72}", "play.kong_box_stacks"),
    "one_stack_a_side": ("play: {stacks_per_side: 1}", "play.stacks_per_side"),
    "negative_stacks": ("play: {stacks_per_side: -3}", "play.stacks_per_side"),
    "a_wall_too_small_for_the_set": ("play: {stacks_per_side: 17}", "144 tiles do not fit"),
    "a_thousand_stacks": ("play: {stacks_per_side: 1000}", "play.stacks_per_side"),
    "no_rounds": ("play: {rounds: 0}", "play.rounds"),
    "negative_rounds": ("play: {rounds: -1}", "play.rounds"),
    "ten_rounds": ("play: {rounds: 10}", "play.rounds"),
    "negative_max_chows": ("play: {max_chows: -1}", "play.max_chows"),
    "a_hundred_chows": ("play: {max_chows: 100}", "play.max_chows"),
    "negative_start_score": ("play: {start_score: -1}", "play.start_score"),
    "start_score_of_thirty_digits": ("play: {start_score: 100000000000000000000000000000}", "play.start_score"),
    "a_hundred_charleston_steps": ("play: {charleston: " + str([["right", 3]] * 100) + "}", "play.charleston"),
    "charleston_of_fifty_tiles": ("play: {charleston: [[right, 50]]}", "play.charleston"),
    "unknown_claim_in_precedence": ("play: {precedence: [bogus]}", "play.precedence"),
    "goulash_wild_not_a_tile": ("play: {goulash_wild: ZZ}", "play.goulash_wild"),
    "zero_limit": ("limit: 0", "limit"),
    "negative_limit": ("limit: -5", "limit"),
    "limit_of_thirty_digits": ("limit: 100000000000000000000000000000", "limit"),
    "rounding_to_zero": ("rounding: {unit: 0, stage: after_doubles}", "rounding.unit"),
    "infinite_share": ("penalties: {faulty_out_others: .inf}", "penalties.faulty_out_others"),
    "share_not_a_number": ("penalties: {faulty_out_others: .nan}", "penalties.faulty_out_others"),
    "negative_points": ("scoring: {no_chows: {points: -10}}", "scoring.no_chows.points"),
    "points_of_thirty_digits": ("scoring: {no_chows: {points: 100000000000000000000000000000}}",
                                "scoring.no_chows.points"),
    "a_hundred_doubles": ("scoring: {no_chows: {doubles: 100}}", "scoring.no_chows.doubles"),
    "pay_table_out_of_order": ("pay_table: [[4, 8], [1, 2]]", "pay_table"),
    "minimum_doubles_of_a_thousand": ("min_doubles: 1000", "min_doubles"),
    "special_hand_a_thousand_times": ("special_hands: {odd: {name: Odd, sets: [{pung: RD, times: 1000}]}}",
                                      "times"),
    "special_hand_worth_infinite_limits": ("special_hands: {odd: {name: Odd, limit: .inf, sets: [{pung: RD}]}}",
                                           "special_hands.odd.limit"),
}


def _ruleset_mod(root: Path, body: str) -> Path:
    folder = root / "house"
    write(folder / "mod.yaml", manifest("house", ["ruleset"], extra="requires: [classic]\n"))
    (folder / "rulesets").mkdir()
    (folder / "rulesets" / "house.yaml").write_text(f"format: 1\nid: house\nname: House\nextends: classic\n{body}\n",
                                                   encoding="utf-8")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ABSURD))
def test_hostile_ruleset__mods_check_refuses_it_with_its_line(tmp_path: Path, name: str) -> None:
    """``mods check`` refuses the absurd ruleset, exit 1, naming ``rulesets/house.yaml``, a line and a column."""
    world = make_world(tmp_path)
    body, key = ABSURD[name]
    folder = _ruleset_mod(tmp_path, body)
    ran = run_limited(world, "mods", "check", str(folder))
    assert_clean(ran)
    assert ran.returncode == 1, ran.output[-2000:]
    located = [line for line in ran.stdout.splitlines() if re.search(r"rulesets/house\.yaml:5:\d+: ", line)]
    assert any(key in line for line in located), ran.stdout


PLAYABLE = {
    "sixteen_jokers": "play: {jokers: 16}",
    "largest_kong_box": "play: {kong_box_stacks: 24}",
    "no_kong_box": "play: {kong_box_stacks: 0}",
    "four_dice": "play: {dice_for_wall: 4}",
    "one_die": "play: {dice_for_wall: 1}",
    "widest_wall": "play: {stacks_per_side: 24}",
    "one_round": "play: {rounds: 1}",
    "no_chows_at_all": "play: {max_chows: 0}",
    "starting_from_nothing": "play: {start_score: 0}",
    "no_flowers_tightest_wall": "play: {flowers: false, stacks_per_side: 17}",
    "highest_limit": "limit: 1000000000",
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PLAYABLE))
def test_hostile_ruleset__the_far_ends_of_the_bounds_play(tmp_path: Path, name: str) -> None:
    """A ruleset at the far end of a bound installs and a simulation plays three hands of it in seconds."""
    world = make_world(tmp_path)
    folder = _ruleset_mod(tmp_path, PLAYABLE[name])
    installed = run_limited(world, "mods", "install", str(folder))
    assert_clean(installed)
    assert installed.returncode == 0, installed.output
    ran = run_limited(world, "simulate", "--ruleset", "house", "--hands", "3", "--seed", "7", "--players",
                      "random,greedy,random,greedy")
    assert_clean(ran)
    assert ran.returncode == 0 and '"errors": 0' in ran.stdout, ran.output[-2000:]


def _hands_file(root: Path, count: int, padding: int = 0) -> Path:
    folder = root / "many"
    write(folder / "mod.yaml", manifest("many", ["special_hands"]))
    lines = ["format: 1", "hands:"]
    for i in range(count):
        lines += [f"  h{i}:", f"    name: Hand {i}", "    points: 100", "    sets: [{pungs: [RD, GD, WD]}, "
                  "{pair: EW}, {pung: NW}]"]
    lines += ["#" * 100] * padding
    (folder / "hands").mkdir()
    (folder / "hands" / "many.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize(("count", "message"), [
    (12_000, r"many\.yaml: the file is \d+ bytes, more than the limit of 524288 for a YAML file"),
    (3_000, r"many\.yaml:2:1: hands: 3000 entries, more than the limit of 300"),
])
def test_hostile_ruleset__thousands_of_special_hands(tmp_path: Path, count: int, message: str) -> None:
    """Twelve thousand special hands (1.8 MB) used to keep ``mods check`` busy for a minute: refused at once by
    the file's size; three thousand, under that size, by their number."""
    world = make_world(tmp_path)
    folder = _hands_file(tmp_path, count)
    ran = run_limited(world, "mods", "check", str(folder))
    assert_clean(ran)
    assert ran.returncode == 1 and re.search(message, ran.stdout), ran.output[-2000:]


def test_hostile_ruleset__cheap_case(tmp_path: Path) -> None:
    """In the fast tier: a kong box of the whole wall is refused by ``mods check`` with its line and column."""
    world = make_world(tmp_path)
    folder = _ruleset_mod(tmp_path, ABSURD["kong_box_of_the_whole_wall"][0])
    ran = run_limited(world, "mods", "check", str(folder))
    assert_clean(ran)
    assert ran.returncode == 1
    assert "rulesets/house.yaml:5:8: play.kong_box_stacks: Input should be less than or equal to 24" in ran.stdout
