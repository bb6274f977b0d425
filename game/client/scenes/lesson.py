"""A lesson at the table: the real table scene, with the lesson's words in a box at the top and the tiles and
buttons it is about lit up. The moves are checked by the session (:mod:`game.session.lesson`); this scene only
shows the step, the explanation of a wrong move, and the way on (Next, the next lesson, the list of lessons).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.client import status
from game.client.look import fit_text, mix, text, wrap
from game.client.scenes import games
from game.client.scenes.base import SceneContext
from game.client.scenes.table import TableScene
from game.client.scenes.table_commands import TableCommands
from game.client.scenes.table_input import TableInput
from game.client.widgets import Button
from game.core.actions import CLAIM_NAMES
from game.core.tiles import parse_tiles
from game.errors import WriteError
from game.i18n import _, mod_text
from game.session import notes
from game.session.lesson import LessonSession
from game.session.lesson_progress import Progress, load_progress, save_progress
from game.session.notes import Note

PANEL = pygame.Rect(236, 6, 808, 150)
"""The lesson's box at its tallest usual size: over the opposite player's rack, whose tiles face away from you
anyway. A short step's box is only as tall as its words and buttons need, so more of the table shows."""
BUTTON_ROOM = 14
"""The space above, between and below the buttons at the box's right."""
TEXT_SIZE = 17
LINE = 23


class LessonCommands(TableCommands):
    """The table's commands, but the end of the lesson's hand leads on to the next lesson, not the next hand,
    and Ask First's boxes stay shut: the lesson's own box says what to do, and a second box over it would hide
    it (a declaration is offered only where the step teaches one)."""

    def next_hand(self) -> None:
        table: Any = self.table
        table.next_lesson()

    def ask_first_checks(self) -> None:
        return

    def save_dialog(self) -> None:
        # A saved game is replayed from its seed: a lesson's prepared deal would not come back.
        self.session.tell(Note(status.LESSON_NOT_A_GAME))

    def new_game(self) -> None:
        games.new_game(self.table.context)  # nothing to offer for saving: the lesson keeps its own place

    def start_or_restart(self) -> None:
        # Dealing the hand again would leave the lesson's steps behind the table: F4 only starts the hand.
        if self.table.game_table.phase == "dealt":
            self.start()
        else:
            self.session.tell(Note(status.LESSON_NO_RESTART))

    def declaration_prompt(self, tile: int) -> tuple[str, str, str] | None:
        session = self.session
        step = session.step if isinstance(session, LessonSession) else None
        return super().declaration_prompt(tile) if step is not None and step.do == "riichi" else None


class LessonScene(TableScene):
    """One lesson: ``session`` is its table, set up (and resumed) by :func:`start_lesson`."""

    name = "lesson"

    def __init__(self, context: SceneContext, session: LessonSession, number: int = 1,
                 following: Any = None) -> None:
        super().__init__(context, session)
        self.lesson_session = session
        self.number = number
        self.following = following
        """The lesson after this one (None after the last)."""
        # The lesson's words are about the tiles in your hand: they are dealt at once, not stack by stack.
        self.animator.show_dealing = False
        self.commands = LessonCommands(self)
        self.input = TableInput(self, self.commands)
        self.next_button = Button(pygame.Rect(0, 0, 132, 40), _("Next"), self.next_step, primary=True,
                                  key_hint=_("Enter"), size=16)
        self.leave_button = Button(pygame.Rect(0, 0, 132, 40), _("All Lessons"), self.leave, key_hint=_("Esc"),
                                   size=16)
        self.saved = (session.step_index, session.done)
        """The step last written to the progress file."""

    # -- the steps ------------------------------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        if self.lesson_session.step_index > 0:
            self.animator.finish()  # a resumed lesson shows its table as it was left, not replayed

    def exit(self) -> None:
        """Leaving the lesson keeps the step reached (a lesson is never the game Continue picks up)."""
        self.save()

    def save(self) -> None:
        """Write how far the player has come (after every step, and on leaving); a failure is told in the status
        bar and the lesson goes on."""
        folders = self.context.folders
        if folders is None or (self.context.headless and not self.context.config_dir):
            return
        s = self.lesson_session
        before = load_progress(folders.config).get(s.lesson.id, Progress())
        progress = Progress(0 if s.done else s.step_index, before.done or s.done)
        self.saved = (s.step_index, s.done)
        try:
            save_progress(folders.config, s.lesson.id, progress)
        except WriteError as exc:
            s.tell(Note(notes.LESSON_NOT_SAVED, {"problem": str(exc)}))

    def update(self, dt: float) -> None:
        s = self.lesson_session
        if (s.step_index, s.done) != self.saved:
            self.save()  # every step as it is done: quitting the game in the middle of a lesson loses nothing
        # The scores of the lesson's hand wait until its last words have been read: the box would cover them.
        holding = s.hand_over and not s.done and not self.scores_shown
        if holding:
            self.scores_shown = True
        super().update(dt)
        if holding:
            self.scores_shown = False

    def next_step(self) -> None:
        s = self.lesson_session
        if s.done:
            self.next_lesson()
        elif s.next_step():
            self.pump()

    def next_lesson(self) -> None:
        """The lesson after this one, or the list when this was the last."""
        if self.following is None:
            self.leave()
            return
        self.save()
        try:
            start_lesson(self.context, self.following)
        except ValueError:
            self.leave()  # a mod's lesson that cannot be dealt: the list says why when it is chosen there

    def leave(self) -> None:
        self.context.reset_to("lessons")

    def handle(self, event: pygame.Event) -> None:
        s = self.lesson_session
        reading = s.done or (s.step is not None and s.step.do == "read")
        buttons = [self.next_button] if reading else []
        for b in [*buttons, self.leave_button]:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.prompt is None and self.chow_pick is None:
                self.leave()
                return
            if reading and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.next_step()
                return
        refused = s.mistakes
        super().handle(event)
        if s.mistakes != refused:
            # A refused move starts afresh: the tiles chosen to pass drop back, and a declaration is asked again.
            self.pass_pick.clear()
            self.asked.clear()

    # -- drawing --------------------------------------------------------------------------------------------

    def banner_lines(self) -> list[tuple[str, bool]]:
        """The table's banners, but while the lesson's box is to be read the table does not also ask to start:
        the box's Next is what goes on."""
        s = self.lesson_session
        banners = super().banner_lines()
        if s.done or (s.step is not None and s.step.do == "read"):
            banners = [b for b in banners if not b[0].startswith("Study your tiles")]
        return banners

    def panel_words(self) -> tuple[str, str]:
        """The heading and the words in the lesson's box now."""
        s = self.lesson_session
        lesson = s.lesson
        heading = _('Lesson {number}: {name}').format(number=self.number, name=mod_text(lesson.name))
        if s.done:
            after = (_(' Next: {name}.').format(name=mod_text(self.following.name)) if self.following is not None
                     else _(" That was the last lesson: New Game on the title screen is a whole game."))
            return heading, _('Lesson complete! {summary}{after}').format(summary=mod_text(lesson.summary),
                                                                          after=after)
        step = s.step
        assert step is not None
        return _('{heading}  ·  step {value} of {len}').format(
                heading=heading, value=s.step_index + 1, len=len(lesson.steps)), " ".join(mod_text(step.say).split())

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        self._draw_lights(surface)
        self._draw_panel(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        palette = self.context.palette
        s = self.lesson_session
        heading, words = self.panel_words()
        lines = wrap(words, PANEL.width - 190, TEXT_SIZE)
        mistake = wrap(s.mistake, PANEL.width - 200, 15, "bold") if s.mistake else []
        reading = s.done or (s.step is not None and s.step.do == "read")
        buttons = [self.next_button, self.leave_button] if reading else [self.leave_button]
        for_buttons = BUTTON_ROOM + sum(b.rect.height + BUTTON_ROOM for b in buttons)
        for_words = 48 + LINE * len(lines) + (10 + 20 * len(mistake) if mistake else 0) + 12
        box = pygame.Rect(PANEL.left, PANEL.top, PANEL.width, max(for_buttons, for_words))
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*palette.panel, 246), panel.get_rect(), border_radius=12)
        pygame.draw.rect(panel, (*palette.accent, 255), panel.get_rect(), width=2, border_radius=12)
        surface.blit(panel, box)
        text(surface, fit_text(heading, box.width - 40, 14, "bold"), (box.left + 20, box.top + 12), 14,
             palette.accent_dark, "bold")
        y = box.top + 38
        for line in lines:
            text(surface, line, (box.left + 20, y), TEXT_SIZE, palette.text_dark)
            y += LINE
        if mistake:
            y += 6
            band = pygame.Rect(box.left + 12, y - 4, box.width - 176, 20 * len(mistake) + 8)
            pygame.draw.rect(surface, mix(palette.panel, palette.east_stake, 0.18), band, border_radius=6)
            for line in mistake:
                text(surface, line, (box.left + 20, y), 15, mix(palette.east_stake, (0, 0, 0), 0.35), "bold")
                y += 20
        self.next_button.label = _("Next Lesson") if s.done and self.following is not None else (
            _("Finish") if s.done else _("Next"))
        self.next_button.rect.topright = (box.right - 16, box.top + BUTTON_ROOM)
        self.leave_button.rect.bottomright = (box.right - 16, box.bottom - BUTTON_ROOM)
        if reading:
            self.next_button.draw(surface, palette)
        self.leave_button.draw(surface, palette)

    def lit_tiles(self) -> list[int]:
        """The indices of the stake tiles the step is about."""
        step = self.lesson_session.step
        if step is None:
            return []
        wanted = set(parse_tiles(step.show)) | set(parse_tiles(step.tiles))
        if step.tile is not None and step.do in ("discard", "kong", "riichi"):
            wanted.update(parse_tiles(step.tile))
        return [i for i, tile in enumerate(self.hand_tiles()) if tile in wanted]

    def lit_buttons(self) -> list[Button]:
        """The table's buttons the step is about (the claim it asks for, Start!, Mah Jongg!…)."""
        step = self.lesson_session.step
        if step is None:
            return []
        names = {name.rstrip("!") for name in step.buttons}
        if step.do == "claim" and step.claim is not None:
            names.add(_(CLAIM_NAMES[step.claim]))
        names.update({"start": {"Start"}, "pass": {"Pass"}, "kong": {"Kong"},
                      "mah_jongg": {"Mah Jongg"}}.get(step.do, set()))
        # A lesson names the buttons in English, as the code does; the buttons say their words in the player's
        # language (with or without the "!", translated or not yet).
        labels = {word for name in names for label in (name, f"{name}!") for word in (label, _(label))}
        return [b for b in self.buttons if b.label in labels]

    def _draw_lights(self, surface: pygame.Surface) -> None:
        """A pulsing ring round each tile and button the step is about (and round the discard to claim)."""
        if self.animator.busy:
            return  # the tiles are still on their way: a ring round an empty place would mislead
        glow = self.context.palette.highlight
        strength = 0.55 + 0.45 * math.sin(self.time * 4.0)
        colour = mix(self.context.palette.accent, glow, strength)
        lit = set(self.lit_tiles())
        rects = [place.rect() for i, place in enumerate(self.hand_places(self.hand_tiles())) if i in lit]
        rects += [b.rect for b in self.lit_buttons()]
        step = self.lesson_session.step
        discard = self.last_discard_rect()
        if step is not None and step.do in ("claim", "pass") and discard is not None and self.session.human_may_claim:
            rects.append(discard)
        for rect in rects:
            pygame.draw.rect(surface, colour, rect.inflate(10, 10), width=4, border_radius=8)


def start_lesson(context: SceneContext, lesson: Any) -> LessonScene:
    """Open ``lesson`` at the table, at the step the player reached last time."""
    from game.mods.lessons import lessons_of
    from game.session.options import Options, seat_names

    everything = lessons_of(context.catalog)
    ids = [item.id for item in everything]
    index = ids.index(lesson.id) if lesson.id in ids else len(ids)
    following = everything[index + 1] if index + 1 < len(everything) else None
    options = Options.from_settings(context.settings)
    session = LessonSession.for_lesson(lesson, catalog=context.catalog, mods_dir=context.mods_dir,
                                       names=seat_names(context.settings), options=options)
    session.deal()
    folders = context.folders
    reached = load_progress(folders.config).get(lesson.id, Progress()) if folders is not None else Progress()
    if reached.step:
        session.resume(reached.step)
    scene = context.reset_to("lesson", session=session, number=index + 1, following=following)
    assert isinstance(scene, LessonScene)
    return scene
