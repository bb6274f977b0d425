"""The table's key table: every chord names a command the table has, the F1 key list shows exactly the table's
rows, and keys pressed at the table reach their commands."""

from __future__ import annotations

import inspect

import pygame
import pytest

from game.client.scenes.help import PAGES
from game.client.scenes.table_commands import TableCommands
from game.client.scenes.table_keys import ANY, KEYMAP, TABLE_KEYS, command_for
from tests.client.helpers import key, make_app, started_table


@pytest.mark.parametrize(("chord", "command"), list(KEYMAP.items()), ids=lambda v: str(v))
def test_keys__every_chord_names_a_command_of_the_table(chord, command) -> None:
    name, argument = command
    method = getattr(TableCommands, name, None)
    assert callable(method), f"{name!r} is not a table command"
    wanted = len(inspect.signature(method).parameters) - 1
    assert wanted == (0 if argument is None else 1), f"{name!r} takes {wanted} argument(s)"


def test_keys__the_f1_key_list_is_the_key_table() -> None:
    """The Keyboard page of Rules & Help lists the table's rows, column by column, in their order."""
    keyboard = dict(PAGES)["Keyboard"]
    assert keyboard == tuple(tuple((row.caps, row.does) for row in column) for column in TABLE_KEYS)


def test_keys__exact_modifiers_come_before_any() -> None:
    """F3 is the next hand, Ctrl+F3 the timer bar, Alt+F3 the save box; Shift changes nothing."""
    assert command_for(pygame.K_F3, 0) == ("next_hand", None)
    assert command_for(pygame.K_F3, pygame.KMOD_SHIFT) == ("next_hand", None)
    assert command_for(pygame.K_F3, pygame.KMOD_LCTRL) == ("toggle", ("timer_bar", "Timer bar"))
    assert command_for(pygame.K_F3, pygame.KMOD_RALT) == ("save_dialog", None)
    assert command_for(pygame.K_c, pygame.KMOD_CTRL) is None, "Ctrl+C claims nothing"
    assert (pygame.K_c, ANY) not in KEYMAP


@pytest.mark.parametrize(("k", "mod", "opened"), [(pygame.K_s, pygame.KMOD_CTRL, "saves"),
                                                   (pygame.K_F2, pygame.KMOD_ALT, "saves"),
                                                   (pygame.K_w, 0, "wall"), (pygame.K_F1, 0, "help"),
                                                   (pygame.K_ESCAPE, 0, "menu")])
def test_keys__a_key_at_the_table_opens_its_box(tmp_path, k, mod, opened) -> None:
    app = make_app(tmp_path)
    scene = started_table(app, 3, 2.5)
    app.dispatch(key(k, mod))
    app.stack.apply_pending()
    assert app.stack.top is not scene and app.stack.top.name == opened
