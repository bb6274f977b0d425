"""The hand as a state machine: deal, draws, claims and their precedence, kongs, robbing, standing hands."""

import random

import pytest

from game.core import refusals
from game.core.actions import Claim, DeclareKong, Discard, MahJongg, Pass
from game.core.events import DiscardClaimed, KongRobbed, MahJonggDeclared, log_hash
from game.core.judge import RegularJudge
from game.core.play_rules import PlayRules
from game.core.table import Table
from game.core.tiles import is_bonus
from game.errors import IllegalActionError
from tests.builders import rigged_table, t
from tests.tiers import examples

FILLER = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"  # no chow, pung or win with the test tiles


def test_table__deal_gives_thirteen_each_and_east_the_first_tile():
    """After the ceremony everyone holds 13 tiles (plus kongs); East draws the 14th to start (L1266–L1270)."""
    table = Table(PlayRules(), RegularJudge(), seed=3, east=2)
    for p in table.players:
        assert len(p.concealed) + sum(3 for m in p.melds) == 13
        assert not any(is_bonus(x) for x in p.concealed)
    table.begin()
    assert table.current == 2 and table.phase == "turn"
    assert len(table.players[2].concealed) + 3 * len(table.players[2].melds) == 14


def test_table__deal_is_four_four_four_one_from_east():
    """The deal goes 4, 4, 4, 1 to East, South, West, North (L1235–L1241)."""
    table = Table(PlayRules(), RegularJudge(), seed=5, east=1)
    dealt = [(e.seat, len(e.tiles)) for e in table.events if e.kind == "tiles_dealt"]
    assert dealt == [(s, n) for n in (4, 4, 4, 1) for s in (1, 2, 3, 0)]


def test_table__flowers_are_replaced_before_play():
    """Every dealt flower or season is laid out and replaced by a loose tile, East first (L1247–L1262)."""
    for seed in range(30):
        table = Table(PlayRules(), RegularJudge(), seed=seed)
        exposed = [e for e in table.events if e.kind == "bonus_exposed"]
        replaced = [e for e in table.events if e.kind == "replacement_drawn"]
        kongs = [e for e in table.events if e.kind == "kong_declared"]
        assert len(replaced) == len(exposed) + len(kongs)
        if exposed:
            return
    pytest.fail("no seed dealt a flower")


def _claims_table(hands, draws="WD"):
    return rigged_table(hands, draws, current=0)


def test_table__mah_jongg_beats_pung_beats_chow():
    """Precedence: Mah Jongg (here with a chow, from any player) beats a pung, which beats a chow (L3600)."""
    table = _claims_table({
        0: "5D " + " ".join(FILLER.split()[:12]),
        1: "3D 4D 2B 2B 8C 8C EW SW WW NW RD GD WD",
        2: "5D 5D 2B 8B 3C 7C EW SW WW NW RD GD WD",
        3: "1B 2B 3B 4B 5B 6B 7B 8B 9B 6D 7D RD RD",
    })
    table.apply(0, Discard(t("5D")))
    assert table.awaiting() == [1, 2, 3]
    table.apply(1, Claim("chow", (t("3D"), t("4D"))))
    table.apply(2, Claim("pung", (t("5D"), t("5D"))))
    events = table.apply(3, Claim("mah_jongg"))
    assert table.phase == "over" and table.result.winner == 3 and table.result.from_seat == 0
    assert isinstance(events[-1], MahJonggDeclared)


def test_table__pung_beats_chow():
    """Without a Mah Jongg claim, the pung gets the tile and play continues from the claimer (rule 10)."""
    table = _claims_table({
        0: "5D " + " ".join(FILLER.split()[:12]),
        1: "3D 4D 2B 2B 8C 8C EW SW WW NW RD GD WD",
        2: "5D 5D 2B 8B 3C 7C EW SW WW NW RD GD WD",
        3: FILLER,
    })
    table.apply(0, Discard(t("5D")))
    table.apply(1, Claim("chow", (t("3D"), t("4D"))))
    events = table.apply(2, Claim("pung", (t("5D"), t("5D"))))
    claimed = [e for e in events if isinstance(e, DiscardClaimed)]
    assert claimed and claimed[0].seat == 2 and claimed[0].claim == "pung"
    assert table.current == 2 and table.phase == "turn"
    assert table.players[0].discards == []  # the claimed tile left the discards
    assert all(isinstance(a, Discard | DeclareKong) for a in table.legal_actions(2))


def test_table__mah_jongg_ties_go_to_the_nearest_player():
    """Two Mah Jongg claims of the same rank: the player nearest the discarder in playing order wins (L3612)."""
    table = _claims_table({
        0: "5D " + " ".join(FILLER.split()[:12]),
        1: "1C 2C 3C 4C 5C 6C 7C 8C 9C 6D 7D WD WD",
        2: FILLER,
        3: "1B 2B 3B 4B 5B 6B 7B 8B 9B 6D 7D RD RD",
    })
    table.apply(0, Discard(t("5D")))
    table.apply(3, Claim("mah_jongg"))
    table.apply(1, Claim("mah_jongg"))
    assert table.result.winner == 1


def test_table__mah_jongg_with_a_pung_beats_a_nearer_chow():
    """Mah Jongg completing a pung outranks Mah Jongg completing a chow, whoever is nearer."""
    table = _claims_table({
        0: "5D " + " ".join(FILLER.split()[:12]),
        1: "1C 2C 3C 4C 5C 6C 7C 8C 9C 6D 7D WD WD",
        2: FILLER,
        3: "1B 2B 3B 4B 5B 6B 7B 8B 9B 5D 5D RD RD",
    })
    table.apply(0, Discard(t("5D")))
    table.apply(1, Claim("mah_jongg"))
    table.apply(3, Claim("mah_jongg"))
    assert table.result.winner == 3


def test_table__chow_only_from_the_player_on_the_left():
    """Only the next player may chow a discard, unless it completes Mah Jongg (rule 15)."""
    table = _claims_table({
        0: "5D " + " ".join(FILLER.split()[:12]),
        1: FILLER,
        2: "3D 4D 2B 8B 3C 7C EW SW WW NW RD GD WD",
        3: FILLER,
    })
    table.apply(0, Discard(t("5D")))
    assert 2 not in table.awaiting()
    with pytest.raises(IllegalActionError) as refused:
        table.apply(2, Claim("chow", (t("3D"), t("4D"))))
    assert refused.value.code == refusals.CHOW_FROM_LEFT_ONLY


def test_table__no_claim_for_a_pair_unless_it_wins():
    """A discard may complete a pair only to go Mah Jongg (rule 11)."""
    table = _claims_table({0: "5D " + " ".join(FILLER.split()[:12]), 1: FILLER, 2: FILLER,
                           3: "1B 2B 3B 4B 5B 6B 7B 8B 9B 1D 2D 3D 5D"})
    table.apply(0, Discard(t("5D")))
    assert table.legal_actions(3) == [Claim("mah_jongg"), Pass()]
    table.apply(3, Claim("mah_jongg"))
    assert table.result.winner == 3


def test_table__pair_claim_can_be_switched_off():
    """With pair claims off, a hand waiting on its pair cannot take a discard to win."""
    rules = PlayRules(flowers=False, pair_claim_for_mah_jongg=False)
    table = rigged_table({0: "5D " + " ".join(FILLER.split()[:12]), 1: FILLER, 2: FILLER,
                          3: "1B 2B 3B 4B 5B 6B 7B 8B 9B 1D 2D 3D 5D"}, "WD", rules=rules, current=0)
    table.apply(0, Discard(t("5D")))
    assert 3 not in table.awaiting()


def test_table__unclaimable_discard_is_refused_with_the_status_message():
    """Claiming a tile one cannot use is refused for the program's reason (L297: "You can't pick up …! No …"):
    the tile, and that the player opposite could not have chowed it either."""
    table = _claims_table({0: "3C " + " ".join(FILLER.split()[:12]), 1: FILLER, 2: FILLER, 3: FILLER})
    table.apply(0, Discard(t("3C")))
    with pytest.raises(IllegalActionError) as refused:
        table.apply(2, Claim("pung", (t("3C"), t("3C"))))
    assert (refused.value.code, refused.value.data) == (refusals.CANNOT_PICK_UP, {"tile": t("3C"), "chow": False})
    assert str(refused.value) == "cannot_pick_up (tile 3C, chow False)"


def test_table__kong_claim_gives_a_loose_tile():
    """A kong claimed from a discard is exposed and the claimer takes a loose tile (rule 17a)."""
    table = _claims_table({0: "5D " + " ".join(FILLER.split()[:12]), 1: FILLER,
                           2: "5D 5D 5D 8B 3C 7C EW SW WW NW RD GD WD", 3: FILLER})
    table.apply(0, Discard(t("5D")))
    events = table.apply(2, Claim("kong", (t("5D"),) * 3))
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["discard_claimed", "replacement_drawn"]
    assert table.current == 2 and table.drawn_tile is not None


def test_table__exposed_pung_cannot_become_a_kong_with_a_discard():
    """A discard never turns an exposed pung into a kong (rule 14, L304)."""
    table = rigged_table({0: "5D " + " ".join(FILLER.split()[:12]), 1: FILLER,
                          2: "2B 8B 3C 7C EW SW WW NW RD GD", 3: FILLER}, "WD", melds={2: ["5D 5D 5D"]}, current=0)
    table.apply(0, Discard(t("5D")))
    with pytest.raises(IllegalActionError) as refused:
        table.apply(2, Claim("kong", (t("5D"),) * 3))
    assert refused.value.code == refusals.KONG_FROM_EXPOSED_PUNG


def test_table__concealed_kong_on_own_turn():
    """Four identical tiles may be declared as a concealed kong on one's turn, then a loose tile is drawn."""
    table = rigged_table({0: "7B 7B 7B 2C 3C 4C 6D 6D 1D 2D EW SW WW", 1: FILLER, 2: FILLER, 3: FILLER}, "7B",
                         current=0)
    assert DeclareKong(t("7B")) in table.legal_actions(0)
    events = table.apply(0, DeclareKong(t("7B")))
    assert [e.kind for e in events][:2] == ["kong_declared", "replacement_drawn"]
    kong = table.players[0].melds[-1]
    assert kong.kind == "kong" and not kong.exposed


def test_table__promoted_kong_can_be_robbed():
    """Adding a drawn tile to an exposed pung may be robbed by a player who wins with it (rule 17b)."""
    table = rigged_table({0: "2C 3C 4C 6D 6D 1D 2D 3D EW SW", 1: FILLER, 2: FILLER,
                          3: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 8D RD RD"}, "9D",
                         melds={0: ["9D 9D 9D"]}, current=0)
    assert DeclareKong(t("9D")) in table.legal_actions(0)
    table.apply(0, DeclareKong(t("9D")))
    assert table.phase == "rob" and table.awaiting() == [3]
    events = table.apply(3, MahJongg())
    assert any(isinstance(e, KongRobbed) for e in events)
    assert table.result.winner == 3 and table.result.won_by == "robbed_kong"
    assert table.players[0].melds[0].kind == "pung"  # the robbed player keeps the pung


def test_table__promoted_kong_not_robbed_becomes_a_kong():
    """If nobody robs, the pung becomes an exposed kong and a loose tile follows."""
    table = rigged_table({0: "2C 3C 4C 6D 6D 1D 2D 3D EW SW", 1: FILLER, 2: FILLER,
                          3: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 8D RD RD"}, "9D",
                         melds={0: ["9D 9D 9D"]}, current=0)
    table.apply(0, DeclareKong(t("9D")))
    table.apply(3, Pass())
    assert table.players[0].melds[0].kind == "kong" and table.players[0].melds[0].promoted
    assert table.phase == "turn" and table.current == 0


def test_table__self_drawn_mah_jongg():
    """A player whose drawn tile completes the hand may go Mah Jongg and does not discard (L1292)."""
    table = rigged_table({0: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 8D RD RD", 1: FILLER, 2: FILLER, 3: FILLER}, "9D",
                         current=0)
    assert MahJongg() in table.legal_actions(0)
    table.apply(0, MahJongg())
    assert table.result.winner == 0 and table.result.won_by == "wall"


def test_table__original_hand_only_for_east_at_the_start():
    """East's dealt hand plus the first tile complete: an original hand (L1276)."""
    table = rigged_table({0: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 8D RD RD", 1: FILLER, 2: FILLER, 3: FILLER}, "9D")
    table.begin()
    table.apply(0, MahJongg())
    assert table.result.context.original_hand


def test_table__standing_hand_needs_a_single_winning_tile():
    """A standing hand is offered with the first discard only when one tile kind completes the hand (A21)."""
    two_waits = rigged_table({0: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 8D RD RD", 1: FILLER, 2: FILLER, 3: FILLER},
                             "GD", current=0)
    assert Discard(t("GD"), standing=True) not in two_waits.legal_actions(0)
    one_wait = rigged_table({0: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 9D RD RD", 1: FILLER, 2: FILLER, 3: FILLER},
                            "GD", current=0)
    one_wait.apply(0, Discard(t("GD"), standing=True))
    assert one_wait.players[0].standing and one_wait.players[0].waits == (t("8D"),)
    assert [e.kind for e in one_wait.events[-3:]][:2] == ["tile_discarded", "standing_hand_declared"]


def test_table__standing_player_must_discard_the_drawn_tile():
    """After declaring, a player who draws a tile that does not win has to discard it (L320)."""
    table = rigged_table({0: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 9D RD RD", 1: FILLER, 2: FILLER, 3: FILLER},
                         "GD 2D 3D 4D 6D", current=0)
    table.apply(0, Discard(t("GD"), standing=True))
    for seat in (1, 2, 3):
        assert table.current == seat and table.phase == "turn"
        table.apply(seat, Discard(table.drawn_tile))
    assert table.current == 0 and table.drawn_tile == t("6D")
    assert table.legal_actions(0) == [Discard(t("6D"))]
    with pytest.raises(IllegalActionError) as refused:
        table.apply(0, Discard(t("1B")))
    assert (refused.value.code, refused.value.data) == (refusals.MUST_DISCARD_DRAWN,
                                                        {"tile": t("6D"), "standing": True})


def test_table__standing_player_may_only_claim_to_win():
    """A standing hand takes no pung or chow, only its winning tile (L318)."""
    table = rigged_table({0: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 9D RD RD", 1: FILLER, 2: FILLER, 3: FILLER},
                         "GD RD", current=0)
    table.apply(0, Discard(t("GD"), standing=True))
    table.apply(1, Discard(t("RD")))
    assert 0 not in table.awaiting()


def _play_random(seed, rules=None, garbage=False):
    rng = random.Random(seed)
    table = Table(rules or PlayRules(), RegularJudge(), seed=seed, east=seed % 4)
    table.begin()
    actions = []
    while table.phase != "over":
        seat = table.awaiting()[0]
        legal = table.legal_actions(seat)
        if garbage:
            junk = rng.choice([Discard(rng.randrange(43)), Claim(rng.choice(["chow", "pung", "kong", "mah_jongg"]),
                               (rng.randrange(34),) * rng.randint(0, 3)), MahJongg(), DeclareKong(rng.randrange(34)),
                               Pass()])
            target = rng.randrange(4)
            if junk not in table.legal_actions(target):
                with pytest.raises(IllegalActionError):
                    table.apply(target, junk)
        action = rng.choice(legal)
        table.apply(seat, action)
        actions.append((seat, action))
        _check_conservation(table, rules or PlayRules())
    return table, actions


def _check_conservation(table, rules):
    held = 0
    for p in table.players:
        held += len(p.concealed) + sum(len(m.tiles) for m in p.melds) + len(p.bonus) + len(p.discards)
        kongs = sum(1 for m in p.melds if m.kind == "kong")
        assert len(p.concealed) + 3 * len(p.melds) - kongs * 0 in (13, 14) or table.phase == "over"
    assert held + len(table.wall.tiles) == rules.tile_count


@pytest.mark.parametrize("seed", range(40))
def test_table__random_play_conserves_tiles_and_ends(seed):
    """Whatever legal actions are chosen, all 144 tiles stay accounted for and the hand ends."""
    table, _ = _play_random(seed)
    assert table.phase == "over" and table.result is not None


@pytest.mark.parametrize("seed", range(200, 260))
def test_table__illegal_actions_are_always_refused(seed):
    """Random junk actions from any seat are refused unless they are in that seat's legal list."""
    table, _ = _play_random(seed, garbage=True)
    assert table.phase == "over"


def test_table__same_seed_and_actions_give_the_same_log():
    """A hand is reproducible from its seed and its action list."""
    table, actions = _play_random(99)
    replay = Table(PlayRules(), RegularJudge(), seed=99, east=99 % 4)
    replay.begin()
    for seat, action in actions:
        replay.apply(seat, action)
    assert log_hash(replay.events) == log_hash(table.events)
    other, _ = _play_random(100)
    assert log_hash(other.events) != log_hash(table.events)


def test_table__wall_exhaustion_makes_a_dead_hand():
    """When the live wall runs out with nobody Mah Jongg the hand is dead (L1359–L1367)."""
    for seed in range(50):
        table, _ = _play_random(seed)
        if table.result.winner is None:
            assert table.events[-1].kind == "hand_dead"
            assert table.wall.live_count == 0
            assert len(table.wall.tiles) >= 1
            return
    pytest.fail("no dead hand in 50 random hands")


def test_table__discard_can_be_taken_back_before_anyone_acts():
    """Undo: the discarder takes the tile back while nobody has claimed it; the hand is as before the discard."""
    table = Table(PlayRules(), RegularJudge(), seed=31, east=0)
    table.begin()
    before = (list(table.players[0].concealed), log_hash(table.events))
    tile = table.players[0].concealed[0]
    table.apply(0, Discard(tile))
    assert table.can_take_back(0) and not table.can_take_back(1)
    events = table.take_back(0)
    assert events[0].kind == "discard_taken_back" and events[0].tile == tile
    assert (list(table.players[0].concealed), log_hash(table.events)) == before
    assert table.phase == "turn" and table.current == 0


def test_table__discard_cannot_be_taken_back_after_the_next_move():
    """Once somebody has acted after the discard, it stays."""
    table = Table(PlayRules(), RegularJudge(), seed=31, east=0)
    table.begin()
    table.apply(0, Discard(table.players[0].concealed[0]))
    seat = table.awaiting()[0]
    table.apply(seat, table.legal_actions(seat)[-1])
    assert not table.can_take_back(0)
    with pytest.raises(IllegalActionError) as refused:
        table.take_back(0)
    assert refused.value.code == refusals.TAKE_BACK_TOO_LATE


def test_table__fuzzed_hands_accept_only_legal_actions():
    """1,500 hands under the classic ruleset (in CI; a tenth in the fast tier): at every decision a random seat
    tries a random action, which is refused unless it is legal for that seat; the hand is played on with random
    legal actions, tiles are conserved and every hand ends."""
    from tests.scoring_builders import classic, classic_judge

    rules, judge = classic().play, classic_judge()
    refused = 0
    hands = examples(1500)
    for seed in range(hands):
        rng = random.Random(seed)
        table = Table(rules, judge, seed=seed, east=seed % 4)
        table.begin()
        while table.phase != "over":
            target = rng.randrange(4)
            junk = rng.choice([Discard(rng.randrange(43), rng.random() < 0.1), MahJongg(), Pass(),
                               DeclareKong(rng.randrange(34)),
                               Claim(rng.choice(["chow", "pung", "kong", "mah_jongg"]),
                                     tuple(rng.randrange(34) for _ in range(rng.randint(0, 3))))])
            if junk not in table.legal_actions(target):
                with pytest.raises(IllegalActionError):
                    table.apply(target, junk)
                refused += 1
            seat = table.awaiting()[0]
            table.apply(seat, rng.choice(table.legal_actions(seat)))
        _check_conservation(table, rules)
    assert refused > 6 * hands


OTHER = "2C 2C 8C 8C 3B 3B 7B 7B 4D 4D 6D 6D"  # the discarder's other tiles: nothing to claim or win with


@pytest.mark.parametrize(("hands", "tile", "claims", "expected"), [
    # Mah Jongg with a special hand (Thirteen Odd Majors, farther) beats a nearer Mah Jongg completing a pung.
    ({1: "RD RD 1C 2C 3C 4C 5C 6C 7C 8C 9C 5B 5B", 3: "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD"}, "RD",
     {1: "mah_jongg", 3: "mah_jongg"}, (3, "mah_jongg")),
    # Mah Jongg completing a chow beats a nearer Mah Jongg completing the pair ("with a Double", A10).
    # (Not with 5 Dots: that win is also Picked by the Golden Cock for both.)
    ({1: "1B 2B 3B 4B 5B 6B 7B 8B 9B 1D 2D 3D 4D", 2: "1C 2C 3C 4C 5C 6C 7C 8C 9C 5D 6D WD WD"}, "4D",
     {1: "mah_jongg", 2: "mah_jongg"}, (2, "mah_jongg")),
    # Mah Jongg completing the pair beats a nearer pung.
    ({1: "4D 4D 1C 4C 7C 2B 5B 8B EW SW WW NW RD", 2: "1B 2B 3B 4B 5B 6B 7B 8B 9B 1D 2D 3D 4D"}, "4D",
     {1: "pung 4D 4D", 2: "mah_jongg"}, (2, "mah_jongg")),
    # A kong beats the chow of the player on the left.
    ({1: "3D 4D 1C 4C 7C 2B 5B 8B EW SW WW NW RD", 2: "5D 5D 5D 1C 4C 7C 2B 5B 8B EW SW WW NW"}, "5D",
     {1: "chow 3D 4D", 2: "kong 5D 5D 5D"}, (2, "kong")),
], ids=["special_beats_nearer_pung", "chow_beats_nearer_pair", "pair_beats_nearer_pung", "kong_beats_chow"])
def test_table__classic_precedence_ladder(hands, tile, claims, expected):
    """The classic ladder (L3600-L3612, A10): Mah Jongg with a special hand > with a pung > with a chow > with the
    pair > kong > pung > chow, whoever sits nearer the discarder."""
    from tests.scoring_builders import classic, classic_judge

    seats = {0: f"{tile} {OTHER}", **{s: "1C 4C 7C 2B 5B 8B 3D 6D 9D EW SW WW NW" for s in (1, 2, 3)}, **hands}
    table = rigged_table(seats, "GD", rules=classic().play, judge=classic_judge(), current=0)
    table.discard_count = 8  # not East's first discard, on which any Mah Jongg is a Terrestrial Blessing
    table.apply(0, Discard(t(tile)))
    assert sorted(claims) == [s for s in table.awaiting() if s in claims]
    for seat in table.awaiting():
        kind, *codes = claims.get(seat, "pass").split()
        action = Pass() if kind == "pass" else Claim(kind, tuple(t(c) for c in codes))
        assert action in table.legal_actions(seat), (seat, table.legal_actions(seat))
        events = table.apply(seat, action)
    winner, kind = expected
    if kind == "mah_jongg":
        assert table.result.winner == winner and table.result.from_seat == 0
        assert table.result.shape.special_hand == ("thirteen_odd_majors" if tile == "RD" else None)
    else:
        claimed = [e for e in events if isinstance(e, DiscardClaimed)]
        assert [(e.seat, e.claim) for e in claimed] == [(winner, kind)]


@pytest.mark.parametrize(("drawn", "wins"), [("9D", True), ("9B", False)])
def test_table__self_drawn_special_hand_after_its_waits_were_asked(drawn, wins):
    """The waits the claim check works out while others discard also answer "does the drawn tile win": a ready
    Thirteen Wonderful Lanterns goes out on its missing tile drawn from the wall, and not on another."""
    from tests.scoring_builders import classic, classic_judge

    seats = {0: "2C 3C 4C 5C 6C 7C 2B 3B 4B 6B 6B 6D 7D", 1: "RD GD WD EW SW WW NW 1B 9B 1C 9C 1D 1D",
             2: "1C 4C 7C 2B 5B 8B 3D 6D 9D EW SW WW NW", 3: "1C 4C 7C 2B 5B 8B 3D 6D 9D EW SW WW NW"}
    table = rigged_table(seats, f"5D {drawn}", rules=classic().play, judge=classic_judge(), current=0)
    table.discard_count = 8  # not East's first discard
    table.apply(0, Discard(t("5D")))  # nobody can use it; seat 1's waits were asked for the claim
    assert table.phase == "turn" and table.current == 1 and table.drawn_tile == t(drawn)
    assert (MahJongg() in table.legal_actions(1)) is wins
    if wins:
        table.apply(1, MahJongg())
        assert table.result.shape.special_hand == "thirteen_wonderful_lanterns"
