"""Game Finished: the winner of the game, the final standings, and the table of every hand that was played,
which Save Score Sheet (S) writes as a picture, text and CSV (:mod:`game.client.score_sheet`).

It opens over the last hand's Scores box when the game ends. The table lists each hand's number, wind of the
round, East, winner and special hand, and what every player won or lost; it scrolls with the mouse wheel, the
arrow keys and Page Up/Down when the game was long. New Game (Enter) opens the setup, Last Hand (Esc) shows
the last hand's scores again, Title goes back to the title screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.client import layout, score_sheet
from game.client.look import fit_text, mix, text, wrap
from game.client.messages import is_you
from game.client.scenes import games
from game.client.scenes.base import Scene
from game.client.scenes.demo import DemoCountdown
from game.client.widgets import Button, draw_panel
from game.i18n import N_, _, format_number, format_signed, ngettext

BOX = pygame.Rect(0, 0, 1060, 660)
BOX.center = (640, 360)
ROW = 28
ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))


def final_order(totals: list[int], first_east: int, seats: Sequence[int] = (0, 1, 2, 3)) -> list[int]:
    """Seats from first to last place; a tie goes to the player nearer the first East (as the match decides).
    ``seats``: the seats that play (a three-handed game's empty seat has no place)."""
    return sorted(seats, key=lambda s: (-totals[s], (s - first_east) % 4))


class GameOverScene(Scene):
    overlay = True
    name = "game_over"
    still = True

    def __init__(self, context, session: Any, scores_scene: Scene | None = None) -> None:
        super().__init__(context)
        self.session = session
        self.scores_scene = scores_scene
        self.scroll = 0
        match = session.match
        self.totals = list(match.totals)
        self.order = final_order(self.totals, match.first_east, match.seats)
        self.start_score = getattr(getattr(match, "rules", None), "start_score", 0)
        self.table = pygame.Rect(BOX.left + 28, BOX.top + 260, BOX.width - 56, BOX.height - 352)
        self.buttons = [
            Button(pygame.Rect(BOX.right - 498, BOX.bottom - 64, 150, 46), _("New Game"), self.new_game, primary=True,
                   key_hint=_("Enter")),
            Button(pygame.Rect(BOX.right - 334, BOX.bottom - 64, 150, 46), _("Last Hand"), self.last_hand,
                   key_hint=_("Esc")),
            Button(pygame.Rect(BOX.right - 170, BOX.bottom - 64, 140, 46), _("Title"), self.to_title, key_hint="T"),
            Button(pygame.Rect(BOX.left + 28, BOX.bottom - 64, 200, 46), _("Save Score Sheet"), self.save_sheet,
                   key_hint="S", size=16),
        ]
        self.message = ""
        """What Save Score Sheet did (where the files are, or why they are not)."""
        self.error = False
        self.demo = DemoCountdown(session, self._demo_next_game, next_thing=_("a new game"))
        """In the demo a new game follows by itself, played by the computer too (the original's endless demo)."""

    def update(self, dt: float) -> None:
        self.demo.update(dt)

    def wake_in(self) -> float | None:
        return self.demo.wake_in()

    def _demo_next_game(self) -> None:
        session = games.new_session(self.context)
        session.options.auto_play = session.options.demo = True
        games.play(self.context, session)

    # -- actions ----------------------------------------------------------------------------------------------

    def new_game(self) -> None:
        self.context.reset_to("title")
        self.context.open("new_game")

    def to_title(self) -> None:
        self.context.reset_to("title")

    def last_hand(self) -> None:
        self.context.close(self)

    def save_sheet(self) -> None:
        """The score sheet as PNG, text and CSV in the score sheets folder (F-28's Print, S-19)."""
        self.message, self.error = score_sheet.save_for(self.context, self.session)

    # -- scrolling --------------------------------------------------------------------------------------------

    @property
    def rows_area(self) -> pygame.Rect:
        """Where the hand rows scroll: the table less its header and its final-score footer."""
        table = self.table
        return pygame.Rect(table.left, table.top + ROW + 6, table.width, table.height - 2 * ROW - 12)

    @property
    def max_scroll(self) -> int:
        return max(0, len(self.session.match.history) * ROW - self.rows_area.height)

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    def handle(self, event: pygame.Event) -> None:
        if self.demo.stops(event):
            return  # the box stays, for reading
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * ROW * 2)
        elif event.type == pygame.KEYDOWN:
            page = self.rows_area.height - ROW
            steps = {pygame.K_DOWN: ROW, pygame.K_UP: -ROW, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page}
            if event.key in steps:
                self.scroll_by(steps[event.key])
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            elif event.key == pygame.K_END:
                self.scroll = self.max_scroll
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_F2):
                self.new_game()
            elif event.key == pygame.K_ESCAPE:
                self.last_hand()
            elif event.key == pygame.K_t:
                self.to_title()
            elif event.key == pygame.K_s:
                self.save_sheet()

    # -- drawing ----------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        draw_panel(surface, BOX, palette, title=_("Game Finished"))
        names = self.session.names
        winner = self.order[0]
        hands = len(self.session.match.history)
        headline = _("You win the game!") if winner == 0 and is_you(names[0]) else _('{names} wins the game!').format(
                names=names[winner])
        text(surface, fit_text(headline, BOX.width - 80, 34, "serif_bold"), (BOX.centerx, BOX.top + 62), 34,
             palette.accent_dark, "serif_bold", "midtop")
        text(surface, ngettext("with {totals} points after {hands} hand", "with {totals} points after {hands} hands",
                          hands).format(totals=format_number(self.totals[winner]), hands=hands),
             (BOX.centerx, BOX.top + 108), 17, mix(palette.text_dark, palette.panel, 0.25), "sans", "midtop")
        self._draw_standings(surface, pygame.Rect(BOX.left + 28, BOX.top + 144, BOX.width - 56, 88))
        self._draw_table(surface)
        note_at, note_width = (BOX.left + 244, BOX.right - 498 - 16 - BOX.left - 244)
        if self.demo.running:
            self.demo.draw(surface, pygame.Rect(note_at, BOX.bottom - 64, note_width, 46), palette)
        elif self.message:
            colour = palette.east_stake if self.error else palette.text_dark
            for i, line in enumerate(wrap(self.message, note_width, 13)[:2]):
                text(surface, line, (note_at, BOX.bottom - 50 + i * 17), 13, colour, "sans", "midleft")
        elif self.max_scroll:
            text(surface, _("Wheel, ↑ ↓ or Page Up/Down: more hands"), (note_at, BOX.bottom - 41), 14,
                 mix(palette.text_dark, palette.panel, 0.35), "sans", "midleft")
        for b in self.buttons:
            b.draw(surface, palette)

    def _draw_standings(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        palette = self.context.palette
        names = self.session.names
        gap = 14
        width = (area.width - 3 * gap) // 4
        # Three players' cards (a three-handed game) keep the same size, centred under the headline.
        left = area.left + (4 - len(self.order)) * (width + gap) // 2
        for rank, seat in enumerate(self.order):
            card = pygame.Rect(left + rank * (width + gap), area.top, width, area.height)
            first = rank == 0
            fill = mix(palette.accent, palette.panel, 0.45) if first else palette.panel_shade
            pygame.draw.rect(surface, fill, card, border_radius=12)
            pygame.draw.rect(surface, palette.accent_dark if first else mix(palette.panel_edge, palette.panel, 0.5),
                             card, width=2, border_radius=12)
            medal = pygame.Rect(0, 0, 46, 46)
            medal.midleft = (card.left + 12, card.centery)
            pygame.draw.circle(surface, palette.accent_dark if first else palette.button, medal.center, 23)
            text(surface, _(ORDINALS[rank]), medal.center, 16, palette.button_text, "bold", "center")
            x = medal.right + 12
            name_colour = palette.red_name if seat == self.session.match.first_east else palette.text_dark
            you = _(" (you)") if seat == 0 and not is_you(names[0]) else ""
            text(surface, fit_text(names[seat] + you, card.right - x - 10, 18, "bold"), (x, card.top + 14), 18,
                 name_colour, "bold")
            text(surface, format_number(self.totals[seat]), (x, card.top + 40), 24,
                 palette.east_stake if self.totals[seat] < 0 else palette.text_dark, "serif_bold")
            change = self.totals[seat] - self.start_score
            text(surface, format_signed(change), (card.right - 14, card.top + 50), 15,
                 palette.east_stake if change < 0 else (46, 120, 64), "bold", "topright")

    def _columns(self) -> list[tuple[str, int, str]]:
        """(title, width, anchor) of the table's columns; the players share what is left."""
        fixed = list(zip([_(title) for title in score_sheet.COLUMNS], (64, 84, 136, 136, 230), ("center",
            "center", "left", "left", "left"),
                         strict=True))
        seats = self.session.match.seats
        rest = (self.table.width - sum(w for _unused, w, _unused in fixed)) // len(seats)
        return fixed + [(self.session.names[seat], rest, "right") for seat in seats]

    def _cells(self, columns: list[tuple[str, int, str]], y: int, values: list[str], colours: list[Any],
               surface: pygame.Surface, size: int = 15, face: str = "sans") -> None:
        x = self.table.left
        for (_title, width, anchor), value, colour in zip(columns, values, colours, strict=True):
            shown = fit_text(value, width - 16, size, face)
            if anchor == "center":
                text(surface, shown, (x + width // 2, y), size, colour, face, "midtop")
            elif anchor == "right":
                text(surface, shown, (x + width - 14, y), size, colour, face, "topright")
            else:
                text(surface, shown, (x + 8, y), size, colour, face)
            x += width

    def _draw_table(self, surface: pygame.Surface) -> None:
        palette = self.context.palette
        names = self.session.names
        columns = self._columns()
        dark, dim = palette.text_dark, mix(palette.text_dark, palette.panel, 0.5)
        header = pygame.Rect(self.table.left, self.table.top, self.table.width, ROW + 2)
        pygame.draw.rect(surface, palette.panel_edge, header, border_top_left_radius=8, border_top_right_radius=8)
        self._cells(columns, header.top + 6, [c[0] for c in columns], [palette.button_text] * len(columns), surface,
                    14, "bold")
        area = self.rows_area
        clip = surface.get_clip()
        surface.set_clip(area)
        first_east = self.session.match.first_east
        for i, row in enumerate(score_sheet.rows(self.session)):
            y = area.top + i * ROW - self.scroll
            if y + ROW < area.top or y > area.bottom:
                continue
            if i % 2 == 0:
                pygame.draw.rect(surface, palette.panel_shade, (area.left, y, area.width, ROW))
            values = row.cells(list(names))
            colours = [dark, dark, palette.red_name if row.east == first_east else dark,
                       dark if row.winner is not None else dim, palette.accent_dark,
                       *[palette.east_stake if d < 0 else dark if d else dim for d in row.deltas]]
            self._cells(columns, y + 5, values, colours, surface)
        surface.set_clip(clip)
        if not self.session.match.history:
            text(surface, _("No hand was finished."), (area.centerx, area.top + 12), 16, dim, "sans", "midtop")
        seats = self.session.match.seats
        footer = pygame.Rect(self.table.left, area.bottom + 6, self.table.width, ROW + 4)
        pygame.draw.rect(surface, mix(palette.accent, palette.panel, 0.6), footer, border_bottom_left_radius=8,
                         border_bottom_right_radius=8)
        finals = [format_number(self.totals[s]) for s in seats]
        self._cells(columns, footer.top + 6, ["", "", "", "", _("Final score"), *finals],
                    [dark] * 5 + [palette.east_stake if self.totals[s] < 0 else dark for s in seats], surface, 15,
                    "bold")
        pygame.draw.rect(surface, mix(palette.panel_edge, palette.panel, 0.3),
                         pygame.Rect(self.table.left, self.table.top, self.table.width, footer.bottom - self.table.top),
                         width=1, border_radius=8)
        if self.max_scroll:
            bar = pygame.Rect(self.table.right + 6, area.top, 6, area.height)
            pygame.draw.rect(surface, palette.panel_shade, bar, border_radius=3)
            h = max(24, round(bar.height * area.height / (area.height + self.max_scroll)))
            top = bar.top + round((bar.height - h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, palette.accent_dark, (bar.left, top, bar.width, h), border_radius=3)
