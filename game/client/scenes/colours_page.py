"""The Settings box's Colours page: the original's Colours box (P-71, P-149…P-153). Pick an item on the left (the
table cloth, the text on the table, the highlight, each seat wind's stake), set it with the Red, Green and Blue
sliders, and see it at once on a small table beside them and on the game behind the box. Default gives the
theme's colours back. The choices are saved in the settings with the others (``settings.colours``).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.client import colours, layout
from game.client.look import Colour, Palette, text
from game.client.messages import WIND_SHORT
from game.client.scenes.table_draw import draw_inlay, draw_stake, draw_tile_at
from game.client.widgets import Button, Slider
from game.i18n import N_, _
from game.session.options import seat_names

ROW = 50
PREVIEW_SIZE = (544, 306)
CHANNELS = (N_("Red"), N_("Green"), N_("Blue"))
HAND = (1, 2, 3, 12, 13, 14, 22, 22, 22, 27, 27, 31, 32)
"""The tiles of the preview's hand (a few of every suit, a wind pair and two dragons)."""
CURSOR = 5
"""The preview's hand tile lifted in the highlight colour, as under the keyboard's cursor."""


class ColoursPage:
    """The Colours page's controls and drawing; ``scene`` is the settings scene showing it."""

    def __init__(self, scene: Any, area: pygame.Rect) -> None:
        self.scene = scene
        self.context = scene.context
        self.area = area
        self.key = colours.ITEMS[0][0]
        """The item the sliders set."""
        self.items = [Button(pygame.Rect(area.left, area.top + 8 + i * ROW, 196, 42), _(label),
                             partial(self.pick, key), size=16) for i, (key, label) in enumerate(colours.ITEMS)]
        right = area.left + 262
        self.sliders = [Slider(pygame.Rect(right, area.top + 56 + i * 46, area.right - right, 42), _(name),
                               partial(self.channel, i), partial(self.set_channel, i), 0, 255, 1, "{:.0f}",
                               key_steps=8) for i, name in enumerate(CHANNELS)]
        self.default = Button(pygame.Rect(area.left, area.top + 8 + len(self.items) * ROW + 14, 196, 42),
                              _("Default"), self.reset, size=16)
        self.controls: list[Any] = [*self.items, *self.sliders, self.default]
        self.preview_rect = pygame.Rect(right, area.top + 200, *PREVIEW_SIZE)
        self._preview: pygame.Surface | None = None
        self._preview_of: Any = None
        self.pick(self.key)

    # -- the colours ------------------------------------------------------------------------------------------

    def colour(self, key: str | None = None) -> Colour:
        """The colour item ``key`` (the one picked) has now."""
        return colours.shown(self.context.palette, key or self.key)

    def channel(self, index: int) -> float:
        return float(self.colour()[index])

    def set_channel(self, index: int, value: float) -> None:
        """Red, green or blue of the picked item, applied to everything at once."""
        colour = list(self.colour())
        colour[index] = max(0, min(255, round(value)))
        settings = self.context.settings
        settings.colours = {**settings.colours, self.key: colours.hex_colour((colour[0], colour[1], colour[2]))}
        self.context.settings_changed("colours")

    def pick(self, key: str) -> None:
        self.key = key
        for button, (item, _unused) in zip(self.items, colours.ITEMS, strict=True):
            button.primary = item == key

    def reset(self) -> None:
        """The theme's colours again, for every item."""
        self.context.settings.colours = {}
        self.context.settings_changed("colours")

    # -- the settings box's page protocol ---------------------------------------------------------------------

    def follow_focus(self) -> None:
        """Nothing scrolls on this page."""

    def handle(self, event: pygame.Event) -> bool:
        return any(control.handle(event) for control in self.controls)

    # -- drawing ----------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        for button, (key, _unused) in zip(self.items, colours.ITEMS, strict=True):
            button.draw(surface, palette)
            swatch = pygame.Rect(button.rect.right + 12, button.rect.top + 5, 40, 32)
            pygame.draw.rect(surface, self.colour(key), swatch, border_radius=6)
            pygame.draw.rect(surface, palette.panel_edge, swatch, width=2, border_radius=6)
        self.default.draw(surface, palette)
        right = self.sliders[0].rect.left
        name = _(dict(colours.ITEMS)[self.key])
        chosen = self.key in self.context.settings.colours
        text(surface, name, (right + 10, self.area.top + 28), 18, palette.text_dark, "serif_bold", "midleft")
        note = _("your colour") if chosen else _("the theme's colour")
        code = text(surface, f"{colours.hex_colour(self.colour())} · ", (right + 180, self.area.top + 28), 15,
                    palette.compass_dark, "sans", "midleft")  # the colour's code is the same in every language
        text(surface, note, code.midright, 15, palette.compass_dark, "sans", "midleft")
        big = pygame.Rect(self.area.right - 96, self.area.top + 10, 86, 38)
        pygame.draw.rect(surface, self.colour(), big, border_radius=8)
        pygame.draw.rect(surface, palette.panel_edge, big, width=2, border_radius=8)
        for slider in self.sliders:
            slider.draw(surface, palette)
        surface.blit(self.preview(), self.preview_rect)
        pygame.draw.rect(surface, palette.panel_edge, self.preview_rect.inflate(4, 4), width=2, border_radius=4)

    def preview(self) -> pygame.Surface:
        """The table in the colours chosen, small (made again only when a colour or the tile set changed)."""
        sprites = self.context.sprites
        key = (self.context.palette, id(sprites))
        if self._preview is None or self._preview_of != key:
            self._preview = pygame.transform.smoothscale(table_picture(self.context, sprites), PREVIEW_SIZE)
            self._preview_of = key
        return self._preview


def table_picture(context: Any, sprites: Any) -> pygame.Surface:
    """A table at its full size in the current colours: the cloth, the four stakes (East's glowing in the
    highlight as the player's turn), the names, the hands and a few discards, drawn as the table draws them."""
    palette = context.palette
    names = seat_names(context.settings)
    surface = pygame.Surface(layout.LOGICAL)
    surface.blit(context.background(), (0, 0))
    draw_inlay(surface, palette)
    for seat in range(4):
        draw_stake(surface, seat, seat, seat == 0, palette, 0.6)
    for seat in range(1, 4):
        for place in layout.concealed_positions(seat, 13):
            draw_tile_at(surface, sprites, None, place, face_up=False)
        for index, tile in enumerate(HAND[seat:seat + 5]):
            draw_tile_at(surface, sprites, tile, layout.discard_position(seat, index))
        (x, y), anchor = layout.seat_label_anchor(seat)
        text(surface, f"{names[seat]} · {_(WIND_SHORT[seat])}", (x, y), 15, palette.text,
             "bold", anchor, shadow=(0, 0, 0))
    for index, (tile, place) in enumerate(zip(HAND, layout.hand_positions(len(HAND), False), strict=True)):
        lifted = index == CURSOR
        draw_tile_at(surface, sprites, tile, place, tint=palette.highlight if lifted else None,
                     lift=12.0 if lifted else 0.0)
    text(surface, _('{names} · East').format(
            names=names[0]), layout.seat_label_anchor(0)[0], 15, palette.text, "bold", "bottomleft",
         shadow=(0, 0, 0))
    return surface
