"""Under a minimum of doubles to go out (British club rules: 2, and one chow in a hand), a hand ready in shape
but short of the doubles cannot go out: computer players read it as not yet ready, and wait only on the tiles
that would let them out. Their distance from ready counts the one chow allowed."""

from __future__ import annotations

import random

from game.ai.engine import EnginePlayer
from game.core.actions import Discard
from game.core.melds import parse_meld
from game.core.tiles import counts_of, parse_tiles
from game.mods import get_ruleset
from tests.builders import PEOPLE, discards_of, view

BRITISH = get_ruleset("british")
SHOWN = (parse_meld("1B 2B 3B"),)  # a chow shown: no No Chows, no concealed hand


def _expert() -> EnginePlayer:
    return EnginePlayer(PEOPLE["expert"], random.Random(1), BRITISH)


def test_ways_out__a_single_double_is_not_enough():
    hand = "1C 1C 1C 7D 7D 7D RD RD RD GD"  # waiting on Green Dragon for the pair: Red Dragons are one double
    assert _expert()._ways_out(counts_of(parse_tiles(hand)), view(hand, melds=SHOWN)) == []


def test_ways_out__only_the_waits_that_bring_the_doubles():
    hand = "1C 1C 1C RD RD RD GD GD 9D 9D"  # Green Dragon makes a second dragon pung; 9 Dots makes none
    ways = _expert()._ways_out(counts_of(parse_tiles(hand)), view(hand, melds=SHOWN))
    assert ways == parse_tiles("GD")


def test_ways_out__a_concealed_hand_may_go_out_from_the_wall():
    """Concealed, the same one-double hand has its second double when the last tile is drawn from the wall."""
    hand = "1B 2B 3B 4C 4C 4C 7D 7D 7D RD RD RD GD"
    ways = _expert()._ways_out(counts_of(parse_tiles(hand)), view(hand))
    assert ways == parse_tiles("GD")


def test_decide__ready_in_shape_only_has_nothing_to_win_on():
    hand = "1C 1C 1C 7D 7D 7D RD RD RD GD 2C"
    options = _expert()._score_discards(view(hand, melds=SHOWN), discards_of(hand), counts_of(parse_tiles(hand)),
                                        1, SHOWN)
    useful = {o.action.tile: o.useful for o in options}
    assert useful[parse_tiles("2C")[0]] == 0  # waiting on Green Dragon, one double: no way out
    assert useful[parse_tiles("GD")[0]] == 0  # waiting on 2 Characters, the same
    assert useful[parse_tiles("1C")[0]] > 0  # a tile from ready: its useful tiles count


def test_decide__keeps_a_ready_shape_that_cannot_go_out_yet_rather_than_break_a_set():
    """Under a minimum, a ready shape short of the doubles is a tile swap from a way out (its lone tile paired with a
    Green Dragon, a dragon pung to come): the expert keeps it rather than break a pung for a hand a set short
    (counted a tile from ready, it broke one; four experts in British Tournament washed out more)."""
    hand = "1C 1C 1C 7D 7D 7D RD RD RD GD 2C"
    choice = _expert().decide(view(hand, melds=SHOWN), discards_of(hand))
    assert choice.tile in parse_tiles("GD 2C"), choice


def test_decide__under_a_minimum_keeps_lone_dragons_where_a_free_game_throws_one():
    """Under a minimum of doubles the value pull counts three times (1 + the 2 doubles): the expert keeps its lone
    dragons, each a pair and a pung's double to come, and throws an end tile (with the pull counted once it threw
    Green Dragon); where any complete hand goes out (European, the same score table's doubles but no minimum) it
    throws a dragon."""
    hand = "3B 6B 4C 4C 4C 8C 1D 3D 5D 6D 6D 7D GD WD"
    for ruleset_id, thrown in (("british-tournament", "1D"), ("british", "1D"), ("european", "GD")):
        player = EnginePlayer(PEOPLE["expert"], random.Random(1), get_ruleset(ruleset_id))
        assert player.decide(view(hand), discards_of(hand)).tile == parse_tiles(thrown)[0], ruleset_id


def test_decide__without_a_minimum_the_same_hand_is_ready():
    classic = get_ruleset("classic")
    hand = "1C 1C 1C 7D 7D 7D RD RD RD GD 2C"
    player = EnginePlayer(PEOPLE["expert"], random.Random(1), classic)
    options = player._score_discards(view(hand, melds=SHOWN), discards_of(hand), counts_of(parse_tiles(hand)), 1,
                                     SHOWN)
    assert {o.action.tile: o.speed for o in options}[parse_tiles("2C")[0]] == 0


def test_decide__one_chow_in_a_hand_counts_in_the_distance():
    """Three chows, a dragon pung and a lone dragon: ready with chows free, but under the British one-chow rule
    two of the chows must become pungs; a computer player weighs its discards by that distance."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D RD RD RD GD 5B"
    player = _expert()
    player.decide(view(hand), discards_of(hand))  # reads the position: no chow shown, one allowed
    options = player._score_discards(view(hand), discards_of(hand), counts_of(parse_tiles(hand)), 0, ())
    assert {o.action.tile: o.speed for o in options}[parse_tiles("5B")[0]] == 4  # two pungs and the pair to make
    free = EnginePlayer(PEOPLE["expert"], random.Random(1), get_ruleset("classic"))
    free.decide(view(hand), discards_of(hand))
    options = free._score_discards(view(hand), discards_of(hand), counts_of(parse_tiles(hand)), 0, ())
    assert {o.action.tile: o.speed for o in options}[parse_tiles("5B")[0]] == 0


def test_decide__a_goulash_hand_without_chows_counts_none_in_the_distance():
    """The British goulash allows no chows: the three runs of the hand above are nine loose tiles there."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D RD RD RD GD 5B"
    player = _expert()
    goulash = view(hand, goulash=True)
    player.decide(goulash, discards_of(hand))
    options = player._score_discards(goulash, discards_of(hand), counts_of(parse_tiles(hand)), 0, ())
    assert {o.action.tile: o.speed for o in options}[parse_tiles("5B")[0]] == 6  # three pungs and the pair to make
    player.decide(view(hand), discards_of(hand))  # the next hand is no goulash: one chow counts again
    options = player._score_discards(view(hand), discards_of(hand), counts_of(parse_tiles(hand)), 0, ())
    assert {o.action.tile: o.speed for o in options}[parse_tiles("5B")[0]] == 4


def test_decide__a_goulash_hand_with_a_wild_tile_ready_in_shape_only_has_nothing_to_win_on():
    """A wild tile (the goulash's 2 Bamboo, a joker in hand) makes the 5 Dots pung; waiting on 8 Bamboo or 3
    Characters, the hand has No Chows, its one double: it cannot go out, and no tile counts as one it wins on."""
    pung = (parse_meld("4B 4B 4B"),)
    hand = "1C 1C 1C 5D 5D JK 8B 8B 3C 3C NW"
    player = _expert()
    goulash = view(hand, melds=pung, goulash=True)
    player.decide(goulash, discards_of(hand))
    options = player._score_discards(goulash, discards_of(hand), counts_of(parse_tiles(hand)), 1, pung)
    assert {o.action.tile: o.useful for o in options}[parse_tiles("NW")[0]] == 0
    ready = "1C 1C 1C 5D 5D JK RD RD 3C 3C NW"  # a pung of Red Dragons would be the second double
    options = player._score_discards(view(ready, melds=pung, goulash=True), discards_of(ready),
                                     counts_of(parse_tiles(ready)), 1, pung)
    assert {o.action.tile: o.useful for o in options}[parse_tiles("NW")[0]] > 0


def test_quick_tip__says_when_a_ready_shape_cannot_go_out():
    from game.ai.tip import quick_tip

    hand = "1C 1C 1C 7D 7D 7D RD RD RD GD 2C"
    only = [Discard(parse_tiles("2C")[0])]
    tip = quick_tip(view(hand, melds=SHOWN), only, BRITISH)
    assert ("leaves you waiting on Green Dragon, but going out on it would fall short of the 2 doubles needed"
            in tip.reason), tip.reason
    ready = quick_tip(view(hand, melds=SHOWN), only, get_ruleset("classic"))
    assert "leaves you ready, waiting on Green Dragon" in ready.reason, ready.reason


def test_quick_tip__counts_the_one_chow_allowed():
    from game.ai.tip import quick_tip

    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D RD RD RD GD 5B"
    tip = quick_tip(view(hand), discards_of(hand), BRITISH)
    assert "leaves you ready" not in tip.reason, tip.reason


def test_quick_tip__reads_a_goulash_wild_tile_as_the_tile_that_helps_most():
    """The wild tile stands in the 5 Dots pung or makes the Red Dragons a pung: every wait is named, and each goes
    out with the dragon pung's double (Quick Tip said only "it fits least with the rest of your hand")."""
    from game.ai.tip import quick_tip

    pung = (parse_meld("4B 4B 4B"),)
    hand = "1C 1C 1C 5D 5D JK RD RD 3C 3C NW"
    tip = quick_tip(view(hand, melds=pung, goulash=True), [Discard(parse_tiles("NW")[0])], BRITISH)
    assert "leaves you ready, waiting on 3 Characters, 5 Dots and Red Dragon" in tip.reason
    short = "1C 1C 1C 5D 5D JK 8B 8B 3C 3C NW"
    tip = quick_tip(view(short, melds=pung, goulash=True), [Discard(parse_tiles("NW")[0])], BRITISH)
    assert "ready in shape, but no tile would take you out with the 2 doubles needed" in tip.reason


def test_decide__a_slip_under_a_minimum_keeps_the_hand_as_near():
    """The beginner's mistakes and the scatterbrain's careless tiles take another discard only among those that
    keep the hand as near ready: under a minimum of doubles a hand is slow to build, and a slip that broke one of
    its pungs cost those two the 10% of wins against three greedy bots. Without a minimum they still slip anywhere."""
    hand = "1C 1C 1C 5C 5C 5C 7D 7D 7D 2B 9B GD NW WW"
    pungs = {parse_tiles(code)[0] for code in ("1C", "5C", "7D")}
    for ruleset, careful in ((get_ruleset("british-tournament"), True), (get_ruleset("classic"), False)):
        picks = {EnginePlayer(PEOPLE["scatterbrain"], random.Random(seed), ruleset).decide(
                     view(hand), discards_of(hand)).tile for seed in range(80)}
        assert len(picks) > 1  # it does slip
        assert (not picks & pungs) is careful, (ruleset.id, picks)
    beginner = {EnginePlayer(PEOPLE["beginner"], random.Random(seed), BRITISH).decide(
                    view(hand), discards_of(hand)).tile for seed in range(80)}
    assert len(beginner) > 1 and not beginner & pungs, beginner


def test_decide__under_a_minimum_a_dragon_pair_counts_as_a_double_source_only_while_it_can_become_a_pung():
    """A pung hand with no other double source: the expert keeps its Red Dragon pair over a lone 8 Characters while
    the other two Red Dragons are unseen, and breaks the pair once both are thrown (it can only be the hand's pair,
    and four others are held). Where any complete hand goes out (European) it throws the 8 Characters either way."""
    hand = "4B 4B 4B 2D 2D 6D 6D RD RD 9B 9B 3C 5C 8C"
    thrown = {1: {"discards": "RD 1C"}, 2: {"discards": "RD 9C"}}
    for ruleset_id, live, dead in (("british-tournament", "8C", "RD"), ("european", "8C", "8C")):
        for opponents, expected in ((None, live), (thrown, dead)):
            player = EnginePlayer(PEOPLE["expert"], random.Random(1), get_ruleset(ruleset_id))
            choice = player.decide(view(hand, opponents=opponents), discards_of(hand))
            assert choice.tile == parse_tiles(expected)[0], (ruleset_id, opponents)


def test_hand_value__under_a_minimum_a_dead_pair_adds_no_pung_share_and_no_no_chows_pair():
    """The value estimate a hand's discards are weighed by: its dragon pair adds its share of the pung's double only
    while a Red Dragon is unseen; without a minimum the pair counts the same either way."""
    from game.ai.evaluate import ValueModel

    hand = "4B 4B 4B 2D 2D 6D 6D RD RD 9B 9B 3C 5C 8C"
    counts = counts_of(parse_tiles(hand))
    thrown = view(hand, opponents={1: {"discards": "RD"}, 2: {"discards": "RD"}})
    for ruleset_id in ("british-tournament", "european"):
        model = ValueModel.build(get_ruleset(ruleset_id), 0, 0)
        live, dead = model.hand_value(counts, view(hand)), model.hand_value(counts, thrown)
        assert (live > dead + 0.3) if model.minimum else live == dead, (ruleset_id, live, dead)
