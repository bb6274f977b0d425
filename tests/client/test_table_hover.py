"""What the pointer is over is named in a tooltip beside it; the status bar keeps the game's messages, even while
the pointer rests on the stake for minutes (issue 20, item 1)."""

from __future__ import annotations

import pygame

from game.client.stage import staged_table
from game.client.status import status_line
from game.core.tiles import tile_name
from game.session.notes import QUICK_TIP, Note
from tests.client.helpers import click, make_app


def motion(pos: tuple[int, int]) -> pygame.Event:
    return pygame.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_hover__a_pointer_resting_on_the_stake_never_hides_the_game_s_messages(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = staged_table(app, 5, 4)
    session = scene.session
    session.options.wait_time = 0.5
    session.options.discard_delay = 0.3  # each message stands a few frames, as on screen
    tiles = scene.hand_tiles()
    pos = scene.hand_places(tiles)[3].rect().center
    app.dispatch(motion(pos))
    app.render()
    assert scene.tooltip is not None and scene.tooltip.text == tile_name(tiles[3])
    assert scene.tooltip.rect().bottom <= scene.hand_places(tiles)[3].rect().top, "the name stands above the tile"
    # Discard that tile with the mouse and leave the pointer where it is while the others play.
    app.dispatch(click(pos))
    shown: list[str] = []
    for step in range(3000):
        app.step()
        if step % 6 and not session.human_to_discard:
            continue
        app.render()
        if not shown or shown[-1] != scene.status.shown:
            shown.append(scene.status.shown)
        if session.human_to_discard:
            break
        if session.human_may_claim:
            app.dispatch(pygame.Event(pygame.KEYDOWN, key=pygame.K_0, mod=0, unicode="0", scancode=0))
    assert session.human_to_discard
    others = [name for name in session.names[1:] if any(line.startswith(f"{name} discards ") for line in shown)]
    assert others, f"the others' discards were shown: {shown}"
    assert scene.status.shown == status_line(session), "the status bar shows the latest message"
    assert shown[-1].startswith("You get "), "your turn is announced, not hidden under the pointer"
    # The tooltip names the tile that lies under the pointer now, not the one discarded.
    now = scene.hand_tiles()
    assert scene.tooltip is not None and scene.tooltip.text == tile_name(now[scene.tile_at(pos)])
    app.dispatch(pygame.Event(pygame.WINDOWLEAVE))
    assert scene.shown_tooltip() is None and scene.hover == -1, "the pointer left the window"


def test_hover__a_long_message_is_set_smaller_then_shown_whole_over_the_status_bar(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = staged_table(app, 5, 4)
    session = scene.session
    long = ("discard North Wind: leaves you three tiles from ready with eleven kinds of useful tile (35 still live), "
            "and it keeps your pung of Green Dragons, worth a double as a pung")
    session.tell(Note(QUICK_TIP, {"reason": long}))
    app.render()
    assert scene.status.shown.endswith("…")
    app.dispatch(motion(scene.status.message_box().center))
    app.render()
    tooltip = scene.shown_tooltip()
    assert tooltip is not None and tooltip.text == f"QuickTip: {long}"
    box = tooltip.rect()
    assert box.bottom <= scene.status.rect.top and pygame.Rect(0, 0, 1280, 720).contains(box)
    short = "discard North Wind: it is of no use to your hand"
    session.tell(Note(QUICK_TIP, {"reason": short}))
    app.render()
    assert scene.status.shown == f"QuickTip: {short}", "the latest message is shown"
    assert scene.shown_tooltip() is None, "a message that fits needs none"
