"""Where only special hands go out (Western (Special Hands Only)) a computer player weighs every special hand all
hand long, so it skips work it has done already: the tiles its chased hand lacks weighed once for every discard
its nearest form has enough of without, its distance remembered while it weighs claims on an unchanged hand, and
the Charleston pass it chooses handed back as the very pass the table offered. Each must answer as the plain way
does: a different answer would change a move."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import engine
from game.ai.engine import EnginePlayer
from game.core.actions import Discard, PassTiles
from game.core.match import Match
from game.core.melds import Meld, MeldKind
from game.core.patterns import Env
from game.core.special_distance import _pattern_data
from game.core.tiles import NUM_KINDS, counts_of, minus, tile_code
from game.mods import get_ruleset, rules_for
from tests.builders import PEOPLE, chaser, view
from tests.tiers import examples

SPECIALS = get_ruleset("western-specials")
SPECIALS_SHAPED = tuple(h for h in SPECIALS.special_hands if h.allowed and h.has_shape)
WALL = [t for t in range(34) for _ in range(4)]
CHASED = ("dragons_tail_exposed", "heavenly_gates_exposed", "all_honors", "big_three_dragons", "knitting",
          "numbers_racket", "gerties_garter", "windy_chows")


@settings(max_examples=examples(60), deadline=None)
@given(tiles=st.permutations(WALL).map(lambda w: sorted(w[:14])), hand_id=st.sampled_from(CHASED),
       best=st.integers(min_value=0, max_value=8))
def test_score_discards__each_discard_weighs_the_tiles_its_own_form_lacks(tiles, hand_id, best):
    player = chaser(SPECIALS, "expert", hand_id, best)
    counts = counts_of(tiles)
    v = view(" ".join(tile_code(t) for t in tiles))
    discards = [Discard(t) for t in sorted(set(tiles))]
    options = player._score_discards(v, discards, counts, 0, ())
    speeds = player._after_discards(counts, 0, (), v, budget=player._budget(500))
    fastest = min(speed for speed, _ in speeds.values())
    live = v.unseen_counts()
    for option in options:
        speed, target = speeds[option.action.tile]
        plain = 0.0
        if target is not None and speed <= fastest + 1:
            plain = player._plan_acceptance(minus(counts, option.action.tile), target, live)
        assert option.useful == plain, (option.action.tile, option.useful, plain)


def test_plan_target__an_unchanged_hand_is_not_weighed_again(monkeypatch):
    player = chaser(SPECIALS, "expert", "dragons_tail_exposed", 3)
    hand = [0, 1, 2, 9, 10, 11, 31, 31, 32, 32, 33, 27, 28]
    changed = sorted([*hand[:-1], 29])
    v = view(" ".join(tile_code(t) for t in hand))
    calls = []
    plain = engine.special_target

    def counted(*args, **kwargs):
        calls.append(args[1])
        return plain(*args, **kwargs)

    monkeypatch.setattr(engine, "special_target", counted)
    first = player._plan_target(counts_of(hand), 0, (), v)
    assert player._plan_target(counts_of(hand), 0, (), v) == first  # (a claim weighed on the next discard)
    assert len(calls) == 1
    # Another hand, or the same one with a jokers count or reach of its own, is weighed afresh, as the plain way.
    fresh = chaser(SPECIALS, "expert", "dragons_tail_exposed", 3)
    assert player._plan_target(counts_of(changed), 0, (), v) == fresh._plan_target(counts_of(changed), 0, (), v)
    assert player._plan_target(counts_of(hand), 0, (), v, jokers=1) == fresh._plan_target(
        counts_of(hand), 0, (), v, jokers=1)
    player._plan.best = 0
    fresh._plan.best = 0
    assert player._plan_target(counts_of(hand), 0, (), v) == fresh._plan_target(counts_of(hand), 0, (), v)
    assert len(calls) == 1 + 3 * 2  # (each of the three: this player's and the fresh one's)


def test_charleston__the_pass_chosen_is_the_one_offered_and_the_offers_follow_the_tiles():
    ruleset, judge = rules_for("western-specials")
    table = Match(ruleset.play, judge, 11).new_hand()
    players = [EnginePlayer(PEOPLE["expert"], random.Random(seat), ruleset) for seat in range(4)]
    steps = 0
    while table.phase == "passing":
        for seat in table.awaiting():
            legal = table.legal_actions(seat)
            assert legal == table.legal_actions(seat) and legal is not table.legal_actions(seat)
            passable = sorted(t for t in table.players[seat].concealed if t < 34)
            for option in legal:
                assert isinstance(option, PassTiles)
                kept = list(passable)
                for x in option.tiles:
                    kept.remove(x)  # each offer is of tiles held now, not of a hand before the last exchange
            action = players[seat].decide(table.view(seat), legal)
            # The table finds an offered pass by identity; an equal copy would be compared with every offer.
            assert any(a is action for a in legal)
            table.apply(seat, action)
        steps += 1
    assert steps >= 3


@settings(max_examples=examples(60), deadline=None)
@given(tiles=st.permutations(WALL).map(lambda w: sorted(w[:14])), jokers=st.integers(0, 2),
       seat_wind=st.integers(0, 3), nearest=st.sampled_from((0, 2, 4, 99)), declared=st.booleans(),
       every=st.booleans())
def test_likeliest__a_hand_counted_whole_is_left_out_as_special_target_would_leave_it(
        tiles, jokers, seat_wind, nearest, declared, every):
    counts = counts_of(tiles[:14 - jokers - 3 * declared])
    melds = (Meld(MeldKind.PUNG, (tiles[-1],) * 3, True, claimed_tile=tiles[-1]),) if declared else ()
    v = dataclasses.replace(view(" ".join(tile_code(t) for t in tiles)), seat_wind=seat_wind)
    hands = SPECIALS_SHAPED if every else SPECIALS_SHAPED[seat_wind % 2::2]
    player = EnginePlayer(PEOPLE["expert"], random.Random(1), SPECIALS)
    plain = EnginePlayer(PEOPLE["expert"], random.Random(1), SPECIALS)
    player._jokers = plain._jokers = jokers
    asked = []
    ask = engine.special_target

    def counted(hand, *args, **kwargs):
        asked.append(hand.id)
        return ask(hand, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine, "special_target", counted)
        found = player._likeliest(v, counts, melds, hands, nearest)
        shortcut = len(asked)
        # The plain way: a form no batch counted in every hand, so each is asked of special_target.
        patch.setattr(plain, "_allowed_forms", lambda env: {h.id: (-1,) for h in SPECIALS_SHAPED})
        assert plain._likeliest(v, counts, melds, hands, nearest) == found
    assert len(asked) - shortcut == len(hands)
    assert shortcut < len(hands)  # (most hands are counted whole and out of reach)


def test_counted_instantiation__its_tiles_read_from_the_packed_listing():
    leaves = _pattern_data(next(h for h in SPECIALS_SHAPED if h.id == "windy_chows").forms[0]).counter._listed(
        Env()).exact
    size = NUM_KINDS * 8
    for n in (0, 1, leaves.count // 2, leaves.count - 1):
        assert leaves.want(n) == tuple((leaves.needs >> (size * n) & ((1 << size) - 1)).to_bytes(NUM_KINDS, "little"))
