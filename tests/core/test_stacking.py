"""A prepared deal rearranges a shuffled wall: the hands and draws asked for, every tile still one of the set."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.judge import RegularJudge
from game.core.play_rules import PlayRules
from game.core.stacking import PreparedDeal
from game.core.table import Table
from game.core.tiles import full_set, is_bonus, parse_tiles


def all_tiles(table: Table) -> Counter:
    held = [t for p in table.players for t in [*p.concealed, *p.bonus]]
    return Counter([*held, *table.wall.tiles.values()])


@pytest.mark.parametrize("east", [0, 2])
def test_stacking__deals_the_hands_and_the_draws_asked_for(east) -> None:
    mine = parse_tiles("1B 2B 3B 4C 4C 4C 7D 8D 9D RD RD WW NW")
    deal = PreparedDeal(hands={east: mine}, draws=parse_tiles("WW 5B 5B 5B 2B"))
    table = Table(PlayRules(), RegularJudge(), seed=11, east=east, prepared=deal)
    assert sorted(table.players[east].concealed) == sorted(mine)
    assert all(not p.bonus for p in table.players), "seats left to chance get no flowers"
    assert all_tiles(table) == Counter(full_set(True, 0)), "no tile is invented or lost"
    table.begin()
    assert table.drawn_tile == parse_tiles("WW")[0], "East's first draw is the first asked for"


def test_stacking__without_a_prepared_deal_the_wall_is_the_seeds() -> None:
    plain = Table(PlayRules(), RegularJudge(), seed=11)
    again = Table(PlayRules(), RegularJudge(), seed=11, prepared=None)
    assert plain.wall.tiles == again.wall.tiles and [p.concealed for p in plain.players] == [
        p.concealed for p in again.players]


def test_stacking__flowers_asked_for_are_laid_out_and_replaced_by_the_loose_tiles_asked_for() -> None:
    mine = parse_tiles("F1 2B 3B 4C 4C 4C 7D 8D 9D RD RD WW NW")
    deal = PreparedDeal(hands={0: mine}, loose=parse_tiles("1B"))
    table = Table(PlayRules(), RegularJudge(), seed=5, prepared=deal)
    assert table.players[0].bonus == parse_tiles("F1")
    assert sorted(table.players[0].concealed) == sorted(parse_tiles("1B 2B 3B 4C 4C 4C 7D 8D 9D RD RD WW NW"))
    assert not any(is_bonus(t) for t in table.players[1].concealed)


def test_stacking__asking_for_a_fifth_tile_is_refused_by_name() -> None:
    deal = PreparedDeal(hands={0: parse_tiles("RD RD RD RD RD 1B 2B 3B 4B 5B 6B 7B 8B")})
    with pytest.raises(ValueError, match="more of Red Dragon than the set holds"):
        Table(PlayRules(), RegularJudge(), seed=1, prepared=deal)


def test_stacking__a_seat_left_to_chance_never_keeps_a_tile_asked_for_later() -> None:
    """All four Green Dragons asked for by East's hand and first draw, whatever the shuffle dealt the others."""
    deal = PreparedDeal(hands={0: parse_tiles("GD GD GD 2B 3B 4B 6D 7D 8D 1C 1C 9C NW")}, draws=parse_tiles("GD"))
    for seed in range(40):
        table = Table(PlayRules(), RegularJudge(), seed=seed, prepared=deal)
        table.begin()
        assert table.players[0].concealed.count(parse_tiles("GD")[0]) == 4
