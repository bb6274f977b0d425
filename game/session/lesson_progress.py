"""How far the player has come in each lesson: ``lessons.json`` in the config folder, written atomically.

A lesson left halfway is resumed at its step (the session replays the steps before it); a finished one is
marked done. A damaged file is set aside and the lessons start afresh: nothing else depends on it.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from game.storage import read_regular, set_aside, write_atomic

log = logging.getLogger(__name__)

PROGRESS_FILE = "lessons.json"
MAX_BYTES = 256 * 1024


@dataclass(frozen=True)
class Progress:
    step: int = 0
    """The step to resume at."""
    done: bool = False
    """The lesson has been finished at least once."""


def load_progress(folder: str | os.PathLike[str]) -> dict[str, Progress]:
    """Every lesson's progress by id ({} when there is none yet, or the file was damaged and set aside)."""
    path = Path(folder) / PROGRESS_FILE
    try:
        data = json.loads(read_regular(path, MAX_BYTES))
        lessons = data["lessons"]
        return {str(key): Progress(int(value.get("step", 0)), bool(value.get("done", False)))
                for key, value in lessons.items()}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("lesson progress in %s could not be read (%s); the lessons start afresh", path, exc)
        if path.is_file():
            set_aside(path)
        return {}


def save_progress(folder: str | os.PathLike[str], lesson_id: str, progress: Progress) -> None:
    """Record one lesson's progress, keeping the others'. Raises WriteError when it cannot be written."""
    everything = load_progress(folder)
    everything[lesson_id] = progress
    data = {"format": 1, "lessons": {key: {"step": p.step, "done": p.done} for key, p in sorted(everything.items())}}
    write_atomic(Path(folder) / PROGRESS_FILE, json.dumps(data, indent=1), what="the lesson progress")
