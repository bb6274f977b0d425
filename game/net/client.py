"""The player's end of a network table: a ``websockets`` connection on a thread of its own.

The window's frame loop must never wait on the network, so :class:`Link` runs its own asyncio loop on a
background thread. The frame loop sends with :meth:`Link.send` (thread-safe, never blocks) and takes what came
with :meth:`Link.poll`: the server's messages (:mod:`game.net.protocol`) and :class:`LinkState` changes, in
order. A connection that drops after the table welcomed the player is tried again with the seat's token until
the server's reconnect time has passed; a table that cannot be reached at all is said so at once, in words.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from dataclasses import dataclass
from typing import Any

from game.net import protocol

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
"""The port an address without one goes to (``sparrow serve``'s)."""
OPEN_TIMEOUT = 5.0
"""Seconds to wait for a table to answer before saying there is none."""
RETRY_SECONDS = 0.5
"""Pause between tries to take the seat back after a drop."""


@dataclass(frozen=True)
class LinkState:
    """The connection changed: ``state`` is ``connected`` (welcomed, or welcomed back), ``dropped`` (trying to
    reconnect), ``failed`` (no table, refused, or the seat could not be taken back) or ``closed`` (the server
    ended it, or the player left); ``reason`` says why in words, for the screen."""

    state: str
    reason: str = ""


def parse_address(address: str) -> tuple[str, int]:
    """``host:port`` (or ``ws://host:port``, or a bare host for the default port) as (host, port); ValueError
    saying what is wrong otherwise."""
    text = address.strip()
    for prefix in ("ws://", "wss://"):
        if text.lower().startswith(prefix):
            text = text[len(prefix):]
    text = text.rstrip("/")
    if not text:
        raise ValueError("Type the table's address, such as 192.168.1.20:8765.")
    host, colon, port_text = text.rpartition(":") if text.count(":") == 1 or text.startswith("[") else ("", "", "")
    if not colon:
        host, port_text = text, str(DEFAULT_PORT)
    host = host.strip("[]")
    if not host or any(c.isspace() or c in "/?#@" for c in host):
        raise ValueError(f"{address.strip()!r} is not an address: type it as host:port, such as 192.168.1.20:8765.")
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"The port {port_text!r} is not a number from 1 to 65535.")
    return host, int(port_text)


def name_problem(name: str) -> str:
    """Why ``name`` will not do at a network table, in words ("" when it will): the others see it, and the
    program's words for a player called "You" ("You takes a tile") would speak of them."""
    shown = name.strip()
    if not shown:
        return "Type the name the other players will see."
    if shown.casefold() == "you":
        return 'Type your own name: the other players would read "You" as themselves.'
    if len(shown) > protocol.MAX_NAME:
        return f"A name at a table is at most {protocol.MAX_NAME} characters."
    return ""


def url_of(address: str) -> str:
    host, port = parse_address(address)
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"


class Link:
    """One player's connection to a table at ``address``, joining as ``name`` (or taking back the seat of
    ``token``). Start it with :meth:`start`; it runs until :meth:`close`."""

    def __init__(self, address: str, name: str, token: str | None = None) -> None:
        self.address = address.strip()
        self.url = url_of(address)
        self.name = name
        self.token = token
        self.seat: int | None = None
        self.reconnect_seconds = 0.0
        self._inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[str] | None = None
        self._socket: Any = None
        self._closing = False
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._closer: asyncio.Future | None = None
        self._ended = False
        """A final state (closed or failed) was told: nothing more is."""

    # -- the frame loop's side --------------------------------------------------------------------------------

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="sparrow-link", daemon=True)
        self._thread.start()
        self._ready.wait(5.0)

    def send(self, message: Any) -> None:
        """Send ``message`` (a protocol model) when the connection is up; dropped while it is down, as the
        server's next view asks again anyway."""
        loop, outbox = self._loop, self._outbox
        if loop is None or outbox is None or loop.is_closed():
            return
        frame = protocol.encode(message)
        with contextlib.suppress(RuntimeError):  # the loop just closed: the link is over
            loop.call_soon_threadsafe(outbox.put_nowait, frame)

    def poll(self) -> list[Any]:
        """Everything that came since the last poll, oldest first: server messages and :class:`LinkState`."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self, leave: bool = False) -> None:
        """End the connection (``leave``: for good, the seat goes to a computer player); waits briefly."""
        if leave:
            self.send(protocol.Leave())
        self._closing = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._shut)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(2.0)

    # -- the link's own thread --------------------------------------------------------------------------------

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        except Exception as exc:  # never let the link's thread die silently: the screen must say something
            log.exception("network link failed")
            self._end("failed", f"The connection failed: {exc}")
        finally:
            loop.close()

    def _shut(self) -> None:
        if self._socket is not None:
            self._closer = asyncio.ensure_future(self._socket.close())
        if self._outbox is not None:
            self._outbox.put_nowait("")  # wakes the sender so the session can end

    def _end(self, state: str, reason: str) -> None:
        """The link is over: say why, once."""
        self._closing = True
        if not self._ended:
            self._ended = True
            self._inbox.put(LinkState(state, reason))

    async def _main(self) -> None:
        self._outbox = asyncio.Queue()
        self._ready.set()
        welcomed = await self._session()
        if welcomed is None or self._closing:
            return
        deadline = time.monotonic() + max(self.reconnect_seconds, RETRY_SECONDS)
        while not self._closing:
            if time.monotonic() > deadline:
                self._end("failed", f"The table at {self.address} did not come back within "
                                    f"{self.reconnect_seconds:.0f} seconds; your seat is played by the computer now.")
                return
            await asyncio.sleep(RETRY_SECONDS)
            again = await self._session()
            if again is None:
                return
            if again:
                deadline = time.monotonic() + max(self.reconnect_seconds, RETRY_SECONDS)

    async def _session(self) -> bool | None:
        """One connection: True when it was welcomed and then dropped (try again), False when it could not be
        made after an earlier welcome (try again until the deadline), None when the link is over."""
        import websockets  # the network library only when a table is joined

        try:
            socket = await websockets.connect(self.url, open_timeout=OPEN_TIMEOUT, ping_interval=5,
                                              ping_timeout=5, max_size=protocol.MAX_SERVER_MESSAGE)
        except (TimeoutError, OSError, websockets.InvalidHandshake, websockets.InvalidURI) as exc:
            if self.seat is not None:
                return False
            self._end("failed", _no_table(self.address, exc))
            return None
        self._socket = socket
        sender = asyncio.ensure_future(self._send_from_outbox(socket))
        welcomed = False
        try:
            await socket.send(protocol.encode(protocol.Hello(version=protocol.VERSION, name=self.name,
                                                            token=self.token)))
            async for frame in socket:
                try:
                    message = protocol.decode_server(frame)
                except protocol.ProtocolError as exc:
                    log.warning("the server sent something that is not a message: %s", exc.detail)
                    continue
                if isinstance(message, protocol.Welcome):
                    welcomed = True
                    self.seat, self.token = message.seat, message.token
                    self.reconnect_seconds = message.reconnect_seconds
                    self._inbox.put(message)
                    self._inbox.put(LinkState("connected", "Welcome back: your seat was kept."
                                              if message.reconnected else ""))
                    continue
                self._inbox.put(message)
                if isinstance(message, protocol.Goodbye):
                    self._end("closed", _goodbye_words(message.reason))
                elif isinstance(message, protocol.Refused) and self.seat is None:
                    self._end("failed", _refusal_words(message))
        except websockets.ConnectionClosed:
            pass
        except OSError:
            pass
        finally:
            sender.cancel()
            # Both are waited for here: a task still pending when the loop closes is reported as an error.
            await asyncio.gather(sender, *([self._closer] if self._closer is not None else []),
                                 return_exceptions=True)
            self._socket = None
        if self._closing:
            self._end("closed", "You left the table.")
            return None
        if self.seat is None:  # never welcomed: the table turned us away without saying why
            self._end("failed", f"The table at {self.address} closed the connection.")
            return None
        if welcomed:
            self._inbox.put(LinkState("dropped", f"The connection to {self.address} dropped: reconnecting…"))
        return welcomed

    async def _send_from_outbox(self, socket: Any) -> None:
        assert self._outbox is not None
        while True:
            frame = await self._outbox.get()
            if not frame:
                return
            try:
                await socket.send(frame)
            except Exception:  # the connection is going: the receiver sees it close
                return


def _no_table(address: str, exc: BaseException) -> str:
    if isinstance(exc, TimeoutError):
        return f"No table answered at {address} within {OPEN_TIMEOUT:.0f} seconds."
    if isinstance(exc, ConnectionRefusedError):
        return f"No table at {address}: nothing is listening on that port."
    if isinstance(exc, OSError) and ("Name or service" in str(exc) or "getaddrinfo" in str(exc)):
        return f"No table at {address}: that host name is not known."
    return f"No table at {address}: {exc}."


_GOODBYES = {"left": "You left the table.", "replaced": "Your seat was taken back from another window.",
             "server_closing": "The host closed the table.", "game_over": "The game is over.",
             "too_many_refusals": "The table closed the connection: too many messages were refused.",
             "hands_played": "The hands for tonight are played: the host keeps the game to go on another time."}


def _goodbye_words(reason: str) -> str:
    return _GOODBYES.get(reason, f"The table closed the connection ({reason}).")


_REFUSALS = {"table_full": "The table is full: every seat is taken.",
             "version_mismatch": "The table runs another version of Sparrow's network play.",
             "started": "The game at that table has already started.",
             "bad_token": "That seat is no longer kept for you."}


def _refusal_words(message: protocol.Refused) -> str:
    words = _REFUSALS.get(message.code)
    if words:
        return words
    return f"The table refused to seat you: {message.detail or message.code}."
