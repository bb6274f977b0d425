"""The collector's policy between hands: garbage goes at the boundary, what lives is kept out of the collections
during the next hand, and cycles that die while frozen are still freed later."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from game.gcpolicy import HandBoundaryCollector


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def _cycle() -> Node:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a


def _tracked(obj: object) -> bool:
    """Whether a collection would walk ``obj`` (frozen objects are in no generation)."""
    return any(o is obj for o in gc.get_objects())


@pytest.fixture(autouse=True)
def _thawed() -> Iterator[None]:
    yield
    gc.unfreeze()


def test_between_hands__the_first_is_a_full_pass() -> None:
    """What the program made before its first hand (loading, an earlier game's cycles) is collected once."""
    dropped = weakref.ref(_cycle())
    assert dropped() is not None  # a cycle outlives its last reference until a collection
    HandBoundaryCollector().between_hands()
    assert dropped() is None


def test_between_hands__freezes_what_is_alive() -> None:
    """What lives at a hand boundary is out of the collections during the hand; what the hand makes is not."""
    collector = HandBoundaryCollector()
    kept = Node()
    collector.between_hands()
    assert not _tracked(kept)
    made_after = [kept]
    assert _tracked(made_after)


def test_between_hands__frees_a_cycle_dropped_while_frozen_once_what_lives_has_doubled() -> None:
    collector = HandBoundaryCollector()
    kept = _cycle()
    collector.between_hands()
    ref = weakref.ref(kept)
    del kept
    collector.between_hands()  # nothing has grown: the cycle stays frozen, unreachable
    assert ref() is not None
    ballast = [[] for _ in range(collector.full_at + 1)]  # as many objects again alive at the next boundary
    collector.between_hands()
    assert ref() is None
    assert ballast


def test_between_hands__leaves_a_disabled_collector_off() -> None:
    collector = HandBoundaryCollector()
    gc.disable()
    try:
        dropped = weakref.ref(_cycle())
        frozen = gc.get_freeze_count()
        collector.between_hands()
        assert dropped() is not None
        assert gc.get_freeze_count() == frozen
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_between_hands__counts_the_frozen_objects_less_often_while_what_lives_stays_just_under_the_threshold(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting the frozen objects walks all of them (milliseconds by a few hundred hands). When what lives levels
    off just under the doubling that calls for a full pass, while every hand freezes short-lived objects too, the
    counts thin out instead of coming every hand or two."""
    collector = HandBoundaryCollector()
    collector.between_hands()
    counts = []
    real_count = gc.get_freeze_count
    monkeypatch.setattr(gc, "get_freeze_count", lambda: counts.append(1) or real_count())
    ballast = [[] for _ in range(collector.full_at * 8 // 10)]  # lives on: with a hand's 10%, 90% of the way
    for _ in range(60):
        junk = [[] for _ in range(collector.full_at // 10)]  # frozen at the boundary, dead during the next hand
        collector.between_hands()
        del junk
    assert ballast
    assert collector.full_at and len(counts) <= 12
    more = [[] for _ in range(collector.full_at // 5)]  # now it has doubled: the full pass still comes, once the
    full_at = collector.full_at                         # estimate has grown by at most another threshold
    hands = 0
    while collector.full_at == full_at and hands < 24:
        junk = [[] for _ in range(full_at // 10)]
        collector.between_hands()
        del junk
        hands += 1
    assert collector.full_at > full_at and hands <= 12
    assert more


def test_server_collector__ticks_collect_and_freeze__hand_boundaries_and_python_leave_it_alone() -> None:
    """A table server deals hands at many tables: the collections come on its ticks, not at each deal, and Python
    makes no full pass of its own meanwhile; stopping gives Python its thresholds back."""
    from game import gcpolicy

    before = gc.get_threshold()
    collector = gcpolicy.ServerCollector()
    collector.start()
    try:
        assert gc.get_threshold()[2] >= 2**30
        kept = Node()
        gcpolicy.between_hands()  # a table deals: nothing happens
        assert _tracked(kept)
        dropped = weakref.ref(_cycle())
        collector.tick()
        assert dropped() is None and not _tracked(kept)
    finally:
        collector.stop()
    assert gc.get_threshold() == before
    assert isinstance(gcpolicy._COLLECTOR, HandBoundaryCollector)
