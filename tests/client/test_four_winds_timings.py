"""T-39 (specs/four-winds.md §2.10, decided in tests/golden/european.yaml): the Four Winds program's timings
(a 5000 ms discard delay, a computer dealer's first discard after 20 s, a Rob-Kong window of about 5 s) are that
program's client defaults, not rules data. Sparrow keeps its own client's timings as settings: the claim window
(``wait_time``, up to 10 s) also times robbing a kong, the computer pause (``discard_delay``) paces every discard,
the dealer's first included, and play starts on Start instead of after 20 s."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.client.scenes.settings import SettingsScene
from game.client.widgets import Slider
from game.core.actions import DeclareKong
from game.errors import RulesetError
from game.rules import load_ruleset
from game.session.driver import HUMAN, Session
from game.session.options import Options
from tests.builders import rigged_table, t
from tests.client.helpers import make_app

ROOT = Path(__file__).resolve().parents[2]
EUROPEAN = ROOT / "mods" / "european" / "rulesets"
PRESETS = sorted(EUROPEAN.glob("*.yaml"))
FILLER = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"


def _session(**options: float) -> Session:
    return Session.create("european", 5, options=Options(animation_speed=0.0, **options))


@pytest.mark.parametrize("timing", ["discard_delay", "dealer_first_discard", "rob_kong_window"])
def test_t39__the_four_winds_timings_are_no_ruleset_keys(tmp_path, timing: str) -> None:
    """A preset cannot carry the program's timings: the ruleset format refuses them, at the top and in play."""
    assert PRESETS and all(timing not in path.read_text(encoding="utf-8") for path in PRESETS)
    parents = {path.stem: path for path in PRESETS}
    for text in (f"{timing}: 5000\n", f"play:\n  {timing}: 5000\n"):
        child = tmp_path / "timed.yaml"
        child.write_text(f"format: 1\nid: timed\nextends: european\nname: Timed\n{text}", encoding="utf-8")
        with pytest.raises(RulesetError, match=timing):
            load_ruleset(child, parents=parents)


def test_t39__the_claim_window_is_a_setting_of_up_to_ten_seconds(tmp_path) -> None:
    app = make_app(tmp_path)
    app.reset_to("title")
    app.stack.apply_pending()
    scene = SettingsScene(app)
    wait = next(c for c in scene.controls if isinstance(c, Slider) and c.label == "Claim wait time")
    assert (wait.low, wait.high) == (0, 10)
    assert Options().wait_time < 5, "Sparrow's own default, not the program's 5 s Rob-Kong window"


def test_t39__play_starts_on_start_and_a_computer_dealer_discards_after_the_computer_pause() -> None:
    for seed in range(1, 40):
        session = Session.create("european", seed, options=Options(animation_speed=0.0, discard_delay=0.9))
        session.deal()
        if session.table.east != HUMAN:
            break
    else:
        raise AssertionError("no seed gave the deal to a computer player")
    for _ in range(30):
        session.update(1.0)
    assert session.table.phase == "dealt" and session.table.discard_count == 0, "nothing happens before Start"
    session.start()
    waited = 0.0
    while session.table.discard_count == 0 and waited < 20:
        session.update(0.1)
        waited += 0.1
    assert session.table.discard_count == 1
    assert waited <= 0.9 + 0.15, f"the dealer's first discard came after {waited:.1f} s, not the computer pause"


@pytest.mark.parametrize("wait_time", [2.5, 7.5])
def test_t39__robbing_a_kong_is_timed_by_the_claim_window(wait_time: float) -> None:
    """The human may rob a promoted kong for exactly the wait time; then the session passes and the kong stands."""
    session = _session(wait_time=wait_time, discard_delay=0.0)
    session.deal()
    session.start()
    table = rigged_table({HUMAN: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 8D RD RD", 1: "2C 3C 4C 6D 6D 1D 2D 3D EW SW",
                          2: FILLER, 3: FILLER}, "9D", rules=session.rules, judge=session.judge,
                         melds={1: ["9D 9D 9D"]}, current=1)
    session.table = table
    session.drain()
    table.apply(1, DeclareKong(t("9D")))
    assert table.phase == "rob" and session.human_may_claim
    assert "mah_jongg" in session.claim_types()
    session.update(wait_time - 0.1)
    assert session.human_may_claim, "the window lasts the whole wait time"
    session.update(0.2)
    assert not session.human_may_claim
    assert table.players[1].melds[0].kind == "kong", "nobody robbed: the pung became a kong"
