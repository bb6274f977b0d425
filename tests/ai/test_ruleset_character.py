"""A personality keeps its character in every ruleset but reads the ruleset's facts where its style would not pay
(issue 28): a gambler weighs a hand of concealed sets as the hard build it is and races plainly where a chow may
be claimed from anyone, and every player reads a ready declaration that may be a bluff as the bluff it may be."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.engine import EnginePlayer, kept_concealed
from game.ai.evaluate import threat
from game.core.actions import Claim, Discard, Pass
from game.core.patterns import Element, Pattern
from game.core.tiles import counts_of, parse_tiles
from game.mods import get_ruleset
from tests.builders import PEOPLE, discards_of, t, view


def _special(ruleset: str, hand_id: str):
    return next(h for h in get_ruleset(ruleset).special_hands if h.id == hand_id)


def test_kept_concealed__sets_each_concealed_make_the_hand_concealed():
    """Four Concealed Triplets marks each pung concealed, not the whole form: still no set of it may be claimed.
    A hand whose pungs may be claimed, and a form of pairs alone not marked concealed, are not kept concealed."""
    assert all(kept_concealed(f) for f in _special("european", "four_concealed_triplets").forms)
    assert not any(kept_concealed(f) for f in _special("european", "all_honours").forms)
    assert not kept_concealed(Pattern((Element("pair"),) * 7))


def test_plan__a_hand_of_concealed_pungs_is_weighed_as_hard_to_build():
    """Its pungs can grow from the wall alone: at the same distance the gambler finds Four Concealed Triplets
    less worth chasing than All Honours, a limit hand too, whose pungs any discard completes (it counted as
    just as buildable, and against three greedy bots in Sheer Luck the limitmaker spent most of its turns
    chasing it: it won 7.0% of 300 hands, 12.3% with this alone)."""
    gambler = EnginePlayer(PEOPLE["limitmaker"], random.Random(1), get_ruleset("sheer-luck"))
    hidden, honours = _special("sheer-luck", "four_concealed_triplets"), _special("sheer-luck", "all_honours")
    assert gambler._appeal(hidden, 4, 3) < gambler._appeal(honours, 4, 3)
    assert gambler._appeal(hidden, 4, 3) == pytest.approx(0.6 * gambler._appeal(honours, 4, 3))


def test_claim__the_gambler_claims_chows_only_where_anyone_may_give_one():
    """Where a chow may be claimed from any player (Sheer Luck) hands come together fast: the limitmaker,
    chasing no special hand, takes a chow that brings it nearer. Elsewhere it never does."""
    hand = "1B 2B 4C 5C 6C 7D 8D 9D EW EW 5B 6B 7C"
    v = view(hand, phase="claims", current=3, last_discard=(3, t("3B")), discard_count=30)
    legal = [Claim("chow", (t("1B"), t("2B"))), Pass()]
    fast = EnginePlayer(PEOPLE["limitmaker"], random.Random(1), get_ruleset("sheer-luck"))
    assert fast.decide(v, legal) == legal[0]
    plain = EnginePlayer(PEOPLE["limitmaker"], random.Random(1), get_ruleset("four-winds"))
    assert plain.decide(v, legal) == Pass()


def test_threat__a_declaration_that_may_be_a_bluff_is_read_by_its_stage():
    """Where only a declared hand goes out and any discard may declare (Novice), a hand not declared is no
    threat, and a declared one early in the hand is seldom ready; elsewhere a declared hand is surely ready."""
    v = view("1B 2B 3B", opponents={1: {"discards": "5C"}, 2: {"discards": "5C 6C 7C 8C 9C 1D 2D 3D 4D"}})
    declared = replace(v.players[1], ready=True)
    v = replace(v, players=(v.players[0], declared, *v.players[2:]))
    assert threat(v) == [0.0, 1.0, 0.25, 0.0]
    assert threat(v, bluffing=True) == [0.0, 0.0, 0.0, 0.0]
    late = replace(declared, discards=tuple(parse_tiles("5C 6C 7C 8C 9C 1D 2D 3D 4D")))
    assert threat(replace(v, players=(v.players[0], late, *v.players[2:])), bluffing=True)[1] == 0.25


def test_fold__the_careful_player_plays_on_against_a_bluffed_declaration():
    """In Novice a greedy bot declares ready with its first discard: the defensive player, two tiles from ready,
    plays its hand on against such a declaration instead of folding at once (it won 7% of hands against three
    greedy bots, 15% now); where a declaration means a ready hand (Japanese Riichi) it folds as before."""
    hand = "1B 2B 4C 5C 6C 7D 8D 9D EW EW NW SW RD 5B"
    opponents = {1: {"discards": "9B"}, 2: {"discards": "9B"}, 3: {"discards": "9B"}}
    v = view(hand, opponents=opponents, discard_count=4, tiles_left=80)
    v = replace(v, players=(v.players[0], replace(v.players[1], ready=True), *v.players[2:]))
    novice = EnginePlayer(PEOPLE["defensive"], random.Random(1), get_ruleset("novice"))
    assert novice._fold(v, novice._score_discards(v, discards_of(hand), *_counts(hand))) is None
    riichi = EnginePlayer(PEOPLE["defensive"], random.Random(1), get_ruleset("japanese-riichi"))
    assert riichi._fold(v, riichi._score_discards(v, discards_of(hand), *_counts(hand))) is not None
    assert isinstance(novice.decide(v, discards_of(hand)), Discard)


def _counts(hand: str) -> tuple[list[int], int, tuple]:
    return counts_of(parse_tiles(hand)), 0, ()
