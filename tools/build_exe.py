"""Build the standalone executable: ``python tools/build_exe.py [--onefile] [--clean] [--console] [--no-measure]``.

Runs PyInstaller on ``build/sparrow.spec`` with the Python that runs this script (so use the project's venv),
with its work files in ``build/_work/`` and the result in ``dist/``:

- default: one folder, ``dist/sparrow/`` (the program is ``dist/sparrow/sparrow``, ``sparrow.exe`` on Windows);
- ``--onefile``: one self-extracting file, ``dist/sparrow-onefile`` (slower to start: it unpacks on every run).

Both carry the bundled mods, themes and assets and run from any folder. At the end it prints the size and the
measured time to first frame (``screenshot --scene title`` run headless from a temporary folder, as
``tools/benchmarks/startup.py`` measures the source). Works the same on Linux, macOS and Windows; on Windows the
program is windowed unless ``--console`` is given.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.benchmarks.startup import time_first_frame  # noqa: E402 - needs ROOT on sys.path
from tools.compile_catalogs import compile_all  # noqa: E402 - needs ROOT on sys.path

SPEC = ROOT / "build" / "sparrow.spec"
WORK = ROOT / "build" / "_work"
DIST = ROOT / "dist"
STARTUP_GOAL_S = 0.5
SIZE_GOAL_MB = 100.0


def program_path(onefile: bool) -> Path:
    """Where the built program is."""
    suffix = ".exe" if sys.platform == "win32" else ""
    return DIST / f"sparrow-onefile{suffix}" if onefile else DIST / "sparrow" / f"sparrow{suffix}"


def output_path(onefile: bool) -> Path:
    """What the build produces and what its size counts: the one file, or the whole folder."""
    return program_path(True) if onefile else DIST / "sparrow"


def size_bytes(path: Path) -> int:
    """Bytes on disk of a file or a folder's files (symbolic links count as links, not as their targets)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_symlink() or p.is_file())


def pyinstaller_command(onefile: bool, clean: bool, console: bool, verbose: bool) -> list[str]:
    """The PyInstaller command line; the spec reads the options after ``--``."""
    cmd = [sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm",
           "--workpath", str(WORK / ("onefile" if onefile else "onedir")), "--distpath", str(DIST),
           "--log-level", "INFO" if verbose else "WARN"]
    if clean:
        cmd.append("--clean")
    spec_options = [flag for flag, on in (("--onefile", onefile), ("--console", console)) if on]
    return [*cmd, "--", *spec_options] if spec_options else cmd


def build(onefile: bool, clean: bool = False, console: bool = False, verbose: bool = False) -> Path:
    """Build and return the program's path; raises SystemExit with PyInstaller's status when the build fails."""
    if importlib.util.find_spec("PyInstaller") is None:
        raise SystemExit(f"error: PyInstaller is not installed for {sys.executable}; "
                         "run scripts/setup-venv.sh and use .venv's python")
    if clean:
        shutil.rmtree(WORK / ("onefile" if onefile else "onedir"), ignore_errors=True)
    compile_all()  # the .mo files the program reads are built, never committed (game/locale/*/LC_MESSAGES)
    # ROOT as the working folder keeps PyInstaller's own stray files (none expected) inside the repository
    done = subprocess.run(pyinstaller_command(onefile, clean, console, verbose), cwd=ROOT, check=False)
    if done.returncode != 0:
        raise SystemExit(f"error: PyInstaller failed with exit status {done.returncode}")
    program = program_path(onefile)
    if not program.is_file():
        raise SystemExit(f"error: PyInstaller finished but {program} is missing")
    return program


def main(argv: list[str] | None = None) -> int:
    # the output is plain ASCII, so a Windows console or CI log in a legacy code page can show it
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="one self-extracting file instead of a folder")
    parser.add_argument("--clean", action="store_true", help="discard PyInstaller's caches and work files first")
    parser.add_argument("--console", action="store_true", help="Windows: a console program instead of a windowed one")
    parser.add_argument("--no-measure", action="store_true", help="skip the start-time measurement")
    parser.add_argument("--runs", type=int, default=5, metavar="N", help="start-time runs to measure (default 5)")
    parser.add_argument("--verbose", action="store_true", help="show PyInstaller's progress messages")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    program = build(args.onefile, args.clean, args.console, args.verbose)
    kind = "one file" if args.onefile else "one folder"
    print(f"built {program.relative_to(ROOT)} ({kind}) in {time.perf_counter() - started:.1f} s")
    size_mb = size_bytes(output_path(args.onefile)) / 1e6
    print(f"size: {size_mb:.1f} MB ({output_path(args.onefile).relative_to(ROOT)}; goal <= {SIZE_GOAL_MB:.0f} MB)")
    if args.no_measure:
        return 0
    windowed = sys.platform == "win32" and not args.console
    if windowed:
        print("time to first frame: not measured (a windowed Windows build prints nothing; build with --console)")
        return 0
    try:
        times = time_first_frame([str(program)], args.runs)
    except RuntimeError as exc:
        print(f"error: the built program does not start: {exc}", file=sys.stderr)
        return 1
    goal = ""
    if not args.onefile:  # the goal is for the folder build; the single file unpacks itself on every start
        goal = f"; goal <= {STARTUP_GOAL_S} s: {'met' if times.median <= STARTUP_GOAL_S else 'missed'}"
    print(f"time to first frame: {times.summary()}{goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
