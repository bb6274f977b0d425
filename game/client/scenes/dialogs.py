"""Small boxes over any scene: a title, a question or a field, and two buttons (Enter accepts, Esc cancels).

:class:`ConfirmBox` asks yes or no; :class:`NameBox` asks for a name (a preset's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client import layout
from game.client.look import fit_text, text, wrap
from game.client.scenes.base import Scene
from game.client.widgets import Button, TextField, caret_wake, draw_panel
from game.i18n import _

ERROR = (176, 40, 32)
"""The colour of a box's error line."""


class Box(Scene):
    """A box with a title band and an accept and a cancel button; subclasses draw what is between."""

    overlay = True
    still = True

    def __init__(self, context: Any, title: str, ok_label: str, height: int, cancel_label: str = "") -> None:
        super().__init__(context)
        cancel_label = cancel_label or _("Cancel")
        self.title = title
        self.box = pygame.Rect(0, 0, 560, height)
        self.box.center = (640, 360)
        # Buttons keep their usual widths and grow for a longer label ("Quit Anyway"), right-aligned.
        cancel_width = max(150, Button.width_for(cancel_label, 18))
        ok_width = max(140, Button.width_for(ok_label, 18))
        cancel_left = self.box.right - 26 - cancel_width
        self.ok = Button(pygame.Rect(cancel_left - 14 - ok_width, self.box.bottom - 66, ok_width, 46), ok_label,
                         self.accept, primary=True, key_hint=_("Enter"))
        self.cancel = Button(pygame.Rect(cancel_left, self.box.bottom - 66, cancel_width, 46), cancel_label,
                             self.close, key_hint=_("Esc"))

    def accept(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.context.close(self)

    def handle(self, event: pygame.Event) -> None:
        for b in (self.ok, self.cancel):
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, self.context.palette, title=self.title)
        self.ok.draw(surface, self.context.palette)
        self.cancel.draw(surface, self.context.palette)


class ConfirmBox(Box):
    """Yes or no: ``yes()`` runs on the accept button (Enter), nothing on cancel (Esc)."""

    name = "confirm"

    def __init__(self, context: Any, question: str, detail: str, yes: Callable[[], None], *, title: str = "",
                 ok_label: str = "", cancel_label: str = "", name: str = "confirm",
                 other: tuple[str, int, Callable[[], None]] | None = None) -> None:
        super().__init__(context, title or _("Delete"), ok_label or _("Delete"), 230, cancel_label)
        self.name = name
        """``confirm``, or what is confirmed (``quit``: asked again while open, the game quits)."""
        self.question = question
        self.detail = detail
        self.yes = yes
        self.other: Button | None = None
        """A second way to say yes, left of OK (``other``: its label, its key and what it does)."""
        self.other_key = 0
        self._other_action: Callable[[], None] | None = None
        if other is not None:
            label, self.other_key, self._other_action = other
            width = max(140, Button.width_for(label, 18))
            self.other = Button(pygame.Rect(self.ok.rect.left - 14 - width, self.ok.rect.top, width, 46), label,
                                self._accept_other, key_hint=pygame.key.name(self.other_key).upper())

    def accept(self) -> None:
        self.close()
        self.yes()

    def _accept_other(self) -> None:
        self.close()
        if self._other_action is not None:
            self._other_action()

    def handle(self, event: pygame.Event) -> None:
        if self.other is not None:
            if self.other.handle(event):
                return
            if event.type == pygame.KEYDOWN and event.key == self.other_key:
                self.other.action()
                return
        super().handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        palette = self.context.palette
        if self.other is not None:
            self.other.draw(surface, palette)
        text(surface, fit_text(self.question, self.box.width - 56, 18, "bold"), (self.box.left + 28,
             self.box.top + 70), 18, palette.text_dark, "bold")
        for i, line in enumerate(wrap(self.detail, self.box.width - 56, 15)[:2]):
            text(surface, line, (self.box.left + 28, self.box.top + 100 + i * 20), 15, palette.compass_dark, "sans")


class NameBox(Box):
    """Asks for a name; ``done(name)`` returns an error to show, or None to close the box. ``hint`` stands under
    the field until there is an error to show."""

    name = "name"
    still = True

    def __init__(self, context: Any, title: str, value: str, done: Callable[[str], str | None], *, max_length: int,
                 hint: str = "") -> None:
        super().__init__(context, title, _("Save"), 270)
        self.field = TextField(pygame.Rect(self.box.left + 28, self.box.top + 96, self.box.width - 56, 44), value,
                               _("Name"), max_length=max_length)
        self.done = done
        self.hint = hint
        self.error = ""

    def enter(self) -> None:
        if not self.context.headless:
            pygame.key.start_text_input()

    def exit(self) -> None:
        if not self.context.headless:
            pygame.key.stop_text_input()

    def wake_in(self) -> float | None:
        return caret_wake([self.field])

    def accept(self) -> None:
        error = self.done(self.field.value)
        if error is None:
            self.close()
        else:
            self.error = error.splitlines()[0]

    def handle(self, event: pygame.Event) -> None:
        if self.field.handle(event):
            self.error = ""
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        self.field.draw(surface, self.context.palette)
        lines, colour = (wrap(self.error, self.box.width - 56, 14)[:2], ERROR) if self.error else (
            [self.hint], self.context.palette.compass_dark)
        for i, line in enumerate(lines):
            text(surface, line, (self.box.left + 28, self.box.top + 150 + i * 18), 14, colour, "sans")
