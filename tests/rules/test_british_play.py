"""British club rules in play (issue 6): letting off a cannon (seed 004 L77-L89), the minimum of 2 doubles to go
out (L450) and the goulash hand's wild 2 Bamboo with no chows (L93-L109). Each test plays a rigged hand to the
point a player would notice: who pays whom, a Mah Jongg that is not offered, a wild tile making a pung."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from game.core.actions import Claim, DeclareKong, Discard, MahJongg, Pass, PassTiles
from game.core.events import CannonLetOff, KongRobbed, Settled
from game.core.match import Match
from game.core.melds import parse_meld
from game.core.patterns import Env
from game.core.ruleset import Ruleset
from game.core.scoring import RulesetJudge
from game.core.table import Table
from game.core.tiles import JOKER, parse_tiles
from game.rules import load_ruleset
from tests.builders import rigged_table, t

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = {path.stem: path for path in sorted((ROOT / "mods").glob("*/rulesets/*.yaml"))}
BRITISH = load_ruleset(BUNDLED["british"], parents=BUNDLED)
JUDGE = RulesetJudge(BRITISH)
# Thirteen tiles that claim nothing in these hands and are far from ready.
FILLER = "1C 4C 7C 2D 5D 8D 3B 6B 9B EW SW NW GD"


def _finish(table: Table, ruleset: Ruleset = BRITISH) -> Settled:
    match = Match(ruleset.play, table.judge, 1, east=0)
    match.table = table
    events = match.finish_hand(table)
    return next(e for e in events if isinstance(e, Settled))


def _pass_claims(table: Table) -> None:
    while table.phase == "claims":
        table.apply(table.awaiting()[0], Pass())


def _paid_to(settled: Settled, winner: int) -> dict[int, int]:
    return {frm: amount for frm, to, amount in settled.payments if to == winner}


# -- letting off a cannon (L77-L89) ----------------------------------------------------------------------------

# West shows pungs of Red and Green Dragons and waits on the White Dragon for its pair.
WEST_TWO_DRAGONS = {"hand": "2C 2C 2C 6B 6B 6B WD", "melds": ["RD RD RD", "GD GD GD"]}


def _cannon_table(north: str, draw: str, west: dict | None = None) -> Table:
    west = west or WEST_TWO_DRAGONS
    return rigged_table({0: FILLER, 1: FILLER, 2: west["hand"], 3: north}, draw, rules=BRITISH.play, judge=JUDGE,
                        melds={0: ["5B 5B 5B"], 2: west["melds"]}, current=3)


def test_cannon__the_discarder_pays_the_whole_score_and_the_losers_settle_nothing() -> None:
    """L77-L87: North discards the third Dragon to West, who shows two pungs of Dragons, and West goes out on it.
    North pays West what all three losers owe (East's share double), and East's pung of 5 Bamboo collects
    nothing from the other losers."""
    table = _cannon_table("1B 2B 4C 5C 7D 8D 9D EW SW NW 3B 6B 9C", "WD")
    table.apply(3, Discard(t("WD")))
    events = table.apply(2, Claim("mah_jongg"))
    cannon = next(e for e in events if isinstance(e, CannonLetOff))
    assert (cannon.seat, cannon.winner, cannon.pattern, cannon.no_choice) == (3, 2, "two pungs of Dragons shown",
                                                                             False)
    assert (table.result.liable, table.result.cannon) == (3, "two pungs of Dragons shown")
    # West: 48 points (two exposed dragon pungs 8, two concealed pungs of simples 8, the White pair 2, going out
    # 20, no chows 10) and 3 doubles (two dragon pungs, no chows): 384, which East would pay double.
    assert _finish(table).payments == ((3, 2, 768 + 384 + 384),)


def test_cannon__no_choice_when_waiting_and_every_ready_discard_is_dangerous() -> None:
    """L89: North is waiting to go out and the White Dragon is the only discard that keeps the hand ready, so
    North claims "No choice!": no penalty, everybody pays West and the losers settle as usual."""
    table = _cannon_table("4C 4C 4C 6D 6D 6D 8D 8D 8D 9D 9D 3B 3B", "WD")
    table.apply(3, Discard(t("WD")))
    events = table.apply(2, Claim("mah_jongg"))
    assert next(e for e in events if isinstance(e, CannonLetOff)).no_choice
    assert table.result.liable is None
    settled = _finish(table)
    assert set(_paid_to(settled, 2)) == {0, 1, 3}
    assert any(to != 2 for _frm, to, _amount in settled.payments)  # the losers settled among themselves


def test_cannon__all_sets_of_one_suit_but_not_with_a_dragon_pung_among_them() -> None:
    """L83: three sets shown, all Bamboo, make any other Bamboo dangerous; with a Red Dragon pung among West's
    sets the same Bamboo discard is paid as usual."""
    found = {}
    for melds in (["1B 1B 1B", "5B 5B 5B", "9B 9B 9B"], ["1B 1B 1B", "RD RD RD", "9B 9B 9B"]):
        west = {"hand": "2B 3B 7B 7B", "melds": melds}
        table = _cannon_table("1C 2C 4C 5C 7D 8D 9D EW SW NW 3D 6D 9C", "4B", west)
        table.apply(3, Discard(t("4B")))
        table.apply(2, Claim("mah_jongg"))
        found[melds[1]] = (table.result.liable, set(_paid_to(_finish(table), 2)))
    assert found == {"5B 5B 5B": (3, {3}), "RD RD RD": (None, {0, 1, 3})}


def test_cannon__patterns_are_ruleset_data() -> None:
    """The five patterns of L79-L83 are in british.yaml, each naming what the winner shows."""
    assert [rule.name for rule in BRITISH.penalties.cannon] == [
        "two pungs of Dragons shown", "three sets of Winds shown", "all sets shown are Winds and Dragons",
        "all sets shown are Terminals", "all sets shown are of one suit"]
    winds = BRITISH.penalties.cannon[1]
    three = [parse_meld(m) for m in ("EW EW EW", "SW SW SW", "NW NW NW")]
    assert winds.fires(three, t("WW"), Env()) and not winds.fires(three[:2], t("WW"), Env())
    assert not winds.fires(three, t("RD"), Env())


# -- the minimum to go out (L450) ------------------------------------------------------------------------------

# One chow, pungs of simples, waiting on 9 Characters for a pung of terminals (no double) or on 8 Dots.
NO_DOUBLES = "2C 3C 4C 5D 5D 5D 7B 7B 7B 8D 8D 9C 9C"


def _waiting_south(hand: str, east_discards: str, bonus: str = "") -> Table:
    """South waits with ``hand``; North discards a Green Dragon nobody wants, and East draws ``east_discards``
    and discards it (not East's first discard, which would be Earth's Blessing for South)."""
    table = rigged_table({0: FILLER, 1: hand, 2: FILLER, 3: FILLER}, "GD " + east_discards, rules=BRITISH.play,
                         judge=JUDGE, current=3)
    table.players[1].bonus = parse_tiles(bonus)
    table.apply(3, Discard(t("GD")))
    _pass_claims(table)
    table.apply(0, Discard(t(east_discards)))
    return table


def test_minimum__a_hand_without_two_doubles_is_not_offered_mah_jongg_and_declaring_it_is_a_false_call() -> None:
    """L450, L71: South completes a hand without doubles on East's 9 Characters: Mah Jongg is not offered (only
    the pung), and calling it anyway is a false Mah Jongg paying 250 to each player, 500 to East (T004-06)."""
    table = _waiting_south(NO_DOUBLES, "9C")
    assert Claim("mah_jongg") not in table.legal_actions(1) and Claim("pung", (t("9C"),) * 2) in table.legal_actions(1)
    table.apply(1, Claim("mah_jongg"))
    assert table.result.faulty_out == 1
    assert _finish(table).deltas == (500, -1000, 250, 250)


def test_minimum__flowers_and_seasons_do_not_count_but_dragons_and_no_chows_do() -> None:
    """L450, L463-L471: South's own flower and season (2 doubles in the score) do not make the minimum; a pung of
    Red Dragons with no chows does."""
    table = _waiting_south(NO_DOUBLES, "9C", bonus="F2 S2")
    assert Claim("mah_jongg") not in table.legal_actions(1)
    table = _waiting_south("RD RD RD 5D 5D 5D 7B 7B 7B 8D 8D 9C 9C", "9C")
    assert Claim("mah_jongg") in table.legal_actions(1)


def test_minimum__a_special_hand_goes_out_without_doubles() -> None:
    """L459: "or go out with a special hand": Gertie's Garter completed on a discard is a limit hand."""
    table = _waiting_south("1B 2B 3B 4B 5B 6B 7B 1C 2C 3C 4C 5C 6C", "7C")
    assert Claim("mah_jongg") in table.legal_actions(1)
    table.apply(1, Claim("mah_jongg"))
    assert _paid_to(_finish(table), 1) == {0: 1000, 2: 500, 3: 500}


# -- the goulash hand (L93-L109) --------------------------------------------------------------------------------

def _goulash_table(hands: dict[int, str], draws: str, current: int, seed: int = 5) -> Table:
    """A goulash hand after its three passes, with rigged hands; the seat before ``current`` has just passed."""
    table = Table(BRITISH.play, JUDGE, seed, goulash=True)
    while table.phase == "passing":
        for seat in table.awaiting():
            table.apply(seat, table.legal_actions(seat)[0])
    for seat, codes in hands.items():
        table.players[seat].concealed = parse_tiles(codes)
        table.players[seat].bonus = []
    for position, tile in zip(list(table.wall.live), parse_tiles(draws), strict=False):
        table.wall.tiles[position] = tile
    table.begun, table.phase = True, "claims"
    table._next_turn((current - 1) % 4)
    return table


def _all_tiles(table: Table) -> list[int]:
    return [*table.wall.remaining_tiles(), *(x for p in table.players for x in (*p.concealed, *p.bonus))]


def test_goulash__the_four_2_bamboo_are_wild_in_that_hand_only() -> None:
    """L99, A-004-9: in the goulash hand the four 2 Bamboo are the wild tiles; in the next ordinary hand they
    are 2 Bamboo again."""
    goulash = Table(BRITISH.play, JUDGE, 11, goulash=True)
    normal = Table(BRITISH.play, JUDGE, 11)
    assert _all_tiles(goulash).count(JOKER) == 4 and t("2B") not in _all_tiles(goulash)
    assert _all_tiles(normal).count(t("2B")) == 4 and JOKER not in _all_tiles(normal)
    assert all(JOKER not in action.tiles for action in goulash.legal_actions(0) if isinstance(action, PassTiles))


def test_goulash__every_seat_sees_that_the_hand_is_a_goulash() -> None:
    """Computer players read their hands by it: no chows and wild tiles (L99-L107)."""
    assert all(Table(BRITISH.play, JUDGE, 11, goulash=True).view(seat).goulash for seat in range(4))
    assert not any(Table(BRITISH.play, JUDGE, 11).view(seat).goulash for seat in range(4))


def test_goulash__a_wild_2_bamboo_completes_a_pung_and_the_hand_goes_out_and_is_paid() -> None:
    """L99: South holds a Red Dragon and a wild tile: East's Red Dragon makes the pung. Later a wild tile stands
    in South's pung of Green Dragons and South goes out; the wild sets score as the tiles they stand for."""
    south = "RD JK GD GD JK 7C 7C 7C 9B 9B 9B 4D 1C"
    table = _goulash_table({0: "RD " + " ".join(FILLER.split()[:12]), 1: south, 2: FILLER, 3: FILLER}, "3D 4D",
                           current=0)
    table.apply(0, Discard(t("RD")))
    assert Claim("pung", (t("RD"), JOKER)) in table.legal_actions(1)
    table.apply(1, Claim("pung", (t("RD"), JOKER)))
    assert [m.tiles for m in table.players[1].melds] == [(t("RD"), t("RD"), JOKER)]
    table.apply(1, Discard(t("1C")))
    _pass_claims(table)
    table.apply(2, Discard(t("4D")))
    for seat in table.awaiting():
        table.apply(seat, Claim("mah_jongg") if seat == 1 else Pass())
    assert table.result.winner == 1
    # 54 points (the Red pung 4, the concealed Green pung 8, 7 Characters 4, 9 Bamboo 8, going out 20, no chows
    # 10) and 3 doubles (two dragon pungs, no chows): 432, East paying double.
    assert _paid_to(_finish(table), 1) == {0: 864, 2: 432, 3: 432}


def test_goulash__no_chows_except_in_a_special_hand() -> None:
    """L107: in the goulash hand South cannot chow East's discard, and a hand with a chow does not go out; in an
    ordinary hand the same chow is offered."""
    hands = {0: "5D " + " ".join(FILLER.split()[:12]), 1: "3D 4D RD RD RD GD GD GD 7C 7C 7C 9B 9B", 2: FILLER,
             3: FILLER}
    goulash = _goulash_table(hands, "3B", current=0)
    goulash.apply(0, Discard(t("5D")))
    assert not any(isinstance(a, Claim) and a.type == "chow" for a in goulash.legal_actions(1))
    assert Claim("mah_jongg") not in goulash.legal_actions(1)
    normal = rigged_table(hands, "3B", rules=BRITISH.play, judge=JUDGE, current=0)
    normal.apply(0, Discard(t("5D")))
    assert {Claim("chow", (t("3D"), t("4D"))), Claim("mah_jongg")} <= set(normal.legal_actions(1))


def test_goulash__a_special_hand_with_chows_still_goes_out() -> None:
    """L107-L109: Chow Mein (7, 8, 9 of each suit and the winds) is a limit hand: its chows are allowed."""
    hand = "7B 8B 9B 7C 8C 9C 7D 8D 9D EW SW WW NW"
    goulash = _goulash_table({0: "EW " + " ".join(FILLER.split()[1:]), 1: hand, 2: FILLER, 3: FILLER}, "3B",
                             current=0)
    goulash.apply(0, Discard(t("EW")))
    assert Claim("mah_jongg") in goulash.legal_actions(1)


# -- what the players are told, and the goulash in a replay ----------------------------------------------------

def test_cannon__the_score_box_says_who_pays_for_everybody_and_why() -> None:
    """The score box's band names the cannon's discarder and the pattern, or "No choice"; a Four Winds nine
    tiles error is told the same way where that ruleset has the penalty."""
    from game.client.messages import describe, pays_for_all

    names = ["You", "Eric", "Ann", "Joe"]
    table = _cannon_table("1B 2B 4C 5C 7D 8D 9D EW SW NW 3B 6B 9C", "WD")
    table.apply(3, Discard(t("WD")))
    events = table.apply(2, Claim("mah_jongg"))
    assert pays_for_all(table.result, names, BRITISH.penalties) == (
        "Joe let off a cannon (two pungs of Dragons shown) and pays for everybody.")
    assert "Joe let off a cannon" in [describe(e, names) for e in events][-1]
    table = _cannon_table("4C 4C 4C 6D 6D 6D 8D 8D 8D 9D 9D 3B 3B", "WD")
    table.apply(3, Discard(t("WD")))
    table.apply(2, Claim("mah_jongg"))
    assert pays_for_all(table.result, names, BRITISH.penalties).endswith("with no choice: everybody pays.")


def test_cannon__the_score_box_says_it_in_the_players_language_and_person() -> None:
    """The cannon's line is one sentence for you and one for another player in each language, with the
    pattern's name from the British mod's catalog: "Du hast eine Kanone abgefeuert (…) und zahlst für alle"."""
    from game import i18n
    from game.client.messages import describe, pays_for_all
    from game.mods import get_ruleset

    get_ruleset("british")  # the bundled mods read, their catalogs registered
    table = _cannon_table("1B 2B 4C 5C 7D 8D 9D EW SW NW 3B 6B 9C", "WD")
    table.apply(3, Discard(t("WD")))
    events = table.apply(2, Claim("mah_jongg"))
    said = {}
    for code, you in (("en", "You"), ("de", "Du")):
        i18n.set_language(code)
        try:
            said[code] = (pays_for_all(table.result, ["Eric", "Ann", "Joe", you], BRITISH.penalties),
                          pays_for_all(table.result, ["You", "Eric", "Ann", "Joe"], BRITISH.penalties),
                          next(describe(e, ["You", "Eric", "Ann", "Joe"]) for e in events
                               if isinstance(e, CannonLetOff)))
        finally:
            i18n.set_language("en")
    assert said["en"] == ("You let off a cannon (two pungs of Dragons shown) and pay for everybody.",
                          "Joe let off a cannon (two pungs of Dragons shown) and pays for everybody.",
                          "Joe let off a cannon (two pungs of Dragons shown)")
    assert said["de"] == ("Du hast eine Kanone abgefeuert (zwei Pungs Drachen ausgelegt) und zahlst für alle.",
                          "Joe hat eine Kanone abgefeuert (zwei Pungs Drachen ausgelegt) und zahlt für alle.",
                          "Joe hat eine Kanone abgefeuert (zwei Pungs Drachen ausgelegt)")


def test_goulash__a_played_goulash_hand_replays_with_its_passes_and_wild_tiles() -> None:
    """After a wash-out the match records the goulash hand as one, and the replay deals it with its passes and
    wild tiles: the same hand, event for event."""
    import random
    from types import SimpleNamespace

    from game.autoplay import create_player, play_hand
    from game.client.scenes.replay import hand_table
    from game.core.events import log_hash

    match = Match(BRITISH.play, JUDGE, 4)
    players = [create_player("greedy", random.Random(seat), BRITISH) for seat in range(4)]
    while not any(record.goulash for record in match.history):
        table = match.new_hand()
        play_hand(table, players)
        match.finish_hand(table)
        assert len(match.history) < 40
    index = next(i for i, record in enumerate(match.history) if record.goulash)
    record = match.history[index]
    session = SimpleNamespace(match=match, rules=BRITISH.play, judge=JUDGE)
    replayed, _last = hand_table(session, index, len(record.actions))
    assert replayed.goulash and replayed.phase == "over"
    assert log_hash(replayed.events) == record.log_hash


def test_rules_page__tells_the_minimum_the_cannon_and_the_goulash() -> None:
    """The Rules page of the British ruleset says what a club player needs to know of these rules."""
    from game.client.rules_text import play_sections, settlement_lines

    lines = settlement_lines(BRITISH)
    assert any(line.startswith("Going out needs at least 2 doubles (not counting Own Season") for line in lines)
    assert any(line.startswith("Letting off a cannon") and "two pungs of Dragons shown" in line for line in lines)
    moments = dict(play_sections(BRITISH.play))["Special moments"]
    assert any("the four 2 Bamboo are wild" in rule.text and "no chows except in a special hand" in rule.text
               for rule in moments)


def test_ruleset_schema__refuses_a_cannon_without_its_discard_or_a_wild_tile_that_is_no_tile(tmp_path: Path) -> None:
    """A club writing its own cannon patterns is told what is wrong, at the line: a pattern needs 'discard', a
    discard's suit variable must come from 'shown', the wild tile must be a suit or honour tile, and the minimum
    may not skip a scoring line the ruleset does not have."""
    import pytest

    from game.errors import RulesetError

    path = tmp_path / "club.yaml"
    path.write_text("""format: 1
id: club
extends: british
name: Club
play:
  goulash_wild: 2X
min_doubles_not_counting: [no_such_line]
penalties:
  cannon:
    - {name: any suit tile, shown: dragon, sets: 2, discard: {suit: s}}
""", encoding="utf-8")
    with pytest.raises(RulesetError) as found:
        load_ruleset(path, parents=BUNDLED)
    message = str(found.value)
    assert ("club.yaml:6:3: play.goulash_wild: expected the code of a suit or honour tile such as 2B, got '2X'"
            in message)
    assert "no_such_line" in message and "not used in 'shown'" in message
    path.write_text(path.read_text(encoding="utf-8").replace(", discard: {suit: s}", ""), encoding="utf-8")
    with pytest.raises(RulesetError, match="discard"):
        load_ruleset(path, parents=BUNDLED)


# -- robbing a kong formed from a drawn tile (R26, A-004-13) -----------------------------------------------------

# West shows two pungs of Dragons and waits on the 8 Dots for its pair; North holds three 8 Dots.
WEST_WAITS_ON_8D = {0: FILLER, 1: FILLER, 2: "2C 2C 2C 6B 6B 6B 8D", 3: "8D 8D 8D 1C 4C 7C 2B 5B 9B EW SW NW GD"}


def _north_declares_concealed_kong_of_8d(rules=BRITISH.play) -> Table:
    table = rigged_table(WEST_WAITS_ON_8D, "8D 3D", rules=rules, judge=JUDGE,
                         melds={2: ["RD RD RD", "WD WD WD"]}, current=3)
    table.apply(3, DeclareKong(t("8D")))
    return table


def test_rob_kong__a_concealed_kong_formed_from_a_drawn_tile_can_be_robbed() -> None:
    """R26: North draws the fourth 8 Dots and declares a concealed kong; West, waiting on the 8 Dots, robs it and
    goes out ("Snatching a Kong", 1 double); North keeps three 8 Dots in hand and draws no loose tile."""
    table = _north_declares_concealed_kong_of_8d()
    assert table.phase == "rob" and table.legal_actions(2) == [MahJongg(), Pass()]
    events = table.apply(2, MahJongg())
    assert any(isinstance(e, KongRobbed) and (e.seat, e.from_seat, e.tile) == (2, 3, t("8D")) for e in events)
    assert (table.result.winner, table.result.won_by, table.result.from_seat) == (2, "robbed_kong", 3)
    assert table.players[3].concealed.count(t("8D")) == 3 and not table.players[3].melds
    scored = JUDGE.score(table.hand_spec(2), table.result.context)
    assert "Snatching a Kong to Go Mah-Jong" in {item.name for item in scored.items}


def test_rob_kong__a_concealed_kong_nobody_robs_is_made_and_a_rule_without_it_never_asks() -> None:
    """Let pass, the kong is laid down concealed and North draws its loose tile; where only a promoted pung may be
    robbed (the Four Winds reading), West is never asked."""
    table = _north_declares_concealed_kong_of_8d()
    table.apply(2, Pass())
    assert table.players[3].melds[0].tiles == (t("8D"),) * 4 and not table.players[3].melds[0].exposed
    assert table.phase == "turn" and table.current == 3
    strict = _north_declares_concealed_kong_of_8d(dataclasses.replace(BRITISH.play, rob_concealed_kong=False))
    assert strict.phase == "turn" and strict.players[3].melds[0].tiles == (t("8D"),) * 4
