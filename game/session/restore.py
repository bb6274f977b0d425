"""A game rebuilt from a save: the ruleset it names, every saved action replayed, the hand in progress too."""

from __future__ import annotations

import dataclasses
from typing import Any

from game.errors import SaveError, error_text
from game.i18n import _
from game.session import notes
from game.session.driver import Session
from game.session.notes import Note
from game.session.options import Options
from game.session.players import personalities_of
from game.session.rules import load_game_rules


def restore_session(saved: Any, mods_dir: str | None = None, *, options: Options | None = None,
                    source: str = "the save", config_dir: str | None = None,
                    available_mods: set[str] | None = None, catalog: Any = None) -> tuple[Session, list[Note]]:
    """The session a save describes, and notes on what differs (mods it used that are missing but were not needed,
    a ruleset changed since, whose saved hands all replay the same).

    Raises :class:`SaveError` saying what is missing or wrong when the game cannot be rebuilt: the ruleset is
    not available, or the actions do not replay (then the missing mods are named, as the likely cause).
    """
    from game.saves import missing_mods, restore, ruleset_note

    missing = missing_mods(saved, available_mods) if available_mods is not None else []
    try:
        ruleset, rules, judge = load_game_rules(saved.ruleset, mods_dir, strict=True, config_dir=config_dir,
                                                catalog=catalog)
    except SaveError as exc:
        extra = _(' (missing mods: {join})').format(join=', '.join(missing)) if missing else ""
        raise SaveError(f"{error_text(exc)}{extra}") from None
    start_score = saved.settings.get("start_score", rules.start_score)
    if isinstance(start_score, int) and not isinstance(start_score, bool):
        rules = dataclasses.replace(rules, start_score=start_score)
    changed = ruleset_note(saved, ruleset)
    try:
        match = restore(saved, rules, judge, source)
    except SaveError as exc:
        causes = ([_('Missing mods: {join}.').format(join=', '.join(missing))] if missing else []) + \
            ([f"{changed[0].upper()}{changed[1:]}."] if changed else [])
        if causes:
            raise SaveError(" ".join([error_text(exc), *causes])) from None
        raise
    opponents = [p for p in saved.players if p != "human"][:3]
    session = Session(ruleset=ruleset, rules=rules, judge=judge, seed=saved.seed, opponents=opponents,
                      names=list(saved.names), options=options, match=match,
                      personalities=personalities_of(catalog) if catalog is not None else None)
    session.save_name = saved.name
    session.show_all_used = bool(saved.settings.get("show_all_used", False)) if session.table else False
    # The replay matched every recorded hand, so the game is the same one despite these differences.
    told = [Note(notes.MOD_MISSING, {"mod": mod_id}) for mod_id in missing]
    if changed:
        told.append(Note(notes.RULESET_CHANGED, {"change": changed}))
    return session, told
