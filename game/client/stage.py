"""Deterministic setups of every scene of the registry (:mod:`game.client.scenes.registry`), for the
``screenshot`` command, the self-test and the tests: :data:`STAGES` has one setup per registered scene.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.client.scenes import games
from game.client.scenes.registry import SCENES as REGISTRY
from game.i18n import _


def staged_table(app: Any, seed: int, turns: int) -> Any:
    """A table scene whose hand was dealt from ``seed`` with ``turns`` decisions played by computer players."""
    # Imported here, not at the top: ``screenshot --scene title`` measures the time to the first frame, and the
    # title does not need the game engine under the session (~60 ms).
    from game.session.options import Options

    session = games.new_session(app, seed)
    session.options = Options(animation_speed=0.0, discard_delay=0.0, timer_bar=True, balloons=True)
    scene: Any = app.reset_to("table", session=session)
    scene.animator.speed = 0.0
    app.stack.apply_pending()
    session.start()
    session.options.auto_play = True
    table = scene.game_table
    for _unused in range(turns):
        if session.hand_over or table.phase == "over":
            break
        awaiting = table.awaiting()
        if not awaiting:
            break
        if awaiting[0] == 0 and table.phase == "turn" and _unused < turns - 1:
            session.play_computer_turn(0)
        elif awaiting[0] == 0 and table.phase == "turn":
            break  # leave the human to discard: the picture shows their turn
        else:
            session.play_computer_turn(awaiting[0])
    session.options.auto_play = False
    session.delay = 0.0
    scene.pump()
    scene.animator.finish()
    scene.update(0.0)
    scene.animator.finish()
    scene.balloons = scene.balloons[-1:]
    return scene


def played_hands(table: Any, hands: int) -> Any:
    """Play ``hands`` whole hands at ``table`` (computer players for everyone), so a game has a history."""
    session = table.session
    for number in range(hands):
        if number:
            if session.match.is_over:
                break
            session.deal()
            table.scenery.table = session.table
            session.start()
        session.play_to_end()
        table.pump()
        table.animator.finish()
        session.finish_hand()
        table.pump()
        table.animator.finish()
    table.scores_shown = True
    return session


def _staged_stats(app: Any, session: Any) -> Any:
    """The statistics box over the table, counting the staged game's hands in a throw-away statistics file."""
    import dataclasses
    import tempfile

    from game.stats import Statistics, save_statistics

    stats = Statistics()
    for record in session.match.history:
        stats.record_hand(session.ruleset.id, session.player_ids, record)
    folders = app.folders
    with tempfile.TemporaryDirectory() as folder:
        save_statistics(folder, stats)
        # The player's own statistics stay out of the picture: the box reads the throw-away folder.
        app.folders = dataclasses.replace(folders, config=Path(folder)) if folders is not None else None
        try:
            return app.open("stats", session=session)
        finally:
            app.folders = folders


def _title(app: Any, seed: int, turns: int) -> Any:
    return app.reset_to("title")


def _new_game(app: Any, seed: int, turns: int) -> Any:
    app.reset_to("title")
    return app.open("new_game", seed=seed)


def _scores(app: Any, seed: int, turns: int) -> Any:
    table = staged_table(app, seed, turns)
    session = table.session
    session.play_to_end()
    table.pump()
    table.animator.finish()
    outcome = session.finish_hand()
    table.scores_shown = True
    table.refresh_buttons()  # as a frame would: the claim buttons of the staged turn give way to Next Hand
    return app.open("scores", table_scene=table, outcome=outcome)


def _saves(app: Any, seed: int, turns: int) -> Any:
    table = staged_table(app, seed, turns)
    table.session.save_name = _("Staged game")
    return app.open("saves", mode="save", session=table.session)


def _replay(app: Any, seed: int, turns: int) -> Any:
    session = played_hands(staged_table(app, seed, turns), 1)
    scene = app.open("replay", session=session, hand=0)
    for _unused in range(min(turns, scene.total_moves)):
        scene.forward()
    return scene


def _quit(app: Any, seed: int, turns: int) -> None:
    """The quit question over the title."""
    app.reset_to("title")
    app.stack.apply_pending()
    app.ask_to_quit()


def _waiting_room(app: Any, seed: int, turns: int) -> Any:
    """A friend's waiting room as it stands once joined: the host and the player seated, two seats open with the
    computer players the host chose for them, and the host's starting score (the link is made but never
    connects, so the picture needs no network)."""
    from game.net import protocol
    from game.net.client import Link
    from game.net.remote import Lobby

    lobby = Lobby(Link("192.168.1.20:8765", app.settings.player_name))
    lobby.seat, lobby.state = 1, "connected"
    names = (_("Ann"), app.settings.player_name, "Eliza", "Bertie")
    kinds = ("player", "player", "open", "open")
    people = (("", ""), ("", ""), ("Eliza", "expert"), ("Bertie", "beginner"))
    seats = tuple(protocol.SeatInfo(seat=i, name=names[i], kind=kinds[i], connected=kinds[i] == "player",
                                    host=i == 0, personality=people[i][0], strategy=people[i][1]) for i in range(4))
    lobby.room = protocol.Room(table="main", seats=seats, ruleset="classic",
                               ruleset_name=app.resources.ruleset_name("classic"),
                               mods=(protocol.ModInfo(id="classic", version="1.0"),),
                               timers={"claim_window": 2.5, "discard_delay": 0.9, "reconnect": 120.0},
                               start_score=2000)
    app.reset_to("title")
    scene = app.open("waiting_room", address=lobby.link.address, player=app.settings.player_name, lobby=lobby)
    app.stack.apply_pending()
    scene.update(0.0)
    return scene


def _preset_name(app: Any, seed: int, turns: int) -> None:
    """The name box of Save as… on the Settings box's Rules page."""
    app.reset_to("title")
    settings = app.open("settings", page="Rules")
    settings.editor.ask_save_as()


def _rules_editor(app: Any, seed: int, turns: int) -> None:
    """The rules editor over the Settings box's Rules page, showing the Pung or Kong of Dragons."""
    app.reset_to("title")
    app.open("settings", page="Rules")
    editor = app.open("rules_editor", ruleset="classic")
    editor.find("scoring.pung_kong_dragons")


def _lesson(app: Any, seed: int, turns: int) -> Any:
    """The first lesson at its first step to be done at the table (its table dealt, its words read)."""
    from game.client.scenes.lesson import start_lesson
    from game.mods.lessons import lessons_of

    scene = start_lesson(app, lessons_of(app.catalog)[0])
    scene.animator.speed = 0.0
    app.stack.apply_pending()
    session = scene.lesson_session
    while session.step is not None and session.step.do == "read":
        session.next_step()
    scene.animator.finish()
    return scene


STAGES: dict[str, Callable[[Any, int, int], Any]] = {
    "title": _title,
    "table": lambda app, seed, turns: staged_table(app, seed, turns),
    "wall": lambda app, seed, turns: app.open("wall", session=staged_table(app, seed, turns).session),
    "scores": _scores,
    "settings": lambda app, seed, turns: (staged_table(app, seed, turns), app.open("settings")),
    "mods": lambda app, seed, turns: (staged_table(app, seed, turns), app.open("mods")),
    "help": lambda app, seed, turns: (staged_table(app, seed, turns), app.open("help")),
    "saves": _saves,
    "replay": _replay,
    "stats": lambda app, seed, turns: _staged_stats(app, played_hands(staged_table(app, seed, turns), 3)),
    "new_game": _new_game,
    "rules": lambda app, seed, turns: (staged_table(app, seed, turns), app.open("rules")),
    "menu": lambda app, seed, turns: app.open("menu", table_scene=staged_table(app, seed, turns)),
    "game_over": lambda app, seed, turns: app.open(
        "game_over", session=played_hands(staged_table(app, seed, turns), 3)),
    "confirm": _quit,
    "name": _preset_name,
    "tile_picture": lambda app, seed, turns: (staged_table(app, seed, turns), app.open("tile_picture")),
    "rules_editor": _rules_editor,
    "lessons": lambda app, seed, turns: app.reset_to("lessons"),
    "lesson": _lesson,
    "why": lambda app, seed, turns: app.open("why", session=staged_table(app, seed, turns).session),
    "join": lambda app, seed, turns: (app.reset_to("title"), app.open("join")),
    "waiting_room": _waiting_room,
    "language": lambda app, seed, turns: (app.reset_to("title"), app.open("language")),
}
"""How each scene of the registry is set up for its picture: over the staged table where it opens over one."""

SCENES = tuple(REGISTRY)
"""Every scene :func:`stage_scene` can set up: the registry's (the screenshot contract's six first)."""


def stage_scene(app: Any, name: str, *, seed: int = 1, turns: int = 24) -> Any:
    """Put scene ``name`` on top of ``app``'s stack, set up deterministically, and return it."""
    if name not in STAGES:
        raise ValueError(_('unknown scene {name!r}: expected one of {join}').format(name=name, join=', '.join(SCENES)))
    STAGES[name](app, seed, turns)
    app.stack.apply_pending()
    return app.stack.top


def stage_ceremony(app: Any, seed: int, seconds: float, speed: float = 1.0) -> Any:
    """A table scene ``seconds`` into the animated opening ceremony of the hand dealt from ``seed``.

    The ceremony runs in fixed steps exactly as the game loop runs it, so the same arguments give the same
    picture (the washing, the dice, the breaking of the wall or the deal, depending on the time).
    """
    session = games.new_session(app, seed)
    session.options.animation_speed = speed
    scene: Any = app.reset_to("table", session=session)
    scene.animator.speed = speed
    scene.animator.show_dealing = True
    app.stack.apply_pending()
    for _unused in range(round(seconds * 60)):
        app.step(1 / 60)
    return scene
