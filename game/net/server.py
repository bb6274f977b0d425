"""The table server: WebSocket connections (the ``websockets`` package on asyncio) to :class:`NetTable` tables.

A connection's path names its table (``ws://host:port/`` is the first table, ``ws://host:port/ID`` table ``ID``).
Each frame is checked before it reaches a table: at most :data:`~game.net.protocol.MAX_CLIENT_MESSAGE` bytes, no
more than ``rate`` a second (a burst of ``burst``), a message of the protocol; anything else is answered with a
refusal and logged, and the connection and the table go on. A frame far over the limit (over ``LIBRARY_LIMIT``)
is not even read: the library closes that connection (WebSocket code 1009); the table plays on.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import sys
import time
from collections import Counter, deque
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.gcpolicy import TICK_SECONDS, ServerCollector
from game.net import protocol as pr
from game.net.hosting import SAVES
from game.net.table import NetTable, refused

log = logging.getLogger(__name__)

LIBRARY_LIMIT = 64 * 1024
"""Frames up to this size are read and refused politely when over the protocol's limit; larger ones end the
connection at the library (a client sending them is broken or hostile)."""
HELLO_SECONDS = 15.0
"""A connection that has not said hello by then is closed (an idle socket holds nothing of the table)."""
LOG_FIRST = 50
LOG_EVERY = 500
"""A connection's first LOG_FIRST refusals are logged one by one, then every LOG_EVERY-th with the count."""
CLOSING_SECONDS = 5.0
"""How long closing the server waits for the clients to take the frames still queued for them."""
SEND_QUEUE = 1000
"""Frames waiting for a slow client; a client this far behind is disconnected (it can reconnect with its token)."""


class _Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.level, self.at = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class WsLink:
    """A seat's connection: frames are queued and written in order by a task of their own, so a table never
    waits on a slow client."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.refused = 0
        """Messages refused from this connection so far."""
        self._close_with = (1000, "")
        self.task = asyncio.get_running_loop().create_task(self._write())

    def send(self, frame: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= SEND_QUEUE:
            log.warning("a client fell %d frames behind; disconnecting it", SEND_QUEUE)
            self.close()
            return
        self.queue.put_nowait(frame)

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the connection once the frames queued so far are sent, with WebSocket ``code`` and ``reason``."""
        if not self.closed:
            self.closed = True
            self._close_with = (code, reason)
            self.queue.put_nowait(None)

    async def _write(self) -> None:
        try:
            while (frame := await self.queue.get()) is not None:
                await self.ws.send(frame)
            await self.ws.close(*self._close_with)
        except ConnectionClosed:
            self.closed = True


@dataclass
class Limits:
    rate: float = 20.0
    """Messages a second a connection may send on average ..."""
    burst: float = 40.0
    """... and at once."""
    per_address: int = 8
    """Connections open at once from one address (a household behind one router holds four at most; more is a
    program opening connections in a loop) ..."""
    connections: int = 512
    """... and in all: a connection past either is refused (``too_many_connections``) and closed."""


SWITCH_SECONDS = 0.001
"""Python's thread switch interval while the server is the program (see :meth:`TableServer.start`)."""
TRY_AGAIN_LATER = 1013
"""The WebSocket close code of a connection refused for the server's limits (RFC 6455's registry: try again
later)."""


class TableServer:
    """Serves ``tables`` (by id; the first is the default) to WebSocket clients. ``own_process``: the server is
    the program (``serve``, the benchmark), so it may set process-wide policies: the garbage collector's
    (:class:`game.gcpolicy.ServerCollector`) and Python's thread switch interval."""

    def __init__(self, tables: Iterable[NetTable], limits: Limits | None = None, *, own_process: bool = False) -> None:
        self.tables = {t.table_id: t for t in tables}
        self.default = next(iter(self.tables))
        self.limits = limits or Limits()
        self.refusals = 0
        """Refusals sent so far (for logs and tests)."""
        self.action_ms: deque[tuple[float, float]] = deque(maxlen=10_000)
        """How long the latest actions took to handle, from the frame read to every seat's frames queued, by the
        wall clock and in CPU time (for the benchmark: the server's share of a round trip; on a busy machine the
        wall clock also counts the time the process waited for a core)."""
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._links: set[WsLink] = set()
        """Every open connection's link, so closing sends what they still have queued."""
        self._by_address: Counter[str] = Counter()
        """Connections open now, by the client's address."""
        self.turned_away = 0
        """Connections refused for the limits so far (for logs and tests)."""
        self.finished = asyncio.Event()
        """Set once every table is over (its game over, or its hands played)."""
        self._server: Server | None = None
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer-players")
        """Where every table's computer players decide: off the event loop, one decision at a time (a thread of
        its own per table would not think faster, with Python's one running thread)."""
        self._collector = ServerCollector() if own_process else None
        """The garbage collector's policy when this server is the program (``serve``): see
        :class:`game.gcpolicy.ServerCollector`."""
        self._own_process = own_process
        self._switch_interval = sys.getswitchinterval()
        self._gc_timer: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closing = False

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Listen on ``host``:``port`` (0: any free port); the address actually bound."""
        self._loop = asyncio.get_running_loop()
        self._server = await serve(self._connection, host, port, max_size=LIBRARY_LIMIT, compression=None)
        for table in self.tables.values():
            table.think_on(self._worker, functools.partial(self._wake, table))
            self.schedule(table)
        if self._own_process:
            # A computer player deciding on the worker thread holds Python's lock; the event loop gets it back
            # after this interval (5 ms by default, each time the loop waited on a socket): 1 ms keeps a
            # decision from adding several 5 ms waits to a round trip.
            sys.setswitchinterval(SWITCH_SECONDS)
        if self._collector is not None:
            self._collector.start()
            self._gc_timer = self._loop.call_later(TICK_SECONDS, self._collect)
        sock = next(iter(self._server.sockets))
        bound = sock.getsockname()
        return bound[0], bound[1]

    async def close(self) -> None:
        """Stop: every client is told ``server_closing``, after whatever it has not yet been sent."""
        for handle in [*self._timers.values(), self._gc_timer]:
            if handle is not None:
                handle.cancel()
        self._loop = None  # a computer player deciding now wakes nothing
        self._closing = True  # nor does a connection's end: the tables stay as they are
        for table in self.tables.values():
            for seat in table.seats:
                if seat.link is not None:
                    seat.link.send(pr.encode(pr.Goodbye(reason="server_closing")))
        for link in self._links:
            link.close()
        if self._links:
            await asyncio.wait([link.task for link in self._links], timeout=CLOSING_SECONDS)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self._worker.shutdown(wait=False, cancel_futures=True)
        await asyncio.to_thread(SAVES.wait, CLOSING_SECONDS)  # the last hand's autosave is on the disk
        if self._collector is not None:
            self._collector.stop()
        if self._own_process:
            sys.setswitchinterval(self._switch_interval)

    def _wake(self, table: NetTable) -> None:
        """A computer player of ``table`` has decided (called on the worker's thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nothing is waiting for it
                loop.call_soon_threadsafe(self.schedule, table)

    def _collect(self) -> None:
        assert self._collector is not None and self._loop is not None
        self._collector.tick()
        self._gc_timer = self._loop.call_later(TICK_SECONDS, self._collect)

    def schedule(self, table: NetTable) -> None:
        """Do what is due at ``table`` and wake it again when its next timer runs out."""
        if self._closing:
            return
        old = self._timers.pop(table.table_id, None)
        if old is not None:
            old.cancel()
        try:
            wake = table.advance()
        except Exception:  # a fault of the engine must not take the server down; the table stops
            log.exception("table %s stopped on an error", table.table_id)
            table.state = "over"
            return
        if wake is not None:
            self._timers[table.table_id] = asyncio.get_running_loop().call_later(wake, self.schedule, table)
        if all(t.state == "over" for t in self.tables.values()):
            self.finished.set()

    def _refuse(self, link: WsLink, who: str, message: pr.Refused) -> None:
        self.refusals += 1
        link.refused += 1
        # Each refusal is logged, but a connection that sends nothing else fills no disk: past the first ones,
        # only every LOG_EVERY-th is, with the count so far.
        if link.refused <= LOG_FIRST or link.refused % LOG_EVERY == 0:
            log.warning("refused %s (%d from this connection): %s %s", who, link.refused, message.code,
                        message.detail)
        link.send(pr.encode(message))

    async def _connection(self, ws: ServerConnection) -> None:
        who = f"{ws.remote_address[0] if ws.remote_address else '?'}"
        self._by_address[who] += 1
        try:
            await self._connected(ws, who)
        finally:
            self._by_address[who] -= 1
            if not self._by_address[who]:
                del self._by_address[who]

    def _over_limits(self, who: str) -> str:
        """Why a new connection from ``who`` (already counted) is one too many; "" when it is not."""
        if self._by_address[who] > self.limits.per_address:
            return f"too many connections from your address (at most {self.limits.per_address})"
        if self._by_address.total() > self.limits.connections:
            return f"the server is full (at most {self.limits.connections} connections)"
        return ""

    async def _connected(self, ws: ServerConnection, who: str) -> None:
        path = (ws.request.path if ws.request is not None else "/").strip("/")
        link = WsLink(ws)
        self._links.add(link)
        link.task.add_done_callback(lambda _task: self._links.discard(link))
        too_many = self._over_limits(who)
        if too_many:
            self.turned_away += 1
            # A flood of connections logs like a flood of refusals: the first ones, then every LOG_EVERY-th.
            if self.turned_away <= LOG_FIRST or self.turned_away % LOG_EVERY == 0:
                log.warning("turned away a connection from %s (%d so far): %s", who, self.turned_away, too_many)
            link.send(pr.encode(refused("too_many_connections", too_many)))
            link.close(TRY_AGAIN_LATER, too_many)
            await asyncio.wait([link.task], timeout=CLOSING_SECONDS)
            return
        table = self.tables.get(path or self.default)
        if table is None:
            self._refuse(link, who, refused("no_table", f"there is no table {path!r}", tables=list(self.tables)))
            link.close()
            await link.task
            return
        bucket = _Bucket(self.limits.rate, self.limits.burst)
        try:
            await self._serve(ws, link, table, bucket, who)
        except ConnectionClosed:
            pass
        finally:
            if table.seat_of(link) is not None:
                table.drop(link)
                self.schedule(table)
            link.close()
            # The library closes the connection when this handler returns: the frames still queued (the last
            # events, a goodbye) go first.
            await asyncio.wait([link.task], timeout=CLOSING_SECONDS)

    async def _serve(self, ws: ServerConnection, link: WsLink, table: NetTable, bucket: _Bucket, who: str) -> None:
        try:
            first = await asyncio.wait_for(ws.recv(), HELLO_SECONDS)
        except TimeoutError:
            self._refuse(link, who, refused("no_hello", "say hello first"))
            link.close()
            return
        frame: Any = first
        while True:
            self._handle(frame, link, table, bucket, who)
            if link.closed:
                return
            frame = await ws.recv()

    def _handle(self, frame: str | bytes, link: WsLink, table: NetTable, bucket: _Bucket, who: str) -> None:
        if not bucket.take():
            self._refuse(link, who, refused("too_frequent", f"at most {self.limits.rate:g} messages a second"))
            return
        try:
            message = pr.decode_client(frame)
        except pr.ProtocolError as exc:
            self._refuse(link, who, refused(exc.code, exc.detail))
            return
        started, started_cpu = time.perf_counter(), time.process_time()
        seat = table.seat_of(link)
        answer: pr.Refused | pr.Welcome | None = None
        if isinstance(message, pr.Ping):
            link.send(pr.encode(pr.Pong(id=message.id)))
            return
        if isinstance(message, pr.Hello):
            answer = (refused("already_seated", "this connection holds a seat already") if seat is not None
                      else table.join(link, message))
        elif seat is None:
            answer = refused("not_seated", "say hello first")
        elif isinstance(message, pr.Start):
            answer = table.start(link)
        elif isinstance(message, pr.Act):
            answer = table.act(link, message)
        elif isinstance(message, pr.Ready):
            table.ready(link, message)
        elif isinstance(message, pr.Leave):
            table.leave(link)
            link.close()
        if isinstance(answer, pr.Refused):
            self._refuse(link, f"{who} (seat {seat.seat})" if seat else who, answer)
        self.schedule(table)
        if isinstance(message, pr.Act) and answer is None:
            self.action_ms.append(((time.perf_counter() - started) * 1000, (time.process_time() - started_cpu) * 1000))


async def serve_forever(tables: list[NetTable], host: str, port: int, limits: Limits | None = None) -> None:
    """Run the server until every table is over or it is cancelled (Ctrl+C); prints where it listens."""
    server = TableServer(tables, limits, own_process=True)
    bound_host, bound_port = await server.start(host, port)
    print(f"serving {len(tables)} table(s) on ws://{bound_host}:{bound_port}/", flush=True)
    try:
        await server.finished.wait()
    finally:
        await server.close()
