"""Continue picks up the game last played exactly where it was left, and quitting a game asks first.

Played through the keyboard and the mouse as a player would: a hand is started and discarded into, the player
leaves by the menu's Title Screen button, the window's close button or Alt+F4, and presses Continue.
"""

from __future__ import annotations

import pygame

from game.client.scenes import games
from game.saves import read_save, write_save
from tests.client.helpers import click, instant_session, key, make_app


def _app(tmp_path):
    app = make_app(tmp_path)
    app.keeper.enabled = True
    return app


def _instant(scene) -> None:
    scene.animator.speed = 0.0
    scene.session.options.animation_speed = 0.0
    scene.session.options.discard_delay = 0.0


def _new_game_played(app, seed: int, discards: int):
    """A new game from the app, its hand started and ``discards`` tiles discarded; the table scene."""
    scene = games.new_game(app, seed=seed)
    app.stack.apply_pending()
    _instant(scene)
    _play_until_my_turn(app, scene, discards)
    return scene


def _play_until_my_turn(app, scene, discards: int) -> None:
    """Start the hand and discard ``discards`` tiles with Enter, letting every claim go; stop on the human's
    next turn (the point a player would leave at)."""
    app.dispatch(key(pygame.K_F4))
    done = 0
    for _ in range(30000):
        app.step()
        s = scene.session
        assert not s.hand_over, "the hand ended before the test could leave it"
        if app.stack.top is not scene:
            continue
        if s.human_may_claim:
            app.dispatch(key(pygame.K_0))
        elif s.human_to_discard:
            if done == discards:
                return
            app.dispatch(key(pygame.K_RETURN))
            done += 1
    raise AssertionError("the human's turn never came")


def _state(session) -> tuple:
    t = session.table
    return (t.hand_number, t.phase, t.current, list(t.actions), sorted(t.players[0].concealed), t.drawn_tile,
            list(session.match.totals))


def _to_title_by_the_menu(app) -> None:
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    menu = app.stack.top
    assert menu.name == "menu"
    title_button = next(b for b in menu.buttons if b.label == "Title Screen")
    app.dispatch(click(title_button.rect.center))
    app.stack.apply_pending()
    assert app.stack.top.name == "title"


def _continue(app):
    title = app.stack.top
    assert title.buttons[0].label == "Continue"
    app.dispatch(key(pygame.K_c))
    app.stack.apply_pending()
    scene = app.stack.top
    assert scene.name == "table"
    return scene


def test_continue__resumes_the_hand_in_progress_exactly_where_it_was_left(tmp_path) -> None:
    app = _app(tmp_path)
    scene = _new_game_played(app, 11, discards=4)
    left = _state(scene.session)
    assert len(left[3]) > 8
    _to_title_by_the_menu(app)
    resumed = _continue(app)
    assert _state(resumed.session) == left
    assert resumed.session.human_to_discard and resumed.session.started


def test_continue__opens_the_game_last_opened_not_an_older_autosave(tmp_path) -> None:
    """The issue's case: a game in the autosave, then a save opened at its hand 2 and left at once: Continue opens
    that save's game at its hand 2, and the autosave still holds the other game."""
    app = _app(tmp_path)
    _new_game_played(app, 5, discards=2)
    _to_title_by_the_menu(app)
    autosaved = read_save(app.keeper.autosave_path)
    assert autosaved.seed == 5

    opened = instant_session(77)
    opened.play_to_end()
    opened.finish_hand()
    opened.deal()
    write_save(app.folders.saves / "mysave1.sparrow", opened.snapshot("mysave1"))
    app.dispatch(key(pygame.K_o))
    app.stack.apply_pending()
    saves = app.stack.top
    saves.selected = next(i for i, info in enumerate(saves.saves) if info.name == "mysave1")
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert app.stack.top.name == "table" and app.stack.top.session.seed == 77
    _to_title_by_the_menu(app)

    resumed = _continue(app)
    assert resumed.session.seed == 77
    assert resumed.session.table.hand_number == 2
    assert resumed.session.save_name == "mysave1"
    assert read_save(app.keeper.autosave_path).seed == 5, "looking at a save does not overwrite the autosave"

    _instant(resumed)
    _play_until_my_turn(app, resumed, discards=1)
    progress = _state(resumed.session)
    _to_title_by_the_menu(app)
    assert read_save(app.keeper.autosave_path).seed == 77, "a game played on is autosaved as it stands"
    assert _state(_continue(app).session) == progress


def test_continue__a_new_game_left_before_anything_happened_leaves_the_last_game_to_continue(tmp_path) -> None:
    app = _app(tmp_path)
    _new_game_played(app, 5, discards=1)
    _to_title_by_the_menu(app)
    games.new_game(app, seed=6)
    app.stack.apply_pending()
    _to_title_by_the_menu(app)
    assert _continue(app).session.seed == 5


def test_quit__closing_the_window_mid_hand_asks_and_saves_the_hand(tmp_path) -> None:
    app = _app(tmp_path)
    scene = _new_game_played(app, 11, discards=3)
    left = _state(scene.session)
    app.dispatch(pygame.Event(pygame.QUIT))
    app.stack.apply_pending()
    box = app.stack.top
    assert app.running and box.name == "quit"
    assert box.question == "Quit Sparrow in the middle of the game?"
    assert box.detail == "The game will be saved as it stands: Continue on the title screen picks it up right here."
    assert (box.ok.label, box.cancel.label) == ("Quit", "Keep Playing")
    app.render()
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.running and app.stack.top is scene
    app.dispatch(key(pygame.K_F4, pygame.KMOD_ALT))
    app.stack.apply_pending()
    assert app.stack.top.name == "quit"
    app.dispatch(click(app.stack.top.ok.rect.center))
    assert not app.running
    saved = read_save(app.keeper.autosave_path)
    assert not saved.hands[-1].finished and saved.hands[-1].begun
    assert len(saved.hands[-1].actions) == len(left[3])

    again = _app(tmp_path)
    again.reset_to("title")
    again.stack.apply_pending()
    assert _state(_continue(again).session) == left


def _disk_full(monkeypatch) -> None:
    """Every autosave from now on meets a full disk (the previous autosave, if any, stays as it was)."""
    import errno

    from game import saves
    from game.storage import not_saved

    def full(folder, _saved):
        target = folder / f"{saves.AUTOSAVE_NAME}{saves.SAVE_SUFFIX}"
        raise not_saved(target, OSError(errno.ENOSPC, "No space left on device"), "the autosave")

    monkeypatch.setattr(saves, "write_autosave", full)


def test_quit__a_game_that_cannot_be_saved_is_not_lost_unawares(tmp_path, monkeypatch) -> None:
    """The disk is full when the player quits mid-hand: instead of quitting, a box says the game was not saved and
    where the previous copy is; Keep Playing goes back to the table, Quit Anyway quits."""
    app = _app(tmp_path)
    scene = _new_game_played(app, 11, discards=2)
    _disk_full(monkeypatch)
    app.dispatch(key(pygame.K_F4, pygame.KMOD_ALT))
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_RETURN))  # "Quit Sparrow in the middle of the game?" — Quit
    app.stack.apply_pending()
    box = app.stack.top
    assert app.running, "a game that could not be saved is not quit without asking"
    assert box.name == "quit_unsaved"
    assert box.question == "Your game could not be saved. Quit anyway?"
    assert box.detail.startswith("Could not save the autosave: no space left on device; ")
    assert (box.ok.label, box.cancel.label) == ("Quit Anyway", "Keep Playing")
    assert box.ok.fits() and box.cancel.fits(), "both labels show whole"
    app.render()
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.running and app.stack.top is scene
    assert scene.status.message.startswith("Could not save the autosave: no space left on device; nothing was")
    app.dispatch(pygame.Event(pygame.QUIT))
    app.stack.apply_pending()
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    app.dispatch(click(app.stack.top.ok.rect.center))
    assert not app.running


def test_title__says_when_the_game_left_could_not_be_saved(tmp_path, monkeypatch) -> None:
    """Leaving a game for the title while the disk is full: the title says the game was not saved."""
    app = _app(tmp_path)
    _new_game_played(app, 11, discards=1)
    _disk_full(monkeypatch)
    app.reset_to("title")
    app.stack.apply_pending()
    app.render()
    assert app.stack.top.name == "title"
    assert app.stack.top.notice_line().startswith("Could not save the autosave: no space left on device")


def test_quit__a_logout_saves_the_hand_and_ends_without_asking(tmp_path) -> None:
    """SIGTERM (a logout or shutdown) mid-hand: nobody can answer "Quit?", so the hand is saved as it stands and
    the loop ends; the previous SIGTERM handler is back afterwards."""
    import os
    import signal

    app = _app(tmp_path)
    scene = _new_game_played(app, 11, discards=2)
    left = _state(scene.session)
    before = signal.getsignal(signal.SIGTERM)
    ticks = 0
    real_tick = app.tick

    def tick() -> None:
        nonlocal ticks
        ticks += 1
        if ticks == 3:
            os.kill(os.getpid(), signal.SIGTERM)
        assert ticks < 500, "the loop kept running after SIGTERM"
        real_tick()

    app.tick = tick
    assert app.run() == 0
    assert not app.running and app.stack.top is scene, "no question was asked"
    assert signal.getsignal(signal.SIGTERM) is before
    again = _app(tmp_path)
    again.reset_to("title")
    again.stack.apply_pending()
    assert _state(_continue(again).session) == left


def test_quit__a_logout_at_the_title_keeps_the_window_size_the_player_dragged(tmp_path) -> None:
    """With no game to save nothing else writes the settings, so SIGTERM keeps the size as a normal quit does."""
    import os
    import signal

    app = _app(tmp_path)
    app.reset_to("title")
    app.stack.apply_pending()
    app.settings.window_size = (1000, 700)  # as a drag of the window's edge leaves it
    real_tick = app.tick

    def tick() -> None:
        os.kill(os.getpid(), signal.SIGTERM)
        real_tick()

    app.tick = tick
    assert app.run() == 0 and not app.running
    assert _app(tmp_path).settings.window_size == (1000, 700)
