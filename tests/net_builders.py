"""Network tables on the loopback for the tests: a server, four remote computer players seeded as ``simulate``
seeds its players, and what the server really sent out (to check every message against it)."""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from game.autoplay import create_player
from game.cli.simulate import simulate
from game.core import events as ev
from game.mods import rules_for
from game.net import protocol as pr
from game.net.hosting import host_table
from game.net.remote_player import RemotePlayer, seat_players
from game.net.server import Limits, TableServer
from game.net.table import NetTable, Timers

QUICK = Timers(claim_window=30.0, winning_claim_window=30.0, discard_delay=0.0, end_pause=0.0, reconnect=60.0,
               turn=0.0, deal_pause=30.0)
"""Timers for tests: nothing waits but a player; a claim window long enough that a busy machine never closes it
on a scripted player (which would make another game than ``simulate``'s), and no turn timer. The deal pause is
long: the scripted players say they are ready at once, and play must start then."""
OPEN = Limits(rate=1e9, burst=1e9)
"""No rate limit: a test's messages come as fast as the loopback carries them."""


def simulate_players(ruleset_id: str, seed: int) -> tuple[list[Any], random.Random]:
    """A ``greedy`` player per seat seeded as ``simulate`` seeds them (by seat; None at a three-handed game's
    empty chair), and the generator it seeds later matches from."""
    ruleset, _judge = rules_for(ruleset_id)
    rng = random.Random(seed)
    made = iter([create_player("greedy", random.Random(rng.getrandbits(64)), ruleset) for _ in ruleset.play.seats])
    return [next(made) if seat in ruleset.play.seats else None for seat in range(4)], rng


def simulated_hashes(ruleset_id: str, seed: int, hands: int) -> list[str]:
    """The event-log hash of each hand ``simulate`` plays with four ``greedy`` players."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.jsonl"
        simulate(ruleset_id, hands, seed, [], jsonl=path)  # a greedy player at every seat
        return [json.loads(line)["log_hash"] for line in path.read_text().splitlines()]


@dataclass
class NetGame:
    """One table served on the loopback, with what its session really produced (``truth``, in order)."""

    table: NetTable
    server: TableServer
    url: str
    truth: list[ev.Event] = field(default_factory=list)
    hands_done: asyncio.Event = field(default_factory=asyncio.Event)


async def open_table(ruleset_id: str, seed: int, *, hands: int | None = None, timers: Timers = QUICK,
                     limits: Limits = OPEN, saves: Path | None = None, resume: Path | None = None,
                     player_seats: int = 4) -> NetGame:
    """A served table that stops once its match has ``hands`` hands (``hands_done`` is set then) or is over."""
    table = host_table(ruleset_id, seed=seed, timers=timers, saves=saves, resume=resume, hand_limit=hands,
                       player_seats=player_seats)
    server = TableServer([table], limits)
    host, port = await server.start("127.0.0.1", 0)
    game = NetGame(table, server, f"ws://{host}:{port}/")
    session = table.session
    drain = session.drain

    def tapped() -> list[ev.Event]:
        out = drain()
        game.truth.extend(out)
        return out

    session.drain = tapped  # type: ignore[method-assign]

    def finished(s: Any) -> None:
        if s.match.is_over or (hands is not None and len(s.match.history) >= hands):
            game.hands_done.set()

    session.on_hand_finished.append(finished)
    return game


async def play_matches(ruleset_id: str, seed: int, hands: int, *, keep: bool = False,
                       player_class: type[RemotePlayer] = RemotePlayer) -> tuple[list[str], list[NetGame],
                                                                                 list[RemotePlayer]]:
    """``hands`` hands played over the network by four remote ``greedy`` players, match after match as
    ``simulate`` plays them (a new match's seed drawn from the same generator): each hand's log hash, the
    tables, and the players (one object per seat, kept across matches)."""
    bots, rng = simulate_players(ruleset_id, seed)
    hashes: list[str] = []
    games: list[NetGame] = []
    remotes: list[RemotePlayer] = []
    match_seed = seed
    while len(hashes) < hands:
        game = await open_table(ruleset_id, match_seed, hands=hands - len(hashes))
        games.append(game)
        # Players take the seats in order, past a three-handed game's empty chair.
        remotes = [player_class(game.url, f"Bot {n}", bot, keep=keep) for n, bot in enumerate(bots) if bot]
        tasks = await seat_players(remotes)
        await asyncio.wait_for(game.hands_done.wait(), 600)
        await game.server.close()
        await asyncio.wait_for(asyncio.gather(*tasks), 60)
        hashes += [h.log_hash for h in game.table.session.match.history][: hands - len(hashes)]
        match_seed = rng.getrandbits(32)
    return hashes, games, remotes


async def exchange(url: str, frames: list[str | bytes], replies: int) -> list[Any]:
    """Send ``frames`` on one connection and return the first ``replies`` messages the server answers."""
    async with connect(url, max_size=pr.MAX_SERVER_MESSAGE) as ws:
        for frame in frames:
            await ws.send(frame)
        return [pr.decode_server(await asyncio.wait_for(ws.recv(), 10)) for _ in range(replies)]


def fuzz_frames(rng: random.Random, view: pr.View | None, count: int) -> list[str | bytes]:
    """``count`` frames the server must refuse, one refusal each, leaving the game as it was: garbage, wrong
    shapes, oversized frames, a view's stale step, and actions the seat may not take (never a Mah Jongg or a
    claim, which a ruleset with faulty declarations would take, and punish)."""
    hand, step = (view.hand, view.step) if view else (1, 0)
    concealed = set(view.concealed) if view else set()
    absent = [t for t in range(34) if t not in concealed] or [0]
    makers = [
        lambda: "".join(rng.choice("{}[]\":,abc\\0 \n") for _ in range(rng.randint(0, 60))) or "x",
        lambda: bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 50))),
        lambda: json.dumps(rng.choice([[], 3, "hello", None, [1, {"type": "hello"}]])),
        lambda: json.dumps({"type": rng.choice(["zap", "", "HELLO", "act", "view", "welcome"])}),
        lambda: json.dumps({"type": "action", "hand": hand, "step": step, "action": "pass", "extra": 1}),
        lambda: json.dumps({"type": "action", "hand": -rng.randint(1, 9), "step": step, "action": "pass"}),
        lambda: json.dumps({"type": "action", "hand": hand, "step": "7", "action": ["discard"]}),
        lambda: json.dumps({"type": "action", "hand": hand, "step": step, "action": "x" * 500}),
        lambda: json.dumps({"type": "action", "hand": hand, "step": step, "action": "discard 9Z"}),
        lambda: json.dumps({"type": "action", "hand": hand, "step": step + rng.randint(1, 50), "action": "pass"}),
        lambda: json.dumps({"type": "action", "hand": hand + 1, "step": step, "action": "pass"}),
        lambda: pr.encode(pr.Act(hand=hand, step=step, action=f"discard {_code(rng.choice(absent))}")),
        lambda: pr.encode(pr.Act(hand=hand, step=step, action=f"kong {_code(rng.choice(absent))}")),
        lambda: json.dumps({"type": "hello", "version": pr.VERSION, "name": "again"}),
        lambda: json.dumps({"type": "hello", "version": 99, "name": "\x00bad"}),
        lambda: json.dumps({"type": "ping", "id": -1}),
        lambda: json.dumps({"type": "ping", "id": float("nan")}),
        lambda: "[" * 5000 + "]" * 5000,
        lambda: json.dumps({"type": "bye", "pad": "y" * (pr.MAX_CLIENT_MESSAGE + rng.randint(1, 20000))}),
        lambda: '{"type": "action", "hand": 1e400, "step": 0, "action": "pass"}',
    ]
    return [rng.choice(makers)() for _ in range(count)]


def _code(tile: int) -> str:
    from game.core.tiles import format_tiles

    return format_tiles([tile])


class FuzzingPlayer(RemotePlayer):
    """A remote player that sends ``fuzz_each`` frames to be refused before each of its real actions, until it
    has sent ``fuzz_total``; the refusals it is sent are counted in ``refusals``."""

    fuzz_each = 10
    fuzz_total = 300
    fuzz_sent = 0
    rng = random.Random(7)

    async def respond(self, ws: Any, message: pr.View) -> None:
        count = min(self.fuzz_each, self.fuzz_total - self.fuzz_sent)
        for frame in fuzz_frames(self.rng, message, count):
            await ws.send(frame)
        self.fuzz_sent += count
        await super().respond(ws, message)


class FakeLink:
    """A seat's connection without a network: the frames a table sends it, decoded."""

    def __init__(self) -> None:
        self.frames: list[str] = []
        self.closed = False
        self._decoded: list[Any] = []

    def send(self, frame: str) -> None:
        self.frames.append(frame)

    def close(self) -> None:
        self.closed = True

    def messages(self, kind: type | None = None) -> list[Any]:
        # Each frame decoded once (frames only come, messages are frozen): a test asking for the view at every
        # step of a few hands would otherwise decode every frame sent so far again at each step.
        self._decoded.extend(pr.decode_server(f) for f in self.frames[len(self._decoded):])
        return [m for m in self._decoded if kind is None or isinstance(m, kind)]

    def view(self) -> pr.View:
        return self.messages(pr.View)[-1]


class Clock:
    """Time that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def clocked_table(seats: int = 2, **timers: float) -> tuple[NetTable, Clock]:
    """A classic table (seed 12) for ``seats`` players on a :class:`Clock`, its timers the local game's unless
    given; no turn timer and no deal pause unless given."""
    clock = Clock()
    table = host_table("classic", seed=12, player_seats=seats,
                       timers=Timers(**{"claim_window": 2.5, "winning_claim_window": 10.0, "discard_delay": 0.9,
                                        "end_pause": 0.0, "reconnect": 60.0, "turn": 0.0, "deal_pause": 0.0,
                                        **timers}))
    table.clock = clock
    return table, clock
