"""The player's in-game options, as the session runs them."""

from __future__ import annotations

from dataclasses import dataclass

from game import timing


@dataclass
class Options:
    """The player's in-game options (the original's Options menu and General Setup).

    The defaults are the settings' (``game.config.Settings``), which take theirs from :mod:`game.timing`; the
    client copies the player's settings in (``game.client.settings``)."""

    wait_time: float = timing.WAIT_TIME
    """Seconds the human has to claim a discard (timer bar); 0–10 in steps of 0.25 (Q-01)."""
    discard_delay: float = timing.DISCARD_DELAY
    """Seconds a computer player's turn visibly takes."""
    ask_first: bool = True
    show_all: bool = False
    quick_tip: bool = False
    timer_bar: bool = True
    balloons: bool = True
    auto_play: bool = False
    animation_speed: float = timing.ANIMATION_SPEED
    """Animation speed; 0 is instant."""
