"""Folders and settings: where bundled content, mods, settings and saves live.

Folders, searched for mods in this order (a mod found later may not reuse an id found earlier):

1. bundled: ``mods/`` and ``themes/`` under the bundle root (``sys._MEIPASS`` when frozen, else the repository);
   read-only;
2. portable: ``mods/`` next to the executable, only when frozen (so a USB stick install carries its mods);
3. user: ``platformdirs.user_data_dir("Sparrow")/mods``, or ``--mods-dir``.

Settings, saves, statistics and the mods state file live in ``platformdirs.user_config_dir("Sparrow")`` or
``--config-dir``. Nothing here creates a folder until something is written.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

import platformdirs
import yaml
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from game import __version__, timing
from game.datafile import load_yaml, validation_problems
from game.errors import DataFileError, Problem
from game.i18n import LANGUAGES, system_language
from game.storage import aside_name, write_atomic

APP_NAME = "Sparrow"
SETTINGS_FILE = "settings.yaml"

log = logging.getLogger(__name__)


def is_frozen() -> bool:
    """True inside the packaged executable (PyInstaller)."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def bundle_root() -> Path:
    """The folder holding the bundled ``mods/`` and ``themes/``: the unpacked bundle or the repository."""
    if is_frozen():
        return Path(sys._MEIPASS)  # type: ignore[attr-defined]  # set by PyInstaller's boot loader, not in the stubs
    return Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Folders:
    """Every folder the game reads or writes; tests build one from temporary folders."""

    bundled: tuple[Path, ...]
    portable: Path | None
    user_mods: Path
    config: Path

    @property
    def mod_roots(self) -> list[tuple[str, Path]]:
        """``(origin, folder)`` pairs in search order; origin is ``bundled``, ``portable`` or ``user``."""
        roots = [("bundled", folder) for folder in self.bundled]
        if self.portable is not None:
            roots.append(("portable", self.portable))
        roots.append(("user", self.user_mods))
        return roots

    @property
    def settings_file(self) -> Path:
        return self.config / SETTINGS_FILE

    @property
    def saves(self) -> Path:
        return self.config / "saves"

    @property
    def score_sheets(self) -> Path:
        """Where Save Score Sheet writes a game's sheet (PNG, text and CSV)."""
        return self.config / "score sheets"

    @property
    def sound_verdicts(self) -> Path:
        """Where what decoding each sound gave is kept, by content hash (see game.mods.media): in the player's
        cache folder, shared by every config folder (a verdict depends only on the file and the game's version)."""
        return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / f"sounds-{__version__}"


def folders(mods_dir: str | os.PathLike[str] | None = None,
            config_dir: str | os.PathLike[str] | None = None) -> Folders:
    """The folders for this run; ``mods_dir`` and ``config_dir`` are the ``--mods-dir``/``--config-dir`` options."""
    root = bundle_root()
    portable = Path(sys.executable).resolve().parent / "mods" if is_frozen() else None
    user_mods = Path(mods_dir) if mods_dir else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "mods"
    config = Path(config_dir) if config_dir else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    return Folders((root / "mods", root / "themes"), portable, user_mods, config)


def folders_from_args(args: Any) -> Folders:
    """The folders chosen by the global command-line options."""
    return folders(getattr(args, "mods_dir", None), getattr(args, "config_dir", None))


Colour = str

ColourSlot = Literal["table", "text", "highlight", "stake_east", "stake_south", "stake_west", "stake_north"]
COLOUR_SLOTS: tuple[str, ...] = get_args(ColourSlot)
"""What the player may colour over the theme (P-149…P-152): the table cloth, the text on it, the highlight, and
each seat wind's stake."""


def _hex_colour(value: str) -> str:
    if re.fullmatch(r"#[0-9a-fA-F]{6}", value) is None:
        raise ValueError(f"expected a colour as '#rrggbb' (red, green, blue in hex), got {value!r}")
    return value


HexColour = Annotated[str, AfterValidator(_hex_colour)]


def _language(value: str) -> str:
    if value not in LANGUAGES:
        raise ValueError(f"expected one of the languages {', '.join(LANGUAGES)}, got {value!r}")
    return value


LanguageCode = Annotated[str, AfterValidator(_language)]
StatusText = Literal["small", "normal", "large"]
STATUS_TEXTS: tuple[StatusText, ...] = get_args(StatusText)
"""The status bar's three text sizes, smallest first (P-26)."""

RETIRED_SETTINGS = ("show_hints",)
"""Settings earlier versions wrote but nothing ever read (hints are QuickTip's ``quick_tip``): dropped when a
file is read, so the file promises nothing the game does not do. A later version that gives one of these names a
meaning takes it off this list."""


class Settings(BaseModel):
    """The player's preferences. Unknown keys are kept, so a newer version's settings survive a round trip."""

    model_config = ConfigDict(extra="allow", validate_assignment=True)

    language: LanguageCode | None = Field(
        None, description="the game's language (en, de, nl, fr, zh_Hans); none: the system's, asked at first start")
    ruleset: str = Field("classic", description="id of the ruleset for new games")
    tileset: str | None = Field(None, description="id of the tile set; none means the first one found")
    theme: str | None = Field(None, description="id of the theme; none means the first one found")
    voice: str | None = Field(None, description="id of the voice pack for the human seat's calls")
    opponents: list[str] = Field(default_factory=list, description="personality ids of the three computer players")
    player_name: str = Field("You", max_length=40)
    opponent_names: list[Annotated[str, Field(max_length=40)]] = Field(
        default_factory=list, max_length=3,
        description="names of the computer players from your right round the table; none: their personalities'")
    sound: bool = Field(True, description="tile sounds (draw, discard, dice, the wall)")
    voices: bool = Field(True, description="the players call out their tiles and claims")
    own_voice: bool = Field(True, description="your own calls are spoken too")
    warning_beeps: bool = Field(True, description="the theme's warning sound when something is refused (P-174)")
    master_volume: float = Field(1.0, ge=0.0, le=1.0)
    effects_volume: float = Field(0.8, ge=0.0, le=1.0)
    voice_volume: float = Field(0.8, ge=0.0, le=1.0)
    music_volume: float = Field(0.5, ge=0.0, le=1.0)
    animation_speed: float = Field(timing.ANIMATION_SPEED, ge=0.0, le=10.0,
                                   description="tween duration divisor; 1 is normal, 0 shows every move at once")
    discard_delay: float = Field(timing.DISCARD_DELAY, ge=0.0, le=10.0,
                                 description="seconds a computer player pauses before discarding")
    wait_time: float = Field(timing.WAIT_TIME, ge=0.0, le=timing.WAIT_TIME_MAX,
                             description="seconds to claim a discard or take one's own back (the timer bar)")
    show_dealing: bool = Field(True, description="animate the wall ceremony and the deal")
    movement_direction: bool = Field(False, description="a fading trail behind every moving tile (F11)")
    tile_shadow: float = Field(1.0, ge=0.0, le=2.0,
                               description="the shadow under moving tiles, its size; 0 is none (P-169, P-170)")
    ask_first: bool = Field(True, description="ask before a claim, a kong or Mah Jongg when there is a choice")
    quick_tip: bool = Field(False, description="point at the tile the Expert would discard (F8)")
    timer_bar: bool = Field(True, description="show the claim window's sliding bar")
    fullscreen: bool = False
    window_size: tuple[Annotated[int, Field(ge=320, le=16384)], Annotated[int, Field(ge=240, le=16384)]] | None = Field(
        None, description="the window's size (Settings ▸ Look ▸ Window size); none: as large as fits the screen")
    speech_balloons: bool = True
    status_text: StatusText = Field(
        "normal", description="the size of the status bar's text (Ctrl+Alt+Keypad + and −, or Settings ▸ Look)")
    colours: dict[ColourSlot, HexColour] = Field(
        default_factory=dict, description="the player's own colours over the theme's, '#rrggbb' by item (Settings ▸ "
                                          "Colours); none: the theme's")
    join_address: str = Field("", max_length=200, description="the address of the network table last joined "
                                                              "(Join a Table), host:port")
    join_token: str = Field("", max_length=64, description="the seat that table gave, to take it back after a "
                                                         "crash; empty for none")
    continue_from: str | None = Field(None, description="the file in the saves folder Continue opens; none: the "
                                                        "autosave")


@dataclass
class LoadedSettings:
    """Settings plus the problems found in the file: a value in error takes its default, the others are kept (a
    file that is not a mapping of settings at all gives the defaults)."""

    settings: Settings
    problems: list[Problem]


def load_settings(path: str | os.PathLike[str]) -> LoadedSettings:
    """Read the settings file; a missing file gives defaults, a corrupt one gives defaults and its problems.

    The corrupt file itself is left alone here; :func:`save_settings` moves it aside before writing.
    """
    target = Path(path)
    if not target.exists():
        return LoadedSettings(Settings(), [])
    try:
        doc = load_yaml(target)
    except DataFileError as exc:
        return _corrupt(exc.problems)
    if doc.data is None:
        return LoadedSettings(Settings(), [])
    if not isinstance(doc.data, dict):
        return _corrupt([doc.problem((), f"expected a mapping of settings, got {type(doc.data).__name__}")])
    values = {key: value for key, value in doc.data.items() if key not in RETIRED_SETTINGS}
    problems: list[Problem] = []
    while True:
        try:
            settings = Settings.model_validate(values)
        except ValidationError as exc:
            # Only the keys in error fall back to their defaults: one bad window size must not reset the player's
            # name, volumes and choices with it.
            problems.extend(validation_problems(doc, exc))
            wrong = {err["loc"][0] for err in exc.errors() if err.get("loc")} & set(values)
            if not wrong:
                return _corrupt(problems)
            values = {key: value for key, value in values.items() if key not in wrong}
            continue
        for problem in problems:
            log.warning("setting ignored, its default used: %s", problem)
        return LoadedSettings(settings, problems)


LANGUAGE_VARIABLE = "SPARROW_LANGUAGE"
"""An environment variable naming the language for this run only (``de``, ``zh_Hans``…; the settings keep theirs)."""


def language_choice(setting: str | None, asked: str | None = None) -> str:
    """The language a run speaks: ``asked`` (the command line's ``--language``), else ``SPARROW_LANGUAGE``, else
    the saved setting, else the system's locale (the game window and the command line choose alike)."""
    return asked or os.environ.get(LANGUAGE_VARIABLE) or setting or system_language()


def saved_language(path: str | os.PathLike[str]) -> str | None:
    """The ``language`` setting of the settings file at ``path``, or None: the command line reads only this one
    setting, quietly (the game window reports a damaged settings file; a command has no use for it)."""
    try:
        data = load_yaml(Path(path)).data if Path(path).is_file() else None
    except (DataFileError, OSError):
        return None
    value = data.get("language") if isinstance(data, dict) else None
    return value if isinstance(value, str) and value in LANGUAGES else None


def _corrupt(problems: list[Problem]) -> LoadedSettings:
    for problem in problems:
        log.warning("settings ignored, defaults used: %s", problem)
    return LoadedSettings(Settings(), problems)


def save_settings(path: str | os.PathLike[str], settings: Settings) -> None:
    """Write the settings atomically; a corrupt file already there is kept as ``settings.corrupt-<time>.yaml``."""
    target = Path(path)
    if target.exists() and load_settings(target).problems:
        shutil.copy2(target, aside_name(target))
    data = settings.model_dump(mode="json")
    write_atomic(target, yaml.safe_dump(data, sort_keys=False, allow_unicode=True), what="the settings")
