"""Who pays what when a hand is played out at the table and the match settles it (issue 6): a British double
limit paid in full, and Nine Dragons' pure-hand feeder paying for everyone (specs/western-ninedragons-british.md
§2.7, §3.7-§3.9)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from game.core.actions import Claim, Discard, MahJongg
from game.core.match import Match
from game.core.ruleset import Ruleset
from game.core.scoring import RulesetJudge
from game.core.table import Table
from game.rules import load_ruleset
from tests.builders import rigged_table, t

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


def _ninedragons(melds: list[str], concealed: str, draws: str) -> tuple[Table, Ruleset, RulesetJudge]:
    """North (seat 3) shows ``melds`` and holds ``concealed``; West (seat 2) is about to draw ``draws``."""
    ruleset = _ruleset("ninedragons")
    judge = RulesetJudge(ruleset)
    hands = {0: NOTHING, 1: NOTHING, 2: "7B " + NOTHING.replace("2B 3B 5B 6B 8B 9B ", "2C 3C 5C 6C 8C "), 3: concealed}
    table = rigged_table(hands, draws, current=2, rules=ruleset.play, judge=judge, melds={3: melds})
    return table, ruleset, judge


def test_ninedragons_feeding_the_winning_tile_of_a_pure_hand_pays_for_everyone() -> None:
    """T003-15 (L244-L248): North shows three sets of Bamboo, one of them a chow ("3 sets of one suit
    showing"); West throws the Bamboo that completes North's Pure hand. Pure 6 + no flowers 1 = 7 points, a
    DOUBLE FULL HOUSE: West pays the whole 32 + 32 + 64 = 128 and the others nothing."""
    table, ruleset, judge = _ninedragons(["1B 1B 1B", "2B 3B 4B", "9B 9B 9B"], "5B 5B 7B 7B", "WD")
    table.apply(2, Discard(t("7B")))
    table.apply(3, Claim("mah_jongg"))
    assert table.result.one_suit_feeder == 2
    assert _settle(ruleset, judge, table) == (0, 0, -128, 128)


def test_ninedragons_feeding_the_fourth_set_then_a_pure_self_pick_pays_for_everyone() -> None:
    """T003-16 (L249-L253): West's Bamboo gives North a fourth set of Bamboo (12 pieces revealed); North then
    picks up the winning tile itself, Pure. Pure 6 + Self-Pick 1 + no flowers 1 = 8 points: West pays the whole
    64 + 64 + 64 = 192."""
    table, ruleset, judge = _ninedragons(["1B 1B 1B", "2B 3B 4B", "9B 9B 9B"], "7B 7B 5B RD", "WD GD EW SW 5B")
    table.apply(2, Discard(t("7B")))
    table.apply(3, Claim("pung", (t("7B"), t("7B"))))
    assert table.players[3].one_suit_feeder == 2
    table.apply(3, Discard(t("RD")))
    for seat in (0, 1, 2):  # nobody wants the honours the next three draw and throw
        assert table.current == seat and table.phase == "turn"
        table.apply(seat, Discard(table.drawn_tile))
    assert table.current == 3 and table.drawn_tile == t("5B")
    table.apply(3, MahJongg())
    assert table.result.won_by == "wall" and table.result.one_suit_feeder == 2
    assert _settle(ruleset, judge, table) == (0, 0, -192, 192)


def test_ninedragons_feeding_a_hand_that_is_not_pure_is_paid_as_usual() -> None:
    """The same feed, but North wins with an honour pair (Semi-Pure): nobody pays for everyone; the discarder
    pays double and the others single (16 + 16 + 32 for 4 points: Semi-Pure 3 + no flowers 1)."""
    table, ruleset, judge = _ninedragons(["1B 1B 1B", "2B 3B 4B", "9B 9B 9B"], "RD RD 7B 7B", "WD")
    table.apply(2, Discard(t("7B")))
    table.apply(3, Claim("mah_jongg"))
    assert table.result.one_suit_feeder is None
    assert _settle(ruleset, judge, table) == (-16, -16, -32, 64)


def _british_fishing_win():
    """West and North declare "fishing" (West with Knitting ready); the others throw their draws and North
    draws its winning tile. Returns the ruleset, its judge and the finished table."""
    base = _ruleset("british")
    ruleset = dataclasses.replace(base, play=dataclasses.replace(base.play, ready_rule="declare"))
    judge = RulesetJudge(ruleset)
    hands = {0: NOTHING, 1: NOTHING, 2: "1B 1C 3B 3C 4B 4C 5B 5C 7B 7C 8B 8C 9B",
             3: "RD RD RD GD GD GD 2B 2B 2B 5C 5C 5C 9D"}
    table = rigged_table(hands, "EW WD SW NW SW 9D", current=2, rules=ruleset.play, judge=judge)
    table.apply(2, Discard(t("EW"), standing=True))
    table.apply(3, Discard(t("WD"), standing=True))
    assert table.players[2].ready and table.players[3].ready
    for seat in (0, 1, 2):
        assert table.current == seat and table.phase == "turn"
        table.apply(seat, Discard(table.drawn_tile))
    table.apply(3, MahJongg())
    return ruleset, judge, table


def test_british_fishing_player_who_does_not_win_is_paid_for_the_ready_hand() -> None:
    """T004-15 in play (the 2013 draft's ready rule, `ready_rule: declare`): West declares "fishing" with
    Knitting ready; North, also fishing, draws its winning tile (500, the limit). West's ready half-limit hand
    scores 1/5 of the limit, 100, so East pays it 200 and South 100 when the losers settle."""
    ruleset, judge, table = _british_fishing_win()
    assert table.result.winner == 3
    assert _settle(ruleset, judge, table) == (-1200, -600, -200, 2000)


def test_british_fishing_loser_shows_its_ready_score_in_the_hand_results() -> None:
    """The scores box reads each hand from the match's own scoring: the fishing loser's line is its ready hand
    (Knitting at one fifth of the limit), the same 100 the settlement paid it for."""
    from game.core.match import Match

    ruleset, judge, table = _british_fishing_win()
    match = Match(ruleset.play, judge, 1)
    results = match.hand_results(table)
    assert [r.score for r in results] == match.hand_scores(table)
    assert results[2].score == 100 and results[2].special_hand == "Knitting"
    assert results[3].mah_jongg and results[3].score == 500
