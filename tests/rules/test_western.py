"""The Western ruleset (mods/western, Shanghai: Dynasty) in play and in scoring: the play vectors of
specs/western-ninedragons-british.md §6 (T002-*), one example of each of the 50 special hands, jokers under the
real ruleset, and simulated hands. The score vectors (T002-01 to T002-05, D002-A/B) are tests/golden/western.yaml."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.cli.score import parse_request
from game.cli.simulate import simulate
from game.core.actions import Claim, Discard, PassTiles
from game.core.events import WallBuilt
from game.core.ruleset import Ruleset
from game.core.scoring import RulesetJudge
from game.core.table import Table
from game.core.tiles import JOKER, is_bonus
from game.rules import load_ruleset
from tests.builders import rigged_table, t
from tests.tiers import examples

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = {path.stem: path for path in sorted((ROOT / "mods").glob("*/rulesets/*.yaml"))}
FILLER = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"


@pytest.fixture(scope="module")
def western() -> Ruleset:
    return load_ruleset(BUNDLED["western"], parents=BUNDLED)


def _score(ruleset: Ruleset, concealed: str, melds: list[str], winning: str, won_by: str, **extra: object) -> dict:
    request = {"seat_wind": "S", "round_wind": "E", "concealed": concealed, "melds": [{"tiles": m} for m in melds],
               "winner": True, "winning_tile": winning, "won_by": won_by, **extra}
    spec, context = parse_request(request)
    return RulesetJudge(ruleset).score(spec, context).to_dict(ruleset.id)


def _rigged(ruleset: Ruleset, hands: dict[int, str], draws: str = "", current: int = 0) -> Table:
    """A rigged table under the Western play rules, the Charleston skipped so the hands stay as given."""
    play = dataclasses.replace(ruleset.play, charleston=())
    return rigged_table(hands, draws, rules=play, judge=RulesetJudge(ruleset), current=current)


def test_western__152_tiles_with_eight_jokers_and_eight_flowers(western: Ruleset) -> None:
    """T002-10: four of every playing tile, eight different flowers and eight jokers, 19 stacks a side."""
    table = Table(western.play, RulesetJudge(western), seed=4)
    built = next(e for e in table.events if isinstance(e, WallBuilt))
    assert (built.tiles, built.stacks_per_side) == (152, 19)
    every = table.wall.remaining_tiles() + [tile for p in table.players for tile in p.concealed + p.bonus]
    assert len(every) == 152 and every.count(JOKER) == 8
    assert sorted(tile for tile in every if is_bonus(tile)) == list(range(34, 42))


def test_western__east_dealt_fourteen_then_the_three_pass_charleston(western: Ruleset) -> None:
    """T002-08 and A-002-1: East holds 14 and the others 13; then every player passes three tiles right, across
    and left (never a joker) before East discards, and the description says the Charleston is the standard one."""
    table = Table(western.play, RulesetJudge(western), seed=9, east=1)
    assert [len(p.concealed) for p in table.players] == [13, 14, 13, 13]
    assert western.play.charleston == (("right", 3), ("across", 3), ("left", 3))
    assert "Charleston" in western.description and "does not describe it" in western.description
    for _ in range(3):
        assert table.phase == "passing"
        for seat in list(table.awaiting()):
            options = table.legal_actions(seat)
            assert options and all(isinstance(a, PassTiles) and len(a.tiles) == 3 for a in options)
            assert all(JOKER not in a.tiles for a in options)
            table.apply(seat, options[0])
    assert table.phase == "dealt"
    table.begin()
    assert table.phase == "turn" and table.current == 1
    assert [len(p.concealed) for p in table.players] == [13, 14, 13, 13]


def test_western__play_runs_to_the_last_tile_with_no_kong_box(western: Ruleset) -> None:
    """T002-09: no dead wall; a hand nobody wins ends when the wall has no tile left."""
    table = _rigged(western, {0: FILLER, 1: FILLER, 2: FILLER, 3: FILLER}, current=0)
    assert not table.wall.kong_box and not table.wall.loose
    while table.phase != "over":
        seat = next(iter(table.awaiting()))
        discards = [a for a in table.legal_actions(seat) if isinstance(a, Discard)]
        table.apply(seat, discards[-1] if discards else next(a for a in table.legal_actions(seat)
                                                              if not isinstance(a, Claim)))
    assert table.result.winner is None and table.wall.live_count == 0


def test_western__three_chows_from_the_left_player(western: Ruleset) -> None:
    """T002-06: holding 1D 2D 4D 5D, a 3D from the player on the left can be chowed three ways; nobody else may
    chow it."""
    table = _rigged(western, {0: "3D " + " ".join(FILLER.split()[:12]), 1: "1D 2D 4D 5D 1B 1B 9B 9B EW EW SW RD GD",
                              2: "1D 2D 4D 5D 1B 1B 9B 9B EW EW SW RD GD", 3: FILLER}, current=0)
    table.apply(0, Discard(t("3D")))
    chows = {a.tiles for a in table.legal_actions(1) if isinstance(a, Claim) and a.type == "chow"}
    assert chows == {(t("1D"), t("2D")), (t("2D"), t("4D")), (t("4D"), t("5D"))}
    assert not [a for a in table.legal_actions(2) if isinstance(a, Claim) and a.type == "chow"]


def test_western__two_wins_on_one_discard_go_to_the_player_in_line(western: Ruleset) -> None:
    """T002-11: two players claim the same discard to win; the one next in turn after the discarder wins."""
    table = _rigged(western, {0: "5D " + " ".join(FILLER.split()[:12]),
                              1: "1C 2C 3C 4C 5C 6C 7C 8C 9C 6D 7D WD WD",
                              2: FILLER,
                              3: "1B 2B 3B 4B 5B 6B 7B 8B 9B 5D 5D RD RD"}, current=0)
    table.apply(0, Discard(t("5D")))
    table.apply(3, Claim("mah_jongg"))
    table.apply(1, Claim("mah_jongg"))
    assert table.result.winner == 1


def test_western__one_chance_chow_is_recognised_but_worth_nothing(western: Ruleset) -> None:
    """T002-07 and A-002-8: 6+8 out on 7 and 8+9 out on 7 are one-chance chows; the line exists and never pays."""
    one_chance = dataclasses.replace(western, scoring=tuple(
        dataclasses.replace(item, allowed=True, points=2) if item.id == "one_chance" else item
        for item in western.scoring))
    for concealed in ("1B 1B 1B 4C 4C 4C 6D 7D 8D 9C 9C", "1B 1B 1B 4C 4C 4C 7D 8D 9D 9C 9C"):
        found = _score(one_chance, concealed, ["EW EW EW"], "7D", "discard")
        assert "One Chance Chow" in [item["name"] for item in found["items"]]
        plain = _score(western, concealed, ["EW EW EW"], "7D", "discard")
        assert "One Chance Chow" not in [item["name"] for item in plain["items"]]


def test_western__game_of_four_rounds_and_the_limit(western: Ruleset) -> None:
    """T002-12 and T002-03: four rounds; limit 500; East keeps the deal when winning and after a draw."""
    assert western.play.rounds == 4 and western.limit == 500
    assert western.play.east_keeps_deal_on_win and western.play.east_keeps_deal_on_draw


def test_western__a_joker_pong_scores_as_its_tile(western: Ruleset) -> None:
    """A-002-2: D002-B with a joker standing in the exposed pong of Green Dragons still scores 160; a joker
    never makes a pair, so a joker in place of the White Dragon pair does not go out."""
    hand = "9C 9C 9C 2B 3B 4B WD WD"
    found = _score(western, hand, ["5D 5D 5D", "GD GD JK"], "WD", "discard", bonus="F2")
    assert (found["points"], found["doubles"], found["score"]) == (40, 2, 160)
    paired = _score(western, "9C 9C 9C 2B 3B 4B WD JK", ["5D 5D 5D", "GD GD JK"], "WD", "discard")
    assert not paired["mah_jongg"] and paired["score"] == 0


SPECIAL_HANDS = [
    ("jade_hand", "2B 3B 4B 6B 6B 6B 8B 8B 8B GD GD", ["2B 3B 4B"], "GD", "discard", 500),
    ("imperial_jade", "GD GD GD 2B 2B 2B 4B 4B 4B 6B 6B", ["8B 8B 8B"], "6B", "discard", 1000),
    ("pearl_hand", "2D 3D 4D 4D 4D 4D 6D 6D 6D WD WD", ["8D 8D 8D"], "WD", "discard", 500),
    ("pearl_dragon", "WD WD WD 2D 3D 4D 6D 6D 6D 8D 8D", ["3D 3D 3D"], "8D", "discard", 1000),
    ("ruby_hand", "1B 1B 1B 5B 5B 5B 7B 7B 7B RD RD", ["9B 9B 9B"], "RD", "discard", 500),
    ("imperial_ruby", "RD RD RD 1B 1B 1B 5B 5B 5B 9B 9B", ["7B 7B 7B"], "9B", "discard", 1000),
    ("ruby_jade", "GD GD GD 1B 1B 1B 3B 3B 3B 6B 6B", ["RD RD RD"], "6B", "discard", 500),
    ("ruby_crack", "2C 3C 4C 6C 6C 6C 8C 8C 8C RD RD", ["4C 4C 4C"], "RD", "discard", 500),
    ("dirty_pairs", "1B 1B 5C 5C 9D 9D EW EW RD RD 3B 3B 7C 7C", [], "7C", "discard", 250),
    ("clean_pairs", "1B 1B 3B 3B 5B 5B 7B 7B 9B 9B EW EW RD RD", [], "RD", "discard", 500),
    ("all_pair_honors", "1B 1B 9C 9C 1D 1D EW EW SW SW RD RD GD GD", [], "GD", "discard", 500),
    ("all_pair_terminals", "1B 1B 9B 9B 1C 1C 9C 9C 1D 1D 9D 9D 9D 9D", [], "9D", "wall", 500),
    ("honorable_twins", "EW EW SW SW WW WW NW NW RD RD GD GD WD WD", [], "WD", "discard", 500),
    ("all_pair_jade", "2B 2B 3B 3B 4B 4B 6B 6B 8B 8B GD GD 2B 2B", [], "GD", "discard", 500),
    ("all_pair_ruby", "1B 1B 5B 5B 7B 7B 9B 9B RD RD 1B 1B 5B 5B", [], "RD", "discard", 500),
    ("all_pair_ruby_jade", "1B 1B 2B 2B 5B 5B 6B 6B 9B 9B RD RD GD GD", [], "GD", "discard", 500),
    ("gerties_garter", "1B 2B 3B 4B 5B 6B 7B 1D 2D 3D 4D 5D 6D 7D", [], "7D", "discard", 500),
    ("knitting", "1B 1D 2B 2D 3B 3D 5B 5D 6B 6D 8B 8D 9B 9D", [], "9D", "discard", 250),
    ("dragons_breath", "1C 1C 3C 3C 4C 4C 6C 6C 8C 8C RD GD WD WD", [], "WD", "discard", 500),
    ("wriggly_snake", "1D 2D 3D 4D 5D 6D 7D 8D 9D EW SW WW NW NW", [], "NW", "discard", 500),
    ("grand_sequence", "1D 2D 3D 4D 5D 6D 7D 8D 9D RD RD RD 2D 5D", [], "5D", "discard", 500),
    ("gretas_garden", "1B 2B 3B 4B 5B 6B 7B EW SW WW NW RD GD WD", [], "WD", "discard", 500),
    ("dragons_tail", "1C 2C 3C 4C 5C 6C 7C 8C 9C RD RD EW EW EW", [], "RD", "discard", 500),
    ("dragons_tail_exposed", "1C 2C 3C 4C 5C 6C 7C 8C 9C WW WW", ["GD GD GD"], "WW", "discard", 250),
    ("five_odd_honors", "1C 2C 3C 4C 5C 6C 7C 8C 9C EW NW RD GD WD", [], "WD", "discard", 250),
    ("run_pung_and_pair", "1B 2B 3B 4B 5B 6B 7B 8B 9B 3B 3B 3B 7B 7B", [], "7B", "discard", 500),
    ("confused_gates", "1B 1B 1B 2C 3C 4C 5C 6C 7C 8C 9D 9D 9D 5C", [], "5C", "discard", 500),
    ("heavenly_gates", "1D 1D 1D 2D 3D 4D 5D 6D 7D 8D 9D 9D 9D 5D", [], "5D", "wall", 500),
    ("heavenly_gates_exposed", "2D 3D 4D 5D 6D 7D 8D 9D 9D 9D 4D", ["1D 1D 1D"], "4D", "wall", 250),
    ("dragon_gates", "9B 9B 9B 2B 3B 4B 5B 6B 7B 8B GD GD GD 5B", [], "5B", "discard", 500),
    ("true_gates", "1C 1C 1C 9C 9C 9C 2C 2C 4C 4C 6C 6C 8C 8C", [], "8C", "discard", 500),
    ("chop_suey", "1B 2B 3B 1C 2C 3C 1D 2D 3D EW SW WW NW EW", [], "EW", "discard", 500),
    ("sukiyaki", "4B 5B 6B 4C 5C 6C 4D 5D 6D EW SW WW NW SW", [], "SW", "discard", 500),
    ("chow_mein", "7B 8B 9B 7C 8C 9C 7D 8D 9D EW SW WW NW WW", [], "WW", "discard", 500),
    ("numbers_racket", "5B 5B 5B 5C 5C 5C EW EW EW RD RD", ["5D 5D 5D"], "RD", "discard", 1000),
    ("lil", "1B 2B 3B 4C 5C 6C 7D 8D 9D EW SW WW NW NW", [], "NW", "discard", 500),
    ("down_you_go", "2D 2D 2D 2D 4D 4D 4D 6D 6D 8D EW SW WW NW", [], "8D", "discard", 1000),
    ("up_you_go", "2D 4D 4D 6D 6D 6D 8D 8D 8D 8D EW SW WW NW", [], "NW", "discard", 1000),
    ("all_winds_and_dragons", "EW EW EW SW SW SW RD RD RD NW NW", ["GD GD GD"], "NW", "discard", 500),
    ("all_honors", "1B 1B 1B 9C 9C 9C RD RD RD NW NW", ["EW EW EW"], "NW", "discard", 500),
    ("heads_and_tails", "1B 1B 1B 9C 9C 9C 1D 1D 1D 9B 9B", ["9D 9D 9D"], "9B", "discard", 500),
    ("unique_wonders", "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD WD", [], "WD", "discard", 1000),
    ("windy_dragons", "EW EW SW SW WW WW NW NW RD RD RD", ["GD GD GD"], "NW", "discard", 500),
    ("big_three_dragons", "RD RD RD GD GD GD 3C 4C 5C 7C 7C", ["WD WD WD"], "7C", "discard", 500),
    ("big_four_winds", "EW EW EW SW SW SW WW WW WW 5C 5C", ["NW NW NW"], "5C", "discard", 500),
    ("gone_with_the_wind", "EW EW EW SW SW SW WW WW WW RD RD", ["NW NW NW"], "RD", "discard", 1000),
    ("windy_chows", "2B 3B 4B 5C 6C 7C 6D 7D 8D EW SW WW NW EW", [], "EW", "discard", 250),
    ("triple_knitting", "2B 2C 2D 4B 4C 4D 6B 6C 6D 8B 8C 8D 9B 9C", [], "9C", "discard", 250),
    ("christmas", "2C 2C 2C 5C 5C 5C RD RD RD WD WD", ["GD GD GD"], "WD", "discard", 1000),
    ("civil_war", "1B 8B 6B 1B 1D 8D 6D 5D NW NW NW SW SW SW", [], "SW", "discard", 1000),
    ("hong_kong", "1C 8C 4C 2C 1D 9D 9D 7D EW EW EW WW WW WW", [], "WW", "discard", 1000),
    ("all_kong", "5C 5C", ["2B 2B 2B 2B", "RD RD RD RD", "9D 9D 9D 9D", "EW EW EW EW"], "5C", "discard", 500),
]


def test_western__fifty_special_hands(western: Ruleset) -> None:
    """The ruleset has the 50 hands of L290-L480 (two of them in a concealed and an exposed form)."""
    hands = {hand.id for hand in western.special_hands}
    assert len(hands) == 52 and hands == {row[0] for row in SPECIAL_HANDS}
    assert all(hand.allowed for hand in western.special_hands)


@pytest.mark.parametrize(("hand_id", "concealed", "melds", "winning", "won_by", "score"), SPECIAL_HANDS,
                         ids=[row[0] for row in SPECIAL_HANDS])
def test_western__special_hand_example(western: Ruleset, hand_id: str, concealed: str, melds: list[str],
                                       winning: str, won_by: str, score: int) -> None:
    """Each special hand is recognised in an example of its own (half limit 250, limit 500, double limit 1000;
    All Honors is three doubles on the hand's points, here up to the limit)."""
    found = _score(western, concealed, melds, winning, won_by)
    name = next(hand.name for hand in western.special_hands if hand.id == hand_id)
    assert (found["special_hand"], found["score"]) == (name, score), found["items"]


def test_western__imperial_jade_needs_its_dragon_pong_and_one_chow_at_most(western: Ruleset) -> None:
    """A-002-14: green Bams with two chows and a pong of Green Dragons are neither Imperial Jade (two chows) nor
    Jade Hand (no pair of Green Dragons); with the dragons as the pair it is a Jade Hand."""
    found = _score(western, "2B 3B 4B 2B 3B 4B 6B 6B 6B 8B 8B", ["GD GD GD"], "8B", "discard")
    assert found["special_hand"] is None and found["mah_jongg"]
    found = _score(western, "2B 3B 4B 2B 3B 4B 6B 6B 6B GD GD", ["8B 8B 8B"], "GD", "discard")
    assert found["special_hand"] == "Jade Hand"


def test_western__concealed_special_hands_refuse_exposed_sets(western: Ruleset) -> None:
    """A-002-20: Heavenly Gates with an exposed pong is the half-limit form; the concealed one is a limit."""
    exposed = _score(western, "2D 3D 4D 5D 6D 7D 8D 9D 9D 9D 4D", ["1D 1D 1D"], "4D", "wall")
    concealed = _score(western, "1D 1D 1D 2D 3D 4D 5D 6D 7D 8D 9D 9D 9D 4D", [], "4D", "wall")
    assert (exposed["special_hand"], exposed["score"]) == ("Heavenly Gates (Exposed)", 250)
    assert (concealed["special_hand"], concealed["score"]) == ("Heavenly Gates (Concealed)", 500)


def test_simulate__western_hands_without_errors() -> None:
    """Greedy players through the Charleston, jokers and special hands (60 hands in CI; a tenth in the fast tier):
    no crash and no illegal action."""
    hands = examples(60)
    report = simulate("western", hands, 3, ["greedy"] * 4)
    assert report["errors"] == 0 and report["illegal_actions"] == 0 and report["hands"] == hands


def test_western__the_sweep_scores_a_set_made_from_easts_first_discard(western: Ruleset) -> None:
    """L272: South pungs East's very first discard and its hand scores the Sweep's 2 points; the same pung made
    from a later discard does not."""
    from game.core.judge import WinContext

    south = "5D 5D 1B 2B 3B 4C 5C 6C 7D 8D 9D RD GD"
    found = {}
    for first in (True, False):
        table = _rigged(western, {0: "5D " + " ".join(FILLER.split()[:12]), 1: south, 2: FILLER, 3: FILLER},
                        current=0)
        if not first:
            table.discard_count = 5  # as if the hand were well under way
        table.apply(0, Discard(t("5D")))
        table.apply(1, Claim("pung", (t("5D"), t("5D"))))
        scored = RulesetJudge(western).score(table.hand_spec(1), WinContext(False))
        found[first] = [item.name for item in scored.items if item.name == "Sweep"]
    assert found == {True: ["Sweep"], False: []}
