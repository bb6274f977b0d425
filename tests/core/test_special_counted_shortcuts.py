"""The counted shortcuts of the special-hand distances (Western (Special Hands Only) weighs every special hand each
turn): each tells what the plain way it skips would have told, so no computer player's move changes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.melds import Meld, MeldKind
from game.core.patterns import Env
from game.core.special_count import MELD_KINDS, _lacking, _Leaves, _matchings_from
from game.core.special_distance import (
    _closed_form,
    _closed_missing,
    _pattern_data,
    batch_of,
)
from game.core.tiles import NUM_KINDS
from game.mods import get_ruleset
from tests.builders import bundled_special_forms
from tests.tiers import examples

FORMS = bundled_special_forms()
SHAPES = list(dict.fromkeys(shape for form, _ in FORMS
                            for data in (_pattern_data(form),)
                            for shape in ((data.closed,) if data.closed else ()) + (data.closed_bound or ())))
"""Every bundled closed form, and every closed form of a pattern's bindings."""
LISTED = [(form, name) for form, name in FORMS
          if (listed := _pattern_data(form).counter._listed(Env())) is not None and listed.assignments]
"""The bundled forms whose instantiations are kept one by one (their declared sets are joined with them)."""

_hands = st.lists(st.integers(0, 4), min_size=NUM_KINDS, max_size=NUM_KINDS)


@settings(max_examples=examples(120), deadline=None)
@given(_hands)
def test_closed_missing__what_the_closed_form_tells_first(have):
    """Counting each group's uses by cost gives the closed form's fewest missing tiles, UNREACHABLE included, for
    every bundled closed form and binding."""
    assert len(SHAPES) > 20
    for shape in SHAPES:
        assert _closed_missing(shape, have) == _closed_form(shape, have)[0], shape


def _declared_plainly(counter, listed, melds) -> set[tuple[int, int, int]]:
    """Every listed assignment, every way to give each declared set an element of its own: the leaves as first
    written (before the assignments were narrowed to those holding every declared tile)."""
    elements = counter.pattern.elements
    takers = [[i for i, el in enumerate(elements) if m.kind in MELD_KINDS[el.kind]
               and not (el.concealed and m.exposed)] for m in melds]
    tiles = tuple(m.tile for m in melds)
    found = set()
    for assignment in listed.assignments:
        for declared in _matchings_from(assignment, tiles, takers, 0, frozenset()):
            leaf = counter._concealed(assignment, declared)
            if leaf is not None:
                found.add(leaf)
    return found


@st.composite
def _declared(draw: st.DrawFn) -> tuple[int, tuple[Meld, ...]]:
    """A listed bundled form and up to three declared sets, mostly of tiles its instantiations take."""
    index = draw(st.sampled_from(range(len(LISTED))))
    counter = _pattern_data(LISTED[index][0]).counter
    assignments = counter._listed(Env()).assignments
    some = draw(st.sampled_from(assignments))
    melds = []
    for _ in range(draw(st.integers(1, 3))):
        t = draw(st.sampled_from(some) | st.integers(0, NUM_KINDS - 1))
        kind = draw(st.sampled_from((MeldKind.PUNG, MeldKind.KONG, MeldKind.CHOW)))
        if kind is MeldKind.CHOW and (t >= 27 or t % 9 > 6):
            kind = MeldKind.PUNG
        tiles = (t, t + 1, t + 2) if kind is MeldKind.CHOW else (t,) * (4 if kind is MeldKind.KONG else 3)
        melds.append(Meld(kind, tiles, draw(st.booleans())))
    return index, tuple(melds)


@settings(max_examples=examples(150), deadline=None)
@given(_declared())
def test_with_declared__the_instantiations_every_assignment_gives(position):
    """Joined with declared sets, a form's instantiations are those of every listed assignment (the ones holding
    every declared set's tile somewhere are the only ones to give any), one, two or three sets alike."""
    index, melds = position
    counter = _pattern_data(LISTED[index][0]).counter
    listed = counter._listed(Env())
    assert counter._with_declared(listed, melds) == _Leaves.of(_declared_plainly(counter, listed, melds))


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(range(len(LISTED))), _hands, st.integers(0, 3))
def test_tables__what_each_instantiation_lacks_kind_by_kind(index, have, jokers):
    """The tables summed over the kinds held tell, for each instantiation, the tiles it wants less, kind by kind,
    those of them held, and with no jokers nothing more (the totals added column by column)."""
    leaves = _pattern_data(LISTED[index][0]).counter._listed(Env()).exact
    if not leaves.count:
        return
    plain = bytes(sum(max(0, w - h) for w, h in zip(leaves.want(n), have, strict=True)) for n in range(leaves.count))
    assert _lacking(leaves, have, 0) == plain
    assert leaves.tables.total == int.from_bytes(bytes(map(sum, map(leaves.want, range(leaves.count)))), "little")


def test_batch_of_one_form__its_own_listing_joined():
    """A hand of one form (its batch, for the hand chased): the batch joins nothing but that form's listing, so
    its tables are the form's own, worked out once, with or without declared sets."""
    hands = [h for h in get_ruleset("western-specials").special_hands if h.allowed and len(h.forms) == 1]
    assert hands
    env = Env()
    joined = 0
    for hand in hands:
        batch = batch_of((hand,))
        counter = _pattern_data(hand.forms[0]).counter
        if counter not in batch.counters or counter.winds or counter._listed(env) is None:
            continue
        joined += 1
        leaves, places = batch._join(env)
        assert leaves is counter._listed(env).exact
        sets = (Meld(MeldKind.PUNG, (31, 31, 31), True),)
        leaves, places = batch._join(env, sets)
        if places:
            assert leaves is counter._exact(counter._listed(env), env, sets)
    assert joined > 5


def test_with_declared__two_sets_of_one_tile_or_of_two_take_two_elements():
    """Two declared pungs, of one tile (each needs an element of its own, as the walk gives them) or of two: where
    an instantiation has two such pungs, the same instantiations as every assignment gives."""
    checked = 0
    for form, _ in LISTED:
        counter = _pattern_data(form).counter
        listed = counter._listed(Env())
        pungs = [i for i, el in enumerate(form.elements) if el.kind in ("pung", "pung_or_kong")]
        for alike in (True, False):
            pair = next(((a[i], a[k]) for a in listed.assignments for i in pungs for k in pungs
                         if i < k and (a[i] == a[k]) == alike), None)
            if pair is None:
                continue
            melds = (Meld(MeldKind.PUNG, (pair[0],) * 3, True), Meld(MeldKind.PUNG, (pair[1],) * 3, False))
            assert counter._with_declared(listed, melds) == _Leaves.of(_declared_plainly(counter, listed, melds))
            checked += 1
    assert checked > 10
