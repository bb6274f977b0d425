"""The Player protocol: what the table asks of a computer player (and of a human seat's controller).

A player sees only a :class:`game.core.view.PlayerView` and the list of legal actions, and returns one of
them; it never sees the table, so it cannot cheat by accident.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from game.core.actions import Action
from game.core.view import PlayerView


@runtime_checkable
class Player(Protocol):
    """Anything with an ``id`` and ``decide(view, legal_actions) -> Action``."""

    id: str

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal``."""
        ...
