"""How much work the tests do: the hypothesis profiles, and the counts that follow them.

The default run loads the ``dev`` profile, where a property test tries a tenth of its examples, so the fast tier
answers in minutes; ``.ci/run`` loads ``ci`` (``--hypothesis-profile=ci``, or ``HYPOTHESIS_PROFILE=ci``), where
each test tries its full count. A test that asks for more than hypothesis's usual 100 examples, or loops over
seeded random hands itself, says how many it wants under ``ci`` with :func:`examples`.
"""

from __future__ import annotations

import os

from hypothesis import settings

CI_EXAMPLES = 100
"""Hypothesis's own default: what a property test without its own count tries under ``ci``."""
DEV_EXAMPLES = 10


def register_profiles() -> None:
    """Register ``dev`` and ``ci`` and load the one ``HYPOTHESIS_PROFILE`` names (``dev`` when unset); pytest's
    ``--hypothesis-profile`` option, read after this, wins."""
    settings.register_profile("ci", max_examples=CI_EXAMPLES)
    settings.register_profile("dev", max_examples=DEV_EXAMPLES)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def examples(full: int) -> int:
    """``full`` under the ``ci`` profile; the same share of it as the loaded profile's examples are of ``ci``'s
    (a tenth under ``dev``), and never fewer than 5."""
    return max(5, full * settings.default.max_examples // CI_EXAMPLES)
