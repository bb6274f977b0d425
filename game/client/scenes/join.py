"""Join a Table (the title's J): the address of a friend's table and the name to sit down as.

Both are remembered in the settings for next time, with the token the table gives the seat, so a player whose
game crashed joins the same address again and gets their seat back. Enter joins (the waiting room opens and
connects), Esc cancels, Tab moves between the two fields. An address that is not one is said so here; whether a
table answers there is the waiting room's to say.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client.look import text, wrap
from game.client.scenes.dialogs import ERROR, Box
from game.client.widgets import TextField, caret_wake
from game.i18n import _

NAME_LENGTH = 24
"""The longest name a table accepts (``game.net.protocol.MAX_NAME``)."""


class JoinBox(Box):
    name = "join"

    def __init__(self, context: Any) -> None:
        super().__init__(context, _("Join a Table"), _("Join"), 330)
        settings = context.settings
        left, width = self.box.left + 28, self.box.width - 56
        self.address = TextField(pygame.Rect(left, self.box.top + 96, width, 44), settings.join_address,
                                 _("Address of the table (host:port)"), max_length=200)
        own = "" if settings.player_name.strip().casefold() == "you" else settings.player_name  # the default
        self.player = TextField(pygame.Rect(left, self.box.top + 178, width, 44), own[:NAME_LENGTH], _("Your name"),
                                max_length=NAME_LENGTH, focused=False)
        if settings.join_address:  # the usual table: only the name may need changing, or nothing at all
            self.address.focused, self.player.focused = False, True
        self.error = ""

    @property
    def fields(self) -> list[TextField]:
        return [self.address, self.player]

    def enter(self) -> None:
        if not self.context.headless:
            pygame.key.start_text_input()

    def exit(self) -> None:
        if not self.context.headless:
            pygame.key.stop_text_input()

    def wake_in(self) -> float | None:
        return caret_wake(self.fields)

    def accept(self) -> None:
        from game.net.client import name_problem, parse_address  # the network code only when a table is joined

        address, name = self.address.value.strip(), self.player.value.strip()
        try:
            parse_address(address)
        except ValueError as exc:
            self.error = str(exc)
            self._focus(self.address)
            return
        if name_problem(name):
            self.error = name_problem(name)
            self._focus(self.player)
            return
        settings = self.context.settings
        if settings.join_address != address:
            settings.join_token = ""  # a seat token belongs to the table that gave it
        settings.join_address, settings.player_name = address, name
        self.context.save_settings()
        self.close()
        self.context.open("waiting_room", address=address, player=name, token=settings.join_token or None)

    def _focus(self, field: TextField) -> None:
        for f in self.fields:
            f.focused = f is field

    def handle(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self._focus(self.player if self.address.focused else self.address)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((f for f in self.fields if f.rect.collidepoint(event.pos)), None)
            if hit is not None:
                self._focus(hit)
                self.error = ""
                return
        for f in self.fields:
            if f.focused and f.handle(event):
                self.error = ""
                return
        super().handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        palette = self.context.palette
        for f in self.fields:
            f.draw(surface, palette)
        if self.error:
            lines, colour = wrap(self.error, self.box.width - 56, 14)[:2], ERROR
        else:
            lines, colour = [_("The host sees the address in their waiting room.")], palette.compass_dark
        for i, line in enumerate(lines):
            text(surface, line, (self.box.left + 28, self.box.top + 232 + i * 18), 14, colour, "sans")
