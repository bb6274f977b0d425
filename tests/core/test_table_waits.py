"""The table's remembered waits: each seat's answers are kept only while its hand is unchanged, so a claim, a kong,
a flower's replacement or a joker drawn never leaves a stale "this discard wins" (or "it does not") behind."""

import random

import pytest

from game.ai import create_player
from game.autoplay import play_hand
from game.core.actions import Claim, DeclareKong, Discard, MahJongg, Pass
from game.core.table import Table
from game.core.tiles import NUM_KINDS
from game.mods import rules_for
from tests.builders import rigged_table, t
from tests.tiers import examples

FILLER = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"  # no chow, pung or win with the test tiles


def _pass_all(table):
    while table.phase == "claims" and table.awaiting():
        table.apply(table.awaiting()[0], Pass())


def test_table_waits__a_claimed_pung_changes_which_discards_go_out():
    """Waiting on 5D or EW, seat 1 pungs a 5D instead of going out and lets an EW go: a second 5D no longer wins
    (its answer was "yes" a moment ago) and an EW, its single wait now, still does."""
    table = rigged_table({0: "5D " + " ".join(FILLER.split()[:12]),
                          1: "1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW 5D 5D",
                          2: "5D 2B 8B 3C 7C SW SW WW WW RD GD GD RD",
                          3: FILLER}, "WD 3B NW", current=0)
    table.apply(0, Discard(t("WD")))
    _pass_all(table)
    table.apply(1, Discard(t("3B")))  # drew 3B
    _pass_all(table)
    table.apply(2, Discard(t("NW")))  # drew NW
    _pass_all(table)
    table.apply(3, Discard(t("NW")))
    _pass_all(table)
    table.apply(0, Discard(t("5D")))
    assert Claim("mah_jongg") in table.legal_actions(1)
    table.apply(1, Claim("pung", (t("5D"), t("5D"))))
    _pass_all(table)
    assert table.current == 1 and table.players[1].melds[-1].tile == t("5D")
    table.apply(1, Discard(t("EW")))  # left: 1B 2B 3B 4C 5C 6C 7D 8D 9D EW, waiting on EW alone
    _pass_all(table)
    table.apply(2, Discard(t("5D")))
    assert 1 not in table.awaiting()
    _pass_all(table)
    table.apply(3, Discard(t("EW")))
    assert Claim("mah_jongg") in table.legal_actions(1)


@pytest.mark.parametrize("ruleset_id", ["western-specials", "classic", "british"])
def test_table_waits__every_discard_asked_of_the_hand_as_it_is_now(ruleset_id):
    """Over whole hands of experts (claims, kongs, flowers and jokers among them), whether each discard would let
    each other seat go out agrees with a judge that has seen none of the hand before, and so does the drawn tile
    for the seat that drew it (its waits asked of the hand without it, Mah Jongg offered when it wins)."""
    ruleset, judge = rules_for(ruleset_id)
    fresh_judge = rules_for(ruleset_id)[1]
    fresh = fresh_judge.waits
    checked = 0

    def check(table: Table, seat: int, tile: int, held: tuple) -> None:
        nonlocal checked
        spec = table.hand_spec(seat)
        spec = type(spec)(held, spec.melds, spec.bonus, spec.seat_wind, spec.round_wind)
        assert table._completes(seat, held, tile) == (tile in fresh(spec)), (seat, tile, spec)
        checked += 1

    for seed in range(examples(6)):
        rng = random.Random(seed)
        players = [create_player("expert", rng=random.Random(rng.getrandbits(32)), ruleset=ruleset)
                   for _ in range(4)]
        table = Table(ruleset.play, judge, seed=seed, east=seed % 4)

        def on_step(seat, action, table=table):
            if table.phase == "claims" and table.last_discard is not None:
                discarder, tile = table.last_discard
                for other in table.playing_order(discarder)[1:]:
                    check(table, other, tile, tuple(table.players[other].concealed))
            if table.phase == "turn" and table.drawn_tile is not None and table.drawn_tile < NUM_KINDS:
                current = table.current
                held = table.players[current].concealed
                if held and held[-1] == table.drawn_tile:
                    check(table, current, held[-1], tuple(held[:-1]))
                wins = fresh_judge.mah_jongg(table.hand_spec(current), table._self_drawn_context(current))
                assert (MahJongg() in table.legal_actions(current)) is (wins is not None and table.may_go_out(current))

        play_hand(table, players, on_step=on_step)
    assert checked > 100


@pytest.mark.parametrize(("hand", "melds", "drawn", "wins"), [
    ("1B 8B 6B 1B 1C 8C 6C NW NW JK SW SW SW", [], "5C", True),  # Civil War, a joker in the North pong
    ("1B 8B 6B 1B 1C 8C 6C NW NW JK SW SW SW", [], "7C", False),
    ("5C 5C 5C 5D JK JK EW EW EW RD", ["5B 5B JK"], "RD", True),  # Numbers Racket beside an exposed pong
    ("5C 5C 5C 5D JK JK EW EW EW RD", ["5B 5B JK"], "GD", False),
])
def test_table_waits__a_hand_with_jokers_goes_out_on_the_tile_it_draws(hand, melds, drawn, wins):
    """A hand with jokers is offered Mah Jongg on a drawn tile that completes a special hand, and only then (its
    waits are tried as discards, so the draw gets the quick tests alone before the full one)."""
    ruleset, judge = rules_for("western-specials")
    table = rigged_table({0: hand, 1: FILLER, 2: FILLER, 3: FILLER}, drawn, rules=ruleset.play, judge=judge,
                         melds={0: melds}, current=0)
    assert table.drawn_tile == t(drawn)
    assert (MahJongg() in table.legal_actions(0)) is wins


def test_table_waits__a_kong_is_robbed_by_the_hand_as_it_is_now():
    """Seat 3 was asked about the 9D that seat 0 punged when it could not go out on it; it has since become ready
    on 6D or 9D, so the fourth 9D added to that pung may be robbed."""
    table = rigged_table({0: "9D 9D 2C 3C 4C 6D 6D 1D 2D 3D EW SW WW",
                          1: FILLER,
                          2: "9D 1C 9C 9C EW EW SW SW WW WW NW RD GD",
                          3: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 8D RD GD"}, "NW WD WD RD 9D", current=2)
    table.apply(2, Discard(t("9D")))
    assert Claim("mah_jongg") not in table.legal_actions(3)
    table.apply(0, Claim("pung", (t("9D"), t("9D"))))
    _pass_all(table)
    table.apply(0, Discard(t("EW")))
    _pass_all(table)
    table.apply(1, Discard(t("WD")))
    _pass_all(table)
    table.apply(2, Discard(t("WD")))
    _pass_all(table)
    table.apply(3, Discard(t("GD")))  # drew RD: ready on 6D or 9D
    _pass_all(table)
    assert table.current == 0 and table.drawn_tile == t("9D")
    table.apply(0, DeclareKong(t("9D")))
    assert table.phase == "rob" and MahJongg() in table.legal_actions(3)
