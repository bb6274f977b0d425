"""Ask First's decision boxes over the table (Mah Jongg? which kong? which claim?): a title, a question and a
row of buttons, answered by a click, the arrow keys and Enter, or Esc for the cancel choice."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.client import layout
from game.client.look import Palette, text, wrap
from game.client.widgets import Button, draw_panel
from game.i18n import _

MOST_LINES = 10
"""A question longer than this is a bug in its wording, not a reason to cover the whole table."""

Choice = tuple[str, Callable[[], object]]
"""A button's label and what it does."""


@dataclass
class Prompt:
    """A small decision box over the table (Ask First's boxes): a title, a message and buttons."""

    title: str
    message: str
    buttons: list[Button] = field(default_factory=list)
    cancel: Button | None = None
    focus: int = 0
    box: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    @property
    def all_buttons(self) -> list[Button]:
        return self.buttons + ([self.cancel] if self.cancel else [])


class Prompts:
    """The table's open decision box, if any; ``answered`` runs after every answer (the table takes in what the
    choice did)."""

    def __init__(self, answered: Callable[[], None]) -> None:
        self.answered = answered
        self.current: Prompt | None = None

    def ask(self, title: str, message: str, choices: list[Choice], cancel: Choice | None = None) -> None:
        """Open a box asking ``message`` with a button per choice (the first one primary) and a cancel choice."""
        def answer(fn: Callable[[], object]) -> Callable[[], None]:
            def run() -> None:
                self.current = None
                fn()
                self.answered()
            return run

        buttons = [Button(pygame.Rect(0, 0, 150, 44), label, answer(fn), primary=(i == 0))
                   for i, (label, fn) in enumerate(choices)]
        cancel_button = Button(pygame.Rect(0, 0, 130, 44), cancel[0], answer(cancel[1])) if cancel else None
        self.current = Prompt(title, message, buttons, cancel_button)
        # The button Esc answers (see handle) says so, as in every other box of the game; Enter's moves with
        # the focus, so it is shown by the focus.
        self.current.all_buttons[-1].key_hint = _("Esc")
        self._layout()

    def _layout(self) -> None:
        p = self.current
        if p is None:
            return
        all_buttons = p.all_buttons
        widths = [max(b.rect.width, Button.width_for(b.label, b.size, 36)) for b in all_buttons]
        row = sum(widths) + 14 * (len(widths) - 1)
        width = max(440, row + 40)
        if len(wrap(p.message, width - 60, 17)) > 3:
            width = max(width, 680)  # a long question (Riichi's) widens the box before it grows tall
        lines = len(self.lines(p.message, width - 60))
        box = pygame.Rect(0, 0, width, max(170, 142 + 22 * lines))  # a wrapped question keeps clear of the buttons
        box.center = (640, 320)
        x = box.centerx - row // 2
        for b, w in zip(all_buttons, widths, strict=True):
            b.rect = pygame.Rect(x, box.bottom - 66, w, 44)
            x += w + 14
        for i, b in enumerate(all_buttons):
            b.focused = i == p.focus
        p.box = box

    @staticmethod
    def lines(message: str, width: int) -> list[str]:
        """The question wrapped to ``width``: every word of it (a box grows rather than cut a sentence)."""
        return wrap(message, width, 17)[:MOST_LINES]

    def handle(self, event: pygame.Event) -> bool:
        """Answer the box from ``event``; True when there is a box (it takes every key and click meanwhile)."""
        p = self.current
        if p is None:
            return False
        all_buttons = p.all_buttons
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                p.focus = (p.focus + (-1 if event.key == pygame.K_LEFT else 1)) % len(all_buttons)
                self._layout()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                all_buttons[p.focus].action()
            elif event.key == pygame.K_ESCAPE and p.cancel is not None:
                p.cancel.action()
            elif event.key == pygame.K_ESCAPE:
                all_buttons[-1].action()
            return True
        for b in all_buttons:
            if b.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface, palette: Palette) -> None:
        p = self.current
        if p is None:
            return
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        surface.blit(shade, (0, 0))
        content = draw_panel(surface, p.box, palette, title=p.title)
        for i, line in enumerate(self.lines(p.message, content.width - 20)):
            text(surface, line, (content.centerx, content.top + 2 + i * 22), 17, palette.text_dark, "sans", "midtop")
        for b in p.all_buttons:
            b.draw(surface, palette)
