"""A table server inside the player's own window (New Game ▸ Host a Network Game): the same
:class:`~game.net.server.TableServer` as ``sparrow serve``, on a thread with its own asyncio loop, so the window's
frame loop never waits on it. The host joins it over the loopback like any other player; friends join at
:attr:`HostedTable.share_address`, the machine's address on the local network.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from typing import Any

from game.net.server import TableServer
from game.net.table import NetTable

log = logging.getLogger(__name__)

START_SECONDS = 5.0
"""How long to wait for the server to listen before saying it could not."""


def lan_address() -> str:
    """This machine's address on its local network, as a friend types it (127.0.0.1 when it has none).

    A UDP socket "connected" to an address outside sends nothing; it only makes the system pick the interface
    it would use, whose address is the one to share."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, nothing is sent
        address = probe.getsockname()[0]
        if address and not address.startswith("0."):
            return str(address)
    return "127.0.0.1"


class HostedTable:
    """``table`` served on ``port`` (0: any free one) of every interface, until :meth:`stop`."""

    def __init__(self, table: NetTable, host: str = "0.0.0.0", port: int = 0) -> None:
        self.table = table
        self.server = TableServer([table])
        self.port = 0
        self.error = ""
        """Why the server is not running, in words (the port is taken, …); empty while it runs."""
        self._host, self._wanted_port = host, port
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopped: asyncio.Event | None = None
        self._listening = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def local_address(self) -> str:
        """Where the host's own window joins."""
        return f"127.0.0.1:{self.port}"

    @property
    def share_address(self) -> str:
        """Where friends join."""
        return f"{lan_address()}:{self.port}"

    def start(self) -> bool:
        """Listen (on the server's own thread); False with :attr:`error` said when it cannot."""
        self._thread = threading.Thread(target=self._run, name="sparrow-table-server", daemon=True)
        self._thread.start()
        if not self._listening.wait(START_SECONDS) and not self.error:
            self.error = f"The table server did not start within {START_SECONDS:.0f} seconds."
        return not self.error

    def stop(self) -> None:
        """Close the table: every player is told the host closed it."""
        loop, stopped = self._loop, self._stopped
        if loop is not None and stopped is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stopped.set)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(3.0)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except Exception as exc:  # the window must hear why its table is not there
            log.exception("the hosted table stopped")
            self.error = f"The table server stopped: {exc}"
        finally:
            self._listening.set()
            loop.close()

    async def _serve(self) -> None:
        self._stopped = asyncio.Event()
        try:
            _, self.port = await self.server.start(self._host, self._wanted_port)
        except OSError as exc:
            self.error = f"Cannot host on port {self._wanted_port}: {exc.strerror or exc}."
            return
        self._listening.set()
        try:
            await self._stopped.wait()
        finally:
            await self.server.close()


def host_in_process(ruleset_id: str, *, catalog: Any, mods_dir: str | None, config_dir: str | None,
                    saves: Any, seed: int | None = None, port: int = 0, **table: Any) -> HostedTable:
    """A new table of ``ruleset_id`` served from this process (see :func:`game.net.hosting.host_table` for the
    table's arguments); check :attr:`HostedTable.error` after :meth:`HostedTable.start`."""
    from game.net.hosting import host_table

    net_table = host_table(ruleset_id, seed=seed, mods_dir=mods_dir, config_dir=config_dir, catalog=catalog,
                           saves=saves, **table)
    return HostedTable(net_table, port=port)
