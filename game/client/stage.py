"""Deterministic setups of every scene, for the ``screenshot`` command, the self-test and the tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def staged_table(app: Any, seed: int, turns: int) -> Any:
    """A table scene whose hand was dealt from ``seed`` with ``turns`` decisions played by computer players."""
    # Imported here, not at the top: ``screenshot --scene title`` measures the time to the first frame, and the
    # title does not need the game engine under the session (~60 ms).
    from game.client.scenes.table import TableScene
    from game.session.options import Options

    session = app.new_session(seed)
    session.options = Options(animation_speed=0.0, discard_delay=0.0, timer_bar=True, balloons=True)
    scene = TableScene(app, session)
    scene.animator.speed = 0.0
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    session.start()
    session.options.auto_play = True
    for _ in range(turns):
        if session.hand_over or session.table.phase == "over":
            break
        awaiting = session.table.awaiting()
        if not awaiting:
            break
        if awaiting[0] == 0 and session.table.phase == "turn" and _ < turns - 1:
            session.play_computer_turn(0)
        elif awaiting[0] == 0 and session.table.phase == "turn":
            break  # leave the human to discard: the picture shows their turn
        else:
            session.play_computer_turn(awaiting[0])
    session.options.auto_play = False
    session.delay = 0.0
    scene._pump()
    scene.animator.finish()
    scene.update(0.0)
    scene.animator.finish()
    scene.balloons = scene.balloons[-1:]
    return scene


SCENES = ("title", "table", "wall", "scores", "settings", "mods", "help", "saves", "replay", "stats", "new_game",
          "rules")
"""Every scene :func:`stage_scene` can set up (the screenshot contract's six first)."""


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
        table._pump()
        table.animator.finish()
        session.finish_hand()
        table._pump()
        table.animator.finish()
    table.scores_shown = True
    return session


def _staged_stats(app: Any, session: Any) -> Any:
    """The statistics box over the table, counting the staged game's hands in a throw-away statistics file."""
    import dataclasses
    import tempfile

    from game.client.scenes.stats import StatsScene
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
            return StatsScene(app, session)
        finally:
            app.folders = folders


def stage_scene(app: Any, name: str, *, seed: int = 1, turns: int = 24) -> Any:
    """Put scene ``name`` on top of ``app``'s stack, set up deterministically, and return it."""
    if name == "title":
        app.show_title()
        app.stack.apply_pending()
        return app.stack.top
    if name == "new_game":
        from game.client.scenes.new_game import NewGameScene

        app.show_title()
        app.stack.push(NewGameScene(app, seed=seed))
        app.stack.apply_pending()
        return app.stack.top
    table = staged_table(app, seed, turns)
    if name == "table":
        return table
    if name == "wall":
        app.show_wall(table)
    elif name == "scores":
        session = table.session
        session.play_to_end()
        table._pump()
        table.animator.finish()
        outcome = session.finish_hand()
        table.scores_shown = True
        table._refresh_buttons()  # as a frame would: the claim buttons of the staged turn give way to Next Hand
        app.show_scores(table, outcome)
    elif name == "settings":
        app.show_settings()
    elif name == "mods":
        app.show_mods()
    elif name == "help":
        app.show_help(table)
    elif name == "rules":
        from game.client.scenes.rules import RulesScene

        app.stack.push(RulesScene(app, from_scene=table))
    elif name == "saves":
        from game.client.scenes.saves import SavesScene

        table.session.save_name = "Staged game"
        app.stack.push(SavesScene(app, "save", table.session))
    elif name == "replay":
        from game.client.scenes.replay import ReplayScene

        session = played_hands(table, 1)
        scene = ReplayScene(app, session, 0)
        for _ in range(min(turns, scene.total_moves)):
            scene.forward()
        app.stack.push(scene)
    elif name == "stats":
        app.stack.push(_staged_stats(app, played_hands(table, 3)))
    else:
        raise ValueError(f"unknown scene {name!r}: expected one of {', '.join(SCENES)}")
    app.stack.apply_pending()
    return app.stack.top


def stage_ceremony(app: Any, seed: int, seconds: float, speed: float = 1.0) -> Any:
    """A table scene ``seconds`` into the animated opening ceremony of the hand dealt from ``seed``.

    The ceremony runs in fixed steps exactly as the game loop runs it, so the same arguments give the same
    picture (the washing, the dice, the breaking of the wall or the deal, depending on the time).
    """
    from game.client.scenes.table import TableScene

    session = app.new_session(seed)
    session.options.animation_speed = speed
    scene = TableScene(app, session)
    scene.animator.speed = speed
    scene.animator.show_dealing = True
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    for _ in range(round(seconds * 60)):
        app.step(1 / 60)
    return scene
