"""The table's input: mouse hover and clicks, and every key of the original program (see the table's module
docstring), as a mixin of :class:`game.client.scenes.table.TableScene`.

A click, Enter or Space while tiles are moving finishes the movement and does nothing else, so an impatient
click never discards a tile or starts a hand the player has not seen.
"""

from __future__ import annotations

import pygame

from game import timing
from game.client import layout, status
from game.client.messages import WIND_NAMES, shown_name
from game.client.status import status_line
from game.client.widgets import Tooltip
from game.session.notes import Note

CLAIM_KEYS = {pygame.K_m: "mah_jongg", pygame.K_k: "kong", pygame.K_p: "pung", pygame.K_c: "chow"}


class TableInput:
    """Events reaching the table scene when no box is over it."""

    def handle(self, event: pygame.Event) -> None:
        if self.menu is not None and not self.menu.closed:
            self.menu.handle(event)
            if self.menu.closed:
                self._pump()
            return
        if self._prompt_handle(event):
            return
        if event.type == pygame.WINDOWLEAVE:
            self._hover(None)  # the pointer left the window: nothing lies under it
            return
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            for b in self.buttons:
                b.handle(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard_active = False
            if self.animator.busy and event.button == 1:
                self.animator.finish()  # the click only hurries the tiles along (P-31 waits for the next one)
                return
            self._click(event)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)

    def _hover(self, pos: tuple[int, int] | None) -> None:
        """What the pointer is over: the stake tile it lifts and a tooltip naming the thing under it.

        Called again whenever the table changes, so a pointer resting on the stake names the tile that lies
        there now; the status bar keeps the game's messages.
        """
        self.mouse = pos
        self.hover = -1
        self.tooltip = None
        if pos is None:
            return
        self.hover = self.tile_at(pos)
        found = self._hovered_thing(pos)
        if found is not None:
            self.tooltip = Tooltip(*found)

    def shown_tooltip(self) -> Tooltip | None:
        """The tooltip under the pointer: the hovered thing's, else the whole status message when it was cut;
        none while a box or the menu asks something."""
        if self.prompt is not None or (self.menu is not None and not self.menu.closed):
            return None
        if self.tooltip is not None or self.mouse is None:
            return self.tooltip
        self.status.message = status_line(self.session)
        return self.status.tooltip(self.mouse)

    def _hovered_thing(self, pos: tuple[int, int]) -> tuple[str, pygame.Rect] | None:
        """The description of the thing under ``pos`` and where it lies, or None."""
        s = self.session
        wild = s.table.wild_tile
        if self.hover >= 0:
            tiles = self.hand_tiles()
            tile = tiles[self.hover]
            extra = f" — {s.gone_out(tile)} gone out" if s.options.quick_tip else ""
            return f"{shown_name(tile, wild)}{extra}", self.hand_places(tiles)[self.hover].rect()
        rect = self.last_discard_rect()
        if rect is not None and rect.collidepoint(pos) and s.table.last_discard:
            seat, tile = s.table.last_discard
            return f"{shown_name(tile, wild)}, discarded by {s.names[seat]}", rect
        for seat in range(4):
            p = s.table.players[seat]
            for index, tile in enumerate(p.discards):
                place = layout.discard_position(seat, index).rect()
                if place.collidepoint(pos):
                    return f"{shown_name(tile, wild)}, discarded by {s.names[seat]}", place
            melds, flowers = layout.exposed_positions(seat, [len(m.tiles) for m in p.melds], len(p.bonus))
            for meld, places in zip(p.melds, melds, strict=True):
                hit = [pl.rect() for pl in places]
                if any(r.collidepoint(pos) for r in hit):
                    return (f"{s.names[seat]}: {meld.kind.value.title()} of {shown_name(meld.tile, wild)}",
                            hit[0].unionall(hit))
            for tile, place in zip(p.bonus, flowers, strict=True):
                if place.rect().collidepoint(pos):
                    return f"{s.names[seat]}: {shown_name(tile, wild)}", place.rect()
        if layout.COMPASS.collidepoint(pos):
            return (f"Wind of the round: {WIND_NAMES[s.table.round_wind]}. The first East's name is red.",
                    layout.COMPASS)
        return None

    def _click(self, event: pygame.Event) -> None:
        s = self.session
        for b in self.buttons:
            if b.handle(event):
                self._pump()
                return
        rect = self.last_discard_rect()
        on_discard = rect is not None and rect.collidepoint(event.pos)
        if event.button == 3:
            if on_discard or s.human_may_claim:
                s.skip_wait()  # P-34: right click on the discard continues at once
                self._pump()
            else:
                self.open_menu(event.pos)  # P-33 (Q-16: the discard skips, elsewhere the menu)
            return
        if event.button != 1:
            return
        if s.table.phase == "dealt":
            self.start()  # P-31: a click anywhere starts the hand
            return
        index = self.tile_at(event.pos)
        if index >= 0:
            self.cursor = index
            self.discard_index(index)
            return
        if on_discard and s.can_undo:
            self.undo()  # P-30: a click on your own discard takes it back
        elif on_discard:
            self.claim_discard()
            self._pump()

    def _key(self, event: pygame.Event) -> None:
        s = self.session
        key, mod = event.key, event.mod
        count = len(self.hand_tiles())
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -1, pygame.K_DOWN: 1,
                 pygame.K_PAGEUP: -5, pygame.K_PAGEDOWN: 5}
        if s.options.auto_play and key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER, pygame.K_F5):
            s.options.auto_play = False  # P-49: Enter or Space stop Auto Play
            self._toast("Auto Play off")
            return
        if self.animator.busy and key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.animator.finish()
            return
        if key in moves and count:
            self.keyboard_active = True
            self.cursor = max(0, min(count - 1, self.cursor + moves[key]))
        elif key == pygame.K_HOME and count:
            self.keyboard_active, self.cursor = True, 0
        elif key == pygame.K_END and count:
            self.keyboard_active, self.cursor = True, count - 1
        elif pygame.K_1 <= key <= pygame.K_9 and count:
            self.keyboard_active = True
            self.cursor = min(count - 1, key - pygame.K_1)
        elif key in (pygame.K_0, pygame.K_KP0):
            s.skip_wait()
        elif (key == pygame.K_z and mod & pygame.KMOD_CTRL) or key == pygame.K_BACKSPACE:
            self.undo()
        elif (key == pygame.K_F2 and mod & pygame.KMOD_ALT) or (key == pygame.K_o and mod & pygame.KMOD_CTRL):
            self.open_dialog()
        elif (key == pygame.K_F3 and mod & pygame.KMOD_ALT) or (key == pygame.K_s and mod & pygame.KMOD_CTRL):
            self.save_dialog()
        elif key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER) and s.human_to_pass:
            if self.keyboard_active and len(self.pass_pick) < (s.table.pass_step or ("", 0))[1]:
                self._toggle_pass(self.cursor)  # the keyboard chooses the tile under the cursor first
            else:
                self.pass_selected()
        elif key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            if s.table.phase == "dealt":
                self.start()
            elif s.hand_over:
                self.next_hand()
            elif s.human_may_claim and self.chow_pick is None:
                self.claim_discard()
            elif s.can_undo and not s.human_to_discard:
                self.undo()  # P-103: Enter or Space on your own discard takes it back
            elif count:
                self.keyboard_active = True
                self.discard_index(self.cursor)
        elif key in CLAIM_KEYS and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            claim = CLAIM_KEYS[key]
            if claim == "mah_jongg":
                self.mah_jongg()
            elif claim == "kong":
                self.declare_kong()
            elif s.human_may_claim and claim in s.claim_types():
                self.claim(claim)
            else:
                s.refuse_pickup() if s.human_may_claim else None
        elif key == pygame.K_q:
            tip = s.quick_tip()
            if tip is not None and tip in self.hand_tiles():
                self.keyboard_active, self.cursor = True, self.hand_tiles().index(tip)
        elif key == pygame.K_F3 and mod & pygame.KMOD_CTRL:
            self._toggle("timer_bar", "Timer bar")
        elif key == pygame.K_F3:
            self.next_hand()
        elif key == pygame.K_F4 and not mod & pygame.KMOD_ALT:
            if mod & pygame.KMOD_CTRL:
                self._toggle("ask_first", "Ask First")
            else:
                self.start()
        elif key == pygame.K_F5 and mod & pygame.KMOD_CTRL:
            self._toggle("balloons", "Speech balloons")
        elif key == pygame.K_F5:
            s.options.auto_play = True
            self._toast("Auto Play on — press F5, Enter or click to stop")
        elif key == pygame.K_F6:
            self._toggle_show_all()
        elif key == pygame.K_F7:
            self._toggle_movements()
        elif key == pygame.K_F8:
            self._toggle("quick_tip", "QuickTip")
            self.tip_tile = s.quick_tip() if s.options.quick_tip else None
            s.show_quick_tip()
        elif key == pygame.K_F9:
            self._toggle_pause()
        elif key == pygame.K_F11:
            self.show_direction = not self.show_direction
            self.context.settings.movement_direction = self.show_direction
            self.context.save_settings()
            self._toast(f"Tile movement direction {'on' if self.show_direction else 'off'}")
        elif key == pygame.K_F10:
            self._toggle("ask_first", "Ask First")
        elif key == pygame.K_F12:
            self._toggle("balloons", "Speech balloons")
        elif key in (pygame.K_KP_PLUS, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_MINUS, pygame.K_MINUS):
            step = timing.WAIT_TIME_STEP
            self._change_wait_time(step if key in (pygame.K_KP_PLUS, pygame.K_PLUS, pygame.K_EQUALS) else -step)
        elif key == pygame.K_w:
            self.context.open("wall", session=self.session)
        elif key == pygame.K_r and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.show_replays()
        elif key == pygame.K_F1:
            self.context.open("help")
        elif key == pygame.K_F2:
            self.new_game()
        elif key == pygame.K_ESCAPE:
            if self.chow_pick is not None:
                self.chow_pick = None
                s.tell(Note(status.CHOW_CANCELLED))
            else:
                self.context.open("menu", table_scene=self)
        self._pump()
