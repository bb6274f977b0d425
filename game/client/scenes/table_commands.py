"""The table's menu and dialog commands: undo, the floating menu, pause, Show All Hands, save, open, replays,
a new game, and the toggles the function keys flip. A mixin of :class:`game.client.scenes.table.TableScene`.
"""

from __future__ import annotations

from game import timing
from game.client import games, layout, status
from game.client.widgets import MenuItem, PopupMenu, Toast
from game.core import events as ev
from game.session.driver import HUMAN
from game.session.notes import Note
from game.session.options import SETTING_OF_OPTION


class TableCommands:
    """Commands a player gives from the menus and keys, on the table scene's session."""

    def undo(self) -> None:
        """Take back the discard (Ctrl+Z, a click on it, the Undo button or the floating menu)."""
        if self.session.undo():
            self.last_discard_live = False
        self._pump()

    def _taken_back_steps(self, event: ev.DiscardTakenBack, scenery) -> list:
        """The tile flies from the pond back onto the stake, where it goes in its sorted place."""
        from game.client.tween import Step, Tween

        table = self.session.table
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

    def open_menu(self, pos: tuple[int, int]) -> None:
        """The floating menu (right click, P-33, P-96–P-98), with this game's other commands under it."""
        s = self.session
        items = [MenuItem("Undo", self.undo, s.can_undo, "Ctrl+Z"),
                 MenuItem("Continue" if self.paused else "Pause", self._toggle_pause, True, "F9"),
                 MenuItem(("Hide" if s.options.show_all else "Show") + " All Hands", self._toggle_show_all, True,
                          "F6"),
                 MenuItem("Save Game...", self.save_dialog, True, "Alt+F3"),
                 MenuItem("Replays...", self.show_replays, bool(s.match.history), "R"),
                 MenuItem("Close Menu", lambda: None)]
        self.menu = PopupMenu(pos, items)

    def _toggle_pause(self) -> None:
        """F9: while paused a banner says so; going on is acknowledged with a notice."""
        self.paused = not self.paused
        if not self.paused:
            self._toast("Continue!")

    def _toggle_show_all(self) -> None:
        self._toggle("show_all", "Show All Hands")
        if self.session.options.show_all and not self.session.hand_over:
            self.session.show_all_used = True
            self.session.tell(Note(status.SHOW_ALL_ON))

    def save_dialog(self) -> None:
        self.context.open("saves", mode="save", session=self.session)

    def open_dialog(self) -> None:
        self.context.open("saves", mode="open", session=self.session)

    def show_replays(self) -> None:
        s = self.session
        if not s.match.history:
            s.tell(Note(status.NO_REPLAY_YET))
            return
        self.context.open("replay", session=s, hand=len(s.match.history) - 1)

    def new_game(self) -> None:
        """F2: a game in progress is offered for saving first (P-42)."""
        s = self.session
        if not s.match.history and s.table.phase == "dealt":
            games.new_game(self.context)
            return
        self._ask("New Game", "Start a new game? The game in progress is kept in the autosave; save it under a "
                  "name to keep it for good.",
                  [("New Game", lambda: games.new_game(self.context)), ("Save first", self.save_dialog)],
                  cancel=("Cancel", lambda: None))

    def _toggle(self, option: str, label: str) -> None:
        """Flip an option from its key; one the Settings box also holds is saved, so it lasts (Show All Hands
        belongs to this game only)."""
        value = not getattr(self.session.options, option)
        setattr(self.session.options, option, value)
        if option in SETTING_OF_OPTION:
            setattr(self.context.settings, SETTING_OF_OPTION[option], value)
            self.context.save_settings()
        self._toast(f"{label} {'on' if value else 'off'}")

    def _toggle_movements(self) -> None:
        """F7: tile movements off (instant), or back on at the speed they had (normal when they never moved)."""
        options = self.session.options
        if options.animation_speed > 0:
            self.moving_speed = options.animation_speed
            speed = 0.0
        else:
            speed = self.moving_speed
        options.animation_speed = self.animator.speed = speed
        self.context.settings.animation_speed = speed
        self.context.save_settings()
        self._toast(f"Tile movements {'on' if speed else 'off'}")

    def _change_wait_time(self, step: float) -> None:
        """Keypad +/-: the wait time by a quarter second (0-10 s, Q-01), kept for the next game too."""
        options = self.session.options
        options.wait_time = max(0.0, min(timing.WAIT_TIME_MAX, options.wait_time + step))
        self.context.settings.wait_time = options.wait_time
        self.context.save_settings()
        self.session.tell(Note(status.WAIT_TIME, {"seconds": options.wait_time}))

    def _toast(self, message: str, life: float = 1.8) -> None:
        self.toasts = [Toast(message, life)]
