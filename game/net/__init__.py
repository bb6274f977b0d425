"""Network play: the messages (:mod:`~game.net.protocol`), one table played by remote and computer players over a
session (:mod:`~game.net.table`), what each seat may be told of it (:mod:`~game.net.filter`), the WebSocket server
on asyncio and ``websockets`` (:mod:`~game.net.server`), setting a table up to host with its autosave
(:mod:`~game.net.hosting`) and a computer player that joins a table as a client (:mod:`~game.net.remote_player`).

It imports no pygame: the server runs headless (``sparrow serve``) or inside the client's process when it hosts.
The protocol is described, with a JSON Schema per message, in ``docs/network.md``.
"""
