"""The Four Winds presets (mod ``european``): tiles, deal and dead wall, doubles, penalties (specs/four-winds.md).

Scores and payments of the test vectors are in ``tests/golden/{european,hongkong,japanese}.yaml``; this file has
the vectors about the tile set and the wall (T-01 to T-05), the multiplier (T-06), the claim buttons (T-38)
and the payment rules the golden entries cannot show on their own.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from game.core.judge import HandSpec, WinContext
from game.core.melds import meld_from_tiles
from game.core.penalties import faulty_claims, faulty_out, ready_after_draw, riichi_deposits, settle_hand
from game.core.ruleset import Penalties, Ruleset
from game.core.scoring import RulesetJudge
from game.core.settle import settle
from game.core.table import Table
from game.core.tiles import full_set, is_bonus, is_honour, is_suit, parse_tiles
from game.core.wall import Wall
from game.rules import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
FILES = {path.stem: path for path in (ROOT / "mods" / "european" / "rulesets").glob("*.yaml")}
PRESETS = ("european", "sheer-luck", "novice", "american-classical", "japanese", "japanese-riichi", "four-winds",
           "hongkong")


def _ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset(FILES[ruleset_id], parents=FILES)


def test_presets__all_eight_load_with_the_preset_table_values() -> None:
    """Tiles, initial and limit points, paying and the number of limit hands and extra doubles (L540-L548)."""
    acknowledged = {"concealed_hand", "all_simples", "outside_hand", "four_pungs_three_concealed",
                    "three_concealed_pungs", "one_to_nine", "no_simples"}
    table = {}
    for ruleset_id in PRESETS:
        rs = _ruleset(ruleset_id)
        hands = sum(h.allowed for h in rs.special_hands) if rs.special_hands_allowed else 0
        doubles = sum(i.allowed for i in rs.scoring if i.id in acknowledged)
        table[ruleset_id] = (rs.tile_count, rs.start_score, rs.limit, rs.payment.value, hands, doubles)
    assert table == {
        "sheer-luck": (144, 8000, 2000, "east_double_losers_settle", 20, 7),
        "novice": (136, 2000, 500, "east_double_losers_settle", 0, 2),
        "american-classical": (144, 4000, 1000, "east_double_losers_settle", 14, 2),
        "european": (136, 2000, 500, "east_double_losers_settle", 9, 2),
        "japanese": (136, 2000, 500, "discarder_pays", 10, 7),
        "japanese-riichi": (136, 8000, 1500, "discarder_pays", 10, 7),
        "four-winds": (136, 2000, 500, "east_double_losers_settle", 20, 2),
        "hongkong": (144, 2000, 128, "hongkong", 6, 0),
    }


def test_presets__play_options_follow_the_preset_table() -> None:
    """Claim chows, claim pair, sacred and missed discard, the ready rule and passing on a draw (L540-L548)."""
    found = {}
    for ruleset_id in PRESETS:
        r = _ruleset(ruleset_id).play
        chows = "all" if r.chow_from_any else "all on out" if r.chow_from_any_for_mah_jongg else "left"
        found[ruleset_id] = (chows, r.pair_claim_for_mah_jongg, r.sacred_discard, r.missed_discard, r.ready_rule,
                             not r.east_keeps_deal_on_draw)
    assert found == {
        "sheer-luck": ("all", True, "off", False, "none", False),
        "novice": ("all on out", True, "off", False, "declare", False),
        "american-classical": ("all on out", True, "off", False, "none", False),
        "european": ("all on out", True, "off", False, "none", False),
        "japanese": ("all on out", True, "last", False, "none", True),
        "japanese-riichi": ("all on out", True, "last", False, "riichi", True),
        "four-winds": ("left", False, "off", True, "none", False),
        "hongkong": ("all on out", True, "off", False, "none", False),
    }


def test_presets__share_the_base_data() -> None:
    """A preset is the base plus option values: the special hands' patterns are the base's, not copies."""
    base = _ruleset("european")
    for ruleset_id in PRESETS[1:]:
        rs = _ruleset(ruleset_id)
        assert rs.extends in ("european", "japanese")
        for hand in rs.special_hands:
            assert hand.forms == base.special_hand(hand.id).forms


def test_t01_tile_set() -> None:
    """T-01: suits 108, honours 28, 136 in all; 144 with flowers and seasons."""
    tiles = full_set(with_bonus=False)
    assert (sum(map(is_suit, tiles)), sum(map(is_honour, tiles)), len(tiles)) == (108, 28, 136)
    with_extras = full_set(with_bonus=True)
    assert len(with_extras) == 144 and sum(map(is_bonus, with_extras)) == 8


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_t02_t03_deal_and_dead_wall(seed: int) -> None:
    """T-02: East 14 tiles, the others 13. T-03: 83 tiles left, the dead wall 14, the wall 69."""
    rs = _ruleset("european")
    table = Table(rs.play, RulesetJudge(rs), seed, east=1)
    assert [len(p.concealed) for p in table.players] == [13, 14, 13, 13]
    wall = table.wall
    assert len(wall.kong_box) + len(wall.loose) == 14
    assert wall.live_count == 69


def test_t04_t05_extra_tiles_and_supplements() -> None:
    """T-04: with the extra tiles 91 are left after the deal, the dead wall 14, the wall 77. T-05: a
    supplement tile leaves the dead wall at 14 and takes one tile off the wall."""
    rs = _ruleset("sheer-luck").play
    wall = Wall.build(random.Random(5), flowers=True, kong_box_stacks=rs.kong_box_stacks,
                      kong_box_moves=rs.kong_box_moves)
    wall.break_wall((3, 4), (2, 5))
    for _ in range(4 * 13 + 1):
        wall.draw()
    dead = len(wall.kong_box) + len(wall.loose)
    assert (dead + wall.live_count, dead, wall.live_count) == (91, 14, 77)
    wall.draw_loose()
    assert (len(wall.kong_box) + len(wall.loose), wall.live_count) == (14, 76)


@pytest.mark.parametrize("doubles", range(1, 9))
def test_t06_doubles_multiply_the_points(doubles: int) -> None:
    """T-06: n doubles multiply the tile points by 2, 4, 8 … 256 (L304-L312)."""
    judge = RulesetJudge(dataclasses.replace(_ruleset("european"), limit=None))
    assert judge._hand_value(10, doubles) == (10 * [2, 4, 8, 16, 32, 64, 128, 256][doubles - 1], False)


def test_t38_claim_buttons_one_per_chow() -> None:
    """T-38 with A3's corrected hand: B2 B3 B5 B6 and a discarded B4 offer 2-3-4, 3-4-5 and 4-5-6."""
    pairs = Table._chow_pairs(parse_tiles("2B 3B 5B 6B"), parse_tiles("4B")[0])
    assert pairs == [tuple(parse_tiles("2B 3B")), tuple(parse_tiles("3B 5B")), tuple(parse_tiles("5B 6B"))]


def test_one_chance__self_drawn_picks_the_best_reading() -> None:
    """A self-drawn tile that is a pair wait in one reading and two-sided in another scores the one-chance 2
    (L2486: the program picks the highest-scoring interpretation)."""
    judge = RulesetJudge(_ruleset("european"))
    melds = tuple(meld_from_tiles(parse_tiles(t)) for t in ("WD WD WD", "6D 7D 8D"))
    hand = HandSpec(tuple(parse_tiles("1B 1B 1B 2B 3B 5D 5D 5D")), melds, (), 1, 0)
    result = judge.score(hand, WinContext(True, parse_tiles("1B")[0], "wall"))
    assert {item.name for item in result.items} >= {"Going Out on a One-Chance Tile", "Going Out on a Self-Drawn Tile"}


def test_faulty_out__nothing_when_the_penalty_is_off() -> None:
    """Sheer Luck and Novice have no penalties: a faulty Out moves no points."""
    assert faulty_out(_ruleset("novice"), east=0, offender=2).deltas == (0, 0, 0, 0)
    assert faulty_claims(_ruleset("sheer-luck"), 1, [0, 0, 3, 0]).deltas == (0, 0, 0, 0)


def test_penalties__never_doubled_for_east() -> None:
    """Faulty claims and Riichi deposits are flat amounts whoever is East (L403)."""
    rs = dataclasses.replace(_ruleset("japanese-riichi"), penalties=Penalties(faulty_claim=100, riichi_deposit=100))
    assert faulty_claims(rs, 0, [0, 1, 0, 1]).deltas == (200, -100, 0, -100)
    assert riichi_deposits(rs, 2, [0, 2]).deltas == (-100, 0, 100, 0)


def test_ready_after_draw__only_for_draws_and_when_on() -> None:
    """Pay for Ready Hands After Draw is a Japanese Riichi option; a hand with a winner pays no ready hands."""
    assert ready_after_draw(_ruleset("european"), [1]).deltas == (0, 0, 0, 0)
    rs = _ruleset("japanese-riichi")
    assert settle_hand(rs, 0, 1, [0, 8, 0, 0], 2, ready=[3]).deltas == settle(rs, 0, 1, [0, 8, 0, 0], 2).deltas


def test_dealer_bonus__only_for_east_and_after_the_limit() -> None:
    """The bonus is paid only when East wins, on top of a score already at the limit (A6)."""
    rs = dataclasses.replace(_ruleset("european"), penalties=Penalties(dealer_bonus=100, dealer_limit_win=7))
    assert settle(rs, 0, 0, [900, 0, 0, 0], dealer_wins=3).deltas == (3600, -1200, -1200, -1200)
    assert settle(rs, 0, 1, [0, 40, 0, 0], dealer_wins=3).deltas == settle(rs, 0, 1, [0, 40, 0, 0]).deltas


def test_settle__the_liable_seat_cannot_be_the_winner() -> None:
    """A request naming the winner as the seat paying for all is refused with a message."""
    with pytest.raises(ValueError, match="paying for all cannot be the winner"):
        settle(_ruleset("european"), 0, 1, [0, 40, 0, 0], liable=1)


@pytest.mark.parametrize("ruleset_id", PRESETS)
def test_presets__computer_players_finish_hands_without_illegal_actions_or_errors(ruleset_id: str) -> None:
    """Every preset is playable end to end: a few simulated hands with no illegal action and no crash (the full
    acceptance run is 1,000 hands per preset with the same command, ``python -m game simulate``)."""
    from game.cli.simulate import simulate

    stats = simulate(ruleset_id, 8, 11, ["greedy"] * 4)
    assert (stats["hands"], stats["illegal_actions"], stats["errors"]) == (8, 0, 0)
