"""Run the command line inside the test process: what ``python -m game ARGS`` prints and returns, without paying
for a new interpreter, its imports and its own catalog on every call (a few subprocess smoke tests keep the
real entry point honest)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from game import cli

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Ran:
    """A finished command: its exit status and everything it printed (as ``subprocess.run`` reports them)."""

    returncode: int
    stdout: str
    stderr: str


def sparrow(*argv: str, stdin: str = "") -> Ran:
    """Run ``python -m game ARGV`` in this process, with ``stdin`` as its standard input."""
    out, err = io.StringIO(), io.StringIO()
    real_stdin, sys.stdin = sys.stdin, io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = cli.run(list(argv))
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.stdin = real_stdin
    return Ran(code, out.getvalue(), err.getvalue())


def sparrow_process(*argv: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``python -m game ARGV`` as its own process, headless, from the repository folder: the real entry
    point, for the smoke tests."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "-m", "game", *argv], input=stdin, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
