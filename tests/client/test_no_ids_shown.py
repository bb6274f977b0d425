"""The player reads names, never the ids the files keep (issue 20: "claim mah_jongg", "golden_cock ×1", the
ruleset "classic"): replay lines, the Statistics box, the saved games list and the table's refusals."""

from __future__ import annotations

import re

import pygame
import pytest

from game.client.messages import action_line
from game.client.stage import played_hands, staged_table
from game.client.status import status_line
from game.core.actions import Claim, DeclareKong, Discard, MahJongg, Pass, PassTiles
from game.core.match import HandRecord
from game.core.tiles import parse_tiles
from game.session.driver import HUMAN
from tests.client.helpers import drawn_text, key, make_app

ID_LIKE = re.compile(r"\b[a-z]+_[a-z_]+\b|\bclaim (chow|pung|kong|mah)")


def _replay_of_three_hands(tmp_path):
    """The app and its Replays scene (Alt+R) over a game of three hands played to the end."""
    app = make_app(tmp_path)
    played_hands(staged_table(app, 2, 0), 3)
    app.dispatch(key(pygame.K_r, pygame.KMOD_ALT))
    app.stack.apply_pending()
    return app, app.stack.top


def test_ids__every_replay_line_is_in_words(tmp_path) -> None:
    """Step through whole hands move by move (Right): no line uses the saves' notation."""
    app, replay = _replay_of_three_hands(tmp_path)
    assert replay.name == "replay"
    lines = []
    for _hand in range(3):
        for _ in range(replay.total_moves):
            app.dispatch(key(pygame.K_RIGHT))
            lines.append(replay.line)
        app.dispatch(key(pygame.K_PAGEUP))
    assert lines and not [line for line in lines if ID_LIKE.search(line)]


def test_ids__a_move_that_shows_nothing_yet_is_told_in_words() -> None:
    c = parse_tiles("5D 5D")
    assert action_line(Claim("mah_jongg"), "Eric") == "Eric claims the discard for Mah Jongg"
    assert action_line(Claim("pung", tuple(c)), "Eric") == "Eric claims the discard for Pung"
    assert action_line(Pass(), "Gaby") == "Gaby passes"
    assert action_line(Discard(c[0]), "Gaby") == "Gaby discards 5 Dots"
    assert action_line(DeclareKong(c[0]), "Gaby") == "Gaby declares a Kong of 5 Dots"
    assert action_line(MahJongg(), "Gaby") == "Gaby declares Mah Jongg"


@pytest.mark.parametrize(("code", "you", "gaby"), [
    ("en", "You pass on 5 Dots, 6 Dots, and Red Dragon", "Gaby passes on 5 Dots, 6 Dots, and Red Dragon"),
    ("de", "Du gibst 5 Kreise, 6 Kreise und Roter Drache weiter",
     "Gaby gibt 5 Kreise, 6 Kreise und Roter Drache weiter"),
    ("zh_Hans", "你传出5筒、6筒和红中", "Gaby传出5筒、6筒和红中"),
], ids=["en", "de", "zh"])
def test_ids__a_pass_in_the_replay_lists_its_tiles_the_languages_way(code, you, gaby) -> None:
    """The tiles passed on are one list in the language (", … and", "、…和"), said of you or of another player."""
    from game import i18n

    tiles = tuple(parse_tiles("5D 6D RD"))
    i18n.set_language(code)
    try:
        assert (action_line(PassTiles(tiles), i18n._("You")), action_line(PassTiles(tiles), "Gaby")) == (you, gaby)
    finally:
        i18n.set_language("en")


def test_ids__statistics_name_rulesets_and_special_hands(tmp_path, monkeypatch) -> None:
    from game.client.scenes import stats as stats_scene
    from game.stats import Statistics, save_statistics

    app = make_app(tmp_path)
    stats = Statistics()
    record = HandRecord(1, 1, 0, 0, HUMAN, None, (300, 0, 0, 0), (900, -300, -300, -300), "golden_cock", "x")
    stats.record_hand("classic", ["human", "expert", "expert", "expert"], record)
    save_statistics(app.folders.config, stats)
    drawn = drawn_text(monkeypatch, stats_scene)
    app.stack.push(stats_scene.StatsScene(app))
    app.render()
    seen = [line for line, _rect in drawn]
    assert [tab.label for tab in app.stack.top.tabs] == ["Classic"]
    assert "Picked by the Golden Cock ×1" in seen
    assert any(line.startswith("300 (Picked by the Golden") for line in seen), "the best hand names it too"
    assert not [line for line in seen if "golden_cock" in line or line == "classic"]


def test_ids__ruleset_tabs_drop_the_brackets_unless_two_would_read_alike() -> None:
    from game.client.messages import short_names

    assert short_names(["Classic (Mah Jongg for Windows, 1995)", "Japanese Riichi (Four Winds)",
                       "Western (Shanghai Dynasty)", "Western (Special Hands Only)"]) == \
        ["Classic", "Japanese Riichi", "Western (Shanghai Dynasty)", "Western (Special Hands Only)"]


def test_ids__the_saved_games_list_names_the_ruleset(tmp_path, monkeypatch) -> None:
    from game.client.scenes import saves as saves_scene

    app = make_app(tmp_path)
    table = staged_table(app, 2, 0)
    played_hands(table, 1)
    app.keeper.enabled = True
    app.keeper.autosave(table.session)
    drawn = drawn_text(monkeypatch, saves_scene)
    app.stack.push(saves_scene.SavesScene(app, "open"))
    app.render()
    seen = [line for line, _rect in drawn]
    assert "Classic" in seen and "classic" not in seen


def test_ids__the_table_refuses_in_words(tmp_path) -> None:
    """M4: "You can use 6 Circle for a Pung." — claims named as the buttons name them, never "mah jongg"."""
    from tests.client.helpers import table_scene_until_claim

    app = make_app(tmp_path)
    scene = table_scene_until_claim(app)
    session = scene.session
    types = session.claim_types()
    wrong = pygame.K_c if "chow" not in types else pygame.K_p
    assert "pung" not in types or "chow" not in types, "the search found a discard good for one claim"
    app.dispatch(key(wrong))
    claim = "(Chow|Pung|Kong|Mah Jongg)"
    assert re.fullmatch(rf"You can use .+ for a {claim}( or {claim})*\.", status_line(session)), status_line(session)


def test_replay__the_opening_line_speaks_to_you_when_you_are_east(tmp_path) -> None:
    """A hand where the player is East opens with "You are East", not "You is East"."""
    app, replay = _replay_of_three_hands(tmp_path)
    for _ in range(3):
        if replay.session.names[replay.record.east] == "You":
            break
        app.dispatch(key(pygame.K_PAGEUP))
    assert replay.session.names[replay.record.east] == "You", "one of the staged hands is dealt by the player"
    assert replay.line.startswith(f"Hand {replay.record.hand_number}: You are East, the wind of the round is")
    from game import i18n

    i18n.set_language("de")  # one sentence per person in each language too: "Du bist Ost", never "Du ist"
    try:
        app.dispatch(key(pygame.K_RIGHT))
        app.dispatch(key(pygame.K_HOME))
        assert replay.line.startswith(f"Blatt {replay.record.hand_number}: Du bist Ost, der Rundenwind ist ")
        app.dispatch(key(pygame.K_PAGEUP if replay.hand else pygame.K_PAGEDOWN))
        east = replay.session.names[replay.record.east]
        assert east != "You" and replay.line.startswith(f"Blatt {replay.record.hand_number}: {east} ist Ost")
    finally:
        i18n.set_language("en")
