"""The rules editor's preview: an example hand that uses the line or special hand edited, scored with the values
as they stand, and settled among the four players."""

from __future__ import annotations

from game.core.tiles import parse_tiles
from game.mods.rules_editor import Draft
from game.mods.rules_preview import find_example, preview
from tests.mods.modkit import folders_for

RED_DRAGON = parse_tiles("RD")[0]


def test_rules_preview__a_lines_example_holds_its_set_and_its_score_follows_the_value(tmp_path) -> None:
    draft = Draft(folders_for(tmp_path), "classic")
    example = find_example(draft.ruleset(), "scoring.pung_kong_dragons")
    assert example is not None and (RED_DRAGON,) * 3 in example.groups
    before = preview(draft.ruleset(), "scoring.pung_kong_dragons", example)
    assert before.counts and before.result.mah_jongg
    draft.set("scoring.pung_kong_dragons.doubles", 2)
    after = preview(draft.ruleset(), "scoring.pung_kong_dragons", example)
    assert after.result.doubles == before.result.doubles + 1 and after.result.score == 2 * before.result.score
    assert sum(after.settlement.deltas) == 0
    assert after.settlement.deltas[after.winner] > before.settlement.deltas[before.winner] > 0
    draft.set("scoring.pung_kong_dragons.allowed", False)
    off = preview(draft.ruleset(), "scoring.pung_kong_dragons", example)
    assert not off.counts and off.note == "No Scoring Value: the line does not count in this hand."


def test_rules_preview__a_special_hands_example_is_built_from_its_pattern_and_scored_at_its_new_value(
        tmp_path) -> None:
    draft = Draft(folders_for(tmp_path), "classic")
    example = find_example(draft.ruleset(), "special_hands.great_snake")
    assert example is not None and example.verified
    assert preview(draft.ruleset(), "special_hands.great_snake", example).result.special_hand_id == "great_snake"
    draft.set_text("special_hands.great_snake.points", "1500")
    shown = preview(draft.ruleset(), "special_hands.great_snake", example)
    assert shown.result.score == 1500
    east, others = shown.settlement.deltas[0], shown.settlement.deltas[1:]
    assert shown.winner == 0 and east > 0 and all(d < 0 for d in others), "everybody pays East"
    draft.set("special_hands.great_snake.allowed", False)
    assert "not allowed" in preview(draft.ruleset(), "special_hands.great_snake", example).note


def test_rules_preview__the_limit_caps_its_example(tmp_path) -> None:
    draft = Draft(folders_for(tmp_path), "classic")
    example = find_example(draft.ruleset(), "Limit")
    unlimited = preview(draft.ruleset(), "Limit", example).result
    draft.set_text("limit", "500")
    limited = preview(draft.ruleset(), "Limit", example).result
    assert unlimited.score > 500 and limited.score == 500 and limited.limited


def test_rules_preview__a_minimum_refuses_its_small_hand(tmp_path) -> None:
    draft = Draft(folders_for(tmp_path), "classic")
    assert draft.values["min_points"] == 0, "offered though classic's files set no minimum: 0 is no rule"
    example = find_example(draft.ruleset(), "Minimums")
    small = preview(draft.ruleset(), "Minimums", example)
    assert small.result.mah_jongg and small.result.points < 40
    draft.set_text("min_points", "40")
    refused = preview(draft.ruleset(), "Minimums", example)
    assert not refused.result.mah_jongg and refused.settlement is None and refused.note
    assert "min_points: 40" in draft.text()


def test_rules_preview__its_notes_are_whole_sentences_of_the_players_language(tmp_path) -> None:
    """How the example went out and why a value does not show are said in the editor's language, each a whole
    sentence (not "Won" + "self-drawn" + ", with the last tile of the wall")."""
    from game import i18n

    draft = Draft(folders_for(tmp_path), "classic")
    example = find_example(draft.ruleset(), "scoring.pung_kong_dragons")
    last_tile = find_example(draft.ruleset(), "scoring.last_wall_tile")
    draft.set("scoring.pung_kong_dragons.allowed", False)
    said = {}
    for code in ("en", "de"):
        i18n.set_language(code)
        try:
            said[code] = (preview(draft.ruleset(), "scoring.pung_kong_dragons", example).note,
                          preview(draft.ruleset(), "scoring.last_wall_tile", last_tile).note)
        finally:
            i18n.set_language("en")
    assert said["en"][0] == "No Scoring Value: the line does not count in this hand."
    assert said["de"][0] == "Kein Punktwert: Die Zeile zählt in dieser Hand nicht."
    assert said["en"][1].endswith(" The winning tile was the last tile of the wall.")
    assert said["de"][1].endswith(" Der Gewinnstein war der letzte Stein der Mauer.")
    assert said["de"][1].split(" Der ")[0] in {"Selbst gezogen gewonnen.", "Mit einem Abwurf gewonnen."}
