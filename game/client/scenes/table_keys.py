"""Every key of the table, in one table: which command a key (with Ctrl or Alt, or with any modifiers) gives, and
how the F1 key list shows it.

A :class:`KeyRow` is one line of the F1 Keyboard page: its key caps, what they do, and the chords behind them
(key, modifiers, command, argument). :data:`KEYMAP` is built from the rows, so the keys the table answers to and
the keys the help page lists cannot drift apart. Commands are the names of
:class:`~game.client.scenes.table_commands.TableCommands` methods.

To add a key: add a chord to the row it belongs to (or a new row), naming the command and its argument.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import N_, _

ANY: int | None = None
"""A chord's modifiers: any (Shift, Ctrl, Alt or none), unless a chord for the same key names the exact ones."""
NONE, CTRL, ALT = 0, pygame.KMOD_CTRL, pygame.KMOD_ALT

Chord = tuple[int, int | None, str, Any]
"""(key, modifiers, command, argument)."""


@dataclass(frozen=True)
class KeyRow:
    """One line of the F1 key list: the key caps (separated by two spaces), what they do, and their chords."""

    caps: str
    does: str
    chords: tuple[Chord, ...]


ENTER_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
"""Enter and Space: discard, claim, start, next hand, or take back, whatever the moment asks."""

TABLE_KEYS: tuple[tuple[KeyRow, ...], ...] = (
    (KeyRow("←  →  ↑  ↓", N_("one tile along your stake"),
            ((pygame.K_LEFT, ANY, "move_cursor", -1), (pygame.K_RIGHT, ANY, "move_cursor", 1),
             (pygame.K_UP, ANY, "move_cursor", -1), (pygame.K_DOWN, ANY, "move_cursor", 1))),
     KeyRow(N_("PgUp  PgDn"), N_("five tiles along"),
            ((pygame.K_PAGEUP, ANY, "move_cursor", -5), (pygame.K_PAGEDOWN, ANY, "move_cursor", 5))),
     KeyRow(N_("Home  End  1–9"), N_("first, last, 1st to 9th tile"),
            ((pygame.K_HOME, ANY, "cursor_to", 0), (pygame.K_END, ANY, "cursor_to", -1),
             *((pygame.K_1 + i, ANY, "cursor_to", i) for i in range(9)))),
     KeyRow(N_("Enter  Space"), N_("discard, claim, or take back"), tuple((k, ANY, "enter", None) for k in ENTER_KEYS)),
     KeyRow("0", N_("let the discard go at once"), ((pygame.K_0, ANY, "skip", None), (pygame.K_KP0, ANY, "skip",
         None))),
     KeyRow("C  P  K  M", N_("Chow, Pung, Kong, Mah Jongg"),
            ((pygame.K_c, NONE, "claim_key", "chow"), (pygame.K_p, NONE, "claim_key", "pung"),
             (pygame.K_k, NONE, "claim_key", "kong"), (pygame.K_m, NONE, "claim_key", "mah_jongg"))),
     KeyRow(N_("Ctrl+Z  Backspace"), N_("undo: take back your discard"),
            ((pygame.K_z, CTRL, "undo", None), (pygame.K_BACKSPACE, ANY, "undo", None))),
     KeyRow("Q", N_("cursor to the QuickTip tile (passing: choose its tiles)"),
            ((pygame.K_q, ANY, "cursor_to_tip", None),)),
     KeyRow("Y", N_("why? the reasons behind the moves"), ((pygame.K_y, ANY, "show_why", None),)),
     KeyRow(N_("Keypad +  −"), N_("wait time up or down"),
            ((pygame.K_KP_PLUS, ANY, "change_wait_time", 1), (pygame.K_PLUS, ANY, "change_wait_time", 1),
             (pygame.K_EQUALS, ANY, "change_wait_time", 1), (pygame.K_KP_MINUS, ANY, "change_wait_time", -1),
             (pygame.K_MINUS, ANY, "change_wait_time", -1))),
     KeyRow(N_("Ctrl+Keypad +  −"), N_("tile speed up or down"),
            ((pygame.K_KP_PLUS, CTRL, "change_tile_speed", 1), (pygame.K_KP_MINUS, CTRL, "change_tile_speed", -1))),
     KeyRow(N_("Ctrl+Alt+Keypad +  −"), N_("status text larger or smaller"),
            ((pygame.K_KP_PLUS, CTRL | ALT, "status_text", 1), (pygame.K_EQUALS, CTRL | ALT, "status_text", 1),
             (pygame.K_KP_MINUS, CTRL | ALT, "status_text", -1), (pygame.K_MINUS, CTRL | ALT, "status_text", -1))),
     KeyRow(N_("Ctrl+F3"), N_("timer bar on or off"), ((pygame.K_F3, CTRL, "toggle", ("timer_bar", N_("Timer bar"))),)),
     KeyRow("W", N_("the wall"), ((pygame.K_w, ANY, "show_wall", None),)),
     KeyRow(N_("R  Ctrl+R"), N_("declare a ready hand"),
            ((pygame.K_r, NONE, "declare_ready", None), (pygame.K_r, CTRL, "declare_ready", None))),
     KeyRow(N_("Alt+R"), "replays", ((pygame.K_r, ALT, "show_replays", None),)),
     KeyRow(N_("Esc"), "menu", ((pygame.K_ESCAPE, ANY, "escape", None),)),
     KeyRow(N_("Alt+Enter"), N_("full screen"), ())),
    (KeyRow("F1", "help", ((pygame.K_F1, ANY, "show_help", None),)),
     KeyRow("F2", N_("new game"), ((pygame.K_F2, ANY, "new_game", None),)),
     KeyRow(N_("Alt+F2  Ctrl+O"), N_("open a game"),
            ((pygame.K_F2, ALT, "open_dialog", None), (pygame.K_o, CTRL, "open_dialog", None))),
     KeyRow("F3", N_("next hand"), ((pygame.K_F3, ANY, "next_hand", None),)),
     KeyRow(N_("Alt+F3  Ctrl+S"), N_("save the game"),
            ((pygame.K_F3, ALT, "save_dialog", None), (pygame.K_s, CTRL, "save_dialog", None))),
     KeyRow("F4", N_("start the hand, or start it again"), ((pygame.K_F4, ANY, "start_or_restart", None),)),
     KeyRow("F5", N_("auto play"), ((pygame.K_F5, ANY, "auto_play", None),)),
     KeyRow(N_("Alt+F5"), N_("demo: auto play through the scores"), ((pygame.K_F5, ALT, "demo", None),)),
     KeyRow("F6", N_("show all hands (no settlement)"), ((pygame.K_F6, ANY, "toggle_show_all", None),)),
     KeyRow("F7", N_("tile movements"), ((pygame.K_F7, ANY, "toggle_movements", None),)),
     KeyRow("F8", N_("QuickTip"), ((pygame.K_F8, ANY, "toggle_quick_tip", None),)),
     KeyRow("F9", "pause", ((pygame.K_F9, ANY, "toggle_pause", None),)),
     KeyRow(N_("F10  Ctrl+F4"), N_("Ask First"), ((pygame.K_F10, ANY, "toggle", ("ask_first", N_("Ask First"))),
                                          (pygame.K_F4, CTRL, "toggle", ("ask_first", N_("Ask First"))))),
     KeyRow("F11", N_("tile movement direction"), ((pygame.K_F11, ANY, "toggle_direction", None),)),
     KeyRow(N_("F12  Ctrl+F5"), N_("speech balloons"), ((pygame.K_F12, ANY, "toggle", ("balloons", N_("Speech "
                                                                                                      "balloons"))),
                                                (pygame.K_F5, CTRL, "toggle", ("balloons", N_("Speech balloons"))))),
     KeyRow(N_("Alt+F4"), "quit", ())),
)
"""The table's keys in the F1 key list's two columns; rows without chords are the window's keys (the App's)."""


def _keymap(columns: tuple[tuple[KeyRow, ...], ...]) -> dict[tuple[int, int | None], tuple[str, Any]]:
    keymap: dict[tuple[int, int | None], tuple[str, Any]] = {}
    for column in columns:
        for row in column:
            for key, mods, command, argument in row.chords:
                if (key, mods) in keymap:
                    raise ValueError(_('key {name!r} with modifiers {mods} is bound twice').format(
                            name=pygame.key.name(key), mods=mods))
                keymap[(key, mods)] = (command, argument)
    return keymap


KEYMAP: Mapping[tuple[int, int | None], tuple[str, Any]] = _keymap(TABLE_KEYS)
"""``{(key, modifiers): (command, argument)}``, modifiers ``None`` for any."""


def chord_mods(mod: int) -> int:
    """An event's modifiers as the key table names them: Ctrl and Alt (left or right), nothing else."""
    return (CTRL if mod & pygame.KMOD_CTRL else 0) | (ALT if mod & pygame.KMOD_ALT else 0)


def command_for(key: int, mod: int) -> tuple[str, Any] | None:
    """The command (and its argument) ``key`` gives with modifiers ``mod``: a chord naming exactly these
    modifiers first, else one for any; None when the key does nothing at the table."""
    return KEYMAP.get((key, chord_mods(mod))) or KEYMAP.get((key, ANY))
