"""The end of a hand: the Total Scores box first, with a tab per player for their Scores box (P-123, P-124).

Totals: a column per player (You, Right, Opposite, Left) with Old Score, This Hand, Get from each player, Total
and New Score, as the original lays it out. A player's tab lists every scoring item under Points and Doubles,
the sub totals and the total, above that player's tiles. OK (Enter) deals the next hand, Cancel (Esc) stays at
the table (Next Hand, F3, is offered there); R watches the hand's replay, Score Sheet (S) saves the game's sheet
so far and D (Replay this deal) plays the same deal again, not counted. At the end of the game the Game Finished
box names the winner.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import pygame

from game.client import layout, score_sheet
from game.client.look import fit_text, fitted, mix, text, wrap
from game.client.messages import (
    NO_SETTLEMENT,
    PRACTICE_HAND,
    by,
    dead_hand_line,
    is_you,
    item_label,
    outcome_line,
    pays_for_all,
)
from game.client.scenes import games
from game.client.scenes.base import Scene
from game.client.scenes.demo import DemoCountdown
from game.client.scenes.table_draw import hand_order
from game.client.widgets import Button, draw_panel
from game.core.melds import MeldKind
from game.core.ruleset import Rounding
from game.core.scoring import ScoreResult
from game.core.tiles import display_key, sort_for_display
from game.i18n import N_, _, format_number, mod_text, ngettext
from game.session.driver import HUMAN
from game.session.outcome import HandOutcome

BOX = pygame.Rect(0, 0, 920, 600)
BOX.center = (640, 352)
REPLAY_CHOICE = (N_("Not counted: practice, the game goes on as it was. Counted: the replay takes the place of the "
                 "hand just played."))
EXTRA_SIZE = 17
"""The label size of the buttons left of OK (at the buttons' usual 18 the three would touch OK)."""


def winning_groups(concealed: list[int], melds: list, arrangement: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    """The winner's concealed tiles in sets left to right with the pair last, as the original lays them out (P-18).

    The scored arrangement holds every set, the exposed ones too; those are taken out. When the rest does not
    match the tiles in hand (a special hand read another way, jokers standing in), the hand stays one sorted row.
    """
    groups = [sorted(g) for g in arrangement]
    for meld in melds:
        tiles = sorted(meld.tiles)
        if tiles not in groups:
            return [sort_for_display(concealed)]
        groups.remove(tiles)
    if sorted(t for g in groups for t in g) != sorted(concealed):
        return [sort_for_display(concealed)]
    groups = [sort_for_display(g) for g in groups]
    return sorted(groups, key=lambda g: (len(g) == 2, display_key(g[0]) if g else (9, 0)))


class ScoresScene(Scene):
    overlay = True
    name = "scores"
    still = True

    def __init__(self, context, table_scene, outcome: HandOutcome) -> None:
        super().__init__(context)
        self.table_scene = table_scene
        self.session = table_scene.session
        self.outcome = outcome
        self.tab = -1  # -1 Totals, 0–3 a player
        self.item_rects: list[tuple[pygame.Rect, object]] = []
        """Where each scoring line of the shown player was drawn, for clicks (filled while drawing)."""
        self.chosen_item: object | None = None
        """The scoring line clicked last: its tiles are highlighted in the hand above."""
        self.buttons: list[Button] = []
        self.tabs: list[Button] = []
        empty = getattr(self.session.table, "empty_seat", None)  # the table's own numbering (a network seat's too)
        self.seats = [seat for seat in range(4) if seat != empty]
        """The seats that play (three in a three-handed game: the empty seat has no column and no page)."""
        self.pages = [-1, *self.seats]
        """The tabs in order: Totals, then each player's page."""
        self.sheet_message = ""
        """What Score Sheet did (where the files are, or why they are not)."""
        self.sheet_error = False
        self.pays_for_all = pays_for_all(outcome.hand, self.session.names,
                                         getattr(self.session.ruleset, "penalties", None))
        """Why one loser paid the winner for everybody (a cannon, a Four Winds liability), or ''."""
        self.demo = DemoCountdown(self.session, self._ok, next_thing=_("the next hand"))
        """In the demo the box goes on by itself (OK, the next hand); never at the end of the game."""
        self._build()

    def update(self, dt: float) -> None:
        if not self.outcome.game_over:
            self.demo.update(dt)
        if self.session.network:
            # The server goes on while the box is open: take in what it sends (not shown yet), to say so.
            self.session.update(dt, hold=True)

    def wake_in(self) -> float | None:
        if self.session.network and not self.outcome.game_over:
            return 0.25  # the next hand's countdown
        return None if self.outcome.game_over else self.demo.wake_in()

    def enter(self) -> None:
        if self.outcome.game_over:  # the game's result first; Last Hand (Esc) comes back to this box

            self.context.open("game_over", session=self.session, scores_scene=self)

    def _build(self) -> None:
        names = self.session.names
        x = BOX.left + 24
        self.tabs = []
        for tab in self.pages:
            rect = pygame.Rect(x, BOX.top + 58, 150, 34)
            self.tabs.append(Button(rect, _("Totals") if tab < 0 else names[tab], partial(self._select, tab), size=15))
            x += 158
        over = self.outcome.game_over
        specs = [(_("New Game"), self._new_game), (_("Title"), self._to_title)] if over else \
            [(_("OK"), self._ok), (_("Cancel"), self._cancel)]
        x = BOX.right - 24 - len(specs) * 150
        self.buttons = [Button(pygame.Rect(x + i * 150, BOX.bottom - 62, 138, 44), label, fn, primary=(i == 0),
                               key_hint=(_("Enter") if i == 0 else _("Esc"))) for i, (label, fn) in enumerate(specs)]
        self.replay = self._extra(_("Watch replay"), self._replay, "R")
        # Named as the Game Finished box names it: the button writes the sheet to files.
        self.sheet = self._extra(_("Save Score Sheet"), self._save_sheet, "S")
        self.extra = [self.sheet] if self.outcome.practice else [self.replay, self.sheet]
        """The buttons left of OK, in a row: the replay of the counted hand, the score sheet, and playing the deal
        again (not at the end of the game)."""
        if not over:
            self.deal_again = self._extra(_("Replay this deal…"), self._ask_deal_again, "D")
            self.extra.append(self.deal_again)
        if self.session.network:  # the replays, the deals and the score sheet are the host's
            self.extra = []
        # Beside OK when they fit there; longer words (German) move them to a row of their own above it.
        room = self.buttons[0].rect.left - 12 - (BOX.left + 24)
        y = BOX.bottom - 62 if sum(b.rect.width + 12 for b in self.extra) - 12 <= room else BOX.bottom - 114
        x = BOX.left + 24
        for b in self.extra:
            b.rect.topleft = (x, y)
            x += b.rect.width + 12

    @staticmethod
    def _extra(label: str, action: Callable[[], None], key: str) -> Button:
        """One of the buttons left of OK, as wide as its name needs: three of them share the row with OK."""
        return Button(pygame.Rect(0, 0, max(140, Button.width_for(label, EXTRA_SIZE)), 44), label, action,
                      key_hint=key, size=EXTRA_SIZE)

    def _replay(self) -> None:
        """Step through the hand just finished, move by move (the replay viewer over this box)."""

        if self.session.match.history:
            self.context.open("replay", session=self.session, hand=len(self.session.match.history) - 1)
        self._select(self.tab)

    def _ask_deal_again(self) -> None:
        """Replay this deal (S-07, P-47): the player chooses whether the replay counts."""
        self.context.open("confirm", title=_("Replay this deal"), question=_("Play the same deal again?"),
                          detail=REPLAY_CHOICE, yes=self._deal_again, ok_label=_("Not counted"),
                          other=(_("Counted"), pygame.K_c, partial(self._deal_again, counted=True)))

    def _deal_again(self, counted: bool = False) -> None:
        """The same deal as a new hand: not counted, the player tries another line of play; ``counted``, its
        result takes the place of the hand just played in the match."""
        self.context.close(self)
        self.table_scene.commands.replay_deal(counted=counted)

    def _save_sheet(self) -> None:
        """The game's score sheet so far, as PNG, text and CSV (F-28's Print, S-19)."""
        self.sheet_message, self.sheet_error = score_sheet.save_for(self.context, self.session)

    def _select(self, tab: int) -> None:
        self.tab = tab
        self.chosen_item = None
        for page, b in zip(self.pages, self.tabs, strict=True):
            b.focused = page == tab

    def _ok(self) -> None:
        self.context.close(self)
        self.table_scene.commands.next_hand()

    def _cancel(self) -> None:
        self.context.close(self)

    def _new_game(self) -> None:
        games.new_game(self.context)

    def _to_title(self) -> None:
        self.context.reset_to("title")

    def handle(self, event: pygame.Event) -> None:
        if not self.outcome.game_over and self.demo.stops(event):
            return  # the box stays, for reading
        for b in [*self.buttons, *self.tabs, *self.extra]:
            if b.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.tab >= 0:
            hit = next((item for rect, item in self.item_rects if rect.collidepoint(event.pos)), None)
            self.chosen_item = None if hit is self.chosen_item else hit
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_r and self.replay in self.extra:
                self._replay()
            elif event.key == pygame.K_s and self.sheet in self.extra:
                self._save_sheet()
            elif event.key == pygame.K_d and not self.outcome.game_over and not self.session.network:
                self._ask_deal_again()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[0].action()
            elif event.key == pygame.K_ESCAPE:
                self.buttons[-1].action()
            elif event.key in (pygame.K_RIGHT, pygame.K_TAB, pygame.K_LEFT):
                step = -1 if event.key == pygame.K_LEFT else 1
                self._select(self.pages[(self.pages.index(self.tab) + step) % len(self.pages)])
            elif event.key == pygame.K_t:
                self._select(-1)
            elif pygame.K_1 <= event.key < pygame.K_1 + len(self.seats):
                self._select(self.seats[event.key - pygame.K_1])

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        title = _("Game Finished") if self.outcome.game_over else outcome_line(self.outcome, self.session.names)
        draw_panel(surface, BOX, palette, title=fit_text(title, BOX.width - 60, 22, "serif_bold"))
        for b in self.tabs:
            b.draw(surface, palette)
        area = pygame.Rect(BOX.left + 24, BOX.top + 104, BOX.width - 48, BOX.height - 180)
        if self.outcome.game_over and self.tab == -1:
            self._draw_finished(surface, area)
        elif self.tab == -1:
            self._draw_totals(surface, area)
        else:
            self._draw_player(surface, area, self.tab)
        for b in self.buttons:
            b.draw(surface, palette)
        if self.sheet_message:
            self._draw_band(surface, self.sheet_message, palette.east_stake if self.sheet_error else None)
        elif self.outcome.practice:
            self._draw_band(surface, PRACTICE_HAND)
        elif not self.outcome.settled:
            self._draw_no_settlement(surface)
        elif self.pays_for_all:
            self._draw_band(surface, self.pays_for_all)
        for b in self.extra:
            b.draw(surface, palette)
        if not self.outcome.game_over:  # above the band, where nothing else stands
            above = pygame.Rect(BOX.left + 24, BOX.bottom - 150, BOX.width - 48, 36)
            self.demo.draw(surface, above, palette)
            if self.session.network:
                self._draw_next_hand(surface, above)

    def next_hand_line(self) -> str:
        """At a network table, what the server's next hand is doing while this box is open ("" before it is
        dealt): a player who reads the scores long enough would otherwise find the hand already under way."""
        news = self.session.next_hand() if self.session.network else None
        if news is None:
            return ""
        started, left = news
        if started:
            return _("The next hand is being played: OK to join it.")
        return _("The next hand has been dealt: play starts in {seconds} s — OK to watch the deal.").format(
            seconds=format_number(max(1, math.ceil(left))))

    def _draw_next_hand(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        line = self.next_hand_line()
        if line:
            text(surface, fit_text(line, area.width, 16, "bold"), area.center, 16, self.context.palette.text_dark,
                 "bold", "center")

    def _draw_no_settlement(self, surface: pygame.Surface) -> None:
        """M13, in a band above the buttons where it cannot be missed."""
        self._draw_band(surface, NO_SETTLEMENT)

    def _draw_band(self, surface: pygame.Surface, line: str, colour: tuple[int, int, int] | None = None) -> None:
        """A line about the whole settlement (M13, or who paid for everybody), or where the score sheet went, above
        the buttons."""
        palette = self.context.palette
        band = pygame.Rect(BOX.left + 24, BOX.bottom - 112, BOX.width - 48, 36)
        pygame.draw.rect(surface, mix(palette.accent, palette.panel, 0.6), band, border_radius=8)
        pygame.draw.rect(surface, palette.accent_dark, band, width=2, border_radius=8)
        text(surface, fit_text(line, band.width - 16, 16, "bold"), band.center, 16, colour or palette.text_dark,
             "bold", "center")

    def _draw_totals(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        palette = self.context.palette
        o = self.outcome
        names = self.session.names
        label_w = 190
        seats = self.seats
        col_w = (area.width - label_w) // len(seats)
        text(surface, _("Totals:"), (area.left, area.top), 18, palette.text_dark, "serif_bold")
        y = area.top + 30
        for column, seat in enumerate(seats):
            x = area.left + label_w + column * col_w + col_w // 2
            colour = palette.red_name if seat == self.session.match.first_east else palette.text_dark
            head = names[seat] + (" ★" if seat == o.winner else "")
            text(surface, fit_text(head, col_w - 8, 17, "bold"), (x, y), 17, colour, "bold", "midtop")
        y += 30
        rows: list[tuple[str, list[int] | None, bool]] = [
            (_("Old Score:"), o.old_totals, False),
            (_("This Hand:"), o.scores, False),
            (_("Get from:"), None, True),
        ]
        rows += [(_("{name}:").format(name=names[payer]), [o.get_from(receiver, payer) for receiver in range(4)], False)
                 for payer in seats]
        totals = [sum(o.get_from(r, p) for p in range(4)) for r in range(4)]
        rows += [(_("Total:"), totals, True), (_("New Score:"), o.new_totals, True)]
        payer_rows = range(3, 3 + len(seats))
        for i, (label, values, bold) in enumerate(rows):
            band = pygame.Rect(area.left - 6, y - 3, area.width + 12, 28)
            if i % 2 == 0:
                pygame.draw.rect(surface, palette.panel_shade, band, border_radius=6)
            text(surface, label, (area.left + (20 if i in payer_rows else 0), y), 17, palette.text_dark,
                 "bold" if bold else "sans")
            if values is not None:
                for column, seat in enumerate(seats):
                    value = values[seat]
                    x = area.left + label_w + column * col_w + col_w // 2
                    colour = palette.east_stake if value < 0 else palette.text_dark
                    text(surface, format_number(value), (x, y), 17, colour, "bold" if bold else "sans", "midtop")
            y += 30
        if o.dead and o.faulty_out is None:  # a faulty Mah Jongg is told in the title
            for i, line in enumerate(wrap(dead_hand_line(o.payments, o.events, names), area.width, 16)[:2]):
                text(surface, line, (area.left, y + 8 + i * 22), 16, palette.text_dark, "sans")

    def _draw_player(self, surface: pygame.Surface, area: pygame.Rect, seat: int) -> None:
        palette = self.context.palette
        o = self.outcome
        names = self.session.names
        if is_you(names[seat]):
            title = _("Your score:")
        else:
            title = (_("{name}'s score (you):") if seat == HUMAN else _("{name}'s score:")).format(name=names[seat])
        text(surface, title, (area.left, area.top), 19, palette.text_dark, "serif_bold")
        result = o.results[seat]
        chosen = getattr(self.chosen_item, "tiles", ()) if result is not None else ()
        self._draw_tiles(surface, seat, (area.left, area.top + 34), chosen)
        self.item_rects = []
        y = area.top + 112
        if result is None:
            if o.dead:
                message = _("No scores: nobody went Mah Jongg.")
            elif self.session.network and self.session.match.can_score:
                # The host's table sends every seat's lines with the hand's end; only a connection that failed
                # just then (or a server that does not send them) leaves this end without them.
                message = by(names[seat], N_("Your hand scores {score}; its scoring lines did not reach this table."),
                             N_("{name}'s hand scores {score}; its scoring lines did not reach this table."),
                             score=format_number(o.scores[seat]))
            else:
                message = _("This ruleset's scoring is not available.")
            for i, line in enumerate(wrap(message, area.width, 17)[:3]):
                text(surface, line, (area.left, y + 24 * i), 17, palette.text_dark)
            return
        if result.special_hand:
            text(surface, _('Special hand: {special_hand}').format(
                    special_hand=mod_text(result.special_hand)), (area.left, y), 17, palette.accent_dark, "bold")
            y += 28
        points = [i for i in result.items if i.points]
        doubles = [i for i in result.items if i.doubles]
        col = area.left
        col2 = area.left + area.width // 2 + 10

        def section(x: int, y: int, title: str, lines: list[tuple[int, str]], items: list | None = None,
                    width: int = area.width // 2) -> int:
            text(surface, title, (x, y), 17, palette.text_dark, "bold")
            y += 24
            for k, (value, name) in enumerate(lines):
                item = items[k] if items and k < len(items) else None
                row = pygame.Rect(x, y - 2, width - 20, 22)
                if item is not None:
                    self.item_rects.append((row, item))
                    if item is self.chosen_item:  # the line whose tiles are lit in the hand above
                        pygame.draw.rect(surface, mix(palette.highlight, palette.panel, 0.55), row, border_radius=4)
                text(surface, format_number(value), (x + 40, y), 16, palette.text_dark, "sans", "topright")
                # A long line (a season's name after its scoring line) is set smaller before it is ever cut.
                shown, size = fitted(name, width - 70, 16, 13)
                text(surface, shown, (x + 54, y + (16 - size) // 2), size, palette.text_dark)
                y += 22
            return y + 8

        # Where a table turns points (never doubled) into the pay value shown, only the winner's hand is paid, and
        # a column of doubles would only ever say "none".
        paid_by_table = getattr(self.session.ruleset, "pay_table", None) is not None
        undoubled = paid_by_table and not doubles
        y1 = section(col, y, _("Points:"), [(i.points, item_label(i.name,
            i.tiles)) for i in points] or [(0, _("none"))],
                     points, area.width if undoubled else area.width // 2)  # no doubles beside them
        y2 = y1 if undoubled else section(col2, y, _("Doubles:"), [(i.doubles, item_label(i.name,
            i.tiles)) for i in doubles] or [(0, _("none"))], doubles)
        top = max(y1, y2)
        section(col, top, _("Sub Totals:"), [(result.points, _("Total Points"))] if undoubled else
                [(result.points, _("Total Score before Doubling")), (result.doubles, _("Total Doubles"))])
        if paid_by_table and not result.mah_jongg:
            formula = _("only the winner's hand is paid")
        elif paid_by_table:
            formula = ngettext("Total Score: {points} point on the payment table",
                               "Total Score: {points} points on the payment table", result.points).format(
                points=format_number(result.points))
        else:
            formula = self._formula(result)
        if result.limited:
            formula = _("{total} (limit)").format(total=formula)
        section(col2, top - 2, _("Total:"), [(result.score, formula)])

    def _formula(self, result: ScoreResult) -> str:
        """How the points and doubles make the total (the number beside it): "Total Score: 50 * 4", saying so where
        the ruleset rounded the points (44 read as 50 before doubling) or the doubled total."""
        rounding: Rounding = getattr(self.session.ruleset, "rounding", None) or Rounding()  # no ruleset: never
        base = rounding.base(result.points)
        formula = _('Total Score: {points} * {value}').format(
            points=format_number(base), value=format_number(2 ** result.doubles)) if result.doubles \
            else _('Total Score: {points}').format(points=format_number(base))
        if base != result.points:
            return _("{total} ({points} rounded)").format(total=formula, points=format_number(result.points))
        if rounding.doubled(result.points, result.doubles) != base * 2 ** result.doubles:
            return _("{total}, rounded").format(total=formula)
        return formula

    def _draw_tiles(self, surface: pygame.Surface, seat: int, pos: tuple[int, int],
                    chosen: tuple[int, ...] = ()) -> None:
        """The player's tiles; those of the clicked scoring line stand raised in a highlight."""
        table = self.session.table
        p = table.players[seat]
        sprites = self.context.sprites
        palette = self.context.palette
        x, y = pos
        size = (30, 40)
        wanted = list(chosen)

        def put(tile: int, face_up: bool = True, gap: int = 0) -> None:
            nonlocal x
            lift = 0
            if tile in wanted:
                wanted.remove(tile)
                lift = 6
                pygame.draw.rect(surface, palette.highlight, pygame.Rect(x - 1, y - lift - 2, size[0] + 2,
                                                                         size[1] + 4), border_radius=4)
            surface.blit(sprites.tile(tile, size, face_up=face_up), (x, y - lift))
            x += size[0] + gap

        for meld in p.melds:
            tiles = sort_for_display(meld.tiles)
            for k, tile in enumerate(tiles):
                put(tile, not (meld.kind is MeldKind.KONG and not meld.exposed and k in (0, len(tiles) - 1)))
            x += 10
        result = self.outcome.results[seat] if self.outcome.results else None
        if result is not None and result.mah_jongg and not result.special_hand and result.arrangement:
            groups = winning_groups(p.concealed, p.melds, result.arrangement)
        else:
            groups = [hand_order(p.concealed, None)]
        for group in groups:
            for tile in group:
                put(tile)
            x += 10
        for tile in p.bonus:
            put(tile, gap=1)

    def _draw_finished(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        palette = self.context.palette
        totals = self.outcome.new_totals
        names = self.session.names
        best = max(self.seats, key=lambda s: totals[s])
        won = format_number(totals[best])
        headline = (ngettext("You win the game with {points} point!", "You win the game with {points} points!",
                             totals[best]) if is_you(names[best]) else
                    ngettext("{name} wins the game with {points} point!", "{name} wins the game with {points} points!",
                             totals[best])).format(name=names[best], points=won)
        text(surface, fit_text(headline, area.width, 30, "serif_bold"), (area.centerx, area.top + 30), 30,
             palette.accent_dark, "serif_bold", "midtop")
        order = sorted(self.seats, key=lambda s: -totals[s])
        for rank, seat in enumerate(order):
            y = area.top + 110 + rank * 44
            band = pygame.Rect(area.left + 140, y - 6, area.width - 280, 38)
            pygame.draw.rect(surface, palette.panel_shade if rank else mix(palette.accent, palette.panel, 0.5), band,
                             border_radius=8)
            text(surface, f"{rank + 1}.", (band.left + 20, band.centery), 20, palette.text_dark, "bold", "midleft")
            text(surface, names[seat], (band.left + 70, band.centery), 20, palette.text_dark, "bold", "midleft")
            text(surface, format_number(totals[seat]), (band.right - 20, band.centery), 20, palette.text_dark, "bold",
                 "midright")
