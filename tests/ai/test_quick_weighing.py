"""The computer players' quick paths answer as the plain weighing does: a hand's value worked out from a nearby
hand's (:class:`game.ai.evaluate.NearValues`), and the Charleston pass chosen with most passes cut off before
their value is weighed (:func:`game.ai.charleston.choose_pass`). A different answer would change a move."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.ai.bots import isolation
from game.ai.charleston import choose_pass
from game.ai.evaluate import NearValues, ValueModel
from game.core.actions import PassTiles
from game.core.analysis import missing_tiles
from game.core.melds import Meld, MeldKind
from game.core.tiles import JOKER, NUM_KINDS, counts_of, tile_code
from game.mods import get_ruleset
from tests.builders import view

_WALL = [t for t in range(NUM_KINDS) for _ in range(4)]


@cache
def _model(ruleset: str, seat_wind: int) -> ValueModel:
    return ValueModel.build(get_ruleset(ruleset), seat_wind, 0)


def _hands(size: int):
    return st.lists(st.sampled_from(range(len(_WALL))), min_size=size, max_size=size, unique=True).map(
        lambda picks: sorted(_WALL[i] for i in picks))


_MELDS = st.lists(st.sampled_from([
    Meld(MeldKind.PUNG, (31, 31, 31), True, claimed_tile=31),  # dragons: a pung worth doubles
    Meld(MeldKind.CHOW, (3, 4, 5), True, claimed_tile=3),
    Meld(MeldKind.PUNG, (9, 9, JOKER), True, claimed_tile=9),
    Meld(MeldKind.KONG, (27, 27, 27, 27), False),
]), max_size=2, unique=True).map(tuple)


@settings(max_examples=300, deadline=None)
@example(hand=[0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 8, 9], ruleset="western", seat_wind=0, changes=[(0, 0)],
         melds=(Meld(MeldKind.KONG, (27, 27, 27, 27), False), Meld(MeldKind.PUNG, (31, 31, 31), True, claimed_tile=31)))
@given(hand=_hands(14), melds=_MELDS, ruleset=st.sampled_from(["western", "british", "classic"]),
       seat_wind=st.integers(0, 3), changes=st.lists(st.tuples(st.integers(0, NUM_KINDS - 1), st.integers(-2, 2)),
                                                      min_size=1, max_size=4))
def test_near_values__a_hand_changed_in_a_few_kinds_is_valued_as_if_weighed_afresh(
        hand: list[int], melds: tuple, ruleset: str, seat_wind: int, changes: list[tuple[int, int]]) -> None:
    model = _model(ruleset, seat_wind)
    seen = view(" ".join(tile_code(x) for x in hand), melds=melds)
    counts = counts_of(hand)
    near = NearValues(model, counts, seen)
    changed = list(counts)
    for kind, step in changes:
        changed[kind] = min(4, max(0, changed[kind] + step))
    kinds = [kind for kind, _ in changes]
    assert near.of(changed, kinds) == NearValues(model, changed, seen).value
    if all(a <= b for a, b in zip(changed, counts, strict=True)):  # some of the hand's tiles: within the bound
        # (up to the sums' floating-point order, 1e-15 or so: the pass cuts off with a margin far wider)
        assert near.of(changed, kinds) <= near.most(0) + 1e-9


def _plain_pass(concealed: list[int], options: list[PassTiles], chows: bool, values: NearValues | None,
                pull: float) -> PassTiles:
    """Every pass weighed in full, as the Charleston pass was first written."""
    counts = counts_of(concealed)
    jokers = concealed.count(JOKER)

    def left(option: PassTiles) -> list[int]:
        kept = list(counts)
        for x in option.tiles:
            kept[x] -= 1
        return kept

    def cost(option: PassTiles) -> float:
        read = left(option)
        for _ in range(jokers):
            kind = next((x for want in (2, 1) for x in range(NUM_KINDS) if read[x] == want), None)
            if kind is None:
                break
            read[kind] += 1
        near = missing_tiles(read, 4, chows=chows) + missing_tiles(read, 3, chows=chows)
        worth = pull * NearValues(values.model, read, values_view).value if values is not None else 0.0
        return round(near - worth, 6)

    values_view = view(" ".join(tile_code(x) for x in concealed))
    costs = [cost(o) for o in options]
    least = min(costs)
    return min((o for o, c in zip(options, costs, strict=True) if c == least),
               key=lambda o: (sum(isolation(left(o), x) for x in o.tiles), o.tiles))


@settings(max_examples=150, deadline=None)
@given(hand=_hands(13), jokers=st.integers(0, 2), ruleset=st.sampled_from(["western", "british"]),
       pull=st.sampled_from([0.0, 0.4, 1.6, 6.0]), chows=st.booleans())
def test_charleston__the_pass_chosen_is_the_one_every_pass_weighed_in_full_chooses(
        hand: list[int], jokers: int, ruleset: str, pull: float, chows: bool) -> None:
    """Random hands, with and without jokers, and value pulls from none to far beyond any personality's (where
    the value of the tiles kept outweighs tiles missing, and few passes are cut off)."""
    naturals = hand[:13 - jokers]
    concealed = [*naturals, *(JOKER,) * jokers]
    options = [PassTiles(c) for c in sorted(set(combinations(naturals, 3)))]
    seen = view(" ".join(tile_code(x) for x in concealed))
    values = NearValues(_model(ruleset, 0), counts_of(concealed), seen) if pull > 0 else None
    assert choose_pass(concealed, 0, options, chows=chows, values=values, pull=pull) == _plain_pass(
        concealed, options, chows, values, pull)
