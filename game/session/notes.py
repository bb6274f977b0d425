"""What the session tells the player besides the engine's events: a code and the values it names, never words.

The session keeps everything the player has been told this hand, in order (:attr:`Session.told`): the engine's
events, the table's refusals (``game.core.refusals.Refusal``) and these notes. The client words them (the status
bar shows the latest one that has words); the client may add notes of its own with codes of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Note:
    """Something to tell the player: :attr:`code` (a constant below, or one of the client's) and its values."""

    code: str
    data: Mapping[str, Any] = field(default_factory=dict)


HAND_STARTED = "hand_started"
"""M1 at the start of every hand: ``seat_wind``, ``round_wind`` (0–3) and the ``wild`` tile of a goulash or None."""
QUICK_TIP = "quick_tip"
"""QuickTip's advice on the human's turn (M3): the AI's ``reason``."""
HAND_FINISHED = "hand_finished"
"""The hand ended: its ``outcome`` (a :class:`~game.session.outcome.HandOutcome`)."""
NO_SETTLEMENT = "no_settlement"
"""M13: the hand was scored but no points moved, because all hands were visible."""
MISSED_MAH_JONGG = "missed_mah_jongg"
"""The human let a winning tile go: the ``seat`` that discarded it and the ``tile``, or ``robbing`` a kong."""
WELCOME_BACK = "welcome_back"
"""A game continued from the autosave goes on where it was left."""
MOD_MISSING = "mod_missing"
"""A restored game used mod ``mod``, which is not installed; every saved hand replayed without it."""
RULESET_CHANGED = "ruleset_changed"
"""A restored game's ruleset changed since it was saved (``change`` says how); every saved hand replayed the same."""
GAME_OPENED = "game_opened"
"""A saved game was opened: its ``name``."""
AUTOSAVE_FAILED = "autosave_failed"
"""The game could not be autosaved: the ``reason`` says what was not saved and where the previous copy is."""
STATISTICS_PROBLEM = "statistics_problem"
"""The statistics file was damaged (set aside, restored from a backup) or could not be saved: ``problems``, each
saying what happened and where the files are."""
GAME_SAVED = "game_saved"
"""The game was saved under ``name``."""
NO_DECLARATION = "no_declaration"
"""The human asked to declare a ready hand (R) but may not: the ``kind`` of declaration (``standing``, ``ready``,
``riichi`` or ``""``) and ``why``: ``no_declaration``, ``not_your_turn``, ``declared``, ``first_discard_only``,
``not_concealed`` or ``not_ready``."""
DECLARING = "declaring"
"""The human's next discard declares: the ``kind`` of declaration, whether any tile may go with it (``bluff``) and
whether some discard leaves the hand really ``ready``."""
NOT_DECLARING = "not_declaring"
"""The human took back a declaration they had asked for: its ``kind``."""
NO_DECLARING_DISCARD = "no_declaring_discard"
"""The human chose ``tile`` to discard with a declaration, but it would not leave the hand ready: the ``kind``."""
NO_RESTART = "no_restart"
"""F4 after a hand has ended: a finished hand is not restarted (F3 deals the next one)."""
PRACTICE_FINISHED = "practice_finished"
"""A deal played again has ended: it was scored but is not counted in the game."""
LESSON_NOT_SAVED = "lesson_not_saved"
"""How far the player came in a lesson could not be written: the ``problem`` says what and why."""
