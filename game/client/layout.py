"""Where everything sits on the 1280 × 720 logical table. Pure geometry: no drawing, no game state.

Seats are placed by their position relative to the human: 0 bottom (You), 1 right, 2 top (Opposite), 3 left.
A side seat's tiles are turned so that their tops point at the middle of the table, as a player would see them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

LOGICAL = (1280, 720)
STATUS_H = 30
CENTRE = (640, 308)

HAND_TILE = (50, 68)
HAND_GAP = 2
DRAWN_GAP = 18
EXPOSED_TILE = (38, 51)
TOP_BACK = (28, 38)
TOP_EXPOSED = (31, 42)
SIDE_BACK = (26, 36)
SIDE_EXPOSED = (27, 36)
DISCARD_TILE = (28, 37)
MELD_GAP = 10

# The wall stands around the compass like a real wall around the middle of the table. The table is seen from
# the south at a slant, so the side walls (running away from the viewer) are foreshortened: their stacks are
# closer together on screen than those of the near and far walls.
WALL_TILE = (15, 20)
"""Face size of a face-down wall tile in the near and far walls."""
WALL_SIDE_TILE = (20, 12)
"""Face size of a wall tile in the left and right walls (turned, and foreshortened)."""
WALL_LEVEL = 5
"""How far up the top tile of a stack is drawn (the thickness of the tile below it)."""
WALL_RECT = pygame.Rect(0, 0, 296, 236)
WALL_RECT.center = (CENTRE[0], CENTRE[1] + 1)

COMPASS = pygame.Rect(0, 0, 232, 164)
COMPASS.center = CENTRE

# Where each seat's discards are laid out (rows of tiles, oldest first), and how many fit in a row.
PONDS = {
    0: pygame.Rect(340, 430, 600, 86),
    1: pygame.Rect(WALL_RECT.right + 10, WALL_RECT.top, 288, WALL_RECT.height),
    2: pygame.Rect(340, 102, 600, 86),
    3: pygame.Rect(WALL_RECT.left - 298, WALL_RECT.top, 288, WALL_RECT.height),
}
TABLE_AREA = pygame.Rect(182, 98, 916, 424)
"""The marked middle of the table (the inlay): ponds, wall and compass lie inside; the washing happens here."""


@dataclass(frozen=True)
class Placed:
    """A tile's place: top-left of its sprite, the face size and the rotation its sprite is drawn with."""

    x: float
    y: float
    size: tuple[int, int]
    rotate: int = 0

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    def rect(self) -> pygame.Rect:
        w, h = self.size
        if self.rotate in (90, 270):
            w, h = h, w
        return pygame.Rect(round(self.x), round(self.y), w, h)

    @property
    def centre(self) -> tuple[float, float]:
        return self.rect().center


def rotation(seat: int) -> int:
    """The sprite rotation for exposed tiles of ``seat`` (tops towards the middle)."""
    return {0: 0, 1: 90, 2: 0, 3: 270}[seat]


def hand_positions(count: int, drawn: bool) -> list[Placed]:
    """The human's concealed tiles, centred on their stake; a drawn tile stands a little apart on the right."""
    w, _h = HAND_TILE
    width = count * (w + HAND_GAP) + (DRAWN_GAP if drawn else 0)
    x = CENTRE[0] - width // 2
    y = 600
    out = []
    for i in range(count):
        extra = DRAWN_GAP if drawn and i == count - 1 else 0
        out.append(Placed(x + i * (w + HAND_GAP) + extra, y, HAND_TILE))
    return out


def stake_rect(seat: int) -> pygame.Rect:
    """The long stake rectangle (red for East, black for the others) under each player's hidden tiles."""
    if seat == 0:
        return pygame.Rect(250, 662, 780, 20)
    if seat == 2:
        return pygame.Rect(400, 36, 480, 12)
    if seat == 1:
        return pygame.Rect(1236, 112, 12, 470)
    return pygame.Rect(32, 112, 12, 470)


def concealed_positions(seat: int, count: int) -> list[Placed]:
    """An opponent's hidden tiles (backs, or faces with Show All Hands) along their stake."""
    if seat == 0:
        return hand_positions(count, False)
    if seat == 2:
        w, _unused = TOP_BACK
        x = CENTRE[0] - count * (w + 1) // 2
        return [Placed(x + i * (w + 1), 4, TOP_BACK) for i in range(count)]
    _unused, h = SIDE_BACK
    step = SIDE_BACK[0] + 1
    y0 = 347 - count * step // 2
    if seat == 1:
        return [Placed(1232 - h, y0 + i * step, SIDE_BACK, 90) for i in range(count)]
    return [Placed(48, y0 + (count - 1 - i) * step, SIDE_BACK, 270) for i in range(count)]


def exposed_positions(seat: int, groups: list[int], bonus: int) -> tuple[list[list[Placed]], list[Placed]]:
    """The exposed sets (one list of places per set, ``groups`` giving their sizes) and the flowers and seasons.

    They lie "above" the stake, on the side towards the middle of the table.
    """
    melds: list[list[Placed]] = []
    flowers: list[Placed] = []
    if seat in (0, 2):
        size = EXPOSED_TILE if seat == 0 else TOP_EXPOSED
        w = size[0]
        y = 526 if seat == 0 else 54
        x = 250 if seat == 0 else 400
        for n in groups:
            melds.append([Placed(x + i * w, y, size) for i in range(n)])
            x += n * w + MELD_GAP
        right = (1030 if seat == 0 else 880) - bonus * (w + 1)
        flowers = [Placed(right + i * (w + 1), y, size) for i in range(bonus)]
        return melds, flowers
    w = SIDE_EXPOSED[0]
    rotate = rotation(seat)
    # Side seats: sets run down from the player's left; flowers in a second column further in.
    if seat == 3:
        col, bonus_col, y = 92, 140, 112
        for n in groups:
            melds.append([Placed(col, y + i * w, SIDE_EXPOSED, rotate) for i in range(n)])
            y += n * w + MELD_GAP
        flowers = [Placed(bonus_col, 112 + i * (w + 1), SIDE_EXPOSED, rotate) for i in range(bonus)]
    else:
        col, bonus_col, y = 1150, 1102, 582
        for n in groups:
            y -= n * w
            melds.append([Placed(col, y + (n - 1 - i) * w, SIDE_EXPOSED, rotate) for i in range(n)])
            y -= MELD_GAP
        # Flowers at the top, under the player's name: at the bottom they would lie beside your own.
        flowers = [Placed(bonus_col, 112 + i * (w + 1), SIDE_EXPOSED, rotate) for i in range(bonus)]
    return melds, flowers


def discard_position(seat: int, index: int) -> Placed:
    """Where the ``index``-th discard of ``seat`` lies in their pond, in front of them and turned as their other
    tiles are, so each pond reads as its player's: the near and far players' upright in rows (left to right),
    the side players' sideways in columns (from their own left); each new row or column lies farther from the
    middle, towards its player."""
    if seat in (1, 3):
        return _side_discard_position(seat, index)
    pond = PONDS[seat]
    w, h = DISCARD_TILE
    per_row = max(1, pond.width // (w + 2))
    row, col = divmod(index, per_row)
    rows_fit = max(1, pond.height // (h + 6))
    if row >= rows_fit:
        # A long hand: later rows overlap the earlier ones slightly instead of leaving the pond.
        step = (pond.height - h - 4) / max(1, row)
        y = pond.top + row * step
    else:
        y = pond.top + row * (h + 6)
    if seat == 2:
        y = pond.bottom - (y - pond.top) - h - 4
    return Placed(pond.left + col * (w + 2), y, DISCARD_TILE)


def _side_discard_position(seat: int, index: int) -> Placed:
    pond = PONDS[seat]
    w, h = DISCARD_TILE  # turned: h wide and w tall on the screen
    per_column = max(1, pond.height // (w + 2))
    column, row = divmod(index, per_column)
    offset = min(column * (h + 4), pond.width - h)  # seven columns of seven fit; more would stay in the pond
    top = pond.top + (pond.height - per_column * (w + 2) + 2) // 2
    if seat == 3:  # the left-hand player: columns move left from the wall, tiles run down
        return Placed(pond.right - h - offset, top + row * (w + 2), DISCARD_TILE, rotation(seat))
    bottom = top + per_column * (w + 2) - 2  # the right-hand player: columns move right, tiles run up
    return Placed(pond.left + offset, bottom - w - row * (w + 2), DISCARD_TILE, rotation(seat))


def wall_source(seat: int) -> tuple[float, float]:
    """Where a drawn tile appears from when the wall's position is not known: the middle of the table."""
    return CENTRE


def wall_stack_place(ring_index: int, stacks_per_side: int, seat: int, level: int = 0,
                     rect: pygame.Rect | None = None, scale: float = 1.0) -> Placed:
    """The sprite place of a wall tile: stack ``ring_index`` of the side in front of ``seat``, at ``level``.

    Stacks run from the left end as the side's owner faces them (the human's side left to right, the right-hand
    player's side bottom to top, the far side right to left, the left-hand player's side top to bottom), so that
    counting past a right-hand corner runs on into the next player's side. The sides meet like a pinwheel: each
    starts at its left corner and stops short of the next side's wall.
    """
    rect = rect or WALL_RECT
    k = ring_index % stacks_per_side
    level_px = round(WALL_LEVEL * scale)
    near = (round(WALL_TILE[0] * scale), round(WALL_TILE[1] * scale))
    side = (round(WALL_SIDE_TILE[0] * scale), round(WALL_SIDE_TILE[1] * scale))
    depth = max(2, round(near[1] * 0.09))
    row_depth = near[1] + depth + level_px
    near_step = (rect.width - side[0] - 3) / stacks_per_side
    side_step = (rect.height - row_depth - 2) / stacks_per_side
    side_h = side[1] + max(2, round(side[1] * 0.09))
    x: float
    y: float
    if seat == 0:
        x, y, size = rect.left + k * near_step, rect.bottom - near[1] - depth, near
    elif seat == 2:
        x, y, size = rect.right - (k + 1) * near_step, rect.top + level_px, near
    elif seat == 1:
        x, y, size = rect.right - side[0] - 1, rect.bottom - side_h - k * side_step, side
    else:
        x, y, size = rect.left, rect.top + level_px + k * side_step, side
    return Placed(x, y - level_px * level, size)


def balloon_anchor(seat: int) -> tuple[tuple[int, int], str]:
    """Where a player's speech balloon points, and which way it opens."""
    return {0: ((640, 590), "up"), 1: ((1090, 340), "left"), 2: ((640, 96), "down"),
            3: ((190, 340), "right")}[seat]


def seat_label_anchor(seat: int) -> tuple[tuple[int, int], str]:
    """Where a player's name plate sits next to their stake."""
    return {0: ((250, 696), "bottomleft"), 1: ((1248, 86), "topright"), 2: ((392, 8), "topright"),
            3: ((32, 86), "topleft")}[seat]
