"""Custom ruleset presets: saved as user mods, loaded like any ruleset, renamed and deleted; bundled ones untouched."""

from __future__ import annotations

import pytest

from game.errors import ModError
from game.mods import get_ruleset, list_rulesets
from game.mods.custom_rules import (
    create_custom_ruleset,
    custom_ruleset,
    delete_custom_ruleset,
    list_custom_rulesets,
    rename_custom_ruleset,
    slugify,
    update_custom_ruleset,
)
from game.mods.rulesets import UnknownRulesetError
from tests.mods.modkit import REPO, folders_for


def load(folders, ruleset_id: str):
    return get_ruleset(ruleset_id, folders.user_mods, folders.config)


def leftovers(folders) -> list[str]:
    return sorted(p.name for p in folders.user_mods.iterdir()) if folders.user_mods.exists() else []


def test_custom_rules__created_preset_loads_with_its_options_in_play(tmp_path) -> None:
    folders = folders_for(tmp_path)
    made = create_custom_ruleset(folders, "european", "House Rules", {
        "chows_allowed": False, "sacred_discard": "last", "ready_rule": "riichi", "start_score": 5000,
        "limit": 1000, "special_hands_allowed": False, "flowers": False})
    assert made.id == "custom-house-rules"
    assert made.path == folders.user_mods / "custom-house-rules" / "rulesets" / "house-rules.yaml"
    ruleset = load(folders, made.id)
    assert ruleset.name == "House Rules"
    assert not ruleset.play.chows_allowed
    assert ruleset.play.sacred_discard == "last"
    assert ruleset.play.ready_rule == "riichi"
    assert ruleset.play.start_score == 5000
    assert ruleset.limit == 1000
    assert ruleset.special_hands_allowed is False
    base = load(folders, "european")
    assert ruleset.scoring == base.scoring, "everything not changed comes from the base"
    text = made.path.read_text(encoding="utf-8")
    assert text.startswith("# ")
    assert "extends: european" in text
    assert "flowers" not in text, "a value equal to the base's is not written"
    assert made.id in {info.id for info in list_rulesets(folders.user_mods, folders.config)}


def test_custom_rules__listed_by_name_with_base_and_changes(tmp_path) -> None:
    folders = folders_for(tmp_path)
    create_custom_ruleset(folders, "european", "Zeta", {"missed_discard": True})
    create_custom_ruleset(folders, "classic", "alpha", {"max_chows": 1})
    listed = list_custom_rulesets(folders)
    assert [(c.name, c.base, c.options) for c in listed] == [("alpha", "classic", {"max_chows": 1}),
                                                            ("Zeta", "european", {"missed_discard": True})]


def test_custom_rules__invalid_values_are_refused_with_their_place_and_nothing_is_left(tmp_path) -> None:
    folders = folders_for(tmp_path)
    with pytest.raises(ModError) as caught:
        create_custom_ruleset(folders, "european", "Broken", {"limit": 0, "max_chows": "lots"})
    message = str(caught.value)
    assert "custom-broken/rulesets/broken.yaml:" in message
    assert "limit" in message and "greater than 0" in message
    assert "max_chows" in message
    assert all(p.line and p.column for p in caught.value.problems), message
    assert leftovers(folders) == []
    with pytest.raises(UnknownRulesetError):
        load(folders, "custom-broken")


def test_custom_rules__unknown_option_base_or_empty_name_refused(tmp_path) -> None:
    folders = folders_for(tmp_path)
    with pytest.raises(ModError, match="unknown option 'pay_table'"):
        create_custom_ruleset(folders, "european", "Mine", {"pay_table": [[0, 2]]})
    with pytest.raises(ModError, match=r"unknown option 'penalties\.faulty'"):
        create_custom_ruleset(folders, "european", "Mine", {"penalties.faulty": True})
    with pytest.raises(ModError, match="unknown base ruleset 'no-such'"):
        create_custom_ruleset(folders, "no-such", "Mine", {})
    with pytest.raises(ModError, match="expected a name"):
        create_custom_ruleset(folders, "european", "   ", {})
    with pytest.raises(ModError, match="already exists"):
        create_custom_ruleset(folders, "european", "european contemporary (four winds)", {})
    assert leftovers(folders) == []


def test_custom_rules__same_slug_gets_its_own_id(tmp_path) -> None:
    folders = folders_for(tmp_path)
    first = create_custom_ruleset(folders, "european", "My Rules", {})
    second = create_custom_ruleset(folders, "european", "My rules!", {})
    assert (first.id, second.id) == ("custom-my-rules", "custom-my-rules-2")
    assert slugify("Règles à moi") == "regles-a-moi"
    assert slugify("!!!") == "preset"


def test_custom_rules__rename_keeps_the_id_and_changes_the_name(tmp_path) -> None:
    folders = folders_for(tmp_path)
    made = create_custom_ruleset(folders, "european", "Old Name", {"chows_allowed": False})
    renamed = rename_custom_ruleset(folders, made.id, "New Name")
    assert renamed.id == made.id
    ruleset = load(folders, made.id)
    assert ruleset.name == "New Name"
    assert not ruleset.play.chows_allowed, "renaming keeps the options"
    assert [c.name for c in list_custom_rulesets(folders)] == ["New Name"]
    assert leftovers(folders) == [made.id], "no staging or old folder is left"


def test_custom_rules__update_saves_in_place_and_a_copy_of_a_custom_extends_its_base(tmp_path) -> None:
    folders = folders_for(tmp_path)
    made = create_custom_ruleset(folders, "european", "Mine", {"chows_allowed": False})
    update_custom_ruleset(folders, made.id, {"missed_discard": True})
    ruleset = load(folders, made.id)
    assert not ruleset.play.chows_allowed and ruleset.play.missed_discard
    copy = create_custom_ruleset(folders, made.id, "Copy", {"limit": 800})
    assert copy.base == "european", "a copy never depends on another custom preset"
    delete_custom_ruleset(folders, made.id)
    ruleset = load(folders, copy.id)
    assert not ruleset.play.chows_allowed and ruleset.play.missed_discard and ruleset.limit == 800


def test_custom_rules__delete_removes_the_preset(tmp_path) -> None:
    folders = folders_for(tmp_path)
    made = create_custom_ruleset(folders, "classic", "Short Lived", {"max_chows": 2})
    delete_custom_ruleset(folders, made.id)
    assert list_custom_rulesets(folders) == []
    assert leftovers(folders) == []
    with pytest.raises(UnknownRulesetError):
        load(folders, made.id)
    with pytest.raises(ModError, match="no custom preset"):
        delete_custom_ruleset(folders, made.id)


def test_custom_rules__bundled_rulesets_cannot_be_changed_or_deleted(tmp_path) -> None:
    folders = folders_for(tmp_path)
    bundled = REPO / "mods" / "european" / "rulesets" / "european.yaml"
    before = bundled.read_bytes()
    for action in (lambda: delete_custom_ruleset(folders, "european"),
                   lambda: rename_custom_ruleset(folders, "european", "Mine"),
                   lambda: update_custom_ruleset(folders, "european", {"chows_allowed": False}),
                   lambda: custom_ruleset(folders, "classic")):
        with pytest.raises(ModError, match="comes with the game and cannot be changed"):
            action()
    assert bundled.read_bytes() == before
    assert load(folders, "european").play.chows_allowed
