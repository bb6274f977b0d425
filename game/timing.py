"""How long things take at the table: every pause of play named once, in seconds.

The player's settings (``game.config.Settings``) take their defaults from here, the session (``game.session``)
runs the pauses, the table scene shows them. Imports nothing from ``game``, so every layer may read it.
"""

from __future__ import annotations

DISCARD_DELAY = 0.9
"""How long a computer player's turn visibly takes before its discard (Settings: "Computer pause")."""
DRAW_DELAY_FACTOR = 0.6
"""A computer player's draw (or loose tile) pauses this part of the discard delay, so a turn reads draw, discard."""
WAIT_TIME = 2.5
"""The claim window: how long a discard waits for the human's claim, and how long the human may take their own
discard back (the original's wait time, Settings: "Claim wait time"; the timer bar shows it)."""
WAIT_TIME_MAX = 10.0
WAIT_TIME_STEP = 0.25
"""The wait time runs from 0 to 10 s in quarter seconds (Q-01; keypad + and - change it at the table)."""
END_OF_HAND_PAUSE = 1.4
"""How long a finished hand stays on the table, still, before the scores box opens."""
BALLOON_LIFE = 1.5
"""How long a speech balloon ("Pung!") stays over a player."""
BIG_BALLOON_LIFE = 2.6
"""A "Mah Jongg!" balloon stays longer."""
DEMO_BOX_SECONDS = 3.0
"""In the demo (Auto Play through the scores boxes) each scores box stays this long (the original's default, P-219)."""
ANIMATION_SPEED = 1.0
"""Tile movements at their normal speed (every tween's duration is divided by the speed; 0 is instant)."""
ANIMATION_SPEED_MAX = 3.0
ANIMATION_SPEED_STEP = 0.25
"""Tile speed runs up to 3x in quarter steps (the Settings slider; Ctrl+Keypad + and - at the table, P-61)."""
