"""The table: the human plays their hand against three computer players.

Mouse: click a stake tile to discard it; click the discard in the middle to claim it (or your own, to take it
back); right-click the discard to let it go at once, anywhere else for the floating menu (Undo, Pause, ...).
Keyboard: ←/→, Home/End, Page Up/Down and 1–9 move the cursor on the stake; Enter or Space discards the tile
under the cursor, or claims the discard while the claim window is open; 0 lets it go. The original's function
keys: F1 help, F2 new game, Alt+F2 open, F3 next hand, Alt+F3 save, F4 start, F5 auto play, F6 show all hands,
F7 tile movements, F8 QuickTip, F9 pause, F10 Ask First, F11 movement direction, F12 speech balloons, Ctrl+F3
timer bar, keypad +/- wait time; plus Ctrl+Z (or Backspace) undo, Q QuickTip tile, W wall view, R replays,
Esc menu. Claim shortcuts: C chow, P pung, K kong, M Mah Jongg.
"""

from __future__ import annotations

import math

import pygame

from game import timing
from game.client import layout, status
from game.client.animate import Animator
from game.client.ceremony import Ceremony
from game.client.look import mix, render_text, text
from game.client.messages import WIND_NAMES
from game.client.scenes import table_draw as draw
from game.client.scenes.base import Scene
from game.client.scenes.table_commands import TableCommands
from game.client.scenes.table_input import TableInput
from game.client.scenes.table_prompts import Prompt, TablePrompts, mah_jongg_offer
from game.client.tween import Scenery
from game.client.widgets import Balloon, Button, PopupMenu, StatusBar, Toast, Tooltip, draw_timer_bar, flow
from game.core import events as ev
from game.core.actions import CLAIM_NAMES, DeclareKong, MahJongg
from game.core.refusals import NOT_MAH_JONGG, Refusal
from game.core.tiles import JOKER, tile_name
from game.session.driver import HUMAN, Session
from game.session.notes import Note

BUTTON_AREA = pygame.Rect(1036, 604, 236, 82)
"""Where the table's buttons stand: right of your stake, above the status bar (two rows; a third goes above)."""
BANNER_Y = 548
"""Where a banner or notice stands over the table: below your discards, above your tiles."""
PULSE_SECONDS = 4.0
"""While the table waits for the player, the glow on whoever is to act pulses this long, then stays lit, and the
window sleeps until the player does something."""


class TableScene(TableCommands, TablePrompts, TableInput, Scene):
    name = "table"

    def __init__(self, context, session: Session) -> None:
        super().__init__(context)
        self.session = session
        self.animator = Animator(session.options.animation_speed,
                                 show_dealing=context.settings.show_dealing)
        Ceremony(self.animator)
        self.animator.on_balloon = self._balloon
        self.animator.on_sound = context.resources.play_sound
        self.animator.register(ev.DiscardTakenBack, self._taken_back_steps)
        self.scenery = Scenery(None)
        self.balloons: list[Balloon] = []
        self.toasts: list[Toast] = []
        self.status = StatusBar(pygame.Rect(0, layout.LOGICAL[1] - layout.STATUS_H, layout.LOGICAL[0],
                                            layout.STATUS_H))
        self.cursor = 0
        self.hover = -1
        self.mouse: tuple[int, int] | None = None
        """Where the pointer was last seen (None before it moved); what lies under it is named in ``tooltip``."""
        self.tooltip: Tooltip | None = None
        self.keyboard_active = False
        self.prompt: Prompt | None = None
        self.chow_pick: list[tuple[int, ...]] | None = None
        self.pass_pick: set[int] = set()
        """Indices of the stake tiles chosen to pass on (Charleston and goulash)."""
        self.chow_first: int | None = None
        self.paused = False
        self.scores_shown = False
        self.asked: set[tuple[str, int]] = set()
        self.buttons: list[Button] = []
        self.time = 0.0
        self.tip_tile: int | None = None
        self.last_discard_live = True
        self.menu: PopupMenu | None = None
        self.show_direction = context.settings.movement_direction
        """F11, the original's "tile movement direction": a fading trail behind every moving tile."""
        self.moving_speed = session.options.animation_speed or 1.0
        """The tile speed F7 turns the movements back on at."""
        self.banners_drawn: list[tuple[str, pygame.Rect]] = []
        """The banners and notices of the last frame, with where they stood."""
        self.rest_at: float | None = None
        """When the pulse stops (its next peak after PULSE_SECONDS of waiting); None while play goes on."""

    # -- lifecycle --------------------------------------------------------------------------------------------

    def enter(self) -> None:
        if self.session.table is None:
            self.session.deal()
        self.scenery.table = self.session.table
        self._caption()
        self._pump()

    def exit(self) -> None:
        """Leaving the table (the title, another game): the game is saved exactly as it stands for Continue."""
        keeper = self.context.keeper
        if keeper is not None:
            keeper.leave(self.session)

    def resume(self) -> None:
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
        t = self.session.table
        return t.phase == "turn" and t.current == HUMAN and t.drawn_tile is not None

    def hand_tiles(self) -> list[int]:
        t = self.session.table
        return draw.hand_order(t.players[HUMAN].concealed, t.drawn_tile if self.has_drawn() else None)

    def hand_places(self, tiles: list[int]) -> list[layout.Placed]:
        return layout.hand_positions(len(tiles), self.has_drawn())

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
        t = self.session.table
        if t.last_discard is None or t.phase not in ("claims", "turn", "rob"):
            return None
        seat = t.last_discard[0]
        discards = t.players[seat].discards
        if not discards:
            return None
        return layout.discard_position(seat, len(discards) - 1).rect().inflate(16, 16)

    def chow_usable(self) -> set[int]:
        if not self.chow_pick:
            return set()
        return {t for pair in self.chow_pick for t in pair}

    # -- actions ----------------------------------------------------------------------------------------------

    def _record_slots(self) -> None:
        tiles = self.hand_tiles()
        for tile, place in zip(tiles, self.hand_places(tiles), strict=True):
            self.scenery.hand_slot[tile] = place.pos

    def discard_index(self, index: int) -> None:
        tiles = self.hand_tiles()
        if not (0 <= index < len(tiles)):
            return
        tile = tiles[index]
        if self.chow_pick is not None:
            self._pick_chow_tile(tile)
            return
        if self.session.human_to_pass:
            self._toggle_pass(index)
            return
        s = self.session
        if not s.human_to_discard:
            if s.table.phase == "dealt":
                self.start()
            elif s.human_may_claim:
                s.tell(Note(status.CLAIM_HINT))
            else:
                s.tell(Note(status.WAIT_FOR_TURN))
            return
        if s.options.ask_first and s.can_mah_jongg() and ("mj", len(s.table.events)) not in self.asked:
            self._ask_first_checks()  # a winning tile is never discarded unasked, however quick the keys
            if self.prompt is not None:
                return
        me = s.table.players[HUMAN]
        if me.locked and s.table.drawn_tile is not None and tile != s.table.drawn_tile:
            s.tell(Note(status.LOCKED_DISCARD, {"tile": s.table.drawn_tile, "standing": me.standing}))
            return
        prompt = self._declaration_prompt(tile)
        if s.options.ask_first and prompt and ("standing", len(s.table.events)) not in self.asked:
            self.asked.add(("standing", len(s.table.events)))
            title, question, yes = prompt
            self._ask(title, question, [(yes, lambda: self._discard(tile, True)),
                                        ("Just discard", lambda: self._discard(tile))])
            return
        self._discard(tile)

    def _declaration_prompt(self, tile: int) -> tuple[str, str, str] | None:
        """The question to ask before discarding ``tile`` when it may come with a declaration, in the words of
        the ruleset's ready rule; None when there is nothing worth asking (a ready declaration is only offered
        when the hand would really be ready, though the rules would allow a bluff)."""
        s = self.session
        if not s.standing_possible(tile):
            return None
        rule = s.table.rules.ready_rule
        name = tile_name(tile)
        if rule == "none":
            return ("Standing Hand", f"Discard {name} and call a Standing Hand? You will need one tile to go Mah "
                    "Jongg and may not change your hand.", "Call it")
        if not s.ready_discard(tile):
            return None
        if rule == "riichi":
            return ("Riichi", f"Discard {name} and declare Riichi? Your hand is locked, you pay the deposit to "
                    "the winner, and you must go out on the first tile that completes it.", "Riichi!")
        return ("Ready Hand", f"Discard {name} and declare a ready hand? You may only go out after declaring.",
                "Declare")

    def _toggle_pass(self, index: int) -> None:
        """Choose or unchoose a tile to pass on; a joker never goes."""
        s = self.session
        step = s.table.pass_step
        if step is None:
            return
        direction, count = step
        if self.hand_tiles()[index] == JOKER:
            s.tell(Note(status.NO_PASSING_JOKER, {"wild": s.table.wild_tile is not None}))
            return
        if index in self.pass_pick:
            self.pass_pick.discard(index)
        elif len(self.pass_pick) < count:
            self.pass_pick.add(index)
        s.tell(Note(status.PASS_CHOSEN, {"count": count, "chosen": len(self.pass_pick), "direction": direction}))

    def pass_selected(self) -> None:
        s = self.session
        step = s.table.pass_step
        if step is None or not s.human_to_pass:
            return
        tiles = self.hand_tiles()
        if len(self.pass_pick) != step[1]:
            s.tell(Note(status.PASS_COUNT, {"count": step[1], "chosen": len(self.pass_pick)}))
            return
        if s.pass_tiles([tiles[i] for i in sorted(self.pass_pick)]):
            self.pass_pick.clear()
        self._pump()

    def _discard(self, tile: int, standing: bool = False) -> None:
        self._record_slots()
        if self.session.discard(tile, standing):
            self.cursor = min(self.cursor, max(0, len(self.hand_tiles()) - 1))
            self.last_discard_live = True
        self._pump()

    def start(self) -> None:
        if self.session.table.phase == "dealt":
            self.animator.finish()
            self.session.start()
            self._pump()

    def claim_discard(self) -> None:
        """A click or Enter on the discard in the middle (P-29)."""
        s = self.session
        if not s.human_may_claim:
            s.refuse_pickup()
            return
        types = s.claim_types()
        if not types:
            s.refuse_pickup()
            return
        if len(types) > 1 and s.options.ask_first:
            name = tile_name(s.table.last_discard[1]) if s.table.last_discard else "Kong"
            self._ask(name, "Claim the tile for:", [(CLAIM_NAMES[t], lambda t=t: self.claim(t)) for t in types],
                      cancel=("Pass", s.pass_claim))
            return
        self.claim(types[0])

    def claim(self, claim_type: str) -> None:
        s = self.session
        if claim_type == "chow":
            chows = [tuple(sorted(c.tiles)) for c in s.claim_options() if c.type == "chow"]
            if len(chows) > 1 and s.options.ask_first:
                self.chow_pick = chows
                self.chow_first = None
                s.tell(Note(status.CHOW_PICK, {"tile": s.table.last_discard[1]}))
                return
        s.claim(claim_type)
        self._pump()

    def _pick_chow_tile(self, tile: int) -> None:
        s = self.session
        left = [c for c in self.chow_pick or [] if tile in c]
        if not left:
            s.tell(Note(status.CHOW_MISMATCH, {"tile": tile, "claimed": s.table.last_discard[1]}))
            return
        if len(left) == 1:
            self.chow_pick = None
            s.claim("chow", left[0])
            self._pump()
            return
        self.chow_pick = left
        self.chow_first = tile
        claimed = s.table.last_discard[1]
        others = sorted({t for c in left for t in c if t != tile})
        low, high = sorted((tile, claimed))
        s.tell(Note(status.CHOW_COMPLETE, {"low": low, "high": high, "others": others, "claimed": claimed}))

    def declare_kong(self) -> None:
        s = self.session
        tiles = s.kong_tiles()
        if not tiles:
            if s.human_may_claim and "kong" in s.claim_types():
                self.claim("kong")
            else:
                s.tell(Note(status.NO_KONG))
            return
        if len(tiles) == 1:
            self._do(lambda: s.act(DeclareKong(tiles[0])))
            return
        self._ask("Kong!", "Which Kong do you expose?",
                  [(tile_name(t), lambda t=t: self._do(lambda: s.act(DeclareKong(t)))) for t in tiles],
                  cancel=("Not now", lambda: None))

    def mah_jongg(self) -> None:
        s = self.session
        if s.human_may_claim and "mah_jongg" in s.claim_types():
            self.claim("mah_jongg")
        elif s.can_mah_jongg():
            self._do(lambda: s.act(MahJongg()))
        elif s.may_declare_faulty():
            declare = (lambda: s.claim("mah_jongg")) if s.human_may_claim else (lambda: s.act(MahJongg()))
            self._ask("Mah Jongg?", "Your hand is not a complete Mah Jongg hand. Declaring it anyway is a faulty "
                                    "declaration: the hand ends and you pay the penalty.",
                      [("Declare", declare)], cancel=("Cancel", lambda: None))
        else:
            s.tell(Refusal(NOT_MAH_JONGG))

    def _do(self, fn) -> None:
        fn()
        self._pump()

    def show_scores(self) -> None:
        """The Scores button after a hand: the scores box again."""
        if self.session.outcome is not None:
            self.context.open("scores", table_scene=self, outcome=self.session.outcome)

    def next_hand(self) -> None:
        s = self.session
        if not s.hand_over:
            return
        if s.outcome is None:
            s.finish_hand()
        if s.match.is_over:
            self.context.open("scores", table_scene=self, outcome=s.outcome)
            return
        self.animator.finish()
        self.balloons.clear()
        self.scores_shown = False
        self.asked.clear()
        s.deal()
        self.scenery.table = s.table
        self.cursor = 0
        self._pump()

    # -- events and time --------------------------------------------------------------------------------------

    def _balloon(self, seat: int, words: str) -> None:
        if not self.session.options.balloons:
            return
        anchor, direction = layout.balloon_anchor(seat)
        big = words == "Mah Jongg!"
        self.balloons = [b for b in self.balloons if b.anchor != anchor]
        life = timing.BIG_BALLOON_LIFE if big else timing.BALLOON_LIFE
        self.balloons.append(Balloon(words, anchor, direction, life=life, big=big))

    def _pump(self) -> None:
        if self.session.notice is not None:
            self._toast(status.note_line(self.session.notice, self.session.names), life=6.0)
            self.session.notice = None
        events = self.session.drain()
        if not events:
            return
        self.scenery.table = self.session.table
        self.scenery.show_all = self.session.options.show_all
        for event in events:
            if isinstance(event, ev.TileDiscarded):
                self.last_discard_live = True
            elif isinstance(event, ev.TileDrawn | ev.DiscardClaimed | ev.DiscardTakenBack):
                self.last_discard_live = False
        self.animator.feed(events, self.scenery)
        if self.session.options.quick_tip:
            self.tip_tile = self.session.quick_tip()
        self._hover(self.mouse)

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
        hold = self.animator.busy or self.prompt is not None or self.chow_pick is not None or self.menu is not None
        self.session.update(dt, hold=hold)
        self._pump()
        self._ask_first_checks()
        if self.chow_pick is not None and not self.session.human_may_claim:
            self.chow_pick = None
        s = self.session
        scores_due = s.scores_due or self.animator.instant  # the end-of-hand pause (game.timing) has passed
        if s.hand_over and not self.animator.busy and not self.scores_shown and scores_due:
            self.scores_shown = True
            outcome = s.finish_hand()
            self._pump()
            self.context.open("scores", table_scene=self, outcome=outcome)
        self._refresh_buttons()
        self._settle()

    # -- buttons ----------------------------------------------------------------------------------------------

    def _refresh_buttons(self) -> None:
        s = self.session
        specs: list[tuple[str, object, str, bool]] = []
        if s.human_to_pass and s.table.pass_step is not None:
            specs.append((f"Pass {s.table.pass_step[1]}", self.pass_selected, "Enter", True))
        elif s.table.phase == "dealt":
            if not self.animator.busy:  # the hand can start once the ceremony has been seen to its end
                specs.append(("Start!", self.start, "F4", True))
        elif s.hand_over:
            if s.outcome is not None and not s.match.is_over:
                specs.append(("Next Hand", self.next_hand, "F3", True))
            specs.append(("Scores", self.show_scores, "", False))
        elif s.human_may_claim and self.chow_pick is None:
            for t in s.claim_types():
                key = {"mah_jongg": "M", "kong": "K", "pung": "P", "chow": "C"}[t]
                specs.append((CLAIM_NAMES[t] + "!", lambda t=t: self.claim(t), key, True))
            specs.append(("Pass", s.pass_claim, "0", False))
        elif s.can_undo:
            specs.append(("Undo", self.undo, "Ctrl+Z", False))
        elif s.human_to_discard:
            if s.can_mah_jongg():
                specs.append(("Mah Jongg!", self.mah_jongg, "M", True))
            if s.kong_tiles():
                specs.append(("Kong!", self.declare_kong, "K", True))
        if [b.label for b in self.buttons] == [spec[0] for spec in specs]:
            return
        self.buttons = [Button(pygame.Rect(0, 0, 0, 0), label, fn, key_hint=key, primary=primary, size=16)
                        for label, fn, key, primary in specs]
        flow(self.buttons, BUTTON_AREA, height=38, gap=6, min_width=100)

    # -- drawing ----------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        context = self.context
        palette = context.palette
        s = self.session
        table = s.table
        context.sprites.wild = table.wild_tile
        surface.blit(context.background(), (0, 0))
        draw.draw_inlay(surface, palette)
        pulse = self.pulse()
        hidden = self.animator.hidden()
        current = table.current if table.phase == "turn" else None
        reveal_all = s.options.show_all or table.phase == "over"
        for seat in range(4):
            draw.draw_stake(surface, seat, table.seat_wind(seat), seat == current, palette, pulse)
        for seat in (1, 2, 3):
            draw.draw_opponent_hand(surface, self, seat, hidden, reveal_all)
            draw.draw_melds(surface, self, seat, hidden)
        draw.draw_melds(surface, self, HUMAN, hidden)
        draw.draw_compass(surface, self, pulse)
        self._draw_undo_bar(surface)
        draw.draw_ponds(surface, self, hidden, pulse)
        draw.draw_name_plates(surface, self)
        draw.draw_human_hand(surface, self, hidden)
        self._draw_bottom_left(surface)
        for b in self.buttons:
            b.draw(surface, palette)
        if self.show_direction:
            self._draw_trails(surface, alpha)
        draw.draw_flying(surface, self, alpha)
        for balloon in self.balloons:
            balloon.draw(surface, palette)
        dealing = table.phase == "dealt" and self.animator.busy
        self.status.left = "Dealing…" if dealing else f"{table.wall.live_count} Tiles left"
        self.status.message = status.status_line(s)
        self.status.draw(surface, palette)
        # Banners and notices stand between your discards and your tiles, never over the compass.
        self.banners_drawn = []
        banners = []
        if table.phase == "dealt" and not self.animator.busy:
            banners.append(("Study your tiles — click, Enter or F4 to start", False))
        if s.claim_unlimited and self.prompt is None and self.chow_pick is None:
            banners.append((f"Mah Jongg! {mah_jongg_offer(s)} completes your hand — M to go out, 0 to pass", True))
        if self.paused:
            banners.append(("Paused — F9 to continue", False))
        for i, (message, strong) in enumerate(banners):
            self._banner(surface, message, y=BANNER_Y - 46 * i, strong=strong)
        for toast in self.toasts:
            self._banner(surface, toast.message, y=BANNER_Y - 46 * len(banners),
                         alpha=min(1.0, (toast.life - toast.age) / 0.4))
        tooltip = self.shown_tooltip()
        if tooltip is not None:
            tooltip.draw(surface, palette)
        if self.prompt is not None:
            self._draw_prompt(surface)
        if self.menu is not None and not self.menu.closed:
            self.menu.draw(surface, palette)

    def _draw_undo_bar(self, surface: pygame.Surface) -> None:
        """While your discard may be taken back, the compass's timer bar runs for it too (P-13)."""
        s = self.session
        if not s.can_undo or not s.options.timer_bar:
            return
        inner = layout.COMPASS.inflate(-96, -96)
        bar = pygame.Rect(inner.left + 8, inner.bottom - 18, inner.width - 16, 10)
        pygame.draw.rect(surface, mix(self.context.palette.compass, (0, 0, 0), 0.12), bar.inflate(4, 10))
        draw_timer_bar(surface, bar, s.undo_timer / max(0.01, s.claim_total), self.context.palette)

    def _draw_trails(self, surface: pygame.Surface, alpha: float) -> None:
        """F11: dots along the path a moving tile has come, fading towards where it started."""
        for tween in self.animator.flying():
            _, _, p = tween.state(alpha)
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
                pygame.draw.circle(dot, (*self.context.palette.highlight, int(30 + 160 * t)), (6, 6), 1 + round(3 * t))
                surface.blit(dot, (round(px) - 6, round(py) - 6))

    def _draw_bottom_left(self, surface: pygame.Surface) -> None:
        """The human's own plate: name, seat wind and a line of option flags."""
        s = self.session
        palette = self.context.palette
        wind = WIND_NAMES[s.table.seat_wind(HUMAN)]
        colour = palette.red_name if s.match.first_east == HUMAN else palette.text
        text(surface, s.names[HUMAN], (20, 606), 20, colour, "serif_bold", shadow=(0, 0, 0))
        text(surface, wind, (20, 632), 15, palette.text_dim, "sans")
        flags = [name for on, name in ((s.options.show_all, "Show All"), (s.options.quick_tip, "QuickTip"),
                                       (s.options.auto_play, "Auto Play"), (not s.options.ask_first, "Ask First off"))
                 if on]
        if flags:
            text(surface, " · ".join(flags), (20, 656), 13, palette.accent, "bold")
        me = s.table.players[HUMAN]
        if me.ready:
            label = "Standing Hand" if me.standing else ("Riichi" if me.riichi else "Ready Hand declared")
            text(surface, label, (20, 672), 13, palette.accent, "bold")

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
