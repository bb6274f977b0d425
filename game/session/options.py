"""The player's in-game options, as the session runs them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.config import Settings
from game.i18n import N_, _

DEFAULT_NAMES = (N_("You"), N_("Elaine"), N_("Eric"), N_("Gaby"))
"""Who sits at the table when nobody was named: you, then the three computer players from your right."""
DEFAULT_OPPONENTS = ("defensive", "expert", "beginner")
"""The computer players' personalities when the player has not chosen any (right, opposite, left)."""


def _setting(key: str) -> Any:
    """The default of setting ``key``: the one home of every option's default."""
    return Settings.model_fields[key].default


@dataclass
class Options:
    """The player's in-game options (the original's Options menu and General Setup).

    The defaults are the settings' (``game.config.Settings``, whose timings come from :mod:`game.timing`);
    :meth:`from_settings` copies the player's own settings in. Show All Hands and Auto Play belong to the game in
    progress only."""

    wait_time: float = _setting("wait_time")
    """Seconds the human has to claim a discard (timer bar); 0–10 in steps of 0.25 (Q-01)."""
    discard_delay: float = _setting("discard_delay")
    """Seconds a computer player's turn visibly takes."""
    ask_first: bool = _setting("ask_first")
    show_all: bool = False
    quick_tip: bool = _setting("quick_tip")
    timer_bar: bool = _setting("timer_bar")
    balloons: bool = _setting("speech_balloons")
    auto_play: bool = False
    demo: bool = False
    """With Auto Play: the scores boxes go on by themselves too, hand after hand (the original's demo, P-219)."""
    animation_speed: float = _setting("animation_speed")
    """Animation speed; 0 is instant."""

    @classmethod
    def from_settings(cls, settings: Settings) -> Options:
        """The options a new game starts with, from the player's settings."""
        return cls(**{option: getattr(settings, key) for option, key in SETTING_OF_OPTION.items()})

    def follow(self, settings: Settings, key: str) -> None:
        """Take setting ``key``'s new value when it is one of the options (a change in the Settings box)."""
        for option, setting in SETTING_OF_OPTION.items():
            if setting == key:
                setattr(self, option, getattr(settings, key))


SETTING_OF_OPTION = {"wait_time": "wait_time", "discard_delay": "discard_delay", "ask_first": "ask_first",
                     "quick_tip": "quick_tip", "timer_bar": "timer_bar", "balloons": "speech_balloons",
                     "animation_speed": "animation_speed"}
"""The options that are also settings, with the settings' name for each (Show All Hands and Auto Play belong to
the game in progress only)."""


def seat_names(settings: Settings) -> list[str]:
    """The four names at the table: the player's, then the opponents' (the defaults where none was given)."""
    others = list(settings.opponent_names)[:3]
    # The default names are the game's words, in the language of the moment ("You" is "Du", "你"); a name the
    # player typed is theirs and stays as typed.
    player = _(settings.player_name) if settings.player_name == DEFAULT_NAMES[0] else settings.player_name
    return [player, *others, *(_(name) for name in DEFAULT_NAMES[1 + len(others):])]


def seat_opponents(settings: Settings) -> list[str]:
    """The three computer players' personality ids, the defaults filling the seats the player left open."""
    return (list(settings.opponents) + list(DEFAULT_OPPONENTS))[:3]
