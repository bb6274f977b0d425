"""tools/benchmarks/peer.py: both programs take every sample hand as the win written beside it, the sample is
varied, and the timing reports a ratio (its goal, at least 1.0, is judged from ``tools/bench.py``)."""

from __future__ import annotations

import pytest

from tools.benchmarks import peer

pytest.importorskip("mahjong")  # a development dependency: the yardstick


@pytest.fixture(scope="module")
def results():
    return peer.results()


def test_sample__each_hand_is_mahjongs_win_with_its_han_and_fu(results):
    for hand, _ours, theirs in results:
        assert theirs.error is None, (hand.name, theirs.error)
        assert (theirs.han, theirs.fu) == hand.peer, hand.name


def test_sample__each_hand_is_sparrows_win_with_its_points_doubles_and_score(results):
    for hand, ours, _theirs in results:
        assert ours.mah_jongg, (hand.name, ours.message)
        assert (ours.points, ours.doubles, ours.score) == hand.ours, hand.name


def test_sample__varied_enough_to_stand_for_riichi_scoring():
    """20 and more hands: open and closed, every way of winning, regular hands and limit hands, kongs."""
    hands = peer.HANDS
    assert len(hands) >= 20
    assert len({h.name for h in hands}) == len(hands)
    assert len({h.concealed for h in hands}) == len(hands)
    open_hands = [h for h in hands if any(not m.startswith("(") for m in h.melds)]
    assert 6 <= len(open_hands) <= len(hands) - 10
    assert {h.won_by for h in hands} == {"discard", "wall", "loose_tile", "robbed_kong"}
    limits = [h for h in hands if h.ours[2] == 1500]
    assert 6 <= len(limits) <= len(hands) // 2
    assert len({h.peer[1] for h in hands if h not in limits}) >= 4  # several fu values, not one shape repeated
    assert any(len(m.split()) == 4 for h in hands for m in h.melds)
    assert any(h.riichi for h in hands) and any(h.last_tile for h in hands)


def test_mahjong_input__same_tiles_as_sparrows():
    """The translation to ``mahjong``'s tiles keeps every tile: Bamboo as sou, Characters as man, Dots as pin,
    the dragons by colour (a hand read back gives the tiles it was written with)."""
    from mahjong.tile import TilesConverter

    hand = next(h for h in peer.HANDS if h.name == "thirteen orphans")
    tiles, win, melds, config = peer.mahjong_input(hand)
    assert TilesConverter.to_one_line_string(tiles) == "19m19p19s12345567z"  # the pair is the White Dragon, 5z
    assert win // 4 == 31  # Sparrow's White Dragon is mahjong's haku
    assert melds == [] and config.player_wind == 28 and config.round_wind == 27


@pytest.mark.bench
def test_measure__reports_the_ratio_and_both_times():
    figures = peer.measure(quick=True)
    assert figures["score_vs_mahjong_ratio"] > 0
    assert figures["score_japanese_us"] > 0 and figures["score_mahjong_us"] > 0
    mine, theirs = figures["score_japanese_us"], figures["score_mahjong_us"]
    assert figures["score_vs_mahjong_ratio"] == pytest.approx(theirs / mine, rel=0.02)
    cold_mine, cold_theirs = figures["score_japanese_cold_us"], figures["score_mahjong_cold_us"]
    assert figures["score_vs_mahjong_ratio_cold"] == pytest.approx(cold_theirs / cold_mine, rel=0.02)
    assert cold_mine > mine, "a hand never seen costs more than one seen before"


def test_cold_rounds__forget_the_splits_of_hands_too():
    """The cold ratio forgets every hand seen, as ``mahjong``'s hand divider is emptied: Sparrow's readings and
    its splits of hands into sets alike (keeping the splits flattered the cold figure by about a fifth)."""
    from game.core import hand
    from game.core.readings import forget_hands

    judge = peer.ruleset_judge()
    judge.forget_hands()
    forget_hands()
    judge.score(*peer.sparrow_input(peer.HANDS[0]))
    assert hand._splits.cache_info().currsize > 0
    forget_hands()
    assert hand._splits.cache_info().currsize == 0


def test_cold_rounds__forget_which_projected_hands_fit():
    """Nine Gates is tried through its projection (the hand with its numbers forgotten), whose answers are kept per
    projected hand: the cold rounds forget them with the rest, so no hand's work is carried into the next round."""
    judge = peer.ruleset_judge()
    nine_gates = next(h for h in peer.HANDS if h.name == "nine gates")
    judge.score(*peer.sparrow_input(nine_gates))
    projections = [p for _special, form, _outside in judge._shaped_forms
                   for p in form.__dict__.get("_projections", ())]
    assert projections and any(p.fits for p in projections)
    judge.forget_hands()
    assert not any(p.fits for p in projections)
