"""Tile pictures for the bundled tile sets, drawn with pygame from scratch (used by ``make_tilesets.py``).

Every picture is drawn in *tile units*: a tile is 36 × 46 units, the size of one cell of the original
324 × 230 bitmap. A :class:`Painter` maps units to pixels of a large master surface, which the caller then
shrinks with ``smoothscale``; drawing big and shrinking gives clean edges without hand-made anti-aliasing.

Thin strokes vanish when a picture is shrunk to 36 × 46 pixels, so a painter knows the final output scale and
keeps every line at least ``min_line`` output pixels wide: the 1× sheet is drawn bolder than the 3× sheet,
as a type designer would hint a small size.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import pygame
import pygame.freetype

TILE_W, TILE_H = 36, 46

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """Colours of one tile set; the high-contrast set swaps in a colour-blind-safe palette."""

    face: Colour
    face_low: Colour  # bottom of the faint face gradient
    ink: Colour  # outlines and black strokes
    red: Colour
    green: Colour
    blue: Colour
    gold: Colour
    pink: Colour
    purple: Colour
    brown: Colour
    numeral: Colour  # the number on Wan tiles
    wind: Colour
    back: Colour
    back_light: Colour
    back_emblem: Colour
    outline_all: bool  # draw a dark outline round every coloured shape


CLASSIC = Palette(
    face=(250, 246, 233), face_low=(240, 232, 210), ink=(30, 30, 36),
    red=(196, 32, 38), green=(20, 128, 70), blue=(24, 78, 160), gold=(226, 160, 30),
    pink=(226, 88, 128), purple=(122, 62, 160), brown=(110, 70, 40),
    numeral=(22, 32, 84), wind=(22, 32, 84),
    back=(18, 110, 80), back_light=(60, 160, 118), back_emblem=(236, 200, 110),
    outline_all=False,
)

# Okabe–Ito colours: told apart with every common colour-vision deficiency, and each suit keeps one hue
# family so the shape and the colour say the same thing.
CONTRAST = Palette(
    face=(255, 255, 255), face_low=(246, 246, 246), ink=(0, 0, 0),
    red=(213, 94, 0), green=(0, 130, 100), blue=(0, 92, 170), gold=(230, 159, 0),
    pink=(204, 121, 167), purple=(120, 60, 150), brown=(90, 60, 30),
    numeral=(0, 0, 0), wind=(0, 0, 0),
    back=(0, 70, 140), back_light=(86, 180, 233), back_emblem=(240, 228, 66),
    outline_all=True,
)


class Fonts:
    """The fonts the pictures need; CJK glyphs come from a system font at generation time only."""

    def __init__(self, cjk_path: str, cjk_index: int, latin_path: str, cjk_strength: float = 0.0) -> None:
        pygame.freetype.init()
        self.cjk_path, self.cjk_index, self.cjk_strength = cjk_path, cjk_index, cjk_strength
        self.latin_path = latin_path
        self._cache: dict[tuple[str, int], pygame.freetype.Font] = {}

    def get(self, kind: str, px: int) -> pygame.freetype.Font:
        """A font of ``kind`` ('cjk' or 'latin') at ``px`` pixels."""
        key = (kind, px)
        if key not in self._cache:
            if kind == "cjk":
                font = pygame.freetype.Font(self.cjk_path, px, font_index=self.cjk_index)
                if self.cjk_strength:
                    font.strong = True
                    font.strength = self.cjk_strength
            else:
                font = pygame.freetype.Font(self.latin_path, px)
            font.antialiased = True
            font.kerning = True
            self._cache[key] = font
        return self._cache[key]


class Painter:
    """Draws in tile units on a master surface; ``scale`` is master pixels per unit."""

    def __init__(self, surface: pygame.Surface, scale: float, out_scale: int, pal: Palette, fonts: Fonts) -> None:
        self.surface, self.scale, self.pal, self.fonts = surface, scale, pal, fonts
        self.min_line = 0.95 / out_scale  # units; about one output pixel whatever the sheet size
        self.ox, self.oy, self.zoom = 0.0, 0.0, 1.0

    def place(self, ox: float, oy: float, zoom: float) -> None:
        """Draw the following art shrunk by ``zoom`` with its origin at (ox, oy), e.g. to make room for an index."""
        self.ox, self.oy, self.zoom = ox, oy, zoom

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return ((self.ox + x * self.zoom) * self.scale, (self.oy + y * self.zoom) * self.scale)

    def px(self, units: float) -> int:
        return max(1, round(units * self.zoom * self.scale))

    def line_w(self, units: float) -> int:
        return self.px(max(units, self.min_line / self.zoom))

    def circle(self, colour: Colour, x: float, y: float, r: float, width: float = 0) -> None:
        w = self.line_w(width) if width else 0
        pygame.draw.circle(self.surface, colour, self.pt(x, y), r * self.zoom * self.scale, w)

    def ellipse(self, colour: Colour, x: float, y: float, rx: float, ry: float, angle: float = 0.0) -> None:
        pts = [(x + rx * math.cos(t) * math.cos(angle) - ry * math.sin(t) * math.sin(angle),
                y + rx * math.cos(t) * math.sin(angle) + ry * math.sin(t) * math.cos(angle))
               for t in (i * math.tau / 48 for i in range(48))]
        self.polygon(colour, pts)

    def polygon(self, colour: Colour, pts: list[tuple[float, float]], width: float = 0) -> None:
        w = self.line_w(width) if width else 0
        pygame.draw.polygon(self.surface, colour, [self.pt(x, y) for x, y in pts], w)

    def line(self, colour: Colour, a: tuple[float, float], b: tuple[float, float], width: float) -> None:
        """A thick line with round caps (pygame's own lines have square, ragged ends)."""
        w = max(width, self.min_line / self.zoom)
        ax, ay = a
        bx, by = b
        length = math.hypot(bx - ax, by - ay) or 1e-6
        nx, ny = -(by - ay) / length * w / 2, (bx - ax) / length * w / 2
        self.polygon(colour, [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)])
        self.circle(colour, ax, ay, w / 2)
        self.circle(colour, bx, by, w / 2)

    def polyline(self, colour: Colour, pts: list[tuple[float, float]], width: float) -> None:
        for a, b in itertools.pairwise(pts):
            self.line(colour, a, b, width)

    def rect(self, colour: Colour, x: float, y: float, w: float, h: float, radius: float = 0, width: float = 0) -> None:
        (x0, y0), (x1, y1) = self.pt(x, y), self.pt(x + w, y + h)
        r = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        pygame.draw.rect(self.surface, colour, r, self.line_w(width) if width else 0,
                         border_radius=self.px(radius) if radius else -1)

    def text(self, kind: str, s: str, colour: Colour, cx: float, cy: float, max_w: float, max_h: float,
             em: float = 0, halo: float = 0) -> None:
        """Draw ``s`` centred by its ink on (cx, cy): at ``em`` units (or ``max_h``), shrunk to fit max_w × max_h.

        ``halo`` units of tile face round the letters keep an index apart from a picture it comes close to.
        """
        size = self.px(em or max_h)
        for _ in range(12):
            glyphs, _ = self.fonts.get(kind, size).render(s, colour)
            ink = glyphs.get_bounding_rect()
            if ink.w <= self.px(max_w) and ink.h <= self.px(max_h):
                break
            fit = min(self.px(max_w) / max(ink.w, 1), self.px(max_h) / max(ink.h, 1))
            size = max(4, int(size * fit))
        px, py = self.pt(cx, cy)
        at = (round(px - ink.centerx), round(py - ink.centery))
        if halo:
            rim, _ = self.fonts.get(kind, size).render(s, self.pal.face)
            reach = self.px(halo)
            for k in range(16):
                angle = k * math.tau / 16
                self.surface.blit(rim, (at[0] + round(reach * math.cos(angle)), at[1] + round(reach * math.sin(angle))))
        self.surface.blit(glyphs, at)


# ----- suits -------------------------------------------------------------------------------------------------


def _shade(c: Colour, f: float) -> Colour:
    """``c`` darkened (f < 1) or lightened towards white (f > 1)."""
    if f <= 1:
        return (int(c[0] * f), int(c[1] * f), int(c[2] * f))
    t = min(1.0, f - 1)
    return (int(c[0] + (255 - c[0]) * t), int(c[1] + (255 - c[1]) * t), int(c[2] + (255 - c[2]) * t))


def bamboo_stick(p: Painter, colour: Colour, a: tuple[float, float], b: tuple[float, float], w: float = 4.2) -> None:
    """One stick from a to b: a dark rim, a lighter body, a highlight and three knuckles."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length

    def at(t: float) -> tuple[float, float]:
        return (ax + ux * t, ay + uy * t)

    rim = _shade(colour, 0.5 if not p.pal.outline_all else 0.35)
    p.line(rim, at(w * 0.3), at(length - w * 0.3), w * 0.86)
    p.line(colour, at(w * 0.3), at(length - w * 0.3), w * 0.56)
    p.line(_shade(colour, 1.6), at(w * 0.75), at(length / 2 - w * 0.4), w * 0.14)
    p.line(_shade(colour, 1.6), at(length / 2 + w * 0.4), at(length - w * 0.75), w * 0.14)
    for t in (w * 0.22, length / 2, length - w * 0.22):
        cx, cy = at(t)
        nx, ny = -uy * w * 0.5, ux * w * 0.5
        p.line(rim, (cx - nx, cy - ny), (cx + nx, cy + ny), w * 0.3)


def bamboo(p: Painter, n: int) -> None:
    g, b, r = p.pal.green, p.pal.blue, p.pal.red
    if p.pal.outline_all:
        b = g  # high contrast: one hue per suit, red only as the accent stick
    top2, bot2 = (3.5, 21.6), (24.4, 42.5)

    def col(x: float, span: tuple[float, float], c: Colour, w: float = 5.6) -> None:
        bamboo_stick(p, c, (x, span[0]), (x, span[1]), w)

    if n == 1:
        sparrow(p, 20.5, 23, 1.06)
    elif n == 2:
        col(18, top2, b, 6.4)
        col(18, bot2, g, 6.4)
    elif n == 3:
        col(18, top2, b, 6.2)
        col(10.5, bot2, g, 6.2)
        col(25.5, bot2, g, 6.2)
    elif n == 4:
        for x, c1, c2 in ((10.5, b, g), (25.5, g, b)):
            col(x, top2, c1, 6.2)
            col(x, bot2, c2, 6.2)
    elif n == 5:
        for x, c1, c2 in ((8.5, g, b), (27.5, b, g)):
            col(x, top2, c1)
            col(x, bot2, c2)
        col(18, (14.5, 31.5), r)
    elif n == 6:
        for x in (8, 18, 28):
            col(x, top2, b)
            col(x, bot2, g)
    elif n == 7:
        col(18, (2.8, 15.2), r, 5.2)
        rows = ((16.6, 29.2), (30.6, 43.2))
        for x in (7.5, 18, 28.5):
            col(x, rows[0], g, 5.2)
            col(x, rows[1], b if x != 18 else g, 5.2)
    elif n == 8:
        for (x0, x1), c in (((5.5, 5.5), g), ((30.5, 30.5), g), ((11.5, 16.5), b), ((24.5, 19.5), b)):
            bamboo_stick(p, c, (x0, 3.5), (x1, 21), 4.8)
            bamboo_stick(p, c, (x1, 25), (x0, 42.5), 4.8)
    elif n == 9:
        rows = ((2.8, 15.4), (16.8, 29.2), (30.6, 43.2))
        for x, c in ((7.5, g), (18, r), (28.5, b)):
            for span in rows:
                col(x, span, c, 5.2)


def sparrow(p: Painter, cx: float, cy: float, s: float, emblem: Colour | None = None) -> None:
    """The 1 Bamboo bird, a sparrow perched on a bamboo twig (the game's namesake); one colour for an emblem."""
    pal = p.pal

    def pts(seq: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(cx + x * s, cy + y * s) for x, y in seq]

    ink = emblem or pal.ink
    body = emblem or pal.green
    wing = emblem or pal.blue
    breast = emblem or (238, 200, 140) if not pal.outline_all else (emblem or pal.gold)
    crest = emblem or pal.red
    tail = emblem or pal.blue
    if emblem is None:
        bamboo_stick(p, pal.green, (cx - 14 * s, cy + 13 * s), (cx + 14 * s, cy + 13 * s), 3.6 * s)
    # tail: three long feathers fanned down to the left
    for dx, dy, c in ((-16, 6, tail), (-15, 10, body), (-12, 13, crest if emblem is None else tail)):
        p.polygon(ink, pts([(-4, -1), (dx - 1, dy - 1), (dx - 1.5, dy + 2.2), (-2, 4)]))
        p.polygon(c, pts([(-4, 0), (dx, dy), (dx - 0.8, dy + 1.4), (-2.5, 3)]))
    # body and breast
    p.ellipse(ink, cx + 1 * s, cy + 1 * s, 9.6 * s, 7.2 * s, -0.35)
    p.ellipse(body, cx + 1 * s, cy + 1 * s, 8.7 * s, 6.3 * s, -0.35)
    p.ellipse(breast, cx + 3.5 * s, cy + 3.2 * s, 5.6 * s, 4 * s, -0.5)
    # wing with two white bars
    p.polygon(ink, pts([(-6.4, -2.2), (3.2, -4.8), (5.2, 1.2), (-3.5, 5.6), (-9.4, 4.2)]))
    p.polygon(wing, pts([(-5.8, -1.6), (2.6, -4), (4.3, 1), (-3.5, 4.8), (-8.2, 3.8)]))
    if emblem is None:
        p.line(pal.face, (cx - 4 * s, cy + 0.2 * s), (cx + 2.6 * s, cy - 2 * s), 0.8 * s)
        p.line(pal.face, (cx - 5.5 * s, cy + 2.6 * s), (cx + 2.2 * s, cy + 0.6 * s), 0.8 * s)
    # head, crest, eye, beak
    p.circle(ink, cx + 8.5 * s, cy - 6 * s, 5.1 * s)
    p.circle(crest, cx + 8.5 * s, cy - 6 * s, 4.3 * s)
    p.polygon(ink, pts([(12.2, -7.2), (17.6, -5.2), (12.4, -3.8)]))
    p.polygon(emblem or pal.gold, pts([(12.6, -6.7), (16.6, -5.3), (12.7, -4.3)]))
    if emblem is None:
        p.circle(pal.face, cx + 10 * s, cy - 6.8 * s, 1.6 * s)
        p.circle(pal.ink, cx + 10.3 * s, cy - 6.8 * s, 1.0 * s)
    # legs on the twig
    for lx in (0.5, 4):
        p.line(ink, (cx + lx * s, cy + 6.5 * s), (cx + (lx - 0.5) * s, cy + 11.5 * s), 0.9 * s)


def dot(p: Painter, colour: Colour, x: float, y: float, r: float) -> None:
    """One circle of the Dots suit: a coloured ring, an ivory ring, a coloured centre with a light eye."""
    pal = p.pal
    p.circle(pal.ink if pal.outline_all else _shade(colour, 0.6), x, y, r)
    p.circle(colour, x, y, r * 0.86)
    p.circle(pal.face, x, y, r * 0.62)
    p.circle(colour, x, y, r * 0.44)
    p.circle(_shade(colour, 1.6), x, y, r * 0.15)


def big_dot(p: Painter) -> None:
    """1 Dots: the large ornamental coin."""
    pal = p.pal
    x, y = 18, 23
    p.circle(pal.ink if pal.outline_all else _shade(pal.green, 0.6), x, y, 15.2)
    p.circle(pal.green, x, y, 14.4)
    for i in range(16):
        t = i * math.tau / 16
        p.circle(pal.face, x + math.cos(t) * 12.3, y + math.sin(t) * 12.3, 1.35)
    p.circle(pal.face, x, y, 10.2)
    p.circle(pal.blue, x, y, 9.4)
    p.circle(pal.face, x, y, 7.2)
    p.circle(pal.red, x, y, 6.4)
    for i in range(8):
        t = i * math.tau / 8 + math.pi / 8
        p.ellipse(pal.face, x + math.cos(t) * 3.5, y + math.sin(t) * 3.5, 2.3, 0.95, t)
    p.circle(pal.gold, x, y, 1.6)


def dots(p: Painter, n: int) -> None:
    g, b, r = p.pal.green, p.pal.blue, p.pal.red
    if n == 1:
        big_dot(p)
        return
    layouts: dict[int, list[tuple[float, float, float, Colour]]] = {
        2: [(18, 12.5, 8.4, g), (18, 33.5, 8.4, b)],
        3: [(9.2, 9.5, 7, b), (18, 23, 7, r), (26.8, 36.5, 7, g)],
        4: [(10, 12.5, 7.3, b), (26, 12.5, 7.3, g), (10, 33.5, 7.3, g), (26, 33.5, 7.3, b)],
        5: [(9, 9.5, 6.6, b), (27, 9.5, 6.6, g), (18, 23, 6.6, r), (9, 36.5, 6.6, g), (27, 36.5, 6.6, b)],
        6: [(10.5, 8.5, 6, g), (25.5, 8.5, 6, g), (10.5, 25.5, 6, r), (25.5, 25.5, 6, r),
            (10.5, 38, 6, r), (25.5, 38, 6, r)],
        7: [(7.5, 6.5, 5, g), (18, 10.5, 5, g), (28.5, 14.5, 5, g), (11, 27.5, 5.6, r), (25, 27.5, 5.6, r),
            (11, 39.2, 5.6, r), (25, 39.2, 5.6, r)],
        8: [(x, y, 5.1, b) for y in (6.5, 17.5, 28.5, 39.5) for x in (11, 25)],
        9: [(x, y, 5.6, c) for y, c in ((8.5, b), (23, r), (37.5, g)) for x in (7.5, 18, 28.5)],
    }
    for x, y, rad, c in layouts[n]:
        dot(p, c, x, y, rad)


NUMERALS = "一二三四五六七八九"


def characters(p: Painter, n: int) -> None:
    """Wan tiles: the Chinese numeral above 萬 (ten thousand)."""
    p.text("cjk", NUMERALS[n - 1], p.pal.numeral, 18, 11.5, 28, 16, em=21)
    p.text("cjk", "萬", p.pal.red, 18, 32.5, 30, 22)


# ----- honours -------------------------------------------------------------------------------------------------

WIND_GLYPHS = "東南西北"


def wind(p: Painter, i: int) -> None:
    p.text("cjk", WIND_GLYPHS[i], p.pal.wind, 18, 23.5, 30, 34)


def dragon(p: Painter, kind: str) -> None:
    pal = p.pal
    if kind == "R":
        p.text("cjk", "中", pal.red, 18, 23, 28, 35)
    elif kind == "G":
        p.text("cjk", "發", pal.green, 18, 23, 30, 34)
    else:
        # White Dragon: the classic blue double frame, hollow so it cannot be mistaken for a blank spare
        p.rect(pal.blue, 6, 5.5, 24, 35, radius=1.5, width=2.6)
        p.rect(pal.blue, 10, 9.5, 16, 27, radius=0.8, width=1.1)
        for x, y in ((6, 5.5), (30, 5.5), (6, 40.5), (30, 40.5)):
            p.rect(pal.blue, x - 2, y - 2, 4, 4)


def joker(p: Painter) -> None:
    """The joker of rulesets that use one: 百搭 ("matches a hundred"), as on Chinese joker tiles."""
    pal = p.pal
    p.text("cjk", "百", pal.blue, 18, 13, 24, 16)
    p.text("cjk", "搭", pal.red, 18, 32.5, 26, 19)
    for x, y in ((5, 4), (31, 4), (5, 42), (31, 42)):
        star(p, pal.gold, x, y, 3.0)


def star(p: Painter, colour: Colour, x: float, y: float, r: float) -> None:
    pts = []
    for i in range(10):
        t = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((x + math.cos(t) * rr, y + math.sin(t) * rr))
    p.polygon(colour, pts)


# ----- the original's third set: characters only -------------------------------------------------------------

SUIT_GLYPHS = {"B": "索", "C": "萬", "D": "筒"}
"""The suit's own character under the numeral: strings (索) for Bamboo, ten thousands (萬) for Characters,
coins or tubes (筒) for Dots."""
HONOUR_GLYPHS = {"EW": "東", "SW": "南", "WW": "西", "NW": "北", "RD": "中", "GD": "發", "WD": "白"}
BONUS_GLYPHS = {"F": "梅蘭菊竹", "S": "春夏秋冬"}


def character_tile(p: Painter, code: str) -> None:
    """A tile of the "Characters Only" set (the original's third set): every tile named by Chinese characters
    alone, no pictures and no Arabic numbers. The suit's character keeps its suit's colour, so the three suits
    still part at a glance; a flower or season shows its seat as a small Chinese numeral."""
    pal = p.pal
    kind, head = code[-1], code[0]
    if head.isdigit() and kind in SUIT_GLYPHS:
        p.text("cjk", NUMERALS[int(head) - 1], pal.numeral, 18, 11.5, 28, 16, em=21)
        colour = {"B": pal.green, "C": pal.red, "D": pal.blue}[kind]
        p.text("cjk", SUIT_GLYPHS[kind], colour, 18, 32.5, 30, 22)
    elif code in HONOUR_GLYPHS:
        colour = {"RD": pal.red, "GD": pal.green, "WD": pal.blue}.get(code, pal.wind)
        p.text("cjk", HONOUR_GLYPHS[code], colour, 18, 23.5, 30, 34)
    elif head in BONUS_GLYPHS and kind.isdigit():
        n = int(kind) - 1
        colour = pal.green if head == "F" else pal.red
        p.text("cjk", NUMERALS[n], colour, 7.5, 7.5, 11.5, 10.5, em=12)
        p.text("cjk", BONUS_GLYPHS[head][n], colour, 19.5, 28, 28, 28)
    else:
        raise ValueError(f"no characters for tile code '{code}'")
