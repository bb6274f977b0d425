"""The wall (W): the four sides two tiles high, the breach and its dice, the loose tiles, the kong box and the
next tile to be drawn, as the table's wall is now.

Side ``w`` is faced by the player whose seat wind is ``w`` and is drawn in front of that player's place; stacks are
counted from the left end as that player faces them, so counting on past the right-hand corner runs into the
next player's side, as the help file describes.
"""

from __future__ import annotations

import pygame

from game.client import layout
from game.client.look import font, mix, text
from game.client.messages import WIND_SHORT
from game.client.scenes.base import Scene
from game.client.widgets import Button, draw_panel

BACK = (24, 32)
STEP = 26


class WallScene(Scene):
    overlay = True
    name = "wall"

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.box = pygame.Rect(0, 0, 760, 700)
        self.box.center = (640, 350)
        self.close = Button(pygame.Rect(self.box.right - 150, self.box.bottom - 56, 128, 40), "Close",
                            lambda: app.stack.remove(self), primary=True, size=16)

    def handle(self, event: pygame.Event) -> None:
        if self.close.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_w, pygame.K_RETURN):
            self.app.stack.remove(self)

    def stack_place(self, ring_index: int) -> tuple[int, int, int]:
        """Screen top-left and rotation of the stack with ``ring_index``."""
        table = self.session.table
        per_side = table.wall.stacks_per_side
        side, k = divmod(ring_index, per_side)
        seat = table.seat_of_wind(side)
        span = per_side * STEP
        cx, cy = self.box.centerx, self.box.centery + 6
        half = span // 2
        if seat == 0:
            return cx - half + k * STEP, cy + half + 8, 0
        if seat == 1:
            return cx + half + 8, cy + half - (k + 1) * STEP, 90
        if seat == 2:
            return cx + half - (k + 1) * STEP, cy - half - 8 - BACK[1] - 10, 0
        return cx - half - 8 - BACK[1] - 10, cy - half + k * STEP, 270

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.app.palette
        table = self.session.table
        wall = table.wall
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, palette, title="The Wall")
        felt = self.box.inflate(-40, -110).move(0, 12)
        pygame.draw.rect(surface, palette.back_top, felt, border_radius=12)
        sprites = self.app.sprites
        next_draw = wall.next_draw_position()
        next_loose = wall.next_loose_position()
        box_positions = set(wall.kong_box) | set(wall.loose)
        for index, (bottom, top, loose) in enumerate(wall.layout()):
            x, y, rotate = self.stack_place(index)
            for level, present in ((0, bottom), (1, top), (2, loose)):
                if not present:
                    continue
                tint = None
                if (index, level) == next_draw:
                    tint = palette.highlight
                elif (index, level) == next_loose:
                    tint = palette.claimable
                dim = (index, level) in box_positions and tint is None and level < 2
                if level == 2:
                    tint = tint or palette.accent
                lift = 5 * level
                dx, dy = {0: (0, -lift), 90: (-lift, 0), 270: (lift, 0)}.get(rotate, (0, -lift))
                sprite = sprites.tile(None, BACK, face_up=False, rotate=rotate, tint=tint, dim=dim)
                surface.blit(sprite, (x + dx, y + dy))
        for seat in range(4):
            wind = table.seat_wind(seat)
            label = f"{self.session.names[seat]} · {WIND_SHORT[wind]}"
            cy = self.box.centery + 6
            pos = {0: (self.box.centerx, cy + 200), 1: (self.box.centerx + 200, cy),
                   2: (self.box.centerx, cy - 200), 3: (self.box.centerx - 200, cy)}[seat]
            anchor = "center"
            if seat in (1, 3):
                image = font(15, "bold").render(label, True, palette.text)
                image = pygame.transform.rotate(image, 90 if seat == 3 else -90)
                surface.blit(image, image.get_rect(**{anchor: pos}))
            else:
                text(surface, label, pos, 15, palette.text, "bold", anchor)
        breach = wall.breach
        centre = (self.box.centerx, self.box.centery + 6)
        if breach is not None:
            lines = [f"Dice: {' + '.join(map(str, breach.first_throw))}, then "
                     f"{' + '.join(map(str, breach.second_throw))}",
                     f"Broken at stack {breach.position} of {WIND_SHORT[breach.side]}'s side"]
            for i, line in enumerate(lines):
                text(surface, line, (centre[0], centre[1] - 40 + i * 22), 15, palette.text, "sans", "center")
        text(surface, f"{wall.live_count} tiles left · {wall.replacements_left} in the kong box",
             (centre[0], centre[1] + 14), 15, palette.accent, "bold", "center")
        legend = [(palette.highlight, "next tile"), (palette.claimable, "next loose tile"),
                  (mix(palette.tile_back, (0, 0, 0), 0.3), "kong box")]
        x = self.box.left + 30
        for colour, label in legend:
            pygame.draw.rect(surface, colour, pygame.Rect(x, self.box.bottom - 44, 16, 16), border_radius=3)
            shown = text(surface, label, (x + 22, self.box.bottom - 36), 14, palette.text_dark, "sans", "midleft")
            x = shown.right + 24
        self.close.draw(surface, palette)

