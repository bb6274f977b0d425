"""A player that always takes its best scored discard (no slips, no folding, no look-ahead) weighs only the discards
that may come out best: their useful tiles are first counted at most, and worked out only while a discard may still
beat the best scored in full. It must choose exactly what weighing every discard in full chooses, with the same
scores for the discards it keeps."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.engine import EnginePlayer
from game.cli.simulate import simulate
from game.core.actions import Discard
from game.core.tiles import NUM_KINDS, counts_of, tile_code
from game.mods import get_ruleset
from tests.builders import PEOPLE, view
from tests.tiers import examples


def _top(options):
    return min(options, key=lambda o: (-o.score, o.action.tile))


_SCORE_DISCARDS = EnginePlayer._score_discards


def _agrees(player: EnginePlayer, v, discards, counts, n_melds, melds) -> bool:
    full = _SCORE_DISCARDS(player, v, discards, counts, n_melds, melds)
    kept = _SCORE_DISCARDS(player, v, discards, counts, n_melds, melds, best_only=True)
    scores = {o.action: o for o in full}
    return _top(kept) == _top(full) and all(option == scores[option.action] for option in kept)


@pytest.mark.parametrize("ruleset_id", ["british", "classic", "british-tournament"])
def test_best_only__four_experts_choose_as_weighing_every_discard_would(monkeypatch, ruleset_id):
    weighed = []

    def both(self, v, discards, counts, n_melds, melds, best_only=False):
        # (the simulation counts an error and plays on: the answers are kept and looked at after)
        weighed.append((best_only, _agrees(self, v, discards, counts, n_melds, melds)))
        return _SCORE_DISCARDS(self, v, discards, counts, n_melds, melds, best_only)

    monkeypatch.setattr(EnginePlayer, "_score_discards", both)
    assert simulate(ruleset_id, 4, 17, ["expert"] * 4)["errors"] == 0
    assert len(weighed) > 100
    assert all(best_only and same for best_only, same in weighed)  # every turn took the shortcut, and agreed


_WALL = [t for t in range(NUM_KINDS) for _ in range(4)]


@settings(max_examples=examples(150), deadline=None)
@given(data=st.data(), ruleset_id=st.sampled_from(["british", "classic"]))
def test_best_only__a_dealt_position_with_threats_in_sight_gets_the_same_choice(data, ruleset_id):
    picks = data.draw(st.permutations(range(len(_WALL))))
    tiles = [_WALL[i] for i in picks]
    hand, seen = sorted(tiles[:14]), tiles[14:14 + data.draw(st.integers(0, 60))]
    codes = " ".join(tile_code(t) for t in hand)
    # The tiles in sight as the opponents' discards; a long row makes an opponent look ready (its threat).
    rows = {s: " ".join(tile_code(t) for t in seen[s - 1::3]) for s in (1, 2, 3)}
    v = view(codes, opponents={s: {"discards": rows[s], "standing": s == 3 and data.draw(st.booleans())}
                               for s in (1, 2, 3)})
    player = EnginePlayer(PEOPLE["expert"], random.Random(1), get_ruleset(ruleset_id))
    player._chows_left = player.max_chows
    assert _agrees(player, v, [Discard(t) for t in sorted(set(hand))], counts_of(hand), 0, ())
