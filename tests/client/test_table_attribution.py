"""Whose is what on the table (issue 20): each pond lies in front of its player with its tiles turned as theirs,
the right-hand player's flowers stand under their name rather than beside yours, and no notice or balloon ever
covers the compass."""

from __future__ import annotations

import pygame

from game.client import layout
from game.client.stage import staged_table
from game.client.widgets import Balloon
from tests.client.helpers import key, make_app


def pond_mat(seat: int, count: int) -> pygame.Rect:
    places = [layout.discard_position(seat, i).rect() for i in range(count)]
    return places[0].unionall(places)


def test_ponds__each_lies_apart_in_front_of_its_player_turned_like_their_tiles() -> None:
    for count in (1, 6, 12, 24, 36):
        mats = {seat: pond_mat(seat, count).inflate(8, 8) for seat in range(4)}
        for seat in range(4):
            for other in range(seat + 1, 4):
                assert not mats[seat].colliderect(mats[other]), f"ponds {seat} and {other} run together at {count}"
            assert not pond_mat(seat, count).colliderect(layout.WALL_RECT), "no pond lies on the wall"
    for seat in (1, 3):
        assert {layout.discard_position(seat, i).rotate for i in range(30)} == {layout.rotation(seat)}
    # The side ponds' first tiles lie by the wall; later ones move out towards their player.
    assert layout.discard_position(3, 0).rect().left > layout.discard_position(3, 20).rect().left
    assert layout.discard_position(1, 0).rect().left < layout.discard_position(1, 20).rect().left


def test_flowers__the_right_hand_players_stand_under_their_name_not_beside_yours() -> None:
    _, theirs = layout.exposed_positions(1, [3, 3, 3], 4)
    _, yours = layout.exposed_positions(0, [3, 3], 4)
    (name_x, name_y), _ = layout.seat_label_anchor(1)
    for place in theirs:
        r = place.rect()
        assert r.left > layout.PONDS[1].right and r.top < layout.CENTRE[1], "by their stake, in the upper half"
        assert abs(r.centery - name_y) < 200 and abs(r.centerx - name_x) < 160
        assert min(abs(r.centery - y.rect().centery) for y in yours) > 200, "well away from your flowers"
        assert place.rotate == layout.rotation(1)


def test_popups__no_notice_or_balloon_covers_the_compass(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = staged_table(app, 5, 4)
    app.dispatch(key(pygame.K_F8))  # a notice: QuickTip on
    app.render()
    assert [m for m, _ in scene.banners_drawn] == ["QuickTip on"]
    app.dispatch(key(pygame.K_F9))  # paused: a banner and a notice at once
    app.render()
    boxes = [box for _, box in scene.banners_drawn]
    assert len(boxes) == 2 and not boxes[0].colliderect(boxes[1])
    for box in boxes:
        assert not box.colliderect(layout.COMPASS)
        assert box.bottom < layout.hand_positions(14, True)[0].rect().top, "above your tiles"
    for seat in range(4):
        anchor, direction = layout.balloon_anchor(seat)
        for words, big in (("Mah Jongg!", True), ("Standing!", False), ("Pung!", False)):
            assert not Balloon(words, anchor, direction, big=big).rect().colliderect(layout.COMPASS)
