"""Screens name rulesets, opponents and special hands as their mods do, never by their ids: Statistics, the saves
list, the title's Continue line and the settings' ruleset choice."""

from __future__ import annotations

import pygame

from game.client.controller import Session
from game.client.names import player_name, ruleset_name, short_names
from game.client.scenes.saves import SavesScene
from game.client.scenes.stats import StatsScene
from game.client.scenes.title import continue_summary
from game.stats import PlayerStats, Statistics, save_statistics
from tests.client.helpers import from_title, instant_session, make_app


def _statistics(app) -> None:
    stats = Statistics()
    for pid in ("human", "expert", "defensive", "beginner"):
        stats.by_ruleset.setdefault("classic", {})[pid] = PlayerStats(games=1, hands=4)
    stats.by_ruleset["classic"]["expert"] = PlayerStats(games=1, hands=4, hands_won=1, special_hands={"imperial": 1},
                                                        best_hand={"score": 6000, "special_hand": "imperial"})
    stats.by_ruleset["japanese-riichi"] = {"human": PlayerStats(games=1, hands=1)}
    app.folders.config.mkdir(parents=True, exist_ok=True)
    save_statistics(app.folders.config, stats)


def test_statistics__opponents_rulesets_and_special_hands_go_by_name(tmp_path) -> None:
    app = make_app(tmp_path)
    app.save_settings(player_name="Mei")
    _statistics(app)
    scene = from_title(app, pygame.K_t)
    assert isinstance(scene, StatsScene)
    assert [scene.names[pid] for pid, _ in scene.rows()] == ["Mei", "Eliza", "Bertie", "Dora"]
    assert [tab.label for tab in scene.tabs] == ["Classic", "Japanese Riichi"]
    assert scene.hand_name("imperial") == "Imperial Mah Jongg"
    app.render()


def test_statistics__in_a_game_the_players_have_their_names_at_the_table(tmp_path) -> None:
    app = make_app(tmp_path)
    _statistics(app)
    session = Session.create("classic", 3, opponents=["defensive", "expert", "beginner"],
                             names=["You", "Ann", "Bo", "Cy"])
    scene = StatsScene(app, session)
    assert scene.names["expert"] == "Bo" and scene.names["defensive"] == "Ann"


def test_names__ids_become_names() -> None:
    from game.config import folders
    from game.mods.catalog import build_catalog

    catalog = build_catalog(folders(None, None), full=False)
    assert ruleset_name(catalog, "classic") == "Classic (Mah Jongg for Windows, 1995)"
    assert ruleset_name(catalog, "not-installed") == "not-installed"
    assert player_name(catalog, "expert") == "Eliza"
    assert player_name(catalog, "defensive+scatterbrain") == "Dora + scatterbrain"
    assert player_name(catalog, "human", "Mei") == "Mei"
    assert short_names(["Classic (Mah Jongg for Windows, 1995)", "Western (Shanghai Dynasty)",
                        "Western (Special Hands Only)", "Nine Dragons"]) == [
        "Classic", "Western (Shanghai Dynasty)", "Western (Special Hands Only)", "Nine Dragons"]


def test_saves_list_and_title__name_the_ruleset(tmp_path) -> None:
    from game.saves import write_save

    app = make_app(tmp_path)
    session = instant_session(8)
    session.play_to_end()
    session.finish_hand()
    session.deal()
    write_save(app.folders.saves / "mysave1.sparrow", session.snapshot("mysave1"))
    app.save_settings(continue_from="mysave1.sparrow")
    assert continue_summary(app) == "Continue: hand 2 of Classic (Mah Jongg for Windows, 1995) · mysave1"
    saves = SavesScene(app, "open")
    assert saves.ruleset_label(saves.saves[0], width=1000) == "Classic (Mah Jongg for Windows, 1995)"
    assert saves.ruleset_label(saves.saves[0], width=100) == "Classic"
    app.stack.clear_to(saves)
    app.render()


def test_settings__the_ruleset_for_new_games_is_named(tmp_path) -> None:
    from game.client.scenes.settings import SettingsScene

    app = make_app(tmp_path)
    scene = SettingsScene(app)
    assert scene._ruleset_label("classic") == "Classic"
    assert scene._ruleset_label("japanese-riichi") == "Japanese Riichi"
