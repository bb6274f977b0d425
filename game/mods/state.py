"""Which mods the player switched off, and the order they prefer, kept in ``mods.yaml`` in the config folder.

::

    format: 1
    disabled: [tiles-neon]
    order: [house-rules, classic]   # preferred order where dependencies leave a choice

A newly found mod is enabled. A corrupt state file is reported and treated as empty; a copy of it is kept as
``mods.corrupt-<time>.yaml`` when the state is next saved. Changes are made under a lock (:func:`update_state`).
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.datafile import load_yaml, validation_problems
from game.errors import DataFileError, Problem
from game.i18n import L_
from game.storage import aside_name, locked, write_atomic

STATE_FILE = "mods.yaml"

log = logging.getLogger(__name__)


class _StateFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: int = 1
    disabled: list[str] = Field(default_factory=list)
    order: list[str] = Field(default_factory=list)


@dataclass
class ModState:
    """The player's choices about mods."""

    disabled: set[str] = field(default_factory=set)
    order: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def is_enabled(self, mod_id: str) -> bool:
        return mod_id not in self.disabled


def load_state(config_dir: Path) -> ModState:
    """Read ``mods.yaml``; missing means every mod enabled in the default order."""
    path = config_dir / STATE_FILE
    if not path.exists():
        return ModState()
    try:
        doc = load_yaml(path)
    except DataFileError as exc:
        return _corrupt(exc.problems)
    if doc.data is None:
        return ModState()
    if not isinstance(doc.data, dict):
        return _corrupt([doc.problem((), L_("expected a mapping with 'disabled' and 'order', got {value}",
                                            value=repr(doc.data)))])
    try:
        data = _StateFile.model_validate(doc.data)
    except ValidationError as exc:
        return _corrupt(validation_problems(doc, exc))
    return ModState(set(data.disabled), list(dict.fromkeys(data.order)))


def _corrupt(problems: list[Problem]) -> ModState:
    for problem in problems:
        log.warning("mod state ignored, every mod enabled: %s", problem)
    return ModState(problems=problems)


def save_state(config_dir: Path, state: ModState) -> None:
    """Write ``mods.yaml`` atomically, keeping a corrupt predecessor as ``mods.corrupt-<time>.yaml``."""
    path = config_dir / STATE_FILE
    if path.exists() and load_state(config_dir).problems:
        shutil.copy2(path, aside_name(path))
    data = {"format": 1, "disabled": sorted(state.disabled), "order": list(state.order)}
    write_atomic(path, yaml.safe_dump(data, sort_keys=False), what="the mods' settings (which are on, their order)")


def update_state(config_dir: Path, change: Callable[[ModState], None]) -> ModState:
    """Read ``mods.yaml``, ``change`` the state and write it back, holding its lock: two commands at once (two
    ``mods disable``) both take effect. Raises :class:`~game.errors.WriteError` when it cannot be saved."""
    path = config_dir / STATE_FILE
    with locked(path, what="the mods' settings"):
        state = load_state(config_dir)
        change(state)
        save_state(config_dir, state)
    return state
