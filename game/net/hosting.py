"""Setting up a table to host: a new game or a saved one resumed, the ruleset data offered to clients, and the
autosave after every hand (``sparrow serve`` and the client's "Host a network table" both use :func:`host_table`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

import yaml

from game.errors import SaveError, WriteError
from game.net.protocol import ModInfo
from game.net.table import NetTable, Timers
from game.saves import SAVE_SUFFIX, write_save
from game.session.driver import Session
from game.session.options import Options

log = logging.getLogger(__name__)

SEAT_NAMES = ("Ruby", "Elaine", "Eric", "Gaby")
"""The computer players' names at a new network table (a player's own name replaces its seat's)."""
MAX_PARENTS = 8
"""How many ``extends`` a ruleset's offered data follows (a longer chain is a broken mod, refused by the loader)."""


def ruleset_offer(catalog: Any, ruleset_id: str) -> tuple[tuple[ModInfo, ...], str | None]:
    """The mods ruleset ``ruleset_id`` comes from (itself and its parents) and its files as one YAML stream,
    parents first, for the waiting room: a client that lacks a mod is told its name, and can read the rules."""
    record = catalog.record("ruleset", ruleset_id)
    texts: list[str] = []
    mods: dict[str, ModInfo] = {}
    seen: set[str] = set()
    while record is not None and record.full_id not in seen and len(seen) < MAX_PARENTS:
        seen.add(record.full_id)
        try:
            text = record.file.read_text(encoding="utf-8")
            parent = (yaml.safe_load(text) or {}).get("extends")
        except (OSError, UnicodeError, yaml.YAMLError, AttributeError) as exc:
            log.warning("ruleset %s is not offered to clients: %s", record.shown, exc)
            return tuple(mods.values()), None
        texts.insert(0, text)
        entry = catalog.entry(record.mod_id)
        version = str(getattr(getattr(entry, "manifest", None), "version", "") or "")
        mods.setdefault(record.mod_id, ModInfo(id=record.mod_id, version=version))
        record = catalog.record("ruleset", parent) if isinstance(parent, str) and parent != record.id else None
    return tuple(reversed(mods.values())), "\n---\n".join(texts) or None


class SaveWriter:
    """Writes the autosaves on a thread of its own, one after another: a write takes 10-20 ms of disk (more on a
    slow one), which a table server's event loop must not wait for: every table's players would."""

    def __init__(self) -> None:
        self._worker: ThreadPoolExecutor | None = None
        self._pending: list[Future[None]] = []

    def write(self, path: Path, saved: Any, done: Callable[[], None]) -> None:
        """Write ``saved`` to ``path`` atomically, then call ``done`` (on the writer's thread); a failed write is
        logged and play goes on."""
        def run() -> None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                write_save(path, saved)
            except (OSError, WriteError) as exc:
                log.warning("the network game could not be saved to %s: %s", path, exc)
                return
            done()

        if self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._pending = [f for f in self._pending if not f.done()]
        self._pending.append(self._worker.submit(run))

    def wait(self, timeout: float | None = None) -> None:
        """Return once every write asked for so far is done (or ``timeout`` seconds passed)."""
        wait(self._pending, timeout)
        self._pending = [f for f in self._pending if not f.done()]


SAVES = SaveWriter()
"""The writer of every network table's autosaves in this program."""


def autosaver(folder: Path, table_id: str, mods: list[dict[str, str]],
              writer: SaveWriter = SAVES) -> Callable[[Session], None]:
    """A hook for :attr:`Session.on_hand_finished` writing the match, atomically, to ``folder``
    (``network-<table>.sparrow``) on ``writer``'s thread; a failed write is logged and play goes on."""
    path = folder / f"network-{table_id}{SAVE_SUFFIX}"

    def save(session: Session) -> None:
        saved = session.snapshot(name=f"network-{table_id}", mods=mods)  # the game as it is now, not when written
        progress = session.progress

        def written() -> None:
            session.source, session.written_progress = path, progress

        writer.write(path, saved, written)

    return save


def host_table(ruleset_id: str = "classic", *, seed: int | None = None, player_seats: int = 4,
               timers: Timers | None = None, mods_dir: str | None = None, config_dir: str | None = None,
               catalog: Any = None, saves: Path | None = None, resume: Path | None = None,
               table_id: str = "main", hand_limit: int | None = None, opponents: Sequence[str] | None = None,
               names: Sequence[str] | None = None, start_score: int | None = None) -> NetTable:
    """A table ready to serve: a new game of ``ruleset_id`` (or the game saved in ``resume``), autosaved to
    ``saves`` after every hand when given; ``hand_limit`` stops it once the match has that many hands. A new
    game's computer players are ``opponents`` (personality ids for seats 1–3) called ``names`` (the four seats',
    the host's first), and everybody starts with ``start_score`` (None: the ruleset's). Raises
    :class:`SaveError` when ``resume`` cannot be opened or its game is over."""
    from game.mods import load_catalog
    from game.saves import loaded_mods, read_save
    from game.session.restore import restore_session

    if catalog is None:
        catalog = load_catalog(mods_dir, config_dir, full=False)
    options = Options(quick_tip=False, auto_play=False, ask_first=True)
    if resume is not None:
        saved = read_save(resume)
        session, _ = restore_session(saved, mods_dir, options=options, source=resume.name, config_dir=config_dir,
                                     catalog=catalog)
        ruleset_id = saved.ruleset
        if session.match.is_over:
            raise SaveError(f"the game in {resume.name} is over: there is nothing to resume")
    else:
        chosen: dict[str, Any] = {"opponents": list(opponents)} if opponents is not None else {}
        session = Session.create(ruleset_id, seed, mods_dir, catalog=catalog, options=options,
                                 names=list(names or SEAT_NAMES), start_score=start_score, **chosen)
    if session.ruleset is None:
        raise SaveError(f"the ruleset {ruleset_id!r} is not available")
    mods = loaded_mods(catalog)
    if saves is not None:
        session.on_hand_finished.append(autosaver(saves, table_id, mods))
    offered_mods, data = ruleset_offer(catalog, ruleset_id)
    return NetTable(session, table_id=table_id, player_seats=player_seats, timers=timers, ruleset_data=data,
                    mods=offered_mods, hand_limit=hand_limit)
