"""Statistics: per ruleset, every player's games, wins, average hand score, special hands and best hand.

The numbers come from the statistics file in the config folder (:mod:`game.stats`), which the session updates at
every hand's end and the game's end. Two charts drawn with pygame: bars of hands won per player, and a line of
each player's hand scores in the current game. Left/Right (or the tabs) switch the ruleset.
"""

from __future__ import annotations

import logging
import os
from functools import partial
from typing import Any

import pygame

from game.client import layout
from game.client.look import fit_text, fitted, mix, text, wrap
from game.client.messages import sentence, short_names, special_name
from game.client.scenes.base import Scene
from game.client.widgets import Button, draw_panel
from game.i18n import _, format_list, format_number

log = logging.getLogger(__name__)

TABS = 6
"""Ruleset tabs shown at once."""

SERIES = ((226, 84, 60), (60, 130, 200), (60, 160, 90), (170, 110, 40))
"""Line colours of the four seats in the score chart."""


class StatsScene(Scene):
    overlay = True
    name = "stats"
    still = True

    def __init__(self, context, session: Any = None) -> None:
        super().__init__(context)
        self.session = session
        self.box = pygame.Rect(0, 0, 1100, 640)
        self.box.center = (640, 350)
        self.problems: list[str] = []
        """What went wrong with the statistics file (damaged and set aside, restored from a backup, unreadable), in
        the program's words, shown under the charts."""
        self.stats = self._load()
        # The log keeps the whole paths; the box names the files within the config folder, which fits the line.
        folder = f"{context.folders.config}{os.sep}" if context.folders is not None else None
        self.problems += [sentence(note.replace(folder, "") if folder else note) for note in self.stats.notes]
        self._rulesets: dict[str, Any] = {}
        """The rulesets whose special hands have been named, by id (loaded when their tab is first drawn)."""
        rulesets = sorted(self.stats.by_ruleset)
        current = getattr(getattr(session, "ruleset", None), "id", None)
        self.rulesets = rulesets
        self.index = rulesets.index(current) if current in rulesets else 0
        # Opponents go by their personalities' names (Eliza, not Expert); in a game, by their names at the table.
        self.names: dict[str, str] = {pid: context.resources.player_name(pid)
                                      for players in self.stats.by_ruleset.values() for pid in players}
        if session is not None:
            self.names.update(zip(session.player_ids, session.names, strict=False))
        self.close = Button(pygame.Rect(self.box.right - 170, self.box.bottom - 62, 146, 44), _("Close"),
                            lambda: context.close(self), primary=True, key_hint=_("Esc"))
        self.tabs: list[Button] = []
        self._go(self.index)

    def _load(self) -> Any:
        from game.stats import Statistics, load_statistics

        folders = self.context.folders
        try:
            return load_statistics(folders.config) if folders is not None else Statistics()
        except OSError as exc:  # unreadable statistics show as none rather than stopping the game
            log.warning("statistics in %s could not be read: %s", folders.config if folders else "?", exc)
            self.problems.append(_('The statistics in {value} could not be read: {value2}').format(
                    value=folders.config if folders else '?', value2=exc.strerror or exc))
            return Statistics()

    def _go(self, index: int) -> None:
        self.index = index % max(1, len(self.rulesets))
        # Six tabs fit across the box; with more rulesets they slide so the shown one always has its tab.
        first = max(0, min(self.index - TABS + 1, len(self.rulesets) - TABS))
        labels = short_names([self.context.resources.ruleset_name(r) for r in self.rulesets])[first:first + TABS]
        self.tabs = [Button(pygame.Rect(self.box.left + 24 + k * 170, self.box.top + 58, 160, 32),
                            fit_text(label, 148, 14, "bold"), partial(self._go, first + k), size=14)
                     for k, label in enumerate(labels)]
        for k, b in enumerate(self.tabs):
            b.focused = first + k == self.index

    def handle(self, event: pygame.Event) -> None:
        for b in [self.close, *self.tabs]:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
                self.context.close(self)
            elif event.key in (pygame.K_RIGHT, pygame.K_TAB):
                self._go(self.index + 1)
            elif event.key == pygame.K_LEFT:
                self._go(self.index - 1)

    def rows(self) -> list[tuple[str, Any]]:
        """``(player_id, PlayerStats)`` of the shown ruleset: you first, then by hands won."""
        if not self.rulesets:
            return []
        players = self.stats.by_ruleset[self.rulesets[self.index]]
        return sorted(players.items(), key=lambda kv: (kv[0] != "human", -kv[1].hands_won, kv[0]))

    # -- drawing ----------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, palette, title=_("Statistics"))
        for b in self.tabs:
            b.draw(surface, palette)
        rows = self.rows()
        if not rows:
            text(surface, _("No statistics yet: they are kept from the end of your first hand."),
                 (self.box.centerx, self.box.centery), 20, palette.compass_dark, "sans", "center")
        else:
            self._draw_table(surface, rows)
            self._draw_bars(surface, rows, pygame.Rect(self.box.left + 30, self.box.top + 360, 500, 190))
            self._draw_line(surface, pygame.Rect(self.box.left + 580, self.box.top + 360, 490, 190))
        for i, line in enumerate(wrap(". ".join(self.problems) + ".", self.box.width - 240, 14, "bold")[:3]):
            text(surface, line, (self.box.left + 30, self.box.bottom - 74 + i * 19), 14, palette.east_stake, "bold")
        self.close.draw(surface, palette)

    def _draw_table(self, surface: pygame.Surface, rows: list[tuple[str, Any]]) -> None:
        palette = self.context.palette
        left = self.box.left + 30
        columns = [(_("Player"), 0), (_("Games"), 230), (_("Won"), 310), (_("Hands"), 380), (_("Won"), 460),
            (_("Average"), 530),
                   (_("Special hands"), 640), (_("Best hand"), 860)]
        y = self.box.top + 108
        for label, dx in columns:
            text(surface, label, (left + dx, y), 14, palette.compass_dark, "bold")
        y += 24
        for i, (pid, st) in enumerate(rows[:8]):
            band = pygame.Rect(left - 8, y - 3, self.box.width - 44, 26)
            if i % 2 == 0:
                pygame.draw.rect(surface, palette.panel_shade, band, border_radius=6)
            specials = format_list([f"{self._special(sid)} ×{format_number(n)}" for sid, n in
                                    sorted(st.special_hands.items())], "plain") or "—"
            best = st.best_hand
            best_text = "—" if not best else format_number(best["score"]) + (
                    f" ({self._special(best['special_hand'])})" if best.get("special_hand") else "")
            values = [fit_text(self.names.get(pid, pid), 220, 16, "bold"), *(format_number(n) for n in (
                      st.games, st.games_won, st.hands, st.hands_won)), format_number(st.average_hand_score, 0),
                      specials, best_text]
            for (_unused, dx), value in zip(columns, values, strict=True):
                face = "bold" if dx == 0 else "sans"
                # Special hands' names are long: set smaller before they are cut.
                shown, size = fitted(value, {640: 210, 860: 190}.get(dx, 400), 15, 12, face)
                text(surface, shown, (left + dx, y + (15 - size) // 2), size,
                     palette.red_name if pid == "human" and dx == 0 else palette.text_dark, face)
            y += 26

    def _special(self, special_id: str) -> str:
        """A special hand's name in the shown ruleset (the statistics file keeps its id)."""
        ruleset_id = self.rulesets[self.index]
        if ruleset_id not in self._rulesets:
            self._rulesets[ruleset_id] = self.context.resources.load_ruleset(ruleset_id)
        return special_name(self._rulesets[ruleset_id], special_id)

    def _draw_bars(self, surface: pygame.Surface, rows: list[tuple[str, Any]], area: pygame.Rect) -> None:
        palette = self.context.palette
        text(surface, _("Hands won"), (area.left, area.top - 26), 17, palette.text_dark, "serif_bold")
        pygame.draw.rect(surface, mix(palette.panel, (0, 0, 0), 0.04), area, border_radius=8)
        shown = rows[:6]
        top = max([st.hands_won for _unused, st in shown] + [1])
        slot = area.width // max(1, len(shown))
        base = area.bottom - 30
        for i, (pid, st) in enumerate(shown):
            height = round((area.height - 60) * st.hands_won / top)
            bar = pygame.Rect(area.left + i * slot + slot // 4, base - height, slot // 2, height)
            colour = palette.east_stake if pid == "human" else palette.accent_dark
            if height:
                pygame.draw.rect(surface, colour, bar, border_top_left_radius=6, border_top_right_radius=6)
            text(surface, format_number(st.hands_won), (bar.centerx, bar.top - 4), 14, palette.text_dark, "bold",
                 "midbottom")
            text(surface, fit_text(self.names.get(pid, pid), slot - 6, 13), (bar.centerx, base + 6), 13,
                 palette.text_dark, "sans", "midtop")
        pygame.draw.line(surface, palette.panel_edge, (area.left + 8, base), (area.right - 8, base), 2)

    def _draw_line(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        palette = self.context.palette
        text(surface, _("Hand scores this game"), (area.left, area.top - 26), 17, palette.text_dark, "serif_bold")
        pygame.draw.rect(surface, mix(palette.panel, (0, 0, 0), 0.04), area, border_radius=8)
        history = list(self.session.match.history) if self.session is not None else []
        if not history:
            text(surface, _("No hand finished in this game yet."), area.center, 15, palette.compass_dark, "sans",
                 "center")
            return
        # The axes' labels sit left of and below the plot, and the points start a little inside it, so the
        # first hand's number never runs into the axis or its labels; the legend has its own line at the bottom.
        plot = pygame.Rect(area.left + 50, area.top + 14, area.width - 66, area.height - 62)
        top = max([max(r.scores) for r in history] + [10])
        pygame.draw.line(surface, palette.panel_edge, plot.bottomleft, plot.bottomright, 2)
        pygame.draw.line(surface, palette.panel_edge, plot.bottomleft, plot.topleft, 2)
        text(surface, format_number(top), (plot.left - 6, plot.top), 12, palette.compass_dark, "sans", "midright")
        text(surface, format_number(0), (plot.left - 6, plot.bottom), 12, palette.compass_dark, "sans", "bottomright")
        text(surface, _("hand"), (plot.left - 6, plot.bottom + 4), 11, palette.compass_dark, "sans", "topright")
        inner = plot.inflate(-28, 0)
        step = inner.width / max(1, len(history) - 1)

        def x_of(i: int) -> float:
            return inner.left + i * step if len(history) > 1 else inner.centerx

        for seat in range(4):
            points = [(x_of(i), plot.bottom - plot.height * r.scores[seat] / top) for i, r in enumerate(history)]
            if len(points) > 1:
                pygame.draw.lines(surface, SERIES[seat], False, points, 3)
            for p in points:
                pygame.draw.circle(surface, SERIES[seat], (round(p[0]), round(p[1])), 4)
        every = max(1, -(-len(history) // 12))
        for i in range(0, len(history), every):
            text(surface, str(history[i].hand_number), (x_of(i), plot.bottom + 4), 11, palette.compass_dark, "sans",
                 "midtop")
        names = self.session.names
        x = area.left + 12
        for seat in range(4):
            pygame.draw.line(surface, SERIES[seat], (x, area.bottom - 14), (x + 18, area.bottom - 14), 3)
            label = fit_text(names[seat], 90, 12)
            r = text(surface, label, (x + 22, area.bottom - 14), 12, palette.text_dark, "sans", "midleft")
            x = r.right + 16
