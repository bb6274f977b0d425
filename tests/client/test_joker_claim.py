"""Western: a discard that natural tiles or jokers could pung asks which go with it (W-3: the original's arrows
chose the tiles of a pung or kong), so the player may keep a joker for later."""

from __future__ import annotations

import pygame

from game.core.actions import Discard, Pass
from game.core.tiles import JOKER, parse_tiles
from tests.client.helpers import HUMAN, key, make_app, run_until, table_with_stake

STAKE = "5D 5D JK 1B 2B 3B 4B 5B 6B 7B 8B 9B RD GD"
D5, RD, NW = parse_tiles("5D RD NW")


def _offered_5d(app):
    """A western table where the player on the right has just discarded 5 Dots, which only the human may claim."""
    scene = table_with_stake(app, "western", STAKE)
    table = scene.session.table
    table.apply(HUMAN, Discard(RD))
    for seat in table.awaiting():
        table.apply(seat, Pass())
    for seat in (2, 3):  # nobody else can claim it
        hand = table.players[seat].concealed
        hand[:] = [NW if tile in (D5, JOKER) else tile for tile in hand]
    right = table.players[1]
    right.concealed[0] = D5
    table._turn_cache = ((-1, -1), [])
    table.apply(1, Discard(D5))
    assert run_until(app, lambda: scene.session.human_may_claim), "the human may claim the 5 Dots"
    return scene


def test_joker_claim__p_asks_which_tiles_and_a_joker_can_go_in(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = _offered_5d(app)
    app.dispatch(key(pygame.K_p))
    prompt = scene.prompt
    assert prompt is not None and prompt.message == "Which of your tiles go with the 5 Dots?"
    assert [b.label for b in prompt.buttons] == ["Natural tiles", "1 Joker"]
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RETURN))
    me = scene.session.table.players[HUMAN]
    assert run_until(app, lambda: me.melds)  # the claim stands once the others have decided
    assert sorted(me.melds[-1].tiles) == sorted((D5, D5, JOKER))
    assert me.concealed.count(D5) == 1 and JOKER not in me.concealed


def test_joker_claim__natural_tiles_keep_the_joker(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = _offered_5d(app)
    app.dispatch(key(pygame.K_p))
    app.dispatch(key(pygame.K_RETURN))
    me = scene.session.table.players[HUMAN]
    assert run_until(app, lambda: me.melds)
    assert me.melds[-1].tiles == (D5, D5, D5) and JOKER in me.concealed


