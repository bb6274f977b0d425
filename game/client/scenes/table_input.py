"""The table's input: mouse hover and clicks, and every key of the original program through the key table
(:mod:`.table_keys`).

A click, Enter or Space while tiles are moving finishes the movement and does nothing else, so an impatient
click never discards a tile or starts a hand the player has not seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import layout
from game.client.messages import MELD_WORDS, WIND_NAMES, discarded_by, shown_name
from game.client.scenes.table_keys import ENTER_KEYS, command_for
from game.client.widgets import Tooltip
from game.i18n import _

if TYPE_CHECKING:
    from game.client.scenes.table_commands import TableCommands
    from game.client.scenes.table_state import SharedTable


AWAY_EVENTS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED)
"""The window lost the keyboard or was minimised: play pauses (F-55, S-11)."""
MODIFIER_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
                 pygame.K_LMETA, pygame.K_RMETA, pygame.K_LGUI, pygame.K_RGUI, pygame.K_MODE)
"""Keys that do not end a pause on their own (Alt+Tab back to the window must leave "Paused" showing)."""


class TableInput:
    """Events reaching the table scene: the menu and an open prompt first, then the pointer and the keys."""

    def __init__(self, table: SharedTable, commands: TableCommands) -> None:
        self.table = table
        self.commands = commands

    def handle(self, event: pygame.Event) -> None:
        t = self.table
        if event.type in AWAY_EVENTS:
            self.commands.pause(away=True)  # F-55, S-11: nothing happens at the table while the player is away
            return
        if t.menu is not None and not t.menu.closed:
            t.menu.handle(event)
            if t.menu.closed:
                t.pump()
            return
        if t.paused and ((event.type == pygame.KEYDOWN and event.key not in MODIFIER_KEYS)
                         or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)):
            self.commands.toggle_pause()  # any key or click goes on, and does nothing else
            return
        if t.prompts.handle(event):
            return
        if event.type == pygame.WINDOWLEAVE:
            self.hover(None)  # the pointer left the window: nothing lies under it
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
            for b in t.buttons:
                b.handle(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            t.keyboard_active = False
            if t.session.options.auto_play and event.button == 1:
                self.commands.stop_auto_play()  # P-32: a left click stops Auto Play, and does nothing else
                return
            if t.animator.busy and event.button == 1:
                t.animator.finish()  # the click only hurries the tiles along (P-31 waits for the next one)
                return
            self._click(event)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)

    def hover(self, pos: tuple[int, int] | None) -> None:
        """What the pointer is over: the stake tile it lifts and a tooltip naming the thing under it.

        Called again whenever the table changes, so a pointer resting on the stake names the tile that lies
        there now; the status bar keeps the game's messages.
        """
        t = self.table
        t.mouse = pos
        t.hover = -1
        t.tooltip = None
        if pos is None:
            return
        t.hover = t.tile_at(pos)
        found = self._hovered_thing(pos)
        if found is not None:
            t.tooltip = Tooltip(*found)

    def _hovered_thing(self, pos: tuple[int, int]) -> tuple[str, pygame.Rect] | None:
        """The description of the thing under ``pos`` and where it lies, or None."""
        t = self.table
        s = t.session
        table = t.game_table
        wild = table.wild_tile
        if t.hover >= 0:
            tiles = t.hand_tiles()
            tile = tiles[t.hover]
            extra = _(' — {gone_out} gone out').format(gone_out=s.gone_out(tile)) if s.options.quick_tip else ""
            return f"{shown_name(tile, wild)}{extra}", t.hand_places(tiles)[t.hover].rect()
        rect = t.last_discard_rect()
        if rect is not None and rect.collidepoint(pos) and table.last_discard:
            seat, tile = table.last_discard
            return discarded_by(s.names[seat], shown_name(tile, wild)), rect
        for seat in range(4):
            p = table.players[seat]
            for index, tile in enumerate(p.discards):
                spot = layout.discard_position(seat, index).rect()
                if spot.collidepoint(pos):
                    return discarded_by(s.names[seat], shown_name(tile, wild)), spot
            melds, flowers = layout.exposed_positions(seat, [len(m.tiles) for m in p.melds], len(p.bonus))
            for meld, places in zip(p.melds, melds, strict=True):
                hit = [pl.rect() for pl in places]
                if any(r.collidepoint(pos) for r in hit):
                    return (_(MELD_WORDS[meld.kind]).format(name=s.names[seat], tile=shown_name(meld.tile, wild)),
                            hit[0].unionall(hit))
            for tile, place in zip(p.bonus, flowers, strict=True):
                if place.rect().collidepoint(pos):
                    return f"{s.names[seat]}: {shown_name(tile, wild)}", place.rect()
        if layout.COMPASS.collidepoint(pos):
            return (_("Wind of the round: {WIND_NAMES}. The first East's name is red.").format(
                    WIND_NAMES=_(WIND_NAMES[table.round_wind])),
                    layout.COMPASS)
        return None

    def _click(self, event: pygame.Event) -> None:
        t = self.table
        s = t.session
        commands = self.commands
        for b in t.buttons:
            if b.handle(event):
                t.pump()
                return
        rect = t.last_discard_rect()
        on_discard = rect is not None and rect.collidepoint(event.pos)
        if event.button == 3:
            if on_discard or s.human_may_claim:
                s.skip_wait()  # P-34: right click on the discard continues at once
                t.pump()
            else:
                commands.open_menu(event.pos)  # P-33 (Q-16: the discard skips, elsewhere the menu)
            return
        if event.button != 1:
            return
        if t.game_table.phase == "dealt":
            commands.start()  # P-31: a click anywhere starts the hand
            return
        index = t.tile_at(event.pos)
        if index >= 0:
            t.cursor = index
            commands.discard_index(index)
            return
        if on_discard and s.can_undo:
            commands.undo()  # P-30: a click on your own discard takes it back
        elif on_discard:
            commands.claim_discard()
            t.pump()

    def _key(self, event: pygame.Event) -> None:
        t = self.table
        s = t.session
        key = event.key
        if s.options.auto_play and (key in ENTER_KEYS or (key == pygame.K_F5 and not event.mod & pygame.KMOD_ALT)):
            self.commands.stop_auto_play()  # P-49: Enter or Space stop Auto Play
            return
        if t.animator.busy and key in ENTER_KEYS:
            t.animator.finish()
            return
        found = command_for(key, event.mod)
        if found is not None:
            self.commands.run(*found)
        t.pump()
