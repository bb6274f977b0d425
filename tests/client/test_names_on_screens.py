"""Screens name opponents and rulesets as their mods do, never by their ids: Statistics' players (Eliza, not
Expert), the title's Continue line and the settings' ruleset for new games. (Rulesets and special hands in
Statistics and the saves list: test_no_ids_shown.)"""

from __future__ import annotations

import pygame

from game.client.scenes.stats import StatsScene
from game.client.scenes.title import continue_summary
from game.session.driver import Session
from game.stats import PlayerStats, Statistics, save_statistics
from tests.client.helpers import from_title, instant_session, make_app


def _statistics(app) -> None:
    stats = Statistics()
    for pid in ("human", "expert", "defensive", "beginner"):
        stats.by_ruleset.setdefault("classic", {})[pid] = PlayerStats(games=1, hands=4)
    stats.by_ruleset["classic"]["expert"].hands_won = 1
    app.folders.config.mkdir(parents=True, exist_ok=True)
    save_statistics(app.folders.config, stats)


def test_statistics__opponents_go_by_their_personalities_names(tmp_path) -> None:
    app = make_app(tmp_path)
    app.settings.player_name = "Mei"
    app.save_settings()
    _statistics(app)
    scene = from_title(app, pygame.K_t)
    assert isinstance(scene, StatsScene)
    assert [scene.names[pid] for pid, _ in scene.rows()] == ["Mei", "Eliza", "Bertie", "Dora"]
    app.render()


def test_statistics__in_a_game_the_players_have_their_names_at_the_table(tmp_path) -> None:
    app = make_app(tmp_path)
    _statistics(app)
    session = Session.create("classic", 3, opponents=["defensive", "expert", "beginner"],
                             names=["You", "Ann", "Bo", "Cy"])
    scene = StatsScene(app, session)
    assert scene.names["expert"] == "Bo" and scene.names["defensive"] == "Ann"


def test_player_name__ids_become_names(tmp_path) -> None:
    app = make_app(tmp_path)
    app.settings.player_name = "Mei"
    app.save_settings()
    assert app.resources.player_name("human") == "Mei"
    assert app.resources.player_name("expert") == "Eliza"
    assert app.resources.player_name("defensive+scatterbrain") == "Dora + scatterbrain"
    assert app.resources.player_name("greedy") == "Greedy"


def test_title__the_continue_line_names_the_ruleset_and_the_save(tmp_path) -> None:
    from game.saves import write_save

    app = make_app(tmp_path)
    session = instant_session(8)
    session.play_to_end()
    session.finish_hand()
    session.deal()
    write_save(app.folders.saves / "mysave1.sparrow", session.snapshot("mysave1"))
    app.settings.continue_from = "mysave1.sparrow"
    app.save_settings()
    assert continue_summary(app) == "Continue: hand 2 of Classic (Mah Jongg for Windows, 1995) · mysave1"
    title = from_title(app, pygame.K_UNKNOWN)
    app.step()
    assert title.summary == continue_summary(app)
    app.render()


def test_settings__the_ruleset_for_new_games_is_named(tmp_path) -> None:
    from game.client.scenes.settings import SettingsScene

    app = make_app(tmp_path)
    scene = SettingsScene(app)
    assert scene._ruleset_label("classic") == "Classic"
    assert scene._ruleset_label("japanese-riichi") == "Japanese Riichi"
