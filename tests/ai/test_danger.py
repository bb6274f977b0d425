"""How dangerous a discard is: a suit tile is dangerous by the waits still possible on it."""

from __future__ import annotations

from game.ai.evaluate import danger, threat
from tests.ai.test_engine import t, view

HAND = "1C 2C 3C 4C 5C 6C 7C 8C 9C RD RD 5B 1B 1D"


def _danger(tile: str, **threat_discards: str) -> float:
    opponents = {1: {"melds": (), "standing": True, "discards": threat_discards.get("threat", "")},
                 2: {"discards": threat_discards.get("other", "")}}
    v = view(HAND, opponents=opponents)
    return danger(t(tile), v, v.visible_counts(), threat(v))


def test_danger__a_middle_tile_whose_neighbours_are_all_in_sight_is_nearly_safe():
    """Every 4 and 6 Bamboo in sight: no run can be waiting on 5 Bamboo, only a pair or a lone-tile wait."""
    fresh = _danger("5B")
    walled = _danger("5B", other="4B 4B 4B 4B 6B 6B 6B 6B")
    assert walled < 0.3 * fresh


def test_danger__a_terminal_is_safer_than_a_middle_tile_and_the_threats_own_discard_safer_still():
    assert _danger("1B") < _danger("5B")
    assert _danger("5B", threat="5B") < 0.2 * _danger("5B")


def test_danger__no_threat_no_danger():
    v = view(HAND)
    assert danger(t("5B"), v, v.visible_counts(), threat(v)) == 0.0
