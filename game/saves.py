"""Saved games and replays: a seed plus the action log.

A save is readable JSON text with a format version. It holds the ruleset's id and content hash, the mods in use,
the seed, the players, the names and settings that matter, and every hand's actions (one line per action, in the
notation of :func:`game.core.actions.action_to_text`, prefixed by the seat). Re-applying the actions to a match
built from the seed restores the game exactly; each finished hand's event-log hash is stored, so a replay that
diverges (because the ruleset or a mod changed) is detected instead of silently showing another game.

A *replay file* (one exported hand, :func:`export_hand`) is an ordinary save holding the game up to and including
that hand, with ``settings["replay_hand"]`` set to the hand's 0-based index: it restores, lists and replays like
any save (the earlier hands are needed to rebuild East, the round wind and the totals exactly), and the client's
replay viewer opens it at that hand.

Writes are atomic (write, flush, rename). A corrupt, truncated or newer-format file raises :class:`SaveError`
with a clear message, and nothing is overwritten or removed.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import os
import re
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import __version__
from game.errors import IllegalActionError, InvalidTilesError, SaveError, message_of
from game.i18n import L_
from game.storage import NotReadableError, locked, not_saved, read_regular, set_aside, write_atomic

if TYPE_CHECKING:
    from game.core.judge import Judge
    from game.core.match import Match
    from game.core.play_rules import PlayRules

# The game engine (game.core) is imported by the functions that save or replay a match, not here: the title
# screen reads only the autosave's name from this module, and the engine costs ~70 ms at start-up.

SAVE_FORMAT = 1
SAVE_SUFFIX = ".sparrow"
AUTOSAVE_NAME = "autosave"


@dataclass
class SavedHand:
    actions: list[str] = field(default_factory=list)
    """``"<seat> <action>"`` lines, e.g. ``"2 claim pung 5D 5D"``."""
    begun: bool = False
    """East had taken the first tile (the player had pressed Start)."""
    finished: bool = False
    """The hand was scored and settled."""
    log_hash: str | None = None
    settled: bool = True
    """False for a hand scored without settlement (all hands were visible)."""


@dataclass
class SavedGame:
    ruleset: str
    seed: int
    players: list[str]
    """Who sits at each seat: ``human`` or a computer player id."""
    names: list[str] = field(default_factory=lambda: ["You", "Right", "Opposite", "Left"])
    ruleset_hash: str | None = None
    mods: list[dict[str, str]] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    hands: list[SavedHand] = field(default_factory=list)
    name: str = ""
    saved_at: str = ""
    game_version: str = __version__

    @property
    def hands_played(self) -> int:
        return sum(1 for h in self.hands if h.finished)


def snapshot(match: Match, *, ruleset_id: str, players: list[str], names: list[str] | None = None,
             ruleset_hash: str | None = None, mods: list[dict[str, str]] | None = None,
             settings: dict[str, Any] | None = None, name: str = "") -> SavedGame:
    """Everything needed to restore ``match`` exactly as it stands, in the middle of a hand or not."""
    from game.core.actions import action_to_text  # ~3 ms the title screen (which reads the saves) never needs

    hands = [SavedHand([f"{seat} {action_to_text(a)}" for seat, a in record.actions], True, True,
                       record.log_hash, record.settled)
             for record in match.history]
    table = match.table
    if table is not None and (not match.history or match.history[-1].hand_number != table.hand_number):
        hands.append(SavedHand([f"{seat} {action_to_text(a)}" for seat, a in table.actions],
                               table.begun, False, None))
    saved = SavedGame(ruleset_id, match.seed, list(players), ruleset_hash=ruleset_hash, mods=list(mods or []),
                      settings=dict(settings or {}), hands=hands, name=name,
                      saved_at=datetime.now(UTC).isoformat(timespec="seconds"))
    if names:
        saved.names = list(names)
    return saved


def export_hand(saved: SavedGame, index: int, name: str = "") -> SavedGame:
    """The replay file of finished hand ``index`` (0-based) of ``saved``; see the module docstring."""
    finished = [h for h in saved.hands if h.finished]
    if not 0 <= index < len(finished):
        raise SaveError(L_("no finished hand {n} to export: the game has {count} finished hands", n=index + 1,
                           count=len(finished)))
    return SavedGame(saved.ruleset, saved.seed, list(saved.players), names=list(saved.names),
                     ruleset_hash=saved.ruleset_hash, mods=list(saved.mods),
                     settings={**saved.settings, "replay_hand": index}, hands=list(saved.hands[:index + 1]),
                     name=name or f"{saved.name or 'game'} - hand {index + 1}",
                     saved_at=datetime.now(UTC).isoformat(timespec="seconds"))


_ADDED_LATER = {("PlayRules", "players"): 4}
"""Fields added after games were saved, with the value every earlier ruleset had: left out of the hash at that
value, so opening an older save does not warn that its unchanged ruleset has changed."""


def _canonical(obj: Any) -> Any:
    """``obj`` as plain JSON data that does not depend on memory addresses or hash seeds."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        kind = type(obj).__name__
        # compare=False fields (a ruleset's source data) are bookkeeping, not what the rules are
        return {"": kind, **{f.name: _canonical(getattr(obj, f.name)) for f in dataclasses.fields(obj)
                             if f.compare and _ADDED_LATER.get((kind, f.name), _canonical) != getattr(obj, f.name)}}
    if isinstance(obj, enum.Enum):
        return _canonical(obj.value)
    if obj is None or isinstance(obj, str | int | float | bool):
        return obj
    if isinstance(obj, dict):
        return [[_canonical(k), _canonical(v)] for k, v in sorted(obj.items(), key=lambda kv: repr(kv[0]))]
    if isinstance(obj, list | tuple):
        return [_canonical(x) for x in obj]
    if isinstance(obj, set | frozenset):
        return sorted((_canonical(x) for x in obj), key=lambda x: json.dumps(x, sort_keys=True))
    return repr(obj)


def ruleset_hash(ruleset: Any) -> str:
    """The content hash of a loaded ruleset: the same rules (after ``extends`` and special-hand mods) give the
    same hash on every machine, so opening a save can tell whether its ruleset changed since it was saved."""
    text = json.dumps(_canonical(ruleset), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def ruleset_note(saved: SavedGame, ruleset: Any) -> str:
    """A warning when the installed ruleset is not the one the game was saved with; "" when it is (or unknown)."""
    if not saved.ruleset_hash or ruleset is None:
        return ""
    current = ruleset_hash(ruleset)
    if current == saved.ruleset_hash:
        return ""
    return L_("the ruleset {id} has changed since the game was saved (content hash {then}, now {now})",
              id=repr(saved.ruleset), then=saved.ruleset_hash, now=current)


def loaded_mods(catalog: Any) -> list[dict[str, str]]:
    """The mods a catalog loaded (id and version), as a save records them."""
    return [{"id": e.id, "version": str(getattr(e.manifest, "version", "?"))} for e in catalog.entries if e.loaded]


def available_mod_ids(catalog: Any) -> set[str] | None:
    """The ids of the mods a catalog loaded; None without a catalog (then no mod is named as missing)."""
    return {e.id for e in catalog.entries if e.loaded} if catalog is not None else None


def file_stem(name: str) -> str:
    """A file name for a save called ``name``: letters, digits, spaces, dots, dashes and underscores only."""
    stem = re.sub(r"[^\w .-]+", "_", name.strip()).strip(" .")
    return stem[:60] or "game"


def missing_mods(saved: SavedGame, available: set[str]) -> list[str]:
    """The ids of the mods the game was saved with that are not loaded now."""
    return sorted({str(m.get("id", "?")) for m in saved.mods if isinstance(m, dict)} - available)


def to_text(saved: SavedGame) -> str:
    data = {"format": SAVE_FORMAT, "kind": "sparrow-save", **asdict(saved)}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def write_save(path: str | os.PathLike[str], saved: SavedGame) -> None:
    """Write a save atomically; :class:`~game.errors.WriteError` says what was not saved and what is still there."""
    write_atomic(path, to_text(saved), what=f"the game {saved.name!r}" if saved.name else "the game")


MAX_SAVE_BYTES = 32 * 1024 * 1024
"""A save of a long game is a few hundred kilobytes; anything this big is not one, and is not read into memory."""
MAX_HANDS = 10_000
MAX_ACTIONS = 10_000
"""A hand has a few hundred actions at most; a save claiming more is damaged (and would take minutes to replay)."""


def _read_text(path: str | os.PathLike[str], shown: str) -> str:
    """The text of a save file, read only when it is a regular file of a sane size (a named pipe dropped into
    the saves folder is reported, not waited on)."""
    try:
        raw = read_regular(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        if os.path.islink(path):
            raise SaveError(L_("{file}: no such save (a link to a file that does not exist)", file=shown)) from None
        raise SaveError(L_("{file}: no such save", file=shown)) from None
    except NotReadableError as exc:
        raise SaveError(L_("{file}: not a save: {reason}", file=shown, reason=message_of(exc))) from None
    except OSError as exc:
        raise SaveError(L_("{file}: cannot read the save: {reason}", file=shown, reason=exc.strerror or str(exc))
                        ) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(L_("{file}: the save is corrupt: {reason}", file=shown,
                           reason=L_("not UTF-8 text (byte {byte})", byte=exc.start))) from None


def read_save(path: str | os.PathLike[str]) -> SavedGame:
    """Read a save; raise :class:`SaveError` saying what is wrong with a bad file (which is left untouched)."""
    shown = str(path)
    text = _read_text(path, shown)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if not text.strip():
            raise SaveError(L_("{file}: the save is empty", file=shown)) from None
        # A string still open at the end of the file is reported where it starts, yet the file was cut short.
        cut = exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated string")
        where = f"{shown}:{exc.lineno}:{exc.colno}"  # json's own words (exc.msg) stay English
        raise SaveError(L_("{file}: the save is truncated: {reason}", file=where, reason=exc.msg) if cut else
                        L_("{file}: the save is corrupt: {reason}", file=where, reason=exc.msg)) from None
    except ValueError as exc:  # a number of more digits than Python reads
        raise SaveError(L_("{file}: the save is corrupt: {reason}", file=shown, reason=str(exc))) from None
    except RecursionError:
        raise SaveError(L_("{file}: the save is corrupt: {reason}", file=shown, reason=L_("nested too deeply"))
                        ) from None
    if not isinstance(data, dict) or data.get("kind") != "sparrow-save":
        raise SaveError(L_("{file}: not a Sparrow save", file=shown))
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(L_("{file}: the save has no format version", file=shown))
    if version > SAVE_FORMAT:
        raise SaveError(L_("{file}: saved by a newer Sparrow (save format {version}, this version reads up to "
                           "{readable}, game {game}); update Sparrow to load it", file=shown, version=version,
                           readable=SAVE_FORMAT, game=_short(data.get("game_version", "?"))))
    try:
        saved = _saved_game(data)
    except _FieldError as exc:
        raise SaveError(L_("{file}: the save is corrupt: {reason}", file=shown, reason=message_of(exc))) from None
    for number, hand in enumerate(saved.hands, 1):
        for line in hand.actions:
            _parse_line(line, shown, number)
    return saved


class _FieldError(Exception):
    pass


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    """``data[key]``, checked to be of ``kind`` (a bool is no number), else the reason as a ``_FieldError``."""
    if key not in data:
        if default is ...:
            raise _FieldError(L_("missing field {key}", key=repr(key)))
        return default
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = " or ".join("null" if k is type(None) else k.__name__ for k in kinds)
        raise _FieldError(L_("expected field {key} to be {kinds}, got {value}", key=repr(key), kinds=names,
                             value=_short(value)))
    return value


def _texts(value: list[Any], key: str, count: int | None = None, longest: int = 200) -> list[str]:
    if count is not None and len(value) != count:
        raise _FieldError(L_("expected {count} {key}, found {n}", count=count, key=key, n=len(value)))
    for item in value:
        if not isinstance(item, str) or len(item) > longest:
            raise _FieldError(L_("expected {key} to be texts of at most {longest} characters, got {value}", key=key,
                                 longest=longest, value=_short(item)))
    return list(value)


def _saved_hand(raw: Any, number: int) -> SavedHand:
    if not isinstance(raw, dict):
        raise _FieldError(L_("expected hand {n} to be a mapping, got {value}", n=number, value=_short(raw)))
    unknown = set(raw) - {f.name for f in dataclasses.fields(SavedHand)}
    if unknown:
        raise _FieldError(L_("hand {n} has an unknown field {key}", n=number, key=repr(sorted(map(str, unknown))[0])))
    actions = _field(raw, "actions", list, [])
    if len(actions) > MAX_ACTIONS:
        raise _FieldError(L_("hand {n} has {count} actions, more than a hand can have", n=number, count=len(actions)))
    return SavedHand(_texts(actions, f"the actions of hand {number}"), _field(raw, "begun", bool, False),
                     _field(raw, "finished", bool, False), _field(raw, "log_hash", (str, type(None)), None),
                     _field(raw, "settled", bool, True))


_PLAYER_ID = re.compile(r"^[a-z][a-z0-9_-]{0,63}(\+[a-z][a-z0-9_-]{0,63}){0,8}$")


def _players(value: list[Any]) -> list[str]:
    players = _texts(value, "players", 4)
    for player in players:
        if player != "human" and not _PLAYER_ID.match(player):
            raise _FieldError(L_("expected player ids such as 'human' or 'expert', got {value}", value=_short(player)))
    return players


def _saved_game(data: dict[str, Any]) -> SavedGame:
    hands = _field(data, "hands", list)
    if len(hands) > MAX_HANDS:
        raise _FieldError(L_("{n} hands, more than a game can have", n=len(hands)))
    mods = _field(data, "mods", list, [])
    if not all(isinstance(m, dict) and all(isinstance(v, str) for v in m.values()) for m in mods):
        raise _FieldError(L_("expected field 'mods' to be a list of {{id, version}} mappings"))
    names = _field(data, "names", list, []) or ["You", "Right", "Opposite", "Left"]
    return SavedGame(
        ruleset=_field(data, "ruleset", str), seed=_field(data, "seed", int),
        players=_players(_field(data, "players", list)), names=_texts(names, "names", 4),
        ruleset_hash=_field(data, "ruleset_hash", (str, type(None)), None), mods=mods,
        settings=dict(_field(data, "settings", dict, {})),
        hands=[_saved_hand(raw, number) for number, raw in enumerate(hands, 1)],
        name=_field(data, "name", str, ""), saved_at=_field(data, "saved_at", str, ""),
        game_version=_field(data, "game_version", str, ""),
    )


def _parse_line(line: str, shown: str, hand: int) -> tuple[int, Any]:
    from game.core.actions import action_from_text  # ~3 ms the title screen (which reads the saves) never needs

    seat_text, _, rest = line.partition(" ")
    try:
        seat = int(seat_text)
        if not 0 <= seat <= 3:
            raise ValueError(f"seat {seat} is not 0–3")
        return seat, action_from_text(rest)
    except (ValueError, InvalidTilesError) as exc:
        raise SaveError(L_("{file}: the save is corrupt: hand {n}, action {action}: {reason}", file=shown, n=hand,
                           action=repr(line), reason=message_of(exc))) from None


def restore(saved: SavedGame, rules: PlayRules, judge: Judge, source: str = "the save") -> Match:
    """Rebuild the match by replaying every saved action; raise :class:`SaveError` if the replay diverges."""
    # The engine: ~40 ms the title screen (which reads the saves) never needs.
    from game.core.events import log_hash
    from game.core.match import Match

    match = Match(rules, judge, saved.seed)
    for number, hand in enumerate(saved.hands, 1):
        if match.is_over:
            raise SaveError(L_("{file}: hand {n} comes after the end of the game; the save is corrupt, or the "
                               "ruleset changed since the game was saved", file=source, n=number))
        table = match.new_hand()
        actions = [_parse_line(line, source, number) for line in hand.actions]
        try:
            table.replay(actions, hand.begun)
        except IllegalActionError as exc:
            raise SaveError(L_("{file}: hand {n} does not replay (refused: {reason}). The ruleset or a mod may have "
                               "changed since the game was saved.", file=source, n=number, reason=str(exc))) from None
        if hand.finished:
            if table.phase != "over":
                raise SaveError(L_("{file}: hand {n} does not replay to its end; the ruleset or a mod may have "
                                   "changed since the game was saved", file=source, n=number))
            if hand.log_hash and log_hash(table.events) != hand.log_hash:
                raise SaveError(L_("{file}: hand {n} replays differently; the ruleset or a mod changed since the "
                                   "game was saved", file=source, n=number))
            match.finish_hand(table, settle=hand.settled)
    return match


@dataclass(frozen=True)
class SaveInfo:
    """A line of ``saves list``."""

    name: str
    path: str
    date: str
    ruleset: str
    hands: int
    status: str
    reason: str = ""


def list_saves(folder: str | os.PathLike[str]) -> list[SaveInfo]:
    """Every save in ``folder``, corrupt ones included (reported, never changed)."""
    infos = []
    directory = Path(folder)
    try:
        paths = sorted(directory.glob(f"*{SAVE_SUFFIX}")) if directory.is_dir() else []
    except OSError:
        return []
    for path in paths:
        try:
            modified = datetime.fromtimestamp(path.stat().st_mtime, UTC).isoformat(timespec="seconds")
        except (OSError, ValueError, OverflowError):
            modified = ""  # a link to nothing, or a date no calendar has: read_save says what is wrong
        try:
            saved = read_save(path)
        except SaveError as exc:
            infos.append(SaveInfo(path.stem, str(path), modified, "", 0, "corrupt", message_of(exc)))
            continue
        infos.append(SaveInfo(saved.name or path.stem, str(path), saved.saved_at or modified, saved.ruleset,
                              saved.hands_played, "ok"))
    return infos


def write_autosave(folder: str | os.PathLike[str], saved: SavedGame) -> Path:
    """Write the autosave, keeping a copy of the previous one as ``autosave.prev``.

    Done under the autosave's lock, so two games autosaving at once leave one's game in the autosave and the
    other's in ``autosave.prev``. When the new autosave cannot be written, the previous one stays in place.
    """
    directory = Path(folder)
    target = directory / f"{AUTOSAVE_NAME}{SAVE_SUFFIX}"
    previous = directory / f"{AUTOSAVE_NAME}.prev{SAVE_SUFFIX}"
    with locked(target, what="the autosave"):
        if target.exists():
            try:
                read_save(target)
            except SaveError:
                # Kept for the player to inspect, and the previous good autosave stays as it is.
                set_aside(target)
            else:
                try:
                    write_atomic(previous, target.read_bytes())
                except OSError as exc:  # nothing changed yet: the autosave is where it was
                    raise not_saved(target, exc, "the autosave") from None
        write_atomic(target, to_text(saved), what="the autosave")
    return target
