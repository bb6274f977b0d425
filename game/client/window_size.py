"""The window's size as a choice of the player's (issue 26: a UI scale for large or high-DPI screens): everything
is drawn on a 1280 × 720 table and scaled to the window, so a bigger window is a bigger game. The choices are
the table at 100, 125, 150 and 200 % (those that fit the screen) and "Fit the screen"; a size the player made by
dragging the window's edge is kept too (``settings.window_size``; none, the default, fits the screen).
"""

from __future__ import annotations

from game.client import layout
from game.i18n import _

SCALES = (100, 125, 150, 200)
FIT = "fit"
SCREEN_SHARE = 0.9
"""How much of the screen "Fit the screen" takes, leaving room for the taskbar and the title bar."""


def choices(desktop: tuple[int, int]) -> list[str]:
    """``fit`` and the percentages whose window fits on a screen of size ``desktop`` (100 % always)."""
    fitting = [str(k) for k in SCALES if k == SCALES[0] or (_scaled(k)[0] <= desktop[0] and
                                                             _scaled(k)[1] <= desktop[1] * SCREEN_SHARE)]
    return [FIT, *fitting]


def size_for(choice: str, desktop: tuple[int, int]) -> tuple[int, int]:
    """The window size for ``choice`` on a screen of size ``desktop``."""
    if choice == FIT:
        w, h = layout.LOGICAL
        scale = min(desktop[0] * SCREEN_SHARE / w, desktop[1] * SCREEN_SHARE / h)
        return (max(320, round(w * scale)), max(240, round(h * scale)))
    return _scaled(int(choice))


def current(size: tuple[int, int] | None, desktop: tuple[int, int]) -> str:
    """The choice that gives ``size`` (None: fit the screen); the size itself in words (``"1024 × 768"``) when
    none does."""
    if size is None:
        return FIT
    for choice in choices(desktop):
        if size_for(choice, desktop) == tuple(size):
            return choice
    return f"{size[0]} × {size[1]}"


def label(choice: str) -> str:
    """A choice as the Settings box shows it."""
    if choice == FIT:
        return _("Fit the screen")
    return _("{percent} %").format(percent=choice) if choice.isdigit() else choice


def _scaled(percent: int) -> tuple[int, int]:
    w, h = layout.LOGICAL
    return (w * percent // 100, h * percent // 100)
