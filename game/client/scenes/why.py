"""Why? (Y at the table): the reason behind QuickTip's suggestion and behind each computer player's last discard
or claim, one sentence each, as the advisor reads the position the move was made from."""

from __future__ import annotations

import re
from typing import Any

import pygame

from game.client.look import mix, text, wrap
from game.client.scenes.base import Scene, SceneContext
from game.client.widgets import Button, dim, draw_panel
from game.i18n import N_, _

BOX = pygame.Rect(0, 0, 900, 410)
BOX.center = (640, 330)
THIRD_PERSON = ((re.compile(r"\byou are\b"), N_("they are")), (re.compile(r"\byour\b"), "their"),
                (re.compile(r"\byou\b"), "them"))
"""A tip speaks to the player; the same sentence about a computer player speaks of them."""
MOVE_END = re.compile(r"\s?[:：]")
"""Where a reason's move ends and its why begins: each language writes "{move}: {why}" its own way (French
" : ", Chinese "：")."""


def about_them(reason: str) -> str:
    """A tip's sentence turned to speak of the player who made the move ("leaves you ready" → "leaves them")."""
    for pattern, words in THIRD_PERSON:
        reason = pattern.sub(words, reason)
    return reason


def reasons(session: Any) -> list[tuple[str, str]]:
    """(who, why) for QuickTip, then each computer player from your right.

    A computer player's reason tells what it holds (how near ready, what it waits on), so while the hand is
    played it is only told with every hand face up (F6, which leaves the hand unsettled); otherwise the move is
    named and its reason waits for the end of the hand."""
    tip = session.quick_tip_advice()
    found = [(_("QuickTip"), _('You could {reason}.').format(reason=tip.reason) if tip is not None
              else _("On your turn, QuickTip's suggestion is explained here."))]
    open_hands = session.hand_over or session.options.show_all
    for seat in (1, 2, 3):
        name = session.names[seat]
        move = session.why(seat)
        if move is None:
            found.append((name, _('{name} has not discarded or claimed yet this hand.').format(name=name)))
        elif open_hands:
            found.append((name, _('{name} chose to {about_them}.').format(name=name, about_them=about_them(move[1]))))
        else:
            what = MOVE_END.split(move[1], maxsplit=1)[0]
            found.append((name, _('{name} chose to {what}; the reason is told when the hand is over.').format(
                    name=name, what=what)))
    return found


def footnote(session: Any) -> str:
    """The line under the reasons: where they come from, or why the computer players' wait."""
    if session.hand_over or session.options.show_all:
        return _("The reasons are the advisor's reading of what each player could see when they chose.")
    return (_("A computer player's reason would show its tiles: it is told when the hand is over, or now with F6 "
            "(every hand face up; the hand is then not settled)."))


class WhyScene(Scene):
    """The reasons, over the table; Y, Enter or Esc closes."""

    overlay = True
    name = "why"
    still = True

    def __init__(self, context: SceneContext, session: Any) -> None:
        super().__init__(context)
        self.lines = reasons(session)
        self.footnote = footnote(session)
        self.close = Button(pygame.Rect(BOX.right - 160, BOX.bottom - 62, 136, 44), _("Close"),
                            lambda: context.close(self), primary=True, key_hint=_("Esc"))

    def handle(self, event: pygame.Event) -> None:
        if self.close.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_y, pygame.K_SPACE):
            self.context.close(self)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        dim(surface, 120)
        draw_panel(surface, BOX, palette, title=_("Why?"))
        y = BOX.top + 70
        for who, why in self.lines:
            text(surface, who, (BOX.left + 32, y), 16, palette.accent_dark, "bold")
            for line in wrap(why, BOX.width - 220, 16):
                text(surface, line, (BOX.left + 170, y), 16, palette.text_dark)
                y += 22
            y += 14
        faint = mix(palette.text_dark, palette.panel, 0.35)
        lines = wrap(self.footnote, self.close.rect.left - BOX.left - 56, 13)
        for i, line in enumerate(lines):
            text(surface, line, (BOX.left + 32, BOX.bottom - 40 + 18 * (i - (len(lines) - 1) / 2)), 13, faint,
                 "sans", "midleft")
        self.close.draw(surface, palette)


