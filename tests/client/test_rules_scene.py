"""The Rules pages: example hands generated from the special-hand patterns, and the scene's pages and keys."""

from __future__ import annotations

import pytest

from game.client.pattern_example import candidate_examples, special_hand_example
from game.core.scoring import RulesetJudge
from game.core.tiles import counts_of, format_tiles, parse_tiles
from game.mods import get_ruleset

CLASSIC = get_ruleset("classic")
JUDGE = RulesetJudge(CLASSIC)


@pytest.mark.parametrize("special", CLASSIC.special_hands, ids=lambda h: h.id)
def test_example__every_classic_special_hand_scores_as_itself(special) -> None:
    """The example drawn for a special hand is a legal hand the ruleset's judge scores as exactly that hand."""
    example = special_hand_example(JUDGE, special)
    assert example is not None and example.verified
    result = JUDGE.score(example.hand, example.context)
    assert result.mah_jongg, result.message
    assert result.special_hand_id == special.id, (special.id, format_tiles(example.tiles), result.special_hand)
    assert result.special_hand == special.name
    # Every drawn tile is in the hand (concealed or declared), and no tile appears more than four times.
    held = list(example.hand.concealed) + [t for m in example.hand.melds for t in m.tiles]
    assert sorted(held) == sorted(example.tiles)
    assert max(counts_of(held)) <= 4
    assert example.context.winning_tile in example.hand.concealed


def test_example__variables_and_different_suits_are_honoured() -> None:
    """Three Adopted Sons of the Red Dragon: one number in three different suits, as the pattern's variables say."""
    example = special_hand_example(JUDGE, CLASSIC.special_hand("adopted_sons_red_dragon"))
    pungs = [group for group in example.groups if len(group) == 3 and group[0] < 27]
    assert len(pungs) == 3
    assert len({g[0] // 9 for g in pungs}) == 3 and len({g[0] % 9 for g in pungs}) == 1


def test_example__own_wind_is_east_and_conditions_shape_the_win() -> None:
    """Imperial's pair is the own wind (East); Terrestrial Blessing is won with East's first discard."""
    imperial = special_hand_example(JUDGE, CLASSIC.special_hand("imperial"))
    assert imperial.groups[-1] == tuple(parse_tiles("EW EW"))
    terrestrial = special_hand_example(JUDGE, CLASSIC.special_hand("terrestrial_blessing"))
    assert terrestrial.context.first_discard and terrestrial.context.won_by == "discard"
    assert terrestrial.hand.seat_wind != 0
    cock = special_hand_example(JUDGE, CLASSIC.special_hand("golden_cock"))
    assert format_tiles([cock.context.winning_tile]) == "5D"


def test_example__a_hand_holding_another_hands_tiles_gets_an_exposed_set() -> None:
    """Crazy Monkey held concealed is Imperial; its example declares a pung so it scores as Crazy Monkey."""
    example = special_hand_example(JUDGE, CLASSIC.special_hand("crazy_monkey"))
    assert example.exposed and example.hand.melds
    first = next(candidate_examples(CLASSIC.special_hand("crazy_monkey").forms[0]))
    assert JUDGE.score(first.hand, first.context).special_hand_id == "imperial"
