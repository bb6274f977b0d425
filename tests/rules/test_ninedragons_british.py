"""The Nine Dragons and British rulesets in play: the wall, dice, deal, claims options and goulash vectors of
specs/western-ninedragons-british.md §6 (T003-*, T004-*), and whole simulated games without errors. Their
scoring and settlement vectors are the golden tables tests/golden/ninedragons.yaml and british.yaml."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.autoplay import create_player, play_hand
from game.cli.simulate import simulate
from game.core.events import DiceThrown, WallBuilt
from game.core.match import Match
from game.core.ruleset import Ruleset
from game.core.scoring import RulesetJudge
from game.core.table import Table
from game.core.wall import side_for_throw
from game.rules import load_ruleset
from tests.tiers import examples

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = {path.stem: path for path in sorted((ROOT / "mods").glob("*/rulesets/*.yaml"))}


def _ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset(BUNDLED[ruleset_id], parents=BUNDLED)


def _table(ruleset: Ruleset, seed: int, goulash: bool = False) -> Table:
    return Table(ruleset.play, RulesetJudge(ruleset), seed, goulash=goulash)


def _dice(table: Table, purpose: str) -> tuple[int, ...]:
    return next(e.dice for e in table.events if isinstance(e, DiceThrown) and e.purpose == purpose)


def test_ninedragons__three_dice_and_a_wall_of_four_times_eighteen_stacks() -> None:
    """T003-09, T003-11: East throws three dice (3-18); 144 tiles in four walls of 18 stacks two high."""
    ruleset = _ruleset("ninedragons")
    totals = set()
    for seed in range(60):
        table = _table(ruleset, seed)
        dice = _dice(table, "wall")
        assert len(dice) == 3
        totals.add(sum(dice))
        built = next(e for e in table.events if isinstance(e, WallBuilt))
        assert (built.stacks_per_side, built.tiles) == (18, 144)
    assert min(totals) >= 3 and max(totals) <= 18 and len(totals) > 8


def test_ninedragons__dice_total_chooses_the_row() -> None:
    """T003-10: counting East as 1 counter-clockwise, 5, 9, 13 and 17 choose East's row, 6 the row to the right."""
    assert [side_for_throw(t) for t in (5, 9, 13, 17)] == [0, 0, 0, 0]
    assert side_for_throw(6) == 1


def test_ninedragons__claims_and_game_options() -> None:
    """T003-12/13/14/19/20: chows only from the left (even to win), pongs from anyone, wins rank alike so the
    player first to the thrower's right wins a double claim; minimum hand 0 by default; four rounds; no special
    hands (A-003-1); the winds stay after a dead hand."""
    ruleset = _ruleset("ninedragons")
    play = ruleset.play
    assert (play.chow_from_any, play.chow_from_any_for_mah_jongg, play.chows_allowed) == (False, False, True)
    assert play.precedence[0] == "mah_jongg" and "mah_jongg_pung" not in play.precedence
    assert ruleset.min_points == 0
    assert play.rounds == 4 and play.east_keeps_deal_on_draw
    assert not ruleset.special_hands_allowed


def test_ninedragons__thirteen_each_and_no_kong_box() -> None:
    """A-003-10/11: everyone is dealt thirteen, and replacements come from the far end of the live wall."""
    table = _table(_ruleset("ninedragons"), 3)
    assert [len(p.concealed) for p in table.players] == [13, 13, 13, 13]
    assert not table.wall.kong_box


def test_british__dice_thrown_twice_and_a_fourteen_tile_kong_box() -> None:
    """T004-08/10/11: 18 x 2 walls of 144 tiles; two dice by East, two more by the chosen wall's owner; the kong
    box is 6 pairs plus the 2 loose tiles."""
    ruleset = _ruleset("british")
    for seed in range(20):
        table = _table(ruleset, seed)
        first, second = _dice(table, "wall"), _dice(table, "breach")
        assert len(first) == len(second) == 2
        assert 4 <= sum(first) + sum(second) <= 24
        built = next(e for e in table.events if isinstance(e, WallBuilt))
        assert (built.stacks_per_side, built.tiles) == (18, 144)
        broken = next(e for e in table.events if type(e).__name__ == "WallBroken")
        assert len(broken.loose) + len(broken.kong_box) == 14


def test_british__east_fourteen_others_thirteen() -> None:
    """T004-09: after the deal East holds 14 tiles and the others 13 (flowers replaced)."""
    table = _table(_ruleset("british"), 5)
    east = table.east
    assert [len(p.concealed) for p in table.players] == [14 if s == east else 13 for s in range(4)]


def test_british__goulash_after_a_wash_out() -> None:
    """T004-13: the hand after a wash-out starts with three passes of three tiles (across, E-S/W-N, E-N/S-W);
    a normal hand does not, and the tournament preset has no goulash."""
    ruleset = _ruleset("british")
    assert ruleset.play.goulash == (("across", 3), ("east_south", 3), ("east_north", 3))
    assert _table(ruleset, 1, goulash=True).phase == "passing"
    assert _table(ruleset, 1).phase != "passing"
    tournament = _ruleset("british-tournament")
    assert tournament.play.goulash == () and not tournament.play.flowers and tournament.limit == 1000


def test_british__one_chow_and_the_chow_to_go_out() -> None:
    """R21: one chow per hand; a chow from any player only to go mah-jong; a pair may be claimed to go out."""
    play = _ruleset("british").play
    assert play.max_chows == 1 and play.chow_from_any_for_mah_jongg and not play.chow_from_any
    assert play.pair_claim_for_mah_jongg and play.ready_rule == "none"


def test_british__match_plays_a_goulash_after_a_wash_out() -> None:
    """R25: in a played match the hand after a wash-out is a goulash, and the hand after a win is not."""
    ruleset = _ruleset("british")
    judge = RulesetJudge(ruleset)
    rng = random.Random(7)
    players = [create_player("greedy", random.Random(rng.getrandbits(64)), ruleset) for _ in range(4)]
    match = Match(ruleset.play, judge, 7)
    seen = {True: 0, False: 0}
    for _ in range(12):
        table = match.new_hand()
        play_hand(table, players)
        match.finish_hand(table)
        drawn = table.result is not None and table.result.winner is None
        seen[drawn] += 1
        assert match.goulash_next == drawn
    assert seen[True] and seen[False]


@pytest.mark.parametrize("ruleset_id", ["ninedragons", "british"])
def test_simulate__greedy_hands_without_errors(ruleset_id: str) -> None:
    """200 hands of four greedy bots (in CI; a tenth in the fast tier): no crash and no illegal action."""
    hands = examples(200)
    report = simulate(ruleset_id, hands, 1, ["greedy"] * 4)
    assert report["errors"] == 0 and report["illegal_actions"] == 0
    assert report["hands"] == hands and report["draws"] < hands
