"""Computer players: one decision engine driven by personality data, plus reference bots for measurement.

* :mod:`game.ai.personality`: the ``ai/*.yaml`` personality schema and its loader.
* :mod:`game.ai.base`: the Player protocol, ``decide(view, legal_actions) -> Action``.
* :mod:`game.ai.engine`: the decision engine every personality uses.
* :mod:`game.ai.bots`: the reference bots ``random``, ``greedy`` and ``efficient``.
"""
