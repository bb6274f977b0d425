"""Widgets drawn with pygame: buttons, boxes, the status bar, the timer bar, speech balloons, toggles, sliders.

Widgets keep no game state. A scene owns them, forwards events to ``handle`` and draws them; a button reports a
click by calling its ``action``. Coordinates are logical (1280 × 720).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pygame

from game.client import layout
from game.client.look import Colour, Palette, fit_text, fitted, mix, render_text, text, text_size, wrap

Action = Callable[[], None]
CARET_BLINK = 0.5
"""Seconds a text caret stays on, then off."""


def caret_on() -> bool:
    """Whether a text caret shows now: it blinks by the clock, not by frames, since the window draws only when
    something changes."""
    return int(time.monotonic() / CARET_BLINK) % 2 == 0


def until_blink() -> float:
    """Seconds until a text caret next turns on or off (a scene with a caret wakes the loop then)."""
    return CARET_BLINK - time.monotonic() % CARET_BLINK + 0.005


def caret_wake(fields: Iterable[object]) -> float | None:
    """A scene's ``wake_in`` while these text fields show: the next blink of a focused one's caret, else None."""
    return until_blink() if any(getattr(f, "focused", False) for f in fields) else None


def dim(surface: pygame.Surface, alpha: int = 130) -> None:
    """Darken everything drawn so far, so that a box drawn next stands out over the scene below it."""
    shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, palette: Palette, *, title: str | None = None,
               radius: int = 14, alpha: int = 255) -> pygame.Rect:
    """A lacquered box with a parchment inside and an optional title band; returns the content rect."""
    shadow = pygame.Surface(rect.inflate(24, 24).size, pygame.SRCALPHA)
    for i in range(8):
        pygame.draw.rect(shadow, (0, 0, 0, 14), shadow.get_rect().inflate(-3 * i, -3 * i).move(0, 4),
                         border_radius=radius + 8)
    surface.blit(shadow, rect.inflate(24, 24).topleft)
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, (*palette.panel_edge, alpha), body.get_rect(), border_radius=radius)
    inner = body.get_rect().inflate(-8, -8)
    pygame.draw.rect(body, (*palette.panel, alpha), inner, border_radius=radius - 4)
    surface.blit(body, rect.topleft)
    pygame.draw.rect(surface, palette.accent, rect.inflate(-4, -4), width=1, border_radius=radius - 2)
    content = rect.inflate(-32, -28)
    if title:
        band = pygame.Rect(rect.left + 4, rect.top + 4, rect.width - 8, 44)
        pygame.draw.rect(surface, palette.panel_edge, band, border_top_left_radius=radius - 4,
                         border_top_right_radius=radius - 4)
        text(surface, title, band.center, 22, palette.button_text, "serif_bold", "center")
        content = pygame.Rect(rect.left + 20, band.bottom + 12, rect.width - 40, rect.bottom - band.bottom - 26)
    return content


@dataclass
class Button:
    """A clickable button with a keyboard hint; disabled buttons are drawn greyed and ignore clicks."""

    rect: pygame.Rect
    label: str
    action: Action
    enabled: bool = True
    hint: str = ""
    key_hint: str = ""
    primary: bool = False
    hovered: bool = False
    focused: bool = False
    size: int = 18

    PADDING = 12
    """Room a label keeps inside the button's edge (both sides together)."""

    @staticmethod
    def width_for(label: str, size: int, padding: int = 24) -> int:
        """How wide a button must be for ``label`` at ``size`` to show whole, with ``padding`` around it."""
        return text_size(label, size, "bold")[0] + padding

    SHRINK = 4
    """Points a label may lose to fit its button (a long German word) before it is cut with an ellipsis."""

    def smallest(self) -> int:
        return max(11, self.size - self.SHRINK)

    def fits(self) -> bool:
        """The whole label shows, at most SHRINK points smaller (a button too narrow cuts it with an ellipsis)."""
        return text_size(self.label, self.smallest(), "bold")[0] <= self.rect.width - self.PADDING

    def handle(self, event: pygame.Event) -> bool:
        """True when the event was used (a click on the button)."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.action()
            return True
        return False

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        r = self.rect
        if not self.enabled:
            base = mix(palette.button, palette.disabled, 0.6)
        elif self.primary:
            base = palette.accent_dark if not self.hovered else palette.accent
        else:
            base = palette.button_hover if self.hovered or self.focused else palette.button
        pygame.draw.rect(surface, (0, 0, 0), r.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, base, r, border_radius=10)
        pygame.draw.rect(surface, mix(base, (255, 255, 255), 0.18), r.inflate(-4, -4).move(0, -1), width=1,
                         border_radius=8)
        edge = palette.highlight if (self.focused or (self.hovered and self.enabled)) else mix(base, (0, 0, 0), 0.4)
        pygame.draw.rect(surface, edge, r, width=2, border_radius=10)
        colour = palette.button_text if self.enabled else mix(palette.button_text, palette.disabled, 0.6)
        label, size = fitted(self.label, r.width - self.PADDING, self.size, self.smallest(), "bold")
        if self.key_hint and self.enabled and r.height >= 44:  # a greyed button's key does not do its action
            text(surface, label, (r.centerx, r.centery - 7), size, colour, "bold", "center")
            text(surface, self.key_hint, (r.centerx, r.bottom - 6), 11, mix(colour, base, 0.35), "sans", "midbottom")
        else:
            text(surface, label, r.center, size, colour, "bold", "center")


LABEL_SHRINK = 4
"""Points a control's label may lose to fit beside its control (a long German word) before it is cut."""


def draw_label(surface: pygame.Surface, label: str, rect: pygame.Rect, room: int, colour: Colour) -> None:
    """A control's label at the left of ``rect``, set smaller (then cut) to stay within ``room`` pixels."""
    shown, size = fitted(label, room, 17, 17 - LABEL_SHRINK)
    text(surface, shown, (rect.left + 10, rect.centery), size, colour, "sans", "midleft")


def flow(buttons: list[Button], area: pygame.Rect, *, height: int, gap: int = 8, min_width: int = 0) -> None:
    """Lay ``buttons`` out left to right in rows across ``area``, each as wide as its label needs (at least
    ``min_width``); the rows start at the area's top and move up when more rows than fit are needed."""
    rows: list[list[Button]] = [[]]
    used = 0
    for b in buttons:
        width = max(min_width, Button.width_for(b.label, b.size))
        if rows[-1] and used + gap + width > area.width:
            rows.append([])
            used = 0
        b.rect = pygame.Rect(0, 0, min(width, area.width), height)
        used += (gap if rows[-1] else 0) + b.rect.width
        rows[-1].append(b)
    top = min(area.top, area.bottom - len(rows) * (height + gap) + gap)
    for i, row in enumerate(rows):
        x = area.left
        for b in row:
            b.rect.topleft = (x, top + i * (height + gap))
            x += b.rect.width + gap


@dataclass
class Toggle:
    """A labelled on/off switch bound to a getter and a setter."""

    rect: pygame.Rect
    label: str
    get: Callable[[], bool]
    set: Callable[[bool], None]
    hint: str = ""
    hovered: bool = False

    def handle(self, event: pygame.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.set(not self.get())
            return True
        return False

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        on = self.get()
        if self.hovered:
            pygame.draw.rect(surface, palette.panel_shade, self.rect, border_radius=8)
        track = pygame.Rect(0, 0, 46, 24)
        track.midright = (self.rect.right - 8, self.rect.centery)
        pygame.draw.rect(surface, palette.accent_dark if on else palette.disabled, track, border_radius=12)
        knob = (track.right - 12, track.centery) if on else (track.left + 12, track.centery)
        pygame.draw.circle(surface, (250, 248, 240), knob, 9)
        text(surface, self.label, (self.rect.left + 10, self.rect.centery), 17, palette.text_dark, "sans", "midleft")


@dataclass
class Slider:
    """A labelled value between ``low`` and ``high`` in ``step`` increments, shown with ``fmt``."""

    rect: pygame.Rect
    label: str
    get: Callable[[], float]
    set: Callable[[float], None]
    low: float
    high: float
    step: float
    fmt: str | Callable[[float], str] = "{:.2f}"
    """A format string, or a function for values that read better as words ("instant" for 0)."""
    key_steps: int = 1
    """How many steps one press of Left or Right moves it (a 0–255 colour channel moves 8)."""
    dragging: bool = False
    hovered: bool = False

    def _track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + self.rect.width // 2, self.rect.centery - 4, self.rect.width // 2 - 90, 8)

    def _set_from_x(self, x: int) -> None:
        t = self._track()
        fraction = min(1.0, max(0.0, (x - t.left) / max(1, t.width)))
        value = self.low + fraction * (self.high - self.low)
        self.set(round(round(value / self.step) * self.step, 4))

    def handle(self, event: pygame.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            if self.dragging:
                self._set_from_x(event.pos[0])
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.dragging = True
            self._set_from_x(event.pos[0])
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def nudge(self, steps: int) -> None:
        self.set(round(min(self.high, max(self.low, self.get() + steps * self.step)), 4))

    def label_room(self) -> int:
        """The width the label may take: up to the track."""
        return self._track().left - self.rect.left - 30

    def label_fits(self) -> bool:
        """The label shows whole, at most LABEL_SHRINK points smaller."""
        return text_size(self.label, 17 - LABEL_SHRINK)[0] <= self.label_room()

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        if self.hovered:
            pygame.draw.rect(surface, palette.panel_shade, self.rect, border_radius=8)
        draw_label(surface, self.label, self.rect, self.label_room(), palette.text_dark)
        t = self._track()
        pygame.draw.rect(surface, palette.disabled, t, border_radius=4)
        fraction = (self.get() - self.low) / max(1e-9, self.high - self.low)
        filled = pygame.Rect(t.left, t.top, round(t.width * fraction), t.height)
        pygame.draw.rect(surface, palette.accent_dark, filled, border_radius=4)
        pygame.draw.circle(surface, (250, 248, 240), (filled.right, t.centery), 10)
        pygame.draw.circle(surface, palette.accent_dark, (filled.right, t.centery), 10, width=2)
        shown = self.fmt(self.get()) if callable(self.fmt) else self.fmt.format(self.get())
        text(surface, shown, (self.rect.right - 10, self.rect.centery), 17, palette.text_dark, "bold", "midright")


STATUS_SIZES = {"small": 13, "normal": 16, "large": 19}
"""The status bar's three text sizes (the original's Ctrl+Alt+Keypad + and −), in points."""


@dataclass
class StatusBar:
    """The original's status bar: tiles left on the left, the latest message on the right.

    Only the game's messages are shown here (what the pointer is over gets a :class:`Tooltip`), so no message is
    ever hidden. A long message is set smaller before it is cut; the whole of a cut one shows on hover.
    """

    rect: pygame.Rect
    left: str = ""
    message: str = ""
    size_name: Callable[[], str] = lambda: "normal"
    """The player's status text size (P-26: ``small``, ``normal`` or ``large``), read at every frame."""
    shown: str = ""
    """The message as last drawn (cut with an ellipsis when even the smallest size did not fit)."""

    @classmethod
    def at_bottom(cls, size_name: Callable[[], str]) -> StatusBar:
        """The bar along the bottom of the window, as the table and the replay show it."""
        return cls(pygame.Rect(0, layout.LOGICAL[1] - layout.STATUS_H, layout.LOGICAL[0], layout.STATUS_H),
                   size_name=size_name)

    @property
    def size(self) -> int:
        return STATUS_SIZES.get(self.size_name(), STATUS_SIZES["normal"])

    def message_box(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.left + 184, r.top + 4, r.width - 190, r.height - 8)

    def _fitted(self) -> tuple[str, int]:
        return fitted(self.message, self.message_box().width - 20, self.size, self.size - 3)

    def tooltip(self, pos: tuple[int, int]) -> Tooltip | None:
        """The whole message, when it had to be cut and the pointer is over it."""
        if not self.message_box().collidepoint(pos) or self._fitted()[0] == self.message:
            return None
        return Tooltip(self.message, self.message_box(), width=760)

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        r = self.rect
        pygame.draw.rect(surface, palette.status_bar, r)
        pygame.draw.line(surface, palette.accent_dark, r.topleft, r.topright, 1)
        left_box = pygame.Rect(r.left + 6, r.top + 4, 170, r.height - 8)
        pygame.draw.rect(surface, mix(palette.status_bar, (255, 255, 255), 0.07), left_box, border_radius=5)
        text(surface, self.left, left_box.center, self.size, palette.accent, "bold", "center")
        box = self.message_box()
        pygame.draw.rect(surface, mix(palette.status_bar, (255, 255, 255), 0.07), box, border_radius=5)
        self.shown, size = self._fitted()
        text(surface, self.shown, (box.left + 10, box.centery), size, palette.text, "sans", "midleft")


@dataclass
class Tooltip:
    """A small label by the thing under the pointer (a tile's name): above it where there is room, else below;
    a long text wraps."""

    text: str
    anchor: pygame.Rect
    size: int = 15
    width: int = 420
    """The widest the box grows before its text wraps."""

    def lines(self) -> list[str]:
        return wrap(self.text, self.width - 20, self.size)

    def rect(self) -> pygame.Rect:
        lines = self.lines()
        w = max(text_size(line, self.size)[0] for line in lines) + 20
        h = len(lines) * (self.size + 5) + 10
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (self.anchor.centerx, self.anchor.top - 6)
        if box.top < 4:
            box.midtop = (self.anchor.centerx, self.anchor.bottom + 6)
        box.clamp_ip(pygame.Rect(4, 4, layout.LOGICAL[0] - 8, layout.LOGICAL[1] - 8))
        return box

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        box = self.rect()
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*mix(palette.status_bar, (0, 0, 0), 0.3), 235), panel.get_rect(), border_radius=7)
        pygame.draw.rect(panel, (*palette.accent, 220), panel.get_rect(), width=1, border_radius=7)
        surface.blit(panel, box)
        for i, line in enumerate(self.lines()):
            text(surface, line, (box.left + 10, box.top + 5 + i * (self.size + 5)), self.size, palette.text, "sans")


def draw_timer_bar(surface: pygame.Surface, rect: pygame.Rect, fraction: float, palette: Palette) -> None:
    """The sliding bar of the claim window: full at the discard, empty when play goes on."""
    fraction = min(1.0, max(0.0, fraction))
    pygame.draw.rect(surface, palette.compass_dark, rect, border_radius=rect.height // 2)
    fill = rect.inflate(-4, -4)
    fill.width = round(fill.width * fraction)
    colour = mix(palette.timer_low, palette.timer, min(1.0, fraction * 2))
    if fill.width > 0:
        pygame.draw.rect(surface, colour, fill, border_radius=fill.height // 2)


@dataclass
class Balloon:
    """A speech balloon: ``words`` said by a player, pointing at ``anchor``; fades out at the end of its life."""

    words: str
    anchor: tuple[int, int]
    direction: str = "up"
    life: float = 1.6
    age: float = 0.0
    big: bool = False
    colour: Colour | None = None

    @property
    def alive(self) -> bool:
        return self.age < self.life

    def rect(self) -> pygame.Rect:
        """Where the balloon's body stands once it has popped up (its tip points at the anchor)."""
        tw, th = text_size(self.words, 30 if self.big else 22, "serif_bold")
        w, h = tw + 36, th + 18
        ax, ay = self.anchor
        offsets = {"up": (-w // 2, -h - 18), "down": (-w // 2, 18), "left": (-w - 18, -h // 2),
                   "right": (18, -h // 2)}
        dx, dy = offsets.get(self.direction, offsets["up"])
        return pygame.Rect(ax + dx, ay + dy, w, h)

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        size = 30 if self.big else 22
        image = render_text(self.words, size, self.colour or palette.text_dark, "serif_bold")
        box = self.rect()
        w, h = box.size
        pop = min(1.0, self.age / 0.12)
        scale = 0.7 + 0.3 * pop
        body = pygame.Surface((w + 40, h + 40), pygame.SRCALPHA)
        rect = pygame.Rect(20, 20, w, h)
        tip = {"up": (rect.centerx, rect.bottom + 14), "down": (rect.centerx, rect.top - 14),
               "left": (rect.right + 14, rect.centery), "right": (rect.left - 14, rect.centery)}[self.direction]
        base = {"up": ((rect.centerx - 10, rect.bottom - 2), (rect.centerx + 8, rect.bottom - 2)),
                "down": ((rect.centerx - 10, rect.top + 2), (rect.centerx + 8, rect.top + 2)),
                "left": ((rect.right - 2, rect.centery - 8), (rect.right - 2, rect.centery + 8)),
                "right": ((rect.left + 2, rect.centery - 8), (rect.left + 2, rect.centery + 8))}[self.direction]
        pygame.draw.rect(body, (0, 0, 0, 60), rect.move(2, 4), border_radius=h // 2)
        pygame.draw.polygon(body, palette.panel_edge, [base[0], tip, base[1]])
        pygame.draw.rect(body, palette.balloon, rect, border_radius=h // 2)
        pygame.draw.rect(body, palette.panel_edge, rect, width=2, border_radius=h // 2)
        pygame.draw.polygon(body, palette.balloon, [(base[0][0] + 2, base[0][1]), tip, (base[1][0] - 2, base[1][1])])
        body.blit(image, image.get_rect(center=rect.center))
        fade = 1.0 if self.age < self.life - 0.3 else max(0.0, (self.life - self.age) / 0.3)
        if scale != 1.0:
            body = pygame.transform.smoothscale_by(body, scale)
        body.set_alpha(round(255 * fade))
        surface.blit(body, body.get_rect(center=box.center))


@dataclass
class Toast:
    """A short centred notice (settings changed by a key, for example)."""

    message: str
    life: float = 1.8
    age: float = 0.0

    @property
    def alive(self) -> bool:
        return self.age < self.life


@dataclass
class ButtonRow:
    """Buttons laid out in a row, centred on ``centre``, with keyboard focus that Left/Right/Tab move."""

    buttons: list[Button] = field(default_factory=list)
    focus: int = -1

    def layout(self, centre: tuple[int, int], width: int = 140, height: int = 46, gap: int = 14) -> None:
        total = len(self.buttons) * width + (len(self.buttons) - 1) * gap
        x = centre[0] - total // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, centre[1] - height // 2, width, height)
            x += width + gap

    def handle(self, event: pygame.Event) -> bool:
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN and self.buttons:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                step = -1 if event.key == pygame.K_LEFT or (event.mod & pygame.KMOD_SHIFT) else 1
                self.focus = (self.focus + step) % len(self.buttons)
                for i, b in enumerate(self.buttons):
                    b.focused = i == self.focus
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and 0 <= self.focus < len(
                    self.buttons):
                b = self.buttons[self.focus]
                if b.enabled:
                    b.action()
                return True
        return False

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        for b in self.buttons:
            b.draw(surface, palette)


@dataclass
class MenuItem:
    label: str
    action: Action
    enabled: bool = True
    key_hint: str = ""


@dataclass
class PopupMenu:
    """The original's floating menu: a small list at the mouse; a click outside or Esc closes it."""

    pos: tuple[int, int]
    items: list[MenuItem]
    focus: int = -1
    closed: bool = False
    width: int = 230
    row_h: int = 34

    def rect(self) -> pygame.Rect:
        r = pygame.Rect(self.pos[0], self.pos[1], self.width, len(self.items) * self.row_h + 12)
        # Opened near an edge, the menu moves inside the screen instead of being cut.
        r.right = min(r.right, 1272)
        r.bottom = min(r.bottom, 682)
        return r

    def row(self, index: int) -> pygame.Rect:
        r = self.rect()
        return pygame.Rect(r.left + 6, r.top + 6 + index * self.row_h, r.width - 12, self.row_h)

    def _choose(self, index: int) -> None:
        item = self.items[index]
        if item.enabled:
            self.closed = True
            item.action()

    def handle(self, event: pygame.Event) -> bool:
        """Every event goes to the open menu (it is modal); True always."""
        if event.type == pygame.MOUSEMOTION:
            self.focus = next((i for i in range(len(self.items)) if self.row(i).collidepoint(event.pos)), -1)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            index = next((i for i in range(len(self.items)) if self.row(i).collidepoint(event.pos)), -1)
            if index >= 0 and event.button == 1:
                self._choose(index)
            elif not self.rect().collidepoint(event.pos):
                self.closed = True
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.closed = True
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                step = -1 if event.key == pygame.K_UP else 1
                for _unused in self.items:
                    self.focus = (self.focus + step) % len(self.items)
                    if self.items[self.focus].enabled:
                        break
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus >= 0:
                self._choose(self.focus)
        return True

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        r = self.rect()
        shadow = pygame.Surface(r.inflate(16, 16).size, pygame.SRCALPHA)
        for i in range(5):
            pygame.draw.rect(shadow, (0, 0, 0, 22), shadow.get_rect().inflate(-3 * i, -3 * i).move(0, 4),
                             border_radius=12)
        surface.blit(shadow, r.inflate(16, 16).topleft)
        pygame.draw.rect(surface, palette.panel, r, border_radius=10)
        pygame.draw.rect(surface, palette.panel_edge, r, width=2, border_radius=10)
        for i, item in enumerate(self.items):
            row = self.row(i)
            if i == self.focus and item.enabled:
                pygame.draw.rect(surface, mix(palette.accent, palette.panel, 0.45), row, border_radius=7)
            colour = palette.text_dark if item.enabled else mix(palette.disabled, palette.panel, 0.2)
            text(surface, item.label, (row.left + 12, row.centery), 16, colour, "bold" if item.enabled else "sans",
                 "midleft")
            if item.key_hint:
                text(surface, item.key_hint, (row.right - 10, row.centery), 12, mix(colour, palette.panel, 0.35),
                     "sans", "midright")


@dataclass
class TextField:
    """A one-line text input (a save's name): typing, Backspace, a blinking caret; ``max_length`` characters."""

    rect: pygame.Rect
    value: str = ""
    label: str = ""
    max_length: int = 40
    focused: bool = True

    def handle(self, event: pygame.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            printable = "".join(ch for ch in event.text if ch.isprintable())
            self.value = (self.value + printable)[:self.max_length]
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            return True
        return False

    def shown(self) -> str:
        """The text the box shows: while typing, the end (where the caret is), so a long path typed in stays in
        view; otherwise the start, as a reader would look for it."""
        width = self.rect.width - 30
        if not self.focused or text_size(self.value, 18)[0] <= width:
            return fit_text(self.value, width, 18)
        tail = self.value
        while tail and text_size("…" + tail, 18)[0] > width:
            tail = tail[1:]
        return "…" + tail

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        if self.label:
            text(surface, self.label, (self.rect.left, self.rect.top - 22), 15, palette.text_dark, "bold")
        pygame.draw.rect(surface, (255, 253, 246), self.rect, border_radius=8)
        edge = palette.accent_dark if self.focused else palette.panel_edge
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=8)
        r = text(surface, self.shown(), (self.rect.left + 12, self.rect.centery), 18, palette.text_dark, "sans",
                 "midleft")
        if self.focused and caret_on():
            x = r.right + 2 if self.value else self.rect.left + 12
            pygame.draw.line(surface, palette.text_dark, (x, self.rect.top + 9), (x, self.rect.bottom - 9), 2)


@dataclass
class ScrollBar:
    """A vertical scroll bar for a list that shows ``shown`` of its ``total`` rows, from row ``first``.

    Clicking the track pages towards the click; the thumb can be dragged. The list's owner scrolls it with the
    wheel and the keys through :meth:`scroll_to`; the bar is drawn only when the rows do not all fit.
    """

    track: pygame.Rect
    shown: int
    total: int = 0
    first: int = 0
    grab: int | None = None
    """Where the thumb was taken hold of (pixels below its top) while it is dragged; None otherwise."""

    @property
    def needed(self) -> bool:
        return self.total > self.shown

    @property
    def last_first(self) -> int:
        return max(0, self.total - self.shown)

    def scroll_to(self, first: int) -> None:
        self.first = max(0, min(self.last_first, first))

    def show_row(self, row: int) -> None:
        """Scroll just enough for ``row`` to be on view."""
        if row < self.first:
            self.scroll_to(row)
        elif row >= self.first + self.shown:
            self.scroll_to(row - self.shown + 1)

    def thumb(self) -> pygame.Rect:
        height = max(28, self.track.height * self.shown // max(1, self.total, self.shown))
        room = self.track.height - height
        top = self.track.top + (room * self.first // self.last_first if self.last_first else 0)
        return pygame.Rect(self.track.left, top, self.track.width, height)

    def handle(self, event: pygame.Event) -> bool:
        """True when the event was the bar's (a click on it, or dragging its thumb)."""
        if not self.needed:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.track.inflate(10, 0).collidepoint(
                event.pos):
            thumb = self.thumb()
            if thumb.collidepoint(event.pos):
                self.grab = event.pos[1] - thumb.top
            else:
                self.scroll_to(self.first + (self.shown if event.pos[1] > thumb.centery else -self.shown))
            return True
        if event.type == pygame.MOUSEMOTION and self.grab is not None:
            room = max(1, self.track.height - self.thumb().height)
            self.scroll_to(round((event.pos[1] - self.grab - self.track.top) / room * self.last_first))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.grab is not None:
            self.grab = None
            return True
        return False

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        if not self.needed:
            return
        pygame.draw.rect(surface, palette.panel_shade, self.track, border_radius=self.track.width // 2)
        colour = palette.accent_dark if self.grab is not None else mix(palette.panel_edge, palette.panel, 0.3)
        pygame.draw.rect(surface, colour, self.thumb(), border_radius=self.track.width // 2)
