"""A discard that completes the player's hand waits for them with an unmistakable Mah Jongg offer (the original's
Can Go Mah Jongg box), and letting it pass is named afterwards (issue 20, item 8)."""

from __future__ import annotations

import pygame

from game.client.app import STEP
from game.core.actions import DeclareKong
from game.core.tiles import tile_name
from game.session.driver import HUMAN, Session
from game.session.options import Options
from tests.builders import rigged_table, t
from tests.client.helpers import click, key, make_app, show_table, table_at_winning_discard


def seconds(app, n: float) -> None:
    for i in range(round(n / STEP)):
        app.step()
        if i % 60 == 0:
            app.render()


def test_winning_discard__the_can_go_mah_jongg_box_waits_and_enter_wins(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = table_at_winning_discard(app, ask_first=True)
    session = scene.session
    seat, tile = session.table.last_discard
    assert scene.prompt is not None and scene.prompt.title == "Can Go Mah Jongg"
    assert f"{session.names[seat]}'s {tile_name(tile)} completes your hand" in scene.prompt.message
    assert scene.prompt.buttons[0].label == "Mah Jongg!" and scene.prompt.cancel.label == "Pass"
    seconds(app, 30.0)  # far beyond the wait time: the window stays open
    assert session.human_may_claim and scene.prompt is not None
    assert app.rest_for() is not None, "nothing runs meanwhile: the window may sleep"
    app.dispatch(key(pygame.K_RETURN))
    app.step()
    assert session.hand_over and session.table.result.winner == HUMAN


def test_winning_discard__without_ask_first_the_offer_waits_and_the_button_wins(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = table_at_winning_discard(app, ask_first=False)
    session = scene.session
    assert scene.prompt is None
    seconds(app, 30.0)
    assert session.human_may_claim and session.claim_unlimited
    labels = [b.label for b in scene.buttons]
    assert labels[0] == "Mah Jongg!" and "Pass" in labels
    button = scene.buttons[0]
    app.dispatch(click(button.rect.center))
    app.step()
    assert session.hand_over and session.table.result.winner == HUMAN


def test_winning_discard__letting_it_pass_is_named_afterwards(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = table_at_winning_discard(app, ask_first=True)
    session = scene.session
    seat, tile = session.table.last_discard
    app.dispatch(key(pygame.K_ESCAPE))  # the box's Pass
    app.step()
    assert not session.human_may_claim or session.table.last_discard != (seat, tile)
    told = f"You could have gone Mah Jongg on {session.names[seat]}'s {tile_name(tile)}."
    assert [t.message for t in scene.toasts] == [told]
    seconds(app, 3.0)
    assert [t.message for t in scene.toasts] == [told], "the notice stays long enough to be read"


def test_winning_discard__passing_with_0_is_named_too(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = table_at_winning_discard(app, ask_first=False)
    session = scene.session
    seat, tile = session.table.last_discard
    app.dispatch(key(pygame.K_0))
    app.step()
    assert [t.message for t in scene.toasts] == [
        f"You could have gone Mah Jongg on {session.names[seat]}'s {tile_name(tile)}."]


def test_winning_discard__a_kong_not_robbed_in_its_window_is_named_too(tmp_path) -> None:
    """Robbing a kong keeps its wait time (Four Winds T-39); when it runs out the table says what was missed."""
    app = make_app(tmp_path)
    session = Session.create("european", 5, options=Options(animation_speed=0.0, discard_delay=0.0, wait_time=1.0))
    scene = show_table(app, session)
    scene.commands.start()
    filler = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"
    table = rigged_table({HUMAN: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 8D RD RD", 1: "2C 3C 4C 6D 6D 1D 2D 3D EW SW",
                          2: filler, 3: filler}, "9D", rules=session.rules, judge=session.judge,
                         melds={1: ["9D 9D 9D"]}, current=1)
    session.table = scene.scenery.table = table
    session.drain()
    table.apply(1, DeclareKong(t("9D")))
    assert session.human_may_claim and "mah_jongg" in session.claim_types()
    seconds(app, 3.0)
    assert not session.human_may_claim
    assert [toast.message for toast in scene.toasts] == ["You could have gone Mah Jongg by robbing the Kong."]


def test_winning_draw__a_quick_discard_meets_the_can_go_mah_jongg_box_first(tmp_path) -> None:
    """The tile drawn wins; Enter pressed before the table's next step (when the box would have come) does not
    throw a tile away: the box comes first, and a second Enter takes its Mah Jongg!."""
    app = make_app(tmp_path)
    session = Session.create("classic", 5, options=Options(animation_speed=0.0, discard_delay=0.0))
    scene = show_table(app, session)
    scene.commands.start()
    filler = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"
    table = rigged_table({HUMAN: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 8D RD RD", 1: filler, 2: filler, 3: filler},
                         "9D", rules=session.rules, judge=session.judge, current=HUMAN)
    session.table = scene.scenery.table = table
    session.drain()
    assert session.human_to_discard and session.can_mah_jongg() and scene.prompt is None
    app.dispatch(key(pygame.K_RETURN))
    assert not table.players[HUMAN].discards, "nothing was discarded"
    assert scene.prompt is not None and scene.prompt.title == "Can Go Mah Jongg"
    app.dispatch(key(pygame.K_RETURN))
    assert session.hand_over and table.result.winner == HUMAN


def test_winning_discard__the_offer_names_the_discarder_in_the_players_language(tmp_path) -> None:
    """The offer is one sentence of the language naming the discarder and the tile (German: "… von Eric
    vollendet deine Hand"), in the Can Go Mah Jongg box and in the banner over the table."""
    from game import i18n

    try:
        for ask_first in (True, False):
            app = make_app(tmp_path / str(ask_first))
            i18n.set_language("de")
            scene = table_at_winning_discard(app, ask_first=ask_first)
            seat, tile = scene.session.table.last_discard
            offer = f"{tile_name(tile)} von {scene.session.names[seat]} vollendet deine Hand"
            if ask_first:
                assert scene.prompt.message == f"{offer}. Mah-Jongg machen?"
            else:
                app.render()
                banners = [words for words, _rect in scene.banners_drawn]
                assert f"Mah-Jongg! {offer} — M zum Hinausgehen, 0 zum Passen" in banners, banners
    finally:
        i18n.set_language("en")
