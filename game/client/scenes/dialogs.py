"""Small boxes over any scene: a title, a question or a field, and two buttons (Enter accepts, Esc cancels)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client import layout
from game.client.look import fit_text, text, wrap
from game.client.scenes.base import Scene
from game.client.widgets import Button, draw_panel


class Box(Scene):
    """A box with a title band and an accept and a cancel button; subclasses draw what is between."""

    overlay = True
    still = True

    def __init__(self, app: Any, title: str, ok_label: str, height: int, cancel_label: str = "Cancel") -> None:
        super().__init__(app)
        self.title = title
        self.box = pygame.Rect(0, 0, 560, height)
        self.box.center = (640, 360)
        self.ok = Button(pygame.Rect(self.box.right - 330, self.box.bottom - 66, 140, 46), ok_label, self.accept,
                         primary=True, key_hint="Enter")
        self.cancel = Button(pygame.Rect(self.box.right - 176, self.box.bottom - 66, 150, 46), cancel_label,
                             self.close, key_hint="Esc")

    def accept(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.app.stack.remove(self)

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
        draw_panel(surface, self.box, self.app.palette, title=self.title)
        self.ok.draw(surface, self.app.palette)
        self.cancel.draw(surface, self.app.palette)


class ConfirmBox(Box):
    """Yes or no: ``yes()`` runs on the accept button (Enter), nothing on cancel (Esc)."""

    name = "confirm"

    def __init__(self, app: Any, question: str, detail: str, yes: Callable[[], None], *, title: str = "Delete",
                 ok_label: str = "Delete", cancel_label: str = "Cancel") -> None:
        super().__init__(app, title, ok_label, 230, cancel_label)
        self.question = question
        self.detail = detail
        self.yes = yes

    def accept(self) -> None:
        self.close()
        self.yes()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        palette = self.app.palette
        text(surface, fit_text(self.question, self.box.width - 56, 18, "bold"), (self.box.left + 28,
             self.box.top + 70), 18, palette.text_dark, "bold")
        for i, line in enumerate(wrap(self.detail, self.box.width - 56, 15)[:2]):
            text(surface, line, (self.box.left + 28, self.box.top + 100 + i * 20), 15, palette.compass_dark, "sans")
