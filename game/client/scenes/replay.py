"""Replays: step through any finished hand of the game move by move, forward and back, every hand visible.

A hand is rebuilt from what the match recorded (its seed, East, the round wind and the actions) on a fresh
:class:`Table`; stepping back rebuilds it and re-applies one action fewer, so what is shown is always exactly the
engine's state after that move. The table is drawn with the table scene's own drawing functions. E exports the
hand as a replay file in the saves folder (:func:`game.saves.export_hand`).

Keys: ←/→ one move, Home/End the start and the end, Page Up/Down the previous and next hand, Space plays the
moves one after another, E exports, Esc closes.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.client import status
from game.client.look import fit_text, text
from game.client.messages import WIND_NAMES, action_line, by, describe
from game.client.scenes import table_draw as draw
from game.client.scenes.base import Scene
from game.client.widgets import Button, StatusBar, Toast
from game.core import events as ev
from game.core.table import Table
from game.errors import SaveError, error_text
from game.i18n import N_, _

log = logging.getLogger(__name__)

PLAY_STEP = 0.7
"""Seconds between moves while the replay plays by itself."""


def hand_table(session: Any, index: int, moves: int) -> tuple[Table, list[ev.Event]]:
    """Hand ``index`` of the session's match after its first ``moves`` actions, and the events of the last one."""
    record = session.match.history[index]
    # A lesson's hand was dealt from its prepared deal (the match's first hand): the replay deals it the same way.
    prepared = session.match.prepared if record.hand_number == 1 else None
    table = Table(session.rules, session.judge, record.seed, east=record.east, round_wind=record.round_wind,
                  hand_number=record.hand_number, goulash=record.goulash, prepared=prepared)
    last = [] if table.phase == "passing" else table.begin()  # a goulash hand passes tiles before East's first
    for seat, action in record.actions[:moves]:
        if table.phase == "dealt":
            table.begin()
        last = table.apply(seat, action)
    return table, last


def move_line(events: list[ev.Event], names: list[str], wild: int | None = None) -> str:
    """The status line for one move; every tile is named, since all hands are visible in a replay."""
    lines = []
    for event in events:
        # A replay names every draw, as the drawer's own status bar does.
        drawer = event.seat if isinstance(event, ev.TileDrawn | ev.ReplacementDrawn) else -1
        line = describe(event, names, human=drawer, wild=wild)
        if line:
            lines.append(line)
    return " · ".join(lines)


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, context, session: Any, hand: int = 0) -> None:
        super().__init__(context)
        self.session = session
        self.table: Table | None = None
        """The hand as it stands after the move shown."""
        self.totals = [0, 0, 0, 0]
        """Everybody's score before the hand shown."""
        self.last_discard_live = True
        self.status = StatusBar.at_bottom(lambda: context.settings.status_text)
        self.toasts: list[Toast] = []
        self.playing = False
        self.clock = 0.0
        self.hand = -1
        self.move = 0
        self.line = ""
        specs = [("|◀", self.first, _("Home")), ("◀", self.back, "←"), ("▶", self.forward, "→"), ("▶|", self.last,
            _("End")),
                 (_("Play"), self.toggle_play, _("Space")), (_("Export"), self.export, "E"), (_("Close"),
                     self.close, _("Esc"))]
        self.buttons = []
        # Play, Export and Close as wide as their words need (at least 74), right-aligned under the arrows.
        widths = [max(74, Button.width_for(label, 14, 16)) for label, _fn, _key in specs[4:]]
        x = 1272 - sum(widths) - 4 * (len(widths) - 1)
        for i, (label, fn, key) in enumerate(specs):
            if i < 4:
                rect = pygame.Rect(1040 + i * 58, 606, 54, 38)
            else:
                rect = pygame.Rect(x, 650, widths[i - 4], 38)
                x += rect.width + 4
            self.buttons.append(Button(rect, label, fn, key_hint=key, primary=i == len(specs) - 1, size=16))
        self.hand_buttons = [Button(pygame.Rect(20, 650, 110, 32), _("◀ Hand"), lambda: self.select(self.hand - 1),
                                    size=14),
                             Button(pygame.Rect(138, 650, 110, 32), _("Hand ▶"), lambda: self.select(self.hand + 1),
                                    size=14)]
        self.select(hand)

    # -- moving through the hand ------------------------------------------------------------------------------

    @property
    def record(self) -> Any:
        return self.session.match.history[self.hand]

    @property
    def total_moves(self) -> int:
        return len(self.record.actions)

    def select(self, hand: int) -> None:
        """Show hand ``hand`` (0-based) from its start."""
        count = len(self.session.match.history)
        if not count:
            return
        hand = max(0, min(count - 1, hand))
        if hand == self.hand:
            return
        self.hand = hand
        start = self.session.match.rules.start_score
        self.totals = [start + sum(r.deltas[s] for r in self.session.match.history[:hand]) for s in range(4)]
        self.goto(0)

    def goto(self, move: int) -> None:
        self.move = max(0, min(self.total_moves, move))
        table, events = hand_table(self.session, self.hand, self.move)
        self.table = table
        self.last_discard_live = any(isinstance(e, ev.TileDiscarded) for e in events)
        names = self.session.names
        if self.move == 0:
            self.line = by(names[self.record.east],
                           N_("Hand {hand_number}: You are East, the wind of the round is {round_wind}."),
                           N_("Hand {hand_number}: {name} is East, the wind of the round is {round_wind}."),
                           hand_number=self.record.hand_number,
                           round_wind=_(WIND_NAMES[self.record.round_wind]))
        else:
            seat, action = self.record.actions[self.move - 1]
            self.line = move_line(events, names, table.wild_tile) or action_line(action, names[seat], table.wild_tile)
        if self.move == self.total_moves:
            self.playing = False

    def first(self) -> None:
        self.goto(0)

    def back(self) -> None:
        self.goto(self.move - 1)

    def forward(self) -> None:
        self.goto(self.move + 1)

    def last(self) -> None:
        self.goto(self.total_moves)

    def toggle_play(self) -> None:
        if self.move >= self.total_moves:
            self.goto(0)
        self.playing = not self.playing
        self.clock = 0.0

    def close(self) -> None:
        self.context.close(self)

    def export(self) -> None:
        """Write this hand as a replay file in the saves folder; it opens (and replays) like any save."""
        from game.client.scenes.saves import mods_in_use
        from game.saves import SAVE_SUFFIX, export_hand, file_stem, write_save

        folders = self.context.folders
        if folders is None:
            self._toast(_("No saves folder: cannot export"))
            return
        base = self.session.save_name or "game"
        name = _('{base} - hand {hand_number}').format(base=base, hand_number=self.record.hand_number)
        try:
            saved = export_hand(self.session.snapshot(base, mods=mods_in_use(self.context)), self.hand, name)
            path = folders.saves / _('replay {file_stem}{SAVE_SUFFIX}').format(
                    file_stem=file_stem(name), SAVE_SUFFIX=SAVE_SUFFIX)
            write_save(path, saved)
        except (OSError, SaveError) as exc:  # a failed export is reported, the replay goes on
            log.warning("export failed: %s", exc)
            self._toast(_('Export failed: {exc}').format(exc=error_text(exc)))
            return
        self._toast(_('Exported as {name}').format(name=path.name))

    def _toast(self, message: str) -> None:
        self.toasts = [Toast(message, life=2.6)]

    # -- input and time ---------------------------------------------------------------------------------------

    def handle(self, event: pygame.Event) -> None:
        for b in self.buttons + self.hand_buttons:
            if b.handle(event):
                return
        if event.type != pygame.KEYDOWN:
            return
        keys = {pygame.K_LEFT: self.back, pygame.K_RIGHT: self.forward, pygame.K_HOME: self.first,
                pygame.K_END: self.last, pygame.K_SPACE: self.toggle_play, pygame.K_e: self.export,
                pygame.K_ESCAPE: self.close, pygame.K_PAGEUP: lambda: self.select(self.hand - 1),
                pygame.K_PAGEDOWN: lambda: self.select(self.hand + 1)}
        if event.key in keys:
            keys[event.key]()

    def wake_in(self) -> float | None:
        return 0.0 if self.playing or self.toasts else None

    def update(self, dt: float) -> None:
        for t in self.toasts:
            t.age += dt
        self.toasts = [t for t in self.toasts if t.alive]
        if self.playing:
            self.clock += dt
            if self.clock >= PLAY_STEP:
                self.clock = 0.0
                self.forward()

    # -- drawing ----------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        context = self.context
        palette = context.palette
        table = self.table
        assert table is not None
        context.sprites.wild = table.wild_tile
        surface.blit(context.background(), (0, 0))
        # Every hand face up, no cursor and no timer: the table scene's drawing of a replayed table.
        draw.draw_table(surface, draw.TableView(
            table=table, names=self.session.names, totals=self.totals, first_east=self.session.match.first_east,
            palette=palette, sprites=context.sprites, reveal_all=True, last_discard_live=self.last_discard_live))
        self._draw_plate(surface)
        for b in self.buttons:
            b.label = (_("Pause") if self.playing else _("Play")) if b.action == self.toggle_play else b.label
            b.draw(surface, palette)
        for b in self.hand_buttons:
            b.draw(surface, palette)
        self.status.left = status.tiles_left(table.wall.live_count)
        self.status.message = self.line
        self.status.draw(surface, palette)
        for toast in self.toasts:
            image_rect = pygame.Rect(0, 0, 520, 40)
            image_rect.center = (640, 270)
            pygame.draw.rect(surface, (0, 0, 0), image_rect, border_radius=20)
            pygame.draw.rect(surface, palette.accent, image_rect, width=1, border_radius=20)
            text(surface, fit_text(toast.message, 500, 17, "bold"), image_rect.center, 17, palette.text, "bold",
                 "center")

    def _draw_plate(self, surface: pygame.Surface) -> None:
        """Bottom left: which hand and move this is, with a bar of the way through the hand."""
        palette = self.context.palette
        count = len(self.session.match.history)
        text(surface, _("Replay"), (20, 596), 22, palette.accent, "serif_bold", shadow=(0, 0, 0))
        text(surface, _('Hand {hand_number} ({value} of {count})').format(
                hand_number=self.record.hand_number, value=self.hand + 1, count=count), (112, 602), 15,
             palette.text, "bold")
        text(surface, _('Move {move} of {total_moves}').format(
                move=self.move, total_moves=self.total_moves), (20, 626), 14, palette.text_dim, "sans")
        bar = pygame.Rect(140, 631, 110, 8)
        pygame.draw.rect(surface, palette.compass_dark, bar, border_radius=4)
        filled = bar.copy()
        filled.width = round(bar.width * self.move / max(1, self.total_moves))
        if filled.width:
            pygame.draw.rect(surface, palette.accent, filled, border_radius=4)
