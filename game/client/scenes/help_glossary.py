"""The Glossary page of the help, drawn once onto a tall canvas the help box scrolls: each term, its meaning,
and the tiles it means where a picture helps."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.look import fit_text, mix, text, wrap
from game.client.render.pattern_tiles import draw_groups, fitting_size
from game.client.scenes.glossary import GLOSSARY
from game.core.tiles import parse_tiles
from game.i18n import _

TERM_W = 180
TILES_W = 300
SIZE = 15


def glossary_canvas(context: Any, width: int) -> tuple[pygame.Surface, dict[str, int]]:
    """The whole glossary ``width`` wide, and where each term's entry starts on it."""
    palette = context.palette
    canvas = pygame.Surface((width, 60 * len(GLOSSARY) + 200), pygame.SRCALPHA)
    words_w = width - TERM_W - TILES_W - 24
    at: dict[str, int] = {}
    y = 0
    for i, (term, meaning, codes) in enumerate(GLOSSARY):
        at[term] = y
        lines = wrap(_(meaning), words_w, SIZE)
        height = max(28, len(lines) * (SIZE + 6) + 8)
        groups = tuple(tuple(parse_tiles(group)) for group in codes.split("|")) if codes else ()
        size = (0, 0)
        if groups:
            size = fitting_size(groups, TILES_W)
            size = (min(size[0], 30), min(size[1], 40))
            height = max(height, size[1] + 12)
        if i % 2 == 0:
            pygame.draw.rect(canvas, mix(palette.panel, palette.panel_shade, 0.7), (0, y, width, height + 6),
                             border_radius=6)
        text(canvas, fit_text(_(term), TERM_W - 16, 16, "bold"), (10, y + 6), 16, palette.accent_dark, "bold")
        line_y = y + 6
        for line in lines:
            text(canvas, line, (TERM_W, line_y), SIZE, palette.text_dark)
            line_y += SIZE + 6
        if groups:
            draw_groups(canvas, context.sprites, palette, groups, (width - TILES_W, y + 6), size=size, gap=8)
        y += height + 8
    return canvas.subsurface((0, 0, width, y)).copy(), at
