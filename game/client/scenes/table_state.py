"""What the table scene's parts share (the commands, the input): the scene as they see it.

:class:`~game.client.scenes.table.TableScene` is the one table; its parts are typed against this protocol, so they
need not import the scene (and the scene's module imports them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

if TYPE_CHECKING:
    from game.client import layout
    from game.client.animate import Animator
    from game.client.scenes.base import SceneContext
    from game.client.scenes.table_prompts import Prompt, Prompts
    from game.client.tween import Scenery
    from game.client.widgets import Balloon, Button, PopupMenu, Toast, Tooltip
    from game.core.table import Table
    from game.session.driver import Session


class SharedTable(Protocol):
    """The table scene's shared state: the game, its animation, and the player's marks on the table."""

    context: SceneContext
    session: Session
    animator: Animator
    scenery: Scenery
    prompts: Prompts
    buttons: list[Button]
    balloons: list[Balloon]
    toasts: list[Toast]
    menu: PopupMenu | None
    cursor: int
    hover: int
    mouse: tuple[int, int] | None
    tooltip: Tooltip | None
    keyboard_active: bool
    chow_pick: list[tuple[int, ...]] | None
    chow_first: int | None
    pass_pick: set[int]
    declaring: bool
    paused: bool
    scores_shown: bool
    asked: set[tuple[str, int]]
    tip_tiles: tuple[int, ...]
    last_discard_live: bool
    show_direction: bool
    moving_speed: float

    @property
    def game_table(self) -> Table: ...

    @property
    def prompt(self) -> Prompt | None: ...

    def hand_tiles(self) -> list[int]: ...

    def hand_places(self, tiles: list[int]) -> list[layout.Placed]: ...

    def tile_at(self, pos: tuple[int, int]) -> int: ...

    def last_discard_rect(self) -> pygame.Rect | None: ...

    def usable(self) -> set[int] | None: ...

    def bluff_allowed(self) -> bool: ...

    def record_slots(self) -> None: ...

    def pump(self) -> None: ...

    def toast(self, message: str, life: float = 1.8) -> None: ...
