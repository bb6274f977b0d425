"""Example hands drawn with the real tile images: sets side by side, declared sets marked, the winning tile lit."""

from __future__ import annotations

import pygame

from game.client.look import Palette, text
from game.client.render.sprites import TileSprites
from game.core.tiles import Tile
from game.i18n import _

TILE_SIZE = (35, 47)
GROUP_GAP = 12


def groups_width(groups: tuple[tuple[Tile, ...], ...], size: tuple[int, int] = TILE_SIZE,
                 gap: int = GROUP_GAP) -> int:
    tiles = sum(len(g) for g in groups)
    return tiles * size[0] + max(0, len(groups) - 1) * gap


def fitting_size(groups: tuple[tuple[Tile, ...], ...], width: int) -> tuple[int, int]:
    """The largest tile size up to :data:`TILE_SIZE` at which ``groups`` fit in ``width`` pixels."""
    w, h = TILE_SIZE
    while w > 18 and groups_width(groups, (w, h)) > width:
        w -= 1
        h = round(w * TILE_SIZE[1] / TILE_SIZE[0])
    return w, h


def draw_groups(surface: pygame.Surface, sprites: TileSprites, palette: Palette,
                groups: tuple[tuple[Tile, ...], ...], pos: tuple[int, int], *, size: tuple[int, int] = TILE_SIZE,
                exposed: frozenset[int] = frozenset(), winning: Tile | None = None,
                gap: int = GROUP_GAP) -> pygame.Rect:
    """Draw the sets left to right from ``pos``; returns the rect covered (with the "declared" captions).

    A declared set gets a bracket and the word "declared" below it; the winning tile (the last copy held
    concealed) gets a gold outline.
    """
    x, y = pos
    lit = None
    if winning is not None:
        for i in range(len(groups) - 1, -1, -1):
            if i not in exposed and winning in groups[i]:
                lit = (i, len(groups[i]) - 1 - groups[i][::-1].index(winning))
                break
    bottom = y + size[1]
    for i, group in enumerate(groups):
        start = x
        for k, tile in enumerate(group):
            surface.blit(sprites.tile(tile, size), (x, y))
            if lit == (i, k):
                pygame.draw.rect(surface, palette.highlight, pygame.Rect(x - 2, y - 2, size[0] + 4, size[1] + 4),
                                 width=3, border_radius=5)
            x += size[0]
        if i in exposed:
            line_y = y + size[1] + 4
            pygame.draw.line(surface, palette.accent_dark, (start + 2, line_y), (x - 2, line_y), 2)
            label = text(surface, _("declared"), ((start + x) // 2, line_y + 2), 12, palette.accent_dark, "bold",
                         "midtop")
            bottom = max(bottom, label.bottom)
        x += gap
    return pygame.Rect(pos[0], y, x - gap - pos[0], bottom - y)
