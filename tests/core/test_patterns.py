"""The pattern language: specs, variables, elements, forms, and hands of the other rule systems."""

from __future__ import annotations

import pytest
import yaml

from game.core.patterns import Env, HandFacts, SuitNumber, TileSet, TileVar, _Search
from game.core.tiles import counts_of, parse_tiles, tile_from_code
from game.rules.compile import compile_special_hand
from game.rules.schema import SpecialHandModel
from tests.scoring_builders import hand


def special(text: str):
    problems: list[str] = []
    model = SpecialHandModel.model_validate({"name": "test", "points": 1, **yaml.safe_load(text)})
    compiled = compile_special_hand("test", model, (), lambda loc, msg: problems.append(msg))
    assert not problems, problems
    return compiled


def matches(text: str, concealed: str, melds: tuple[str, ...] = (), seat: str = "E", claimed: str | None = None,
            claimed_alone: bool = True) -> bool:
    compiled = special(text)
    spec = hand(concealed, melds, seat=seat)
    counts = counts_of(spec.concealed)
    facts = HandFacts.of(counts, spec.melds)
    env = Env(spec.seat_wind, spec.round_wind)
    claim = tile_from_code(claimed) if claimed else None
    for form in compiled.forms:
        if form.quick_reject(facts.mask, facts.totals, facts.n_tiles, facts.n_suits):
            continue
        if form.match(counts, spec.melds, env, claim, claimed_alone=claimed_alone) is not None:
            return True
    return False


def test_suit_number__binds_and_checks_variables() -> None:
    """A suit variable binds on first use; the next tile must agree."""
    spec = SuitNumber(suit_var="s", number_var="n", offset=1)
    bound = spec.match(tile_from_code("5C"), {}, Env())
    assert bound == {"s": 1, "n": 4}
    assert spec.match(tile_from_code("5B"), bound, Env()) is None


def test_tile_var__same_tile_everywhere() -> None:
    """``{tile: x}`` accepts only the tile it first bound."""
    spec = TileVar("x", TileSet(frozenset(range(34))))
    bound = spec.match(3, {}, Env())
    assert spec.match(3, bound, Env()) is bound and spec.match(4, bound, Env()) is None


SEVEN_PAIRS = "sets: [{pair: any, times: 7, distinct: true}]\nconcealed: true"


@pytest.mark.parametrize(("tiles", "expected"), [
    ("1B 1B 3C 3C 5D 5D EW EW RD RD 9D 9D 2B 2B", True),
    ("1B 1B 1B 1B 5D 5D EW EW RD RD 9D 9D 2B 2B", False),
    ("1B 1B 3C 3C 5D 5D EW EW RD RD 9D 9D 2B 3B", False),
], ids=["seven_distinct_pairs", "four_of_a_kind_not_two_pairs", "no_seventh_pair"])
def test_seven_pairs__distinct(tiles: str, expected: bool) -> None:
    """Seven pairs with ``distinct``: four of a kind is not two pairs (four-winds A22)."""
    assert matches(SEVEN_PAIRS, tiles) is expected


def test_seven_pairs__without_distinct_counts_a_kong_as_two_pairs() -> None:
    """Without ``distinct`` four held tiles make two pairs (Shanghai Dynasty's All Pair Terminals)."""
    assert matches("sets: [{pair: terminal, times: 7}]", "1B 1B 1B 1B 9B 9B 1C 1C 9C 9C 1D 1D 9D 9D")


def test_seven_pairs__twins_do_not_explode_on_a_miss() -> None:
    """Identical elements take their tiles in order, so a failing hand is rejected quickly."""
    compiled = special("sets: [{single: any, times: 14}]")
    counts = counts_of(parse_tiles("1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C 4C 5C"))
    counts[0] = 0  # 13 tiles for 14 singles: every order must fail
    assert compiled.forms[0].match(counts, (), Env()) is None


GERTIES_GARTER = "sets: [{run: {suit: s, from: 1, to: 7}}, {run: {suit: t, from: 1, to: 7}}]\ndifferent: [s, t]"


def test_gerties_garter__two_suits() -> None:
    """1-7 in two different suits (Shanghai Dynasty #17)."""
    assert matches(GERTIES_GARTER, "1B 2B 3B 4B 5B 6B 7B 1D 2D 3D 4D 5D 6D 7D")
    assert not matches(GERTIES_GARTER, "1B 2B 3B 4B 5B 6B 7B 1B 2B 3B 4B 5B 6B 7B")


KNITTING = "sets: [{knitted_pair: {suits: [s, t]}, times: 7}]\nconcealed: true"


def test_knitting__seven_knitted_pairs_in_two_suits() -> None:
    """Seven knitted pairs over the same two suits (British Knitting)."""
    assert matches(KNITTING, "1B 1C 2B 2C 3B 3C 5B 5C 5B 5C 8B 8C 9B 9C")
    assert not matches(KNITTING, "1B 1C 2B 2C 3B 3C 5B 5D 5B 5C 8B 8C 9B 9C")


TRIPLE_KNITTING = "sets: [{knitted_pung: {}, times: 4}, {knitted_pair: {}}]"


def test_triple_knitting__four_knitted_pungs_and_a_knitted_pair() -> None:
    """Knitted pungs: one number in all three suits (Shanghai Dynasty #46)."""
    assert matches(TRIPLE_KNITTING, "1B 1C 1D 4B 4C 4D 6B 6C 6D 9B 9C 9D 2B 2D")
    assert not matches(TRIPLE_KNITTING, "1B 1C 1D 4B 4C 4D 6B 6C 6D 9B 9C 8D 2B 2D")


def test_run__alternate_any_allows_a_two_suit_zigzag() -> None:
    """``alternate: any`` only forbids two consecutive numbers in the same suit (A11's alternative)."""
    text = "sets: [{run: {from: 1, to: 9, alternate: any}}, {singles: [RD, GD, WD]}, {pair: own_wind}]"
    assert matches(text, "1B 2C 3B 4C 5B 6C 7B 8C 9B RD GD WD EW EW")
    assert not matches(text, "1B 2B 3C 4B 5C 6B 7C 8B 9C RD GD WD EW EW")
    cycle = text.replace("alternate: any", "alternate: cycle")
    assert not matches(cycle, "1B 2C 3B 4C 5B 6C 7B 8C 9B RD GD WD EW EW")


CIVIL_WAR = ("sets: [{run: {suit: s, numbers: [1, 8, 6, 1]}}, {run: {suit: t, numbers: [1, 8, 6, 5]}},"
             " {pungs: [NW, SW]}]\ndifferent: [s, t]\nconcealed: true")


def test_civil_war__listed_numbers_with_a_repeat() -> None:
    """1861 in one suit, 1865 in another, pungs of North and South (Shanghai Dynasty #48)."""
    assert matches(CIVIL_WAR, "1B 8B 6B 1B 1D 8D 6D 5D NW NW NW SW SW SW")
    assert not matches(CIVIL_WAR, "1B 8B 6B 1B 1B 8B 6B 5B NW NW NW SW SW SW")


JADE = ("sets: [{one_of: [{pung_or_kong: {in: [2B, 3B, 4B, 6B, 8B]}}, {chow: 2B}], times: 4}, {pair: GD}]")


def test_jade_hand__one_of_pungs_or_the_green_chow() -> None:
    """Green pungs or the all-green chow 2-3-4 Bamboo, with a pair of Green Dragons (Shanghai Dynasty #1)."""
    assert matches(JADE, "2B 3B 4B 2B 3B 4B 6B 6B 6B 8B 8B 8B GD GD")
    assert matches(JADE, "3B 3B 3B 4B 4B 4B GD GD", ("6B 6B 6B", "2B 3B 4B"))
    assert not matches(JADE, "3B 4B 5B 2B 3B 4B 6B 6B 6B 8B 8B 8B GD GD")


NINE_GATES = ("sets: [{pung: {suit: s, number: 1}}, {run: {suit: s, from: 2, to: 8}}, {pung: {suit: s, number: 9}},"
              " {single: {suit: s}}]\nconcealed: true")


def test_nine_gates__concealed_one_suit() -> None:
    """Nine Gates needs a concealed hand; an exposed pung of ones misses (four-winds A24)."""
    assert matches(NINE_GATES, "1D 1D 1D 2D 3D 4D 5D 6D 7D 8D 9D 9D 9D 9D")
    assert not matches(NINE_GATES, "2D 3D 4D 5D 6D 7D 8D 9D 9D 9D 9D", ("1D 1D 1D",))


FOUR_CONCEALED_PUNGS = "sets: [{pung: any, times: 4, concealed: true}, {pair: any}]"


def test_four_concealed_pungs__claimed_tile_only_for_the_pair() -> None:
    """A ``concealed`` element may not hold the claimed discard (four-winds A24, Hidden Treasure)."""
    tiles = "2B 2B 2B 5C 5C 5C 7D 7D 7D EW EW EW RD RD"
    assert matches(FOUR_CONCEALED_PUNGS, tiles, claimed="RD")
    assert not matches(FOUR_CONCEALED_PUNGS, tiles, claimed="2B")
    assert matches(FOUR_CONCEALED_PUNGS, tiles)


THIRTEEN_ORPHANS = "sets: [{singles: [1B, 9B, 1C, 9C, 1D, 9D, EW, SW, WW, NW, RD, GD, WD]}, {single: major}]"
LITTLE_FOUR_WINDS = ("sets: [{pung_or_kong: wind, times: 3}, {pair: wind}, "
                     "{one_of: [{pung_or_kong: any}, {chow: suit}]}]")


def test_claimed_alone__a_claimed_tile_kept_out_of_single_tiles() -> None:
    """Where a claimed tile may not stand alone (a robbed kong in Four Winds, A27) no single element takes it:
    Thirteen Orphans completed by its missing orphan fails, a hand whose claimed tile makes a chow still fits."""
    orphans = "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD WD"
    assert matches(THIRTEEN_ORPHANS, orphans, claimed="1B")
    assert not matches(THIRTEEN_ORPHANS, orphans, claimed="1B", claimed_alone=False)
    assert matches(THIRTEEN_ORPHANS, orphans, claimed_alone=False)  # self-drawn: nothing was claimed
    winds = "EW EW EW SW SW SW WW WW WW NW NW 3B 4B 5B"
    assert matches(LITTLE_FOUR_WINDS, winds, claimed="4B", claimed_alone=False)


BIG_THREE_DRAGONS = """
forms:
  - sets: [{pungs_or_kongs: [RD, GD, WD]}, {one_of: [{pung_or_kong: {suit: s}}, {chow: {suit: s}}]},
           {pair: {suit: s}}]
  - sets: [{pungs_or_kongs: [RD, GD, WD]}, {one_of: [{pung_or_kong: suit}, {chow: suit}]}, {pair: wind}]
"""


def test_big_three_dragons__two_forms() -> None:
    """Shanghai Dynasty #42: a set and a pair of one suit, or any set and a pair of winds."""
    assert matches(BIG_THREE_DRAGONS, "RD RD RD GD GD GD WD WD WD 4C 5C 6C 9C 9C")
    assert matches(BIG_THREE_DRAGONS, "RD RD RD GD GD GD WD WD WD 4C 5C 6C EW EW")
    assert not matches(BIG_THREE_DRAGONS, "RD RD RD GD GD GD WD WD WD 4C 5C 6C 9B 9B")


MOON_FROM_THE_SEA = "winning_tile: 1D\nwhen: {last_wall_tile: true}"


def test_situational_hand__only_conditions() -> None:
    """A pattern without sets is "any complete hand" and never matches tiles on its own."""
    compiled = special(MOON_FROM_THE_SEA)
    assert not compiled.has_shape
    assert compiled.forms[0].winning_tile is not None


def test_prefilter__allowed_tiles_reject_quickly() -> None:
    """A hand with a tile no element can take is refused before any search."""
    compiled = special("sets: [{pung_or_kong: honour, times: 4}, {pair: honour}]")
    spec = hand("EW EW EW SW SW SW RD RD RD GD GD GD 1B 1B")
    counts = counts_of(spec.concealed)
    facts = HandFacts.of(counts, spec.melds)
    assert compiled.forms[0].quick_reject(facts.mask, facts.totals, facts.n_tiles, facts.n_suits)


GREAT_SNAKE = """
sets:
  - chows: [{suit: s, number: 1}, {suit: s, number: 4}, {suit: s, number: 7}]
  - pung_or_kong: honour
  - pair: honour
"""


def _shortfall(compiled, concealed: str) -> int:
    spec = hand(concealed)
    facts = HandFacts.of(counts_of(spec.concealed), spec.melds)
    return compiled.forms[0].shortfall(facts.mask, facts.totals)


def test_shortfall__counts_the_kinds_each_run_lacks() -> None:
    """A hand with honours but scattered suit tiles is far from One to Nine: the search is not even tried (it was,
    for almost every dealt hand, when runs did not count)."""
    snake = special(GREAT_SNAKE)
    assert _shortfall(snake, "1D 5B 9C 2C 6D 3B 8B WW WW WW RD RD SW NW") >= 4
    assert _shortfall(snake, "1D 2D 3D 4D 5D 6D 7D 8D 9D WW WW WW RD RD") == 0


@pytest.mark.parametrize("removed", [1, 2, 3])
def test_shortfall__never_more_than_the_tiles_really_missing(removed: int) -> None:
    """The bound only skips searches that would fail: taking ``removed`` tiles out of a finished hand leaves it
    short by at most that many, however the runs share tiles."""
    import random

    snake = special(GREAT_SNAKE)
    rng = random.Random(removed)
    finished = ["1D 2D 3D 4D 5D 6D 7D 8D 9D WW WW WW RD RD", "1B 2B 3B 4B 5B 6B 7B 8B 9B GD GD GD NW NW"]
    for _ in range(200):
        tiles = rng.choice(finished).split()
        for _ in range(removed):
            tiles.pop(rng.randrange(len(tiles)))
        assert _shortfall(snake, " ".join(tiles)) <= removed, tiles


BIG_FOUR_WINDS = "sets: [{pungs_or_kongs: [EW, SW, WW, NW]}, {pair: any}]"
PLAIN_BIG_THREE_DRAGONS = ("sets: [{pungs_or_kongs: [RD, GD, WD]}, {one_of: [{pung_or_kong: any}, {chow: suit}]}, "
                           "{pair: any}]")


def _searched(form, spec, claimed, claimed_alone: bool, fixed: bool):
    """``form``'s match of the hand, the leading named tiles placed at once (``fixed``) or each searched."""
    search = _Search(form, counts_of(spec.concealed), spec.melds, Env(spec.seat_wind, spec.round_wind), claimed, 0,
                     claimed_alone)
    if not fixed:
        search.fixed = ()
    return search.run()


@pytest.mark.parametrize(("text", "concealed", "melds"), [
    (THIRTEEN_ORPHANS, "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD WD", ()),
    (BIG_FOUR_WINDS, "EW EW EW SW SW SW WW WW WW NW NW NW 5B 5B", ()),
    (BIG_FOUR_WINDS, "WW WW WW NW NW NW 5B 5B", ("EW EW EW", "SW SW SW SW!")),
    (PLAIN_BIG_THREE_DRAGONS, "GD GD GD WD WD WD 2C 3C 4C 5D 5D", ("RD RD RD",)),
    (PLAIN_BIG_THREE_DRAGONS, "RD RD RD GD GD GD WD WD WD 7B 7B 7B 5D 5D", ()),
])
def test_named_tiles_placed_at_once__the_same_match_as_searching_them(text, concealed, melds) -> None:
    """The leading elements that take one named tile are placed without a search while each has one place: the
    hand, every claimed tile, and every hand one tile away give the same groups (or the same miss) as searching."""
    compiled = special(text)
    base = concealed.split()
    variants = [base] + [[*base[:k], code, *base[k + 1:]] for k in range(len(base))
                         for code in ("1B", "5C", "9D", "EW", "NW", "RD", "WD")]
    fits = 0
    for tiles in variants:
        spec = hand(" ".join(tiles), melds)
        if max(counts_of(spec.concealed)) > 4:
            continue
        for claimed in (None, *sorted(set(spec.concealed))):
            for claimed_alone in (True, False):
                for form in compiled.forms:
                    fast = _searched(form, spec, claimed, claimed_alone, fixed=True)
                    assert fast == _searched(form, spec, claimed, claimed_alone, fixed=False), (tiles, claimed)
                    fits += fast is not None
    assert fits >= len(base)  # the test saw matches, not only misses
