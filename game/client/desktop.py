"""Opening a folder in the system's file manager (About's Open buttons)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def launch(path: Path) -> None:
    """Hand ``path`` to the desktop's opener; OSError when there is none or it cannot start."""
    if sys.platform == "win32":
        os.startfile(path)  # type: ignore[attr-defined]  # exists on Windows only
        return
    opener = "open" if sys.platform == "darwin" else "xdg-open"
    if shutil.which(opener) is None:
        raise OSError(f"no program to open folders was found ({opener})")
    # Detached and silent: the file manager outlives the game and its chatter is not the game's.
    subprocess.Popen([opener, str(path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL, start_new_session=True)


def open_folder(path: Path) -> str:
    """Show ``path`` in the file manager, making it first when it does not exist yet (a saves folder before the
    first save); what the player is told afterwards."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        launch(path)
    except OSError as exc:
        return f"{path} could not be opened: {exc.strerror or exc}"
    return f"Opened {path}"
