"""Where only special hands go out (Western (Special Hands Only)) a computer player weighs every special hand all
hand long, so it skips work it has done already: the tiles its chased hand lacks weighed once for every discard
its nearest form has enough of without, its distance remembered while it weighs claims on an unchanged hand, and
the Charleston pass it chooses handed back as the very pass the table offered. Each must answer as the plain way
does: a different answer would change a move."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import engine
from game.ai.engine import EnginePlayer
from game.core.actions import Discard, PassTiles
from game.core.match import Match
from game.core.tiles import counts_of, minus, tile_code
from game.mods import get_ruleset, rules_for
from tests.builders import PEOPLE, chaser, view
from tests.tiers import examples

SPECIALS = get_ruleset("western-specials")
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
