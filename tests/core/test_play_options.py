"""Play options of the other rule systems: chows from anyone, sacred and missed discards, ready hands, riichi."""

import pytest

from game.core import refusals
from game.core.actions import Claim, Discard, MahJongg, Pass
from game.core.play_rules import PlayRules
from game.errors import IllegalActionError
from tests.builders import rigged_table, t

FILLER = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"
WAITS_8D = "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 9D RD RD"  # waits on 8 Dots only


def _rules(**options):
    return PlayRules(flowers=False, standing_hand=False, **options)


def test_chow_from_any__across_the_table():
    """With chows "from all", the player opposite may chow a discard; by default only the next player may."""
    hands = {0: "5D " + " ".join(FILLER.split()[:12]), 1: FILLER, 2: "3D 4D 2B 8B 3C 7C EW SW WW NW RD GD WD",
             3: FILLER}
    default = rigged_table(hands, "WD", current=0, rules=_rules())
    default.apply(0, Discard(t("5D")))
    assert 2 not in default.awaiting()
    any_player = rigged_table(hands, "WD", current=0, rules=_rules(chow_from_any=True))
    any_player.apply(0, Discard(t("5D")))
    assert Claim("chow", (t("3D"), t("4D"))) in any_player.legal_actions(2)


SACRED_HOLDER = "5D 5D 5D 2B 8B 3C 7C EW SW WW NW RD GD"


@pytest.mark.parametrize(("mode", "blocked"), [("off", False), ("last", True), ("deal", True)])
def test_sacred_discard__own_last_discard(mode, blocked):
    """Sacred discard: a player may not claim a tile identical to their own last discard."""
    table = rigged_table({0: "5D " + " ".join(FILLER.split()[:12]), 1: FILLER, 2: FILLER, 3: SACRED_HOLDER},
                         "WD 2C", current=3, rules=_rules(sacred_discard=mode))
    table.apply(3, Discard(t("5D")))  # seat 3 throws one 5D away...
    assert table.current == 0
    table.apply(0, Discard(t("5D")))  # ...and seat 0 discards another
    can_pung = Claim("pung", (t("5D"), t("5D"))) in table.legal_actions(3)
    assert can_pung is not blocked


@pytest.mark.parametrize(("mode", "blocked"), [("last", False), ("deal", True)])
def test_sacred_discard__entire_deal(mode, blocked):
    """"During the entire deal": any tile the player discarded this hand is off limits, not only the last."""
    table = rigged_table({0: "5D " + " ".join(FILLER.split()[:12]), 1: FILLER, 2: FILLER, 3: SACRED_HOLDER},
                         "WD 3C 4C 6C 8D 2C", current=3, rules=_rules(sacred_discard=mode))
    table.apply(3, Discard(t("5D")))
    for seat in (0, 1, 2, 3):
        assert table.current == seat
        table.apply(seat, Discard(table.drawn_tile))  # seat 3's last discard becomes 8D
    table.apply(0, Discard(t("5D")))
    assert (3 not in table.awaiting()) is blocked
    if blocked:
        with pytest.raises(IllegalActionError) as refused:
            table.apply(3, Claim("pung", (t("5D"), t("5D"))))
        assert (refused.value.code, refused.value.data) == (refusals.SACRED_DISCARD, {"tile": t("5D")})


def test_missed_discard__no_going_out_until_the_next_draw():
    """T-37 (four-winds L2361): a ready player who lets a winning discard pass may not go out on the same tile
    from another player in that go-around, i.e. before drawing again."""
    table = rigged_table({0: "8D " + " ".join(FILLER.split()[:12]), 1: "8D " + " ".join(FILLER.split()[:12]),
                          2: FILLER, 3: WAITS_8D}, "WD 2C", current=0, rules=_rules(missed_discard=True))
    table.apply(0, Discard(t("8D")))
    assert Claim("mah_jongg") in table.legal_actions(3)
    table.apply(3, Pass())
    assert table.current == 1
    table.apply(1, Discard(t("8D")))
    assert 3 not in table.awaiting()
    with pytest.raises(IllegalActionError) as refused:
        table.apply(3, Claim("mah_jongg"))
    assert (refused.value.code, refused.value.data) == (refusals.MISSED_DISCARD, {"tile": t("8D")})


def test_ready_declaration__required_before_going_out():
    """Under "require declaration" a complete hand cannot go out until a ready hand was declared."""
    rules = _rules(ready_rule="declare")
    table = rigged_table({0: FILLER, 1: FILLER, 2: FILLER, 3: WAITS_8D}, "8D", current=3, rules=rules)
    assert MahJongg() not in table.legal_actions(3)
    declared = rigged_table({0: "8D " + " ".join(FILLER.split()[:12]), 1: FILLER, 2: FILLER, 3: WAITS_8D},
                            "GD 3C", current=3, rules=rules)
    assert Discard(t("1B"), standing=True) in declared.legal_actions(3)  # a bluff is allowed
    events = declared.apply(3, Discard(t("GD"), standing=True))
    assert any(e.kind == "ready_declared" and not e.riichi for e in events)
    assert declared.players[3].ready and not declared.players[3].locked
    declared.apply(0, Discard(t("8D")))
    assert Claim("mah_jongg") in declared.legal_actions(3)


def test_riichi__locked_pays_its_stake_and_doubles():
    """Riichi needs a concealed ready hand, locks it, and a win after it is marked for its double."""
    from game.core.match import Match
    from tests.scoring_builders import classic_judge

    rules = _rules(ready_rule="riichi")
    table = rigged_table({0: "5C " + " ".join(FILLER.split()[:12]), 1: FILLER, 2: FILLER, 3: WAITS_8D},
                         "GD 3C 4C 9D 2D 8D", current=3, rules=rules, judge=classic_judge())
    assert Discard(t("GD"), standing=True) in table.legal_actions(3)
    assert Discard(t("1B"), standing=True) not in table.legal_actions(3)  # not ready after that discard
    table.apply(3, Discard(t("GD"), standing=True))
    assert table.players[3].riichi and table.players[3].locked
    for seat in (0, 1, 2):
        table.apply(seat, Discard(table.drawn_tile))
    assert table.legal_actions(3) == [Discard(t("2D"))]  # locked: the drawn tile goes
    table.apply(3, Discard(t("2D")))
    table.apply(0, Discard(t("8D")))
    table.apply(3, Claim("mah_jongg"))
    assert table.result.winner == 3 and table.result.context.riichi
    match = Match(rules, classic_judge(), 1, east=0)
    match.table = table
    events = match.finish_hand(table)
    settled = next(e for e in events if e.kind == "settled")
    assert not any(frm == 3 for frm, _to, _amount in settled.payments)  # the winner keeps its own stake


def test_riichi__deposit_goes_to_another_winner():
    """Under Japanese Riichi a declarer who does not win pays the deposit to the winner; riichi is optional."""
    from game.core.match import Match
    from game.core.scoring import RulesetJudge
    from game.mods import get_ruleset

    ruleset = get_ruleset("japanese-riichi")
    rules = ruleset.play
    judge = RulesetJudge(ruleset)
    table = rigged_table({0: "1C 2C 3C 4C 5C 6C 7C 8C 9C 2D 3D WD WD", 1: FILLER, 2: FILLER, 3: WAITS_8D},
                         "GD 4D", current=3, rules=rules, judge=judge)
    table.apply(3, Discard(t("GD"), standing=True))
    assert table.current == 0 and MahJongg() in table.legal_actions(0)  # no riichi needed to go out
    table.apply(0, MahJongg())
    match = Match(rules, judge, 1, east=0)
    events = match.finish_hand(table)
    settled = next(e for e in events if e.kind == "settled")
    assert ruleset.penalties.riichi_deposit == 100
    assert (3, 0, 100) in settled.payments and sum(settled.deltas) == 0


def test_riichi__cancelled_when_a_winning_tile_passes():
    """A riichi hand must go out on the first tile that completes it; letting it pass cancels the riichi."""
    rules = _rules(ready_rule="riichi")
    table = rigged_table({0: "8D " + " ".join(FILLER.split()[:12]), 1: FILLER, 2: FILLER, 3: WAITS_8D},
                         "GD 3C", current=3, rules=rules)
    table.apply(3, Discard(t("GD"), standing=True))
    table.apply(0, Discard(t("8D")))
    events = table.apply(3, Pass())
    assert any(e.kind == "ready_cancelled" for e in events)
    assert not table.players[3].riichi and table.players[3].riichi_declared


def test_precedence__plain_mah_jongg_ranks_every_win_alike():
    """Four Winds ranks all Out claims alike: the nearest claimant wins even against a Mah Jongg with a pung."""
    hands = {0: "5D " + " ".join(FILLER.split()[:12]), 1: "1C 2C 3C 4C 5C 6C 7C 8C 9C 6D 7D WD WD", 2: FILLER,
             3: "1B 2B 3B 4B 5B 6B 7B 8B 9B 5D 5D RD RD"}
    equal = _rules(precedence=("mah_jongg", "kong", "pung", "chow"))
    for rules, winner in ((_rules(), 3), (equal, 1)):
        table = rigged_table(hands, "WD", current=0, rules=rules)
        table.apply(0, Discard(t("5D")))
        table.apply(3, Claim("mah_jongg"))
        table.apply(1, Claim("mah_jongg"))
        assert table.result.winner == winner


def test_last_discard__win_context_and_classic_scoring():
    """Going out on the last discard marks the win context; the classic's "last tile from the wall" (+10) still
    needs a drawn tile (L1461), while a self-drawn last tile scores it."""
    from tests.scoring_builders import classic_judge

    judge = classic_judge()
    table = rigged_table({0: "8D " + " ".join(FILLER.split()[:12]), 1: FILLER, 2: FILLER, 3: WAITS_8D}, "3C",
                         current=0, rules=_rules(), judge=judge)
    table.wall.live.clear()  # the tile seat 0 just drew was the last of the wall
    table.apply(0, Discard(t("8D")))
    table.apply(3, Claim("mah_jongg"))
    context = table.result.context
    assert context.last_wall_tile and context.won_by == "discard"
    items = {i.id for i in judge.score(table.hand_spec(3), context).items}
    assert "last_wall_tile" not in items
    drawn = rigged_table({0: FILLER, 1: FILLER, 2: FILLER, 3: WAITS_8D}, "8D", current=3, rules=_rules(),
                         judge=judge)
    drawn.wall.live.clear()
    drawn.apply(3, MahJongg())
    assert drawn.result.context.last_wall_tile
    assert "last_wall_tile" in {i.id for i in judge.score(drawn.hand_spec(3), drawn.result.context).items}


def test_first_draw__earthly_hand_by_a_non_dealer_self_drawing_first():
    """A non-dealer who goes out on their first tile from the wall, before any claim, has an Earthly Hand
    (American Classical acknowledges it; the win context carries the trigger)."""
    from game.core.scoring import RulesetJudge
    from game.mods import get_ruleset

    ruleset = get_ruleset("american-classical")
    judge = RulesetJudge(ruleset)
    table = rigged_table({0: FILLER, 1: WAITS_8D, 2: FILLER, 3: FILLER}, "8D", current=1, rules=ruleset.play,
                         judge=judge)
    table.apply(1, MahJongg())
    context = table.result.context
    assert context.first_draw and not context.original_hand
    assert judge.score(table.hand_spec(1), context).special_hand == "Earthly Hand"
    later = rigged_table({0: FILLER, 1: WAITS_8D, 2: FILLER, 3: FILLER}, "8D", current=1, rules=ruleset.play,
                         judge=judge)
    later.players[1].draws = 2  # as if this were the second tile drawn: no Earthly Hand
    later.apply(1, MahJongg())
    assert not later.result.context.first_draw


# -- Four Winds presets in play: faulty declarations, liability errors, draws, the deal -------------------------

def _four_winds(ruleset_id, penalties=None, **changes):
    """A Four Winds preset (optionally with other penalties or values) and its judge."""
    import dataclasses

    from game.core.scoring import RulesetJudge
    from game.mods import get_ruleset

    ruleset = get_ruleset(ruleset_id)
    if penalties is not None:
        changes["penalties"] = dataclasses.replace(ruleset.penalties, **penalties)
        if penalties.get("faulty_out") or penalties.get("faulty_claim"):
            changes["play"] = dataclasses.replace(ruleset.play, faulty_declarations=True)
    ruleset = dataclasses.replace(ruleset, **changes) if changes else ruleset
    return ruleset, RulesetJudge(ruleset)


def _finish(ruleset, judge, table, east=0, streak=0):
    from game.core.match import Match

    match = Match(ruleset.play, judge, 1, east=east)
    match.table = table
    match.east_streak = streak
    events = match.finish_hand(table)
    return match, events, next((e for e in events if e.kind == "settled"), None)


def test_faulty_out__ends_the_hand_pays_the_limit_and_passes_the_deal():
    """European (T-14 in play): South declares Out with a hand that is not complete; the hand ends, South pays
    500 to East and 250 to each other player, and the deal passes (L230)."""
    ruleset, judge = _four_winds("european")
    table = rigged_table({0: FILLER, 1: FILLER, 2: FILLER, 3: FILLER}, "2C", current=1, rules=ruleset.play,
                         judge=judge)
    assert MahJongg() not in table.legal_actions(1)
    events = table.apply(1, MahJongg())
    assert [e.kind for e in events] == ["faulty_out"]
    assert (table.phase, table.result.winner, table.result.faulty_out) == ("over", None, 1)
    match, events, settled = _finish(ruleset, judge, table)
    assert settled.deltas == (500, -1000, 250, 250)
    assert match.east == 1 and any(e.kind == "deal_passed" for e in events)


def test_faulty_out__refused_where_the_penalty_is_off():
    """Novice has no penalties: a declaration of Out that does not fit is refused and play goes on."""
    ruleset, judge = _four_winds("novice")
    table = rigged_table({0: FILLER, 1: FILLER, 2: FILLER, 3: FILLER}, "2C", current=1, rules=ruleset.play,
                         judge=judge)
    with pytest.raises(IllegalActionError):
        table.apply(1, MahJongg())
    assert table.phase == "turn" and table.current == 1


def test_hongkong_minimum_points__too_few_points_is_a_faulty_out_paying_384():
    """T-32 and T-16 in play: with Minimum Points 3, four chows won on a discard (Four Chows 1 + no flowers 1)
    is a faulty Out; the offender pays the limit, 128, to each player."""
    ruleset, judge = _four_winds("hongkong", min_points=3)
    hands = {0: FILLER, 1: FILLER, 2: "8D " + " ".join(FILLER.split()[:12]), 3: WAITS_8D}
    table = rigged_table(hands, "GD", current=2, rules=ruleset.play, judge=judge)
    table.apply(2, Discard(t("8D")))
    assert 3 in table.awaiting() and Claim("mah_jongg") not in table.legal_actions(3)
    table.apply(3, Claim("mah_jongg"))
    assert table.result.faulty_out == 3
    _match, _events, settled = _finish(ruleset, judge, table)
    assert settled.deltas == (128, 128, 128, -384)
    no_minimum, judge = _four_winds("hongkong")
    table = rigged_table(hands, "GD", current=2, rules=no_minimum.play, judge=judge)
    table.apply(2, Discard(t("8D")))
    assert Claim("mah_jongg") in table.legal_actions(3)


def test_faulty_claim__taken_as_a_pass_and_paid_to_the_winner():
    """T-17 in play: West claims a pung it cannot make; the claim counts as a pass, and when East later goes
    out West pays East 100 on top of the hand."""
    ruleset, judge = _four_winds("european")
    hands = {0: WAITS_8D, 1: FILLER, 2: "5D " + " ".join(FILLER.split()[:12]),
             3: "4D 6D " + " ".join(FILLER.split()[:11])}
    table = rigged_table(hands, "GD 8D", current=2, rules=ruleset.play, judge=judge)
    table.apply(2, Discard(t("5D")))
    events = table.apply(3, Claim("pung", (t("5D"), t("5D"))))
    assert [e.kind for e in events][:2] == ["faulty_claim", "tile_drawn"] and table.current == 3
    assert table.players[3].faulty_claims == 1
    table.apply(3, Discard(t("8D")))
    table.apply(0, Claim("mah_jongg"))
    _match, _events, settled = _finish(ruleset, judge, table)
    assert (3, 0, 100) in settled.payments


def test_five_last_tiles__the_discarder_of_an_unseen_tile_pays_for_all():
    """With five tiles or fewer in the wall, a discard no one has seen that lets another player go out makes
    the discarder pay for everybody (L1825-L1829); once the tile has been seen, everybody pays as usual."""
    ruleset, judge = _four_winds("european", penalties={"five_last_tiles": True})
    hands = {0: FILLER, 1: FILLER, 2: "8D " + " ".join(FILLER.split()[:12]), 3: WAITS_8D}
    found = {}
    for seen in (False, True):
        table = rigged_table(hands, "GD", current=2, rules=ruleset.play, judge=judge)
        while table.wall.live_count > 5:
            table.wall.live.pop()
        if seen:
            table.players[1].discards.append(t("8D"))
        table.apply(2, Discard(t("8D")))
        table.apply(3, Claim("mah_jongg"))
        assert table.result.late_unseen_discard is not seen
        _match, _events, settled = _finish(ruleset, judge, table)
        found[seen] = {frm for frm, to, _amount in settled.payments if to == 3}
    assert found == {False: {2}, True: {0, 1, 2}}


def test_nine_tiles__feeding_a_one_suit_hand_of_three_melded_pungs_pays_for_all():
    """A player showing three melded pungs of Bamboo goes out, all Bamboo, on a Bamboo discard: the discarder
    pays for all (L1831-L1833)."""
    ruleset, judge = _four_winds("european", penalties={"nine_tiles": True})
    table = rigged_table({0: FILLER, 1: FILLER, 2: "4B " + " ".join(FILLER.split()[:12]), 3: "2B 3B 7B 7B"},
                         "GD", current=2, rules=ruleset.play, judge=judge,
                         melds={3: ["1B 1B 1B", "5B 5B 5B", "9B 9B 9B"]})
    table.apply(2, Discard(t("4B")))
    table.apply(3, Claim("mah_jongg"))
    assert table.result.one_suit_feeder == 2
    _match, _events, settled = _finish(ruleset, judge, table)
    assert {frm for frm, to, _amount in settled.payments if to == 3} == {2}


def test_nine_tiles__the_discard_that_makes_the_third_set_is_not_liable():
    """The penalty follows the danger warning (seed 003 L244-L246): the tile claimed for the third set of one
    suit, before which nobody was warned, makes nobody pay for all (a suit tile fed after it does: the test above)."""
    ruleset, judge = _four_winds("european", penalties={"nine_tiles": True})
    table = rigged_table({0: FILLER, 1: FILLER, 2: "9B 4B " + " ".join(FILLER.split()[:11]),
                          3: "9B 9B 2B 3B 7B 7B RD"}, "GD", current=2, rules=ruleset.play, judge=judge,
                         melds={3: ["1B 1B 1B", "5B 5B 5B"]})
    table.apply(2, Discard(t("9B")))
    table.apply(3, Claim("pung", (t("9B"), t("9B"))))
    assert len(table.players[3].melds) == 3 and table.players[3].one_suit_feeder is None


def test_four_winds_left_only__chow_and_pair_from_across_refused_even_to_go_out():
    """Four Winds: chows only from the left, going out included, and no pair claims; European ("All on Out")
    allows both to go out."""
    pair_wait = "1B 2B 3B 4B 5B 6B 7B 8B 9B 1D 2D 3D RD"
    for hand, tile in ((WAITS_8D, "8D"), (pair_wait, "RD")):
        hands = {0: FILLER, 1: tile + " " + " ".join(FILLER.split()[:12]), 2: FILLER, 3: hand}
        for ruleset_id, allowed in (("european", True), ("four-winds", False)):
            ruleset, judge = _four_winds(ruleset_id)
            table = rigged_table(hands, "WD", current=1, rules=ruleset.play, judge=judge)
            table.apply(1, Discard(t(tile)))  # seat 3 sits across from seat 1
            assert (Claim("mah_jongg") in table.legal_actions(3)) is allowed, (ruleset_id, tile)


def test_chows_not_allowed__no_chow_claim_and_max_chows_counts_melded_chows():
    hands = {0: "5D " + " ".join(FILLER.split()[:12]), 1: "3D 4D 2B 8B 3C 7C EW SW WW NW RD GD WD", 2: FILLER,
             3: FILLER}
    for rules, allowed in ((_rules(), True), (_rules(chows_allowed=False), False), (_rules(max_chows=1), False)):
        table = rigged_table(hands, "WD", current=0, rules=rules, melds={1: ["1C 2C 3C"]} if rules.max_chows else None)
        if rules.max_chows:
            table.players[1].concealed = table.players[1].concealed[:10]
        table.apply(0, Discard(t("5D")))
        assert (Claim("chow", (t("3D"), t("4D"))) in table.legal_actions(1)) is allowed


@pytest.mark.parametrize(("ruleset_id", "passes"), [("european", False), ("japanese", True), ("hongkong", False)])
def test_deal_passes_on_draw__by_preset(ruleset_id, passes):
    """Deal Passes on Draw: on in the Japanese presets, off elsewhere (L226, L634)."""
    ruleset, judge = _four_winds(ruleset_id)
    table = rigged_table({0: FILLER, 1: FILLER, 2: FILLER, 3: FILLER}, "2C", current=1, rules=ruleset.play,
                         judge=judge)
    table.wall.live.clear()
    table.apply(1, Discard(t("2C")))
    assert table.phase == "over" and table.result.winner is None
    match, _events, _settled = _finish(ruleset, judge, table)
    assert (match.east == 1) is passes


def test_ready_after_draw__a_ready_hand_is_paid_without_a_declaration():
    """T-19 in play (Japanese Riichi): after a draw the one player whose hand is one tile short gets 600, 200
    from each of the others; no declaration is needed (L1765)."""
    ruleset, judge = _four_winds("japanese-riichi")
    table = rigged_table({0: FILLER, 1: FILLER, 2: FILLER, 3: WAITS_8D}, "2C", current=1, rules=ruleset.play,
                         judge=judge)
    table.wall.live.clear()
    table.apply(1, Discard(t("2C")))
    assert not table.players[3].ready
    match, _events, settled = _finish(ruleset, judge, table)
    assert settled.deltas == (-200, -200, -200, 600)
    assert match.totals == [7800, 7800, 7800, 8600]  # Japanese Riichi starts everybody at 8000


def test_dealer_bonus__the_seventh_win_in_a_row_pays_the_limit_and_passes_the_deal():
    """A7: with the dealer's extra-hand bonus on, East's 7th win in a row pays the limit and the deal passes."""
    ruleset, judge = _four_winds("european", penalties={"dealer_bonus": 100})
    for streak, passes in ((5, False), (6, True)):
        table = rigged_table({0: WAITS_8D, 1: FILLER, 2: FILLER, 3: FILLER}, "8D", current=0, rules=ruleset.play,
                             judge=judge)
        table.apply(0, MahJongg())
        match, _events, settled = _finish(ruleset, judge, table, streak=streak)
        assert (match.east == 1) is passes
        if passes:
            assert [amount for _frm, to, amount in settled.payments if to == 0] == [1000, 1000, 1000]


def test_first_discard__going_out_on_easts_first_discard_is_read_as_such():
    """The first discard of the hand is East's: a player going out on it has the classic Terrestrial Blessing
    (the claim itself must not count as one already made before the win is read)."""
    from game.core.scoring import RulesetJudge
    from game.mods import get_ruleset

    ruleset = get_ruleset("classic")
    judge = RulesetJudge(ruleset)
    table = rigged_table({0: "8D " + " ".join(FILLER.split()[:12]), 1: WAITS_8D, 2: FILLER, 3: FILLER}, "WD",
                         current=0, rules=ruleset.play, judge=judge)
    table.apply(0, Discard(t("8D")))
    table.apply(1, Claim("mah_jongg"))
    assert table.result.context.first_discard
    assert judge.score(table.hand_spec(1), table.result.context).special_hand == "Terrestrial Blessing"
