"""Shared test setup: headless SDL before anything imports pygame, default folders of the test's own, the
hypothesis profile, and no ERROR logs allowed."""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import tempfile

import pytest

from tests.tiers import register_profiles

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The game's default folders (settings, saves, the player's own mods) are a fresh one per test process, for the
# commands these processes start too: no test reads the developer's own mods or writes beside their saves, and
# parallel workers share nothing there.
_DEFAULT_HOME = tempfile.mkdtemp(prefix="sparrow-tests-")
atexit.register(shutil.rmtree, _DEFAULT_HOME, ignore_errors=True)
for _variable, _folder in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")):
    os.environ[_variable] = os.path.join(_DEFAULT_HOME, _folder)

register_profiles()


@pytest.fixture(autouse=True)
def _fail_on_error_logs(caplog: pytest.LogCaptureFixture):
    """An ERROR log during a test means something went wrong that the test did not check."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert not errors, f"unexpected ERROR logs: {[r.getMessage() for r in errors]}"
