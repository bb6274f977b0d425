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


# -- the options beyond play: payment, penalties, minimum points, rounding, hands on or off -----------------------


def _file(made) -> dict:
    import yaml

    return yaml.safe_load(made.path.read_text(encoding="utf-8"))


def _score(ruleset, request: dict):
    from game.cli.score import parse_request
    from game.core.scoring import RulesetJudge

    spec, context = parse_request(request)
    return RulesetJudge(ruleset).score(spec, context)


# T-06's hand (tests/golden/european.yaml): 24 points and 2 doubles, 96 unrounded.
RED_DRAGON_HAND = {"seat_wind": "S", "round_wind": "E", "concealed": "7B 8B 9B 2B 2B",
                   "melds": [{"tiles": "RD RD RD"}, {"tiles": "1B 2B 3B"}, {"tiles": "4B 5B 6B"}], "winner": True,
                   "winning_tile": "9B"}


def test_custom_rules__payment_penalty_and_rounding_are_written_nested_and_change_the_settlement(tmp_path) -> None:
    from game.core.penalties import faulty_out
    from game.core.settle import settle

    folders = folders_for(tmp_path)
    made = create_custom_ruleset(folders, "european", "Discarder Pays", {
        "payment": "discarder_pays", "penalties.faulty_out": False, "rounding.stage": "after_doubles",
        "penalties.faulty_claim": 100, "limit": 500})
    assert made.options == {"payment": "discarder_pays", "penalties.faulty_out": False,
                            "rounding.stage": "after_doubles"}, "values equal to the base's are left out"
    doc = _file(made)
    assert {k: v for k, v in doc.items() if k not in ("format", "id", "extends", "name", "description")} == {
        "rounding": {"stage": "after_doubles"}, "payment": "discarder_pays", "penalties": {"faulty_out": False}}
    assert [(c.id, c.options) for c in list_custom_rulesets(folders)] == [(made.id, made.options)]

    base, mine = load(folders, "european"), load(folders, made.id)
    assert mine.penalties.faulty_claim == base.penalties.faulty_claim == 100, "the rest of penalties: is the base's"
    assert mine.rounding.unit == 10 and mine.rounding.mode == base.rounding.mode
    # South wins on West's discard with 40: between all, East pays 80 and the others 40 each, and the losers
    # settle; the discarder pays for all (160) in the preset.
    assert settle(base, 0, 1, [0, 40, 0, 0], discarder=2).deltas == (-80, 160, -40, -40)
    assert settle(mine, 0, 1, [0, 40, 0, 0], discarder=2).deltas == (0, 160, -160, 0)
    assert faulty_out(base, east=0, offender=2).deltas == (500, 250, -1000, 250)
    assert faulty_out(mine, east=0, offender=2).deltas == (0, 0, 0, 0)
    plain, rounded = _score(base, RED_DRAGON_HAND), _score(mine, RED_DRAGON_HAND)
    assert (plain.score, rounded.score) == (96, 100)
    assert settle(mine, 0, 1, [0, rounded.score, 0, 0], self_drawn=True).deltas == (-200, 400, -100, -100)


def test_custom_rules__minimum_points_of_a_hong_kong_preset_turns_a_win_into_a_faulty_out(tmp_path) -> None:
    from game.core.penalties import settle_hand

    folders = folders_for(tmp_path)
    made = create_custom_ruleset(folders, "hongkong", "Three Faan", {"min_points": 3})
    assert made.options == {"min_points": 3}
    assert _file(made)["min_points"] == 3 and "play" not in _file(made)
    base, mine = load(folders, "hongkong"), load(folders, made.id)
    # T-32: four chows, own flower, won on a discard: 2 points, enough in Hong Kong, too few with the minimum 3.
    hand = {"seat_wind": "S", "round_wind": "E", "concealed": "2B 3B 4B 6C 7C 8C 7D 8D 9D 1C 2C 3C 9D 9D",
            "bonus": "F2", "winner": True, "winning_tile": "9D"}
    won, refused = _score(base, hand), _score(mine, hand)
    assert won.mah_jongg and won.score == 8
    assert not refused.mah_jongg and refused.score == 0
    paid = settle_hand(base, 0, 1, [0, won.score, 0, 0], discarder=2)
    assert paid.deltas == (-4, 16, -8, -4)
    penalised = settle_hand(mine, 0, None, [0, 0, 0, 0], faulty_out_by=1)
    assert penalised.deltas == (128, -384, 128, 128), "the faulty Out pays the limit to each player (L697)"


def test_custom_rules__hands_on_or_off_and_options_the_base_lacks(tmp_path) -> None:
    from game.mods.catalog import build_catalog
    from game.mods.custom_rules import option_values, options_for
    from game.mods.rulesets import load_ruleset

    folders = folders_for(tmp_path)
    catalog = build_catalog(folders, full=False)
    european, classic, hongkong = (load_ruleset(catalog, r) for r in ("european", "classic", "hongkong"))
    keys = {r.id: {o.key for o in options_for(r)} for r in (european, classic, hongkong)}
    assert "penalties.faulty_out" in keys["european"] and "min_points" not in keys["european"]
    assert "min_doubles" not in keys["european"]
    assert "min_doubles" in {o.key for o in options_for(load_ruleset(catalog, "british"))}, "the club's minimum"
    assert not any(k.startswith("penalties.") for k in keys["classic"]), "classic's files give no penalties"
    assert {"min_points", "discarder_pays_all"} <= keys["hongkong"] and "payment" not in keys["hongkong"]
    assert {f"scoring.{i.id}.allowed" for i in european.scoring} <= keys["european"]
    assert {f"special_hands.{h.id}.allowed" for h in european.special_hands} <= keys["european"]
    assert option_values(european)["special_hands.all_green.allowed"] is False
    for base, option in (("classic", {"penalties.faulty_out": True}), ("european", {"discarder_pays_all": True}),
                         ("european", {"scoring.no_such_line.allowed": False})):
        with pytest.raises(ModError, match="not offered for a preset based on"):
            create_custom_ruleset(folders, base, "Refused", option)
    assert leftovers(folders) == []

    made = create_custom_ruleset(folders, "european", "Greens", {
        "special_hands.all_green.allowed": True, "scoring.no_simples.allowed": False,
        "penalties.dealer_bonus": 100})
    assert {k: v for k, v in _file(made).items() if k in ("special_hands", "scoring", "penalties")} == {
        "special_hands": {"all_green": {"allowed": True}}, "scoring": {"no_simples": {"allowed": False}},
        "penalties": {"dealer_bonus": 100}}
    mine = load(folders, made.id)
    assert mine.special_hand("all_green").allowed and not mine.item("no_simples").allowed
    assert mine.special_hand("all_green").forms == european.special_hand("all_green").forms
    assert mine.item("no_simples").doubles == 1, "only the allowed flag is changed"
    update_custom_ruleset(folders, made.id, {"scoring.no_simples.allowed": True})
    assert custom_ruleset(folders, made.id).options == {"special_hands.all_green.allowed": True,
                                                        "penalties.dealer_bonus": 100}


def test_custom_rules__a_hand_added_by_a_special_hands_mod_is_not_offered(tmp_path) -> None:
    """Such a hand is not in the ruleset's files: a preset entry for it would have no pattern to extend."""
    import shutil

    from game.mods.catalog import build_catalog
    from game.mods.custom_rules import options_for
    from game.mods.rulesets import load_ruleset

    folders = folders_for(tmp_path)
    shutil.copytree(REPO / "examples" / "mods" / "extra-hands", folders.user_mods / "extra-hands")
    classic = load_ruleset(build_catalog(folders, full=False), "classic")
    assert any(h.id == "seven_twins" for h in classic.special_hands), "the example mod is loaded"
    keys = {o.key for o in options_for(classic)}
    assert "special_hands.seven_twins.allowed" not in keys
    assert {f"special_hands.{h.id}.allowed" for h in classic.special_hands if h.id != "seven_twins"} <= keys
    with pytest.raises(ModError, match="not offered"):
        create_custom_ruleset(folders, "classic", "Twins", {"special_hands.seven_twins.allowed": False})


# -- the Four Winds program's Bonus & Double list (spec §3.4, A13) and the lenient Valueless Hand (A20) -----------


def test_custom_rules__bonus_or_double_choices_are_written_with_their_points_and_change_the_score(tmp_path) -> None:
    from game.core.settle import settle

    folders = folders_for(tmp_path)
    made = create_custom_ruleset(folders, "european", "Doubles", {
        "scoring.robbed_kong.doubles": 1, "scoring.one_suit.doubles": 4, "scoring.no_chows.doubles": 0})
    assert {k: v for k, v in _file(made).items() if k not in ("format", "id", "extends", "name", "description")} == {
        "scoring": {"robbed_kong": {"doubles": 1, "points": 0}, "one_suit": {"doubles": 4}}}, \
        "the 10 points go when the line pays a double instead; a value equal to the base's is not written"
    assert [(c.id, c.options) for c in list_custom_rulesets(folders)] == [(made.id, made.options)]
    base, mine = load(folders, "european"), load(folders, made.id)
    assert (mine.item("robbed_kong").points, mine.item("robbed_kong").doubles) == (0, 1)
    assert mine.item("robbed_kong").when == base.item("robbed_kong").when, "only what it pays is changed"

    # Four chows robbing a kong for the 3 Bamboo: 20 + 10 concealed + 10 valueless + 10 robbed kong = 50 in the
    # base; 40 and a double (80) in the preset.
    robbed = {"seat_wind": "S", "round_wind": "E", "concealed": "1B 2B 3B 4B 5B 6B 7C 8C 9C 2D 3D 4D 5D 5D",
              "winner": True, "winning_tile": "3B", "won_by": "robbed_kong"}
    plain, doubled = _score(base, robbed), _score(mine, robbed)
    assert (plain.points, plain.doubles, plain.score) == (50, 0, 50)
    assert (doubled.points, doubled.doubles, doubled.score) == (40, 1, 80)
    assert settle(mine, 0, 1, [0, doubled.score, 0, 0], discarder=2).deltas == (-160, 320, -80, -80)
    # One suit: 3 doubles (368) in the base, 4 and the robbed kong's 1 in the preset: over the limit of 500.
    pure = dict(robbed, concealed="1B 2B 3B 4B 5B 6B 7B 8B 9B 2B 2B 2B 5B 5B")
    assert _score(base, pure).score == 368
    limited = _score(mine, pure)
    assert (limited.doubles, limited.score, limited.limited) == (5, 500, True)

    copy = create_custom_ruleset(folders, made.id, "Back to Points", {"scoring.robbed_kong.doubles": 0})
    assert copy.options == {"scoring.one_suit.doubles": 4}, "back to the base's 10 points leaves nothing to write"
    renamed = rename_custom_ruleset(folders, made.id, "Doubles Club")
    assert renamed.options == made.options and _file(renamed)["scoring"] == _file(made)["scoring"]


def test_custom_rules__bonus_or_double_is_not_offered_in_hong_kong_nor_valueless_with_chows_limited(tmp_path) -> None:
    from game.mods.catalog import build_catalog
    from game.mods.custom_rules import BONUS_OR_DOUBLE, options_for
    from game.mods.rulesets import load_ruleset

    folders = folders_for(tmp_path)
    catalog = build_catalog(folders, full=False)
    keys = {r: {o.key for o in options_for(load_ruleset(catalog, r))} for r in ("european", "hongkong", "british")}
    assert {f"scoring.{line}.doubles" for line in BONUS_OR_DOUBLE} | {"scoring.valueless.when"} <= keys["european"]
    assert not {k for k in keys["hongkong"] if k.endswith((".doubles", ".when"))}, "not changeable in HK (L1795)"
    assert "scoring.robbed_kong.doubles" in keys["british"]
    assert not {"scoring.valueless.doubles", "scoring.valueless.when"} & keys["british"], "one chow at most"
    for option in ({"scoring.robbed_kong.doubles": 1}, {"scoring.valueless.when": "valueless_strict"}):
        with pytest.raises(ModError, match="not offered for a preset based on 'hongkong'"):
            create_custom_ruleset(folders, "hongkong", "Refused", option)
    with pytest.raises(ModError, match=r"unknown option 'special_hands\.seven_pairs\.when'"):
        create_custom_ruleset(folders, "european", "Refused", {"special_hands.seven_pairs.when": {"won_by": "wall"}})
    assert leftovers(folders) == []


# T-06's valueless hand won on the 3 Bamboo, an edge wait: a one-chance tile.
VALUELESS_ONE_CHANCE = {"seat_wind": "S", "round_wind": "E", "concealed": "1B 2B 3B 4B 5B 6B 7C 8C 9C 2D 3D 4D 5D 5D",
                        "winner": True, "winning_tile": "3B"}


def test_custom_rules__the_valueless_switch_decides_whether_a_one_chance_hand_is_valueless(tmp_path) -> None:
    folders = folders_for(tmp_path)
    strict = create_custom_ruleset(folders, "european", "Strict", {"scoring.valueless.when": "valueless_strict"})
    assert _file(strict)["scoring"] == {"valueless": {"when": "valueless_strict"}, "one_chance": {"unless": []},
                                        "self_drawn": {"unless": []}}, "a strict hand never withholds the 2 points"
    lenient = create_custom_ruleset(folders, "japanese", "Lenient", {"scoring.valueless.when": "valueless"})
    assert _file(lenient)["scoring"] == {"valueless": {"when": "valueless"}, "one_chance": {"unless": "valueless"},
                                         "self_drawn": {"unless": "valueless"}}

    def lines(ruleset_id: str) -> tuple[set[str], int]:
        result = _score(load(folders, ruleset_id), VALUELESS_ONE_CHANCE)
        return {item.id for item in result.items}, result.score

    # Lenient: Valueless (10 points, or 1 double in the Japanese presets) instead of the one-chance 2 points.
    assert lines("european") == ({"winning", "concealed_but_last_tile", "valueless"}, 40)
    assert lines(strict.id) == ({"winning", "concealed_but_last_tile", "one_chance"}, 32)
    assert lines("japanese") == ({"winning", "concealed_but_last_tile", "one_chance"}, 32)
    assert lines(lenient.id) == ({"winning", "concealed_but_last_tile", "valueless"}, 60)


def test_custom_rules__only_special_hands_from_any_base_and_never_with_them_off(tmp_path) -> None:
    """A classic game where only the special hands go out is a preset away; with special hands switched off
    as well nothing could go out, and the preset is refused saying why."""
    folders = folders_for(tmp_path)
    made = create_custom_ruleset(folders, "classic", "Specials Only", {"special_hands_required": True})
    assert load(folders, made.id).special_hands_required
    with pytest.raises(ModError, match="special hands are required to go out, but the ruleset allows none"):
        create_custom_ruleset(folders, "western-specials", "Nothing Wins", {"special_hands_allowed": False})
    assert leftovers(folders) == ["custom-specials-only"]


@pytest.mark.parametrize(("code", "words"), [("en", "1,200 in all"), ("de", "1.200 insgesamt"),
                                             ("fr", "1 200 en tout")])
def test_describe__a_value_in_the_players_language_with_its_number_grouping(code, words) -> None:
    """An option's value reads in the language shown, its number grouped that language's way (not English's)."""
    from game import i18n
    from game.mods.custom_rules import describe

    i18n.set_language(code)
    try:
        said = describe("penalties.ready_after_draw", 1200).replace("\u202f", " ")
        off = describe("penalties.ready_after_draw", 0)
        assert said == words
        assert off == {"en": "off", "de": "aus", "fr": "non"}[code], "the words are translated too"
    finally:
        i18n.set_language("en")


def test_describe__every_word_a_choice_shows_comes_from_the_catalogs() -> None:
    """A choice's value is shown as a word of the player's language (Sacred discard's "off", Ready hand rule's
    "none" and "riichi" too), never as the word the preset file holds: in the pseudo-locale, where every catalog
    word is spelled otherwise, no file word shows through."""
    from game import i18n
    from game.mods.custom_rules import OPTIONS, describe

    i18n.set_language("pseudo")
    try:
        raw = sorted((o.key, c) for o in OPTIONS if o.kind in ("choice", "number") for c in (*o.choices, 0)
                     if isinstance(c, str) and c in describe(o, c))
    finally:
        i18n.set_language("en")
    assert raw == []
