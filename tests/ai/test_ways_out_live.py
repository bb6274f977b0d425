"""A player weighing its ready discards under a minimum of doubles asks the judge only about the waits with a copy
still live (``EnginePlayer._ways_out`` given ``live``): the useful tiles it counts from them must be the very
ones the full list of ways out gives."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from game.ai.engine import EnginePlayer
from game.cli.simulate import simulate
from game.core.melds import parse_meld
from game.core.tiles import counts_of, parse_tiles
from game.core.view import PlayerView
from game.mods import get_ruleset
from tests.builders import PEOPLE, view

BRITISH = get_ruleset("british")
_Asked = tuple[list[int], PlayerView, tuple[int, ...]]


def _expert() -> EnginePlayer:
    return EnginePlayer(PEOPLE["expert"], random.Random(1), BRITISH)


@pytest.fixture(scope="module")
def asked() -> list[_Asked]:
    """The ready hands four experts weighed in a few British hands, with the live copies they saw."""
    found: list[_Asked] = []
    plain = EnginePlayer._ways_out

    def record(self: EnginePlayer, after: list[int], view: PlayerView, live: Sequence[int] | None = None
               ) -> list[int]:
        if live is not None:
            found.append((list(after), view, tuple(live)))
        return plain(self, after, view, live)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(EnginePlayer, "_ways_out", record)
        simulate("british", 6, 11, ["expert"] * 4)
    return found


def _afresh(player: EnginePlayer, after: list[int], seen: PlayerView, live: Sequence[int] | None = None
            ) -> list[int]:
    """``player``'s ways out of a hand it has not been asked about (its judge kept: a new one is dear)."""
    player._ways.clear()
    return player._ways_out(after, seen, live)


def test_ways_out__live_ones_are_the_live_among_all(asked: list[_Asked]) -> None:
    assert len(asked) >= 20
    player = _expert()
    unasked = 0
    for after, seen, live in asked:
        every = _afresh(player, after, seen)
        assert _afresh(player, after, seen, live) == [w for w in every if live[w]]
        unasked += sum(goes is None for known in player._ways.values() for goes in known.values())
    assert unasked  # some of these hands wait on a tile already out of sight


def test_ways_out__the_useful_tiles_counted_are_the_same(asked: list[_Asked]) -> None:
    player = _expert()
    for after, seen, live in asked:
        n_melds = len(seen.me.melds)
        every = player._acceptance(after, n_melds, live, 0, _afresh(player, after, seen))
        assert player._acceptance(after, n_melds, live, 0, _afresh(player, after, seen, live)) == every


def test_ways_out__a_dead_wait_left_unasked_is_asked_later():
    """The answers kept per hand: a wait skipped as dead is still asked when the full list is wanted."""
    hand = "1C 1C 1C RD RD RD GD GD 9D 9D"  # Green Dragon makes a second dragon pung; 9 Dots makes none
    player = _expert()
    counts = counts_of(parse_tiles(hand))
    seen = view(hand, melds=(parse_meld("1B 2B 3B"),))
    live = [4] * 34
    live[parse_tiles("GD")[0]] = 0
    assert player._ways_out(counts, seen, live) == []
    assert player._ways_out(counts, seen) == parse_tiles("GD")
