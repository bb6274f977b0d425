"""Ask First's boxes show their whole question: Riichi's ran past the three lines the box used to keep."""

from __future__ import annotations

import pygame

from game.client import look
from game.client.scenes import table_prompts
from game.client.scenes.table_prompts import Prompts
from tests.client.helpers import drawn_text

RIICHI = ("Discard West Wind and declare Riichi? Your hand is locked, you pay the deposit to the winner, and you "
          "must go out on the first tile that completes it.")


def test_prompts__a_long_question_is_drawn_whole_above_the_buttons(monkeypatch) -> None:
    drawn = drawn_text(monkeypatch, table_prompts)
    prompts = Prompts(answered=lambda: None)
    prompts.ask("Riichi", RIICHI, [("Riichi!", lambda: None), ("Just discard", lambda: None)])
    surface = pygame.Surface((1280, 720))
    prompts.draw(surface, look.Palette())
    question = [(line, rect.top) for line, rect in drawn if line and line in RIICHI]  # drawn from the midtop
    assert " ".join(line for line, _y in question) == RIICHI, "every word of the question is drawn"
    buttons_top = min(b.rect.top for b in prompts.current.all_buttons)
    assert max(y for _line, y in question) + 22 <= buttons_top, "the question keeps clear of the buttons"
    assert prompts.current.box.contains(pygame.Rect(prompts.current.box.left, buttons_top, 1, 44))
