"""Every scene by name, as Tuxemon's state manager finds its states: scenes are opened by name
(``context.open("scores", table_scene=…, outcome=…)``), so no scene imports another to show it.

A name maps to ``module:Class``, imported the first time it is opened: the title screen does not pay for the
table. The order is the ``screenshot`` command's (the contract's six first); ``stage.py``, ``screenshot`` and
``--selftest`` go through this table, so a scene added here is staged, photographed and self-tested.

To add a scene: write it (a :class:`~game.client.scenes.base.Scene` subclass whose ``name`` is its key here, whose
``__init__`` takes the context and keyword arguments), add its line here, and a way to stage it in
``game/client/stage.py``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.i18n import _

if TYPE_CHECKING:
    from game.client.scenes.base import Scene

SCENES: dict[str, str] = {
    "title": "game.client.scenes.title:TitleScene",
    "table": "game.client.scenes.table:TableScene",
    "wall": "game.client.scenes.wall_view:WallScene",
    "scores": "game.client.scenes.scores:ScoresScene",
    "settings": "game.client.scenes.settings:SettingsScene",
    "mods": "game.client.scenes.mod_manager:ModManagerScene",
    "help": "game.client.scenes.help:HelpScene",
    "saves": "game.client.scenes.saves:SavesScene",
    "replay": "game.client.scenes.replay:ReplayScene",
    "stats": "game.client.scenes.stats:StatsScene",
    "new_game": "game.client.scenes.new_game:NewGameScene",
    "rules": "game.client.scenes.rules:RulesScene",
    "menu": "game.client.scenes.help:GameMenuScene",
    "game_over": "game.client.scenes.game_over:GameOverScene",
    "confirm": "game.client.scenes.dialogs:ConfirmBox",
    "name": "game.client.scenes.dialogs:NameBox",
    "tile_picture": "game.client.scenes.tile_picture:TilePictureScene",
    "rules_editor": "game.client.scenes.rules_editor:RulesEditorScene",
    "lessons": "game.client.scenes.lessons:LessonsScene",
    "lesson": "game.client.scenes.lesson:LessonScene",
    "why": "game.client.scenes.why:WhyScene",
    "join": "game.client.scenes.join:JoinBox",
    "waiting_room": "game.client.scenes.waiting_room:WaitingRoomScene",
    "language": "game.client.scenes.language:LanguageScene",
}
"""Scene name → ``module:Class``."""


def scene_class(name: str) -> type[Scene]:
    """The scene class registered as ``name``; KeyError naming the known scenes when there is none."""
    try:
        target = SCENES[name]
    except KeyError:
        raise KeyError(_('unknown scene {name!r}: expected one of {join}').format(
                name=name, join=', '.join(SCENES))) from None
    module, _unused, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]
