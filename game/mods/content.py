"""Check a mod's content files by kind: schemas, referenced files, decoded images and sounds.

Rulesets and special hands are checked later, once the load order is known (a ruleset may extend another
mod's), by :func:`game.mods.catalog.build_catalog`. Every problem names the file, and the line and column
where the YAML says something wrong.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from game.datafile import YamlDocument, load_yaml, validation_problems
from game.errors import DataFileError, Problem, message_of
from game.i18n import L_
from game.mods import media
from game.mods.discovery import FoundMod
from game.mods.lessons import LessonSpec
from game.mods.personalities import personalities_from_document
from game.mods.records import KIND_FILES, record_files, resolve_file
from game.mods.schemas import (
    VOICE_CALL_LINES,
    VOICE_LINES,
    VOICE_OPTIONAL_LINES,
    ThemeSpec,
    TilesetSpec,
    VoiceSpec,
)

log = logging.getLogger(__name__)


class _Checker:
    """Collects the problems of one mod; starts the mixer at most once."""

    def __init__(self, found: FoundMod, session: media.MediaSession) -> None:
        assert found.root is not None and found.manifest is not None
        self.found = found
        self.root: Path = found.root
        self.problems: list[Problem] = []
        self.session = session
        # The game's own files are decoded in this process; a player's mod's only in a child process.
        self.trusted = found.origin == "bundled"

    def shown(self, path: Path) -> str:
        return self.found.shown_path(path.relative_to(self.root).as_posix())

    def load(self, path: Path) -> YamlDocument | None:
        try:
            return load_yaml(path, self.shown(path))
        except DataFileError as exc:
            self.problems.extend(exc.problems)
            return None

    def model(self, doc: YamlDocument, schema: type[BaseModel], what: str) -> Any:
        if not isinstance(doc.data, dict):
            shown = "an empty file" if doc.data is None else f"{type(doc.data).__name__} {doc.data!r}"
            self.problems.append(doc.problem((), f"expected a {what} (a mapping with id and name), got {shown}"))
            return None
        try:
            return schema.model_validate(doc.data)
        except ValidationError as exc:
            self.problems.extend(validation_problems(doc, exc))
            return None

    def referenced(self, doc: YamlDocument, key: tuple[str | int, ...], name: str) -> Path | None:
        path = resolve_file(doc_folder(doc, self), name)
        if path is None:
            self.problems.append(doc.problem(key, L_("{where}: file {name} not found", where=".".join(map(str, key)),
                                                     name=repr(name))))
        return path

    def image(self, doc: YamlDocument, key: tuple[str | int, ...], name: str) -> tuple[int, int] | None:
        path = self.referenced(doc, key, name)
        if path is None:
            return None
        try:
            return media.image_size(path)
        except ValueError as exc:
            self.problems.append(Problem(self.shown(path), message_of(exc)))
            return None

    def sounds(self, paths: list[Path]) -> None:
        for path, problem in self.session.check_sounds(paths, self.trusted).items():
            if problem:
                self.problems.append(Problem(self.shown(path), problem))


def doc_folder(doc: YamlDocument, checker: _Checker) -> Path:
    """The real folder of the YAML file ``doc`` (its display path may name a zip)."""
    relative = doc.path[len(checker.found.shown) + 1:]
    return (checker.root / relative).parent


def _check_tileset(checker: _Checker, path: Path) -> None:
    doc = checker.load(path)
    spec = checker.model(doc, TilesetSpec, "tile set") if doc else None
    if doc is None or spec is None:
        return
    for name, scale in spec.images():
        key = {1: "image", 2: "image_2x", 3: "image_3x"}[scale]
        size = checker.image(doc, (key,), name)
        if size is None:
            continue
        need = spec.min_size(scale)
        if size[0] < need[0] or size[1] < need[1]:
            cell = f"{spec.cell_size[0] * scale}×{spec.cell_size[1] * scale}"
            checker.problems.append(Problem(
                checker.shown(resolve_file(path.parent, name) or path.parent / name),
                L_("expected a tile sheet of at least {need} pixels (9×5 cells of {cell}), got {size}",
                   need=f"{need[0]}×{need[1]}", cell=cell, size=f"{size[0]}×{size[1]}")))


def _check_theme(checker: _Checker, path: Path) -> None:
    doc = checker.load(path)
    spec = checker.model(doc, ThemeSpec, "theme") if doc else None
    if doc is None or spec is None:
        return
    if spec.cloth:
        checker.image(doc, ("cloth",), spec.cloth)
    for use, name in spec.fonts.items():
        font = checker.referenced(doc, ("fonts", use), name)
        if font is not None:
            try:
                media.check_font(font)
            except ValueError as exc:
                checker.problems.append(Problem(checker.shown(font), str(exc)))
    sounds = [checker.referenced(doc, ("sounds", event), name) for event, name in spec.sounds.files().items()]
    if spec.music:
        sounds.append(checker.referenced(doc, ("music",), spec.music))
    checker.sounds(list(dict.fromkeys(sound for sound in sounds if sound is not None)))


def _check_voice(checker: _Checker, path: Path) -> None:
    doc = checker.load(path)
    spec = checker.model(doc, VoiceSpec, "voice pack") if doc else None
    if doc is None or spec is None:
        return
    checked: set[Path] = set()
    for line, name in spec.lines.items():
        found = checker.referenced(doc, ("lines", line), name)
        if found is not None:
            checked.add(found)
    for seat, lines in spec.seat_lines.items():
        for line, name in lines.items():
            found = checker.referenced(doc, ("seat_lines", seat, line), name)
            if found is not None:
                checked.add(found)
    missing = [line for line in VOICE_LINES if resolve_file(path.parent, spec.file_for(0, line) or "") is None]
    if missing:
        shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
        where = ("lines",) if spec.lines else ("files",)
        checker.problems.append(doc.problem(where, f"seat 0 must have every line (the other seats fall back to "
                                                   f"it), missing {len(missing)}: {shown}"))
    for seat in spec.seats:
        for line in (*VOICE_LINES, *VOICE_OPTIONAL_LINES, *VOICE_CALL_LINES):
            found = resolve_file(path.parent, spec.file_for(seat, line) or "")
            if found is not None:
                checked.add(found)
    checker.sounds(sorted(checked))


def _check_ai(checker: _Checker, path: Path) -> None:
    doc = checker.load(path)
    if doc is None:
        return
    try:
        people = personalities_from_document(doc)
    except DataFileError as exc:
        checker.problems.extend(exc.problems)
        return
    for index, person in enumerate(people):
        if person.avatar:
            key: tuple[str | int, ...] = ("avatar",) if isinstance(doc.data, dict) else (index, "avatar")
            checker.image(doc, key, person.avatar)


def _check_yaml_only(checker: _Checker, path: Path) -> None:
    checker.load(path)


def _check_special_hands(checker: _Checker, path: Path) -> None:
    from game.mods.rules_hook import check_special_hands_file  # the ruleset compiler: ~45 ms the title never needs

    if checker.load(path) is not None:
        checker.problems.extend(check_special_hands_file(path, checker.shown(path)))


def _check_lesson(checker: _Checker, path: Path) -> None:
    doc = checker.load(path)
    if doc is not None:
        checker.model(doc, LessonSpec, "lesson")


CHECKS = {
    "tileset": _check_tileset,
    "theme": _check_theme,
    "voice": _check_voice,
    "ai": _check_ai,
    # Rulesets are compiled once the load order is known (they may extend another mod's); here only the YAML.
    "ruleset": _check_yaml_only,
    "special_hands": _check_special_hands,
    "lesson": _check_lesson,
}


def validate_content(found: FoundMod, session: media.MediaSession | None = None,
                     cache: Path | None = None) -> list[Problem]:
    """Every problem in the content files of a mod whose manifest is valid.

    Pass one ``session`` when checking many mods, so the mixer starts and stops once; else ``cache`` is where the
    verdicts on sounds are kept.
    """
    own = session is None
    checker = _Checker(found, session or media.MediaSession(cache))
    try:
        for kind, (folder, pattern) in KIND_FILES.items():
            files = record_files(found, kind)
            declared = kind in found.kinds
            if declared and not files:
                checker.problems.append(found.manifest_problem(
                    ("kinds",), f"kinds lists {kind!r} but the mod has no {folder}/{pattern}"))
            elif files and not declared:
                checker.problems.append(found.manifest_problem(
                    ("kinds",), L_("the mod has {files} but kinds does not list {kind}", files=f"{folder}/{pattern}",
                                   kind=repr(kind))))
            if declared:
                for path in files:
                    try:
                        CHECKS[kind](checker, path)
                    except Exception as exc:  # a checker bug or an odd file must not stop the game loading
                        log.exception("%s could not be checked", checker.shown(path))
                        checker.problems.append(Problem(checker.shown(path), L_("cannot be checked: {reason}",
                                                                                reason=repr(exc))))
    finally:
        if own:
            checker.session.close()
    return checker.problems
