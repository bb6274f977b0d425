"""Tween primitives: a tile moving along an arc, steps of tweens played one after another, actors that move by
themselves, and the scenery (where things on the table are now) that handlers read.

The :class:`~game.client.animate.Animator` queues steps made from the engine's events; the wall ceremony
(:mod:`game.client.ceremony`) builds its own steps from the same pieces. Neither needs the other to exist.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.client import layout

Point = tuple[float, float]


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


@dataclass
class Tween:
    """One tile moving from ``start`` to ``end`` (sprite top-left), growing from ``size0`` to ``size1``."""

    tile: int | None
    start: Point
    end: Point
    size0: tuple[int, int]
    size1: tuple[int, int]
    duration: float
    face_up: bool = True
    rotate: int = 0
    hide: Hashable | None = None
    lift: float = 18.0
    """How high (in pixels) the tile arcs above the straight line, for a sense of being thrown."""
    delay: float = 0.0
    """Time within its step before the tile starts to move (tiles of one step can go one after another)."""
    angle0: float = 0.0
    angle1: float = 0.0
    """Free rotation in degrees at the start and at the end (tiles lying askew after the washing)."""
    ease: Callable[[float], float] = ease_out_cubic
    elapsed: float = 0.0
    previous: float = 0.0

    @property
    def total(self) -> float:
        return self.delay + self.duration

    @property
    def done(self) -> bool:
        return self.elapsed >= self.total

    def step(self, dt: float) -> None:
        self.previous = self.elapsed
        self.elapsed = min(self.total, self.elapsed + dt)

    def scale(self, speed: float) -> None:
        self.duration /= speed
        self.delay /= speed

    def progress(self, alpha: float = 1.0) -> float:
        t = self.previous + (self.elapsed - self.previous) * alpha - self.delay
        return self.ease(max(0.0, min(1.0, t / self.duration))) if self.duration > 0 else 1.0

    def angle(self, alpha: float = 1.0) -> float:
        return self.angle0 + (self.angle1 - self.angle0) * self.progress(alpha)

    def state(self, alpha: float = 1.0) -> tuple[Point, tuple[int, int], float]:
        """Position, size and progress (0–1) at ``alpha`` between the last two steps."""
        p = self.progress(alpha)
        x = self.start[0] + (self.end[0] - self.start[0]) * p
        y = self.start[1] + (self.end[1] - self.start[1]) * p - self.lift * 4 * p * (1 - p)
        w = round(self.size0[0] + (self.size1[0] - self.size0[0]) * p)
        h = round(self.size0[1] + (self.size1[1] - self.size0[1]) * p)
        return (x, y), (w, h), p


class Actor(Protocol):
    """Something that moves by itself during a step (washing tiles, dice); drawn over the table."""

    duration: float

    def update(self, dt: float) -> None: ...

    def draw(self, surface: Any, sprites: Any, alpha: float) -> None: ...


Cue = Callable[[], None]


@dataclass
class Step:
    tweens: list[Tween] = field(default_factory=list)
    pause: float = 0.0
    """Extra time after the tweens (a short beat after a call)."""
    actors: list[Any] = field(default_factory=list)
    on_start: list[Cue] = field(default_factory=list)
    """Run when the step begins; a cue may add tweens (made from where an actor left things)."""
    on_end: list[Cue] = field(default_factory=list)
    elapsed: float = 0.0
    started: bool = False
    speed: float = 1.0

    @property
    def duration(self) -> float:
        return max([t.total for t in self.tweens] + [a.duration for a in self.actors] + [0.0]) + self.pause

    @property
    def done(self) -> bool:
        return self.started and self.elapsed >= self.duration

    def start(self) -> None:
        """Run the start cues once; tweens they add are scaled to the step's speed."""
        if self.started:
            return
        self.started = True
        before = len(self.tweens)
        for cue in self.on_start:
            cue()
        for tween in self.tweens[before:]:
            tween.scale(self.speed)

    def end(self) -> None:
        self.start()
        for cue in self.on_end:
            cue()
        self.on_end = []


class Scenery:
    """What the animator needs to know about the table: where things are *now* (after the events)."""

    def __init__(self, table: Any, human: int = 0, source: Callable[[int], Point] | None = None) -> None:
        self.table = table
        self.human = human
        self.source = source or layout.wall_source
        self.hand_slot: dict[int, Point] = {}
        """Where the human's tiles were before a move, by tile (the scene records it on a click)."""
        self.show_all = False
        """Every hand is shown face up (Show All Hands): the deal flies face up too."""
        self.direction = False
        """F11, the original's Direction (P-167): an opponent's discard leaves from its place in the stake and the
        tile it drew and kept moves into its sorted place, which tells where it lies; off, tiles come and go from
        the middle of the stake."""
        self.drawn: dict[int, int] = {}
        """The tile each seat drew last (the animator notes it as the events are fed)."""

    def discard_place(self, seat: int) -> layout.Placed:
        index = max(0, len(self.table.players[seat].discards) - 1)
        return layout.discard_position(seat, index)

    def stake_end(self, seat: int) -> layout.Placed:
        """Where a tile just taken by ``seat`` stands on the stake."""
        p = self.table.players[seat]
        if seat == self.human:
            places = layout.hand_positions(len(p.concealed), True)
            return places[-1] if places else layout.Placed(640, 600, layout.HAND_TILE)
        places = layout.concealed_positions(seat, len(p.concealed))
        return places[-1] if places else layout.Placed(*layout.CENTRE, layout.DISCARD_TILE)

    def stake_middle(self, seat: int) -> layout.Placed:
        p = self.table.players[seat]
        places = layout.concealed_positions(seat, max(1, len(p.concealed)))
        return places[len(places) // 2]

    def meld_places(self, seat: int, index: int) -> list[layout.Placed]:
        p = self.table.players[seat]
        melds, _ = layout.exposed_positions(seat, [len(m.tiles) for m in p.melds], len(p.bonus))
        return melds[index] if 0 <= index < len(melds) else []

    def bonus_place(self, seat: int, index: int) -> layout.Placed | None:
        p = self.table.players[seat]
        _, bonus = layout.exposed_positions(seat, [len(m.tiles) for m in p.melds], len(p.bonus))
        return bonus[index] if 0 <= index < len(bonus) else None
