"""The Test button of the tile movements (P-172): one tile flies across a strip of the Settings box with the
speed, shadow and direction trail chosen, as tiles move at the table."""

from __future__ import annotations

import math

import pygame

from game.client import layout
from game.client.look import Palette, mix
from game.core.tiles import tile_from_code

FLIGHT_SECONDS = 1.2
"""The flight's length at the normal tile speed (a discard's flight across the table takes about as long)."""
LIFT = 40.0
"""How high the tile rises at the middle of its flight, so its shadow falls away from it."""
REST = 0.5
"""The tile stays where it landed this long before the strip is cleared."""
TILE = tile_from_code("RD")


class MovementTest:
    """A sample flight: started by the button, drawn while it lasts."""

    def __init__(self) -> None:
        self.age: float | None = None

    @property
    def running(self) -> bool:
        return self.age is not None

    def start(self) -> None:
        self.age = 0.0

    def update(self, dt: float, speed: float) -> None:
        if self.age is None:
            return
        self.age += dt
        if self.age >= (FLIGHT_SECONDS / speed if speed > 0 else 0.0) + REST:
            self.age = None

    def progress(self, speed: float) -> float:
        """How far the flight has come, 0-1 (instantly over without movements)."""
        if self.age is None:
            return 0.0
        return 1.0 if speed <= 0 else min(1.0, self.age * speed / FLIGHT_SECONDS)

    def draw(self, surface: pygame.Surface, strip: pygame.Rect, sprites, palette: Palette, *, speed: float,
             shadow: float, trail: bool) -> None:
        pygame.draw.rect(surface, mix(palette.panel_shade, palette.panel, 0.5), strip, border_radius=10)
        if self.age is None:
            return
        size = layout.HAND_TILE
        p = self.progress(speed)
        eased = 0.5 - 0.5 * math.cos(math.pi * p)

        def at(q: float) -> tuple[float, float]:
            x = strip.left + 12 + (strip.width - 24 - size[0]) * q
            return x, strip.top + 40

        sprite = sprites.tile(TILE, size)
        clip = surface.get_clip()
        surface.set_clip(strip)
        if trail:
            for back in (0.24, 0.16, 0.08):
                ghost = sprite.copy()
                ghost.set_alpha(int(200 * (0.3 - back)))
                surface.blit(ghost, at(max(0.0, eased - back)))
        x, y = at(eased)
        lift = LIFT * 4 * p * (1 - p)
        if lift * shadow > 2:
            shade = sprite.copy()
            shade.fill((0, 0, 0, 70), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(shade, (round(x + lift * shadow * 0.4), round(y + lift * shadow * 0.3)))
        surface.blit(sprite, (round(x), round(y - lift * 0.5)))
        surface.set_clip(clip)
