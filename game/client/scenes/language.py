"""The language box: at the first start (no language chosen yet) the five languages, each in its own words, with
the system's language chosen; Enter or a click takes one, and the whole game speaks it at once. Settings ▸ Play
▸ Language changes it later."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.client.look import text
from game.client.scenes.dialogs import Box
from game.client.widgets import Button
from game.i18n import _, available_languages, language, set_language, system_language


class LanguageScene(Box):
    name = "language"

    def __init__(self, context: Any) -> None:
        self.codes = [code for code, _name in available_languages()]
        chosen = language()  # the App set the system's language when none was chosen
        self.focus = self.codes.index(chosen) if chosen in self.codes else 0
        super().__init__(context, _("Language"), _("Play"), 200 + 52 * len(self.codes))
        self.choices = [Button(pygame.Rect(self.box.left + 28, self.box.top + 110 + i * 52, self.box.width - 56, 44),
                               own_name, partial(self._pick, i, accept=True), size=18)
                        for i, (_code, own_name) in enumerate(available_languages())]
        for i, button in enumerate(self.choices):
            button.focused = button.primary = i == self.focus

    def _show(self, index: int) -> None:
        """Focus language ``index`` and speak it in the box at once (the player sees what they choose)."""
        self.focus = index
        for i, button in enumerate(self.choices):
            button.focused = button.primary = i == index
        set_language(self.codes[index])
        self.title = _("Language")
        for button, label, key in ((self.ok, _("Play"), _("Enter")), (self.cancel, _("Cancel"), _("Esc"))):
            button.label, button.key_hint = label, key

    def _pick(self, index: int, *, accept: bool = False) -> None:
        self._show(index)
        if accept:
            self.accept()

    def accept(self) -> None:
        self.context.settings.language = self.codes[self.focus]
        self.context.save_settings()
        self.context.settings_changed("language")
        self.context.close(self)

    def close(self) -> None:
        """Esc keeps the system's language, chosen for good so the box is not shown again."""
        self._show(self.codes.index(system_language()) if system_language() in self.codes else 0)
        self.accept()

    def handle(self, event: pygame.Event) -> None:
        for button in self.choices:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            step = -1 if event.key == pygame.K_UP else 1
            self._show((self.focus + step) % len(self.codes))
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        palette = self.context.palette
        text(surface, _("Which language should Sparrow speak?"), (self.box.left + 28, self.box.top + 70), 17,
             palette.text_dark, "bold")
        for button in self.choices:
            button.draw(surface, palette)

    @property
    def active(self) -> str:
        return language()
