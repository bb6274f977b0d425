"""Routes to a minimum of doubles (British: 2 to go out): read from the ruleset's scoring lines, each a constraint
on the final hand with a distance; computer players discard toward the nearest route and claim only what keeps
one in reach."""

from __future__ import annotations

import dataclasses
import random

from game.ai.engine import EnginePlayer
from game.ai.routes import routes
from game.core.actions import Claim, Discard, Pass
from game.core.melds import parse_meld
from game.core.patterns import Env
from game.core.tiles import counts_of, parse_tiles
from game.mods import get_ruleset
from tests.builders import PEOPLE, discards_of, t, view

TOURNAMENT = get_ruleset("british-tournament")
SOUTH_IN_EAST = Env(1, 0)


def _sources(env: Env = SOUTH_IN_EAST, ruleset=TOURNAMENT) -> set[tuple[str, ...]]:
    return {r.sources for r in routes(ruleset, env)}


def test_routes__the_doubles_of_the_score_table_that_reach_the_minimum():
    found = _sources()
    dragon, east, south = f"pung:{t('RD')}", f"pung:{t('EW')}", f"pung:{t('SW')}"
    assert (dragon, f"pung:{t('GD')}") in found  # two dragon pungs
    assert (east, south) in found  # the round's wind and the own wind
    assert (dragon, "no_chows_double") in found
    assert (dragon, "one_suit_with_honours") in found
    assert ("all_simples", "no_chows_double") in found
    assert ("one_suit",) in found  # 3 doubles alone
    assert all("concealed_hand" not in r for r in found)  # a double of luck (self-drawn) makes no route
    # The seasons and flowers do not count toward the minimum; All Simples in one suit is One Suit.
    assert all("own_flower_or_season" not in r for r in _sources(ruleset=get_ruleset("british")))
    assert ("one_suit_with_honours", "all_simples") not in found


def test_routes__an_own_wind_that_is_the_round_wind_is_two_doubles_alone():
    assert (f"pung:{t('EW')}",) in _sources(Env(0, 0))


def test_routes__read_from_the_rules_not_the_ruleset_id():
    """A mod ruleset with a minimum gets routes; the same rules without one get none."""
    classic = get_ruleset("classic")
    assert routes(classic, SOUTH_IN_EAST) == ()
    minimum = dataclasses.replace(classic, min_doubles=2)
    assert (f"pung:{t('RD')}", f"pung:{t('GD')}") in {r.sources for r in routes(minimum, SOUTH_IN_EAST)}


def _route(*sources: str):
    return next(r for r in routes(TOURNAMENT, SOUTH_IN_EAST) if r.sources == sources)


def test_missing__the_pungs_a_route_needs_and_the_tiles_it_allows():
    hand = counts_of(parse_tiles("RD RD RD GD GD 2B 3B 4B 6C 6C 8D 8D 1C"))
    live = [4 - n for n in hand]
    dragons = _route(f"pung:{t('RD')}", f"pung:{t('GD')}")
    assert dragons.missing(hand, (), live, 1) == 2  # a Green Dragon and a pair (6 Characters or 8 Dots)
    simples = _route("all_simples", "no_chows_double")
    # Without the dragons or the chow: 6C and 8D pungs to make, two more sets from nothing: many tiles.
    assert simples.missing(hand, (), live, 1) > dragons.missing(hand, (), live, 1)


def test_missing__a_pung_with_too_few_copies_left_is_out_of_reach():
    hand = counts_of(parse_tiles("RD RD RD GD 2B 3B 4B 6C 6C 8D 8D 1C 1C"))
    live = [4 - n for n in hand]
    live[t("GD")] = 1  # two Green Dragons already thrown
    assert _route(f"pung:{t('RD')}", f"pung:{t('GD')}").missing(hand, (), live, 1) is None


def test_missing__a_declared_set_breaks_the_routes_it_does_not_fit():
    hand = counts_of(parse_tiles("RD RD RD 5C 5C 5C 7D 8D GD GD"))
    live = [4 - n for n in hand]
    chow = (parse_meld("2B 3B 4B"),)
    assert _route(f"pung:{t('RD')}", "no_chows_double").missing(hand, chow, live, 1) is None
    assert _route(f"pung:{t('RD')}", f"pung:{t('GD')}").missing(hand, chow, live, 1) == 2


def _expert() -> EnginePlayer:
    return EnginePlayer(PEOPLE["expert"], random.Random(1), TOURNAMENT)


def test_decide__discards_toward_the_second_double():
    """A pung shown (no concealed hand): Red Dragons are one double. Keeping the Green Dragon pair keeps a second
    dragon pung in reach; throwing a pung or the pair leaves a hand that cannot reach two doubles as near."""
    shown = (parse_meld("2B 2B 2B"),)
    hand = "RD RD RD 5C 5C 5C 7D 8D GD GD NW"
    player = _expert()
    choice = player.decide(view(hand, melds=shown, seat=1, current=1), discards_of(hand))
    assert choice == Discard(t("NW"))
    options = {o.action.tile: o for o in player._score_discards(
        view(hand, melds=shown, seat=1, current=1), discards_of(hand), counts_of(parse_tiles(hand)), 1, shown)}
    assert options[t("NW")].speed == 1  # a Green Dragon, then a wait on 7 or 8 Dots for the pair
    assert options[t("GD")].speed == 2


def _chow_offer(hand: str, shown: tuple, tile: str, chow: tuple[str, str]):
    v = view(hand, melds=shown, seat=1, phase="claims", current=0, last_discard=(0, t(tile)))
    return v, [Claim("chow", (t(chow[0]), t(chow[1]))), Pass()]


def test_claim__a_chow_that_breaks_the_only_near_route_is_declined():
    """All Simples and No Chows is the route in reach (a simple pung shown, simple pungs and pairs in hand);
    a chow would leave no route near at all."""
    shown = (parse_meld("2B 2B 2B"),)
    v, legal = _chow_offer("3C 3C 3C 5D 5D 5D 8D 8D 4C 5C", shown, "6C", ("4C", "5C"))
    assert _expert().decide(v, legal) == Pass()


def test_claim__a_chow_the_route_allows_is_claimed():
    """Red Dragons shown and Green Dragons held: two doubles whatever the rest, so a chow that makes the hand
    ready is taken."""
    shown = (parse_meld("RD RD RD"),)
    v, legal = _chow_offer("GD GD GD 4C 5C 9D 9D 1B 1B 7B", shown, "6C", ("4C", "5C"))
    assert _expert().decide(v, legal) == Claim("chow", (t("4C"), t("5C")))


def test_decide__a_slip_under_a_minimum_keeps_the_hand_as_near():
    """The beginner's mistakes and the scatterbrain's careless tiles take another discard only among those that
    keep the hand as near its doubles: never a Red or Green Dragon of the hand above."""
    shown = (parse_meld("2B 2B 2B"),)
    hand = "RD RD RD 5C 5C 5C 7D 8D GD GD NW"
    for pid in ("beginner", "scatterbrain"):
        picks = {EnginePlayer(PEOPLE[pid], random.Random(seed), TOURNAMENT)
                 .decide(view(hand, melds=shown, seat=1, current=1), discards_of(hand)).tile for seed in range(60)}
        assert len(picks) > 1, pid  # it does slip
        assert not picks & {t("RD"), t("GD")}, pid
