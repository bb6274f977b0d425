"""The table: the human plays their hand against three computer players.

Mouse: click a stake tile to discard it; click the discard in the middle to claim it (or your own, to take it
back); right-click the discard to let it go at once, anywhere else for the floating menu (Undo, Pause, ...).
Keyboard: every key of the original program and a few more, in one table (:mod:`.table_keys`), which is also
the F1 Keyboard page: the arrows, Home/End, Page Up/Down and 1–9 move the cursor on the stake; Enter or Space
discards the tile under it, or claims the discard while the claim window is open; 0 lets it go; C, P, K, M claim;
the function keys are the original's.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import pygame

from game import timing
from game.client import layout, status
from game.client.animate import Animator
from game.client.ceremony import Ceremony
from game.client.danger import DangerWatch
from game.client.look import render_text, text, wrap
from game.client.messages import WIND_NAMES, danger_line
from game.client.scenes import table_draw as draw
from game.client.scenes.base import Scene, SceneContext
from game.client.scenes.table_commands import OFFER_BANNER, TableCommands, mah_jongg_offer
from game.client.scenes.table_input import TableInput
from game.client.scenes.table_prompts import Prompt, Prompts
from game.client.tween import Scenery, Step, Tween
from game.client.widgets import Balloon, Button, PopupMenu, StatusBar, Toast, Tooltip, flow
from game.core import events as ev
from game.core.actions import CLAIM_NAMES
from game.core.table import Table
from game.i18n import N_, _
from game.net.remote import RemoteSession
from game.session.driver import HUMAN, Session

BUTTON_AREA = pygame.Rect(1036, 592, 236, 94)
"""Where the table's buttons stand: right of your stake, above the status bar (two rows; a third goes above)."""
BANNER_Y = 548
"""Where a banner or notice stands over the table: below your discards, above your tiles."""
DECLARE_LABELS = {"standing": N_("Standing Hand"), "ready": N_("Ready"), "riichi": N_("Riichi")}
"""The declaration's button (F-15: "Ready" under Require Declaration)."""
TURN_WARNING = 10.0
"""At a network table with a turn timer, the last seconds of the player's move are counted down in a banner."""
_PASS_ARROWS = {1: " →", 2: " ↑", 3: " ←"}
"""A passing step's button points at the seat its tiles go to, by where it sits from yours: right, across, left."""
PULSE_SECONDS = 4.0
"""While the table waits for the player, the glow on whoever is to act pulses this long, then stays lit, and the
window sleeps until the player does something."""


class TableScene(Scene):
    """The table, made of parts: :attr:`commands` (everything the player can do), :attr:`input` (pointer and
    keys, through the key table), :attr:`prompts` (Ask First's boxes) and the drawing (:mod:`.table_draw`, from
    a :class:`~.table_draw.TableView`). The scene holds what they share: the session, the animator, and the
    player's marks on the table (cursor, chosen tiles, pause)."""

    name = "table"

    def __init__(self, context: SceneContext, session: Session) -> None:
        super().__init__(context)
        self.session = session
        self.animator = Animator(session.options.animation_speed, show_dealing=context.settings.show_dealing)
        Ceremony(self.animator)
        self.animator.on_balloon = self._balloon
        self.animator.on_sound = context.resources.play_sound
        self.animator.register(ev.DiscardTakenBack, self._taken_back_steps)
        self.scenery = Scenery(None)
        self.commands = TableCommands(self)
        self.input = TableInput(self, self.commands)
        self.prompts = Prompts(answered=self.pump)
        self.balloons: list[Balloon] = []
        self.toasts: list[Toast] = []
        self.status = StatusBar.at_bottom(lambda: context.settings.status_text)
        self.cursor = 0
        self.hover = -1
        self.mouse: tuple[int, int] | None = None
        """Where the pointer was last seen (None before it moved); what lies under it is named in ``tooltip``."""
        self.tooltip: Tooltip | None = None
        self.keyboard_active = False
        self.chow_pick: list[tuple[int, ...]] | None = None
        self.pass_pick: set[int] = set()
        """Indices of the stake tiles chosen to pass on (Charleston and goulash)."""
        self.chow_first: int | None = None
        self.declaring = False
        """R was pressed: the next discard declares the ruleset's ready hand (its tiles are marked)."""
        self.danger_watch = DangerWatch()
        """Who has shown three sets of one suit this hand (the danger is announced once)."""
        self._told: tuple[list, int] = (session.told, len(session.told))
        """The session's list of what the player was told, and how much of it was looked at for warnings."""
        self.paused = False
        self.covered = False
        """A box (the scores, a question, a menu page) is over the table: its buttons are not drawn beside it,
        since they cannot be pressed until the box is gone."""
        self.scores_shown = False
        self.asked: set[tuple[str, int]] = set()
        """The Ask First questions already put for a table state (by the number of its events)."""
        self.buttons: list[Button] = []
        self.time = 0.0
        self.tip_tiles: tuple[int, ...] = ()
        self.last_discard_live = True
        self.menu: PopupMenu | None = None
        self.show_direction = context.settings.movement_direction
        """F11, the original's "tile movement direction": where an opponent's kept tile goes in its stake, and a
        fading trail behind every moving tile."""
        self.moving_speed = session.options.animation_speed or 1.0
        """The tile speed F7 turns the movements back on at."""
        self.banners_drawn: list[tuple[str, pygame.Rect]] = []
        """The banners and notices of the last frame, with where they stood."""
        self.rest_at: float | None = None
        """When the pulse stops (its next peak after PULSE_SECONDS of waiting); None while play goes on."""

    @property
    def game_table(self) -> Table:
        """The hand on the table (dealt when the scene is entered)."""
        assert self.session.table is not None
        return self.session.table

    @property
    def prompt(self) -> Prompt | None:
        """The Ask First box open over the table, or None."""
        return self.prompts.current

    def handle(self, event: pygame.Event) -> None:
        s = self.session
        if (event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and isinstance(s, RemoteSession)
                and HUMAN in s.away_seats):
            s.come_back()  # the player is at the window again: the seat is theirs, and the key does its job too
        self.input.handle(event)

    # -- lifecycle --------------------------------------------------------------------------------------------

    def enter(self) -> None:
        if self.session.table is None:
            self.session.deal()
        self.scenery.table = self.session.table
        self._caption()
        self.pump()

    def exit(self) -> None:
        """Leaving the table (the title, another game): the game is saved exactly as it stands for Continue."""
        keeper = self.context.keeper
        if keeper is not None:
            keeper.leave(self.session)
        self.session.leave()

    def pause(self) -> None:
        self.covered = True

    def resume(self) -> None:
        self.covered = False
        self.animator.speed = self.session.options.animation_speed
        self.keyboard_active = False
        self._caption()

    def settings_changed(self, key: str) -> None:
        """A change in the Settings box applies to the game in progress at once."""
        settings = self.context.settings
        self.session.options.follow(settings, key)
        if key == "animation_speed":
            self.animator.speed = settings.animation_speed
        elif key == "show_dealing":
            self.animator.show_dealing = settings.show_dealing
        elif key == "movement_direction":
            self.show_direction = settings.movement_direction

    def _caption(self) -> None:
        """P-01: the title bar names the game once it has been saved or opened."""
        self.context.set_caption(self.session.save_name)

    # -- the human's tiles ------------------------------------------------------------------------------------

    def has_drawn(self) -> bool:
        return draw.has_drawn(self.game_table)

    def hand_tiles(self) -> list[int]:
        return draw.hand_tiles(self.game_table)

    def hand_places(self, tiles: list[int]) -> list[layout.Placed]:
        return draw.hand_places(self.game_table, tiles)

    def tile_at(self, pos: tuple[int, int]) -> int:
        """The index of the stake tile under ``pos`` (the rightmost on overlaps), or -1."""
        tiles = self.hand_tiles()
        for i, place in reversed(list(enumerate(self.hand_places(tiles)))):
            r = place.rect()
            r.height += 8
            if r.collidepoint(pos):
                return i
        return -1

    def last_discard_rect(self) -> pygame.Rect | None:
        t = self.game_table
        if t.last_discard is None or t.phase not in ("claims", "turn", "rob"):
            return None
        seat = t.last_discard[0]
        discards = t.players[seat].discards
        if not discards:
            return None
        return layout.discard_position(seat, len(discards) - 1).rect().inflate(16, 16)

    def usable(self) -> set[int] | None:
        """The stake's tiles marked as the ones to choose from: while a chow is picked, the tiles that can make
        it; while a declaration waits for its discard, the tiles that leave the hand ready (where a bluff is
        allowed the others may go too, see :meth:`bluff_allowed`). None when nothing is being chosen."""
        if self.chow_pick is not None:
            return {t for pair in self.chow_pick for t in pair}
        if self.declaring:
            s = self.session
            return {t for t in s.declaration_tiles() if not self.bluff_allowed() or s.ready_discard(t)}
        return None

    def bluff_allowed(self) -> bool:
        """A declaration may go with any discard, really ready or not (Require Declaration, A29)."""
        return self.session.declaration == "ready"

    def record_slots(self) -> None:
        """Remember where the stake's tiles stand, so a discard flies from where it was."""
        tiles = self.hand_tiles()
        for tile, place in zip(tiles, self.hand_places(tiles), strict=True):
            self.scenery.hand_slot[tile] = place.pos

    def _taken_back_steps(self, event: ev.DiscardTakenBack, scenery: Scenery) -> list[Step]:
        """The tile flies from the pond back onto the stake, where it goes in its sorted place."""
        table = self.game_table
        if event.seat != HUMAN:
            return []
        start = layout.discard_position(HUMAN, len(table.players[HUMAN].discards)).pos
        tiles = self.hand_tiles()
        places = self.hand_places(tiles)
        index = tiles.index(event.tile) if event.tile in tiles else len(tiles) - 1
        if not places:
            return []
        hide = ("drawn", HUMAN) if self.has_drawn() and index == len(tiles) - 1 else None
        self.cursor = index
        return [Step([Tween(event.tile, start, places[index].pos, layout.DISCARD_TILE, layout.HAND_TILE, 0.3,
                            hide=hide, lift=30)])]

    def toast(self, message: str, life: float = 1.8) -> None:
        """A short notice over the table ("QuickTip on")."""
        self.toasts = [Toast(message, life)]

    # -- events and time --------------------------------------------------------------------------------------

    def _balloon(self, seat: int, words: str) -> None:
        if not self.session.options.balloons:
            return
        anchor, direction = layout.balloon_anchor(seat)
        big = words == "Mah Jongg!"
        self.balloons = [b for b in self.balloons if b.anchor != anchor]
        life = timing.BIG_BALLOON_LIFE if big else timing.BALLOON_LIFE
        self.balloons.append(Balloon(words, anchor, direction, life=life, big=big))

    def pump(self) -> None:
        """Take in what the session did: its events are animated, a notice it has is shown."""
        if self.session.notice is not None:
            self.toast(status.note_line(self.session.notice, self.session.names), life=6.0)
            self.session.notice = None
        events = self.session.drain()
        if not events:
            return
        for call in self.danger_watch.new_calls(self.session.table):
            events.append(call)  # the caller's balloon and voice come after the set that made it
            if call.seat != HUMAN:
                penalties = getattr(self.session.ruleset, "penalties", None)
                self.toast(danger_line(self.session.names[call.seat], call.suit, penalties), life=6.0)
        self.scenery.table = self.session.table
        self.scenery.show_all = self.session.options.show_all  # the ceremony deals every hand face up then
        self.scenery.direction = self.show_direction
        for event in events:
            if isinstance(event, ev.TileDiscarded):
                self.last_discard_live = True
            elif isinstance(event, ev.TileDrawn | ev.DiscardClaimed | ev.DiscardTakenBack):
                self.last_discard_live = False
        self.animator.feed(events, self.scenery)
        if self.session.options.quick_tip:
            self.tip_tiles = self.session.quick_tip_tiles()
        self.input.hover(self.mouse)

    def _beep_for_refusals(self) -> None:
        """The warning beep (P-174) once for whatever the player was refused since the last look."""
        told = self.session.told
        seen, count = self._told
        new = told[count:] if told is seen else told
        self._told = (told, len(told))
        if any(status.is_warning(item) for item in new):
            self.context.resources.play_sound("warning")

    def quiet(self) -> bool:
        """Nothing moves and nothing will happen until the player acts (a box or the pause holds the game, or
        the session waits for the human with no timer running)."""
        s = self.session
        if self.animator.busy or self.balloons or self.toasts or (s.hand_over and not self.scores_shown):
            return False
        held = self.paused or self.prompt is not None or self.menu is not None or self.chow_pick is not None
        return held or s.at_rest

    def pulse(self) -> float:
        """The glow's strength, 0–1: pulsing while play goes on, steady once the table rests."""
        if self.rest_at is not None and self.time >= self.rest_at:
            return 1.0
        return 0.5 + 0.5 * math.sin(self.time * 3.0)

    def wake_in(self) -> float | None:
        resting = self.rest_at is not None and self.time >= self.rest_at
        return None if resting and self.quiet() else 0.0

    def _settle(self) -> None:
        if not self.quiet():
            self.rest_at = None
        elif self.rest_at is None:
            # The next peak of sin(3t) after the pulse has run its time, so the glow stops at full strength.
            start = self.time + PULSE_SECONDS
            self.rest_at = (math.pi / 2 + 2 * math.pi * math.ceil((3 * start - math.pi / 2) / (2 * math.pi))) / 3

    def update(self, dt: float) -> None:
        self.time += dt
        for b in self.balloons:
            b.age += dt
        self.balloons = [b for b in self.balloons if b.alive]
        for t in self.toasts:
            t.age += dt
        self.toasts = [t for t in self.toasts if t.alive]
        self.animator.update(dt)
        if self.menu is not None and self.menu.closed:
            self.menu = None
        if self.paused:
            self._settle()
            return
        remote = self.session if isinstance(self.session, RemoteSession) else None
        if remote is not None and self.animator.busy and remote.lag > remote.catch_up_after:
            self.animator.finish()  # the server's table has moved on: catch up rather than miss a claim window
        hold = self.animator.busy or self.prompt is not None or self.chow_pick is not None or self.menu is not None
        self.session.update(dt, hold=hold)
        self.pump()
        if remote is not None and remote.catching_up:
            remote.catching_up = False
            self.animator.finish()  # the hand sent again after a reconnect: its table at once, not the whole hand
            self.balloons = []  # ... without every claim of the hand called out at once
        self._beep_for_refusals()
        self.commands.ask_first_checks()
        if self.chow_pick is not None and not self.session.human_may_claim:
            self.chow_pick = None
        if self.declaring and not self.session.declaration_tiles():
            self.declaring = False  # the turn is over (or taken by Auto Play): the declaration waits for R again
        s = self.session
        # The end-of-hand pause (game.timing) has passed; instant animations skip it, except at a network table,
        # whose session also waits for the server's scores (and for its next hand after Next Hand).
        scores_due = s.scores_due or (self.animator.instant and not s.network)
        if s.hand_over and not self.animator.busy and not self.scores_shown and scores_due:
            self.scores_shown = True
            outcome = s.finish_hand()
            self.pump()
            self.context.open("scores", table_scene=self, outcome=outcome)
        self.refresh_buttons()
        self._settle()

    # -- buttons ----------------------------------------------------------------------------------------------

    def refresh_buttons(self) -> None:
        """The buttons right of the stake for the moment: Start!, the claims, Pass, Undo, Next Hand…"""
        s = self.session
        c = self.commands
        table = self.game_table
        specs: list[tuple[str, Any, str, bool]] = []
        if s.human_to_pass and table.pass_step is not None:
            # The arrow points at the stake the tiles go to: the words of the step are on the status bar only
            # until QuickTip or a chosen tile says something newer.
            target = table.pass_target(HUMAN, table.pass_step[0])
            arrow = _PASS_ARROWS.get((target - HUMAN) % 4, "") if target is not None else ""
            specs.append((_('Pass {pass_step}').format(
                    pass_step=table.pass_step[1]) + arrow, c.pass_selected, _("Enter"), True))
        elif table.phase == "dealt":
            if not self.animator.busy and not s.network:  # once the ceremony has been seen to its end; a
                # network table's server starts the hand for everybody
                specs.append((_("Start!"), c.start, "F4", True))
        elif s.hand_over:
            if s.outcome is not None and not s.match.is_over:
                specs.append((_("Next Hand"), c.next_hand, "F3", True))
            specs.append((_("Scores"), c.show_scores, "", False))
        elif s.human_may_claim and self.chow_pick is None:
            for claim in s.claim_types():
                key = {"mah_jongg": "M", "kong": "K", "pung": "P", "chow": "C"}[claim]
                specs.append((_("{claim}!").format(claim=_(CLAIM_NAMES[claim])), partial(c.claim, claim), key, True))
            specs.append((_("Pass"), s.pass_claim, "0", False))
        elif s.can_undo:
            specs.append((_("Undo"), c.undo, _("Ctrl+Z"), False))
        elif s.human_to_discard:
            if s.can_mah_jongg():
                specs.append((_("Mah Jongg!"), c.mah_jongg, "M", True))
            if s.kong_tiles():
                specs.append((_("Kong!"), c.declare_kong, "K", True))
            if self.declaring:
                specs.append((_("Don't Declare"), c.declare_ready, "R", False))
            elif s.declaration_tiles():
                specs.append((DECLARE_LABELS[s.declaration], c.declare_ready, "R", True))
        if [b.label for b in self.buttons] == [spec[0] for spec in specs]:
            return
        self.buttons = [Button(pygame.Rect(0, 0, 0, 0), label, fn, key_hint=key, primary=primary, size=16)
                        for label, fn, key, primary in specs]
        flow(self.buttons, BUTTON_AREA, height=44, gap=6, min_width=100)

    # -- drawing ----------------------------------------------------------------------------------------------

    def view(self) -> draw.TableView:
        """The table as the drawing reads it this frame (the hand in play, the player's marks, the timers)."""
        s = self.session
        table = self.game_table
        options = s.options
        claim_fraction = None
        if s.human_may_claim and s.claim_timer is not None and options.timer_bar and not s.claim_unlimited:
            claim_fraction = s.claim_timer / max(0.01, s.claim_total)
        undo_fraction = None
        if s.can_undo and options.timer_bar and s.undo_timer is not None:
            undo_fraction = s.undo_timer / max(0.01, s.claim_total)
        return draw.TableView(
            table=table, names=s.names, totals=s.match.totals, first_east=s.match.first_east,
            palette=self.context.palette, sprites=self.context.sprites, pulse=self.pulse(),
            reveal_all=options.show_all or table.phase == "over", hidden=self.animator.hidden(),
            ceremony=self.animator.ceremony, cursor=self.cursor, keyboard_active=self.keyboard_active,
            hover=self.hover, usable=self.usable(), others_usable=self.declaring and self.bluff_allowed(),
            pass_pick=self.pass_pick, tip_tiles=self.tip_tiles if options.quick_tip else (),
            last_discard_live=self.last_discard_live, may_claim=s.human_may_claim,
            claim_unlimited=s.claim_unlimited, claim_fraction=claim_fraction, undo_fraction=undo_fraction,
            shadow=self.context.settings.tile_shadow, away=s.away_seats)

    def banner_lines(self) -> list[tuple[str, bool]]:
        """The banners standing over the table now, each with whether it is urgent (drawn strong)."""
        s = self.session
        banners = []
        if isinstance(s, RemoteSession):
            if s.connection_problem:
                banners.append((s.connection_problem, True))
            elif not self.covered:  # under the scores box or a menu they would only peek out at its sides
                if HUMAN in s.away_seats:
                    banners.append((_("You are away: the computer plays for you — click or press a key to take "
                                      "your seat back."), True))
                elif s.turn_timer is not None and s.turn_timer <= TURN_WARNING and s.human_legal():
                    banners.append((_("{seconds} s left for your move: then the table moves for you.").format(
                        seconds=math.ceil(s.turn_timer)), True))
        if self.game_table.phase == "dealt" and not self.animator.busy:
            banners.append((_("Study your tiles — the table starts the hand in a moment") if s.network
                            else _("Study your tiles — click, Enter or F4 to start"), False))
        if s.claim_unlimited and self.prompt is None and self.chow_pick is None:
            banners.append((mah_jongg_offer(s, OFFER_BANNER), True))
        if self.declaring:
            what = _(status.DECLARATION_NAMES[s.declaration])
            banners.append((_("Discard a tile to declare {what} — R: don't declare").format(what=what), False))
        if self.paused:
            banners.append((_("Paused — press any key or click to go on"), False))
        return banners

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        context = self.context
        palette = context.palette
        s = self.session
        table = self.game_table
        context.sprites.wild = table.wild_tile
        surface.blit(context.background(), (0, 0))
        view = self.view()
        draw.draw_table(surface, view)
        self._draw_bottom_left(surface)
        if not self.covered:
            for b in self.buttons:
                b.draw(surface, palette)
        if self.show_direction:
            self._draw_trails(surface, alpha)
        draw.draw_flying(surface, view, self.animator, alpha)
        for balloon in self.balloons:
            balloon.draw(surface, palette)
        dealing = table.phase == "dealt" and self.animator.busy
        self.status.left = _("Dealing…") if dealing else status.tiles_left(table.wall.live_count)
        self.status.message = status.status_line(s)
        self.status.draw(surface, palette)
        # Banners and notices stand between your discards and your tiles, never over the compass.
        self.banners_drawn = []
        banners = self.banner_lines()
        for i, (message, strong) in enumerate(banners):
            self._banner(surface, message, y=BANNER_Y - 46 * i, strong=strong)
        for toast in self.toasts:
            self._banner(surface, toast.message, y=BANNER_Y - 46 * len(banners),
                         alpha=min(1.0, (toast.life - toast.age) / 0.4))
        tooltip = self.shown_tooltip()
        if tooltip is not None:
            tooltip.draw(surface, palette)
        self.prompts.draw(surface, palette)
        if self.menu is not None and not self.menu.closed:
            self.menu.draw(surface, palette)

    def shown_tooltip(self) -> Tooltip | None:
        """The tooltip under the pointer: the hovered thing's, else the whole status message when it was cut;
        none while a box or the menu asks something."""
        if self.prompt is not None or (self.menu is not None and not self.menu.closed):
            return None
        if self.tooltip is not None or self.mouse is None:
            return self.tooltip
        self.status.message = status.status_line(self.session)
        return self.status.tooltip(self.mouse)

    def _draw_trails(self, surface: pygame.Surface, alpha: float) -> None:
        """F11: dots along the path a moving tile has come, fading towards where it started."""
        for tween in self.animator.flying():
            _unused, _unused, p = tween.state(alpha)
            if p <= 0.02:
                continue
            for k in range(1, 13):
                t = k / 13
                q = p * t
                w = tween.size0[0] + (tween.size1[0] - tween.size0[0]) * q
                h = tween.size0[1] + (tween.size1[1] - tween.size0[1]) * q
                px = tween.start[0] + (tween.end[0] - tween.start[0]) * q + w / 2
                py = tween.start[1] + (tween.end[1] - tween.start[1]) * q - tween.lift * 4 * q * (1 - q) + h / 2
                dot = pygame.Surface((12, 12), pygame.SRCALPHA)
                colour = (*self.context.palette.highlight, int(30 + 160 * t))
                pygame.draw.circle(dot, colour, (6, 6), 1 + round(3 * t))
                surface.blit(dot, (round(px) - 6, round(py) - 6))

    def _draw_bottom_left(self, surface: pygame.Surface) -> None:
        """The human's own plate: name, seat wind and a line of option flags."""
        s = self.session
        palette = self.context.palette
        wind = _(WIND_NAMES[self.game_table.seat_wind(HUMAN)])
        colour = palette.red_name if s.match.first_east == HUMAN else palette.text
        text(surface, s.names[HUMAN], (20, 606), 20, colour, "serif_bold", shadow=(0, 0, 0))
        wind_rect = text(surface, wind, (20, 632), 15, palette.text_dim, "sans")
        options = s.options
        flags = [name for on, name in ((s.practice is not None, _("Not counted")), (options.show_all, _("Show All")),
                                       (options.quick_tip, _("QuickTip")),
                                       (options.auto_play, _("Demo") if options.demo else _("Auto Play")),
                                       (not options.ask_first, _("Ask First off")))
                 if on]
        # The flags wrap between names (no-break spaces within one), clear of the stake on their right.
        lines = wrap(" · ".join(flag.replace(" ", "\u00a0") for flag in flags), 224, 13, "bold") if flags else []
        for i, line in enumerate(lines[:2]):
            text(surface, line, (20, 656 + 16 * i), 13, palette.accent, "bold")
        draw.draw_marks(surface, draw.seat_marks(self.game_table.players[HUMAN], danger=False),
                        (wind_rect.right + 10, wind_rect.top - 1), palette)

    def _banner(self, surface: pygame.Surface, message: str, y: int = BANNER_Y, alpha: float = 1.0,
                strong: bool = False) -> None:
        """A line over the table in a rounded band; ``strong`` (a Mah Jongg on offer) in the accent colour."""
        palette = self.context.palette
        image = render_text(message, 20 if strong else 18, palette.text, "bold")
        box = image.get_rect(center=(640, y)).inflate(36, 16)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        fill = (*palette.accent_dark, 235) if strong else (0, 0, 0, 170)
        pygame.draw.rect(panel, fill, panel.get_rect(), border_radius=box.height // 2)
        pygame.draw.rect(panel, (*palette.accent, 200) if not strong else (*palette.highlight, 255), panel.get_rect(),
                         width=1 if not strong else 2, border_radius=box.height // 2)
        panel.blit(image, image.get_rect(center=panel.get_rect().center))
        panel.set_alpha(round(255 * max(0.0, min(1.0, alpha))))
        surface.blit(panel, box)
        self.banners_drawn.append((message, box))
