"""Jokers (the Western game): they fill pungs and kongs in play, in claims, in hand reading and in scoring; a
discarded joker cannot be claimed (A-002-2's minimal literal reading)."""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.bots import GreedyBot, RandomBot
from game.autoplay import play_hand
from game.core.actions import Claim, DeclareKong, Discard
from game.core.hand import joker_arrangements
from game.core.judge import HandSpec, RegularJudge, WinContext
from game.core.melds import parse_meld
from game.core.play_rules import PlayRules
from game.core.scoring import RulesetJudge
from game.core.table import Table
from game.core.tiles import JOKER, NUM_KINDS, counts_of, parse_tiles
from tests.builders import rigged_table, t
from tests.scoring_builders import classic
from tests.tiers import examples

WESTERN = PlayRules(jokers=8, east_dealt_fourteen=True, replacements_from_wall_end=True)
FILLER = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"


@settings(max_examples=examples(120), deadline=None)
@given(st.lists(st.integers(0, NUM_KINDS - 1), min_size=2, max_size=11), st.integers(0, 3))
def test_jokers__arrangements_use_every_tile_and_fill_only_pungs(tiles, jokers):
    """Each arrangement uses every natural tile once and every joker, jokers only in pungs beside a natural tile."""
    counts = counts_of(tiles)
    if max(counts) > 4:
        return
    for arrangement in joker_arrangements(counts, jokers):
        used = [0] * NUM_KINDS
        spent = 0
        for kind, tile, stand_ins in arrangement:
            size = {"pung": 3, "pair": 2, "chow": 3}[kind]
            assert stand_ins == 0 or (kind == "pung" and stand_ins < 3)
            spent += stand_ins
            for k in range(size - stand_ins):
                used[tile + (k if kind == "chow" else 0)] += 1
        assert used == counts and spent == jokers
        assert sum(1 for g in arrangement if g[0] == "pair") == 1


@pytest.mark.parametrize(("concealed", "complete"), [
    ("1B 1B JK 2D 3D 4D 5C 5C 5C RD RD JK 7D 7D", True),    # jokers in two pungs
    ("1B 1B 1B 2D 3D 4D 5C 5C 5C RD RD RD 7D JK", False),   # a joker never makes a pair
    ("1B JK JK 2D 3D 4D 5C 5C 5C RD RD RD 7D 7D", True),    # one natural tile and two jokers
    ("JK JK JK 2D 3D 4D 5C 6C 7C 1B 2B 3B 7D 7D", False),   # a set needs a natural tile
    ("JK JK JK 2D 3D 4D 5C 5C 5C RD RD RD 7D 7D", True),    # jokers spread over three pungs
    ("1B 2B JK 2D 3D 4D 5C 5C 5C RD RD RD 7D 7D", False),   # nor does a joker fill a chow
])
def test_jokers__reading_a_winning_hand(concealed, complete):
    """Mah Jongg with jokers standing in pungs only."""
    hand = HandSpec(tuple(parse_tiles(concealed)))
    assert (RegularJudge().mah_jongg(hand, WinContext(True, t("7D"), "wall")) is not None) is complete


def _western_judge():
    ruleset = classic()
    return RulesetJudge(dataclasses.replace(ruleset, play=dataclasses.replace(ruleset.play, jokers=8)))


def test_jokers__a_set_with_a_joker_scores_as_the_tile_it_stands_for():
    """An exposed pung 5D 5D JK scores like an exposed pung of 5 Dots; the arrangement shows the joker."""
    judge = _western_judge()
    hand = HandSpec(tuple(parse_tiles("1B 2B 3B 6C 7C 8C RD RD JK 9D 9D")), (parse_meld("5D 5D JK"),))
    result = judge.score(hand, WinContext(True, t("9D"), "wall"))
    assert result.mah_jongg
    items = {i.id: i for i in result.items}
    assert items["exposed_pung_minor"].points == 2 and items["concealed_pung_honour"].points == 8
    assert any(JOKER in group for group in result.arrangement)


def test_jokers__claims_may_use_them_but_a_discarded_joker_is_dead():
    """A pair plus a joker claims a kong; a joker plus a tile claims a pung; nobody may claim a joker."""
    table = rigged_table({0: "5D JK " + " ".join(FILLER.split()[:11]), 1: FILLER,
                          2: "5D 5D JK 2B 8B 3C 7C EW SW WW NW RD GD", 3: FILLER}, "WD 2C", current=0,
                         rules=WESTERN)
    table.apply(0, Discard(t("5D")))
    options = table.legal_actions(2)
    assert Claim("kong", (t("5D"), t("5D"), JOKER)) in options
    assert Claim("pung", (t("5D"), JOKER)) in options and Claim("pung", (t("5D"), t("5D"))) in options
    table.apply(2, Claim("pung", (t("5D"), JOKER)))
    assert table.players[2].melds[-1].tiles == (t("5D"), t("5D"), JOKER)
    table.apply(2, Discard(t("2B")))
    table.apply(3, Discard(table.drawn_tile))
    table.apply(0, Discard(JOKER))
    assert not table.awaiting() or all(JOKER not in getattr(a, "tiles", ()) for s in table.awaiting()
                                       for a in table.legal_actions(s))
    assert not any(isinstance(a, Claim) for s in range(4) for a in table.legal_actions(s)
                   if table.phase == "claims")


def test_jokers__concealed_kong_with_jokers():
    """Three tiles and a joker may be declared as a concealed kong, then a replacement comes from the wall's end."""
    table = rigged_table({0: "7B 7B 7B JK 2C 3C 4C 6D 6D 1D 2D EW SW", 1: FILLER, 2: FILLER, 3: FILLER}, "WD",
                         current=0, rules=WESTERN)
    assert DeclareKong(t("7B")) in table.legal_actions(0)
    table.apply(0, DeclareKong(t("7B")))
    kong = table.players[0].melds[-1]
    assert kong.kind == "kong" and not kong.exposed and kong.tiles == (t("7B"),) * 3 + (JOKER,)
    assert JOKER not in table.players[0].concealed


def test_jokers__promoting_a_joker_pung_keeps_the_joker():
    """A drawn 5D added to an exposed 5D 5D JK makes the kong 5D 5D 5D JK: the joker stays, no fifth 5D appears."""
    table = rigged_table({0: "2C 3C 4C 6D 6D 1D 2D EW SW RD GD", 1: FILLER, 2: FILLER, 3: FILLER}, "5D 9B",
                         melds={0: ["5D 5D JK"]}, current=0, rules=dataclasses.replace(WESTERN, rob_kong=False))
    table.apply(0, DeclareKong(t("5D")))
    kong = table.players[0].melds[-1]
    assert kong.kind == "kong" and kong.exposed and kong.tiles == (t("5D"),) * 3 + (JOKER,)
    assert t("5D") not in table.players[0].concealed and len(table.players[0].concealed) == 12  # with the loose tile


@pytest.mark.parametrize("seed", range(12))
def test_jokers__western_hands_play_to_the_end(seed):
    """152 tiles with 8 jokers, East dealt 14, no kong box: random and greedy players finish every hand, and
    every tile stays accounted for."""
    table = Table(WESTERN, RegularJudge(), seed=seed, east=seed % 4)
    bots = [(GreedyBot if s % 2 else RandomBot)(random.Random(s)) for s in range(4)]
    stats = play_hand(table, bots)
    assert stats.illegal_actions == 0 and table.phase == "over"
    held = sum(len(p.concealed) + sum(len(m.tiles) for m in p.melds) + len(p.bonus) + len(p.discards)
               for p in table.players)
    assert held + len(table.wall.tiles) == 152


def test_jokers__waits_skip_a_kind_whose_four_copies_are_held():
    """A joker hand holding all four 5 Dots cannot wait on a fifth, though five would read as a pung and the pair:
    asking its waits must not build that impossible hand (it failed with "expected at most 4 of '5D'")."""
    hand = HandSpec(tuple(parse_tiles("5D 5D 5D 5D JK 1B 1B 2C 3C 4C RD RD RD")))
    waits = _western_judge().waits(hand)
    assert t("5D") not in waits
    assert t("1B") in waits  # a pung of 1 Bamboo; the four 5 Dots with the joker make a pung and the pair
