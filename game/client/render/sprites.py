"""Tile sprites: a face (from the tile set, or drawn) on an ivory body with depth, cached per size.

A sprite is the tile seen from above at an angle: the face on top, the body's thickness below it in the back
colour, like a real bone-and-bamboo tile. Face-down tiles show the back colour with an ivory edge.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Any

import pygame

from game.client.look import Palette, mix
from game.client.render import drawn_tiles
from game.core.tiles import JOKER
from game.errors import SparrowError

log = logging.getLogger(__name__)

FaceLoader = Callable[[int], "pygame.Surface | None"]
PICTURE_ERRORS = (pygame.error, OSError, ValueError, SparrowError)
"""What a tile set's picture may raise when it is cut or scaled: SDL's errors, a file gone, a size out of range,
the tile set's own problems."""


class TileSprites:
    """Every tile picture the table needs, made on demand and cached by (tile, size, options)."""

    def __init__(self, palette: Palette, face_loader: FaceLoader | None = None,
                 back_loader: Callable[[], pygame.Surface | None] | None = None, sheet: Any = None) -> None:
        self.palette = palette
        self.sheet = sheet
        """A :class:`game.client.render.tilesheet.TileSheet`; its finished tiles are used when present."""
        self._face_loader = face_loader
        self._back_loader = back_loader
        self._faces: dict[int, pygame.Surface] = {}
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self.wild: int | None = None
        """The tile kind that is wild in the hand on show (a goulash's 2 Bamboo): its jokers are drawn as that
        kind with a star, the way players know them; None draws a joker as a joker."""

    def raw_face(self, tile: int) -> pygame.Surface:
        """The face picture at its own size (the tile set's, or drawn)."""
        if tile not in self._faces:
            face = None
            if self._face_loader is not None:
                try:
                    face = self._face_loader(tile)
                except PICTURE_ERRORS:  # a broken tile set must never stop the game: fall back to drawn faces
                    log.warning("tile set has no usable face for tile %d; drawing it", tile, exc_info=True)
            self._faces[tile] = face if face is not None else drawn_tiles.draw_face(tile)
        return self._faces[tile]

    def depth_of(self, h: int) -> int:
        return max(2, round(h * 0.09))

    def tile(self, tile: int | None, size: tuple[int, int], *, face_up: bool = True, rotate: int = 0,
             tint: tuple[int, int, int] | None = None, dim: bool = False) -> pygame.Surface:
        """A tile sprite whose face is ``size``; the depth adds below. ``rotate`` is 0, 90, 180 or 270 degrees."""
        wild = self.wild if face_up and tile == JOKER else None
        key = (tile if face_up else None, size, face_up, rotate, tint, dim, wild)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        if wild is not None:
            sprite = self.tile(wild, size, tint=tint, dim=dim).copy()
            self._star(sprite, size[0])
        else:
            from_sheet = self._from_sheet(tile, size, face_up, tint, dim) if self.sheet is not None else None
            sprite = from_sheet if from_sheet is not None else self._make(tile, size, face_up, tint, dim)
        if rotate:
            sprite = pygame.transform.rotate(sprite, rotate)
        self._cache[key] = sprite
        return sprite

    def _from_sheet(self, tile: int | None, size: tuple[int, int], face_up: bool,
                    tint: tuple[int, int, int] | None, dim: bool) -> pygame.Surface | None:
        """The tile set's finished tile, fitted to ``size`` (face) plus the depth below it; None if it lacks it."""
        w, h = size
        depth = self.depth_of(h)
        try:
            if face_up:
                if tile is None or not self.sheet.has(tile):
                    return None
                image = self.sheet.face(tile, h + depth)
            else:
                image = self.sheet.back(h + depth)
        except PICTURE_ERRORS:  # a broken sheet must not stop the game: the drawn faces take over
            log.warning("tile set %s could not draw tile %s; drawing it", getattr(self.sheet, "source", "?"), tile,
                        exc_info=True)
            self.sheet = None
            return None
        if image.get_size() != (w, h + depth):
            image = pygame.transform.smoothscale(image, (w, h + depth))
        sprite = pygame.Surface((w + 1, h + depth + 1), pygame.SRCALPHA)
        radius = max(2, w // 8)
        pygame.draw.rect(sprite, (0, 0, 0, 70), pygame.Rect(1, 1, w, h + depth), border_radius=radius)
        sprite.blit(image, (0, 0))
        self._overlay(sprite, (w, h), tint, dim)
        return sprite

    def _star(self, surf: pygame.Surface, width: int) -> None:
        """A gold star in the face's top right corner: this tile is wild."""
        w = width
        radius = max(3.0, w * 0.2)
        cx, cy = w - radius - max(1, w // 14), radius + max(1, w // 14)
        points = []
        for k in range(10):
            r = radius if k % 2 == 0 else radius * 0.45
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
        pygame.draw.polygon(surf, (236, 178, 42), points)
        pygame.draw.polygon(surf, (122, 76, 10), points, width=1)

    def _overlay(self, surf: pygame.Surface, size: tuple[int, int], tint: tuple[int, int, int] | None,
                 dim: bool) -> None:
        if tint is None and not dim:
            return
        w, h = size
        radius = max(2, w // 8)
        overlay = pygame.Surface((w, h), pygame.SRCALPHA)
        colour = (*tint, 70) if tint is not None else (20, 20, 20, 90)
        pygame.draw.rect(overlay, colour, overlay.get_rect(), border_radius=radius)
        surf.blit(overlay, (0, 0))
        if tint is not None:
            pygame.draw.rect(surf, tint, pygame.Rect(0, 0, w, h), width=max(2, w // 18), border_radius=radius)

    def _make(self, tile: int | None, size: tuple[int, int], face_up: bool, tint: tuple[int, int, int] | None,
              dim: bool) -> pygame.Surface:
        p = self.palette
        w, h = size
        depth = self.depth_of(h)
        radius = max(2, w // 8)
        surf = pygame.Surface((w + 1, h + depth + 1), pygame.SRCALPHA)
        # Soft contact shadow, the body's thickness, then the face.
        pygame.draw.rect(surf, (0, 0, 0, 70), pygame.Rect(1, depth + 1, w, h), border_radius=radius)
        if face_up:
            pygame.draw.rect(surf, p.tile_back, pygame.Rect(0, depth, w, h), border_radius=radius)
            pygame.draw.rect(surf, p.tile_edge, pygame.Rect(0, depth // 2 + 1, w, h), border_radius=radius)
            face_rect = pygame.Rect(0, 0, w, h)
            pygame.draw.rect(surf, p.tile_face, face_rect, border_radius=radius)
            shine = pygame.Rect(2, 2, w - 4, max(2, h // 5))
            pygame.draw.rect(surf, mix(p.tile_face, (255, 255, 255), 0.6), shine, border_radius=radius)
            pygame.draw.rect(surf, p.tile_face, pygame.Rect(2, 2 + h // 10, w - 4, h - 4 - h // 10),
                             border_radius=radius)
            if tile is not None:
                face = self.raw_face(tile)
                inset = max(1, w // 16)
                target = (w - 2 * inset, h - 2 * inset)
                scaled = pygame.transform.smoothscale(face, target)
                surf.blit(scaled, (inset, inset))
            pygame.draw.rect(surf, mix(p.tile_edge, (0, 0, 0), 0.25), face_rect, width=1, border_radius=radius)
        else:
            back = self._back_surface((w, h))
            pygame.draw.rect(surf, p.tile_face, pygame.Rect(0, depth, w, h), border_radius=radius)
            pygame.draw.rect(surf, p.tile_edge, pygame.Rect(0, depth, w, h), width=1, border_radius=radius)
            surf.blit(back, (0, 0))
        self._overlay(surf, size, tint, dim)
        return surf

    def _back_surface(self, size: tuple[int, int]) -> pygame.Surface:
        p = self.palette
        w, h = size
        radius = max(2, w // 8)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        image = None
        if self._back_loader is not None:
            try:
                image = self._back_loader()
            except PICTURE_ERRORS:  # same reason as faces: draw a plain back instead
                log.warning("tile set back could not be read; drawing it", exc_info=True)
        if image is not None:
            mask = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
            surf.blit(pygame.transform.smoothscale(image, size), (0, 0))
            surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        else:
            pygame.draw.rect(surf, p.tile_back, surf.get_rect(), border_radius=radius)
            light = mix(p.tile_back, (255, 255, 255), 0.18)
            pygame.draw.rect(surf, light, pygame.Rect(2, 2, w - 4, max(2, h // 4)), border_radius=radius)
            pygame.draw.rect(surf, p.tile_back, pygame.Rect(2, 2 + h // 8, w - 4, h - 4 - h // 8),
                             border_radius=radius)
            inner = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 4), -max(4, w // 4))
            if inner.width > 6:
                pygame.draw.rect(surf, mix(p.tile_back, (255, 255, 255), 0.28), inner, width=1,
                                 border_radius=max(1, radius // 2))
        pygame.draw.rect(surf, p.tile_back_edge, surf.get_rect(), width=1, border_radius=radius)
        return surf
