"""Flower and Season pictures and the tile back for the bundled tile sets (see ``tile_art.py`` for units).

Each bonus tile is a small picture that reads at 36 × 46 pixels by its colour and silhouette, with the
tile's own name character at the side and its number 1–4 in the top corner: green for flowers, red for
seasons, as on the original's tiles (the number tells which seat owns the tile).
"""

from __future__ import annotations

import math

from tile_art import Painter, _shade, bamboo_stick, sparrow

FLOWER_NAMES = "梅蘭菊竹"
SEASON_NAMES = "春夏秋冬"


def blossom(p: Painter, x: float, y: float, r: float, petal, centre) -> None:
    """A five-petalled blossom."""
    for i in range(5):
        t = -math.pi / 2 + i * math.tau / 5
        p.circle(_shade(petal, 0.7) if not p.pal.outline_all else p.pal.ink,
                 x + math.cos(t) * r * 0.55, y + math.sin(t) * r * 0.55, r * 0.58)
    for i in range(5):
        t = -math.pi / 2 + i * math.tau / 5
        p.circle(petal, x + math.cos(t) * r * 0.55, y + math.sin(t) * r * 0.55, r * 0.47)
    p.circle(centre, x, y, r * 0.28)


def plum(p: Painter) -> None:
    pal = p.pal
    p.polyline(pal.brown, [(5, 42), (10, 33), (13, 26), (20, 18), (26, 10)], 2.6)
    p.polyline(pal.brown, [(13, 26), (8, 20)], 1.6)
    p.polyline(pal.brown, [(20, 18), (27, 21)], 1.5)
    for x, y, r in ((26, 10, 6.2), (8, 19, 5.2), (27.5, 22.5, 5.4), (13, 33, 4.6)):
        blossom(p, x, y, r, pal.pink, pal.gold)


def orchid(p: Painter) -> None:
    pal = p.pal
    leaf = pal.green
    for pts in ([(18, 43), (13, 30), (6, 20), (3, 16)], [(18, 43), (20, 30), (27, 22), (33, 21)],
                [(18, 43), (16, 30), (15, 18)], [(18, 43), (23, 35), (31, 32)]):
        p.polyline(_shade(leaf, 0.6) if not pal.outline_all else pal.ink, pts, 2.4)
        p.polyline(leaf, pts, 1.5)
    for x, y, s in ((15, 12, 1.0), (26, 15, 0.8)):
        for i, (dx, dy, rx, ry, a) in enumerate(((0, -3.6, 2, 4, 0), (-3.6, 0.6, 4, 2, 0.4), (3.6, 0.6, 4, 2, -0.4),
                                                 (-2.3, 3.4, 1.8, 3.2, 0.5), (2.3, 3.4, 1.8, 3.2, -0.5))):
            c = pal.purple if i < 3 else _shade(pal.purple, 1.35)
            p.ellipse(_shade(c, 0.6) if not pal.outline_all else pal.ink, x + dx * s, y + dy * s,
                      (rx + 0.6) * s, (ry + 0.6) * s, a)
            p.ellipse(c, x + dx * s, y + dy * s, rx * s, ry * s, a)
        p.circle(pal.gold, x, y + 0.5 * s, 1.3 * s)


def chrysanthemum(p: Painter) -> None:
    pal = p.pal
    p.polyline(pal.green, [(18, 42), (17, 30), (18, 22)], 1.8)
    p.ellipse(pal.green, 12, 35, 5, 2.2, -0.5)
    p.ellipse(pal.green, 23.5, 32, 5, 2.2, 0.5)
    x, y = 18, 17
    for ring, (rr, n, c) in enumerate(((12.5, 20, _shade(pal.gold, 0.8)), (9.5, 16, pal.gold),
                                       (6.2, 12, _shade(pal.gold, 1.3)))):
        for i in range(n):
            t = i * math.tau / n + ring * 0.2
            tip = (x + math.cos(t) * rr, y + math.sin(t) * rr)
            side = 0.22 if ring == 0 else 0.3
            a = (x + math.cos(t - side) * rr * 0.35, y + math.sin(t - side) * rr * 0.35)
            b = (x + math.cos(t + side) * rr * 0.35, y + math.sin(t + side) * rr * 0.35)
            if pal.outline_all:
                p.polygon(pal.ink, [a, tip, b], 0.45)
            p.polygon(c, [a, tip, b])
            p.polygon(_shade(c, 0.7), [a, tip, b], 0.25)
    p.circle(_shade(pal.gold, 0.55), x, y, 2.6)


def bamboo_plant(p: Painter) -> None:
    pal = p.pal
    bamboo_stick(p, pal.green, (12, 43), (12, 6), 3.4)
    bamboo_stick(p, _shade(pal.green, 0.8), (23, 43), (23, 15), 2.8)
    dark = _shade(pal.green, 0.55) if not pal.outline_all else pal.ink
    for x, y, a in ((12, 14, -2.5), (12, 14, -2.0), (12, 24, 0.5), (12, 24, 0.1), (23, 22, -0.6), (23, 22, -0.2),
                    (23, 31, 0.4), (12, 33, -2.7)):
        tip = (x + math.cos(a) * 11, y + math.sin(a) * 11)
        nx, ny = -math.sin(a) * 1.7, math.cos(a) * 1.7
        mid = (x + math.cos(a) * 4.5, y + math.sin(a) * 4.5)
        p.polygon(dark, [(x, y), (mid[0] + nx, mid[1] + ny), tip, (mid[0] - nx, mid[1] - ny)])


def spring(p: Painter) -> None:
    """A sprouting seedling in a mound of earth with a pink bud: the season of new growth."""
    pal = p.pal
    p.ellipse(pal.brown, 18, 42, 14, 4.5)
    p.polyline(pal.green, [(18, 40), (18, 27), (17, 16)], 1.8)
    for sgn, y in ((-1, 29), (1, 23)):
        pts = [(18, y), (18 + sgn * 6, y - 7), (18 + sgn * 13, y - 6), (18 + sgn * 8, y + 1)]
        p.polygon(_shade(pal.green, 0.6) if not pal.outline_all else pal.ink, pts)
        inner = [(18 + sgn * 1.2, y - 0.3), (18 + sgn * 6.2, y - 6), (18 + sgn * 11.5, y - 5.4), (18 + sgn * 7.6, y)]
        p.polygon(_shade(pal.green, 1.25), inner)
    p.ellipse(_shade(pal.pink, 0.7) if not pal.outline_all else pal.ink, 17, 12, 3.6, 5.4)
    p.ellipse(pal.pink, 17, 12, 2.8, 4.6)


def summer(p: Painter) -> None:
    """The high sun over waves."""
    pal = p.pal
    sun = pal.red
    x, y = 18, 17
    for i in range(12):
        t = i * math.tau / 12
        p.polygon(pal.gold, [(x + math.cos(t - 0.16) * 9, y + math.sin(t - 0.16) * 9),
                             (x + math.cos(t) * 15, y + math.sin(t) * 15),
                             (x + math.cos(t + 0.16) * 9, y + math.sin(t + 0.16) * 9)])
    p.circle(pal.ink if pal.outline_all else _shade(sun, 0.7), x, y, 9.4)
    p.circle(sun, x, y, 8.6)
    p.circle(_shade(sun, 1.3), x - 2.5, y - 2.5, 3)
    for row, wy in enumerate((36, 41.5)):
        pts = [(3 + i * 1.5, wy + math.sin((i * 1.5 + row * 4) / 2.2) * 1.6) for i in range(21)]
        p.polyline(pal.blue, pts, 1.9)


def autumn(p: Painter) -> None:
    """A maple leaf turning red and gold."""
    pal = p.pal
    x, y = 18, 21
    outline = []
    lobes = ((-90, 17), (-62, 7), (-40, 14), (-18, 7.5), (5, 13), (28, 6.5), (48, 6), (90, 5),
             (132, 6), (152, 6.5), (175, 13), (198, 7.5), (220, 14), (242, 7))
    for deg, r in lobes:
        t = math.radians(deg)
        outline.append((x + math.cos(t) * r, y + math.sin(t) * r))
    p.polygon(pal.ink if pal.outline_all else _shade(pal.red, 0.6), outline, 1.4)
    p.polygon(pal.red, outline)
    inner = [(x + (px - x) * 0.62, y + (py - y) * 0.62) for px, py in outline]
    p.polygon(pal.gold, inner)
    p.polyline(_shade(pal.red, 0.6), [(x, y + 4), (x, y - 14)], 0.9)
    p.polyline(_shade(pal.red, 0.6), [(x, y + 1), (x - 11, y - 5)], 0.8)
    p.polyline(_shade(pal.red, 0.6), [(x, y + 1), (x + 11, y - 5)], 0.8)
    p.polyline(pal.brown, [(x, y + 4), (x + 1.5, y + 16), (x + 4, y + 21)], 1.6)


def winter(p: Painter) -> None:
    """A snowflake."""
    pal = p.pal
    x, y = 18, 23
    c = pal.blue
    for width, colour in ((3.1, pal.ink if pal.outline_all else _shade(c, 0.6)), (1.9, c)):
        for i in range(6):
            t = -math.pi / 2 + i * math.tau / 6
            tip = (x + math.cos(t) * 15, y + math.sin(t) * 15)
            p.line(colour, (x, y), tip, width)
            for d, blen in ((7.5, 5), (11.5, 3.5)):
                bx, by = x + math.cos(t) * d, y + math.sin(t) * d
                for s in (-1, 1):
                    a = t + s * 0.85
                    p.line(colour, (bx, by), (bx + math.cos(a) * blen, by + math.sin(a) * blen), width * 0.8)
    p.circle(c, x, y, 2.6)
    p.circle(pal.face, x, y, 1.2)


PICTURES = (plum, orchid, chrysanthemum, bamboo_plant, spring, summer, autumn, winter)


def bonus(p: Painter, index: int, number: bool, letter: bool = False) -> None:
    """Flower (index 0–3) or Season (4–7): picture, name character, and the seat number in the top corner."""
    pal = p.pal
    is_season = index >= 4
    saved = (p.ox, p.oy, p.zoom)
    if letter:
        p.place(saved[0] + 5.0 * saved[2], saved[1] + 4.0 * saved[2], saved[2] * 0.84)
    else:
        p.place(saved[0] + 1.5 * saved[2], saved[1] + 3.0 * saved[2], saved[2] * 0.86)
    PICTURES[index](p)
    p.place(*saved)
    name = (SEASON_NAMES if is_season else FLOWER_NAMES)[index % 4]
    if p.min_line < 0.9:  # the name character is a smudge at 36 × 46, so only the larger sheets show it
        p.text("cjk", name, pal.ink, 31.5, 6.5, 7.5, 8.5)
    colour = pal.red if is_season else pal.green
    if number and letter:  # high contrast: the letter F or S says flower or season without colour
        p.text("latin", str(index % 4 + 1), pal.ink, 4.6, 5.4, 7.5, 8.6, em=13)
        p.text("latin", "S" if is_season else "F", colour, 4.6, 14.4, 7.5, 6.6, em=10)
    elif number:
        p.text("latin", str(index % 4 + 1), colour, 4.8, 5.8, 7, 8.6, em=12)


def back(p: Painter, emblem: bool = True) -> None:
    """The tile back: the set's back colour, a lighter inner frame and the sparrow as a small gold emblem."""
    pal = p.pal
    p.rect(pal.back, 0, 0, 36, 46)
    p.rect(pal.back_light, 3, 3, 30, 40, radius=2.5, width=1.1)
    p.rect(_shade(pal.back, 0.75), 5, 5, 26, 36, radius=1.5, width=0.6)
    if emblem:
        sparrow(p, 16.5, 24, 0.85, emblem=pal.back_emblem)
