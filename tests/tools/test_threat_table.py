"""The threat table's measurement: hands are looked at after every discard, and the table never falls."""

from __future__ import annotations

from game.ai.evaluate import _READY_BY_STAGE
from tools.threat_table import measure, smoothed


def test_measure__looks_at_every_other_hand_after_each_discard():
    seen, ready = measure(hands=4, seed=3, ruleset_id="classic")
    looked = sum(map(sum, seen))
    assert looked > 4 * 3 * 20  # three other hands after each of a hand's 20-odd discards
    assert all(r <= n for row_seen, row_ready in zip(seen, ready, strict=True)
               for n, r in zip(row_seen, row_ready, strict=True))
    assert sum(map(sum, ready)) > 0  # some hands got ready


def test_smoothed__never_falls_with_more_sets_or_more_discards():
    seen = [[1000] * 6, [1000] * 6, [10] * 6]  # the last row has too few hands to trust
    ready = [[0, 100, 50, 300, 400, 500], [0, 50, 300, 400, 500, 600], [10] * 6]
    table = smoothed(seen, ready)
    assert table[0] == [0.0, 0.1, 0.1, 0.3, 0.4, 0.5]  # a dip is lifted to the share before it
    assert table[1][1] == 0.1 and table[2] == table[1]  # a thin row takes the floor of the row above


def test_the_engine_table_never_falls():
    for e, row in enumerate(_READY_BY_STAGE):
        assert list(row) == sorted(row)
        if e:
            assert all(a >= b for a, b in zip(row, _READY_BY_STAGE[e - 1], strict=True))
