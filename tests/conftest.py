"""Shared test setup: headless SDL before anything imports pygame, the hypothesis profile, and no ERROR logs
allowed."""

from __future__ import annotations

import logging
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

from tests.tiers import register_profiles

register_profiles()


@pytest.fixture(autouse=True)
def _fail_on_error_logs(caplog: pytest.LogCaptureFixture):
    """An ERROR log during a test means something went wrong that the test did not check."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert not errors, f"unexpected ERROR logs: {[r.getMessage() for r in errors]}"
