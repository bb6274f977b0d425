"""The least distance to a special hand counted over its instantiations: the search's answers, found sooner."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.melds import Meld, MeldKind, parse_meld
from game.core.patterns import TILE_CLASSES, Element, Env, Pattern, SuitNumber, TileSet
from game.core.special_distance import (
    UNREACHABLE,
    _alike_uses,
    _closed_form,
    _odd_tries,
    _pattern_data,
    _Search,
    _uses,
    pattern_target,
)
from game.core.special_pungs import pungs_and_pair_least
from game.core.tiles import NUM_KINDS, counts_of, parse_tiles
from game.mods import get_ruleset
from tests.builders import bundled_special_forms
from tests.tiers import examples

FORMS = bundled_special_forms()


@st.composite
def _positions(draw: st.DrawFn) -> tuple[list[int], tuple[Meld, ...], int, Env]:
    """A hand as a player may hold it: up to two declared sets (pungs, kongs, chows, exposed or not), up to two
    concealed jokers and the rest concealed natural tiles, drawn from few kinds or many; any seat and round."""
    kinds = draw(st.lists(st.integers(0, NUM_KINDS - 1), min_size=4, max_size=NUM_KINDS, unique=True))
    left = dict.fromkeys(kinds, 4)
    melds = []
    for _ in range(draw(st.integers(0, 2))):
        t = draw(st.sampled_from(kinds))
        kind = draw(st.sampled_from((MeldKind.PUNG, MeldKind.KONG, MeldKind.CHOW)))
        tiles = (t, t + 1, t + 2) if kind is MeldKind.CHOW else (t,) * (4 if kind is MeldKind.KONG else 3)
        if kind is MeldKind.CHOW and (t >= 27 or t % 9 > 6):
            continue
        if all(left.get(x, 4) >= tiles.count(x) for x in tiles):
            for x in tiles:
                left[x] = left.get(x, 4) - 1
            melds.append(Meld(kind, tiles, draw(st.booleans())))
    jokers = draw(st.integers(0, 2))
    pool = [t for t in kinds for _ in range(left[t])]
    size = max(0, 14 - 3 * len(melds) - jokers - draw(st.integers(0, 1)))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    counts = counts_of([pool[i] for i in picks])
    return counts, tuple(melds), jokers, Env(draw(st.integers(0, 3)), draw(st.integers(0, 3)))


@settings(max_examples=examples(60), deadline=None)
@given(_positions(), st.sampled_from((1, 60, 200, 800, 4000)), st.sampled_from((2, 4, 7, UNREACHABLE)))
def test_counted__every_bundled_special_hand_answers_as_the_search_alone(position, budget, cutoff):
    """Every form of every bundled ruleset's special hands, on any hand, budget and cutoff: counting first gives
    what the search alone gives, the instantiation (its tiles) and its distance, also where the budget runs out
    before the nearest: so no computer player's move changes."""
    counts, melds, jokers, env = position
    for form, name in FORMS:
        counted = pattern_target(form, counts, melds, env, budget=budget, cutoff=cutoff, jokers=jokers)
        searched = pattern_target(form, counts, melds, env, budget=budget, cutoff=cutoff, jokers=jokers,
                                  counted=False)
        assert counted == searched, name


@settings(max_examples=examples(60), deadline=None)
@given(_positions())
def test_counted__least_distance_is_the_exhaustive_searchs(position):
    """The count itself: exactly the least distance a search without a budget finds (with declared sets, where
    the pattern has too many instantiations to count them, never more)."""
    counts, melds, jokers, env = position
    for form, name in FORMS:
        data = _pattern_data(form)
        least = data.counter.least(counts, melds, env, jokers)
        if least is None:
            continue
        search = _Search(form, counts, melds, env, 10**7, UNREACHABLE - 1, jokers)
        search.run()
        exhaustive = search.best if search.best_need else UNREACHABLE
        if least[1]:
            assert min(least[0], UNREACHABLE) == exhaustive, name
        else:
            assert least[0] <= exhaustive, name


def c(codes: str) -> list[int]:
    return counts_of(parse_tiles(codes))


_WINDS = TileSet(TILE_CLASSES["wind"])
FOUR_WINDS_PUNGS = Pattern((*(Element("pung", _WINDS, twin=0, distinct=True) for _ in range(4)),
                            Element("pair", TileSet(TILE_CLASSES["dragon"]))))
RUN_AND_PUNG = Pattern((*(Element("single", SuitNumber(suit_var="s", numbers=frozenset({n}))) for n in range(1, 10)),
                        Element("pung", SuitNumber(suit_var="s")), Element("pair", SuitNumber(suit_var="s"))))


@pytest.mark.parametrize("pattern, tiles, melds, jokers", [
    # Distinct twins differ among their concealed tiles only: the search lets a pung of East beside a declared
    # one (so would the count), and here it is as near as any other wind.
    (FOUR_WINDS_PUNGS, "SW SW SW WW WW WW RD RD 5B 6C 7D", ("EW EW EW",), 0),
    # A pung after a single of its own tile: a joker fills it beside the one natural tile left for it.
    (RUN_AND_PUNG, "1B 2B 3B 4B 5B 5B 6B 7B 8B 9B 9B 9B", (), 2),
    (RUN_AND_PUNG, "1B 2B 3B 4B 5B 6B 7B 8B 9B 9B 2C 2C", (), 1),
], ids=["distinct-twin-beside-declared", "pung-after-single-two-jokers", "pung-after-single-one-joker"])
def test_counted__declared_twins_and_jokers_as_the_search_counts_them(pattern, tiles, melds, jokers):
    """The corners where counting must follow the search's own rules, not the game's: each gives the least
    distance the exhaustive search finds, and the same answer as the search alone at a small budget."""
    declared = tuple(parse_meld(m) for m in melds)
    least = _pattern_data(pattern).counter.least(c(tiles), declared, Env(), jokers)
    search = _Search(pattern, c(tiles), declared, Env(), 10**6, UNREACHABLE - 1, jokers)
    search.run()
    assert least == (search.best, True)
    for budget in (5, 50):
        assert pattern_target(pattern, c(tiles), declared, Env(), budget=budget, jokers=jokers) == pattern_target(
            pattern, c(tiles), declared, Env(), budget=budget, jokers=jokers, counted=False)


def test_counted__a_hand_out_of_reach_is_not_searched(monkeypatch):
    """A hand farther than the cutoff from every instantiation gets its answer from the count: no search runs."""
    runs = []
    monkeypatch.setattr(_Search, "run", lambda self: runs.append(self))
    far = c("1B 4B 7B 2C 5C 8C 3D 6D 9D EW SW WW NW")
    assert pattern_target(RUN_AND_PUNG, far, (), Env(), cutoff=3) == (UNREACHABLE, ())
    assert runs == []
    pattern_target(RUN_AND_PUNG, far, (), Env(), cutoff=3, counted=False)
    assert len(runs) == 1


def test_prepare__a_computer_player_of_a_game_with_special_hands_has_them_all_listed_before_it_moves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Listing costs a tenth of a second or more for a game of many special hands: it is done when the players
    are made, not in their first decisions (where the window would stutter)."""
    import random

    from game.ai import create_player
    from game.core import special_distance

    monkeypatch.setattr(special_distance, "_DATA", {})  # nothing listed by earlier tests
    ruleset = get_ruleset("western")
    create_player("expert", rng=random.Random(1), ruleset=ruleset)
    for hand in ruleset.special_hands:
        for form in hand.forms:
            counter = _pattern_data(form).counter
            winds = {(s, r) for s in range(4) for r in range(4)} if counter.winds else {(0, 0)}
            assert not counter.usable or winds <= set(counter.listed), (hand.id, sorted(counter.listed))


def _knitted(form: Pattern) -> bool:
    return _pattern_data(form).knitted is not None


@settings(max_examples=examples(25), deadline=None)
@given(_positions(), st.sampled_from((2, 4, 6)))
def test_unsearched__every_bundled_special_hand_gets_the_least_distance_and_an_instantiation_reaching_it(
        position, cutoff):
    """Without a search (where only special hands go out): every form whose instantiations are counted, or that
    has closed forms or is knitted sets, answers with the least distance the exhaustive search finds, never a
    spent budget's worse one, and with the tiles of an instantiation lacking that few; the others answer as the
    search does. (Knitting and Triple Knitting are the next test's, in the slow tier.)"""
    _assert_unsearched(position, cutoff, [(form, name) for form, name in FORMS if not _knitted(form)])


@pytest.mark.slow
@settings(max_examples=examples(8), deadline=None)
@given(_positions(), st.sampled_from((2, 4, 6)))
def test_unsearched__knitted_sets_as_well(position, cutoff):
    """The previous test's check for Knitting and Triple Knitting: the exhaustive search it is measured against
    takes seconds on a random hand (up to 15 s without jokers, 18 s beside them; one such hand took 102 s of a
    fresh clone's fast tier under the ci profile), so it runs in the slow tier, and on 8 hands a run (25 beside
    jokers took 224 s of a fresh clone's CI, one worker's whole tail); the fast tier checks the knitted sets on
    hands near an instantiation, in the next test."""
    _assert_unsearched(position, cutoff, [(form, name) for form, name in FORMS if _knitted(form)])


def _assert_unsearched(position, cutoff: int, forms: list[tuple[Pattern, str]]) -> None:
    counts, melds, jokers, env = position
    for form, name in forms:
        found = pattern_target(form, counts, melds, env, budget=200, cutoff=cutoff, jokers=jokers, search=False)
        data = _pattern_data(form)
        least = data.counter.least(counts, melds, env, jokers)
        closed = ((data.closed is not None or data.closed_bound is not None) and not melds and not (
            jokers and any(data.jokers_fill))) or (data.knitted is not None and not melds)
        if not closed and (least is None or not least[1]):
            searched = pattern_target(form, counts, melds, env, budget=200, cutoff=cutoff, jokers=jokers)
            assert found == searched, name
            continue
        exhaustive = pattern_target(form, counts, melds, env, budget=10**7, cutoff=cutoff, jokers=jokers)[0]
        if exhaustive >= UNREACHABLE:
            assert found == (UNREACHABLE, ()), name
            continue
        assert found[0] == exhaustive, name
        lacking = sum(max(0, n - counts[t]) for t, n in enumerate(found[1]))
        assert lacking - jokers <= found[0] <= lacking, name


_KNITTED = [form for form, name in FORMS if _knitted(form)]


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(range(len(_KNITTED))), st.data())
def test_knitted__the_least_distance_and_an_instantiation_of_the_exhaustive_search(form_index, data):
    """Knitting and Triple Knitting (one number in two or three suits), on hands a few tiles from one of their
    instantiations: their distance, worked out without a search, is the exhaustive search's, and the tiles it
    names are an instantiation lacking that many."""
    form = _KNITTED[form_index]
    near = pattern_target(form, [0] * NUM_KINDS, (), Env(), search=False)[1]  # some instantiation
    suits = data.draw(st.permutations(range(3)))
    counts = _near(data, [suits[t // 9] * 9 + t % 9 for t in range(27) for _ in range(near[t])])
    if counts is None:
        return
    found = pattern_target(form, counts, (), Env(), search=False, cutoff=5)
    assert found[0] == pattern_target(form, counts, (), Env(), budget=10**7, cutoff=5)[0]
    if found[0] < UNREACHABLE:
        assert sum(max(0, n - counts[t]) for t, n in enumerate(found[1])) == found[0]
        assert sum(found[1]) == len(form.elements)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.integers(0, 4), min_size=NUM_KINDS, max_size=NUM_KINDS))
def test_knitted__uses_and_odd_tries_listed_by_cost_in_the_order_sorting_gives(have):
    """The knitted form takes the alike groups' uses and tries the odd group's numbers and suits cheapest first:
    listed by cost, they come in the very order sorting them gives (so it picks the same instantiation)."""
    for form in _KNITTED:
        for main, _, odds in _pattern_data(form).knitted.ways:
            assert _alike_uses(main, have) == sorted(
                use for number in range(9) for use in _uses(main, number, have, ()))
            assert _odd_tries(odds, have) == sorted(
                (sum(1 for suit in odd if not have[suit * 9 + number]), number, odd)
                for odd in odds for number in (range(9) if odd else (-1,)))


_SHAPES = [shape for form, _ in FORMS for data in (_pattern_data(form),)
           for shape in ((data.closed,) if data.closed is not None else data.closed_bound or ())]
"""Every closed form of the bundled special hands' forms (and of their bindings)."""


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.integers(0, 4), min_size=NUM_KINDS, max_size=NUM_KINDS))
def test_closed_form__the_cheapest_uses_taken_as_sorting_every_use_would(have):
    """A closed form's copies take the cheapest uses of their tiles, ties to the lower tile and its earlier copy:
    what each use lacks read from a table gives the distance and the tiles that sorting every use gives."""
    for shape in _SHAPES:
        need = list(shape.fixed)
        missing = sum(max(0, n - have[t]) for t, n in enumerate(need))
        for copies, size, tiles, distinct in ((shape.copies, shape.size, shape.tiles, shape.distinct),
                                              *shape.others):
            uses = []
            for t in tiles:
                left = max(0, have[t] - need[t])
                most = min(1, (4 - need[t]) // size) if distinct else (4 - need[t]) // size
                uses += [(max(0, m * size - left) - max(0, (m - 1) * size - left), t, m) for m in range(1, most + 1)]
            if len(uses) < copies:
                missing = UNREACHABLE
                break
            for cost, t, _ in sorted(uses)[:copies]:
                missing += cost
                need[t] += size
        assert _closed_form(shape, have) == ((UNREACHABLE, ()) if missing == UNREACHABLE else (missing, tuple(need)))


def _near(data: st.DataObject, tiles: list[int]) -> list[int] | None:
    """The counts of ``tiles`` (an instantiation) with up to four of them swapped and one taken away; None where
    that makes five of a kind."""
    for _ in range(data.draw(st.integers(0, 4))):
        tiles[data.draw(st.integers(0, len(tiles) - 1))] = data.draw(st.integers(0, NUM_KINDS - 1))
    tiles.pop(data.draw(st.integers(0, len(tiles) - 1)))
    counts = counts_of(tiles)
    return None if max(counts) > 4 else counts


_BOUND = [(form, name) for form, name in FORMS if _pattern_data(form).closed_bound is not None]
"""The forms worked out by the closed forms of their bindings (among them some with groups of alike copies over
tiles of their own: Dragon's Breath's pairs of a suit and its odd dragon)."""


def test_closed_forms__bindings_with_two_groups_of_copies_and_bindings_without_variables_have_them():
    """Dragon's Breath (five pairs of a suit beside an odd dragon) and All Pair Ruby Jade (pairs of a static set,
    no variable at all) have closed forms, so where only special hands go out they are worked out, not searched."""
    hands = {name.split(":")[1] for _, name in _BOUND}
    assert {"dragons_breath", "all_pair_ruby_jade"} <= hands
    breath = next(form for form, name in _BOUND if name.endswith(":dragons_breath"))
    assert all(shape.others for shape in _pattern_data(breath).closed_bound)


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(range(len(_BOUND))), st.data())
def test_closed_forms__the_least_distance_of_the_exhaustive_search_near_an_instantiation(index, data):
    """Hands a few tiles from an instantiation of a form with closed forms: the least of its bindings' closed forms
    is the exhaustive search's least distance, and the tiles it names are an instantiation lacking that many."""
    form, name = _BOUND[index]
    shapes = _pattern_data(form).closed_bound
    near = _closed_form(data.draw(st.sampled_from(shapes)), [0] * NUM_KINDS)[1]  # an instantiation
    counts = _near(data, [t for t in range(NUM_KINDS) for _ in range(near[t])])
    if counts is None:
        return
    missing, need = min((_closed_form(shape, counts) for shape in shapes), key=lambda f: f[0])
    assert missing == pattern_target(form, counts, (), Env(), budget=10**7, cutoff=UNREACHABLE - 1)[0], name
    assert sum(max(0, n - counts[t]) for t, n in enumerate(need)) == missing, name


_PUNGS = [(form, name) for form, name in FORMS if _pattern_data(form).pungs is not None]
"""The forms of pungs and a pair over one set of tiles (All Honours, Winds and Dragons, ...)."""


def test_pungs_and_pair__all_honours_is_one():
    """All Honours (four pungs or kongs and a pair of terminals and honours: too many instantiations to list) has
    the shape, so with jokers or declared sets its least is worked out, not walked to."""
    assert any(name.endswith(":all_honors") for _, name in _PUNGS)


@st.composite
def _near_pungs(draw: st.DrawFn) -> tuple[Pattern, str, list[int], tuple[Meld, ...], int]:
    """A form of pungs and a pair, up to three of its pungs declared (pungs or kongs, exposed where they may be),
    up to four concealed jokers, and concealed tiles mostly of a few of its own (held once, twice, three or four
    times)."""
    form, name = draw(st.sampled_from(_PUNGS))
    shape = _pattern_data(form).pungs
    declared = draw(st.lists(st.sampled_from(shape.tiles), max_size=3, unique=True))
    melds = tuple(Meld(kind, (t,) * (3 if kind is MeldKind.PUNG else 4), draw(st.booleans()) and not shape.concealed)
                  for t in declared for kind in (draw(st.sampled_from(shape.takes)),))
    jokers = draw(st.integers(0, 4))
    left = [4 - sum(len(m.tiles) for m in melds if m.tile == t) for t in range(NUM_KINDS)]
    few = st.sampled_from(draw(st.lists(st.sampled_from(shape.tiles), min_size=1, max_size=6, unique=True)))
    tiles = draw(st.lists(st.one_of(few, few, few, st.integers(0, NUM_KINDS - 1)),
                          max_size=14 - 3 * len(melds) - jokers))
    counts = [0] * NUM_KINDS
    for t in tiles:
        if counts[t] < left[t]:
            counts[t] += 1
    return form, name, counts, melds, jokers


@settings(max_examples=examples(80), deadline=None)
@given(_near_pungs())
def test_pungs_and_pair__the_least_distance_of_the_exhaustive_search(position):
    """Beside jokers and declared sets, the least worked out is the least the exhaustive search finds (none where
    it finds none)."""
    form, name, counts, melds, jokers = position
    search = _Search(form, counts, melds, Env(), 10**7, UNREACHABLE - 1, jokers)
    search.run()
    least = pungs_and_pair_least(_pattern_data(form).pungs, counts, melds, jokers)
    assert least is not None, name
    assert min(least, UNREACHABLE) == (search.best if search.best_need else UNREACHABLE), name


@pytest.mark.parametrize("tiles, melds, jokers, least", [
    # Three jokers, yet the fourth pung lacks a tile: a joker stands beside a natural tile, never for all three.
    ("RD RD", ("EW EW EW", "SW SW SW", "1B 1B 1B 1B"), 3, 1),
    ("RD RD 9C", ("EW EW EW", "SW SW SW", "1B 1B 1B 1B"), 3, 0),
    # The pair's tile is one no pung takes: two pairs held, the pung of one costs the other's pair.
    ("RD RD GD GD", ("EW EW EW", "SW SW SW", "WW WW WW"), 0, 1),
], ids=["jokers-beside-no-natural-tile", "jokers-beside-a-natural-tile", "pair-apart-from-the-pungs"])
def test_pungs_and_pair__all_honours_corners_as_the_exhaustive_search(tiles, melds, jokers, least):
    """All Honours beside declared sets: what the jokers cannot make up, and the pair apart from the pungs, as the
    exhaustive search counts them."""
    form = next(form for form, name in _PUNGS if name.endswith(":all_honors"))
    declared = tuple(parse_meld(m) for m in melds)
    search = _Search(form, c(tiles), declared, Env(), 10**7, UNREACHABLE - 1, jokers)
    search.run()
    assert pungs_and_pair_least(_pattern_data(form).pungs, c(tiles), declared, jokers) == search.best == least


@settings(max_examples=examples(60), deadline=None)
@given(_near_pungs(), st.sampled_from((1, 30, 300, 2000)), st.sampled_from((1, 2, 4, UNREACHABLE)))
def test_pungs_and_pair__answers_as_the_search_alone(position, budget, cutoff):
    """Knowing the least, the search stops there or is not run: the same instantiation and distance as the search
    alone at any budget and cutoff, also where the budget runs out first (so no computer player's move changes)."""
    form, name, counts, melds, jokers = position
    assert pattern_target(form, counts, melds, Env(), budget=budget, cutoff=cutoff, jokers=jokers) == pattern_target(
        form, counts, melds, Env(), budget=budget, cutoff=cutoff, jokers=jokers, counted=False), name
