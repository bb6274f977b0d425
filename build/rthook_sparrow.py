"""PyInstaller runtime hook: runs inside the executable before the game's first import.

pygame prints a greeting on import unless told not to; the executable's output is the game's own (``--selftest``
ends with ``selftest ok``). A windowed Windows build has no ``sys.stdout``/``sys.stderr`` at all, so they are
pointed at the null device before any library can write to them; ``game.logsetup`` then logs to a file.
No pydantic plugin can be installed into the executable, so pydantic is told not to search the bundle for one.
"""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "1")
if sys.stdout is None:
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the process
if sys.stderr is None:
    sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the process
