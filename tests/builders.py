"""One-line builders in tile codes for engine and computer-player tests."""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from game.ai.engine import EnginePlayer
from game.core.actions import Discard
from game.core.judge import RegularJudge
from game.core.melds import parse_meld
from game.core.patterns import Pattern
from game.core.play_rules import PlayRules
from game.core.ruleset import Ruleset
from game.core.table import Table
from game.core.tiles import parse_tiles
from game.core.view import OpponentView, PlayerView
from game.mods import list_rulesets, load_catalog
from game.mods.personalities import load_personality_file
from game.session.driver import Session
from game.session.options import Options

BUNDLED_PEOPLE = Path(__file__).resolve().parents[1] / "mods" / "opponents" / "ai"
PEOPLE = {p.id: p for f in sorted(BUNDLED_PEOPLE.glob("*.yaml")) for p in load_personality_file(f)}
"""The bundled computer players by id."""


def rigged_table(hands: dict[int, str], draws: str = "", *, rules: PlayRules | None = None, east: int = 0,
                 melds: dict[int, list[str]] | None = None, judge=None, current: int | None = None) -> Table:
    """A table whose seats hold ``hands`` (13 tiles each unless melds are given) and whose live wall will yield
    ``draws`` next, in order. The ceremony ran normally first; tile conservation is not kept by rigging.

    ``current`` makes that seat the one to draw next: the table is left just before its draw.
    """
    table = Table(rules or PlayRules(flowers=False), judge or RegularJudge(), seed=7, east=east)
    for seat, codes in hands.items():
        table.players[seat].concealed = parse_tiles(codes)
        table.players[seat].bonus = []
        table.players[seat].melds = [parse_meld(m) for m in (melds or {}).get(seat, [])]
    for position, tile in zip(list(table.wall.live), parse_tiles(draws), strict=False):
        table.wall.tiles[position] = tile
    if current is not None:
        table.phase = "claims"  # pretend the seat before `current` discarded and nobody claimed
        table._next_turn((current - 1) % 4)
    return table


def t(code: str) -> int:
    return parse_tiles(code)[0]


def player(pid: str, seed: int = 1) -> EnginePlayer:
    """The bundled computer player ``pid`` with its own seeded randomness."""
    return EnginePlayer(PEOPLE[pid], random.Random(seed))


def chaser(ruleset: Ruleset, pid: str, hand_id: str, best: int) -> EnginePlayer:
    """The bundled computer player ``pid`` of ``ruleset`` already chasing the special hand ``hand_id``, ``best``
    tiles from ready at its nearest so far."""
    found = EnginePlayer(PEOPLE[pid], random.Random(1), ruleset)
    found._plan.hand = next(h for h in ruleset.special_hands if h.id == hand_id)
    found._plan.best = best
    return found


def view(concealed: str, *, seat: int = 0, phase: str = "turn", current: int = 0, last_discard=None,
         opponents: dict[int, dict] | None = None, tiles_left: int = 60, discard_count: int = 20,
         melds: tuple = (), order: str = "", goulash: bool = False) -> PlayerView:
    """A hand-made view: ``opponents`` sets melds, discards or standing for other seats; ``order`` lists the
    discards in the order they were made, as ``seat:tile`` ("1:2C 2:4C"); ``goulash``: a goulash hand."""
    players = []
    for s in range(4):
        extra = (opponents or {}).get(s, {})
        players.append(OpponentView(s, s, melds if s == seat else tuple(extra.get("melds", ())), (),
                                    tuple(parse_tiles(extra.get("discards", ""))), 13,
                                    extra.get("standing", False)))
    made = tuple((int(item.split(":")[0]), t(item.split(":")[1])) for item in order.split())
    return PlayerView(seat, seat, 0, 0, phase, current, tuple(parse_tiles(concealed)), None, tuple(players),
                      last_discard, tiles_left, discard_count, made, goulash)


def discards_of(concealed: str) -> list[Discard]:
    """A discard of each kind of tile in ``concealed``."""
    return [Discard(x) for x in sorted(set(parse_tiles(concealed)))]


def instant_session(seed: int) -> Session:
    """A classic game whose pauses are all zero (no animation, no computer pause), dealt from ``seed`` when played."""
    return Session.create("classic", seed, options=Options(animation_speed=0.0, discard_delay=0.0))


class ServedTable:
    """A network table served on the loopback (:func:`served_table`): ``hosted`` is its
    :class:`~game.net.in_process.HostedTable`; when relayed, ``proxy`` (a :class:`LoopbackProxy`) stands in front
    of it and :attr:`address` goes through it, so ``proxy.cut()`` drops its players as a network fault would."""

    def __init__(self, hosted, proxy: LoopbackProxy | None) -> None:
        self.hosted, self.proxy = hosted, proxy

    @property
    def address(self) -> str:
        """Where a player joins: through the relay when there is one."""
        return self.proxy.address if self.proxy is not None else self.hosted.local_address

    @property
    def table(self):
        return self.hosted.table

    def stop(self) -> None:
        if self.proxy is not None:
            self.proxy.stop()
        self.hosted.stop()


@contextmanager
def served_table(player_seats: int, seed: int = 3, ruleset: str = "classic", catalog=None,
                 hand_limit: int | None = None, relayed: bool = False, **timers: float) -> Iterator[ServedTable]:
    """A network table served on the loopback from a thread of its own, for a ``with`` block (stopped after it),
    with quick timers (``timers`` changes any of :class:`~game.net.table.Timers`); ``relayed``: behind a
    :class:`LoopbackProxy`."""
    from game.net.hosting import host_table
    from game.net.in_process import HostedTable
    from game.net.table import Timers

    quick = {"claim_window": 0.3, "discard_delay": 0.02, "end_pause": 0.3, "reconnect": 30.0, "deal_pause": 0.0}
    table = host_table(ruleset, seed=seed, player_seats=player_seats, catalog=catalog, hand_limit=hand_limit,
                       timers=Timers(**{**quick, **timers}))
    hosted = HostedTable(table, host="127.0.0.1")
    assert hosted.start(), hosted.error
    served = ServedTable(hosted, LoopbackProxy(hosted.port) if relayed else None)
    try:
        yield served
    finally:
        served.stop()


class WindowlessPlayer:
    """Another player at a network table, without a window: joins ``address`` as ``name`` at once (first, so
    they host) and, once the game starts, lets the computer play their seat through the server (Auto Play) and
    finishes each hand as a window would. Call :meth:`play` every frame (it returns True, for predicates)."""

    def __init__(self, address: str, name: str, catalog) -> None:
        import time

        from game.net.remote import join

        self.catalog = catalog
        self.lobby = join(address, name)
        self.session = None
        """The player's :class:`~game.net.remote.RemoteSession` once the first deal came."""
        end = time.monotonic() + 10
        while self.lobby.room is None and time.monotonic() < end:
            self.lobby.poll()
            time.sleep(0.005)
        assert self.lobby.room is not None, self.lobby.reason

    def play(self) -> bool:
        from game.net.remote import remote_session, table_rules

        if self.session is None:
            self.lobby.poll()
            if self.lobby.table_messages:
                rules = table_rules(self.lobby.room, self.catalog).rules
                self.session = remote_session(self.lobby, rules, Options(auto_play=True))
            return True
        self.session.update(0.05)
        self.session.drain()
        if self.session.scores_due and self.session.outcome is None:
            self.session.finish_hand()
        return True


class LoopbackProxy:
    """A TCP relay on the loopback in front of ``port`` whose :meth:`cut` drops every connection through it at
    once, as a network fault would (new connections are relayed again afterwards)."""

    def __init__(self, port: int) -> None:
        import asyncio
        import threading

        self.target = port
        self.port = 0
        self.cuts = 0
        self.held = False
        """While set (:meth:`cut` with ``hold``), a connection through the relay is dropped as soon as it is made:
        a player cut off cannot come back until :meth:`release`."""
        self._writers: list = []
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._loop.run_until_complete, args=(self._serve(),), daemon=True)
        self._thread.start()
        assert self._ready.wait(5)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    async def _serve(self) -> None:
        import asyncio

        server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        self._stop = asyncio.Event()
        self._ready.set()
        async with server:
            await self._stop.wait()
            for writer in self._writers:
                writer.transport.abort()  # every relay then ends by itself (a cancelled one is logged as an error)
            relays = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            if relays:
                await asyncio.wait(relays, timeout=5)

    async def _relay(self, reader, writer) -> None:
        import asyncio

        if self.held:
            writer.transport.abort()
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        self._writers += [writer, up_writer]

        async def pipe(src, dst) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def cut(self, hold: bool = False) -> None:
        """Drop every connection now, without a closing handshake; ``hold``: and every new one until
        :meth:`release` (the network stays down)."""
        def abort() -> None:
            self.held = hold
            for writer in self._writers:
                writer.transport.abort()
            self._writers.clear()
            self.cuts += 1

        self._loop.call_soon_threadsafe(abort)

    def release(self) -> None:
        """After a :meth:`cut` that holds: connections are relayed again."""
        def lift() -> None:
            self.held = False

        self._loop.call_soon_threadsafe(lift)

    def stop(self) -> None:
        """Close the relay and every connection through it; returns once its thread has ended."""
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(5)
        self._loop.close()


class GatedPlayer:
    """A computer player that thinks ahead and holds each decision until the test opens the gate (as a long search
    would): ``asked`` is set once it is thinking."""

    thinks_ahead = True

    def __init__(self, inner) -> None:
        self.inner = inner
        self.id = inner.id
        self.gate = threading.Event()
        self.asked = threading.Event()

    def decide(self, view, legal):
        self.asked.set()
        assert self.gate.wait(10), "the test never opened the gate"
        return self.inner.decide(view, legal)


class VirtualTime:
    """A stand-in for the ``time`` module (``perf_counter``, ``monotonic``, ``sleep``) whose clock moves only by
    the sleeps asked of it: a loop that sleeps until its next change runs through its waits at once, its steps
    and the order of its frames the same as in real time."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.slept = 0.0

    def perf_counter(self) -> float:
        return self.now

    monotonic = perf_counter

    def sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)
        self.slept += max(0.0, seconds)

    def tick(self, framerate: float = 0) -> int:
        """``pygame.Clock.tick``: a frame capped at ``framerate`` takes at least its share of a second."""
        if framerate:
            self.sleep(1 / framerate)
        return 0


@cache
def bundled_rulesets() -> dict[str, Ruleset]:
    """Every bundled ruleset by id, read from one catalog once (not one a ruleset: tests call this as each test
    process collects)."""
    from game.mods.rulesets import load_ruleset

    catalog = load_catalog(full=False)
    return {info.id: load_ruleset(catalog, info.id) for info in list_rulesets()}


def bundled_special_forms() -> list[tuple[Pattern, str]]:
    """Every bundled ruleset's special-hand forms with elements, each once, with the first hand naming it."""
    found: dict[Pattern, str] = {}
    for ruleset_id, ruleset in bundled_rulesets().items():
        for hand in ruleset.special_hands:
            for form in hand.forms:
                if form.elements:
                    found.setdefault(form, f"{ruleset_id}:{hand.id}")
    return list(found.items())


def settle_files(monkeypatch) -> None:
    """Move the file memo's clock (game.filememo) well ahead: the files a test just wrote count as long settled,
    as the bundled mods are, so what is read from them is remembered and only their signature tells a change."""
    from game import filememo

    monkeypatch.setattr(filememo, "_now_ns", lambda: time.time_ns() + 10 * filememo.SETTLE_NS)


def rewrite_keeping_times(path: Path, data: bytes) -> None:
    """Write ``data`` over ``path``, as many bytes as it held, and give the file back its old times (as a copy
    that keeps the times would): only its change time, a clock tick later, says it changed."""
    before = path.stat()
    assert len(data) == before.st_size
    while True:
        path.write_bytes(data)
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
        if path.stat().st_ctime_ns != before.st_ctime_ns:
            return
        time.sleep(0.002)  # the file system's clock has not ticked since the last change: wait for it
