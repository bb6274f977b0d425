"""Startup: wall time from starting the program to its first frame written, from source (``startup_s``).

The first frame is the title scene rendered headless by ``screenshot --scene title``: the same imports, mod
loading, display set-up, font and tile loading and first draw as opening the game, then the frame written to a
file instead of a window flipped. The file is a BMP (pygame picks the format from the name): writing it takes
4 ms, where compressing a 1280×720 PNG takes 0.4 s, which would swamp the figure.

The clock stops when the program reports the frame written (its ``wrote FILE`` line on standard error), not
when the process has exited: shutting down the interpreter and SDL afterwards takes another ~60 ms that no
player waits for in front of a blank window. The run must still end successfully and leave the picture.

Each run starts from a fresh temporary folder with fresh config and mods folders, so a player's settings or mods
do not change the figure. One warm-up run is left out of the figure (it mostly measures the disk cache). The
processor time of each whole run (user + system, where the platform reports it) is kept too: on a busy machine
it shows how much of the wall time was the program's own work.

``tools/build_exe.py`` uses the same measurement on the packaged executable.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
FIRST_FRAME_ARGS = ("screenshot", "--scene", "title")


@dataclass(frozen=True)
class StartupTimes:
    """Wall times in seconds: the cold first run, then the measured runs; ``cpu`` is per measured run."""

    cold: float
    runs: tuple[float, ...]
    cpu: tuple[float, ...] = ()

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    def summary(self) -> str:
        cpu = f"; processor time {statistics.median(self.cpu):.3f} s median" if self.cpu else ""
        return (f"{self.median:.3f} s median of {len(self.runs)} "
                f"({min(self.runs):.3f} to {max(self.runs):.3f} s; first, cold run {self.cold:.3f} s{cpu})")


def _children_cpu() -> float | None:
    """User + system time of finished child processes so far, or None where the platform has no such count."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def headless_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for a headless run: dummy SDL drivers and no pygame greeting."""
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.update(extra or {})
    return env


def time_first_frame(program: Sequence[str], runs: int, env: dict[str, str] | None = None) -> StartupTimes:
    """Run ``program screenshot --scene title`` ``runs + 1`` times from a temporary folder and time each run.

    ``program`` is the command that starts the game (``[sys.executable, "-m", "game"]`` or the executable).
    Raises RuntimeError with the program's own message when a run fails or writes no picture.
    """
    if runs < 1:
        raise ValueError(f"expected at least 1 run, got {runs}")
    times: list[float] = []
    cpu: list[float] = []
    with tempfile.TemporaryDirectory(prefix="sparrow-startup-") as tmp:
        work = Path(tmp)
        for i in range(runs + 1):
            out = work / f"frame{i}.bmp"
            cmd = [*program, "--config-dir", str(work / f"config{i}"), "--mods-dir", str(work / f"mods{i}"),
                   *FIRST_FRAME_ARGS, "--out", str(out)]
            cpu_before = _children_cpu()
            elapsed, done = _run_until_written(cmd, work, env or headless_env())
            if done.returncode != 0 or not out.is_file() or elapsed is None:
                message = (done.stderr or done.stdout).strip().splitlines()
                reason = message[-1] if message else f"exit status {done.returncode}"
                raise RuntimeError(f"first frame failed: {' '.join(cmd[:len(program)])} {' '.join(FIRST_FRAME_ARGS)}: "
                                   f"{reason}")
            times.append(elapsed)
            cpu_after = _children_cpu()
            if cpu_before is not None and cpu_after is not None:
                cpu.append(cpu_after - cpu_before)
    return StartupTimes(times[0], tuple(times[1:]), tuple(cpu[1:]))


def _run_until_written(cmd: list[str], cwd: Path, env: dict[str, str]
                       ) -> tuple[float | None, subprocess.CompletedProcess[str]]:
    """Run ``cmd`` to its end; the seconds until it printed its ``wrote`` line (None if it never did)."""
    started = time.perf_counter()
    process = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(120, process.kill)  # a hung program must not hang the benchmark
    watchdog.start()
    try:
        assert process.stderr is not None
        err: list[str] = []
        written = None
        for line in process.stderr:
            err.append(line)
            if line.startswith("wrote "):
                written = time.perf_counter() - started
                break
        out, rest = process.communicate()
    finally:
        watchdog.cancel()
    return written, subprocess.CompletedProcess(cmd, process.returncode, out, "".join(err) + rest)


def measure(quick: bool) -> dict[str, float]:
    """``startup_s``: median time to the first frame of ``python -m game`` from source."""
    env = headless_env({"PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))})
    times = time_first_frame([sys.executable, "-m", "game"], 3 if quick else 7, env)
    return {"startup_s": round(times.median, 4)}
