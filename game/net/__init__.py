"""Network play: a table server on asyncio and ``websockets`` (:mod:`~game.net.server`), the messages it speaks
(:mod:`~game.net.protocol`) and what each seat may see of the events (:mod:`~game.net.filter`).

It imports no pygame: the server runs headless (``sparrow serve``) or inside the client's process when it hosts.
"""
