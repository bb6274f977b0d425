"""The player's own colours over the theme (P-71, P-149…P-153): the table cloth, the text on the table, the
highlight and each seat wind's stake, as the original's Colours box set them.

A theme stays the base: ``settings.colours`` holds only the items the player changed (``"#rrggbb"``), laid over
the theme's palette by :func:`apply`; Default empties it. The cloth keeps its texture: :func:`tint_cloth` moves
its average colour to the chosen one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pygame

from game.client.look import Colour, Palette, mix, parse_colour
from game.config import COLOUR_SLOTS, ColourSlot
from game.i18n import N_

ITEMS: tuple[tuple[str, str], ...] = tuple(zip(COLOUR_SLOTS, (
    N_("Table cloth"), N_("Table text"), N_("Highlight"), N_("East stake"), N_("South stake"), N_("West stake"),
        N_("North stake")), strict=True))
"""Each colour the player may choose (a key of ``settings.colours``) and its name in the Colours page."""
STAKES = COLOUR_SLOTS[3:]
"""The stakes' items, by seat wind (East, South, West, North)."""


def hex_colour(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def shown(palette: Palette, key: str) -> Colour:
    """The colour item ``key`` has in ``palette`` (the theme's, or the player's once chosen)."""
    if key == "table":
        return palette.back_top
    if key in STAKES:
        return palette.stake(STAKES.index(key))
    colour: Colour = getattr(palette, key)
    return colour


def apply(palette: Palette, choices: Mapping[ColourSlot, str]) -> Palette:
    """``palette`` with the player's colours over it; a choice that is no colour is left out."""
    chosen: dict[str, Colour] = {key: colour for key, value in choices.items()
                                 if (colour := parse_colour(value)) is not None}
    if not chosen:
        return palette
    changes: dict[str, Any] = {}
    if "table" in chosen:
        cloth = chosen["table"]
        changes.update(back_top=cloth, back_bottom=mix(cloth, (0, 0, 0), 0.58),
                       felt_line=mix(cloth, (255, 255, 255), 0.22))
    if "text" in chosen:
        back = chosen.get("table", palette.back_top)
        changes.update(text=chosen["text"], text_dim=mix(chosen["text"], back, 0.3))
    if "highlight" in chosen:
        changes["highlight"] = chosen["highlight"]
    if any(key in chosen for key in STAKES):
        changes["stakes"] = tuple(chosen.get(key, palette.stake(wind)) for wind, key in enumerate(STAKES))
    return replace(palette, **changes)


def tint_cloth(cloth: pygame.Surface, colour: Colour) -> pygame.Surface:
    """The cloth's texture in ``colour``: its grey shades around their average, multiplied by ``colour``, so its
    average becomes ``colour`` (lighter threads clip at ``colour`` itself)."""
    grey = pygame.transform.grayscale(cloth)
    average = pygame.transform.average_color(grey)[0]
    grey.fill((255 - average,) * 3, special_flags=pygame.BLEND_RGB_ADD)
    tinted = pygame.Surface(cloth.get_size())
    tinted.fill(colour)
    tinted.blit(grey, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return tinted
