""":class:`game.core.analysis.UsefulAfter`: the useful tiles of the hand each discard leaves, asked one discard at a
time, are those :func:`useful_tiles` gives that hand; and the tiles that bring the whole hand nearer
(:meth:`~game.core.analysis.UsefulAfter.gains`) hold the useful tiles of every discard that costs the hand nothing,
the bound (:meth:`~game.core.analysis.UsefulAfter.bound`) a computer player weighing only its best discards
rests on."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import analysis
from game.core.tiles import NUM_KINDS, counts_of
from tests.tiers import examples

_WALL = [t for t in range(NUM_KINDS) for _ in range(4)]


def _hands(sizes: tuple[int, ...]):
    return st.sampled_from(sizes).flatmap(
        lambda n: st.lists(st.sampled_from(range(len(_WALL))), min_size=n, max_size=n, unique=True)
    ).map(lambda picks: counts_of(_WALL[i] for i in picks))


def _missing(counts: list[int], sets: int, chows: bool, max_chows: int | None) -> int:
    """Fewest tiles missing for ``sets`` sets and a pair, worked out plainly: with at most one chow, no chow or one
    chow first (taking the tiles of it held) and the rest without chows."""
    if max_chows is None or not chows:
        return analysis.missing_tiles(counts, sets, chows=chows)
    best = analysis.missing_tiles(counts, sets, chows=False)
    if max_chows == 0 or sets == 0:
        return best
    assert max_chows == 1
    for start in (s for s in range(27) if s % 9 <= 6):
        held = [x for x in range(start, start + 3) if counts[x]]
        rest = list(counts)
        for x in held:
            rest[x] -= 1
        best = min(best, 3 - len(held) + analysis.missing_tiles(rest, sets - 1, chows=False))
    return best


@settings(max_examples=examples(300), deadline=None)
@given(counts=_hands((14, 11, 8, 5, 2)), chows=st.booleans(), max_chows=st.sampled_from([None, 0, 1]),
       data=st.data())
def test_of__each_discard_asked_alone_gets_the_useful_tiles_of_the_hand_it_leaves(
        counts: list[int], chows: bool, max_chows: int | None, data: st.DataObject) -> None:
    n_melds = 4 - (sum(counts) - 2) // 3
    after = analysis.UsefulAfter(counts, n_melds, chows=chows, max_chows=max_chows)
    held = [t for t in range(NUM_KINDS) if counts[t]]
    for t in data.draw(st.permutations(held)):  # any order, any few: each answer its own
        left = list(counts)
        left[t] -= 1
        assert after.of(t) == analysis.useful_tiles(left, n_melds, chows=chows, max_chows=max_chows)


@settings(max_examples=examples(300), deadline=None)
@given(counts=_hands((14, 11, 8, 5, 2)), chows=st.booleans(), max_chows=st.sampled_from([None, 0, 1]))
def test_gains__are_the_tiles_that_leave_the_whole_hand_fewer_tiles_missing(
        counts: list[int], chows: bool, max_chows: int | None) -> None:
    n_melds = 4 - (sum(counts) - 2) // 3
    sets = 4 - n_melds
    now = _missing(counts, sets, chows, max_chows)
    expected = []
    for t in range(NUM_KINDS):
        if counts[t] < 4:
            more = list(counts)
            more[t] += 1
            if _missing(more, sets, chows, max_chows) < now:
                expected.append(t)
    assert analysis.UsefulAfter(counts, n_melds, chows=chows, max_chows=max_chows).gains() == expected


@settings(max_examples=examples(300), deadline=None)
@given(counts=_hands((14, 11, 8)), chows=st.booleans(), max_chows=st.sampled_from([None, 0, 1, 2]))
def test_gains__hold_the_useful_tiles_of_every_discard_that_costs_the_hand_nothing(
        counts: list[int], chows: bool, max_chows: int | None) -> None:
    # max_chows 2 with three or four sets to make is the few-chows search's case (no bundled ruleset).
    n_melds = 4 - (sum(counts) - 2) // 3
    after = analysis.UsefulAfter(counts, n_melds, chows=chows, max_chows=max_chows)
    whole = analysis.shanten(counts, n_melds, chows=chows, max_chows=max_chows)
    for t in (t for t in range(NUM_KINDS) if counts[t]):
        left = list(counts)
        left[t] -= 1
        now = analysis.shanten(left, n_melds, chows=chows, max_chows=max_chows)
        useful = set(after.of(t))
        assert useful <= set(after.bound(now))
        if now == whole:
            assert useful <= set(after.gains())
            assert list(after.bound(now)) == after.gains()
