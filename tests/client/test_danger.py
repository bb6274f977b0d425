"""The one-suit danger (seeds 002 and 003): an opponent who shows a third set of one suit calls "Danger!" (balloon,
voice, the warning sound), the table warns you in words naming the nine tiles penalty where the ruleset has it, and
a badge stays by their name; nobody is warned twice in a hand, and your own third set warns only the others."""

from __future__ import annotations

from game.client.scenes import table_draw
from game.core.melds import parse_meld
from tests.client.helpers import HUMAN, click_tile, make_app, table_with_stake

STAKE = "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 9D RD RD GD"


def _watch(app, scene, monkeypatch) -> tuple[list, list]:
    audio = app.resources.audio
    heard: list[tuple] = []
    monkeypatch.setattr(audio, "available", True)  # a headless app has no sound device: the calls are recorded
    for quiet in ("say_tile", "say_claim"):
        monkeypatch.setattr(audio, quiet, lambda *a: True)
    monkeypatch.setattr(audio, "play", lambda name: heard.append(("play", name)) or True)
    monkeypatch.setattr(audio, "say_call", lambda seat, line: heard.append((seat, line)) or True)
    balloons: list[str] = []
    scene.animator.on_balloon = lambda seat, words: balloons.append((seat, words))
    return heard, balloons


def test_danger__an_opponents_third_set_of_one_suit_is_called_and_marked(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path)
    scene = table_with_stake(app, "ninedragons", STAKE)
    heard, balloons = _watch(app, scene, monkeypatch)
    table = scene.session.table
    right = table.players[1]
    right.melds = [parse_meld(m) for m in ("2C 2C 2C", "5C 5C 5C", "7C 8C 9C")]
    click_tile(app, scene, table.players[HUMAN].concealed[-1])  # play goes on: the table sees the sets
    app.step()
    assert (1, "Danger!") in balloons and (1, "DAN") in heard and ("play", "warning") in heard
    assert [t.message for t in scene.toasts] == [
        f"Danger! {scene.session.names[1]} shows three sets of Characters: feed a one-suit win and you pay for "
        "everyone."]
    drawn: list[str] = []
    mark = table_draw.draw_mark
    monkeypatch.setattr(table_draw, "draw_mark", lambda surface, label, *a: drawn.append(label)
                        or mark(surface, label, *a))
    app.render()
    assert "Danger: Characters" in drawn
    balloons.clear()
    for _ in range(120):
        app.step()
    assert (1, "Danger!") not in balloons  # called once a hand


def test_danger__your_own_third_set_warns_only_the_others(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path)
    scene = table_with_stake(app, "classic", STAKE)
    heard, balloons = _watch(app, scene, monkeypatch)
    table = scene.session.table
    table.players[HUMAN].melds = [parse_meld(m) for m in ("2C 2C 2C", "5C 5C 5C", "9C 9C 9C")]
    click_tile(app, scene, table.players[HUMAN].concealed[-1])
    app.step()
    assert (HUMAN, "Danger!") in balloons and (HUMAN, "DAN") in heard
    assert not any("Danger" in t.message for t in scene.toasts)
