"""A computer player sitting at a network table as a client: it joins like a person, decides from the ``view``
messages it is sent (rebuilt into the engine's view, so it decides as it would at a local table) and sends its
actions. The tests and ``tools/bench.py`` seat four of them; it also shows a client author the whole exchange.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.ai.base import Player
from game.core.actions import action_to_text
from game.net import protocol as pr
from game.net.filter import legal_actions, player_view


@dataclass
class RemotePlayer:
    """``player`` playing at ``url`` as ``name``; ``token`` takes back a seat held before."""

    url: str
    name: str
    player: Player
    token: str | None = None
    seat: int | None = None
    received: list[Any] = field(default_factory=list)
    """Every message received, decoded (kept only when ``keep`` is set: the tests read them all)."""
    keep: bool = False
    game_over: pr.GameOver | None = None
    refusals: list[pr.Refused] = field(default_factory=list)
    actions: int = 0
    """Actions sent so far."""
    on_message: Callable[[RemotePlayer, Any, float], None] | None = None
    """Called with every message and when it arrived (``time.perf_counter``): the benchmark's stopwatch."""
    on_action: Callable[[RemotePlayer, pr.Act, float], None] | None = None
    """Called with every action just before it is sent."""
    think: float = 0.0
    """Seconds to wait before each decision (a person's pace, for the benchmark)."""
    _answered: tuple[int, int] | None = None
    _ready: int = -1

    async def play(self, stop_after: int | None = None) -> None:
        """Join and play until the game is over, the server says goodbye, or (``stop_after``) that many actions
        were sent; then the connection is dropped as a crash would (no goodbye)."""
        async with connect(self.url, max_size=pr.MAX_SERVER_MESSAGE, compression=None) as ws:
            await ws.send(pr.encode(pr.Hello(version=pr.VERSION, name=self.name, token=self.token)))
            await self._run(ws, stop_after)

    async def _run(self, ws: ClientConnection, stop_after: int | None) -> None:
        async for frame in ws:
            arrived = time.perf_counter()
            message = pr.decode_server(frame)
            if self.keep:
                self.received.append(message)
            if self.on_message is not None:
                self.on_message(self, message, arrived)
            if isinstance(message, pr.Welcome):
                self.token, self.seat = message.token, message.seat
            elif isinstance(message, pr.Refused):
                self.refusals.append(message)
            elif isinstance(message, pr.GameOver):
                self.game_over = message
            elif isinstance(message, pr.Goodbye):
                return
            elif isinstance(message, pr.View) and message.phase == "dealt" and self._ready != message.hand:
                self._ready = message.hand  # it shows no deal: play may start at once
                await ws.send(pr.encode(pr.Ready(hand=message.hand)))
            elif isinstance(message, pr.View) and message.legal and self._answered != (message.hand, message.step):
                if stop_after is not None and self.actions >= stop_after:
                    ws.transport.abort()  # a crash: no goodbye, the socket just goes
                    return
                self._answered = (message.hand, message.step)
                await self.respond(ws, message)

    async def respond(self, ws: ClientConnection, message: pr.View) -> None:
        """Decide on the decision ``message`` offers (after ``think`` seconds) and send the action."""
        if self.think > 0:
            await asyncio.sleep(self.think)
        action = self.player.decide(player_view(message), legal_actions(message))
        act = pr.Act(hand=message.hand, step=message.step, action=action_to_text(action))
        if self.on_action is not None:
            self.on_action(self, act, time.perf_counter())
        await ws.send(pr.encode(act))
        self.actions += 1


async def seat_players(players: list[RemotePlayer], stop_after: list[int | None] | None = None
                       ) -> list[asyncio.Task[None]]:
    """Start ``players`` one after another, each once the one before holds its seat (so they sit in order)."""
    tasks = []
    for n, remote in enumerate(players):
        tasks.append(asyncio.create_task(remote.play(stop_after[n] if stop_after else None)))
        while remote.seat is None and not tasks[-1].done():
            await asyncio.sleep(0.002)
    return tasks
