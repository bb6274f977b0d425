"""Write the player's files so that nothing is lost: atomically, one writer at a time, with dated backups.

* :func:`write_atomic` writes a temporary file beside the target, flushes it to disk and renames it over the
  target, so a crash or a kill leaves the old content or the new, never a mix. When the write fails (a full
  disk, a read-only folder) it raises :class:`~game.errors.WriteError` saying what was not saved and where the
  previous copy still is. Temporary files that killed writers left behind are removed by the next write in
  their folder.
* :func:`locked` lets one process at a time read, change and write a file that several may share (the
  statistics, the mods state, the autosave), so two games finishing a hand at once both count.
* :func:`dated_backup` keeps copies of a file from the last few days in a ``backups`` folder beside it.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from filelock import FileLock, Timeout

from game.errors import WriteError
from game.i18n import L_

TMP_SUFFIX = ".tmp"
STALE_SECONDS = 600
"""A temporary file this old is a leftover: a real write takes milliseconds, even of a large save."""
LOCK_SECONDS = 15.0
"""How long a writer waits for another process to finish with a shared file before giving up."""
BACKUP_FOLDER = "backups"


class NotReadableError(ValueError):
    """A file that is not read at all: not a regular file (a folder, a named pipe, a device) or too big."""


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path`` when it is a regular file of at most ``limit`` bytes.

    Opened without blocking, so a named pipe (FIFO) is reported instead of waited on forever, and checked on the
    open file, so what was checked is what is read. Raises :class:`NotReadableError` saying why, or ``OSError``.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
    except OSError:
        os.close(fd)
        raise
    if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
        os.close(fd)
        if stat.S_ISREG(info.st_mode):
            raise NotReadableError(L_("the file is {size} bytes, more than the limit of {limit}", size=info.st_size,
                                      limit=limit))
        if stat.S_ISDIR(info.st_mode):
            raise NotReadableError(L_("not a regular file but a folder"))
        if stat.S_ISFIFO(info.st_mode):
            raise NotReadableError(L_("not a regular file but a named pipe"))
        raise NotReadableError(L_("not a regular file but a device or socket"))
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise NotReadableError(L_("the file is more than the limit of {limit} bytes", limit=limit))
    return data


def write_atomic(path: str | os.PathLike[str], data: bytes | str, what: str | None = None) -> None:
    """Write a file so that a crash leaves either the old or the new content, never a mix.

    ``what`` names the file in the message of the :class:`WriteError` raised when it cannot be written (its
    name by default).
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    kind = _special_kind(target)
    if kind is not None:
        _write_special(target, kind, payload, what)
        return
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=TMP_SUFFIX,
                                        dir=target.parent)
    except OSError as exc:
        raise not_saved(target, exc, what) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except OSError as exc:
        Path(tmp_name).unlink(missing_ok=True)
        raise not_saved(target, exc, what) from None
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    clean_leftovers(target)


def _special_kind(target: Path) -> str | None:
    """What ``target`` is when it exists and is not a regular file (nor a link to one); None otherwise."""
    try:
        mode = target.stat().st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    return "a folder" if stat.S_ISDIR(mode) else "a device, pipe or socket"


def _write_special(target: Path, kind: str, payload: bytes, what: str | None) -> None:
    """Write into a device or pipe as it is (``--out /dev/null``): renaming a file over it, as an atomic write
    does, would put a plain file in the device's place, for every program on the machine. A folder is refused."""
    if kind == "a folder":
        raise not_saved(target, IsADirectoryError(21, "it is a folder"), what)
    try:
        with open(target, "wb") as handle:
            handle.write(payload)
    except OSError as exc:
        raise not_saved(target, exc, what) from None


def not_saved(target: Path, exc: OSError, what: str | None = None) -> WriteError:
    """The error for a file that could not be written: what, why, and where the previous copy is."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    kept = (f"the previous copy is unchanged at {target}" if target.exists()
            else f"nothing was there before ({target})")
    error = WriteError(f"could not save {what or target.name}: {reason.lower()}; {kept}")
    error.errno, error.strerror, error.filename = exc.errno, exc.strerror, str(target)
    return error


_TMP_NAME = re.compile(r"^\..+?(?:\.(\d+))?\.[^.]+\.tmp$")


def clean_leftovers(target: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files that killed writers left in ``target``'s folder; return what was removed.

    A leftover is one whose writer is gone (POSIX: its process id, part of the name, is no longer running) or
    that is older than :data:`STALE_SECONDS`; a write in progress in another process is never touched.
    """
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return []
    for entry in entries:
        found = _TMP_NAME.match(entry.name)
        if found is None:
            continue
        try:
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS
            if old or (found.group(1) is not None and _writer_gone(int(found.group(1)))):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _writer_gone(pid: int) -> bool:
    if sys.platform == "win32" or pid == os.getpid():
        return False  # on Windows os.kill would end the process it asks about: only age tells there
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], what: str | None = None, timeout: float = LOCK_SECONDS) -> Iterator[None]:
    """Hold the lock of the shared file ``path`` (a hidden ``.NAME.lock`` beside it) for the ``with`` block.

    Every process that reads, changes and writes ``path`` does it inside this block, so no change is lost.
    Raises :class:`WriteError` when the folder cannot hold the lock file or another process keeps the lock
    longer than ``timeout`` seconds.
    """
    target = Path(path)
    lock_path = target.with_name(f".{target.name}.lock")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        lock = FileLock(lock_path, timeout=timeout)
        lock.acquire()
    except Timeout:
        raise WriteError(f"could not save {what or target.name}: another Sparrow kept {lock_path} locked for "
                         f"{timeout:.0f} s; {_kept(target)}") from None
    except OSError as exc:
        raise not_saved(target, exc, what) from None
    try:
        yield
    finally:
        lock.release()


def _kept(target: Path) -> str:
    return f"the previous copy is unchanged at {target}" if target.exists() else "nothing was there before"


def dated_backup(path: Path, keep: int, today: str | None = None) -> Path | None:
    """Copy ``path`` to ``backups/<stem>-<date><suffix>`` beside it, replacing the same day's copy; keep the
    ``keep`` newest days.

    Called before ``path`` is overwritten, so the day's copy is the file as it was before the latest save, and
    the earlier days' copies stay as they were at the end of their day. Returns the backup written, or None (no
    file, or the copy could not be written: the file itself is still saved).
    """
    if not path.is_file():
        return None
    folder = path.parent / BACKUP_FOLDER
    today = today or datetime.now(UTC).date().isoformat()
    backup = folder / f"{path.stem}-{today}{path.suffix}"
    try:
        write_atomic(backup, path.read_bytes())
    except OSError:
        return None
    for old in backups_of(path)[keep:]:
        old.unlink(missing_ok=True)
    return backup


def backups_of(path: Path) -> list[Path]:
    """The dated backups of ``path``, newest first."""
    folder = path.parent / BACKUP_FOLDER
    try:
        found = [p for p in folder.glob(f"{path.stem}-*{path.suffix}") if p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name, reverse=True)


def aside_name(path: Path, label: str = "corrupt") -> Path:
    """A name of its own for a damaged ``path`` kept aside (``NAME.corrupt-<time>.EXT``), which no later one
    overwrites."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    for n in range(1, 1000):
        aside = path.with_name(f"{path.stem}.{label}-{stamp}{f'-{n}' if n > 1 else ''}{path.suffix}")
        if not aside.exists():
            break
    return aside


def set_aside(path: Path, label: str = "corrupt") -> Path:
    """Rename a damaged ``path`` to :func:`aside_name`: kept for the player to inspect or mend."""
    aside = aside_name(path, label)
    os.replace(path, aside)
    return aside
