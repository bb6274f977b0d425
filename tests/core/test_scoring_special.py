"""Every classic special hand: a hand that matches it, and a hand that narrowly misses it."""

from __future__ import annotations

import pytest

from game.core.scoring import NOT_MAH_JONGG
from tests.scoring_builders import NOT_MJ, SPECIAL_HAND_CASES, classic, hand, item_ids, score, win, with_changes


@pytest.mark.parametrize("case", list(SPECIAL_HAND_CASES), ids=list(SPECIAL_HAND_CASES))
def test_special_hand__matches_or_misses(case: str) -> None:
    """A hand built for (or narrowly missing) a special hand scores as that special hand, or not at all."""
    seat, round_wind, concealed, melds, won_by, tile, expected, value = SPECIAL_HAND_CASES[case]
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
