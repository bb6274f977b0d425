"""The rules a game is played by: the ruleset, its play rules and its judge, from the mods."""

from __future__ import annotations

import logging
from typing import Any

from game.core.judge import RegularJudge
from game.core.play_rules import PlayRules
from game.errors import SaveError, SparrowError
from game.i18n import _

log = logging.getLogger(__name__)


def load_game_rules(ruleset_id: str, mods_dir: str | None = None, *, strict: bool = False,
                    config_dir: str | None = None, catalog: Any = None) -> tuple[Any, PlayRules, Any]:
    """The ruleset, its play rules and its judge; the built-in classic play with no scoring if it cannot load.

    ``catalog`` (the client's, rebuilt whenever mods change) is where the ruleset is looked up; without one the
    mods in ``mods_dir`` and ``config_dir`` are read afresh. ``strict`` (opening a save) raises
    :class:`SaveError` naming the ruleset instead: a saved game replayed under other rules would be another game.
    """
    try:
        from game.mods import rules_for

        ruleset, judge = rules_for(ruleset_id, mods_dir, config_dir, catalog=catalog)
        return ruleset, ruleset.play, judge
    except (SparrowError, OSError, ValueError, LookupError) as exc:
        # The table must open even while rulesets are broken or missing.
        if strict:
            raise SaveError(_('the game needs the ruleset {ruleset_id!r}, which is not available: {exc}').format(
                    ruleset_id=ruleset_id, exc=exc)) from None
        log.warning("ruleset %r could not be loaded (%s); playing without scoring", ruleset_id, exc)
        return None, PlayRules(), RegularJudge()
