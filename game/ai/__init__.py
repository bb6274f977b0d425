"""Computer players: one decision engine driven by personality data, plus reference bots for measurement.

* :mod:`game.mods.personalities` (in the mods layer, with the other record schemas): the ``ai/*.yaml``
  personality schema and its loader.
* :mod:`game.ai.base`: the Player protocol, ``decide(view, legal_actions) -> Action``.
* :mod:`game.ai.engine`: the decision engine every personality uses.
* :mod:`game.core.special_distance`: distance from a hand to the ruleset's special hands (used by the engine).
* :mod:`game.ai.bots`, :mod:`game.ai.reference`: the reference bots ``random``, ``greedy`` and ``efficient``.

:func:`create_player` makes a player from an id: a reference bot, a personality id from the enabled mods, or a
personality with modifiers added, ``expert+scatterbrain``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.base import Player
from game.ai.bots import REFERENCE_BOTS
from game.ai.engine import EnginePlayer
from game.ai.reference import EfficientBot
from game.core.ruleset import Ruleset
from game.core.special_distance import prepare
from game.i18n import L_
from game.mods import list_personalities
from game.mods.personalities import MODIFIERS, Personality

__all__ = ["create_player", "personality_ids"]


def _personalities(mods_dir: str | None = None) -> dict[str, Personality]:

    return {p.id: p for p in list_personalities(mods_dir)}


def personality_ids(mods_dir: str | None = None) -> list[str]:
    """The ids of every personality in the enabled mods."""
    return sorted(_personalities(mods_dir))


def create_player(player_id: str, *, rng: random.Random, ruleset: Ruleset | None = None,
                  mods_dir: str | None = None, personalities: Sequence[Personality] | None = None) -> Player:
    """A computer player by id: ``random``, ``greedy``, ``efficient``, or a personality (``+modifier`` allowed).

    ``personalities`` overrides the ones found in the mods (tests and tools pass their own).
    """
    if player_id in REFERENCE_BOTS:
        return REFERENCE_BOTS[player_id](rng)
    if player_id == "efficient":
        return EfficientBot(rng)
    base, *mods = player_id.split("+")
    known = {p.id: p for p in personalities} if personalities is not None else _personalities(mods_dir)
    if base not in known:
        choices = ", ".join(["efficient", *sorted(REFERENCE_BOTS), *sorted(known)])
        raise ValueError(L_("unknown player {id}: expected one of {known}", id=repr(player_id), known=choices))
    unknown = [m for m in mods if m not in MODIFIERS]
    if unknown:
        raise ValueError(L_("unknown modifier {modifier} in {id}: expected one of {known}", modifier=repr(unknown[0]),
                            id=repr(player_id), known=", ".join(MODIFIERS)))
    personality = known[base]
    if mods:
        merged = tuple(dict.fromkeys((*personality.modifiers, *mods)))
        personality = personality.model_copy(update={"modifiers": merged, "id": player_id.replace("+", "_")})
    if ruleset is not None and ruleset.special_hands:
        prepare(ruleset.special_hands)  # now, while the game is set up, not in its first moves
    return EnginePlayer(personality, rng, ruleset)
