"""Distance from a hand to a special hand, read from core patterns."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.melds import parse_meld
from game.core.patterns import TILE_CLASSES, AnyOf, Element, Env, Pattern, SuitNumber, TileSet
from game.core.ruleset import SpecialHand
from game.core.special_distance import UNREACHABLE, _closed_form, _pattern_data, _Search, distance, special_target
from game.core.tiles import DRAGONS, HONOURS, NUM_KINDS, TERMINALS, WINDS, counts_of, parse_tiles
from game.mods import get_ruleset


def _hand(hand_id: str, *forms: Pattern) -> SpecialHand:
    return SpecialHand(hand_id, hand_id, forms, points=1000)


ODD_MAJORS = _hand("thirteen_odd_majors", Pattern(
    (*(Element("single", TileSet(frozenset({t}))) for t in TERMINALS + HONOURS),
     Element("single", TileSet(TILE_CLASSES["major"]))), concealed=True))
FOURFOLD = _hand("fourfold_homely_happiness", Pattern(
    (*(Element("pung_or_kong", TileSet(frozenset(WINDS)), twin=0, distinct=True) for _ in range(4)),
     Element("pair", TileSet(frozenset(DRAGONS))))))
LITTLE_SNAKE = _hand("little_snake", Pattern(
    (*(Element("single", SuitNumber(suit_var="s", numbers=frozenset({n}))) for n in range(1, 10)),
     *(Element("single", TileSet(frozenset({w}))) for w in WINDS),
     Element("single", TileSet(TILE_CLASSES["honour"])))))
_SUIT_OR_HONOUR = AnyOf((SuitNumber(suit_var="s"), TileSet(TILE_CLASSES["honour"])))
BURIED = _hand("buried_treasure", Pattern(
    (*(Element("pung_or_kong", _SUIT_OR_HONOUR, twin=0) for _ in range(4)), Element("pair", _SUIT_OR_HONOUR)),
    concealed=True))


def c(codes: str) -> list[int]:
    return counts_of(parse_tiles(codes))


@pytest.mark.parametrize("hand, tiles, expected", [
    (ODD_MAJORS, "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD WD", -1),
    (ODD_MAJORS, "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD 5D", 1),
    (ODD_MAJORS, "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD", 0),
    (FOURFOLD, "EW EW EW SW SW SW WW WW WW NW NW NW RD RD", -1),
    (FOURFOLD, "EW EW SW SW WW WW NW RD RD 1B 2B 3B 4B", 4),
    (LITTLE_SNAKE, "1B 2B 3B 4B 5B 6B 7B 8B 9B EW SW WW NW RD", -1),
    (LITTLE_SNAKE, "1B 2B 3B 4C 5B 6B 7B 8B 9B EW SW WW 3D", 2),
    (BURIED, "1B 1B 1B 2B 2B 2B 5B 5B 5B RD RD RD 9B 9B", -1),
    (BURIED, "1B 1B 1B 2C 2C 2C 5B 5B 5B RD RD RD 9B", 3),
], ids=["odd-complete", "odd-two-away", "odd-ready", "fourfold-complete", "fourfold-far", "snake-complete",
        "snake-two-away", "buried-complete", "buried-wrong-suit"])
def test_distance__known_hands(hand, tiles, expected):
    """Distances read like shanten: -1 complete, 0 one tile away."""
    assert distance(hand, c(tiles)) == expected


def test_distance__concealed_hand_is_out_of_reach_after_exposing():
    """A special hand that must be concealed cannot be made once a set is exposed."""
    melds = (parse_meld("1B 1B 1B"),)
    assert distance(BURIED, c("2B 2B 2B 5B 5B 5B RD RD RD 9B 9B"), melds) == UNREACHABLE
    concealed_kong = (parse_meld("1B 1B 1B 1B", exposed=False),)
    assert distance(BURIED, c("2B 2B 2B 5B 5B 5B RD RD RD 9B 9B"), concealed_kong) == -1


def test_distance__declared_set_must_fit_the_pattern():
    """An exposed pung of a wind fits the winds hand; an exposed chow rules it out."""
    assert distance(FOURFOLD, c("SW SW SW WW WW WW NW NW NW RD RD"), (parse_meld("EW EW EW"),)) == -1
    assert distance(FOURFOLD, c("SW SW SW WW WW WW NW NW NW RD RD"), (parse_meld("1B 2B 3B"),)) == UNREACHABLE


def test_distance__conditions_on_seat_wind():
    """A form only for some seat winds is out of reach for the others."""
    from game.core.patterns import Conditions

    east_only = _hand("east_only", Pattern(FOURFOLD.forms[0].elements, when=Conditions(seat_winds=frozenset({0}))))
    tiles = c("EW EW EW SW SW SW WW WW WW NW NW NW RD RD")
    assert distance(east_only, tiles, (), Env(seat_wind=0)) == -1
    assert distance(east_only, tiles, (), Env(seat_wind=2)) == UNREACHABLE


def test_special_target__names_the_tiles_wanted():
    """The target says which concealed tiles the nearest instantiation keeps, so discards can avoid them."""
    target = special_target(LITTLE_SNAKE, c("1B 2B 3B 4C 5B 6B 7B 8B 9B EW SW WW 3D"), (), Env())
    assert target is not None and target.hand_id == "little_snake"
    wanted = [t for t, n in enumerate(target.need) if n]
    assert parse_tiles("4B NW")[0] in wanted and parse_tiles("4C")[0] not in wanted


def test_special_target__max_distance_cuts_the_search():
    """Asking only for near instantiations returns None for a far hand."""
    tiles = c("1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C 4C")
    assert special_target(ODD_MAJORS, tiles, (), Env(), max_distance=3) is None
    assert special_target(ODD_MAJORS, tiles, (), Env()).distance == 10


def test_special_target__seven_pairs_found_within_a_small_budget():
    """Seven pairs of majors: the twins share their tiles, so the search bounds them by the cheapest seven uses
    of those tiles and reaches the true distance (six tiles missing) inside the few hundred steps a computer
    player's turn allows it; bounded one pair at a time it ran out of steps one tile short."""
    hand = next(h for h in get_ruleset("british").special_hands if h.id == "all_pair_honours")
    counts = c("1B 4B 4B 8B 3C 1D 9D 9D 9D EW WW NW WD")
    quick = special_target(hand, counts, (), Env(), budget=300)
    thorough = special_target(hand, counts, (), Env(), budget=1_000_000)
    assert quick is not None and thorough is not None
    assert quick.distance == thorough.distance == 5


@pytest.mark.parametrize("tiles", [
    "EW EW SW SW WW WW NW 1B 1B 5C 6C RD GD",
    "EW EW EW SW SW WW NW NW RD RD 2D 3D 4D",
    "1B 1B 9B 9B 1C 1C 9C EW EW SW SW 5D 5D",
])
def test_special_target__twins_bound_keeps_the_answers(tiles):
    """Four pungs of winds and seven pairs: the same distances with a generous and an exhaustive budget."""
    counts = c(tiles)
    for hand in (FOURFOLD, ODD_MAJORS):
        assert special_target(hand, counts, (), Env(), budget=2000) == special_target(hand, counts, (), Env(),
                                                                                   budget=1_000_000)


def test_special_target__options_remembered_per_winds():
    """A pung of the own wind: the options an element accepts are remembered per seat and round wind, so the
    same pattern searched for East and then for South finds each seat its own wind."""
    from game.core.patterns import SeatTile

    own = _hand("own_wind_pung", Pattern((Element("pung", SeatTile("own_wind")),)))
    counts = c("EW EW SW")
    east = special_target(own, counts, (), Env(seat_wind=0))
    south = special_target(own, counts, (), Env(seat_wind=1))
    again = special_target(own, counts, (), Env(seat_wind=0))
    assert east is not None and south is not None
    assert (east.distance, south.distance) == (0, 1)
    assert east.need[parse_tiles("EW")[0]] == 3 and south.need[parse_tiles("SW")[0]] == 3
    assert again == east


def test_special_target__different_suits_hold_whatever_was_searched_before():
    """Pungs of one number in three different suits: a suit bound by one element is refused to the others
    ('different'), also when an earlier search of the pattern had met those bindings in another hand."""
    pattern = Pattern(tuple(Element("pung", SuitNumber(suit_var=v, number_var="n")) for v in "abc"),
                      different=(("a", "b"), ("a", "c"), ("b", "c")))
    racket = _hand("racket", pattern)
    assert distance(racket, c("1B 1B 1B 1C 1C 1C 1D 1D 1D")) == -1
    # Two bamboo pungs of 1 cannot both count: the third suit's pung is still to make.
    assert distance(racket, c("1B 1B 1B 1C 1C 1C 5B 5B 5B")) == 2
    assert distance(racket, c("1B 1B 1B 1C 1C 1C 1D 1D 1D")) == -1


# -- closed forms: Seven Pairs, Thirteen Orphans and their kind -------------------------------------------------

@st.composite
def _hands(draw: st.DrawFn) -> list[int]:
    """13 or 14 tiles drawn from a few kinds or from many, so that pairs and fours turn up as often as spread."""
    size = draw(st.sampled_from((13, 14)))
    kinds = draw(st.lists(st.integers(0, NUM_KINDS - 1), min_size=4, max_size=NUM_KINDS, unique=True))
    pool = [t for t in kinds for _ in range(4)]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    return counts_of([pool[i] for i in picks])


FOUR_WINDS = get_ruleset("four-winds")
SEVEN_PAIRS = FOUR_WINDS.special_hand("seven_pairs")
THIRTEEN_ORPHANS = FOUR_WINDS.special_hand("thirteen_orphans")


def _seven_pairs_shanten(counts: list[int]) -> int:
    """The textbook form for seven different pairs."""
    pairs = sum(1 for n in counts if n >= 2)
    kinds = sum(1 for n in counts if n)
    return 6 - min(pairs, 7) + max(0, 7 - kinds)


def _thirteen_orphans_shanten(counts: list[int]) -> int:
    majors = [counts[t] for t in TERMINALS + HONOURS]
    return 13 - sum(1 for n in majors if n) - (1 if any(n >= 2 for n in majors) else 0)


def test_seven_pairs__a_spent_budget_no_longer_overestimates():
    """Issue 23: two tiles from Seven Pairs (pairs of 3B, 5C, 6C, 7C and single 1B, 2B, 4B), which the search,
    out of steps, called four; the closed form stands in where the budget runs out, and also at a budget of 1."""
    counts = c("1B 2B 3B 3B 3B 3B 4B 5C 5C 6C 6C 7C 7C")
    assert distance(SEVEN_PAIRS, counts) == 2
    target = special_target(SEVEN_PAIRS, counts, (), Env(), budget=1)
    assert target is not None and target.distance == 2
    assert sum(target.need) == 14 and max(target.need) == 2 and target.need[parse_tiles("3B")[0]] == 2


@settings(max_examples=400, deadline=None)
@given(_hands(), st.sampled_from((1, 50, 4000)))
def test_seven_pairs_and_thirteen_orphans__distances_are_their_closed_forms(counts, budget):
    """On any hand and at any budget the distances to Four Winds' Seven Pairs (different pairs) and Thirteen
    Orphans are the textbook forms: 6 - pairs + missing kinds, and 13 - majors held - a major pair."""
    for hand, closed in ((SEVEN_PAIRS, _seven_pairs_shanten), (THIRTEEN_ORPHANS, _thirteen_orphans_shanten)):
        target = special_target(hand, counts, (), Env(), budget=budget)
        assert target is not None and target.distance == closed(counts), hand.id


def _closed_form_patterns() -> dict[Pattern, str]:
    """The bundled special hands' forms that have a closed form, each once, with the first hand naming it."""
    found: dict[Pattern, str] = {}
    for ruleset_id in ("classic", "four-winds", "british", "western"):
        for hand in get_ruleset(ruleset_id).special_hands:
            for form in hand.forms:
                if form.elements and _pattern_data(form).closed is not None:
                    found.setdefault(form, f"{ruleset_id}:{hand.id}")
    return found


CLOSED_FORMS = _closed_form_patterns()


def test_closed_form__covers_the_pair_and_orphan_hands():
    """Seven Pairs, Thirteen Orphans (the classic's Thirteen Odd Majors is the same pattern), seven pairs of
    honours have one; a hand whose suit is a variable (the British seven pairs of one suit) is searched."""
    names = {name.split(":")[1] for name in CLOSED_FORMS.values()}
    assert {"seven_pairs", "thirteen_odd_majors", "all_pair_honours"} <= names
    assert _pattern_data(THIRTEEN_ORPHANS.forms[0]).closed is not None
    british = get_ruleset("british")
    assert _pattern_data(british.special_hand("seven_pairs_one_suit").forms[0]).closed is None


@settings(max_examples=60, deadline=None)
@given(_hands())
def test_closed_form__equals_the_exhaustive_search(counts):
    """Every bundled special hand with a closed form: the same distance as a search with no budget to speak of."""
    for form, name in CLOSED_FORMS.items():
        search = _Search(form, counts, (), Env(), 10**7, UNREACHABLE - 1)
        search.run()
        exhaustive = search.best if search.best_need else UNREACHABLE
        assert _closed_form(_pattern_data(form).closed, counts)[0] == exhaustive, name



def _sorted_uses(shape, have: list[int]) -> tuple[int, tuple[int, ...]]:
    """The closed form as first written: every use of every group listed, sorted by (cost, tile, copy), the
    cheapest taken."""
    need = list(shape.fixed)
    missing = sum(n - have[t] for t, n in enumerate(need) if n > have[t])
    for copies, size, tiles, distinct in ((shape.copies, shape.size, shape.tiles, shape.distinct), *shape.others):
        uses = []
        for t in tiles:
            left = max(0, have[t] - need[t])
            most = (4 - need[t]) // size
            before = 0
            for m in range(1, min(most, 1 if distinct else most) + 1):
                lacking = max(0, m * size - left)
                uses.append((lacking - before, t, m))
                before = lacking
        if len(uses) < copies:
            return UNREACHABLE, ()
        for cost, t, _ in sorted(uses)[:copies]:
            missing += cost
            need[t] += size
    return missing, tuple(need)


def _bundled_closed_shapes() -> list[tuple[object, str]]:
    found = {}
    for ruleset_id in ("classic", "four-winds", "british", "western", "western-specials"):
        for hand in get_ruleset(ruleset_id).special_hands:
            for form in hand.forms:
                data = _pattern_data(form) if form.elements else None
                for shape in ((data.closed,) if data and data.closed else ()) + ((data.closed_bound or ()) if data
                                                                                 else ()):
                    found.setdefault(shape, f"{ruleset_id}:{hand.id}")
    return list(found.items())


CLOSED_SHAPES = _bundled_closed_shapes()


@settings(max_examples=300, deadline=None)
@given(_hands())
def test_closed_form__takes_the_uses_a_sort_would_take(counts):
    """The closed form lists the uses by cost instead of sorting them: the same distance and the same tiles
    wanted (the instantiation a player chases), ties and all, for every bundled closed form and binding."""
    assert len(CLOSED_SHAPES) > 20
    for shape, name in CLOSED_SHAPES:
        assert _closed_form(shape, counts) == _sorted_uses(shape, counts), name


@pytest.mark.parametrize("ruleset_id, hand_id, tiles, winds, budget, cutoff, missing, wanted", [
    ("british", "knitting", "3B 5B 6B 8B 2C 6C 6C 7C 7C 1D 5D 5D 5D 6D", (3, 0), 300, 6, 6,
     "2B 3B 5B 6B 6B 7B 8B 2C 3C 5C 6C 6C 7C 8C"),
    ("western", "dirty_pairs", "3B 4B 4B 6B 2C 4C 5C 5C 7C 7C 9D SW GD", (2, 1), 500, 4, 4,
     "3B 3B 4B 4B 6B 6B 2C 2C 4C 4C 5C 5C 7C 7C"),
    ("western-specials", "all_pair_ruby_jade", "5B 5B 5B 6B 6B 7B 8B 9B 9B 1C 7D EW SW NW", (3, 0), 120, 8, 6,
     "5B 5B 6B 6B 7B 7B 8B 8B 9B 9B 9B 9B RD RD"),
    ("western-specials", "knitting", "1B 1B 2B 8B 4C 4C 5C 6D 7D 8D 9D 9D EW WW", (1, 0), 120, 8, 7,
     "1B 1B 2B 4B 4B 5B 8B 1C 1C 2C 4C 4C 5C 8C"),
    ("western-specials", "clean_pairs", "7B 8B 9B 5C 6C 7C 9C 7D 8D 9D EW EW GD WD", (0, 0), 800, 98, 7,
     "7B 7B 8B 8B 9B 9B EW EW GD GD WD WD WD WD"),
])
def test_pattern_target__a_spent_budget_gives_the_answers_it_gave_before(ruleset_id, hand_id, tiles, winds, budget,
                                                                         cutoff, missing, wanted):
    """Where the budget runs out, the answer is the best found by then, so it hangs on which nodes the walk
    visits and in what order: these (met by the computer players in play, each answered otherwise without the
    budget) pin that order, which a faster walk must keep or change the players' moves."""
    from game.core.special_distance import pattern_target

    form = next(h for h in get_ruleset(ruleset_id).special_hands if h.id == hand_id).forms[0]
    found = pattern_target(form, c(tiles), (), Env(*winds), budget=budget, cutoff=cutoff)
    assert found == (missing, tuple(c(wanted)))
    unbounded = pattern_target(form, c(tiles), (), Env(*winds), budget=20_000, cutoff=cutoff)
    assert unbounded != found
