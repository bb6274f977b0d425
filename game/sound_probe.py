"""Decode sounds in a child process, so a file that crashes or swamps the decoder ends only the child.

The parent (:func:`decode_in_child`) starts ``python -m game --probe-sounds REPORT FILE...`` (the packaged
executable: ``sparrow --probe-sounds REPORT FILE...``) and reads the report file as it grows, one JSON line per
sound (a file, not the child's output: a windowed program on Windows has no standard output). The child
(:func:`main`) runs under a memory and processor-time limit, decodes each sound with pygame's mixer on SDL's
dummy driver, and says why it cannot be played, if it cannot. A file that kills the child (SDL_mixer aborts on
some damaged files), or that the child is still decoding after :data:`FILE_SECONDS`, is judged by that; the rest
get a new child.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

FLAG = "--probe-sounds"
FILE_SECONDS = 10.0
"""The longest one file may take to decode (a long piece of music decodes in about a second)."""
BATCH_SECONDS = 3 * FILE_SECONDS
"""The longest the files of one check may take together once a child has failed on one of them."""
MEMORY_BYTES = 1024 * 1024 * 1024
"""The child's address space: a sound that needs more to decode is refused."""
LONGEST_SECONDS = 30 * 60.0


def command(report: Path, paths: list[Path]) -> list[str]:
    """How to start the child: the same program, with :data:`FLAG` first."""
    frozen = bool(getattr(sys, "frozen", False))
    return [sys.executable, *([] if frozen else ["-m", "game"]), FLAG, str(report), *map(str, paths)]


def _environment() -> dict[str, str]:
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if not getattr(sys, "frozen", False):
        # The game's package must be importable in the child from any working folder.
        root = str(Path(__file__).resolve().parents[1])
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    return env


@dataclass(frozen=True)
class Verdict:
    """What the child said about one file."""

    problem: str | None
    """Why the sound cannot be played; None: it can."""
    key: str | None = None
    """The content hash of the bytes the child decoded (None when it crashed or ran out of time on them)."""
    final: bool = True
    """False when no child could be started: nothing was learnt about the file, ask again next time."""


def decode_in_child(paths: list[Path]) -> dict[Path, Verdict]:
    """A :class:`Verdict` for every file in ``paths``, from as few children as the files allow. After
    :data:`BATCH_SECONDS` the files not yet judged are refused for now (a pack of files that each hang the decoder
    must not stall the game for minutes); they are judged again next time."""
    result: dict[Path, Verdict] = {}
    remaining = list(paths)
    start = time.monotonic()
    while remaining:
        if time.monotonic() - start > BATCH_SECONDS:
            late = Verdict(f"not checked: the sound check took more than {BATCH_SECONDS:.0f} s; check the mod again",
                           final=False)
            result.update((path, late) for path in remaining)
            break
        answers, stopped = _run(remaining)
        result.update(zip(remaining, answers, strict=False))
        remaining = remaining[len(answers):]
        if remaining:  # the file the child was on when it stopped
            result[remaining[0]] = stopped
            remaining = remaining[1:]
    return result


def _run(paths: list[Path]) -> tuple[list[Verdict], Verdict]:
    """Decode ``paths`` in one child until it ends; returns the verdicts it gave and, when it stopped before the
    last file, the verdict on the file it stopped at."""
    with tempfile.TemporaryDirectory(prefix="sparrow-sounds-") as folder:
        report = Path(folder) / "verdicts.jsonl"
        report.touch()
        try:
            child = subprocess.Popen(command(report, paths), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, env=_environment(),
                                     creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0))
        except OSError as exc:
            return [], Verdict(f"the sound cannot be checked: {exc.strerror or exc}", final=False)
        try:
            with report.open("rb") as feed:
                return _follow(child, feed, len(paths))
        finally:
            if child.poll() is None:
                child.kill()
            child.wait()


def _follow(child: subprocess.Popen[bytes], feed: BinaryIO, count: int) -> tuple[list[Verdict], Verdict]:
    answers: list[Verdict] = []
    pending = b""
    last = time.monotonic()
    while len(answers) < count:
        ended = child.poll() is not None  # read once more after the end: the last lines may have come with it
        chunk = feed.read()
        if chunk:
            last = time.monotonic()
            *lines, pending = (pending + chunk).split(b"\n")
            for line in lines:
                with contextlib.suppress(ValueError, TypeError, KeyError, AttributeError):
                    reply = json.loads(line)
                    answers.append(Verdict(reply["problem"], str(reply["key"])))
        elif ended:
            break
        elif time.monotonic() - last > FILE_SECONDS:
            return answers, Verdict(f"the file takes more than {FILE_SECONDS:.0f} s to decode")
        else:
            time.sleep(0.01)
    if len(answers) >= count:
        return answers[:count], Verdict(None)
    code = child.wait()
    how = f"signal {-code}" if code < 0 else f"exit status {code}"
    return answers, Verdict(f"the file crashes the sound decoder ({how})")


def _limit_resources() -> None:
    try:
        import resource
    except ImportError:  # Windows: the parent's time limit still holds
        return
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    with contextlib.suppress(ValueError, OSError):
        limit = int(FILE_SECONDS * 4)
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit))


def _verdict(pygame: Any, data: bytes, kept: list[object]) -> str | None:
    try:
        sound = pygame.mixer.Sound(file=io.BytesIO(data))
    except (pygame.error, ValueError, OSError, MemoryError) as exc:
        return f"expected a WAV, OGG, FLAC or MP3 sound, the file cannot be decoded ({exc})"
    kept.append(sound)  # SDL_mixer frees some empty sounds twice: the child ends without freeing any
    length = sound.get_length()
    if length <= 0:
        return "expected a sound, the file decodes to silence of length 0"
    if length > LONGEST_SECONDS:
        return f"expected a sound of at most {LONGEST_SECONDS / 60:.0f} minutes, got {length / 60:.0f}"
    return None


def main(args: list[str]) -> int:
    """The child: ``REPORT FILE...``; one JSON line per file, ``{"key", "problem"}``, appended to the report, then
    exit without freeing the sounds."""
    _limit_resources()
    os.environ.update(SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    import hashlib

    import pygame

    pygame.mixer.init(22050, -16, 2, 512)
    kept: list[object] = []
    with open(args[0], "a", encoding="utf-8") as report:
        for name in args[1:]:
            try:
                data = Path(name).read_bytes()
            except OSError as exc:
                reply: dict[str, Any] = {"key": "", "problem": f"cannot read the file: {exc.strerror or exc}"}
            else:
                reply = {"key": hashlib.blake2b(data, digest_size=16).hexdigest(),
                         "problem": _verdict(pygame, data, kept)}
            report.write(json.dumps(reply) + "\n")
            report.flush()
    os._exit(0)
