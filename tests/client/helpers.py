"""Shared set-up for the client tests: a headless app with instant animations and a fresh config folder."""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame

from game.client import layout
from game.client.animate import Animator
from game.client.app import App
from game.client.ceremony import Ceremony
from game.client.scenes.settings import SettingsScene
from game.core.tiles import parse_tiles
from game.session.driver import HUMAN, Session
from game.session.options import Options
from tests.builders import instant_session


def make_app(tmp_path: Path) -> App:
    args = argparse.Namespace(mods_dir=str(tmp_path / "mods"), config_dir=str(tmp_path / "config"))
    return App(args, size=(1280, 720), headless=True)


def restart(tmp_path: Path) -> App:
    """A new App reading the same folders, as when the player starts the game again."""
    return make_app(tmp_path)


def open_settings(app: App, page: str = "Play") -> SettingsScene:
    """The Settings box over the title, turned to ``page`` by a click on its tab."""
    app.reset_to("title")
    app.stack.apply_pending()
    app.open("settings")
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    tab = next(t for t in scene.tabs if t.label == page)
    app.dispatch(click(tab.rect.center))
    assert scene.page == page
    return scene


def table_animator(speed: float, *, show_dealing: bool = True) -> Animator:
    """An animator with the wall ceremony attached, as the table scene builds it."""
    animator = Animator(speed, show_dealing=show_dealing)
    Ceremony(animator)
    return animator


def drawn_text(monkeypatch, module) -> list[tuple[str, pygame.Rect]]:
    """Every line of text ``module`` draws with ``text`` from now on, with the rect it was drawn in."""
    seen: list[tuple[str, pygame.Rect]] = []
    draw = module.text

    def recording(surface, message, *args, **kwargs):
        rect = draw(surface, message, *args, **kwargs)
        seen.append((message, rect))
        return rect

    monkeypatch.setattr(module, "text", recording)
    return seen


def key(k: int, mod: int = 0) -> pygame.Event:
    return pygame.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[int, int], button: int = 1) -> pygame.Event:
    return pygame.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def run_until(app: App, predicate, steps: int = 20000) -> bool:
    """Step the app until ``predicate()`` holds; False when it never did."""
    for _ in range(steps):
        if predicate():
            return True
        app.step()
    return predicate()


def from_title(app: App, k: int):
    """Show the title screen, press ``k`` there, and return the scene on top afterwards."""
    app.reset_to("title")
    app.stack.apply_pending()
    app.dispatch(key(k))
    app.stack.apply_pending()
    return app.stack.top


def show_table(app: App, session: Session):
    """The table scene for ``session`` on top of the app, animations instant, before its first step."""
    from game.client.scenes.table import TableScene

    scene = TableScene(app, session)
    scene.animator.speed = 0.0
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    return scene


def started_table(app: App, seed: int, wait_time: float):
    """A table scene (instant mode, Ask First off) for ``seed`` whose hand has started."""
    session = instant_session(seed)
    session.options.ask_first = False
    session.options.wait_time = wait_time
    scene = show_table(app, session)
    scene.commands.start()
    return scene


def table_with_stake(app: App, ruleset: str, stake: str, seed: int = 7):
    """A table scene (instant mode, Ask First off) on top of the app at the human's first turn, the human's stake
    set to ``stake`` (14 tile codes, the last one just drawn) and nothing exposed."""
    from game.core.tiles import parse_tiles

    session = Session.create(ruleset, seed, options=Options(animation_speed=0.0, discard_delay=0.0, ask_first=False))
    scene = show_table(app, session)
    scene.commands.start()
    table = session.table
    while table.current != HUMAN or table.phase != "turn":  # everyone passes and plays to the human's turn
        if table.phase == "dealt":  # the passes are over
            session.start()
            continue
        seat = table.awaiting()[0]
        legal = table.legal_actions(seat)
        table.apply(seat, legal[-1] if table.phase != "turn" else legal[0])
    me = table.players[HUMAN]
    me.concealed = parse_tiles(stake)
    me.melds = []
    me.has_discarded = False
    table._drawn = me.concealed[-1]
    table._turn_cache = ((-1, -1), [])
    scene.animator.finish()
    app.step()
    return scene


def window_click(app: App, pos: tuple[int, int]) -> None:
    """A left click on the logical point ``pos``, posted in window coordinates as the mouse gives it."""
    view = app.viewport()
    app.dispatch(click((view.left + pos[0] * view.width // layout.LOGICAL[0],
                        view.top + pos[1] * view.height // layout.LOGICAL[1])))


def click_tile(app: App, scene, tile: int) -> None:
    """A left click on the first of the human's stake tiles of kind ``tile``."""
    tiles = scene.hand_tiles()
    window_click(app, scene.hand_places(tiles)[tiles.index(tile)].rect().center)


def click_button(app: App, scene, label: str) -> None:
    """A left click on the table's button labelled ``label`` (it must be shown)."""
    window_click(app, next(b for b in scene.buttons if b.label == label).rect.center)


def table_scene_until_claim(app: App, max_seeds: int = 40):
    """A table scene (instant mode) stopped where the human may claim a discard, searching seeds for one."""
    for seed in range(1, max_seeds):
        scene = started_table(app, seed, 60.0)
        session = scene.session
        for _ in range(3000):
            if session.human_may_claim or session.hand_over:
                break
            if session.human_to_discard:
                tiles = scene.hand_tiles()
                scene.commands.discard_index(len(tiles) - 1)
            app.step()
        if session.human_may_claim:
            return scene
    raise AssertionError("no seed gave the human a claim")


def table_at_winning_discard(app: App, ask_first: bool):
    """A table (instant mode) at a discard that would give the human Mah Jongg, the claim window not yet open;
    the human's own turns are played by the computer."""
    for seed in range(7, 80):
        scene = started_table(app, seed, 2.5)
        session = scene.session
        for _ in range(5000):
            if session.hand_over:
                break
            if session.human_may_claim:
                if "mah_jongg" in session.claim_types():
                    session.options.ask_first = ask_first
                    app.step()
                    return scene
                session.pass_claim()
            elif session.human_to_discard:
                session.options.auto_play = True
                session.update(1.0)
                session.options.auto_play = False
            else:
                session.delay = 0.0
                session.update(1.0)
        app.step()
    raise AssertionError("no seed gave the human Mah Jongg on a discard")


LESSON_KEYS = {"chow": pygame.K_c, "pung": pygame.K_p, "kong": pygame.K_k, "mah_jongg": pygame.K_m}


def open_lesson(app: App, number: int):
    """Learn to Play from the title, lesson ``number`` (from 1) chosen with the arrow keys; the lesson scene,
    animations instant, once the table waits for the player."""
    from_title(app, pygame.K_l)  # a fresh config folder: the first lesson has the focus
    for _ in range(number - 1):
        app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    scene = app.stack.top
    scene.animator.speed = 0.0
    settle_lesson(app)
    return scene


def settle_lesson(app: App) -> None:
    """Step the app until the lesson's table waits for the player (or the lesson is over)."""
    scene = app.stack.top
    session = scene.lesson_session
    for _ in range(3000):
        app.step()
        scene.animator.finish()
        if session.done or (session.waiting_for_player() and not scene.animator.busy):
            return
    raise AssertionError(f"the lesson never waited for the player at step {session.step_index + 1}")


def lesson_move(app: App, wrong: bool = False) -> None:
    """Do what the lesson's step asks by keys and clicks, as a player would; ``wrong`` does something else."""
    scene = app.stack.top
    step = scene.lesson_session.step

    def tap(tile: int | None = None, other_than: int | None = None) -> None:
        tiles = scene.hand_tiles()
        index = tiles.index(tile) if tile is not None else next(i for i, t in enumerate(tiles) if t != other_than)
        app.dispatch(click(scene.hand_places(tiles)[index].rect().center))

    wanted = parse_tiles(step.tile)[0] if step.tile else None
    if step.do == "read":
        app.dispatch(key(pygame.K_F4) if wrong else key(pygame.K_RETURN))
    elif step.do == "start":
        app.dispatch(key(pygame.K_m) if wrong else key(pygame.K_RETURN))
    elif step.do == "discard" or (step.do == "kong" and wrong):
        tap(wanted) if not wrong else tap(other_than=wanted)
    elif step.do == "kong":
        app.dispatch(key(pygame.K_k))
    elif step.do == "riichi":
        tap(wanted)  # Ask First puts the question: the first answer declares, the second only discards
        if wrong:
            app.dispatch(key(pygame.K_RIGHT))
        app.dispatch(key(pygame.K_RETURN))
    elif step.do == "charleston":
        chosen = sorted(parse_tiles(step.tiles))
        tiles = scene.hand_tiles()
        picks = chosen if not wrong else [t for t in tiles if t not in chosen][:len(chosen)]
        used: set[int] = set()
        for tile in picks:
            index = next(i for i, t in enumerate(tiles) if t == tile and i not in used)
            used.add(index)
            app.dispatch(click(scene.hand_places(tiles)[index].rect().center))
        app.dispatch(key(pygame.K_RETURN))
    elif step.do == "claim":
        app.dispatch(key(pygame.K_0) if wrong else key(LESSON_KEYS[step.claim]))
    elif step.do == "pass":
        app.dispatch(key(pygame.K_p) if wrong else key(pygame.K_0))
    elif step.do == "mah_jongg":
        tap(other_than=-1) if wrong else app.dispatch(key(pygame.K_m))
    app.stack.apply_pending()

__all__ = ["HUMAN", "click", "click_button", "click_tile", "from_title", "instant_session", "key", "lesson_move",
           "make_app", "open_lesson", "run_until", "settle_lesson", "show_table", "started_table", "table_animator",
           "table_at_winning_discard", "table_scene_until_claim", "table_with_stake", "window_click"]


def type_text(app: App, typed: str) -> None:
    """``typed`` as the keyboard sends it: one text input event a character."""
    for ch in typed:
        app.dispatch(pygame.Event(pygame.TEXTINPUT, text=ch))


def run_live(app: App, predicate, seconds: float = 30.0) -> bool:
    """Step the app in real time (a network table's server keeps its own clock) until ``predicate()`` holds;
    False when it did not within ``seconds``."""
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        app.step()
        time.sleep(0.001)
    return bool(predicate())
