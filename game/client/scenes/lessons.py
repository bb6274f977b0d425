"""Learn to Play: the list of lessons the loaded mods offer, with how far the player has come in each."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.look import fit_text, mix, text, text_size
from game.client.scenes.base import Scene, SceneContext
from game.client.widgets import Button, ScrollBar, draw_panel
from game.i18n import _, mod_text
from game.mods.lessons import lessons_of
from game.session.lesson_progress import Progress, load_progress

BOX = pygame.Rect(0, 0, 900, 664)
BOX.center = (640, 360)
ROW_H = 48
SHOWN = 10
"""Rows on the page; with more lessons the list scrolls with the focus, and a scroll bar says there are more."""
BAR_ROOM = 18
"""The width the scroll bar takes from the rows when it is needed."""


JUMPS = (pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN)
"""Keys that move the focus to the first or last lesson, or a page up or down."""

class LessonsScene(Scene):
    name = "lessons"
    still = True

    def __init__(self, context: SceneContext) -> None:
        super().__init__(context)
        self.lessons = lessons_of(context.catalog)
        self.progress: dict[str, Progress] = {}
        self.focus = 0
        self.notice = ""
        """Why the lesson last chosen could not be opened ("" when it could)."""
        self.bar = ScrollBar(pygame.Rect(BOX.right - 36, BOX.top + 96, 8, SHOWN * ROW_H - 4), SHOWN,
                             len(self.lessons))
        width = BOX.width - 56 - (BAR_ROOM if self.bar.needed else 0)
        self.rows = [pygame.Rect(BOX.left + 28, BOX.top + 96 + i * ROW_H, width, ROW_H - 4)
                     for i in range(min(SHOWN, len(self.lessons)))]
        """The row slots, top first: slot i shows lesson ``first + i``."""
        self.back = Button(pygame.Rect(BOX.right - 184, BOX.bottom - 62, 160, 44), _("Title Screen"), self.to_title,
                           key_hint=_("Esc"))

    @property
    def first(self) -> int:
        """The lesson in the top row (the scroll bar keeps it)."""
        return self.bar.first

    @first.setter
    def first(self, value: int) -> None:
        self.bar.scroll_to(value)

    def enter(self) -> None:
        # Read on entering, not on making: a lesson being left writes its progress as it goes, after this scene
        # was made to replace it.
        folders = self.context.folders
        self.progress = load_progress(folders.config) if folders is not None else {}
        self.focus = next((i for i, lesson in enumerate(self.lessons)
                           if not self.progress.get(lesson.id, Progress()).done), 0)
        self.first = min(self.focus, max(0, len(self.lessons) - len(self.rows)))

    def to_title(self) -> None:
        self.context.reset_to("title")

    def status(self, lesson: Any) -> str:
        """"done", "at step 3 of 7", or "" for a lesson not begun."""
        reached = self.progress.get(lesson.id, Progress())
        if reached.step:
            return _('at step {value} of {len}').format(value=reached.step + 1, len=len(lesson.steps))
        return "done" if reached.done else ""

    def open_lesson(self, index: int) -> None:
        from game.client.scenes.lesson import start_lesson  # the table and the engine: ~60 ms the list never needs

        if 0 <= index < len(self.lessons):
            lesson = self.lessons[index]
            try:
                start_lesson(self.context, lesson)
            except ValueError as exc:  # a mod's lesson that cannot be dealt: say why, keep the others open
                self.notice = _('{name} cannot be set up: {exc}').format(name=mod_text(lesson.name), exc=exc)

    def hint(self) -> str:
        """The keys under the list: the number keys open lessons 1 to 9 only, so a longer list says so."""
        numbers = _("a number") if len(self.lessons) <= 9 else "1–9"
        return _('↑ ↓ and Enter, {numbers}, or click a lesson  ·  F1 help').format(numbers=numbers)

    def handle(self, event: pygame.Event) -> None:
        if self.back.handle(event) or self.bar.handle(event):
            return
        if event.type == pygame.MOUSEMOTION:
            for i, row in enumerate(self.rows):
                if row.collidepoint(event.pos):
                    self.focus = self.first + i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, row in enumerate(self.rows):
                if row.collidepoint(event.pos):
                    self.open_lesson(self.first + i)
        elif event.type == pygame.MOUSEWHEEL:
            self.first = max(0, min(len(self.lessons) - len(self.rows), self.first - event.y))
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.to_title()
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.lessons:
                self._focus_on((self.focus + (1 if event.key == pygame.K_DOWN else -1)) % len(self.lessons))
            elif event.key in JUMPS and self.lessons:
                page = len(self.rows)
                self._focus_on({pygame.K_HOME: 0, pygame.K_END: len(self.lessons) - 1,
                                pygame.K_PAGEUP: max(0, self.focus - page),
                                pygame.K_PAGEDOWN: min(len(self.lessons) - 1, self.focus + page)}[event.key])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open_lesson(self.focus)
            elif pygame.K_1 <= event.key <= pygame.K_9:
                self.open_lesson(event.key - pygame.K_1)

    def _focus_on(self, index: int) -> None:
        """Move the focus to lesson ``index``, scrolling just enough to keep it in view."""
        self.focus = index
        self.first = min(self.focus, max(self.first, self.focus - len(self.rows) + 1))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        surface.blit(self.context.background(), (0, 0))
        draw_panel(surface, BOX, palette, title=_("Learn to Play"))
        intro = _("Short lessons at a real table: each step says what to do and lights up the tiles it means.")
        text(surface, fit_text(intro, BOX.width - 56, 15), (BOX.left + 28, BOX.top + 66), 15, palette.text_dark)
        if not self.lessons:
            text(surface, _("No lessons are loaded: the Learn to Play mod is switched off (see Mods)."),
                 (BOX.left + 28, BOX.top + 110), 16, palette.text_dark)
        for slot, row in enumerate(self.rows):
            i = self.first + slot
            lesson = self.lessons[i]
            focused = i == self.focus
            fill = palette.button_hover if focused else mix(palette.panel, palette.panel_shade, 0.6)
            pygame.draw.rect(surface, fill, row, border_radius=8)
            if focused:
                pygame.draw.rect(surface, palette.highlight, row, width=2, border_radius=8)
            ink = palette.button_text if focused else palette.text_dark
            text(surface, f"{i + 1}", (row.left + 22, row.centery), 18, ink, "serif_bold", "center")
            text(surface, mod_text(lesson.name), (row.left + 48, row.top + 5), 17, ink, "bold")
            state = self.status(lesson)
            shown_state = ("✓ " if state == "done" else "") + state
            # The summary gives way only to the progress actually written beside it.
            room = row.width - 64 - (text_size(shown_state, 14, "bold")[0] + 24 if state else 0)
            summary = fit_text(mod_text(lesson.summary), room, 13)
            text(surface, summary, (row.left + 48, row.top + 26), 13, mix(ink, fill, 0.25))
            if state:
                colour = palette.accent if focused else palette.accent_dark
                text(surface, shown_state, (row.right - 16, row.centery), 14, colour, "bold", "midright")
        self.bar.draw(surface, palette)
        self.back.draw(surface, palette)
        if self.notice:
            text(surface, fit_text(self.notice, BOX.width - 260, 14, "bold"), (BOX.left + 28, BOX.bottom - 64), 14,
                 palette.east_stake, "bold", "midleft")
        hint = self.hint()
        text(surface, hint, (BOX.left + 28, BOX.bottom - 40), 14, mix(palette.text_dark, palette.panel, 0.35),
             "sans", "midleft")
