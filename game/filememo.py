"""Remember what was worked out from files (a mod's checks and records, a decoded image) while they stay unchanged.

Every start of the game, every catalog rebuilt after the Mods screen, and every test's new App checks and reads
the same bundled mods again; each is a few milliseconds of walking folders, parsing YAML and validating it. A
:class:`Memo` keeps such a result beside the *signature* of the files it came from, and hands it back only while
one new walk sees the same signature.

A signature is every entry's path, type, size, inode, modification and change time. Writing a file, renaming
one over it, touching it or copying another over it with its old times all set its change time to now (no
program can set it back), and adding or removing a file changes the list: so an equal signature means the same
files. Except within one tick of the file system's clock (up to two seconds on FAT, a few milliseconds
elsewhere): a file written twice in one tick may keep its times. A signature holding anything changed less than
:data:`SETTLE_NS` before the walk is therefore *unsettled* and never remembered (git's "racily clean" rule): a
mod the player is editing right now is read afresh each time, as before.
"""

from __future__ import annotations

import os
import stat
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

SETTLE_NS = 3_000_000_000
"""How old every entry must be, at the walk, for its signature to be remembered."""

Entry = tuple[str, int, int, int, int, int]  # path inside, mode, size, inode, mtime_ns, ctime_ns


@dataclass(frozen=True)
class Signature:
    """What one walk saw of a file or a folder; ``settled`` when nothing in it had changed for a while."""

    entries: tuple[Entry, ...]
    settled: bool


def _now_ns() -> int:
    return time.time_ns()


def _entry(relative: str, info: os.stat_result) -> Entry:
    return (relative, info.st_mode, info.st_size, info.st_ino, info.st_mtime_ns, info.st_ctime_ns)


def _signature(entries: list[Entry], started: int) -> Signature:
    newest = max((max(e[4], e[5]) for e in entries), default=0)
    return Signature(tuple(entries), newest < started - SETTLE_NS)


def file_signature(path: str | os.PathLike[str]) -> Signature | None:
    """The signature of one file (None when it cannot be read: nothing is remembered then)."""
    started = _now_ns()
    try:
        return _signature([_entry("", os.stat(path))], started)
    except OSError:
        return None


def folder_signature(folder: str | os.PathLike[str]) -> Signature | None:
    """The signature of a folder and everything in it, links not followed (None when part cannot be read)."""
    started = _now_ns()
    entries: list[Entry] = []
    pending = [""]
    root = os.fspath(folder)
    try:
        entries.append(_entry("", os.lstat(root)))
        while pending:
            inside = pending.pop()
            with os.scandir(os.path.join(root, inside) if inside else root) as listing:
                for item in listing:
                    relative = f"{inside}/{item.name}" if inside else item.name
                    info = item.stat(follow_symlinks=False)
                    entries.append(_entry(relative, info))
                    if stat.S_ISDIR(info.st_mode):
                        pending.append(relative)
    except OSError:
        return None
    entries.sort()  # the order a folder lists its entries in is not part of what it holds
    return _signature(entries, started)


class Recent(Generic[K, V]):
    """The ``size`` values most recently used, by key; safe to share between threads (a network table's server
    thread reads rulesets while the window's thread may build its catalog)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._kept.get(key)
            if value is not None:
                self._kept.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def __len__(self) -> int:
        return len(self._kept)


class Memo:
    """Results keyed by a caller's key and the signature of the files they came from; the ``size`` most recently
    used are kept (memory stays bounded however many mods come and go)."""

    def __init__(self, size: int) -> None:
        self._kept: Recent[Hashable, tuple[tuple[Entry, ...], object]] = Recent(size)

    def get(self, key: Hashable, signature: Signature | None, compute: Callable[[], T]) -> T:
        """What ``compute`` gives, remembered under ``key`` while the files keep ``signature`` (a key keeps one
        result: the one for the files as last seen).

        The caller hands out copies of anything mutable it gets back: the remembered value is shared."""
        if signature is None or not signature.settled:
            return compute()
        kept = self._kept.get(key)
        if kept is not None and kept[0] == signature.entries:
            return kept[1]  # type: ignore[return-value]
        value = compute()  # (outside the lock: two threads may both work it out, and either result is right)
        self._kept.put(key, (signature.entries, value))
        return value
