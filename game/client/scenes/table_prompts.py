"""Ask First's decision boxes over the table (Mah Jongg? which kong? which claim?), as a mixin of
:class:`game.client.scenes.table.TableScene`: asking, laying out, keys and clicks, drawing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.client import layout
from game.client.look import text, wrap
from game.client.messages import possessive
from game.client.widgets import Button, draw_panel
from game.core.actions import CLAIM_NAMES, DeclareKong, MahJongg
from game.core.tiles import tile_name
from game.session.driver import HUMAN


@dataclass
class Prompt:
    """A small decision box over the table (Ask First's boxes): a title, a message and buttons."""

    title: str
    message: str
    buttons: list[Button] = field(default_factory=list)
    cancel: Button | None = None
    focus: int = 0


def mah_jongg_offer(session) -> str:
    """The discard that would give the human Mah Jongg, as the offer names it: ``Eric's 5 Dots``."""
    seat, tile = session.table.last_discard
    return f"{possessive(session.names[seat])} {tile_name(tile)}"


class TablePrompts:
    """The open prompt (``self.prompt``) of the table scene."""

    def _ask(self, title: str, message: str, choices: list[tuple[str, object]],
             cancel: tuple[str, object] | None = None) -> None:
        def wrap(fn):
            def run() -> None:
                self.prompt = None
                fn()
                self._pump()
            return run

        buttons = [Button(pygame.Rect(0, 0, 150, 44), label, wrap(fn), primary=(i == 0))
                   for i, (label, fn) in enumerate(choices)]
        cancel_button = Button(pygame.Rect(0, 0, 130, 44), cancel[0], wrap(cancel[1]), key_hint="") if cancel else None
        self.prompt = Prompt(title, message, buttons, cancel_button)
        self._layout_prompt()

    def _layout_prompt(self) -> None:
        p = self.prompt
        if p is None:
            return
        all_buttons = p.buttons + ([p.cancel] if p.cancel else [])
        widths = [max(b.rect.width, Button.width_for(b.label, b.size, 36)) for b in all_buttons]
        row = sum(widths) + 14 * (len(widths) - 1)
        width = max(440, row + 40)
        lines = len(wrap(p.message, width - 60, 17)[:3])
        box = pygame.Rect(0, 0, width, max(170, 142 + 22 * lines))  # a wrapped question keeps clear of the buttons
        box.center = (640, 320)
        x = box.centerx - row // 2
        for b, w in zip(all_buttons, widths, strict=True):
            b.rect = pygame.Rect(x, box.bottom - 66, w, 44)
            x += w + 14
        for i, b in enumerate(all_buttons):
            b.focused = i == p.focus
        p_box = box
        self._prompt_box = p_box

    def _prompt_handle(self, event: pygame.Event) -> bool:
        p = self.prompt
        if p is None:
            return False
        all_buttons = p.buttons + ([p.cancel] if p.cancel else [])
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                p.focus = (p.focus + (-1 if event.key == pygame.K_LEFT else 1)) % len(all_buttons)
                self._layout_prompt()
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

    def _ask_first_checks(self) -> None:
        """Ask First: offer Mah Jongg and a kong when a drawn tile makes them possible (P-115, P-118), and Mah
        Jongg when a discard does (the same Can Go Mah Jongg box)."""
        s = self.session
        if self.prompt is not None or self.animator.busy or not s.options.ask_first:
            return
        key = len(s.table.events)
        if s.claim_unlimited and ("mj", key) not in self.asked:
            self.asked.add(("mj", key))
            self._offer_mah_jongg_on_discard()
            return
        if not s.human_to_discard:
            return
        if s.can_mah_jongg() and ("mj", key) not in self.asked:
            self.asked.add(("mj", key))
            self._ask("Can Go Mah Jongg", "The tile you got completes your hand. Go Mah Jongg?",
                      [("Mah Jongg!", lambda: s.act(MahJongg()))], cancel=("No", lambda: None))
            return
        drawn = s.table.drawn_tile
        if drawn is not None and drawn in s.kong_tiles() and ("kong", key) not in self.asked:
            self.asked.add(("kong", key))
            concealed = s.table.players[HUMAN].concealed.count(drawn) == 4
            title = "Concealed Kong" if concealed else "Exposed Kong"
            self._ask(title, f"Make a Kong of {tile_name(drawn)}? You get a loose tile for it.",
                      [("Kong!", lambda: s.act(DeclareKong(drawn)))], cancel=("No", lambda: None))

    def _offer_mah_jongg_on_discard(self) -> None:
        """The Can Go Mah Jongg box for a discard: Mah Jongg first, the other claims it allows, or Pass."""
        s = self.session
        what = mah_jongg_offer(s)
        others = [(CLAIM_NAMES[t], lambda t=t: self.claim(t)) for t in s.claim_types() if t != "mah_jongg"]
        self._ask("Can Go Mah Jongg", f"{what} completes your hand. Go Mah Jongg?",
                  [("Mah Jongg!", lambda: self.claim("mah_jongg")), *others], cancel=("Pass", s.pass_claim))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        p = self.prompt
        palette = self.context.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        surface.blit(shade, (0, 0))
        box = self._prompt_box
        content = draw_panel(surface, box, palette, title=p.title)
        for i, line in enumerate(wrap(p.message, content.width - 20, 17)[:3]):
            text(surface, line, (content.centerx, content.top + 2 + i * 22), 17, palette.text_dark, "sans", "midtop")
        for b in p.buttons + ([p.cancel] if p.cancel else []):
            b.draw(surface, palette)
