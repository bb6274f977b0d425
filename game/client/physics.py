"""Physics for looks: the washing of the tiles and the dice (pymunk). Nothing here decides the game.

The wall order and the dice values come from the engine's seed; these simulations only move pictures. They
are deterministic: fixed time steps (1/120 s, never the frame time), bodies made in a fixed order and every
random push drawn from one ``random.Random(seed)``, so the same hand always washes and rolls the same way.
Positions are logical screen pixels; angles are degrees.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pymunk

STEP = 1 / 120
TILE = 1
WALL = 2


def _boundary(space: pymunk.Space, rect: tuple[float, float, float, float], elasticity: float) -> None:
    left, top, width, height = rect
    right, bottom = left + width, top + height
    corners = [(left, top), (right, top), (right, bottom), (left, bottom)]
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        seg = pymunk.Segment(space.static_body, a, b, 4)
        seg.elasticity, seg.friction, seg.collision_type = elasticity, 0.6, WALL
        space.add(seg)


@dataclass
class Pose:
    x: float
    y: float
    angle: float
    """Centre and rotation (degrees, counter-clockwise as pygame rotates)."""


class Wash:
    """The twittering of the sparrows: face-down tiles stirred around the table by two flat hands.

    ``arena`` is the table area ``(left, top, width, height)``; ``obstacle`` (the compass) stays clear. The
    hands follow slow looping paths for ``stir`` seconds, then lift off and the tiles come to rest.
    """

    def __init__(self, seed: int, count: int, arena: tuple[float, float, float, float],
                 obstacle: tuple[float, float, float, float] | None = None, tile: tuple[int, int] = (20, 27),
                 stir: float = 2.2) -> None:
        self.rng = random.Random(seed)
        self.arena = arena
        self.tile = tile
        self.stir = stir
        self.time = 0.0
        self.clacks = 0
        """Hard knocks between tiles since the owner last read it (for the clattering sound)."""
        space = pymunk.Space()
        space.damping = 0.3
        space.iterations = 8
        space.collision_slop = 0.3
        _boundary(space, arena, 0.2)
        if obstacle is not None:
            left, top, width, height = obstacle
            box = pymunk.Poly(space.static_body, [(left, top), (left + width, top), (left + width, top + height),
                                                  (left, top + height)], radius=6)
            box.elasticity, box.friction, box.collision_type = 0.2, 0.6, WALL
            space.add(box)
        self.space = space
        self.bodies: list[pymunk.Body] = []
        w, h = tile
        left, top, width, height = arena
        columns = max(1, int(width // (w + 10)))
        rows = max(1, math.ceil(count / columns))
        placed = 0
        # The tiles start spread over the table face down, as the last hand's tiles were pushed into the middle.
        slots = [(c, r) for r in range(rows + 4) for c in range(columns)]
        self.rng.shuffle(slots)
        for c, r in slots:
            if placed == count:
                break
            x = left + 14 + (c + 0.5) * (width - 28) / columns + self.rng.uniform(-4, 4)
            y = top + 14 + (r + 0.5) * (height - 28) / (rows + 4) + self.rng.uniform(-3, 3)
            if obstacle is not None and _inside((x, y), obstacle, 18):
                continue
            body = pymunk.Body(0.1, pymunk.moment_for_box(0.1, (w, h)))
            body.position = (x, y)
            body.angle = math.radians(self.rng.uniform(-35, 35))
            shape = pymunk.Poly.create_box(body, (w, h), radius=1.5)
            shape.friction, shape.elasticity, shape.collision_type = 0.5, 0.15, TILE
            space.add(body, shape)
            self.bodies.append(body)
            placed += 1
        self.hands: list[pymunk.Body] = []
        self.palms: list[pymunk.Shape] = []
        self.paths: list[tuple[float, ...]] = []
        for n in range(2):
            hand = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
            palm = pymunk.Circle(hand, 30)
            palm.friction, palm.elasticity = 0.8, 0.1
            space.add(hand, palm)
            self.palms.append(palm)
            self.hands.append(hand)
            # A slow loop (a Lissajous figure) per hand, mirrored so the hands stir in opposite directions.
            self.paths.append((self.rng.uniform(0.55, 0.75), self.rng.uniform(0.8, 1.1), self.rng.uniform(0, 6.28),
                               1 if n == 0 else -1))
            hand.position = self._hand_at(n, 0.0)

        def knock(arbiter: pymunk.Arbiter, _space: pymunk.Space, _data: object) -> None:
            if arbiter.is_first_contact and arbiter.total_impulse.length > 1.2:
                self.clacks += 1

        space.on_collision(TILE, TILE, post_solve=knock)
        self._accumulator = 0.0

    def _hand_at(self, n: int, t: float) -> tuple[float, float]:
        left, top, width, height = self.arena
        fx, fy, phase, turn = self.paths[n]
        cx, cy = left + width / 2, top + height / 2
        x = cx + turn * (width * 0.36) * math.sin(fx * t * 2.2 + phase)
        y = cy + (height * 0.34) * math.sin(fy * t * 2.2 + phase * 1.7 + n)
        return (x, y)

    @property
    def stirring(self) -> bool:
        return self.time < self.stir

    def advance(self, dt: float) -> None:
        """Move on by ``dt`` seconds, in fixed steps."""
        self._accumulator += dt
        while self._accumulator >= STEP - 1e-9:
            self._accumulator -= STEP
            self._step()

    def _step(self) -> None:
        self.time += STEP
        for n, hand in enumerate(self.hands):
            if self.stirring:
                target = self._hand_at(n, self.time)
                hand.velocity = ((target[0] - hand.position.x) / STEP, (target[1] - hand.position.y) / STEP)
            elif self.palms:
                # The hands lift off the table: they stop touching the tiles.
                hand.velocity = (0, 0)
                self.space.remove(*self.palms)
                self.palms = []
        self.space.step(STEP)

    def poses(self) -> list[Pose]:
        return [Pose(b.position.x, b.position.y, -math.degrees(b.angle)) for b in self.bodies]

    def hand_positions(self) -> list[tuple[float, float]]:
        return [(h.position.x, h.position.y) for h in self.hands] if self.stirring else []


def _inside(point: tuple[float, float], rect: tuple[float, float, float, float], margin: float) -> bool:
    left, top, width, height = rect
    return left - margin <= point[0] <= left + width + margin and top - margin <= point[1] <= top + height + margin


@dataclass(frozen=True)
class DieFrame:
    x: float
    y: float
    angle: float
    face: int


class DiceRoll:
    """Dice thrown from ``start`` towards ``target`` inside ``arena``, landing on ``values``.

    A flat simulation cannot choose which face ends up on top, so the faces shown while rolling follow the
    tumbling (a new face every so many degrees turned, from the seeded generator) and the last ones are the
    engine's values. The roll is simulated in fixed steps as far as it has been watched (all at once would
    cost one long frame when the dice are thrown), and each step is kept, so it can be replayed exactly.
    """

    def __init__(self, seed: int, values: tuple[int, ...], start: tuple[float, float], target: tuple[float, float],
                 arena: tuple[float, float, float, float], size: int = 22, limit: float = 1.6) -> None:
        rng = random.Random(seed)
        self.values = values
        self.size = size
        space = pymunk.Space()
        space.damping = 0.25
        _boundary(space, arena, 0.55)
        bodies = []
        dx, dy = target[0] - start[0], target[1] - start[1]
        distance = max(1.0, math.hypot(dx, dy))
        for n in range(len(values)):
            body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (size, size)))
            spread = (n - (len(values) - 1) / 2) * (size + 6)
            body.position = (start[0] - dy / distance * spread, start[1] + dx / distance * spread)
            body.angle = rng.uniform(0, math.tau)
            speed = distance * rng.uniform(2.3, 2.8)
            swerve = rng.uniform(-0.25, 0.25)
            body.velocity = ((dx / distance + swerve * -dy / distance) * speed,
                             (dy / distance + swerve * dx / distance) * speed)
            body.angular_velocity = rng.uniform(9, 16) * rng.choice((-1, 1))
            shape = pymunk.Poly.create_box(body, (size, size), radius=3)
            shape.friction, shape.elasticity = 0.7, 0.45
            space.add(body, shape)
            bodies.append(body)
        self._rng, self._space, self._bodies = rng, space, bodies
        self.frames: list[list[DieFrame]] = [[] for _ in values]
        self._turned = [0.0 for _ in values]
        self._faces = [rng.randint(1, 6) for _ in values]
        self.steps = int(limit / STEP)
        self.duration = self.steps * STEP

    def _simulate(self, until: int) -> None:
        """Run the simulation until ``until`` steps are recorded (never past the end of the roll)."""
        until = min(until, self.steps)
        values, bodies, rng = self.values, self._bodies, self._rng
        for i in range(len(self.frames[0]), until):
            self._space.step(STEP)
            # Rolling friction: dice on cloth slow down quickly; physics alone would let them slide for long.
            for body in bodies:
                body.velocity = body.velocity * 0.985
                body.angular_velocity *= 0.975
            for n, body in enumerate(bodies):
                self._turned[n] += abs(body.angular_velocity) * STEP
                if self._turned[n] > 1.2:
                    self._turned[n] = 0.0
                    self._faces[n] = rng.choice([f for f in range(1, 7) if f != self._faces[n]])
                slow = body.velocity.length < 25 and abs(body.angular_velocity) < 3
                near_end = i > self.steps * 0.7
                face = values[n] if slow or near_end else self._faces[n]
                self.frames[n].append(DieFrame(body.position.x, body.position.y, -math.degrees(body.angle), face))

    def at(self, t: float) -> list[DieFrame]:
        """Where the dice are ``t`` seconds into the roll (the resting dice after the end)."""
        index = max(0, min(self.steps - 1, int(t / STEP)))
        self._simulate(index + 1)
        return [frames[index] for frames in self.frames]

    def resting(self) -> list[DieFrame]:
        """Where the dice come to rest (the rest of the roll is simulated if it was skipped)."""
        self._simulate(self.steps)
        return [frames[-1] for frames in self.frames]
