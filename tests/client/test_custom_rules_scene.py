"""The settings' Rules page: a preset made there with clicks and typing is kept, renamed, deleted and offered in
New Game after the game starts again; built-in presets stay read-only."""

from __future__ import annotations

import pygame

from game.client.app import App
from game.client.scenes.dialogs import ConfirmBox, NameBox
from game.client.scenes.new_game import NewGameScene
from game.client.scenes.settings import SettingsScene
from game.mods import get_ruleset
from game.mods.custom_rules import custom_ruleset, list_custom_rulesets
from tests.client.helpers import click, key, make_app, open_settings, restart


def open_rules(app: App) -> SettingsScene:
    scene = open_settings(app, "Rules")
    assert scene.editor is not None
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
    assert again.settings.ruleset == "custom-tuesday-club", "the new preset is used for new games"
    again.reset_to("title")
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
    assert scene.value("ruleset") == editor.current.id, "new games fall back to the deleted preset's base"


def test_custom_rules_scene__new_games_presets_button_lists_a_preset_made_there(tmp_path) -> None:
    app = make_app(tmp_path)
    app.reset_to("title")
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


def focus_on(app: App, scene: SettingsScene, label: str, key_name: int = pygame.K_DOWN) -> object:
    """Walk the keyboard focus until the control called ``label`` (or the group tabs, for "tabs") has it."""
    for _ in range(len(scene.page_controls()) + 2):
        controls = scene.page_controls()
        if 0 <= scene.focus < len(controls):
            control = controls[scene.focus]
            if (label == "tabs" and control is scene.editor.tabs) or getattr(control, "label", None) == label:
                return control
        app.dispatch(key(key_name))
    raise AssertionError(f"no control {label!r} on {scene.editor.group_name}")


def test_custom_rules_scene__every_group_is_walked_and_changed_by_keyboard_and_saved_nested(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = open_rules(app)
    choose(app, scene, "european")
    editor = scene.editor
    focus_on(app, scene, "tabs")
    app.dispatch(key(pygame.K_RIGHT))
    assert editor.group_name == "Scoring"
    focus_on(app, scene, "Rounding")
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RIGHT))
    assert editor.values["rounding.stage"] == "after_doubles"

    focus_on(app, scene, "tabs", pygame.K_UP)
    app.dispatch(key(pygame.K_RIGHT))
    assert editor.group_name == "Payment & penalties"
    focus_on(app, scene, "Payment")
    app.dispatch(key(pygame.K_RIGHT))
    assert editor.values["payment"] == "winner_only"
    focus_on(app, scene, "Penalty for a faulty Out")
    app.dispatch(key(pygame.K_SPACE))
    assert editor.values["penalties.faulty_out"] is False

    focus_on(app, scene, "tabs", pygame.K_UP)
    app.dispatch(key(pygame.K_RIGHT))
    assert editor.group_name == "Hands" and editor.scroll == 0
    deep = focus_on(app, scene, "1 through 9 of One Suit")
    assert editor.scroll > 0 and editor._shown(deep), "the list scrolls to the control in focus"
    assert editor.viewport.contains(deep.rect)
    app.dispatch(key(pygame.K_SPACE))
    assert editor.values["scoring.one_to_nine.allowed"] is True
    at = editor.scroll
    app.dispatch(pygame.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    assert editor.scroll == min(at + 2, editor._rows_total - 8), "the wheel scrolls the list"
    shown = [c for c in editor.option_controls if editor._shown(c)]
    assert shown and all(editor.viewport.contains(c.rect) for c in shown)
    before = editor.values["special_hands_allowed"]
    editor.scroll_to(0)
    app.dispatch(click(option(scene, "Special hands allowed").rect.center))
    assert editor.values["special_hands_allowed"] is not before, "a click on a switch of the list changes it"
    app.dispatch(click(option(scene, "Special hands allowed").rect.center))

    app.dispatch(click(editor.save_as_button.rect.center))
    app.stack.apply_pending()
    type_name(app, "Keys Only")
    assert editor.current.id == "custom-keys-only", editor.message
    assert editor.group_name == "Hands", "saving keeps the group shown"
    assert custom_ruleset(app.folders, "custom-keys-only").options == {
        "rounding.stage": "after_doubles", "payment": "winner_only", "penalties.faulty_out": False,
        "scoring.one_to_nine.allowed": True}
    ruleset = get_ruleset("custom-keys-only", tmp_path / "mods", tmp_path / "config")
    assert (ruleset.rounding.stage, ruleset.payment, ruleset.penalties.faulty_out) == (
        "after_doubles", "winner_only", False)
    assert ruleset.item("one_to_nine").allowed


def test_custom_rules_scene__a_group_offers_only_what_the_base_has(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = open_rules(app)
    labels = lambda: [c.label for c in scene.editor.option_controls]  # noqa: E731
    choose(app, scene, "classic")
    open_group(app, scene, "Payment & penalties")
    assert labels() == ["Payment"], "classic's files give no penalties"
    open_group(app, scene, "Scoring")
    assert "Minimum points" not in labels() and "Dealer's extra hands" not in labels()
    choose(app, scene, "hongkong")
    assert "Minimum points" in labels()
    open_group(app, scene, "Payment & penalties")
    assert "Payment" not in labels() and "Discarder pays for all" in labels()
    assert "Penalty for a faulty Out" in labels()


def test_custom_rules_scene__no_label_is_cut_short_in_any_preset(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = open_rules(app)
    editor = scene.editor
    for preset in list(editor.presets):
        editor.select(preset.id)
        assert editor.values, editor.message
        for group, controls in editor.groups.items():
            assert controls, (preset.id, group)
            cut = [c.label for c in controls if not c.label_fits()]
            assert not cut, (preset.id, group, cut)


def test_custom_rules_scene__a_value_outside_the_usual_choices_stays_one_of_them(tmp_path) -> None:
    from game.mods.custom_rules import create_custom_ruleset

    app = make_app(tmp_path)
    create_custom_ruleset(app.folders, "european", "Thirty", {"penalties.dealer_bonus": 30})
    scene = open_rules(app)
    choose(app, scene, "custom-thirty")
    open_group(app, scene, "Scoring")
    bonus = option(scene, "Dealer's extra hands")
    assert 30 in bonus.choices and scene.editor.values["penalties.dealer_bonus"] == 30
    app.dispatch(click(bonus.rect.center))
    app.dispatch(click(bonus.rect.center, button=3))
    assert scene.editor.values["penalties.dealer_bonus"] == 30 and not scene.editor.changed
    choose(app, scene, "european")
    assert 30 not in option(scene, "Dealer's extra hands").choices


def focus_control(app: App, scene: SettingsScene, control: object) -> None:
    """Walk the keyboard focus down until ``control`` has it."""
    for _ in range(len(scene.page_controls()) + 2):
        controls = scene.page_controls()
        if 0 <= scene.focus < len(controls) and controls[scene.focus] is control:
            return
        app.dispatch(key(pygame.K_DOWN))
    raise AssertionError(f"the keyboard never reached {getattr(control, 'label', control)!r}")


def test_custom_rules_scene__bonus_or_double_rows_are_walked_and_changed_by_keyboard(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = open_rules(app)
    choose(app, scene, "european")
    editor = scene.editor
    focus_on(app, scene, "tabs")
    for _ in range(3):
        app.dispatch(key(pygame.K_RIGHT))
    assert editor.group_name == "Hands"
    heading = next(h for h in editor.headings if h.label == "Bonus or double")
    robbed, line = editor.by_key["scoring.robbed_kong.doubles"], editor.by_key["scoring.robbed_kong.allowed"]
    assert editor._rows[id(robbed)] == editor._rows[id(line)] and robbed.rect.left > line.rect.right, \
        "a line's choice is beside its switch"
    assert editor._rows[id(heading)] < editor._rows[id(line)]
    focus_control(app, scene, robbed)
    assert editor._shown(robbed) and editor.viewport.contains(robbed.rect), "the list scrolls to the row in focus"
    assert robbed.shown(robbed.get()) == "10 points"
    app.dispatch(key(pygame.K_RIGHT))
    assert editor.values["scoring.robbed_kong.doubles"] == 1 and robbed.shown(robbed.get()) == "1 double"
    focus_control(app, scene, editor.by_key["scoring.valueless.when"])
    app.dispatch(key(pygame.K_SPACE))
    assert editor.values["scoring.valueless.when"] == "valueless_strict"
    one_suit = editor.by_key["scoring.one_suit.doubles"]
    focus_control(app, scene, one_suit)
    app.dispatch(key(pygame.K_RIGHT))
    assert editor.values["scoring.one_suit.doubles"] == 4 and one_suit.shown(4) == "4 doubles"

    valueless = editor.by_key["scoring.valueless.doubles"]
    assert valueless.active() and robbed.active()
    editor.values["chows_allowed"] = False
    assert not valueless.active() and robbed.active(), "no Valueless Hand without four chows: dimmed"
    editor.values.update(chows_allowed=True, max_chows=3)
    assert not valueless.active() and not editor.by_key["scoring.valueless.when"].active()
    editor.values["max_chows"] = None
    app.dispatch(click(line.rect.center))
    assert editor.values["scoring.robbed_kong.allowed"] is False and not robbed.active(), "a line off: dimmed"
    app.dispatch(click(line.rect.center))

    app.dispatch(click(editor.save_as_button.rect.center))
    app.stack.apply_pending()
    type_name(app, "Doubles")
    assert editor.current.id == "custom-doubles", editor.message
    assert custom_ruleset(app.folders, "custom-doubles").options == {
        "scoring.robbed_kong.doubles": 1, "scoring.robbed_kong.points": 0, "scoring.valueless.when": "valueless_strict",
        "scoring.one_suit.doubles": 4, "scoring.one_chance.unless": [], "scoring.self_drawn.unless": []}
    assert (editor.values["scoring.robbed_kong.doubles"], editor.values["scoring.one_suit.doubles"]) == (1, 4)
    ruleset = get_ruleset("custom-doubles", tmp_path / "mods", tmp_path / "config")
    assert (ruleset.item("robbed_kong").points, ruleset.item("robbed_kong").doubles) == (0, 1)
    assert ruleset.item("valueless").when == ("valueless_strict",)

    choose(app, scene, "hongkong")
    assert not any(h.label == "Bonus or double" for h in editor.headings), "not changeable in Hong Kong"
    assert not any(k.endswith((".doubles", ".when")) for k in editor.by_key)


def test_custom_rules_scene__a_heading_of_the_hands_list_is_never_alone_on_its_last_row(tmp_path) -> None:
    from game.client.scenes.presets import LIST_ROWS

    app = make_app(tmp_path)
    scene = open_rules(app)
    editor = scene.editor
    for ruleset_id in ("european", "classic", "british"):
        choose(app, scene, ruleset_id)
        editor.show_group("Hands")
        bottoms = 0
        for scroll in range(editor._rows_total - LIST_ROWS + 1):
            editor.scroll_to(scroll)
            for heading in editor.headings:
                row = editor._rows[id(heading)]
                bottoms += row == scroll + LIST_ROWS - 1
                if editor._shown(heading):
                    assert any(editor._rows[id(c)] == row + 1 and editor._shown(c) for c in editor.option_controls)
        assert bottoms, f"{ruleset_id}: some scroll puts a heading on the last row, and it is then not shown"
