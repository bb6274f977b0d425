"""The pygame-ce client: the only package that imports pygame at module level.

``app.play(args)`` opens the window; ``app.App`` runs the fixed-step loop over a :class:`SceneStack`;
``game.session.driver.Session`` drives a match for the human and the computer seats; scenes draw it.
"""
