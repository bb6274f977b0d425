"""A British goulash hand at the table: its wild 2 Bamboo are shown and named as 2 Bamboo marked wild, not as
jokers, and the player is told which tiles are wild."""

from __future__ import annotations

import pygame

from game.client.messages import describe, shown_name
from game.client.status import status_line, told_line
from game.core import events as ev
from game.core.tiles import JOKER, tile_from_code
from game.session.driver import HUMAN, Session
from game.session.options import Options
from tests.client.helpers import make_app, show_table

TWO_BAMBOO = tile_from_code("2B")


def _goulash_scene(tmp_path, seed: int = 1):
    app = make_app(tmp_path)
    session = Session.create("british", seed, options=Options(animation_speed=0.0, discard_delay=0.0))
    session.match.goulash_next = True  # as after a wash-out
    session.deal()
    return app, show_table(app, session)


def test_wild_tiles__a_goulash_hand_says_which_tiles_are_wild_and_draws_them_as_2_bamboo_with_a_star(tmp_path):
    app, scene = _goulash_scene(tmp_path)
    session = scene.session
    assert session.table.goulash and session.table.wild_tile == TWO_BAMBOO
    # The goulash's first passing step is the player's to do at once: its words say which tiles are wild, as the
    # hand's greeting before them did ("The four 2 Bamboo are wild this hand.").
    assert status_line(session) == "Choose 3 tiles to pass across the table (the 2 Bamboo are wild and stay)"
    assert "The four 2 Bamboo are wild this hand." in told_line(session.told[0], session.names)
    app.render(1.0)
    sprites = app.sprites
    assert sprites.wild == TWO_BAMBOO
    size = (40, 54)
    starred = pygame.image.tobytes(sprites.tile(JOKER, size), "RGBA")
    plain_two = pygame.image.tobytes(sprites.tile(TWO_BAMBOO, size), "RGBA")
    sprites.wild = None
    joker = pygame.image.tobytes(sprites.tile(JOKER, size), "RGBA")
    assert starred not in (plain_two, joker), "a wild tile is a 2 Bamboo with a mark, neither a joker nor plain"


def test_wild_tiles__named_as_2_bamboo_wild_in_the_status_bar_and_passing_prompt(tmp_path):
    assert shown_name(JOKER, TWO_BAMBOO) == "2 Bamboo (wild)" and shown_name(JOKER) == "Joker"
    names = ["You", "Ann", "Bo", "Cy"]
    assert describe(ev.TileDiscarded(1, JOKER), names, HUMAN, TWO_BAMBOO) == "Ann discards 2 Bamboo (wild)"
    passing = describe(ev.PassingStarted(0, "across", 3), names, HUMAN, TWO_BAMBOO)
    assert passing == "Choose 3 tiles to pass across the table (the 2 Bamboo are wild and stay)"


def test_wild_tiles__an_ordinary_british_hand_has_none_and_says_nothing_of_them():
    session = Session.create("british", 1, options=Options(animation_speed=0.0, discard_delay=0.0))
    session.deal()
    assert session.table.wild_tile is None and "wild" not in status_line(session)


def test_wording__mah_jongg_with_a_tile_reads_the_same_in_the_status_bar_and_the_scores_box() -> None:
    """M11 and the Scores box heading both say "with tile" (issue 20: "with Tile" in one, "with tile" in the
    other), and a single tile is named in the singular: "1 Character", "1 Dot"."""
    from game.core.tiles import parse_tiles

    names = ["You", "Ann", "Bob", "Cid"]
    one_dot = parse_tiles("1D")[0]
    line = describe(ev.MahJonggDeclared(2, one_dot, "discard", 3, None), names, HUMAN)
    assert line == "Bob has gone Mah Jongg with tile 1 Dot"
    assert describe(ev.TileDrawn(0, parse_tiles("1C")[0], (0, 0), 80), names, HUMAN) == "You get 1 Character"
