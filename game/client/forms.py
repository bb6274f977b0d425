"""Form controls shared by the boxes (New Game, Settings, the ruleset presets): a name field, choosers stepped
with arrows or turned by a click, cards with a picture and a scrolling list of them, switches, group tabs and
list headings.

Each control has ``rect``, ``handle(event) -> bool`` (True when it used the event) and ``draw(surface,
palette)``; the boxes lay them out and move the keyboard focus between them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.client.look import Palette, fit_text, fitted, mix, text, text_size
from game.client.widgets import LABEL_SHRINK, ScrollBar, Toggle, caret_on, draw_label
from game.i18n import _
from game.mods.custom_rules import Option

NAME_LENGTH = 20
"""The longest name a player or an opponent may have in New Game."""
FIELD = (255, 253, 246)
"""The paper a field is written on."""


def draw_field(surface: pygame.Surface, rect: pygame.Rect, palette: Palette, focused: bool) -> None:
    """A field's paper and frame: the accent's darker shade while it has the keyboard."""
    pygame.draw.rect(surface, FIELD, rect, border_radius=8)
    pygame.draw.rect(surface, palette.accent_dark if focused else mix(palette.panel_edge, palette.panel, 0.4), rect,
                     width=2, border_radius=8)


@dataclass
class NameField:
    """A one-line name: click or Tab to focus, type, Backspace; at most ``max_length`` characters."""

    rect: pygame.Rect
    value: str
    max_length: int = NAME_LENGTH
    focused: bool = False
    edited: bool = False

    def handle(self, event: pygame.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.rect.collidepoint(event.pos)
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            typed = "".join(ch for ch in event.text if ch.isprintable())
            if typed:
                self.value = (self.value + typed)[:self.max_length]
                self.edited = True
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            self.edited = True
            return True
        return False

    def draw(self, surface: pygame.Surface, palette: Any) -> None:
        draw_field(surface, self.rect, palette, self.focused)
        shown = fit_text(self.value, self.rect.width - 26, 18)
        r = text(surface, shown, (self.rect.left + 12, self.rect.centery), 18, palette.text_dark, "sans", "midleft")
        if self.focused and caret_on():
            x = r.right + 2 if self.value else self.rect.left + 12
            pygame.draw.line(surface, palette.text_dark, (x, self.rect.top + 9), (x, self.rect.bottom - 9), 2)


@dataclass
class Chooser:
    """One of several options, stepped with the arrow buttons at its ends (or Left/Right when focused)."""

    rect: pygame.Rect
    labels: list[str]
    index: int = 0
    focused: bool = False
    hovered: int = 0
    """-1 over the left arrow, 1 over the right arrow, 0 elsewhere."""
    on_change: Any = None
    """Called with the new index after a step."""
    on_step: Any = None
    """When set, called with -1 or 1 instead of cycling through ``labels`` (a number stepper)."""
    swatches: list[tuple[int, int, int] | None] = field(default_factory=list)
    size: int = 17

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        h = self.rect.height
        return (pygame.Rect(self.rect.left, self.rect.top, h, h), pygame.Rect(self.rect.right - h, self.rect.top, h, h))

    def step(self, by: int) -> None:
        if self.on_step is not None:
            self.on_step(by)
            return
        if not self.labels:
            return
        self.index = (self.index + by) % len(self.labels)
        if self.on_change is not None:
            self.on_change(self.index)

    def handle(self, event: pygame.Event) -> bool:
        left, right = self.arrows()
        if event.type == pygame.MOUSEMOTION:
            self.hovered = -1 if left.collidepoint(event.pos) else 1 if right.collidepoint(event.pos) else 0
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.step(-1 if left.collidepoint(event.pos) else 1)
            return True
        elif event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.step(-event.y)
            return True
        return False

    def draw(self, surface: pygame.Surface, palette: Any) -> None:
        draw_field(surface, self.rect, palette, self.focused)
        for side, arrow in zip((-1, 1), self.arrows(), strict=True):
            inner = arrow.inflate(-8, -8)
            pygame.draw.rect(surface, palette.button_hover if self.hovered == side else palette.button, inner,
                             border_radius=6)
            cx, cy = inner.center
            points = [(cx - 4 * side, cy - 7), (cx + 5 * side, cy), (cx - 4 * side, cy + 7)]
            pygame.draw.polygon(surface, palette.button_text, points)
        label = self.labels[self.index] if self.labels else _("none available")
        middle = self.rect.inflate(-2 * self.rect.height - 8, 0)
        swatch = self.swatches[self.index] if self.index < len(self.swatches) else None
        if swatch is not None:
            dot = (middle.left + 10, middle.centery)
            pygame.draw.circle(surface, swatch, dot, 7)
            pygame.draw.circle(surface, mix(swatch, (0, 0, 0), 0.4), dot, 7, width=1)
            middle = middle.inflate(-24, 0).move(12, 0)
        # A long name (a ruleset's, beside wide Dutch buttons) is set a little smaller before it is ever cut.
        shown, size = fitted(label, middle.width - 4, self.size, self.size - 3, "bold")
        text(surface, shown, middle.center, size, palette.text_dark, "bold", "center")


@dataclass
class Card:
    """One choosable tile set or theme: a framed row with its picture; the chosen one is outlined."""

    rect: pygame.Rect
    record_id: str
    name: str
    picture: pygame.Surface | None
    choose: Callable[[str], None]
    beside: bool = False
    """True: the picture (a theme's swatch) left of the name; False: the name above it (a row of tiles)."""
    hovered: bool = False

    def handle(self, event: pygame.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.choose(self.record_id)
            return True
        return False

    def draw(self, surface: pygame.Surface, palette: Palette, chosen: bool) -> None:
        fill = mix(palette.accent, palette.panel, 0.7) if chosen else (palette.panel_shade if self.hovered else
                                                                      mix(palette.panel, (0, 0, 0), 0.03))
        pygame.draw.rect(surface, fill, self.rect, border_radius=10)
        edge = palette.accent_dark if chosen else palette.panel_shade
        pygame.draw.rect(surface, edge, self.rect, width=3 if chosen else 1, border_radius=10)
        if self.picture is None:
            text(surface, fit_text(self.name, self.rect.width - 24, 16, "bold"), (self.rect.left + 14,
                 self.rect.centery), 16, palette.text_dark, "bold", "midleft")
            return
        if not self.beside:
            text(surface, fit_text(self.name, self.rect.width - 24, 15, "bold"), (self.rect.left + 12,
                 self.rect.top + 6), 15, palette.text_dark, "bold")
            surface.blit(self.picture, (self.rect.left + 12, self.rect.bottom - self.picture.get_height() - 8))
        else:
            surface.blit(self.picture, self.picture.get_rect(midleft=(self.rect.left + 10, self.rect.centery)))
            text(surface, fit_text(self.name, self.rect.width - self.picture.get_width() - 36, 16, "bold"),
                 (self.rect.left + self.picture.get_width() + 22, self.rect.centery), 16, palette.text_dark, "bold",
                 "midleft")


class CardList:
    """Any number of :class:`Card` in a column ``view`` tall, ``pitch`` pixels apart: as many as fit are on view,
    the others are reached with the wheel, the scroll bar, or the keyboard focus (:meth:`show`)."""

    def __init__(self, view: pygame.Rect, pitch: int, cards: list[Card]) -> None:
        self.view = view
        self.pitch = pitch
        self.cards = cards
        height = cards[0].rect.height if cards else pitch
        shown = max(1, (view.height + pitch - height) // pitch)
        self.bar = ScrollBar(pygame.Rect(view.right + 6, view.top, 8, view.height), shown, len(cards))
        self.pointer = (-1, -1)
        """Where the pointer was last seen (logical), for the wheel."""
        self._place()

    def _place(self) -> None:
        for i, card in enumerate(self.cards):
            card.rect.topleft = (self.view.left, self.view.top + (i - self.bar.first) * self.pitch)

    def visible(self) -> list[Card]:
        """The cards on view now."""
        return self.cards[self.bar.first:self.bar.first + self.bar.shown]

    def show(self, card: Card) -> None:
        """Scroll just enough for ``card`` to be on view (it has the keyboard focus)."""
        if card in self.cards:
            self.bar.show_row(self.cards.index(card))
            self._place()

    def handle(self, event: pygame.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.bar.handle(event):
            self._place()
            return True
        if event.type == pygame.MOUSEWHEEL and self.bar.needed and self.view.collidepoint(self.pointer):
            self.bar.scroll_to(self.bar.first - event.y)
            self._place()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and not self.view.collidepoint(event.pos):
            return False
        return any(card.handle(event) for card in self.visible())

    def draw(self, surface: pygame.Surface, palette: Palette, chosen: str | None) -> None:
        for card in self.visible():
            card.draw(surface, palette, card.record_id == chosen)
        self.bar.draw(surface, palette)


@dataclass
class Cycle:
    """A labelled choice among a few values, shown by name; a click or Left/Right turns to the next one."""

    rect: pygame.Rect
    label: str
    choices: list[str]
    get: Callable[[], Any]
    set: Callable[[Any], None]
    shown: Callable[[Any], str]
    """A value in words in the active language (the caller translates: a number is formatted into its words)."""
    hovered: bool = False

    def turn(self, step: int) -> None:
        if not self.choices:
            return
        current = self.get()
        index = self.choices.index(current) if current in self.choices else -1
        self.set(self.choices[(index + step) % len(self.choices)])

    def _box(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 210, self.rect.top + 2, 202, self.rect.height - 4)

    def handle(self, event: pygame.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.rect.collidepoint(event.pos):
            self.turn(1 if event.button == 1 else -1)
            return True
        return False

    def label_room(self) -> int:
        """The width the label may take: up to the value box."""
        return self._box().left - self.rect.left - 18

    def label_fits(self) -> bool:
        """The label shows whole, at most LABEL_SHRINK points smaller."""
        return text_size(_(self.label), 17 - LABEL_SHRINK)[0] <= self.label_room()

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        if self.hovered:
            pygame.draw.rect(surface, palette.panel_shade, self.rect, border_radius=8)
        draw_label(surface, _(self.label), self.rect, self.label_room(), palette.text_dark)
        box = self._box()
        pygame.draw.rect(surface, palette.button, box, border_radius=8)
        pygame.draw.rect(surface, palette.panel_edge, box, width=2, border_radius=8)
        label = fit_text(self.shown(self.get()), box.width - 48, 15, "bold")
        text(surface, label, box.center, 15, palette.button_text, "bold", "center")
        text(surface, "‹", (box.left + 12, box.centery), 20, palette.accent, "bold", "center")
        text(surface, "›", (box.right - 12, box.centery), 20, palette.accent, "bold", "center")


@dataclass
class Choice(Cycle):
    """A :class:`Cycle` whose label is cut to the room left of its value box."""

    active: Callable[[], bool] | None = None
    """False: shown dimmed, as the rounding unit is while rounding is off (it can still be changed)."""

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        super().draw(surface, palette)
        if self.active is not None and not self.active():
            veil = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            veil.fill((*palette.panel[:3], 120))
            surface.blit(veil, self.rect)


@dataclass
class Stepper(Choice):
    """A number stepped by ``option.step`` between its bounds; below the lowest a nullable number is null."""

    option: Option | None = None

    def turn(self, step: int) -> None:
        option = self.option
        assert option is not None
        value = self.get()
        if value is None:
            new = option.low if step > 0 else None
        elif step < 0 and value <= option.low:
            new = None if option.none_label else option.low
        else:
            snapped = (value // option.step) * option.step
            new = snapped + option.step if step > 0 else (snapped if snapped < value else value - option.step)
            new = max(option.low, min(option.high, new))
        self.set(new)


@dataclass
class Switch(Toggle):
    """A :class:`Toggle` with its label cut to fit and, on the Hands page, what the line pays beside it."""

    detail: str = ""
    size: int = 17
    smallest: int = 15
    """The smallest size a long label is set in before it is cut short."""
    active: Callable[[], bool] | None = None
    """False: shown dimmed, as a special hand is while special hands are off (it can still be changed)."""
    line: bool = False
    """A scoring line or special hand: its name is dimmed while it is off, as it then counts for nothing."""

    def _track(self) -> pygame.Rect:
        track = pygame.Rect(0, 0, 46, 24)
        track.midright = (self.rect.right - 8, self.rect.centery)
        return track

    def label_room(self) -> int:
        """The width the label may take, left of the detail and the switch."""
        detail = text_size(self.detail, 13)[0] + 12 if self.detail else 0
        return self._track().left - self.rect.left - 22 - detail

    def label_size(self) -> int:
        """The label's size: a long name is set a little smaller before it is ever cut short."""
        size = self.size
        while size > self.smallest and text_size(self.label, size)[0] > self.label_room():
            size -= 1
        return size

    def label_fits(self) -> bool:
        return text_size(self.label, self.label_size())[0] <= self.label_room()

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        on = self.get()
        if self.hovered:
            pygame.draw.rect(surface, palette.panel_shade, self.rect, border_radius=8)
        track = self._track()
        pygame.draw.rect(surface, palette.accent_dark if on else palette.disabled, track, border_radius=12)
        knob = (track.right - 12, track.centery) if on else (track.left + 12, track.centery)
        pygame.draw.circle(surface, (250, 248, 240), knob, 9)
        if self.detail:
            text(surface, _(self.detail), (track.left - 12, self.rect.centery), 13, palette.compass_dark, "sans",
                 "midright")
        live = on or not self.line
        if self.active is not None and not self.active():
            live = False
        colour = palette.text_dark if live else mix(palette.text_dark, palette.panel, 0.45)
        size = self.label_size()
        text(surface, fit_text(_(self.label), self.label_room(), size), (self.rect.left + 10, self.rect.centery), size,
             colour, "sans", "midleft")


@dataclass
class GroupTabs:
    """The row of option groups: a click picks one; in focus, Left/Right step through them."""

    rect: pygame.Rect
    labels: tuple[str, ...]
    index: int = 0
    on_change: Callable[[int], None] | None = None
    hovered: int = -1

    SIZE = 16
    SMALLEST = 13
    """Points a tab's name may drop to when the row is too short for every name at SIZE (before it is cut)."""
    ROOM = 22
    """Room a name keeps inside its tab (the tab's inset and the name's margin, both sides together)."""

    def _edges(self) -> list[int]:
        """Where the tabs start and the last ends: each as wide as its name needs ('Lignes de score', 'Speciale
        handen'), the row's spare width shared equally; a row too short shares it in proportion to the names."""
        needs = [text_size(_(label), self.SIZE, "bold")[0] + self.ROOM for label in self.labels]
        spare = self.rect.width - sum(needs)
        if spare >= 0:
            widths = [need + spare / len(needs) for need in needs]
        else:
            widths = [need * self.rect.width / sum(needs) for need in needs]
        edges: list[float] = [self.rect.left]
        for width in widths:
            edges.append(edges[-1] + width)
        return [round(edge) for edge in edges[:-1]] + [self.rect.right]

    def tab(self, i: int) -> pygame.Rect:
        edges = self._edges()
        return pygame.Rect(edges[i], self.rect.top, edges[i + 1] - edges[i], self.rect.height)

    def fits(self) -> bool:
        """Every tab's name shows whole, at most down to SMALLEST points."""
        return all(text_size(_(label), self.SMALLEST, "bold")[0] <= self.tab(i).width - self.ROOM
                   for i, label in enumerate(self.labels))

    def choose(self, index: int) -> None:
        self.index = index % len(self.labels)
        if self.on_change is not None:
            self.on_change(self.index)

    def step(self, by: int) -> None:
        self.choose(self.index + by)

    def handle(self, event: pygame.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = next((i for i in range(len(self.labels)) if self.tab(i).collidepoint(event.pos)), -1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.choose(next(i for i in range(len(self.labels)) if self.tab(i).collidepoint(event.pos)))
            return True
        return False

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        pygame.draw.rect(surface, palette.panel_shade, self.rect, border_radius=10)
        for i, label in enumerate(self.labels):
            tab = self.tab(i).inflate(-6, -6)
            if i == self.index:
                pygame.draw.rect(surface, palette.accent_dark, tab, border_radius=8)
                colour = palette.button_text
            else:
                if i == self.hovered:
                    pygame.draw.rect(surface, mix(palette.panel_shade, palette.panel_edge, 0.25), tab,
                                     border_radius=8)
                colour = palette.text_dark
            shown, size = fitted(_(label), tab.width - (self.ROOM - 6), self.SIZE, self.SMALLEST, "bold")
            text(surface, shown, tab.center, size, colour, "bold", "center")


@dataclass
class Heading:
    """A heading row of the Hands list (not a control: the keyboard skips it)."""

    rect: pygame.Rect
    label: str
    note: Callable[[], str] | None = None
    """A few words at the right end (how many of the part are on)."""

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        y = self.rect.bottom - 8
        shown = text(surface, _(self.label), (self.rect.left + 4, y), 16, palette.accent_dark, "serif_bold",
                     "bottomleft")
        right = self.rect.right - 8
        note = self.note() if self.note is not None else ""
        if note:
            right = text(surface, note, (right, y), 13, palette.compass_dark, "sans", "bottomright").left - 12
        line_y = shown.centery + 2
        pygame.draw.line(surface, palette.panel_shade, (shown.right + 12, line_y), (right, line_y), 2)
