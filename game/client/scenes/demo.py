"""The demo's pause on a box (P-217, P-219): with the demo on (Alt+F5) the scores box and the Game Finished box
stand a few seconds, counting down, then go on by themselves; a key or click stops the demo and leaves the box."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game import timing
from game.client.look import Palette, text, wrap
from game.i18n import _


class DemoCountdown:
    """The countdown of one box; ``then`` is what the box does when it runs out."""

    def __init__(self, session: Any, then: Callable[[], object], *, next_thing: str) -> None:
        self.session = session
        self.then = then
        self.next_thing = next_thing
        """What comes when the time runs out, as the countdown names it ("the next hand")."""
        self.left = timing.DEMO_BOX_SECONDS

    @property
    def running(self) -> bool:
        options = self.session.options
        return options.demo and options.auto_play

    def update(self, dt: float) -> None:
        if self.running:
            self.left -= dt
            if self.left <= 0:
                self.then()

    def wake_in(self) -> float | None:
        return 0.0 if self.running else None  # a running timer: the time the loop sleeps would not be counted

    def stops(self, event: pygame.Event) -> bool:
        """A key or a left click while it runs stops the demo (and does nothing else): True when it did."""
        if self.running and (event.type == pygame.KEYDOWN
                             or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)):
            self.session.options.demo = self.session.options.auto_play = False
            return True
        return False

    def draw(self, surface: pygame.Surface, area: pygame.Rect, palette: Palette) -> None:
        """The countdown in words, centred in ``area`` (on two lines where one does not fit)."""
        if not self.running:
            return
        seconds = max(1, math.ceil(self.left))
        lines = wrap(_('Demo: {next_thing} in {seconds} s — any key or click stops it').format(
                next_thing=self.next_thing, seconds=seconds), area.width, 15, "bold")
        top = area.centery - 10 * len(lines[:2])
        for i, line in enumerate(lines[:2]):
            text(surface, line, (area.centerx, top + 10 + 20 * i), 15, palette.text_dark, "bold", "center")
