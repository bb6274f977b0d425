"""Shared test setup: headless SDL before anything imports pygame, default folders of the test's own, the
hypothesis profile, no ERROR logs, and no WARNING of the client but the expected ones."""

from __future__ import annotations

import atexit
import logging
import os
import re
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

# The command line speaks the developer's language (LANGUAGE, LANG) unless told otherwise: the tests read its
# English, so they choose English the way a player would, and a test of another language says so itself.
os.environ["LANGUAGE"] = "en"
os.environ.pop("SPARROW_LANGUAGE", None)

register_profiles()


LOUD = ("game.client", "game.session")
"""Where a WARNING fails the test too: a fallback there hides a bug from the player unless it is one of these."""
EXPECTED_WARNINGS: tuple[tuple[str, str, str], ...] = (
    ("game.session.keeper", r"could not be opened: ",
     "Continue with a corrupt or unreadable autosave: the title says why and leaves the file alone"),
    ("game.client.resources", r"^The tile set .+ could not be read: .+ — using the default$",
     "a broken tile set chosen in the settings: the title tells the player and the drawn faces are used"),
    ("game.client.resources", r"^The theme '.+' is not installed — using ",
     "the theme in use was disabled in the mod manager: the default theme takes over, and the player is told"),
    ("game.client.resources", r"^The theme's \w+ font .+ (is missing|cannot be used: .+) — using the house font$",
     "a theme's font file that is missing or no font: the title tells the player and the house font draws"),
    ("game.session.keeper", r"^autosave to .+ failed: could not save the autosave: ",
     "a full disk or a read-only saves folder: the table, the title and the quit question tell the player"),
    ("game.client.audio", r"^sound is off: the audio device could not be opened",
     "a machine without a sound device: the game plays muted"),
)
"""The client's warnings some tests bring about on purpose: (logger, message pattern, why it is expected)."""


def _expected(record: logging.LogRecord) -> bool:
    return any(record.name == name and re.search(pattern, record.getMessage())
               for name, pattern, _why in EXPECTED_WARNINGS)


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """Every test ends in English, whatever language it chose: three tests that switch the game to German through
    its settings left it so, and the next test on the same worker that reads English tile names failed, or not,
    as the workers happened to share out the tests."""
    from game import i18n

    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


@pytest.fixture(autouse=True)
def _fail_on_error_logs(caplog: pytest.LogCaptureFixture):
    """An ERROR log during a test means something went wrong that the test did not check; so does a WARNING of
    the client or the session that is not one of the expected fallbacks (a fallback must not hide a bug)."""
    caplog.set_level(logging.WARNING)
    yield
    records = caplog.get_records("call")
    errors = [r for r in records if r.levelno >= logging.ERROR]
    assert not errors, f"unexpected ERROR logs: {[r.getMessage() for r in errors]}"
    loud = [r for r in records if r.levelno == logging.WARNING and r.name.startswith(LOUD) and not _expected(r)]
    assert not loud, f"unexpected WARNING logs of the client: {[f'{r.name}: {r.getMessage()}' for r in loud]}"
