"""Who pays what when a hand is played out at the table and the match settles it (issue 6): a British double
limit paid in full, and Nine Dragons' pure-hand feeder paying for everyone (specs/western-ninedragons-british.md
§2.7, §3.7-§3.9)."""

from __future__ import annotations

from pathlib import Path

from game.core.actions import MahJongg
from game.core.match import Match
from game.core.ruleset import Ruleset
from game.core.scoring import RulesetJudge
from game.core.table import Table
from game.rules import load_ruleset
from tests.builders import rigged_table

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = {path.stem: path for path in sorted((ROOT / "mods").glob("*/rulesets/*.yaml"))}
# No pair, pung or honour: a loser holding it scores nothing, so only the winner's hand moves points.
NOTHING = "2B 3B 5B 6B 8B 9B 2D 3D 5D 6D 8D 9D 1D"


def _ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset(BUNDLED[ruleset_id], parents=BUNDLED)


def _settle(ruleset: Ruleset, judge: RulesetJudge, table: Table) -> tuple[int, ...]:
    """Score and settle the finished hand as a match does, East being seat 0."""
    match = Match(ruleset.play, judge, 1, east=0)
    match.table = table
    events = match.finish_hand(table)
    return next(e for e in events if e.kind == "settled").deltas


def _up_you_go(winner: int) -> tuple[int, ...]:
    """``winner`` draws the fourth 8 Craks to Up You Go (2, 44, 666, 8888 of Craks and the four winds)."""
    ruleset = _ruleset("british")
    judge = RulesetJudge(ruleset)
    hands = {seat: NOTHING for seat in range(4)}
    hands[winner] = "2C 4C 4C 6C 6C 6C 8C 8C 8C EW SW WW NW"
    table = rigged_table(hands, "8C", current=winner, rules=ruleset.play, judge=judge)
    assert MahJongg() in table.legal_actions(winner)
    table.apply(winner, MahJongg())
    assert table.result.shape.special_hand == "up_you_go"
    return _settle(ruleset, judge, table)


def test_british_double_limit__south_is_paid_1000_by_each_and_2000_by_east() -> None:
    """A-004-7, R27: Up You Go is a double limit, 1000; East pays double. South takes 4000, not a capped 2000."""
    assert _up_you_go(1) == (-2000, 4000, -1000, -1000)


def test_british_double_limit__east_takes_2000_from_each() -> None:
    """East's double limit: "East must always pay or receive double" (R27), 6000 in all."""
    assert _up_you_go(0) == (6000, -2000, -2000, -2000)
