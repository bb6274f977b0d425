"""Rule edge cases an independent referee found (issue 23), each played through ``Table.apply`` on a dealt hand
whose tiles are then set, or sent through the ``score`` command: claim precedence and the Earthly Hand in the Four
Winds presets, Novice's declaration before robbing a kong, Nine Dragons' pair claim, Thirteen Orphans robbing a
kong, Western (Special Hands Only) refusing a regular hand and the Western Sweep. The issue's sixth case, the
Seven Pairs distance, is in tests/core/test_special_distance.py."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from game.cli.score import parse_request
from game.core.actions import Claim, DeclareKong, Discard, MahJongg
from game.core.judge import WinContext
from game.core.scoring import RulesetJudge
from game.core.table import Table
from game.mods import get_ruleset
from tests.builders import rigged_table, t
from tests.cli.runner import Ran, sparrow

FILLER = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"


def _table(ruleset_id: str, hands: dict[int, str], draws: str = "WD", *, current: int | None = 0,
           melds: dict[int, list[str]] | None = None, **play: object) -> tuple[RulesetJudge, Table]:
    """A dealt table of a bundled ruleset whose seats then hold ``hands`` (no Charleston, so they stay as set)."""
    ruleset = get_ruleset(ruleset_id)
    ruleset = dataclasses.replace(ruleset, play=dataclasses.replace(ruleset.play, charleston=(), **play))
    judge = RulesetJudge(ruleset)
    return judge, rigged_table(hands, draws, rules=ruleset.play, judge=judge, current=current, melds=melds)


def _east_discards(tile: str) -> str:
    """East's 13 tiles before the draw: ``tile`` (to discard) and filler."""
    return tile + " " + " ".join(FILLER.split()[:12])


def _score(tmp_path: Path, request: dict) -> Ran:
    return sparrow("--mods-dir", str(tmp_path / "mods"), "--config-dir", str(tmp_path / "config"), "score", "-",
                   stdin=json.dumps(request))


# -- 1. Two Out claims: the first in playing order after the discarder (Four Winds L162, L476, L1973) ----------

SOUTH_CHOW = "3B 4B 1C 2C 3C 4C 5C 6C 7C 8C 9C 2D 2D"  # 5B completes the chow 3B 4B 5B (waits 2B, 5B)
WEST_PUNG = "5B 5B 1D 2D 3D 4D 5D 6D 7D 8D 9D EW EW"  # 5B completes the pung (waits 5B, EW)


@pytest.mark.parametrize("ruleset_id", ["european", "sheer-luck", "novice", "american-classical", "japanese",
                                        "japanese-riichi", "four-winds", "hongkong"])
def test_two_out_claims__go_to_the_first_player_after_the_discarder(ruleset_id: str) -> None:
    """East discards 5 Bamboo; South goes out on it with a chow, West with a pung. Out beats everything and two
    Outs tie, whatever the set: South, first after East, takes the tile."""
    _judge, table = _table(ruleset_id, {0: _east_discards("5B"), 1: SOUTH_CHOW, 2: WEST_PUNG, 3: FILLER})
    for seat in (1, 2):
        table.players[seat].ready = True  # Novice asks for a declared ready hand before going out
    table.apply(0, Discard(t("5B")))
    if ruleset_id == "four-winds":  # chows from the left only, going out included: South sits on East's right
        assert Claim("mah_jongg") in table.legal_actions(1)
    table.apply(2, Claim("mah_jongg"))
    table.apply(1, Claim("mah_jongg"))
    assert table.result.winner == 1


# -- 2. The Earthly Hand is void once any set is declared, a concealed kong included (A25, L348) ----------------

EAST_KONG = "7C 7C 7C 7C 1C 9C 1D 9D EW SW WW NW RD 5B"
SOUTH_ON_5B = "3B 4B 2C 3C 4C 5C 6C 7C 6D 7D 8D 2D 2D"


def _south_on_easts_first_discard(kong: bool) -> tuple[RulesetJudge, Table]:
    judge, table = _table("japanese", {0: EAST_KONG, 1: SOUTH_ON_5B, 2: FILLER, 3: FILLER}, current=None)
    table.begin()  # East was dealt 14 tiles and starts without drawing
    if kong:
        table.apply(0, DeclareKong(t("7C")))
    table.apply(0, Discard(t("5B")))
    table.apply(1, Claim("mah_jongg"))
    return judge, table


def test_earthly_hand__not_after_easts_concealed_kong() -> None:
    """Japanese: East declares a concealed kong of 7 Characters and then discards 5 Bamboo, his first discard;
    South goes out on it. A set was declared, so it is an ordinary win, not the Earthly Hand's limit."""
    judge, table = _south_on_easts_first_discard(kong=True)
    assert table.result.winner == 1 and table.result.context.first_discard  # still East's first discard
    scored = judge.score(table.hand_spec(1), table.result.context)
    assert scored.special_hand is None and not scored.limited
    assert scored.score < 500


def test_earthly_hand__still_won_on_easts_first_discard_before_any_set() -> None:
    judge, table = _south_on_easts_first_discard(kong=False)
    scored = judge.score(table.hand_spec(1), table.result.context)
    assert (scored.special_hand, scored.score) == ("Earthly Hand", 500)


def test_earthly_hand__a_score_request_says_whether_a_set_was_declared() -> None:
    """The score command's ``sets_declared`` (an added, optional key) gives the table's answer; a declared set in
    the request's own melds says it as well."""
    judge = RulesetJudge(get_ruleset("japanese"))
    request = {"seat_wind": "S", "round_wind": "E", "concealed": SOUTH_ON_5B + " 5B", "winner": True,
               "winning_tile": "5B", "won_by": "discard", "first_discard": True}
    for extra, special in (({}, "Earthly Hand"), ({"sets_declared": True}, None)):
        hand, context = parse_request({**request, **extra})
        assert judge.score(hand, context).special_hand == special
    own_kong = {**request, "concealed": "3B 4B 5B 6D 7D 8D 2D 2D 2C 3C 4C",
                "melds": [{"tiles": "EW EW EW EW", "exposed": False}]}
    hand, context = parse_request(own_kong)
    assert judge.score(hand, context).special_hand is None


# -- 3. Novice: no going out, robbing a kong included, without a declared ready hand (L502-L510) ---------------

SOUTH_ROBS_6D = "4D 5D 1C 2C 3C 4C 5C 6C 7C 8C 9C 2B 2B"  # waits 3D and 6D


@pytest.mark.parametrize("declared", [False, True])
def test_novice__only_a_declared_hand_robs_a_kong(declared: bool) -> None:
    """East promotes his exposed pung of 6 Dots with the 6 Dots he holds; South, waiting on 3 and 6 Dots, may rob
    it only after declaring a ready hand."""
    east = "6D 1C 1C 9C 9C EW EW SW SW WW"  # 10 tiles beside the pung; the draw makes 11
    _judge, table = _table("novice", {0: east, 1: SOUTH_ROBS_6D, 2: FILLER, 3: FILLER}, melds={0: ["6D 6D 6D"]})
    table.players[1].ready = declared
    table.apply(0, DeclareKong(t("6D")))
    assert (MahJongg() in table.legal_actions(1)) is declared
    if declared:
        table.apply(1, MahJongg())
        assert (table.result.winner, table.result.won_by) == (1, "robbed_kong")
    else:
        assert table.players[0].melds[0].tiles == (t("6D"),) * 4  # the kong stands


# -- 4. Nine Dragons: a tile that completes a pair or a chow goes out as the pair from across (L41-L50, L146) --

def test_ninedragons__pair_or_chow_tile_claimed_as_the_pair_from_across() -> None:
    """West holds 1 2 3 3 Characters: East's 3 Characters completes the chow 1 2 3 or the pair of 3s. West may not
    chow from East, but anyone may claim a pair to go out, so the win is offered and taken as the pair."""
    west = "1C 2C 3C 3C 4B 5B 6B 7B 8B 9B 4D 5D 6D"
    _judge, table = _table("ninedragons", {0: _east_discards("3C"), 1: FILLER, 2: west, 3: FILLER})
    table.apply(0, Discard(t("3C")))
    assert Claim("mah_jongg") in table.legal_actions(2)
    table.apply(2, Claim("mah_jongg"))
    assert table.result.winner == 2 and table.result.shape.completes == "pair"


def test_ninedragons__a_tile_that_only_makes_a_chow_is_still_refused_from_across() -> None:
    west = "1C 2C 4B 4B 4B 5B 6B 7B 8B 9B 4D 5D 6D"  # 3 Characters completes only the chow 1 2 3
    _judge, table = _table("ninedragons", {0: _east_discards("3C"), 1: FILLER, 2: west, 3: FILLER})
    table.apply(0, Discard(t("3C")))
    assert Claim("mah_jongg") not in table.legal_actions(2)


# -- 5. Thirteen Orphans robbing a kong: a house option, off in the Four Winds presets (A27, L2018) -------------

ORPHANS_ON_1B = "9B 1C 9C 1D 9D EW SW WW NW RD GD WD WD"  # Thirteen Orphans short of 1 Bamboo


@pytest.mark.parametrize(("ruleset_id", "option", "robs"), [
    ("european", None, False), ("four-winds", None, False), ("european", True, True), ("classic", None, True),
    ("british", None, True),
])
def test_thirteen_orphans__robs_a_kong_only_where_the_house_option_is_on(ruleset_id: str, option: bool | None,
                                                                         robs: bool) -> None:
    """East promotes his pung of 1 Bamboo; South's Thirteen Orphans lacks only that tile. In the Four Winds presets
    the robbed set is always a chow, so South may not rob unless a mod switches the option on; the classic game
    (its A9) and the British club (R26) let any Mah Jongg rob."""
    east = "1B 2C 2C 3C 3C 4D 4D 5D 5D 6B"
    play = {} if option is None else {"rob_kong_thirteen_orphans": option}
    _judge, table = _table(ruleset_id, {0: east, 1: ORPHANS_ON_1B, 2: FILLER, 3: FILLER}, melds={0: ["1B 1B 1B"]},
                           **play)
    assert get_ruleset(ruleset_id).play.rob_kong_thirteen_orphans is (ruleset_id in ("classic", "british"))
    table.apply(0, DeclareKong(t("1B")))
    assert (MahJongg() in table.legal_actions(1)) is robs
    if robs:
        table.apply(1, MahJongg())
        assert table.result.shape.special_hand in ("thirteen_orphans", "thirteen_odd_majors")


def test_thirteen_orphans__the_option_leaves_a_robbed_chow_alone() -> None:
    """With the option off a regular hand still robs a kong: its robbed tile completes a chow."""
    east = "6D 1C 1C 9C 9C EW EW SW SW WW"
    _judge, table = _table("european", {0: east, 1: SOUTH_ROBS_6D, 2: FILLER, 3: FILLER}, melds={0: ["6D 6D 6D"]})
    table.apply(0, DeclareKong(t("6D")))
    assert MahJongg() in table.legal_actions(1)


# -- 7. Western (Special Hands Only): a regular hand is no win, through the table and the score command --------

REGULAR_REQUEST = {"ruleset": "western-specials", "seat_wind": "S", "round_wind": "E",
                   "concealed": "2B 3B 4B 6B 7B 8B 5D 5D",
                   "melds": [{"tiles": "3C 4C 5C", "exposed": True}, {"tiles": "6D 7D 8D", "exposed": True}],
                   "winner": True, "winning_tile": "8B", "won_by": "discard"}


def test_western_specials__score_refuses_a_regular_hand(tmp_path: Path) -> None:
    """Seed 002 L292: with special hands required "a normal legal hand of chows and pongs and a pair does not
    qualify for a win"; the score command says so (exit 1), as the table's own check does."""
    done = _score(tmp_path, REGULAR_REQUEST)
    assert done.returncode == 1, done.stdout
    assert "not a Mah Jongg hand" in done.stderr
    plain = _score(tmp_path, {**REGULAR_REQUEST, "ruleset": "western"})
    assert plain.returncode == 0 and json.loads(plain.stdout)["score"] == 30


def test_western_specials__the_table_and_the_judge_give_one_answer() -> None:
    """The same hand, concealed, claiming 8 Bamboo: the table offers no Mah Jongg and the judge scores none."""
    south = "2B 3B 4B 6B 7B 5D 5D 3C 4C 5C 6D 7D 8D"
    for ruleset_id, wins in (("western", True), ("western-specials", False)):
        judge, table = _table(ruleset_id, {0: _east_discards("8B"), 1: south, 2: FILLER, 3: FILLER})
        table.apply(0, Discard(t("8B")))
        assert (Claim("mah_jongg") in table.legal_actions(1)) is wins
        assert judge.score(table.hand_spec(1, t("8B")), WinContext(True, t("8B"), "discard")).mah_jongg is wins


# -- 8. The Western Sweep: a set made from East's first discard, going out on it included (L244, L272) ---------

SWEEP_HAND = "1C 2C 3C 4D 5D 6D 7B 8B 9B 9C 9C 9C RD RD"  # South's, with 3C from East's first discard


def test_western_sweep__going_out_on_easts_first_discard_in_play() -> None:
    """South goes out on East's first discard, 3 Characters: 20 + 8 (concealed pung of 9s) + 2 (pair of dragons)
    + 2 (Sweep) = 32, rounded to 40, doubled for the concealed hand: 80."""
    south = SWEEP_HAND.replace("3C ", "", 1)
    judge, table = _table("western", {0: "3C " + " ".join(FILLER.split()), 1: south, 2: FILLER, 3: FILLER},
                          current=None)
    table.begin()
    table.apply(0, Discard(t("3C")))
    table.apply(1, Claim("mah_jongg"))
    scored = judge.score(table.hand_spec(1), table.result.context)
    assert "Sweep" in [item.name for item in scored.items]
    assert (scored.points, scored.doubles, scored.score) == (32, 1, 80)


def test_western_sweep__through_the_score_command(tmp_path: Path) -> None:
    """The request's ``first_discard`` (won on East's first discard, interfaces.md §2) counts the Sweep; a
    declared set may say it was made from East's first discard."""
    request = {"ruleset": "western", "seat_wind": "S", "round_wind": "E", "concealed": SWEEP_HAND,
               "winner": True, "winning_tile": "3C", "won_by": "discard", "first_discard": True}
    done = _score(tmp_path, request)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert (result["points"], result["doubles"], result["score"]) == (32, 1, 80)
    later = json.loads(_score(tmp_path, {**request, "first_discard": False}).stdout)
    assert (later["points"], later["score"]) == (30, 60)
    claimed = {**request, "concealed": "1C 2C 3C 4D 5D 6D 7B 8B 9B RD RD", "first_discard": False,
               "melds": [{"tiles": "9C 9C 9C", "exposed": True, "first_discard": True}]}
    done = _score(tmp_path, claimed)
    assert done.returncode == 0, done.stderr
    assert "Sweep" in [item["name"] for item in json.loads(done.stdout)["items"]]
