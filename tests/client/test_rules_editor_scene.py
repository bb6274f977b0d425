"""The rules editor driven as a player drives it: opened from the Rules page, a value typed, refused, undone and
redone, saved under a name (offered at once by New Game), and leaving with unsaved changes asks first."""

from __future__ import annotations

import pygame

from game.client.scenes.dialogs import ConfirmBox, NameBox
from game.client.scenes.rules_editor import FIELDS, RulesEditorScene
from game.client.scenes.settings import SettingsScene
from game.client.widgets import TextField
from game.mods import get_ruleset
from tests.client.helpers import click, key, make_app

CTRL = pygame.KMOD_CTRL


def open_editor(app) -> tuple[SettingsScene, RulesEditorScene]:
    app.reset_to("title")
    app.stack.apply_pending()
    app.open("settings", page="Rules")
    app.stack.apply_pending()
    settings = app.stack.top
    assert isinstance(settings, SettingsScene) and settings.editor.current.id == "classic"
    app.dispatch(click(settings.editor.values_button.rect.center))
    app.stack.apply_pending()
    editor = app.stack.top
    assert isinstance(editor, RulesEditorScene)
    return settings, editor


def walk_to(app, editor: RulesEditorScene, name: str) -> None:
    """Press Down until the entry called ``name`` is chosen."""
    for _ in range(len(editor.entries)):
        if editor.entry.name == name:
            return
        app.dispatch(key(pygame.K_DOWN))
    assert editor.entry.name == name


def box(editor: RulesEditorScene, label: str) -> TextField:
    return next(c for f, c, _ in editor.controls if f.label == label)


def type_into(app, field: TextField, typed: str) -> None:
    app.dispatch(click(field.rect.center))
    for _ in range(len(field.value)):
        app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(pygame.Event(pygame.TEXTINPUT, text=typed))


def test_rules_editor_scene__a_typed_value_is_undone_redone_and_saved_as_a_preset_new_game_offers(tmp_path) -> None:
    app = make_app(tmp_path)
    settings, editor = open_editor(app)
    walk_to(app, editor, "Pung or Kong of Dragons")
    doubles = box(editor, "Doubles")
    assert doubles.value == "1"
    type_into(app, doubles, "2")
    assert editor.draft.values["scoring.pung_kong_dragons.doubles"] == 2
    app.dispatch(key(pygame.K_z, CTRL))
    assert editor.draft.values["scoring.pung_kong_dragons.doubles"] == 1 and doubles.value == "1"
    app.dispatch(key(pygame.K_y, CTRL))
    assert doubles.value == "2"

    app.dispatch(click(editor.tabs.tab(1).center))
    assert editor.entry.name == "Imperial Mah Jongg" and "kong" in editor.entry.pattern
    type_into(app, box(editor, "Points"), "8000")
    assert editor.draft.changes() == {"scoring.pung_kong_dragons.doubles": 2, "special_hands.imperial.points": 8000}

    app.dispatch(click(editor.buttons["save"].rect.center))
    app.stack.apply_pending()
    name_box = app.stack.top
    assert isinstance(name_box, NameBox)
    for _ in range(len(name_box.field.value)):
        app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(pygame.Event(pygame.TEXTINPUT, text="Dragon Club"))
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert app.stack.top is editor and editor.message == "saved Dragon Club; new games use it"
    assert editor.entry.name == "Imperial Mah Jongg" and box(editor, "Points").value == "8000"
    assert app.settings.ruleset == "custom-dragon-club"
    ruleset = get_ruleset("custom-dragon-club", str(tmp_path / "mods"), str(tmp_path / "config"))
    assert ruleset.item("pung_kong_dragons").doubles == 2 and ruleset.special_hand("imperial").points == 8000

    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top is settings and settings.editor.current.id == "custom-dragon-club"
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    app.open("new_game")
    app.stack.apply_pending()
    new_game = app.stack.top
    assert new_game.rulesets[new_game.ruleset.index].id == "custom-dragon-club"


def test_rules_editor_scene__a_refused_value_is_told_in_the_field_and_never_saved(tmp_path) -> None:
    app = make_app(tmp_path)
    _, editor = open_editor(app)
    walk_to(app, editor, "Pung or Kong of Dragons")
    points = box(editor, "Points")
    type_into(app, points, "-5")
    assert editor.errors == {"scoring.pung_kong_dragons.points":
                             "scoring.pung_kong_dragons.points: Input should be greater than or equal to 0"}
    assert editor.draft.values["scoring.pung_kong_dragons.points"] == 0 and not editor.draft.changed
    assert not editor.buttons["save"].enabled
    app.dispatch(click((FIELDS.left + 4, FIELDS.top + 4)))  # leaving the field drops what it refused
    assert editor.errors == {} and box(editor, "Points").value == "0"


def test_rules_editor_scene__default_buttons_and_a_locked_flag(tmp_path) -> None:
    app = make_app(tmp_path)
    _, editor = open_editor(app)
    walk_to(app, editor, "Going Mah Jongg")
    type_into(app, box(editor, "Points"), "30")
    default = next(d for f, _, d in editor.controls if f.label == "Points")
    assert default.enabled
    app.dispatch(click(default.rect.center))
    assert editor.draft.values["scoring.going_mah_jongg.points"] == 20 and not default.enabled
    switch = next(c for f, c, _ in editor.controls if f.label == "Mah Jongg hand only")
    app.dispatch(click(switch.rect.center))
    assert editor.draft.values["scoring.going_mah_jongg.mah_jongg_only"] is True
    assert "fixed" in editor.errors["scoring.going_mah_jongg.mah_jongg_only"]
    no_value = next(c for f, c, _ in editor.controls if f.label == "No scoring value")
    app.dispatch(click(no_value.rect.center))
    assert editor.draft.values["scoring.going_mah_jongg.allowed"] is False
    assert editor.draft.locked("scoring.going_mah_jongg.points")
    app.dispatch(click(editor.buttons["default_all"].rect.center))
    assert not editor.draft.changed


def test_rules_editor_scene__leaving_with_unsaved_changes_asks(tmp_path) -> None:
    app = make_app(tmp_path)
    settings, editor = open_editor(app)
    app.dispatch(click(editor.tabs.tab(2).center))
    assert editor.entry.name == "Limit"
    type_into(app, box(editor, "Limit"), "1000")
    assert editor.draft.values["limit"] == 1000
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    ask = app.stack.top
    assert isinstance(ask, ConfirmBox) and ask.question == "Leave without saving your changes?"
    app.dispatch(key(pygame.K_ESCAPE))  # Stay
    app.stack.apply_pending()
    assert app.stack.top is editor
    app.dispatch(click(editor.buttons["close"].rect.center))
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_RETURN))  # Leave
    app.stack.apply_pending()
    assert app.stack.top is settings
    assert get_ruleset("classic", str(tmp_path / "mods"), str(tmp_path / "config")).limit is None


def test_rules_editor_scene__the_preview_follows_each_value_typed(tmp_path) -> None:
    app = make_app(tmp_path)
    _, editor = open_editor(app)
    walk_to(app, editor, "Pung or Kong of Dragons")
    before = editor.preview()
    assert before.counts and before.settlement is not None
    doubles = box(editor, "Doubles")
    type_into(app, doubles, "3")
    after = editor.preview()
    assert after.result.score == 4 * before.result.score
    assert after.settlement.deltas[after.winner] > before.settlement.deltas[before.winner]
    app.dispatch(key(pygame.K_BACKSPACE))  # an empty box is refused: the preview keeps the last good value
    assert "valid integer" in editor.errors["scoring.pung_kong_dragons.doubles"]
    assert editor.preview().result.score == after.result.score
    app.dispatch(pygame.Event(pygame.TEXTINPUT, text="2"))
    assert editor.preview().result.score == 2 * before.result.score and editor.errors == {}
    surface = pygame.Surface((1280, 720))
    app.stack.draw(surface, 0.0)  # the preview is drawn from it


def test_rules_editor_scene__export_after_saving(tmp_path) -> None:
    app = make_app(tmp_path)
    _, editor = open_editor(app)
    assert not editor.buttons["export"].enabled, "only a saved preset of one's own can be shared"
    editor.save_as("Shared")  # what the name box does on Enter
    assert editor.buttons["export"].enabled
    app.dispatch(click(editor.buttons["export"].rect.center))
    target = tmp_path / "config" / "exports" / "custom-shared-1.0.0.zip"
    assert target.is_file() and editor.message == f"exported to {target}"


def test_rules_editor_scene__the_keyboard_walks_groups_entries_and_fields(tmp_path) -> None:
    app = make_app(tmp_path)
    _, editor = open_editor(app)
    assert editor.entry.name == "Going Mah Jongg"
    app.dispatch(key(pygame.K_DOWN))
    assert editor.entry.name == "Mah Jongg with an Original Hand"
    app.dispatch(key(pygame.K_TAB, CTRL))
    assert editor.entry.name == "Imperial Mah Jongg"
    app.dispatch(key(pygame.K_TAB))
    points = box(editor, "Points")
    assert editor.typing is points
    app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(pygame.Event(pygame.TEXTINPUT, text="7"))
    assert points.value == "6007"
    assert editor.draft.values["special_hands.imperial.points"] == 6007
    app.dispatch(key(pygame.K_RETURN))
    assert editor.typing is None
    app.dispatch(key(pygame.K_z, CTRL))
    assert editor.draft.values["special_hands.imperial.points"] == 6000, "the typing was one step to undo"


def test_rules_editor_scene__every_scoring_line_is_named_whole_in_the_list(tmp_path) -> None:
    """"Mah Jongg with the Last Tile from the Wall" is longer than the list is wide: it is set smaller, not cut
    to "Mah Jongg with the Last Tile from t…", which could be any of several lines."""
    app = make_app(tmp_path)
    _, editor = open_editor(app)
    walk_to(app, editor, "Mah Jongg with the Last Tile from the Wall")
    app.render(1.0)
    for entry in editor.entries:
        label, size = editor.row_label(entry.name)
        assert label == entry.name and size >= 12


def test_rules_editor_scene__a_locked_field_says_why_in_the_players_language(tmp_path) -> None:
    """Clicking a field the ruleset fixes says so in German: the field's German label and the reason."""
    from game import i18n

    app = make_app(tmp_path)
    _, editor = open_editor(app)
    walk_to(app, editor, "Going Mah Jongg")
    switch = next(c for f, c, _ in editor.controls if f.label == "Mah Jongg hand only")
    i18n.set_language("de")
    try:
        app.dispatch(click(switch.rect.center))
        label = i18n._("Mah Jongg hand only")
    finally:
        i18n.set_language("en")
    assert label != "Mah Jongg hand only"
    assert editor.errors["scoring.going_mah_jongg.mah_jongg_only"] == f"{label}: in diesem Regelwerk festgelegt"


def test_rules_editor_scene__the_preview_settles_in_the_players_language(tmp_path, monkeypatch) -> None:
    """The preview's settlement in German: each seat's role and score one phrase ("gewinnt mit …"), each
    change signed and grouped, the example's note a German sentence."""
    from game import i18n
    from game.client import stage
    from game.client.render import rule_preview
    from tests.client.helpers import drawn_text

    app = make_app(tmp_path)
    stage.stage_scene(app, "rules_editor", seed=2, turns=12)
    shown = drawn_text(monkeypatch, rule_preview)
    i18n.set_language("de")
    try:
        app.render()
    finally:
        i18n.set_language("en")
    lines = [line for line, _rect in shown]
    assert any(line.startswith("gewinnt mit ") for line in lines), lines
    assert any(line.startswith("Hand von ") and "gewonnen" in line for line in lines), lines
    assert any(line.startswith("+") for line in lines) and any(line.startswith("-") for line in lines)
