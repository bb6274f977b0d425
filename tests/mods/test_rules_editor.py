"""The rules editor's draft: values changed, refused with the checker's own message, undone, saved as a readable
preset that passes ``mods check``, read back and saved again unchanged, and exported as a zip to share."""

from __future__ import annotations

import json
import zipfile

import pytest

from game.errors import ModError
from game.mods.check import check_mod
from game.mods.custom_rules import update_custom_ruleset
from game.mods.rules_editor import Draft
from tests.cli.runner import sparrow
from tests.mods.modkit import folders_for, manifest, write

DRAGONS = "scoring.pung_kong_dragons.doubles"
IMPERIAL = "special_hands.imperial.points"
# An exposed pung of Red Dragons in a hand of chows, self-drawn by East.
DRAGON_HAND = {"seat_wind": "E", "round_wind": "E", "concealed": "2B 3B 4B 6C 7C 8C 3D 4D 5D 9D 9D",
               "melds": [{"tiles": "RD RD RD"}], "winner": True, "winning_tile": "9D", "won_by": "wall"}


def score(folders, ruleset_id: str, hand: dict) -> dict:
    ran = sparrow("--mods-dir", str(folders.user_mods), "--config-dir", str(folders.config), "score", "--ruleset",
                  ruleset_id, "-", stdin=json.dumps(hand))
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


def dragons_item(result: dict) -> dict:
    return next(i for i in result["items"] if i["name"] == "Pung or Kong of Dragons")


def test_rules_editor__a_saved_draft_is_a_commented_preset_that_passes_mods_check_and_scores_anew(tmp_path) -> None:
    folders = folders_for(tmp_path)
    draft = Draft(folders, "classic")
    assert draft.values[DRAGONS] == 1 and not draft.changed
    assert draft.set(DRAGONS, 2) is None
    assert draft.set_text(IMPERIAL, "8000") is None
    assert draft.changed and draft.changes() == {DRAGONS: 2, IMPERIAL: 8000}
    made = draft.save("Dragon Club")
    assert made.id == "custom-dragon-club" and not draft.changed and draft.custom is not None

    text = made.path.read_text(encoding="utf-8")
    assert "extends: classic" in text
    changed = [line for line in text.splitlines() if line.strip().startswith(("doubles:", "points:"))]
    assert changed == ["    doubles: 2                          # Pung or Kong of Dragons, doubles; was 1",
                       "    points: 8000                        # Imperial Mah Jongg, points; was 6000"]
    assert check_mod(made.path.parents[1], folders).problems == []
    assert dragons_item(score(folders, "classic", DRAGON_HAND))["doubles"] == 1
    assert dragons_item(score(folders, made.id, DRAGON_HAND))["doubles"] == 2


def test_rules_editor__loading_and_saving_unchanged_gives_the_same_file(tmp_path) -> None:
    folders = folders_for(tmp_path)
    draft = Draft(folders, "classic")
    draft.set_text("limit", "1000")
    draft.set_text("special_hands.imperial.limit", "2")  # typed as a whole number, kept as the share it is
    draft.set("special_hands.great_snake.allowed", False)
    draft.set("scoring.pair_dragons.mah_jongg_only", False)
    made = draft.save("Round Trip")
    first = made.path.read_bytes()
    again = Draft(folders, made.id)
    assert not again.changed and again.changes() == draft.changes()
    again.save()
    assert made.path.read_bytes() == first


def test_rules_editor__a_refused_value_gets_the_checkers_message_and_never_reaches_a_file(tmp_path) -> None:
    folders = folders_for(tmp_path)
    draft = Draft(folders, "classic")
    refused = {("scoring.pung_kong_dragons.points", "-5"): "greater than or equal to 0",
               ("scoring.pung_kong_dragons.doubles", "lots"): "valid integer",
               ("special_hands.imperial.limit", "1"): "the ruleset has no 'limit'"}
    for (key, typed), words in refused.items():
        message = draft.set_text(key, typed)
        assert message is not None and words in message
        # The same value written by hand into a mod: mods check says the very same thing.
        root = tmp_path / "by-hand" / key.replace(".", "-")
        kind, entry, name = key.split(".")
        write(root / "mod.yaml", manifest(root.name, ["ruleset"]))
        write(root / "rulesets" / "mine.yaml", f"format: 1\nid: mine-{root.name}\nextends: classic\nname: Mine\n"
                                               f"{kind}:\n  {entry}:\n    {name}: {typed}\n")
        assert [p.message for p in check_mod(root, folders).problems] == [message]
    assert not draft.changed and draft.can_undo is False
    made = draft.save("Nothing Bad")
    assert "points" not in made.path.read_text(encoding="utf-8")


def test_rules_editor__undo_redo_default_and_default_all(tmp_path) -> None:
    folders = folders_for(tmp_path)
    draft = Draft(folders, "classic")
    draft.set(DRAGONS, 2)
    draft.set(IMPERIAL, 7000)
    draft.set(IMPERIAL, 9000)
    assert draft.undo() and draft.values[IMPERIAL] == 7000
    assert draft.redo() and draft.values[IMPERIAL] == 9000
    draft.default(IMPERIAL)
    assert draft.values[IMPERIAL] == 6000 and draft.values[DRAGONS] == 2
    draft.default_all()
    assert not draft.changed
    assert draft.undo() and draft.changes() == {DRAGONS: 2}
    draft.set("scoring.going_mah_jongg.points", 30)
    assert not draft.can_redo, "a new edit ends what could be redone"


def test_rules_editor__fields_the_original_locks(tmp_path) -> None:
    draft = Draft(folders_for(tmp_path), "classic")
    assert "fixed" in draft.set("scoring.going_mah_jongg.mah_jongg_only", False)
    assert "cannot be turned into doubles" in draft.locked("special_hands.imperial.doubles")
    assert draft.set("special_hands.imperial.total", False) is not None, "imperial's total score is fixed"
    assert "Total Score" in draft.locked("special_hands.great_snake.doubles")
    assert draft.set("special_hands.great_snake.total", False) is None
    assert draft.locked("special_hands.great_snake.doubles") == ""
    draft.set("scoring.pair_dragons.allowed", False)
    assert "No Scoring Value" in draft.locked("scoring.pair_dragons.points")
    assert draft.values["scoring.going_mah_jongg.mah_jongg_only"] is True


def test_rules_editor__a_copy_of_a_preset_keeps_the_rules_pages_options_and_that_page_keeps_the_editors(
        tmp_path) -> None:
    folders = folders_for(tmp_path)
    draft = Draft(folders, "classic")
    draft.set(DRAGONS, 3)
    made = draft.save("Mine")
    update_custom_ruleset(folders, made.id, {"chows_allowed": False})  # the Rules page's Save
    again = Draft(folders, made.id)
    assert again.values[DRAGONS] == 3 and again.kept == {"chows_allowed": False}
    again.set(IMPERIAL, 7000)
    copy = again.save("Mine Too")
    text = copy.path.read_text(encoding="utf-8")
    assert "chows_allowed: false" in text and "doubles: 3" in text and "points: 7000" in text
    with pytest.raises(ModError, match="already exists"):
        Draft(folders, "classic").save("Mine")


def test_rules_editor__export_zips_the_preset_for_mods_install(tmp_path) -> None:
    folders = folders_for(tmp_path)
    draft = Draft(folders, "classic")
    with pytest.raises(ModError, match="save the ruleset"):
        draft.export()
    draft.set(DRAGONS, 2)
    draft.save("Shared Rules")
    zipped = draft.export()
    assert zipped == folders.config / "exports" / "custom-shared-rules-1.0.0.zip"
    with zipfile.ZipFile(zipped) as archive:
        assert sorted(archive.namelist()) == ["custom-shared-rules/mod.yaml",
                                              "custom-shared-rules/rulesets/shared-rules.yaml"]
    other = folders_for(tmp_path / "friend")
    ran = sparrow("--mods-dir", str(other.user_mods), "--config-dir", str(other.config), "mods", "install",
                  str(zipped))
    assert ran.returncode == 0, ran.stderr
    assert dragons_item(score(other, "custom-shared-rules", DRAGON_HAND))["doubles"] == 2
