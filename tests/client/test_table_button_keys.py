"""The table's buttons name their keys, as every other button does: a player sees that P claims a Pung."""

from __future__ import annotations

from game.client import widgets
from tests.client.helpers import drawn_text, make_app, started_table


def test_table_buttons__each_shows_its_key_under_its_label(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 11, 0.0)
    session = scene.session
    for _ in range(3000):
        app.step()
        assert not session.hand_over, "the staged hand offers a claim of two kinds"
        if session.human_may_claim and len(session.claim_types()) >= 2:
            break
        if session.human_may_claim:
            session.pass_claim()
        elif session.human_to_discard:
            scene.commands.discard_index(len(scene.hand_tiles()) - 1)
    scene.refresh_buttons()
    lines = drawn_text(monkeypatch, widgets)
    app.render(1.0)
    drawn = [line for line, _rect in lines]
    hints = {b.label: b.key_hint for b in scene.buttons}
    assert hints["Pass"] == "0" and "Pung!" in hints
    for label, hint in hints.items():
        assert label in drawn and hint in drawn, f"{label} shows its key {hint}"
