"""The deals' calibration probe (tools/deal_calibration.py): held tiles weighed against true and sampled hands."""

from __future__ import annotations

import pytest

from tools.deal_calibration import measure


def test_measure__weighs_every_held_kind_against_the_true_hands_and_the_deals() -> None:
    tally = measure(hands=4, seed=3, players=["efficient"] * 4, deals=4)
    weighed = tally.count("true completes")
    assert weighed > 4 * 8 * 5  # some eight discards a hand, five kinds or more held at each
    assert tally.count("sampled completes") == pytest.approx(weighed)  # each of the deals weighs 1/deals
    for label in ("true", "sampled"):
        assert 0 <= tally.mean(f"{label} completes") <= tally.mean(f"{label} ready") * 3
        assert tally.mean(f"{label} wait kinds") >= 1  # a ready hand waits on one kind at least
