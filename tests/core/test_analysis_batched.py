"""The hand analysis's batched forms give the very answers of the plain ones they stand in for: the useful tiles
after each discard (:func:`useful_after_discards`), the missing tiles of hands a few tiles from one hand
(:class:`NearHands`) and of the hand with one more tile of each kind (:func:`missing_with_one_more`, a joker read as
each kind). The computer players' moves rest on them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import analysis
from game.core.tiles import NUM_KINDS, counts_of

_WALL = [t for t in range(NUM_KINDS) for _ in range(4)]


def _hands(sizes: tuple[int, ...]):
    return st.sampled_from(sizes).flatmap(
        lambda n: st.lists(st.sampled_from(range(len(_WALL))), min_size=n, max_size=n, unique=True)
    ).map(lambda picks: counts_of(_WALL[i] for i in picks))


@settings(max_examples=600, deadline=None)
@given(counts=_hands((14, 11, 8, 5, 2)), chows=st.booleans(), max_chows=st.sampled_from([None, 0, 1]))
def test_useful_after_discards__each_discard_gets_the_useful_tiles_of_the_hand_it_leaves(
        counts: list[int], chows: bool, max_chows: int | None) -> None:
    # max_chows 1 is British hands' limit (one chow at most), 0 a British hand that has shown its chow.
    n_melds = 4 - (sum(counts) - 2) // 3
    found = analysis.useful_after_discards(counts, n_melds, chows=chows, max_chows=max_chows)
    held = [t for t in range(NUM_KINDS) if counts[t]]
    assert list(found) == held
    for t in held:
        left = list(counts)
        left[t] -= 1
        assert found[t] == analysis.useful_tiles(left, n_melds, chows=chows, max_chows=max_chows)


def test_useful_after_discards__a_hand_allowed_one_chow_finds_no_use_for_a_tile_that_makes_a_second() -> None:
    # 1B 2B 3B is the chow; 5C 6C wants a second, so with one chow allowed only a third 5C or 6C helps them.
    counts = counts_of([0, 1, 2, 13, 14, 18, 18, 18, 27, 27, 27, 31, 31, 33])
    free = analysis.useful_after_discards(counts, 0, discards=[33])[33]
    one = analysis.useful_after_discards(counts, 0, max_chows=1, discards=[33])[33]
    assert {12, 15} <= set(free)
    assert not {12, 15} & set(one)
    assert {13, 14} <= set(one)


def test_useful_after_discards__only_the_discards_asked_for_and_a_hand_of_the_wrong_size_refused() -> None:
    counts = counts_of([0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 31, 33])
    assert list(analysis.useful_after_discards(counts, discards=[33, 31])) == [33, 31]
    with pytest.raises(ValueError, match="14 concealed tiles"):  # 13 tiles: no discard to weigh
        analysis.useful_after_discards([*counts[:-1], 0], 0)


@settings(max_examples=400, deadline=None)
@given(counts=_hands((13,)), data=st.data(), chows=st.booleans())
def test_near_hands__a_hand_less_some_tiles_and_with_others_misses_as_many_as_weighed_afresh(
        counts: list[int], data: st.DataObject, chows: bool) -> None:
    held = [t for t in range(NUM_KINDS) for _ in range(counts[t])]
    out = tuple(sorted(data.draw(st.lists(st.sampled_from(range(len(held))), max_size=3, unique=True).map(
        lambda picks: [held[i] for i in picks]))))
    changed = list(counts)
    for t in out:
        changed[t] -= 1
    put = tuple(sorted(data.draw(st.lists(st.sampled_from([t for t in range(NUM_KINDS) if changed[t] < 4]),
                                          max_size=2, unique=True))))
    for t in put:
        changed[t] += 1
    near = analysis.NearHands(counts, chows=chows)
    for _ in range(2):  # the second time from what the first remembered
        assert near.missing(out, put, (4, 3)) == [analysis.missing_tiles(changed, n, chows=chows) for n in (4, 3)]


@settings(max_examples=200, deadline=None)
@given(counts=_hands((12, 11, 9, 8, 6, 3)), chows=st.booleans(), sets=st.sampled_from([4, 3, 2, 1]))
def test_missing_with_one_more__each_kind_added_misses_as_many_as_weighed_afresh(
        counts: list[int], chows: bool, sets: int) -> None:
    expected = {}
    for t in range(NUM_KINDS):
        if counts[t] < 4:
            counts[t] += 1
            expected[t] = analysis.missing_tiles(counts, sets, chows=chows)
            counts[t] -= 1
    assert analysis.missing_with_one_more(counts, sets, chows=chows) == expected
