"""The headless driver of one game: the match, the timers, the human's commands, saving and restoring.

It imports no pygame and no ``game.client``; what it has to say it says as data (events, refusals and
:mod:`notes <game.session.notes>`), and the client words it. Modules: :mod:`~game.session.driver` (``Session``),
:mod:`~game.session.options`, :mod:`~game.session.outcome`, :mod:`~game.session.players` (computer players and the
illegal-action fallback), :mod:`~game.session.rules`, :mod:`~game.session.restore` and
:mod:`~game.session.keeper` (statistics, the autosave, Continue). The pauses of play are in :mod:`game.timing`.

Nothing is imported here: the client's title screen must not pay for the game engine at start-up.
"""
