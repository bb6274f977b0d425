"""Every classic special hand: a hand that matches it, and a hand that narrowly misses it."""

from __future__ import annotations

import pytest

from game.core.scoring import NOT_MAH_JONGG
from tests.scoring_builders import classic, hand, item_ids, score, win, with_changes

NOT_MJ = "not mah jongg"

# id: (seat, round, concealed, melds, won_by, winning tile, expected special hand, expected score or None)
CASES = {
    "imperial": ("E", "E", "RD RD RD RD GD GD GD GD WD WD WD WD EW EW", (), "wall", "EW", "imperial", 6000),
    "imperial__pair_not_own_wind": ("S", "E", "RD RD RD RD GD GD GD GD WD WD WD WD EW EW", (), "wall", "EW",
                                    NOT_MJ, None),
    "imperial__claimed_fourth_tile": ("E", "E", "RD RD RD RD GD GD GD GD WD WD WD WD EW EW", (), "discard", "WD",
                                      "imperial", 6000),
    "mandarin": ("N", "E", "EW EW EW EW SW SW SW SW WW WW WW WW NW NW", (), "wall", "NW", "mandarin", 5000),
    "mandarin__exposed_kong": ("N", "E", "SW SW SW SW WW WW WW WW NW NW", ("EW EW EW EW",), "wall", "NW",
                               NOT_MJ, None),
    "crazy_monkey": ("E", "S", "GD GD GD GD WD WD WD WD RD EW EW", ("RD RD RD",), "discard", "EW", "crazy_monkey",
                     4500),
    "crazy_monkey__imperial_wins_when_concealed": ("E", "S", "RD RD RD RD GD GD GD GD WD WD WD WD EW EW", (),
                                                   "wall", "RD", "imperial", 6000),
    "crazy_monkey__pair_not_own_wind": ("E", "S", "GD GD GD GD WD WD WD WD RD SW SW", ("RD RD RD",), "discard",
                                        "SW", NOT_MJ, None),
    "fourfold_homely_happiness": ("S", "E", "SW SW SW WW WW WW NW NW NW RD RD", ("EW EW EW",), "discard", "RD",
                                  "fourfold_homely_happiness", 4000),
    "fourfold_homely_happiness__pair_of_suit": ("S", "E", "SW SW SW WW WW WW NW NW NW 5B 5B", ("EW EW EW",),
                                                "discard", "5B", None, None),
    "great_green_major": ("E", "E", "2B 2B 2B 4B 4B 4B 6B 6B 6B GD GD GD 8B 8B", (), "discard", "8B",
                          "great_green_major", 3600),
    "great_green_major__pair_of_nine": ("E", "E", "2B 2B 2B 4B 4B 4B 6B 6B 6B GD GD GD 9B 9B", (), "discard", "2B",
                                        None, None),
    "great_green_minor": ("E", "E", "2B 2B 2B 4B 4B 4B 6B 6B 6B 8B 8B 8B GD GD", (), "discard", "GD",
                          "great_green_minor", 3500),
    "great_green_minor__pair_of_red": ("E", "E", "2B 2B 2B 4B 4B 4B 6B 6B 6B 8B 8B 8B RD RD", (), "discard", "2B",
                                       None, None),
    "red_and_green": ("E", "E", "1B 1B 1B 5B 5B 5B 7B 7B 7B 9B 9B 9B GD RD", (), "wall", "RD", "red_and_green", 3400),
    "red_and_green__dragon_pair": ("E", "E", "1B 1B 1B 5B 5B 5B 7B 7B 7B 9B 9B 9B GD GD", (), "discard", "1B",
                                   None, None),
    "adopted_sons_dragon_nine": ("S", "E", "9B 9B 9B 9C 9C 9C 9D 9D 9D RD RD RD SW SW", (), "discard", "SW",
                                 "adopted_sons_dragon_nine", 3300),
    "adopted_sons_dragon_nine__other_wind_pair": ("S", "E", "9B 9B 9B 9C 9C 9C 9D 9D 9D RD RD RD EW EW", (),
                                                  "discard", "EW", "adopted_sons_red_dragon", 2800),
    "adopted_sons_dragon_one": ("W", "E", "1B 1B 1B 1C 1C 1C 1D 1D 1D GD GD GD WW WW", (), "discard", "WW",
                                "adopted_sons_dragon_one", 3300),
    "adopted_sons_dragon_one__a_two": ("W", "E", "1B 1B 1B 1C 1C 1C 2D 2D 2D GD GD GD WW WW", (), "discard", "1B",
                                       None, None),
    "small_green_major": ("E", "E", "3B 3B 3B 2B 2B 2B 6B 6B 6B GD GD GD 4B 4B", (), "discard", "4B",
                          "small_green_major", 3200),
    "small_green_major__odd_pair": ("E", "E", "3B 3B 3B 2B 2B 2B 6B 6B 6B GD GD GD 5B 5B", (), "discard", "3B",
                                    None, None),
    "small_green_minor": ("E", "E", "3B 3B 3B 2B 2B 2B 4B 4B 4B 8B 8B 8B GD GD", (), "discard", "GD",
                          "small_green_minor", 3000),
    "small_green_minor__five_not_three": ("E", "E", "5B 5B 5B 2B 2B 2B 4B 4B 4B 8B 8B 8B GD GD", (), "discard",
                                          "5B", None, None),
    "enemies__east_and_west": ("E", "E", "EW EW EW WW WW WW 1C 1C 1C 9C 9C 9C SW NW", (), "wall", "NW", "enemies",
                               3000),
    "enemies__south_and_north": ("E", "E", "SW SW SW NW NW NW 1D 1D 1D 9D 9D 9D EW WW", (), "wall", "WW", "enemies",
                                 3000),
    "enemies__ones_and_nines_of_two_suits": ("E", "E", "EW EW EW WW WW WW 1C 1C 1C 9D 9D 9D SW NW", (), "wall", "NW",
                                             NOT_MJ, None),
    "adopted_sons_red_dragon": ("E", "E", "5B 5B 5B 5C 5C 5C 5D 5D 5D RD RD RD NW NW", (), "discard", "NW",
                                "adopted_sons_red_dragon", 2800),
    "adopted_sons_red_dragon__numbers_differ": ("E", "E", "5B 5B 5B 5C 5C 5C 6D 6D 6D RD RD RD NW NW", (), "discard",
                                                "5B", None, None),
    "adopted_sons_wind": ("E", "E", "7B 7B 7B 7C 7C 7C 7D 7D 7D SW SW SW GD GD", (), "discard", "GD",
                          "adopted_sons_wind", 2800),
    "adopted_sons_wind__numbers_differ": ("E", "E", "7B 7B 7B 7C 7C 7C 8D 8D 8D SW SW SW GD GD", (), "discard", "7B",
                                          None, None),
    "four_great_siamese_sisters": ("E", "E", "3C 3C 3C 4C 4C 4C 5C 5C 5C 6C 6C 6C WD WD", (), "discard", "WD",
                                   "four_great_siamese_sisters", 2700),
    "four_great_siamese_sisters__gap": ("E", "E", "3C 3C 3C 4C 4C 4C 5C 5C 5C 7C 7C 7C WD WD", (), "discard", "3C",
                                        None, None),
    "four_small_siamese_sisters": ("E", "E", "6D 6D 6D 7D 7D 7D 8D 8D 8D 9D 9D 9D EW EW", (), "discard", "EW",
                                   "four_small_siamese_sisters", 2500),
    "four_small_siamese_sisters__dragon_pair_is_great": ("E", "E", "6D 6D 6D 7D 7D 7D 8D 8D 8D 9D 9D 9D RD RD", (),
                                                         "discard", "RD", "four_great_siamese_sisters", 2700),
    "four_small_siamese_sisters__declared_kong": ("E", "E", "6D 6D 6D 7D 7D 7D 9D 9D 9D EW EW", ("8D 8D 8D 8D",),
                                                  "discard", "EW", "four_small_siamese_sisters", 2500),
    "rose_of_the_winds": ("E", "E", "EW EW SW SW WW WW NW NW RD RD GD GD WD WD", (), "discard", "WD",
                          "rose_of_the_winds", 2200),
    "rose_of_the_winds__a_suit_pair": ("E", "E", "EW EW SW SW WW WW NW NW RD RD GD GD 1B 1B", (), "discard", "1B",
                                       NOT_MJ, None),
    "three_great_scholars": ("E", "S", "RD RD RD GD GD GD WD WD WD 3B 4B 5B 8B 8B", (), "discard", "8B",
                             "three_great_scholars", 2000),
    "three_great_scholars__pair_of_other_suit": ("E", "S", "RD RD RD GD GD GD WD WD WD 3B 4B 5B 8C 8C", (),
                                                 "discard", "8C", None, None),
    "winds_and_dragons": ("E", "E", "RD RD RD GD GD", ("SW SW SW", "WW WW WW", "NW NW NW"), "discard", "GD",
                          "winds_and_dragons", 1900),
    "winds_and_dragons__terminal_pair": ("E", "E", "RD RD RD 9B 9B", ("SW SW SW", "WW WW WW", "NW NW NW"),
                                         "discard", "9B", None, None),
    "calling_nine_tile": ("E", "E", "1C 1C 1C 2C 3C 4C 5C 6C 7C 8C 9C 9C 9C 5C", (), "wall", "5C",
                          "calling_nine_tile", 1800),
    "calling_nine_tile__exposed_pung": ("E", "E", "2C 3C 4C 5C 6C 7C 8C 9C 9C 9C 5C", ("1C 1C 1C",), "wall", "5C",
                                        None, None),
    "thirteen_wonderful_lanterns": ("E", "E", "RD GD WD EW SW WW NW 1B 9B 1C 9C 1D 9D 9D", (), "discard", "9D",
                                    "thirteen_wonderful_lanterns", 1600),
    "thirteen_wonderful_lanterns__honour_extra_is_odd_majors": ("E", "E", "RD GD WD EW SW WW NW 1B 9B 1C 9C 1D 9D EW",
                                                                (), "discard", "EW", "thirteen_odd_majors", 250),
    "great_snake": ("E", "S", "1D 2D 3D 4D 5D 6D 7D 8D 9D WW WW WW RD RD", (), "discard", "RD", "great_snake", 1500),
    "great_snake__declared_chow": ("E", "S", "4D 5D 6D 7D 8D 9D WW WW WW RD RD", ("1D 2D 3D",), "discard", "RD",
                                   "great_snake", 1500),
    "great_snake__suit_pair": ("E", "S", "1D 2D 3D 4D 5D 6D 7D 8D 9D WW WW WW 5B 5B", (), "discard", "5B",
                               None, None),
    "snake_of_dragons": ("E", "E", "1B 2C 3D 4B 5C 6D 7B 8C 9D RD GD WD EW EW", (), "wall", "EW", "snake_of_dragons",
                         1400),
    "snake_of_dragons__other_cycle": ("E", "E", "1D 2C 3B 4D 5C 6B 7D 8C 9B RD GD WD EW EW", (), "wall", "EW",
                                      "snake_of_dragons", 1400),
    "snake_of_dragons__broken_cycle": ("E", "E", "1B 2C 3D 4B 5C 6D 7B 8C 9B RD GD WD EW EW", (), "wall", "EW",
                                       NOT_MJ, None),
    "snake_of_four_winds": ("E", "E", "1C 2D 3B 4C 5D 6B 7C 8D 9B EW SW WW NW RD", (), "wall", "RD",
                            "snake_of_four_winds", 1200),
    "snake_of_four_winds__green_dragon": ("E", "E", "1C 2D 3B 4C 5D 6B 7C 8D 9B EW SW WW NW GD", (), "wall", "GD",
                                          NOT_MJ, None),
    "little_snake": ("E", "E", "1B 2B 3B 4B 5B 6B 7B 8B 9B EW SW WW NW GD", (), "wall", "GD", "little_snake", 1000),
    "little_snake__two_suits": ("E", "E", "1B 2B 3B 4B 5B 6B 7C 8C 9C EW SW WW NW GD", (), "wall", "GD",
                                NOT_MJ, None),
    "thirteen_odd_majors": ("E", "E", "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD RD", (), "discard", "RD",
                            "thirteen_odd_majors", 250),
    "thirteen_odd_majors__a_two": ("E", "E", "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD 2B", (), "discard", "2B",
                                   NOT_MJ, None),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_special_hand__matches_or_misses(case: str) -> None:
    """A hand built for (or narrowly missing) a special hand scores as that special hand, or not at all."""
    seat, round_wind, concealed, melds, won_by, tile, expected, value = CASES[case]
    result = score(hand(concealed, melds, seat=seat, round_wind=round_wind), win(tile, won_by))
    if expected == NOT_MJ:
        assert (result.mah_jongg, result.code) == (False, NOT_MAH_JONGG)
        return
    assert result.mah_jongg
    assert result.special_hand_id == expected, result.items
    if value is not None:
        assert (result.score, result.doubles, result.limited) == (value, 0, False)
        assert [item.points for item in result.items] == [value]


def test_special_hand__regular_reading_beats_special() -> None:
    """All winds and dragons, concealed: the regular 3 + 2 doubles outscore the 1900 of the special hand."""
    result = score(hand("EW EW EW SW SW SW RD RD RD GD GD GD WD WD", seat="W", round_wind="N"), win("WD", "wall"))
    assert result.special_hand is None
    assert result.score > 1900
    assert "all_honours" in item_ids(result)


def test_special_hand__disallowed_is_not_scored() -> None:
    """A special hand switched off scores by the regular reading instead."""
    ruleset = with_changes(classic(), disallow=("great_green_minor",))
    result = score(hand("2B 2B 2B 4B 4B 4B 6B 6B 6B 8B 8B 8B GD GD"), win("2B"), ruleset)
    assert result.special_hand is None and result.mah_jongg


def test_special_hand__master_switch_off() -> None:
    """With special hands not allowed, a special-only shape is not Mah Jongg."""
    ruleset = with_changes(classic(), special_hands_allowed=False)
    result = score(hand("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD RD"), win("RD"), ruleset)
    assert not result.mah_jongg


def test_heavenly_blessing__three_doubles_once() -> None:
    """East's original hand scores Heavenly Blessing's 3 doubles in place of the Original Hand line."""
    spec = hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 6D 6D", seat="E")
    result = score(spec, win("6D", "wall", original_hand=True))
    assert result.special_hand_id == "heavenly_blessing"
    assert "heavenly_blessing" in item_ids(result) and "original_hand" not in item_ids(result)
    assert result.doubles == 3
    plain = score(spec, win("6D", "wall"))
    assert result.score == plain.points * 8


def test_heavenly_blessing__disallowed_keeps_original_hand_line() -> None:
    """Without the special hand, the scoring line "Mah Jongg with an Original Hand" still gives 3 doubles."""
    ruleset = with_changes(classic(), disallow=("heavenly_blessing",))
    result = score(hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 6D 6D"), win("6D", "wall", original_hand=True), ruleset)
    assert "original_hand" in item_ids(result) and result.doubles == 3


def test_heavenly_blessing__missed_without_original_hand() -> None:
    """Without an original hand the same tiles score no Heavenly Blessing."""
    result = score(hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 6D 6D"), win("6D", "wall"))
    assert result.special_hand is None and result.doubles == 0


def test_terrestrial_blessing__first_discard() -> None:
    """Going Mah Jongg on East's first discard scores 800 in total."""
    result = score(hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 6D 6D", seat="S"), win("6D", first_discard=True))
    assert (result.special_hand_id, result.score) == ("terrestrial_blessing", 800)


def test_terrestrial_blessing__missed_on_a_later_discard() -> None:
    """The same win on a later discard is a regular hand."""
    result = score(hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 6D 6D", seat="S"), win("6D"))
    assert result.special_hand is None and result.score < 800


def test_terrestrial_blessing__needs_a_complete_hand() -> None:
    """East's first discard does not make an incomplete hand Mah Jongg."""
    result = score(hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 6D 7D", seat="S"), win("6D", first_discard=True))
    assert not result.mah_jongg


BURIED = "2B 2B 2B 5B 5B 5B 8B 8B 8B EW EW EW RD RD"


def test_buried_treasure__adds_300_before_doubling() -> None:
    """A concealed one-suit-and-honours pung hand scores its regular points plus 300, then doubles."""
    spec = hand(BURIED, seat="S", round_wind="S")
    result = score(spec, win("RD", "wall"))
    plain = score(spec, win("RD", "wall"), with_changes(classic(), disallow=("buried_treasure",)))
    assert result.special_hand_id == "buried_treasure"
    assert result.points == plain.points + 300
    assert result.score == (plain.points + 300) * 2 ** plain.doubles


def test_buried_treasure__needs_suit_tiles() -> None:
    """A concealed hand of honours only is not "one suit plus winds and dragons"."""
    result = score(hand("EW EW EW SW SW SW RD RD RD GD GD GD WD WD", seat="W", round_wind="N"), win("WD", "wall"))
    assert result.special_hand_id != "buried_treasure"


def test_buried_treasure__honour_pungs_and_a_suit_pair() -> None:
    """Four concealed honour pungs with a pair of one suit is Buried Treasure."""
    result = score(hand("EW EW EW SW SW SW RD RD RD GD GD GD 5B 5B", seat="W", round_wind="N"), win("5B", "wall"))
    assert result.special_hand_id == "buried_treasure"


def test_buried_treasure__missed_with_an_exposed_pung() -> None:
    """An exposed pung breaks "completely concealed"."""
    result = score(hand("5B 5B 5B 8B 8B 8B EW EW EW RD RD", ("2B 2B 2B",), seat="S", round_wind="S"),
                   win("RD", "wall"))
    assert result.special_hand is None


def test_buried_treasure__missed_when_a_discard_completes_a_pung() -> None:
    """A pung completed with a claimed discard is exposed, so the hand is not completely concealed."""
    result = score(hand(BURIED, seat="S", round_wind="S"), win("2B"))
    assert result.special_hand is None


def test_buried_treasure__discard_may_complete_the_pair() -> None:
    """The claimed discard completing the pair keeps every pung concealed."""
    result = score(hand(BURIED, seat="S", round_wind="S"), win("RD"))
    assert result.special_hand_id == "buried_treasure"


def test_golden_cock__adds_100() -> None:
    """Winning with 5 Dots adds 100 points before doubling."""
    spec = hand("1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 2B 2B 5D 5D", seat="S")
    result = score(spec, win("5D"))
    plain = score(spec, win("5D"), with_changes(classic(), disallow=("golden_cock",)))
    assert result.special_hand_id == "golden_cock"
    assert result.points == plain.points + 100


def test_golden_cock__missed_with_5_characters() -> None:
    """5 Characters (the program's 5 Wan) is not the golden cock's tile."""
    result = score(hand("1B 2B 3B 4D 5D 6D 7D 8D 9D 2B 2B 2B 5C 5C", seat="S"), win("5C"))
    assert result.special_hand is None


def test_special_hand__limit_caps_total_value() -> None:
    """With a limit of 500, Imperial Mah Jongg scores 500 and says it was limited."""
    ruleset = with_changes(classic(), limit=500)
    result = score(hand("RD RD RD RD GD GD GD GD WD WD WD WD EW EW"), win("EW", "wall"), ruleset)
    assert (result.score, result.limited) == (500, True)


def test_special_hand__arrangement_groups_each_element() -> None:
    """A special hand lays out one group per element, declared melds first."""
    result = score(hand("4D 5D 6D 7D 8D 9D WW WW WW RD RD", ("1D 2D 3D",), seat="E", round_wind="S"), win("RD"))
    assert [len(g) for g in result.arrangement] == [3, 3, 3, 3, 2]
    assert result.arrangement[0] == (18, 19, 20)
