"""Tile faces drawn in code: readable faces for when no tile-set image is available.

Suits carry a large index numeral in the corner (the classic "Tiles With Numbers" set), so every tile reads
at a glance even at discard size. Faces are drawn once at a large size and scaled down with smoothing.
"""

from __future__ import annotations

import math

import pygame

from game.client.look import font
from game.core.tiles import (
    FIRST_FLOWER,
    FIRST_SEASON,
    GREEN_DRAGON,
    JOKER,
    NUM_KINDS,
    RED_DRAGON,
    WHITE_DRAGON,
    number_of,
    suit_of,
)

BASE = (120, 160)
INK = (28, 36, 64)
RED = (196, 34, 40)
GREEN = (24, 122, 70)
BLUE = (30, 78, 160)

_DOTS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.28), (0.5, 0.72)],
    3: [(0.25, 0.22), (0.5, 0.5), (0.75, 0.78)],
    4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)],
    5: [(0.28, 0.26), (0.72, 0.26), (0.5, 0.5), (0.28, 0.74), (0.72, 0.74)],
    6: [(0.3, 0.22), (0.7, 0.22), (0.3, 0.5), (0.7, 0.5), (0.3, 0.78), (0.7, 0.78)],
    7: [(0.22, 0.18), (0.5, 0.27), (0.78, 0.36), (0.3, 0.6), (0.7, 0.6), (0.3, 0.84), (0.7, 0.84)],
    8: [(0.3, 0.16), (0.7, 0.16), (0.3, 0.39), (0.7, 0.39), (0.3, 0.62), (0.7, 0.62), (0.3, 0.85), (0.7, 0.85)],
    9: [(x, y) for y in (0.2, 0.5, 0.8) for x in (0.22, 0.5, 0.78)],
}
_WIND = ("E", "S", "W", "N")
_WIND_WORD = ("EAST", "SOUTH", "WEST", "NORTH")
_FLOWER_WORD = ("PLUM", "ORCHID", "CHRYS.", "BAMBOO")
_SEASON_WORD = ("SPRING", "SUMMER", "AUTUMN", "WINTER")
_CHAR_NUMERALS = ("一", "二", "三", "四", "五", "六", "七", "八", "九")


def draw_face(tile: int) -> pygame.Surface:
    """The face of ``tile`` on a transparent ``BASE`` canvas (the tile body is drawn by the sprite code)."""
    surf = pygame.Surface(BASE, pygame.SRCALPHA)
    w, h = BASE
    if tile < 27:
        suit, n = suit_of(tile), number_of(tile)
        art = pygame.Rect(14, 22, w - 28, h - 34)
        if suit == 0:
            _bamboo(surf, art, n)
        elif suit == 1:
            _characters(surf, art, n)
        else:
            _dots(surf, art, n)
        colour = (GREEN, RED, BLUE)[suit]
        _corner(surf, str(n), colour)
    elif tile < 31:
        _big_letter(surf, _WIND[tile - 27], INK, _WIND_WORD[tile - 27])
    elif tile == RED_DRAGON:
        _dragon(surf, RED, "中")
    elif tile == GREEN_DRAGON:
        _dragon(surf, GREEN, "發")
    elif tile == WHITE_DRAGON:
        frame = pygame.Rect(22, 30, w - 44, h - 60)
        pygame.draw.rect(surf, BLUE, frame, width=7, border_radius=6)
        pygame.draw.rect(surf, BLUE, frame.inflate(-24, -24), width=3, border_radius=4)
        _caption(surf, "WHITE", BLUE)
    elif tile < FIRST_SEASON:
        _flower(surf, tile - FIRST_FLOWER)
    elif tile < JOKER:
        _season(surf, tile - FIRST_SEASON)
    else:
        _big_letter(surf, "J", (150, 60, 160), "JOKER")
    return surf


def _corner(surf: pygame.Surface, label: str, colour: tuple[int, int, int]) -> None:
    image = font(30, "bold").render(label, True, colour)
    surf.blit(image, (9, 2))


def _caption(surf: pygame.Surface, word: str, colour: tuple[int, int, int]) -> None:
    image = font(15, "condensed").render(word, True, colour)
    surf.blit(image, image.get_rect(midbottom=(BASE[0] // 2, BASE[1] - 6)))


def _big_letter(surf: pygame.Surface, letter: str, colour: tuple[int, int, int], word: str) -> None:
    image = font(82, "serif_bold").render(letter, True, colour)
    surf.blit(image, image.get_rect(center=(BASE[0] // 2, BASE[1] // 2 - 8)))
    _caption(surf, word, colour)


def _glyph_font_has(char: str) -> bool:
    """Whether the bundled font really has ``char`` (a missing glyph renders as the same box as U+FFFF)."""
    f = font(40, "serif_bold")
    image = pygame.image.tobytes(f.render(char, True, (0, 0, 0), (255, 255, 255)), "RGB")
    missing = pygame.image.tobytes(f.render("\uffff", True, (0, 0, 0), (255, 255, 255)), "RGB")
    return image != missing


def _dragon(surf: pygame.Surface, colour: tuple[int, int, int], glyph: str) -> None:
    w, h = BASE
    centre = (w // 2, h // 2 - 6)
    pygame.draw.circle(surf, colour, centre, 40, width=5)
    if _glyph_font_has(glyph):
        image = font(54, "serif_bold").render(glyph, True, colour)
    else:
        image = font(58, "serif_bold").render("R" if colour == RED else "G", True, colour)
    surf.blit(image, image.get_rect(center=centre))
    _caption(surf, "RED" if colour == RED else "GREEN", colour)


def _bamboo(surf: pygame.Surface, area: pygame.Rect, n: int) -> None:
    if n == 1:
        _stick(surf, pygame.Rect(0, 0, 22, area.height - 6).move(area.centerx - 11, area.top + 3), GREEN, joints=4)
        return
    rows = {2: [1, 1], 3: [1, 2], 4: [2, 2], 5: [2, 1, 2], 6: [3, 3], 7: [1, 3, 3], 8: [3, 2, 3], 9: [3, 3, 3]}[n]
    row_h = area.height / len(rows)
    for r, count in enumerate(rows):
        stick_w = 16
        gap = (area.width - count * stick_w) / (count + 1)
        for c in range(count):
            x = area.left + gap + c * (stick_w + gap)
            rect = pygame.Rect(round(x), round(area.top + r * row_h + 3), stick_w, round(row_h - 6))
            colour = RED if (n in (5, 7, 9) and r == len(rows) // 2 and (count == 1 or c == 1)) else GREEN
            if n == 7 and r == 0:
                colour = RED
            _stick(surf, rect, colour, joints=2)


def _stick(surf: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], joints: int) -> None:
    pygame.draw.rect(surf, colour, rect, border_radius=rect.width // 2)
    light = tuple(min(255, c + 70) for c in colour)
    pygame.draw.line(surf, light, (rect.left + rect.width // 3, rect.top + 4),
                     (rect.left + rect.width // 3, rect.bottom - 5), 2)
    for k in range(1, joints):
        y = rect.top + rect.height * k // joints
        pygame.draw.line(surf, (250, 246, 232), (rect.left + 1, y), (rect.right - 2, y), 2)


def _dots(surf: pygame.Surface, area: pygame.Rect, n: int) -> None:
    radius = {1: 30, 2: 18, 3: 15, 4: 16, 5: 14, 6: 13, 7: 11, 8: 10, 9: 11}[n]
    for i, (fx, fy) in enumerate(_DOTS[n]):
        centre = (round(area.left + fx * area.width), round(area.top + fy * area.height))
        colour = BLUE if n not in (1, 5, 9) or i % 2 == 0 else GREEN
        if n == 1 or (n == 5 and i == 2) or (n == 7 and i < 3) or (n == 9 and 3 <= i < 6):
            colour = RED
        pygame.draw.circle(surf, colour, centre, radius)
        pygame.draw.circle(surf, (250, 246, 232), centre, max(2, radius * 6 // 10), width=max(1, radius // 5))
        pygame.draw.circle(surf, colour, centre, max(2, radius // 3))


def _characters(surf: pygame.Surface, area: pygame.Rect, n: int) -> None:
    numeral = _CHAR_NUMERALS[n - 1]
    if _glyph_font_has(numeral):
        top = font(44, "serif_bold").render(numeral, True, INK)
        surf.blit(top, top.get_rect(midtop=(area.centerx, area.top + 2)))
        low = font(44, "serif_bold").render("萬", True, RED)
        surf.blit(low, low.get_rect(midbottom=(area.centerx, area.bottom)))
        return
    big = font(64, "serif_bold").render(str(n), True, INK)
    surf.blit(big, big.get_rect(center=(area.centerx, area.centery - 10)))
    mark = font(20, "condensed").render("WAN", True, RED)
    rect = mark.get_rect(midbottom=(area.centerx, area.bottom + 4))
    pygame.draw.rect(surf, RED, rect.inflate(10, 4), width=2, border_radius=4)
    surf.blit(mark, rect)


def _petals(surf: pygame.Surface, centre: tuple[int, int], colour: tuple[int, int, int], count: int,
            radius: int) -> None:
    for k in range(count):
        angle = 2 * math.pi * k / count - math.pi / 2
        p = (centre[0] + math.cos(angle) * radius, centre[1] + math.sin(angle) * radius)
        pygame.draw.circle(surf, colour, p, radius * 0.75)
    pygame.draw.circle(surf, (240, 196, 60), centre, radius * 0.55)


def _flower(surf: pygame.Surface, index: int) -> None:
    w, h = BASE
    colours = ((222, 92, 140), (150, 80, 190), (236, 160, 40), (60, 150, 80))
    pygame.draw.line(surf, GREEN, (w // 2, h // 2), (w // 2 - 10, h - 28), 4)
    pygame.draw.ellipse(surf, GREEN, pygame.Rect(w // 2 - 30, h - 56, 24, 12))
    _petals(surf, (w // 2 + 4, h // 2 - 8), colours[index], 5 + (index == 2), 17)
    image = font(30, "bold").render(str(index + 1), True, GREEN)
    surf.blit(image, (9, 2))
    _caption(surf, _FLOWER_WORD[index], GREEN)


def _season(surf: pygame.Surface, index: int) -> None:
    w, h = BASE
    centre = (w // 2 + 4, h // 2 - 4)
    if index == 0:
        _petals(surf, centre, (246, 170, 190), 5, 15)
    elif index == 1:
        pygame.draw.circle(surf, (240, 170, 40), centre, 20)
        for k in range(12):
            angle = 2 * math.pi * k / 12
            pygame.draw.line(surf, (240, 170, 40), (centre[0] + math.cos(angle) * 26, centre[1] + math.sin(angle) * 26),
                             (centre[0] + math.cos(angle) * 36, centre[1] + math.sin(angle) * 36), 4)
    elif index == 2:
        leaf = [(centre[0], centre[1] - 34), (centre[0] + 26, centre[1]), (centre[0], centre[1] + 30),
                (centre[0] - 26, centre[1])]
        pygame.draw.polygon(surf, (206, 90, 30), leaf)
        pygame.draw.line(surf, (120, 50, 20), (centre[0], centre[1] - 30), (centre[0], centre[1] + 34), 3)
    else:
        for k in range(6):
            angle = math.pi * k / 3
            pygame.draw.line(surf, BLUE, centre, (centre[0] + math.cos(angle) * 32, centre[1] + math.sin(angle) * 32),
                             4)
        pygame.draw.circle(surf, BLUE, centre, 7)
    image = font(30, "bold").render(str(index + 1), True, RED)
    surf.blit(image, (9, 2))
    _caption(surf, _SEASON_WORD[index], RED)


def is_drawable(tile: int) -> bool:
    return 0 <= tile < NUM_KINDS or FIRST_FLOWER <= tile <= JOKER
