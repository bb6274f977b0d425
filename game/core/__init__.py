"""The rules engine: pure Python, standard library only.

No pygame, no files, no clock and no global random: randomness arrives as a ``random.Random`` and the same
seed plus the same actions always give the same hand. Entry points:

* :mod:`game.core.tiles`: tile codes ``1B``…``JK``, count vectors.
* :mod:`game.core.melds`, :mod:`game.core.hand`: sets and every arrangement of a hand.
* :mod:`game.core.wall`: the wall ceremony (dice, breaking the wall, kong box, loose tiles, the deal).
* :mod:`game.core.table`: the hand as a state machine; ``legal_actions(seat)`` and ``apply(action)``
  returning :mod:`game.core.events`.
* :mod:`game.core.match`: East's rotation and the round wind over a whole game.
"""
