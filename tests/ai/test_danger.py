"""How dangerous a discard is: a suit tile is dangerous by the waits still possible on it."""

from __future__ import annotations

from game.ai.evaluate import danger, threat
from tests.builders import t, view

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


def _standing_view(order: str, both: bool = False):
    opponents = {1: {"standing": True, "discards": "9D"}, 2: {"standing": both, "discards": "5B"}}
    return view(HAND, opponents=opponents, order=order)


def test_passed__the_tiles_others_threw_since_a_players_own_last_discard():
    v = _standing_view("2:1D 1:9D 0:NW 2:5B")
    assert v.passed[1] == {t("NW"), t("5B")}  # 1D came before its own discard: its hand changed since
    assert v.passed[2] == frozenset() and v.passed[0] == {t("5B")}
    assert v.passed[3] == {t("1D"), t("9D"), t("NW"), t("5B")}  # no discard yet: the dealt hand, unchanged


def test_danger__a_tile_the_ready_hand_let_pass_since_its_last_discard_is_safe_from_it():
    """The standing hand passed 5 Bamboo after its last discard: had 5 Bamboo completed it, it would have gone
    out. Thrown before its last discard, the same tile says nothing."""
    v = _standing_view("1:9D 2:5B")
    assert danger(t("5B"), v, v.visible_counts(), threat(v)) == 0.0
    earlier = _standing_view("2:5B 1:9D")
    assert danger(t("5B"), earlier, earlier.visible_counts(), threat(earlier)) > 0.1


def test_danger__two_ready_hands_are_more_dangerous_than_one():
    one, two = _standing_view("2:5B 1:9D"), _standing_view("2:5B 1:9D", both=True)
    assert danger(t("4C"), two, two.visible_counts(), threat(two)) > danger(t("4C"), one, one.visible_counts(),
                                                                          threat(one))
