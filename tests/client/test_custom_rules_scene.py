"""The settings' Rules page: a preset made there with clicks and typing is kept, renamed, deleted and offered in
New Game after the game starts again; built-in presets stay read-only."""

from __future__ import annotations

import argparse

import pygame

from game.client.app import App
from game.client.scenes.new_game import NewGameScene
from game.client.scenes.presets import ConfirmBox, NameBox
from game.client.scenes.settings import SettingsScene
from game.mods import get_ruleset
from game.mods.custom_rules import list_custom_rulesets
from tests.client.helpers import click, key, make_app


def restart(tmp_path) -> App:
    args = argparse.Namespace(mods_dir=str(tmp_path / "mods"), config_dir=str(tmp_path / "config"))
    return App(args, size=(1280, 720), headless=True)


def open_rules(app: App) -> SettingsScene:
    app.show_title()
    app.stack.apply_pending()
    app.show_settings()
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    tab = next(t for t in scene.tabs if t.label == "Rules")
    app.dispatch(click(tab.rect.center))
    assert scene.page == "Rules" and scene.editor is not None
    return scene


def choose(app: App, scene: SettingsScene, ruleset_id: str) -> None:
    """Step the preset chooser with its right arrow until ``ruleset_id`` is shown."""
    editor = scene.editor
    right = editor.chooser.arrows()[1]
    for _ in range(len(editor.presets)):
        if editor.current.id == ruleset_id:
            return
        app.dispatch(click(right.center))
    assert editor.current.id == ruleset_id


def option(scene: SettingsScene, label: str):
    return next(c for c in scene.editor.option_controls if c.label == label)


def open_group(app: App, scene: SettingsScene, name: str) -> None:
    """Click the group's tab on the Rules page."""
    tabs = scene.editor.tabs
    app.dispatch(click(tabs.tab(tabs.labels.index(name)).center))
    assert scene.editor.group_name == name


def type_name(app: App, name: str) -> None:
    box = app.stack.top
    assert isinstance(box, NameBox)
    for _ in range(len(box.field.value)):
        app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(pygame.Event(pygame.TEXTINPUT, text=name))
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()


def test_custom_rules_scene__a_preset_saved_in_settings_is_offered_in_new_game_after_a_restart(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = open_rules(app)
    choose(app, scene, "european")
    editor = scene.editor
    assert not editor.save_button.enabled and not editor.delete_button.enabled, "built-in presets are read-only"
    app.dispatch(click(option(scene, "Chows allowed").rect.center))
    open_group(app, scene, "Scoring")
    limit = option(scene, "Limit")
    app.dispatch(click(limit.rect.center))
    assert editor.values["chows_allowed"] is False and editor.values["limit"] == 550
    app.dispatch(click(editor.save_as_button.rect.center))
    app.stack.apply_pending()
    type_name(app, "Tuesday Club")
    assert app.stack.top is scene, editor.message
    assert editor.current.name == "Tuesday Club" and editor.current.custom
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()

    again = restart(tmp_path)
    assert again.settings_value("ruleset", None) == "custom-tuesday-club", "the new preset is used for new games"
    again.show_title()
    again.stack.apply_pending()
    new_game = NewGameScene(again)
    assert "Tuesday Club" in new_game.ruleset.labels
    chosen = new_game.rulesets[new_game.ruleset.index]
    assert chosen.id == "custom-tuesday-club"
    assert new_game.start_score == 2000, "the starting score comes from the preset's base"
    ruleset = get_ruleset("custom-tuesday-club", tmp_path / "mods", tmp_path / "config")
    assert ruleset.play.chows_allowed is False and ruleset.limit == 550 and ruleset.extends == "european"


def test_custom_rules_scene__a_bad_name_keeps_the_box_open_with_the_reason(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = open_rules(app)
    app.dispatch(click(scene.editor.save_as_button.rect.center))
    app.stack.apply_pending()
    type_name(app, "   ")
    box = app.stack.top
    assert isinstance(box, NameBox)
    assert "expected a name" in box.error
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top is scene
    assert list_custom_rulesets(app.folders) == []


def test_custom_rules_scene__save_rename_and_delete_with_confirmation(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = open_rules(app)
    editor = scene.editor
    app.dispatch(click(editor.save_as_button.rect.center))
    app.stack.apply_pending()
    type_name(app, "Mine")
    assert editor.current.id == "custom-mine"
    app.dispatch(click(option(scene, "Missed discard").rect.center))
    assert editor.save_button.enabled
    app.dispatch(click(editor.save_button.rect.center))
    assert get_ruleset("custom-mine", tmp_path / "mods", tmp_path / "config").play.missed_discard is True
    assert not editor.changed

    app.dispatch(click(editor.rename_button.rect.center))
    app.stack.apply_pending()
    type_name(app, "Ours")
    assert [c.name for c in list_custom_rulesets(app.folders)] == ["Ours"]
    assert editor.current.name == "Ours"

    app.dispatch(click(editor.delete_button.rect.center))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ConfirmBox)
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert [c.name for c in list_custom_rulesets(app.folders)] == ["Ours"], "Cancel keeps the preset"
    app.dispatch(click(editor.delete_button.rect.center))
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert list_custom_rulesets(app.folders) == []
    assert not editor.current.custom
    assert scene.values["ruleset"] == editor.current.id, "new games fall back to the deleted preset's base"


def test_custom_rules_scene__new_games_presets_button_lists_a_preset_made_there(tmp_path) -> None:
    app = make_app(tmp_path)
    app.show_title()
    app.stack.apply_pending()
    new_game = NewGameScene(app)
    app.stack.push(new_game)
    app.stack.apply_pending()
    app.dispatch(click(new_game.presets_button.rect.center))
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, SettingsScene) and scene.page == "Rules"
    app.dispatch(click(scene.editor.save_as_button.rect.center))
    app.stack.apply_pending()
    type_name(app, "From New Game")
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top is new_game
    assert new_game.rulesets[new_game.ruleset.index].id == "custom-from-new-game"
    assert new_game.choices().ruleset == "custom-from-new-game"
