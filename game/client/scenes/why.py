"""Why? (Y at the table): the reason behind QuickTip's suggestion and behind each computer player's last discard
or claim, one sentence each, as the advisor reads the position the move was made from."""

from __future__ import annotations

import re
from typing import Any

import pygame

from game.client.look import mix, text, wrap
from game.client.scenes.base import Scene, SceneContext
from game.client.widgets import Button, dim, draw_panel

BOX = pygame.Rect(0, 0, 900, 410)
BOX.center = (640, 330)
THIRD_PERSON = ((re.compile(r"\byou are\b"), "they are"), (re.compile(r"\byour\b"), "their"),
                (re.compile(r"\byou\b"), "them"))
"""A tip speaks to the player; the same sentence about a computer player speaks of them."""


def about_them(reason: str) -> str:
    """A tip's sentence turned to speak of the player who made the move ("leaves you ready" → "leaves them")."""
    for pattern, words in THIRD_PERSON:
        reason = pattern.sub(words, reason)
    return reason


def reasons(session: Any) -> list[tuple[str, str]]:
    """(who, why) for QuickTip, then each computer player from your right."""
    tip = session.quick_tip_advice()
    found = [("QuickTip", f"You could {tip.reason}." if tip is not None
              else "On your turn, QuickTip's suggestion is explained here.")]
    for seat in (1, 2, 3):
        name = session.names[seat]
        move = session.why(seat)
        found.append((name, f"{name} chose to {about_them(move[1])}." if move is not None
                      else f"{name} has not discarded or claimed yet this hand."))
    return found


class WhyScene(Scene):
    """The reasons, over the table; Y, Enter or Esc closes."""

    overlay = True
    name = "why"
    still = True

    def __init__(self, context: SceneContext, session: Any) -> None:
        super().__init__(context)
        self.lines = reasons(session)
        self.close = Button(pygame.Rect(BOX.right - 160, BOX.bottom - 62, 136, 44), "Close",
                            lambda: context.close(self), primary=True, key_hint="Esc")

    def handle(self, event: pygame.Event) -> None:
        if self.close.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_y, pygame.K_SPACE):
            self.context.close(self)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        dim(surface, 120)
        draw_panel(surface, BOX, palette, title="Why?")
        y = BOX.top + 70
        for who, why in self.lines:
            text(surface, who, (BOX.left + 32, y), 16, palette.accent_dark, "bold")
            for line in wrap(why, BOX.width - 220, 16):
                text(surface, line, (BOX.left + 170, y), 16, palette.text_dark)
                y += 22
            y += 14
        note = "The reasons are the advisor's reading of what each player could see when they chose."
        text(surface, note, (BOX.left + 32, BOX.bottom - 40), 13, mix(palette.text_dark, palette.panel, 0.35),
             "sans", "midleft")
        self.close.draw(surface, palette)


