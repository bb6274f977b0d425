"""Regular scoring by the classic table: every line, stacking, losers, limit, rounding, and bad hands."""

from __future__ import annotations

import dataclasses

import pytest

from game.core.judge import WinShape
from game.core.ruleset import Rounding
from game.core.scoring import NOT_MAH_JONGG, RulesetJudge
from game.errors import InvalidTilesError
from tests.scoring_builders import LOSER, classic, classic_judge, hand, item_ids, score, win, with_changes

BASE = "1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 1D 1D"
CHOWS = "2C 3C 4C 6C 7C 8C 4B 4B 5D 6D 7D"

# item id: (hand, win context) where the line must appear
WINNER_LINES = {
    "going_mah_jongg": (hand(BASE, seat="S"), win("1D")),
    "standing_hand": (hand(BASE, seat="S"), win("1D", standing_hand=True)),
    "robbed_kong": (hand(BASE, seat="S"), win("1D", "robbed_kong")),
    "last_wall_tile": (hand(BASE, seat="S"), win("1D", "wall", last_wall_tile=True)),
    "drawn_tile": (hand(BASE, seat="S"), win("1D", "wall")),
    "loose_tile": (hand(BASE, seat="S"), win("1D", "loose_tile")),
    "only_possible_tile": (hand(BASE, seat="S"), win("1D")),
    "no_chows": (hand("8C 8C 8C 9B 9B WW WW 9B", ("6C 6C 6C", "5B 5B 5B"), seat="W"), win("9B")),
    "no_scoring_value": (hand(CHOWS, ("1B 2B 3B",), seat="E"), win("7D")),
    "pair_own_wind": (hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B SW SW", seat="S"), win("SW")),
    "pair_round_wind": (hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B EW EW", seat="S"), win("EW")),
    "pair_dragons": (hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B GD GD", seat="S"), win("GD")),
    "flower_or_season": (hand(BASE, bonus="F1", seat="S"), win("1D")),
    "own_flower_or_season": (hand(BASE, bonus="S2", seat="S"), win("1D")),
    "complete_set_flowers_or_seasons": (hand(BASE, bonus="F1 F2 F3 F4", seat="S"), win("1D")),
    "one_suit_with_honours": (hand("1B 2B 3B 4B 5B 6B 7B 8B 9B 2B 2B 2B RD RD", seat="S"), win("RD")),
    "all_one_suit": (hand("1B 2B 3B 4B 5B 6B 7B 8B 9B 2B 2B 2B 6B 6B", seat="S"), win("6B")),
    "terminals_with_honours": (hand("1B 1B 1B 9C 9C 9C 1D 1D 1D NW NW NW RD RD", seat="S"), win("1B")),
    "all_terminals": (hand("1B 1B 1B 9C 9C 9C 1D 1D 1D 9B 9B 9B 9D 9D", seat="S"), win("1B")),
    "all_honours": (hand("EW EW EW SW SW SW RD RD RD GD GD GD WD WD", seat="W", round_wind="N"), win("EW")),
}


@pytest.mark.parametrize("line", list(WINNER_LINES), ids=list(WINNER_LINES))
def test_winner_line__appears(line: str) -> None:
    """Each line of the table shows up, by its id and name, on a hand made for it."""
    spec, context = WINNER_LINES[line]
    result = score(spec, context)
    assert result.mah_jongg
    assert line in item_ids(result)
    item = classic().item(line)
    shown = next(i for i in result.items if i.id == line)
    assert (shown.name, shown.points, shown.doubles) == (item.name, item.points, item.doubles)


# item id: (concealed, melds, points of the line for a loser)
SET_LINES = {
    "exposed_pung_minor": ("", ("5B 5B 5B",), 2),
    "exposed_pung_major": ("", ("9C 9C 9C",), 4),
    "exposed_pung_honour": ("", ("NW NW NW",), 4),
    "concealed_pung_minor": ("5B 5B 5B", (), 4),
    "concealed_pung_major": ("1D 1D 1D", (), 8),
    "concealed_pung_honour": ("WW WW WW", (), 8),
    "exposed_kong_minor": ("", ("5B 5B 5B 5B",), 8),
    "exposed_kong_major": ("", ("9C 9C 9C 9C",), 16),
    "exposed_kong_honour": ("", ("NW NW NW NW",), 16),
    "concealed_kong_minor": ("", ("5B 5B 5B 5B!",), 16),
    "concealed_kong_major": ("", ("9C 9C 9C 9C!",), 32),
    "concealed_kong_honour": ("", ("NW NW NW NW!",), 32),
}


@pytest.mark.parametrize("line", list(SET_LINES), ids=list(SET_LINES))
def test_set_line__loser_scores_it(line: str) -> None:
    """Pung and kong lines count for losers too, with the table's points."""
    concealed, melds, points = SET_LINES[line]
    result = score(hand(f"{concealed} 2C 6D".strip(), melds, seat="S"), LOSER)
    assert item_ids(result) == [line]
    assert (result.points, result.score, result.mah_jongg) == (points, points, False)


@pytest.mark.parametrize(("line", "melds"), [
    ("pung_kong_own_wind", ("SW SW SW",)),
    ("pung_kong_round_wind", ("EW EW EW",)),
    ("pung_kong_dragons", ("GD GD GD GD",)),
], ids=["own_wind", "round_wind", "dragons"])
def test_honour_doubles__loser_scores_them(line: str, melds: tuple[str, ...]) -> None:
    """Pung or kong doubles are not Mah Jongg only: a loser's score doubles too."""
    result = score(hand("2C 6D", melds, seat="S", round_wind="E"), LOSER)
    assert line in item_ids(result) and result.doubles == 1
    assert result.score == result.points * 2


def test_stacking__wind_that_is_own_and_round_gives_two_doubles() -> None:
    """East's pung of East in the East round: own wind and round wind both count."""
    result = score(hand("2C 6D", ("EW EW EW",), seat="E", round_wind="E"), LOSER)
    assert (result.points, result.doubles, result.score) == (4, 2, 16)


def test_stacking__pair_of_own_and_round_wind_scores_four() -> None:
    """A2: the pair scores both "own wind" and "wind of the round"."""
    result = score(hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B EW EW", seat="E", round_wind="E"), win("EW"))
    pair_points = sum(i.points for i in result.items if i.id in ("pair_own_wind", "pair_round_wind"))
    assert pair_points == 4


def test_stacking__three_dragon_pungs_three_doubles() -> None:
    """Each dragon pung doubles: three of them are three doubles (with a 2 Bamboo chow, not a special hand)."""
    result = score(hand("RD RD RD 2B 3B 4B 8B 8B", ("GD GD GD", "WD WD WD"), seat="S"), win("8B"))
    assert result.special_hand_id == "three_great_scholars"  # the special hand outscores the regular reading
    plain = score(hand("RD RD RD 2B 3B 4B 8B 8B", ("GD GD GD", "WD WD WD"), seat="S"), win("8B"),
                  with_changes(classic(), disallow=("three_great_scholars",)))
    assert item_ids(plain).count("pung_kong_dragons") == 3
    assert plain.doubles == 4  # three dragons and one suit with honours


def test_stacking__all_eight_bonus_tiles() -> None:
    """Own flower, own season and two complete sets: 1 + 1 + 3 + 3 doubles on 32 points (loser)."""
    result = score(hand("", (), bonus="F1 F2 F3 F4 S1 S2 S3 S4", seat="S"), LOSER)
    assert (result.points, result.doubles) == (32, 8)
    assert result.score == 32 * 256


def test_stacking__bonuses_added_before_doubling() -> None:
    """L1466: winner bonuses are added before the doubles multiply (a self-drawn one-suit hand)."""
    result = score(hand("1B 2B 3B 4B 5B 6B 7B 8B 9B 2B 2B 2B RD RD", seat="S"), win("RD", "wall"))
    assert result.score == result.points * 2 ** result.doubles
    assert {"drawn_tile", "one_suit_with_honours"} <= set(item_ids(result))


def test_loose_tile_win__no_drawn_tile_bonus() -> None:
    """A26: a loose-tile win scores +10 only, not also the +2 of a drawn tile."""
    result = score(hand(BASE, seat="S"), win("1D", "loose_tile"))
    assert "drawn_tile" not in item_ids(result)


def test_last_tile_win__also_drawn_tile() -> None:
    """A26: the last wall tile is drawn from the wall, so it scores +10 and +2."""
    result = score(hand(BASE, seat="S"), win("1D", "wall", last_wall_tile=True))
    assert {"last_wall_tile", "drawn_tile"} <= set(item_ids(result))


def test_only_possible_tile__not_for_a_two_way_wait() -> None:
    """Waiting on two tiles (4D or 7D) gives no "only possible tile"."""
    result = score(hand(CHOWS, ("1B 2B 3B",)), win("7D"))
    assert "only_possible_tile" not in item_ids(result)


def test_claimed_tile__completes_an_exposed_pung() -> None:
    """A pung completed by a claimed discard scores as exposed; self-drawn it stays concealed."""
    claimed = score(hand("6C 7C 8C 3B 3B 4B 4B 4B", ("5D 5D 5D", "1D 2D 3D"), seat="S"), win("4B"))
    drawn = score(hand("6C 7C 8C 3B 3B 4B 4B 4B", ("5D 5D 5D", "1D 2D 3D"), seat="S"), win("4B", "wall"))
    assert "exposed_pung_minor" in [i.id for i in claimed.items if i.tiles == (3, 3, 3)]
    assert "concealed_pung_minor" in [i.id for i in drawn.items if i.tiles == (3, 3, 3)]


def test_claimed_tile__player_gets_the_better_reading() -> None:
    """4B can complete the pung or the pair of 3B 3B 4B 4B: the higher-scoring reading counts."""
    result = score(hand("6C 7C 8C 3B 3B 3B 4B 4B", ("5D 5D 5D", "1D 2D 3D"), seat="S"), win("3B"))
    assert result.score == 24  # 20 + 2 (exposed 5D) + 2 (3B pung completed by the discard)


def test_winner_with_kongs__reads_fifteen_or_more_tiles() -> None:
    """Two declared kongs: 18 tiles in all, still four sets and a pair."""
    result = score(hand("2B 3B 4B 7D 7D", ("9B 9B 9B 9B", "RD RD RD RD!", "5C 6C 7C"), seat="S"), win("7D"))
    assert result.mah_jongg
    assert {"exposed_kong_major", "concealed_kong_honour", "pung_kong_dragons"} <= set(item_ids(result))


def test_arrangement__declared_melds_then_sets_then_pair() -> None:
    """The winning layout lists the declared melds, then the concealed sets, the pair last (L3725)."""
    result = score(hand("2B 3B 4B 7D 7D 1C 1C 1C", ("9B 9B 9B", "RD RD RD RD!"), seat="S"), win("7D"))
    codes = [len(group) for group in result.arrangement]
    assert codes == [3, 4, 3, 3, 2]
    assert result.arrangement[-1] == (24, 24)


def test_loser__concealed_pungs_count_pairs_do_not() -> None:
    """A27: a loser scores their concealed pungs; a pair of dragons is Mah Jongg only, so it scores nothing."""
    result = score(hand("5B 5B 5B 9C 9C 9C 1D 2D RD RD", seat="S"), LOSER)
    assert result.points == 12
    assert "pair_dragons" not in item_ids(result) and "going_mah_jongg" not in item_ids(result)
    assert result.arrangement[-1] == (18, 19)  # the leftover tiles, shown last


def test_loser__four_held_tiles_are_a_pung() -> None:
    """A27: four identical tiles held, not declared, score as a concealed pung."""
    result = score(hand("5B 5B 5B 5B 1C 6D", seat="S"), LOSER)
    assert item_ids(result) == ["concealed_pung_minor"]


def test_loser__concealed_not_scored_when_switched_off() -> None:
    """``losers_score_concealed: false`` scores only a loser's declared sets."""
    ruleset = with_changes(classic(), losers_score_concealed=False)
    result = score(hand("5B 5B 5B 1C 6D", ("9C 9C 9C",), seat="S"), LOSER, ruleset)
    assert item_ids(result) == ["exposed_pung_major"]


def test_loser__no_mah_jongg_only_lines() -> None:
    """A loser with no chows gets no "No Chows" bonus and no "Going Mah Jongg"."""
    result = score(hand("2C 6D", ("5B 5B 5B", "6C 6C 6C"), seat="S"), LOSER)
    assert item_ids(result) == ["exposed_pung_minor", "exposed_pung_minor"]


def test_limit__caps_regular_score() -> None:
    """A limit caps the hand score and says so (T-SCO-5 scores 2880 without one)."""
    ruleset = with_changes(classic(), limit=1000, special_hands_allowed=False)
    result = score(hand("6D 6D 6D 5D 5D GD GD 5D", ("1D 1D 1D", "9D 9D 9D 9D!"), "S1 S2 S3 S4", seat="S"), win("5D"),
                   ruleset)
    assert (result.score, result.limited, result.points, result.doubles) == (1000, True, 90, 5)


@pytest.mark.parametrize(("stage", "mode", "expected"), [
    ("before_doubles", "up", 30),
    ("after_doubles", "half_up", 20),
    ("none", "up", 24),
], ids=["before_up", "after_half_up", "none"])
def test_rounding__to_tens(stage: str, mode: str, expected: int) -> None:
    """24 points (T-SCO-3) round to 30 (up), 20 (to the nearest) or stay 24."""
    ruleset = with_changes(classic(), rounding=Rounding(10, stage, mode))  # type: ignore[arg-type]
    result = score(hand("6C 7C 8C 3B 3B 4B 4B 4B", ("5D 5D 5D", "1D 2D 3D"), seat="S"), win("4B"), ruleset)
    assert result.score == expected


@pytest.mark.parametrize(("value", "mode", "expected"), [(24, "up", 30), (25, "half_up", 30), (24, "half_up", 20),
                                                          (30, "up", 30), (104, "half_up", 100)])
def test_rounding__apply(value: int, mode: str, expected: int) -> None:
    """Rounding up always goes up; half up goes to the nearest ten, 5 up (four-winds T-25..T-28, A33)."""
    assert Rounding(10, "after_doubles", mode).apply(value) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(("stage", "base", "doubled"), [("before_doubles", 30, 120), ("after_doubles", 26, 110),
                                                         ("none", 26, 104)])
def test_rounding__the_base_doubled_and_the_score(stage: str, base: int, doubled: int) -> None:
    """26 points and 2 doubles (the presets box's example): rounded to 30 before doubling (120), or 104 rounded
    to 110 after; the scores box shows the base the hand was doubled from."""
    rounding = Rounding(10, stage, "up")  # type: ignore[arg-type]
    assert rounding.base(26) == base and rounding.doubled(26, 2) == doubled


def test_chows_not_allowed__chow_hand_is_not_mah_jongg() -> None:
    """With chows switched off, a hand that needs a chow is not Mah Jongg."""
    rules = dataclasses.replace(classic().play, chows_allowed=False)
    ruleset = with_changes(classic(), play=rules)
    assert not score(hand(BASE, seat="S"), win("1D"), ruleset).mah_jongg
    assert score(hand("1B 1B 1B 9C 9C 9C 1D 1D 1D NW NW NW RD RD", seat="S"), win("1B"), ruleset).mah_jongg


def test_max_chows__one_chow_at_most() -> None:
    """``max_chows: 1`` refuses a hand of three chows."""
    ruleset = with_changes(classic(), play=dataclasses.replace(classic().play, max_chows=1))
    assert not score(hand(BASE, seat="S"), win("1D"), ruleset).mah_jongg


@pytest.mark.parametrize(("concealed", "melds", "bonus", "tile", "message"), [
    ("2B 2B 2B 2B 2B 3B 4B", (), "", "3B", "expected at most 4 of '2B'"),
    ("2B 3B 4B F1", (), "", "2B", "flowers and seasons belong in 'bonus'"),
    ("2B 3B 4B", (), "5B", "2B", "expected only flowers and seasons in 'bonus'"),
    ("2B 3B 4B", (), "F1 F1", "2B", "expected at most 1 of 'F1'"),
    ("2B 3B 4B 5D 5D", (), "", "9D", "the winning tile '9D' is not among the concealed tiles"),
], ids=["five_copies", "flower_in_hand", "suit_tile_as_bonus", "two_plum_blossoms", "winning_tile_missing"])
def test_invalid_hand__refused(concealed: str, melds: tuple[str, ...], bonus: str, tile: str, message: str) -> None:
    """Hands no set could hold raise InvalidTilesError saying what is wrong."""
    with pytest.raises(InvalidTilesError, match=message):
        score(hand(concealed, melds, bonus), win(tile))


def test_not_mah_jongg__result_code() -> None:
    """A winner's incomplete hand is a result with the stable code ``not_mah_jongg``, not an exception."""
    result = score(hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 6D 7D", seat="S"), win("7D"))
    assert (result.mah_jongg, result.code, result.score) == (False, NOT_MAH_JONGG, 0)


@pytest.mark.parametrize(("concealed", "tile", "expected"), [
    ("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 6D 6D", "6D", WinShape("pair")),
    ("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 6D 6D 6D", "6D", WinShape("pung")),
    ("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 6D 6D", "3B", WinShape("chow")),
    ("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD RD", "RD", WinShape("special", "thirteen_odd_majors")),
    ("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 6D 7D", "7D", None),
    ("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 6D", "6D", None),
], ids=["pair", "pung", "chow", "special", "not_complete", "thirteen_tiles"])
def test_mah_jongg__shape_for_claims(concealed: str, tile: str, expected: WinShape | None) -> None:
    """The judge tells the state machine how a hand goes Mah Jongg: a special hand ranks first."""
    assert classic_judge().mah_jongg(hand(concealed, seat="S"), win(tile)) == expected


def test_mah_jongg__situational_special_named() -> None:
    """A regular hand won with 5 Dots names the Golden Cock, keeping the regular claim rank."""
    shape = classic_judge().mah_jongg(hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 5D 5D", seat="S"), win("5D"))
    assert shape == WinShape("pair", "golden_cock")


def test_settle__passthrough() -> None:
    """The judge settles with its ruleset (the match calls ``judge.settle``)."""
    result = RulesetJudge(classic()).settle(east=0, winner=0, scores=[80, 12, 48, 112])
    assert result.deltas == (480, -296, -188, 4)
