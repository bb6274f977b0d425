"""Quick Tip: the advisor's move on hand-made positions, and a reason a person can check against the table."""

from __future__ import annotations

import pytest

from game import i18n
from game.ai.tip import Tip, quick_tip
from game.core.actions import Claim, Discard, MahJongg, Pass
from game.core.melds import parse_meld
from game.core.tiles import counts_of, parse_tiles, tile_name
from game.core.view import OpponentView, PlayerView


def t(code: str) -> int:
    return parse_tiles(code)[0]


def view(concealed: str, *, phase: str = "turn", current: int = 0, last_discard=None,
         opponents: dict[int, dict] | None = None, discard_count: int = 20, melds: tuple = (),
         order: tuple = ()) -> PlayerView:
    players = []
    for s in range(4):
        extra = (opponents or {}).get(s, {})
        players.append(OpponentView(s, s, melds if s == 0 else tuple(extra.get("melds", ())), (),
                                    tuple(parse_tiles(extra.get("discards", ""))), 13, extra.get("standing", False)))
    return PlayerView(0, 0, 0, 0, phase, current, tuple(parse_tiles(concealed)), None, tuple(players),
                      last_discard, 60, discard_count, order)


def discards_of(concealed: str) -> list[Discard]:
    return [Discard(x) for x in sorted(set(parse_tiles(concealed)))]


def test_tip__stray_honour_goes_and_the_reason_counts_live_tiles():
    """One step from ready with a spare tile: throw it; the reason counts ways to get ready and live tiles."""
    hand = "1B 2B 3B 4C 5C 6C 7C 7D 8D 2D 2D 5B 6B NW"
    tip = quick_tip(view(hand), discards_of(hand))
    assert isinstance(tip, Tip)
    # The lone North Wind and the fourth tile of 4C 5C 6C 7C are equally spare.
    assert tip.action in (Discard(t("NW")), Discard(t("4C")))
    # Ready after 4B or 7B (for 5B 6B) or 6D or 9D (for 7D 8D): four kinds, four copies each unseen.
    name = "North Wind" if tip.action.tile == t("NW") else "4 Characters"
    assert tip.reason == f"discard {name}: keeps four ways to get ready (16 tiles still live)"


def test_tip__copies_already_out_are_named():
    """When two copies of the discarded tile are already out, the reason says so, as in the issue's example."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 2D 5B 6B NW"
    v = view(hand, opponents={1: {"discards": "NW"}, 2: {"discards": "NW"}})
    tip = quick_tip(v, discards_of(hand))
    assert tip.action == Discard(t("NW"))
    assert tip.reason.endswith("and two North Winds are already out")


def test_tip__live_tile_count_falls_as_tiles_are_seen():
    """The live count in the reason comes from the view: tiles seen on the table are not counted."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 2D 5B 6B NW"
    fresh = quick_tip(view(hand), discards_of(hand)).reason
    seen = quick_tip(view(hand, opponents={3: {"discards": "4B 4B 7B"}}), discards_of(hand)).reason
    assert fresh.endswith("waiting on 4 Bamboo and 7 Bamboo (eight tiles still live)")
    assert seen.endswith("waiting on 4 Bamboo and 7 Bamboo (five tiles still live)")


def test_tip__ready_hand_names_its_waits():
    """A discard that leaves the hand ready names the waiting tiles and how many are still live."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD NW"
    tip = quick_tip(view(hand), discards_of(hand))
    assert tip.action.tile in (t("RD"), t("NW"))
    kept = "North Wind" if tip.action.tile == t("RD") else "Red Dragon"
    assert f"leaves you ready, waiting on {kept} (three tiles still live)" in tip.reason


def test_tip__danger_against_a_standing_hand_is_explained():
    """Far from ready against a standing hand, the tip throws a tile already thrown and says it is safe."""
    hand = "1B 4B 7B 2C 5C 8C 3D 6D 9D EW SW RD GD WD"
    opponents = {1: {"standing": True, "discards": "5C"}, 2: {"discards": "5C 5C"}, 3: {"discards": "NW"}}
    tip = quick_tip(view(hand, opponents=opponents), discards_of(hand))
    assert tip.action == Discard(t("5C"))
    assert tip.reason == ("discard 5 Characters: you are eight tiles from ready, so play safe: it is a safe tile "
                          "against South's ready hand")


def test_tip__a_declaration_that_may_be_a_bluff_is_no_reason_to_play_safe():
    """In Novice a ready hand must be declared to go out, and any discard may declare one: South declaring with
    its first discard is seldom ready, so the tip plays for its own hand and speaks of no danger; in the classic
    game the same declaration is a standing hand, and the tip plays safe against it."""
    from dataclasses import replace

    from game.mods import get_ruleset

    hand = "1B 4B 7B 2C 5C 8C 3D 6D 9D EW SW RD GD WD"
    opponents = {1: {"discards": "5C"}, 2: {"discards": "5C 5C"}, 3: {"discards": "NW"}}
    v = view(hand, opponents=opponents)
    v = replace(v, players=(v.players[0], replace(v.players[1], ready=True), *v.players[2:]))
    novice = quick_tip(v, discards_of(hand), get_ruleset("novice"))
    assert "play safe" not in novice.reason and "ready hand" not in novice.reason
    standing = replace(v, players=(v.players[0], replace(v.players[1], standing=True), *v.players[2:]))
    classic = quick_tip(standing, discards_of(hand), get_ruleset("classic"))
    assert "play safe" in classic.reason


def test_tip__a_tile_the_ready_hand_let_pass_is_named_as_such():
    """South declared a standing hand, then West threw 9 Dots and South did not go out on it: the tip throws
    9 Dots and says why it cannot complete South's hand."""
    hand = "1B 4B 7B 2C 5C 8C 3D 6D 9D EW SW RD GD WD"
    opponents = {1: {"standing": True, "discards": "1D"}, 2: {"discards": "9D"}, 3: {"discards": "NW"}}
    order = ((3, t("NW")), (1, t("1D")), (2, t("9D")))
    tip = quick_tip(view(hand, opponents=opponents, order=order), discards_of(hand))
    assert tip.action == Discard(t("9D"))
    assert tip.reason == ("discard 9 Dots: you are eight tiles from ready, so play safe: South's ready hand let it "
                          "pass after their last discard, so it cannot complete their hand")


def test_tip__mah_jongg_first():
    """A complete hand is always the tip, on the player's own turn and on a discard."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD RD"
    tip = quick_tip(view(hand), [MahJongg(), *discards_of(hand)])
    assert tip == Tip(MahJongg(), "declare Mah Jongg: your hand is complete")
    claims = view(hand[:-3], phase="claims", current=3, last_discard=(3, t("RD")))
    tip = quick_tip(claims, [Pass(), Claim("pung", (t("RD"),) * 2), Claim("mah_jongg")])
    assert tip.action == Claim("mah_jongg")
    assert tip.reason == "claim Red Dragon for Mah Jongg: it completes your hand"


def test_tip__a_claim_that_makes_the_hand_ready():
    """Late in the hand a pung that makes the hand ready is suggested, and the reason says so."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D RD RD 5B 5B NW"
    v = view(hand, phase="claims", current=3, last_discard=(3, t("RD")), discard_count=30)
    tip = quick_tip(v, [Claim("pung", (t("RD"),) * 2), Pass()])
    assert tip.action == Claim("pung", (t("RD"),) * 2)
    assert tip.reason.startswith("pung Red Dragon: it makes you ready")
    assert "a pung of Red Dragons is worth a double" in tip.reason


def test_tip__pass_on_a_useless_claim():
    """A pung that gains nothing is not suggested; the reason says it would not help."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 2D 5B 6B"
    v = view(hand, phase="claims", current=3, last_discard=(3, t("2D")), discard_count=30,
             melds=())
    tip = quick_tip(v, [Claim("pung", (t("2D"),) * 2), Pass()])
    assert tip.action == Pass()
    assert tip.reason == "pass: claiming 2 Dots would not bring you nearer ready and would show your hand"


def test_tip__nothing_to_claim_and_no_actions():
    """With only Pass legal the tip passes; with no legal action at all there is nothing to suggest."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 2D 5B 6B"
    tip = quick_tip(view(hand, phase="claims", current=3, last_discard=(3, t("WD"))), [Pass()])
    assert tip == Tip(Pass(), "pass: there is nothing here for you to claim")
    with pytest.raises(ValueError, match="expected at least one legal action"):
        quick_tip(view(hand), [])


def test_tip__with_a_declared_set_and_the_classic_ruleset():
    """Declared sets count: 10 concealed tiles beside one pung, and the ruleset's values are read."""
    from game.mods import get_ruleset

    hand = "1B 2B 3B 4C 5C 6C 7D 8D 2D 2D NW"
    melds = (parse_meld("RD RD RD"),)
    tip = quick_tip(view(hand, melds=melds), discards_of(hand), get_ruleset("classic"))
    assert tip.action == Discard(t("NW"))
    assert tip.reason.startswith("discard North Wind: ")


def test_tip__same_view_same_tip():
    """A tip depends on the view only: asking twice gives the same words."""
    hand = "1B 4B 7B 2C 5C 8C 3D 6D 9D EW SW RD GD WD"
    assert quick_tip(view(hand), discards_of(hand)) == quick_tip(view(hand), discards_of(hand))


@pytest.fixture
def speaking():
    """Switch the language for one test and back to English after it."""
    yield i18n.set_language
    i18n.set_language("en")


def test_tip__the_reason_in_german(speaking):
    """A German player reads the whole reason in German: move, facts, counts and tile names."""
    speaking("de")
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 2D 5B 6B NW"
    v = view(hand, opponents={1: {"discards": "NW"}, 2: {"discards": "NW"}})
    assert quick_tip(v, discards_of(hand)).reason == (
        "Nordwind abwerfen: macht das Blatt fertig, wartend auf 4 Bambus und 7 Bambus (acht Steine noch im Spiel), "
        "und zwei Nordwinde sind schon draußen")


def test_tip__safety_reason_in_chinese(speaking):
    """Folding against a standing hand, said in Chinese with its own punctuation."""
    speaking("zh_Hans")
    hand = "1B 4B 7B 2C 5C 8C 3D 6D 9D EW SW RD GD WD"
    v = view(hand, opponents={1: {"standing": True, "discards": "RD"}})
    assert quick_tip(v, discards_of(hand)).reason == "打出红中：离听牌还差八张，所以打安全牌：对南家的听牌来说是安全牌"


@pytest.mark.parametrize("hand", ["1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 2D 5B 6B NW",
                                  "1B 4B 7B 2C 5C 8C 3D 6D 9D EW SW RD GD WD",
                                  "1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD NW"])
def test_tip__every_word_of_a_reason_passes_through_the_catalogs(speaking, hand):
    speaking("pseudo")
    reason = quick_tip(view(hand, opponents={1: {"standing": True, "discards": "RD"}}), discards_of(hand)).reason
    assert reason.startswith("⟦") and i18n.outside_catalogs(reason) == ""


def _first_pass(ruleset_id: str, seed: int):
    """The human's view and passes at the first Charleston step of a dealt hand, and the ruleset."""
    from game.session.driver import HUMAN, Session

    session = Session.create(ruleset_id, seed)
    session.deal()
    assert session.table.phase == "passing"
    return session.table.view(HUMAN), session.human_legal(), session.ruleset


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_tip__a_pass_where_only_special_hands_go_out_names_the_hands_it_keeps_for(seed):
    """The pass is the advisor's, and the reason names the special hands it weighed, likeliest first."""
    import random

    from game.ai.engine import EnginePlayer
    from game.ai.tip import ADVISOR
    from game.core.actions import PassTiles

    view, legal, ruleset = _first_pass("western-specials", seed)
    tip = quick_tip(view, legal, ruleset)
    assert isinstance(tip.action, PassTiles) and tip.action in legal
    advisor = EnginePlayer(ADVISOR, random.Random(0), ruleset)
    assert advisor.decide(view, legal) == tip.action
    found = advisor._likeliest(view, list(counts_of(view.concealed)), view.me.melds, advisor.specials)
    names = [hand.name for _appeal, hand, _target in found[:3]]
    assert names and tip.reason.startswith("pass ")
    # (the hands last: a line too long for the status bar is cut in their list, not before the point is made)
    assert f"the likeliest special hands need them least ({names[0]}" in tip.reason
    assert all(n in tip.reason for n in names)


def test_tip__a_pass_in_a_regular_game_says_the_tiles_fit_least():
    view, legal, ruleset = _first_pass("western", 4)
    tip = quick_tip(view, legal, ruleset)
    assert tip.reason.endswith(": the tiles that fit least with the rest of your hand")
    assert all(tile_name(t) in tip.reason for t in tip.action.tiles)
