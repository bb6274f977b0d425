"""Keeping games between runs: the autosave of the game in progress, and which file Continue opens.

The autosave is written after every hand and when the game is left (the title, another game, quitting), with
the hand in progress and its actions so far; Continue reopens the game last played exactly where it was left.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.config import Settings
from game.errors import SaveError, error_text

if TYPE_CHECKING:
    from game.session.driver import Session
    from game.session.options import Options

# The game engine (under the session and the restore) is imported when a game is written or opened, not here:
# the title screen asks the keeper what Continue opens, and the engine costs ~100 ms at start-up.

log = logging.getLogger(__name__)


class Keeper:
    """The autosave and Continue for one saves folder.

    ``settings`` remembers which file Continue opens (``continue_from``) and ``save_settings`` writes it; ``mods``
    lists the loaded mods a save records. ``enabled`` is False for headless runs (screenshots, the self-test),
    which leave the player's autosave alone.
    """

    def __init__(self, saves: Path, settings: Settings, save_settings: Callable[[], None],
                 mods: Callable[[], list[dict[str, str]]], *, enabled: bool = True) -> None:
        self.saves = saves
        self.settings = settings
        self.save_settings = save_settings
        self.mods = mods
        self.enabled = enabled
        self.continue_error = ""
        """Why the last Continue could not open its game, for the title screen to show; "" when it could."""
        self.autosave_error = ""
        """Why the last autosave could not be written (what was not saved and where the previous copy is), for the
        title screen and the quit question to show; "" once an autosave succeeds."""

    @property
    def autosave_path(self) -> Path:
        from game.saves import AUTOSAVE_NAME, SAVE_SUFFIX

        return self.saves / f"{AUTOSAVE_NAME}{SAVE_SUFFIX}"

    def continue_path(self) -> Path | None:
        """The game Continue opens: the one last played, where it was left (the autosave, or a save that was
        opened and left as it was); None when there is none."""
        name = self.settings.continue_from
        if name:
            path = self.saves / name
            if path.is_file():
                return path
        path = self.autosave_path
        return path if path.is_file() else None

    def _continue_from(self, path: Path | None) -> None:
        """Remember which file in the saves folder holds the game last played."""
        if path is None or path.parent != self.saves:
            return
        if self.settings.continue_from != path.name:
            self.settings.continue_from = path.name
            self.save_settings()

    def autosave(self, session: Session) -> None:
        """Save the game in progress (after every hand and when leaving it), so Continue picks it up.

        A failure is never fatal, and never silent: the player is told at the table (a note), on the title and
        before quitting (:attr:`autosave_error`), so nothing is lost unawares.
        """
        if not self.enabled or session.ruleset is None:
            return
        from game.saves import write_autosave
        from game.session import notes
        from game.session.notes import Note

        try:
            written = write_autosave(self.saves, session.snapshot(mods=self.mods()))
        except (OSError, SaveError) as exc:
            log.warning("autosave to %s failed: %s", self.saves, exc)
            self.autosave_error = error_text(exc)
            session.tell(Note(notes.AUTOSAVE_FAILED, {"reason": self.autosave_error}))
            return
        self.autosave_error = ""
        session.mark_written(written)
        self._continue_from(written)

    def leave(self, session: Session) -> None:
        """The table closes (the title, another game, quitting): Continue will resume this game exactly here.

        The hand in progress is autosaved with its actions so far. A game opened from a save and left as it was
        is not written again: Continue opens that save, and the autosave keeps the game it held. A game not
        played at all leaves Continue with the game played before it.
        """
        if not self.enabled or session.ruleset is None:
            return
        if not session.unwritten:
            self._continue_from(session.source)
        elif session.progress != (0, 0, False):
            self.autosave(session)

    def open_continue(self, *, options: Options, catalog: Any, mods_dir: str | None, config_dir: str | None,
                      available_mods: set[str] | None) -> Session | None:
        """The game last played, reopened where it was left; None when there is none or it cannot be opened
        (then :attr:`continue_error` says why, and the file is left alone)."""
        from game.saves import AUTOSAVE_NAME, read_save
        from game.session import notes
        from game.session.notes import Note
        from game.session.restore import restore_session

        path = self.continue_path()
        self.continue_error = ""
        if path is None:
            return None
        try:
            saved = read_save(path)
            session, told = restore_session(saved, mods_dir, options=options, source=path.name,
                                            config_dir=config_dir, available_mods=available_mods, catalog=catalog)
        except Exception as exc:  # any save that does not restore is reported on the title and left alone
            log.warning("%s could not be opened: %s", path, exc)
            self.continue_error = error_text(exc).replace(str(path), path.name)
            return None
        session.save_name = "" if path.stem == AUTOSAVE_NAME else (saved.name or path.stem)
        session.mark_written(path)
        session.tell(told[0] if told else Note(notes.WELCOME_BACK))
        return session
