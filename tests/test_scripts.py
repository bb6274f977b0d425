"""scripts/setup-venv.sh and scripts/play.sh: pip runs only when the venv is new or pyproject.toml changed.

The scripts run for real in a copy of the project's layout, with a fake ``python3`` that makes a fake venv whose
``python`` logs every call (``-m pip …``, ``-m game …``) instead of installing or playing anything.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform == "win32" or shutil.which("bash") is None,
                                reason="the scripts are bash scripts")

FAKE_PYTHON = """#!/usr/bin/env bash
# Logs its arguments; "-m venv DIR" makes DIR/bin/python a copy of this script; "-m pip install" fails when the
# file fail-pip exists next to the log, as pip does offline; "-c ..." answers as the importable game would.
here=$(dirname "$(readlink -f "$0")")
log="$FAKE_LOG"
echo "$*" >>"$log"
if [ "$1 $2" = "-m venv" ]; then
  mkdir -p "$3/bin" && cp "$0" "$3/bin/python" && chmod +x "$3/bin/python"
fi
if [ "$1 $2 $3" = "-m pip install" ] && [ -e "$(dirname "$log")/fail-pip" ]; then
  echo "ERROR: Could not find a version that satisfies the requirement" >&2
  exit 1
fi
if [ "$1" = "-c" ] && [ -e "$(dirname "$log")/not-importable" ]; then
  exit 1
fi
exit 0
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the scripts and pyproject.toml, with the fake python as $PYTHON."""
    (tmp_path / "scripts").mkdir()
    for name in ("setup-venv.sh", "play.sh"):
        shutil.copy(ROOT / "scripts" / name, tmp_path / "scripts" / name)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    fake = tmp_path / "fake-python"
    fake.write_text(FAKE_PYTHON)
    fake.chmod(0o755)
    return tmp_path


def run(project: Path, script: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "PYTHON": str(project / "fake-python"), "FAKE_LOG": str(project / "calls.log")}
    return subprocess.run(["bash", str(project / "scripts" / script)], env=env, capture_output=True, text=True,
                          timeout=60)


def calls(project: Path) -> list[str]:
    log = project / "calls.log"
    return log.read_text().splitlines() if log.exists() else []


def installs(project: Path) -> int:
    return sum(1 for line in calls(project) if line.startswith("-m pip install") and "-e" in line.split())


def test_setup__installs_once_then_not_again_until_pyproject_changes(project: Path) -> None:
    assert run(project, "setup-venv.sh").returncode == 0
    assert calls(project)[0] == "-m venv .venv"
    assert installs(project) == 1
    assert run(project, "setup-venv.sh").returncode == 0
    assert run(project, "setup-venv.sh").returncode == 0
    assert installs(project) == 1, calls(project)
    with (project / "pyproject.toml").open("a") as f:
        f.write("\n# a new dependency\n")
    assert run(project, "setup-venv.sh").returncode == 0
    assert installs(project) == 2
    assert [line for line in calls(project) if line.startswith("-m venv")] == ["-m venv .venv"]


def test_setup__a_failed_install_writes_no_stamp_and_is_tried_again(project: Path) -> None:
    (project / "fail-pip").touch()
    result = run(project, "setup-venv.sh")
    assert result.returncode != 0
    assert not (project / ".venv" / ".sparrow-installed").exists()
    (project / "fail-pip").unlink()
    assert run(project, "setup-venv.sh").returncode == 0
    assert (project / ".venv" / ".sparrow-installed").exists()
    assert installs(project) == 1
    assert run(project, "setup-venv.sh").returncode == 0
    assert installs(project) == 1


def test_play__a_warm_start_runs_the_game_without_pip(project: Path) -> None:
    assert run(project, "play.sh").returncode == 0
    before = len(calls(project))
    assert run(project, "play.sh").returncode == 0
    assert calls(project)[before:] == ["-m game"]


def test_play__offline_with_the_game_installed_still_starts(project: Path) -> None:
    assert run(project, "setup-venv.sh").returncode == 0
    with (project / "pyproject.toml").open("a") as f:
        f.write("\n# changed, and the network is gone\n")
    (project / "fail-pip").touch()
    result = run(project, "play.sh")
    assert result.returncode == 0
    assert "starting the game as it is installed" in result.stderr
    assert calls(project)[-1] == "-m game"


def test_play__offline_without_the_game_says_the_first_run_needs_the_network(project: Path) -> None:
    (project / "fail-pip").touch()
    (project / "not-importable").touch()
    result = run(project, "play.sh")
    assert result.returncode == 1
    assert "the first run needs the network" in result.stderr
    assert "-m game" not in calls(project)
