"""The wall and its ceremony, as the classic help file describes it (seed 000, L1183–L1262).

Geometry: the wall is a ring of ``4 × S`` stacks, two tiles high (S = 18 for 144 tiles). Side ``w`` (0 East …
3 North, named after the player who faces it) holds stacks ``S·w … S·w + S − 1``; position ``p`` (1…S) on a
side, counted from the left end as its owner faces it, is stack ``S·w + p − 1``. Counting on past the right-hand
corner runs into the next side in playing order, because South sits at East's right (L447, L1389).

Ceremony: East throws two dice (T1) and counts the sides from East's: 1/5/9 East's, 2/6/10 South's … (L1202).
The player facing that side throws again (T2) and counts T1 + T2 stacks from the left of that side (L1216). That
stack is the breach: its top tile is laid on the stack to its left and its bottom tile three stacks to the left
(L1219–L1221): these are the loose tiles. The 14 tiles left of the breach plus the two loose tiles are the kong box
(L1223). The deal starts right of the breach, 4, 4, 4, 1 to East, South, West, North (L1235–L1241).

A position is ``(stack, level)``: level 0 is the bottom tile, 1 the top tile, 2 a loose tile lying on top.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from game.core.tiles import Tile, full_set

Position = tuple[int, int]
BOTTOM, TOP, LOOSE = 0, 1, 2


def side_for_throw(total: int) -> int:
    """The side (0 East … 3 North) a dice total chooses, counting East's side as 1 (L1202–L1208)."""
    return (total - 1) % 4


@dataclass(frozen=True)
class Breach:
    """Where and how the wall was broken."""

    first_throw: tuple[int, ...]
    """East's dice (T1)."""
    side: int
    """The side chosen by T1; its owner makes the second throw."""
    second_throw: tuple[int, ...]
    """The second dice (T2), thrown by the owner of ``side``."""
    position: int
    """T1 + T2: the breach counted from the left end of ``side`` (may run past the corner)."""
    stack: int
    """The ring index of the breach stack."""


class Wall:
    """The tiles on the table that nobody holds yet: the live wall and the kong box."""

    def __init__(self, tiles: list[Tile], stacks_per_side: int, kong_box_stacks: int = 7,
                 kong_box_moves: bool = False) -> None:
        if len(tiles) > 8 * stacks_per_side:
            raise ValueError(f"{len(tiles)} tiles do not fit in a wall of 4 × {stacks_per_side} stacks")
        self.stacks_per_side = stacks_per_side
        self.ring = 4 * stacks_per_side
        self.kong_box_stacks = kong_box_stacks
        self.kong_box_moves = kong_box_moves
        # Stack i holds tiles[2i] on top and tiles[2i + 1] below; a short set leaves the last stacks low.
        self.tiles: dict[Position, Tile] = {}
        for i, tile in enumerate(tiles):
            self.tiles[(i // 2, TOP if i % 2 == 0 else BOTTOM)] = tile
        self.breach: Breach | None = None
        self.live: deque[Position] = deque()
        self.kong_box: deque[Position] = deque()
        self.loose: list[Position] = []

    # -- building ---------------------------------------------------------------------------------------------

    @classmethod
    def build(cls, rng: random.Random, *, flowers: bool = True, jokers: int = 0, stacks_per_side: int = 0,
              kong_box_stacks: int = 7, kong_box_moves: bool = False) -> Wall:
        """Shuffle a full set with ``rng`` and build it into four walls, two tiles high."""
        tiles = full_set(flowers, jokers)
        rng.shuffle(tiles)
        per_side = stacks_per_side or (len(tiles) + 7) // 8
        return cls(tiles, per_side, kong_box_stacks, kong_box_moves)

    def stack_index(self, side: int, position: int) -> int:
        """The ring index of ``position`` (1-based, may exceed the side's length) counted on ``side``."""
        return (side * self.stacks_per_side + position - 1) % self.ring

    def break_wall(self, first_throw: tuple[int, ...], second_throw: tuple[int, ...]) -> Breach:
        """Break the wall with the two throws; lay out the loose tiles, the kong box and the live wall."""
        t1 = sum(first_throw)
        side = side_for_throw(t1)
        position = t1 + sum(second_throw)
        opening = self.stack_index(side, position)
        self.breach = Breach(first_throw, side, second_throw, position, opening)
        if self.kong_box_stacks == 0:
            # No kong box (the Western game): the wall is drawn from the breach round to it, and replacements
            # come from its far end.
            for k in range(1, self.ring + 1):
                stack = (opening + k) % self.ring
                self.live += [(stack, level) for level in (TOP, BOTTOM) if (stack, level) in self.tiles]
            return self.breach

        top, bottom = self.tiles.pop((opening, TOP), None), self.tiles.pop((opening, BOTTOM), None)
        loose_targets = [self._back(opening, 1), self._back(opening, 3)]
        for target, tile in zip(loose_targets, (top, bottom), strict=True):
            if tile is not None:
                self.tiles[(target, LOOSE)] = tile
                self.loose.append((target, LOOSE))
        box_stacks = [self._back(opening, k) for k in range(1, self.kong_box_stacks + 1)]
        box_positions = [(s, level) for s in box_stacks for level in (TOP, BOTTOM) if (s, level) in self.tiles]
        self.kong_box = deque(box_positions)
        boxed = set(box_stacks) | {opening}
        for k in range(1, self.ring):
            stack = (opening + k) % self.ring
            if stack in boxed:
                continue
            for level in (TOP, BOTTOM):
                if (stack, level) in self.tiles:
                    self.live.append((stack, level))
        return self.breach

    def _back(self, stack: int, steps: int) -> int:
        return (stack - steps) % self.ring

    # -- drawing ----------------------------------------------------------------------------------------------

    @property
    def live_count(self) -> int:
        """Tiles left to draw before the kong box is reached (the status bar's "tiles left")."""
        return len(self.live)

    @property
    def replacements_left(self) -> int:
        return len(self.loose) + len(self.kong_box)

    def draw(self) -> tuple[Tile, Position]:
        """Take the next tile of the live wall (from the breach's right, going round)."""
        position = self.live.popleft()
        return self.tiles.pop(position), position

    def next_draw_position(self) -> Position | None:
        return self.live[0] if self.live else None

    def draw_loose(self) -> tuple[Tile, Position, list[tuple[Position, Position]]]:
        """Take a loose tile for a flower, season or kong.

        Returns the tile, where it lay, and the moves that laid out the next loose tiles when this one was the
        last: "At no time during a Hand is the Wall left unmarked … the last two tiles in the Wall are placed
        immediately in the position occupied by the Loose Tiles that have just been removed" (L3618). Each move
        is ``(from, to)``. When the kong box is used up the tile comes from the end of the live wall (A16).
        """
        if self.loose:
            position = self.loose.pop(0)
        elif self.kong_box:
            position = self.kong_box.popleft()
        elif self.live:
            position = self.live.pop()
        else:
            raise IndexError("no tile left for a replacement")
        tile = self.tiles.pop(position)
        moves: list[tuple[Position, Position]] = []
        if not self.loose and self.kong_box:
            moves = self._lay_new_loose_tiles()
        if self.kong_box_moves and self.live:
            # Keep the dead wall at its size: the live wall's last tile joins the kong box (A15).
            self.kong_box.append(self.live.pop())
        return tile, position, moves

    def _lay_new_loose_tiles(self) -> list[tuple[Position, Position]]:
        """Lift the kong-box stack nearest the breach and lay its tiles on top of the wall like the first pair."""
        moves = []
        lifted: list[Position] = []
        while self.kong_box and len(lifted) < 2:
            lifted.append(self.kong_box.popleft())
        for n, source in enumerate(lifted):
            stack = source[0]
            target_stack = self._back(stack, 1 if n == 0 else 3)
            target = (target_stack, LOOSE)
            if target in self.tiles or not self._holds_tiles(target_stack):
                target = source  # nothing to lie on: the tile is taken where it stands
            else:
                self.tiles[target] = self.tiles.pop(source)
                moves.append((source, target))
            self.loose.append(target)
        return moves

    def _holds_tiles(self, stack: int) -> bool:
        return (stack, BOTTOM) in self.tiles or (stack, TOP) in self.tiles

    def next_loose_position(self) -> Position | None:
        if self.loose:
            return self.loose[0]
        if self.kong_box:
            return self.kong_box[0]
        return self.live[-1] if self.live else None

    def remaining_tiles(self) -> list[Tile]:
        """Every tile still in the wall (live wall and kong box)."""
        return list(self.tiles.values())

    def layout(self) -> list[tuple[bool, bool, bool]]:
        """For each stack of the ring: whether its bottom, top and a loose tile on top are present."""
        return [((s, BOTTOM) in self.tiles, (s, TOP) in self.tiles, (s, LOOSE) in self.tiles)
                for s in range(self.ring)]

    def is_kong_box(self, position: Position) -> bool:
        return position in self.kong_box or position in self.loose


def throw_dice(rng: random.Random, count: int = 2) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(count))
