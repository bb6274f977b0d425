"""The games the player plays, as the scenes start them: a new game from the settings, the table opened for a
game (with its autosave, statistics and voices), Continue, and a saved game opened from its file (the Open box, a
file dropped on the window, or ``sparrow FILE.sparrow`` from the command line or the file manager)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.client.scenes.base import Scene, SceneContext
    from game.session.driver import Session
    from game.session.notes import Note

# The session (and the whole game engine under it) is imported when a game starts: the title screen does not
# need it, and it costs ~60 ms at start-up.


def new_session(context: SceneContext, seed: int | None = None) -> Session:
    """A new game with the player's settings: their ruleset, opponents and names."""
    from game.session.driver import Session
    from game.session.options import Options, seat_names, seat_opponents

    settings = context.settings
    return Session.create(settings.ruleset, seed, context.mods_dir, catalog=context.catalog,
                          opponents=seat_opponents(settings), names=seat_names(settings),
                          options=Options.from_settings(settings))


def play(context: SceneContext, session: Session) -> Scene:
    """Open the table for ``session`` (new, continued or opened), with the autosave after every hand, the
    statistics (not for headless runs) and the players' voices."""
    keeper = context.keeper
    if keeper is not None:
        session.on_hand_finished.append(keeper.autosave)
    context.resources.apply_voices(session)
    if context.folders is not None and not context.headless:
        session.stats_folder = context.folders.config
    return context.reset_to("table", session=session)


def new_game(context: SceneContext, seed: int | None = None) -> Scene:
    """F2, or New Game's quick start: a new game with the settings, at the table."""
    return play(context, new_session(context, seed))


def continue_game(context: SceneContext) -> Scene | None:
    """Reopen the game last played where it was left; None when there is none to open (then
    ``context.continue_error`` says why)."""
    keeper = context.keeper
    if keeper is None:
        return None
    from game.saves import available_mod_ids
    from game.session.options import Options

    session = keeper.open_continue(options=Options.from_settings(context.settings), catalog=context.catalog,
                                   mods_dir=context.mods_dir, config_dir=context.config_dir,
                                   available_mods=available_mod_ids(context.catalog))
    context.continue_error = keeper.continue_error
    return play(context, session) if session is not None else None


def restore(context: SceneContext, path: str | Path) -> tuple[Session, list[Note]]:
    """The game saved in ``path``, with what is installed now, and what differs from when it was saved (a
    missing mod, a changed ruleset); :class:`~game.errors.SaveError` saying why when it cannot be opened."""
    from game.saves import available_mod_ids, read_save
    from game.session.options import Options
    from game.session.restore import restore_session

    source = Path(path)
    saved = read_save(source)
    session, warnings = restore_session(saved, context.mods_dir, options=Options.from_settings(context.settings),
                                        source=source.name, config_dir=context.config_dir,
                                        available_mods=available_mod_ids(context.catalog), catalog=context.catalog)
    session.save_name = saved.name or source.stem
    return session, warnings


def play_restored(context: SceneContext, session: Session, warnings: list[Note], path: str | Path) -> Scene:
    """The table for a game just restored from ``path``; the status bar says it was opened (or its first
    warning)."""
    from game.session import notes
    from game.session.notes import Note

    session.mark_written(path)
    session.tell(warnings[0] if warnings else Note(notes.GAME_OPENED, {"name": session.save_name}))
    return play(context, session)


def open_file(context: SceneContext, path: str | Path) -> Scene:
    """A saved game dropped on the window or named on the command line, opened at once (what differs from when
    it was saved is said on the status bar); :class:`~game.errors.SaveError` when it cannot be opened."""
    session, warnings = restore(context, path)
    return play_restored(context, session, warnings, path)
