"""An asyncio loop on a thread of its own, for the parts of network play that live inside the window's process
(the player's link to a table, and a table hosted from the window): the frame loop never waits on the network.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import Any

log = logging.getLogger(__name__)


class LoopThread:
    """Runs one coroutine to its end on a new event loop, on a daemon thread named ``name``."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def start(self, main: Callable[[], Coroutine[Any, Any, None]], failed: Callable[[Exception], None]) -> None:
        """Run ``main()`` on the thread; an exception it lets out is logged and given to ``failed`` (the screen
        must hear of it: a thread that dies silently leaves a frozen table)."""
        self._thread = threading.Thread(target=self._run, args=(main, failed), name=self.name, daemon=True)
        self._thread.start()

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        """``fn(*args)`` on the loop's thread, soon; nothing once the loop has closed."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # it closed just now
                loop.call_soon_threadsafe(fn, *args)

    def join(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the coroutine to end (not from the loop's own thread)."""
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def _run(self, main: Callable[[], Coroutine[Any, Any, None]], failed: Callable[[Exception], None]) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            loop.run_until_complete(main())
        except Exception as exc:
            log.exception("%s stopped on an error", self.name)
            failed(exc)
        finally:
            loop.close()
