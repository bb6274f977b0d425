"""Refuse unsafe mod archives and folders before a single byte is written.

A zip is checked member by member from its central directory (absolute paths, ``..``, drive letters, links,
encrypted members, oversized members, too many members, a suspicious compression ratio). Extraction then
writes only into a fresh staging folder and counts the bytes it really inflates, because the sizes in a zip's
directory can lie.
"""

from __future__ import annotations

import lzma
import os
import shutil
import stat
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from game.errors import ModError, Problem


@dataclass(frozen=True)
class Limits:
    """How big a mod may be; generous for tile sheets and voice packs, small enough to stop a zip bomb."""

    max_files: int = 2000
    max_file_bytes: int = 64 * 1024 * 1024
    max_total_bytes: int = 512 * 1024 * 1024
    max_ratio: float = 100.0
    ratio_floor_bytes: int = 64 * 1024  # tiny files compress absurdly well; judge the ratio above this size
    # Every system the game runs on must be able to unpack the mod: Windows paths stop at 260 characters, and the
    # mods folder's own path takes some of them.
    max_path_chars: int = 160
    max_name_chars: int = 100
    max_depth: int = 12


DEFAULT_LIMITS = Limits()

# What Python's zipfile can inflate; Windows' "compressed folder" writes Deflate64 (method 9) for big files,
# which would otherwise fail half-way through unpacking.
METHODS = {zipfile.ZIP_STORED: "stored", zipfile.ZIP_DEFLATED: "deflate", zipfile.ZIP_BZIP2: "bzip2",
           zipfile.ZIP_LZMA: "lzma"}


def _member_problem(name: str, info: zipfile.ZipInfo, limits: Limits) -> str | None:
    if "\\" in name:
        return f"member {name!r} uses a backslash; zip paths must use '/'"
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return f"member {name!r} has an absolute path"
    if any(part == ".." for part in PurePosixPath(name).parts):
        return f"member {name!r} climbs out of the mod folder with '..'"
    if "\x00" in name:
        return f"member {name!r} has a NUL byte in its name"
    problem = path_problem(name.rstrip("/"), limits)
    if problem:
        return f"member {name!r} {problem}"
    # Only Unix-made archives keep a file type in the high bits; elsewhere they mean nothing.
    file_type = stat.S_IFMT(info.external_attr >> 16) if info.create_system == 3 else 0
    if file_type == stat.S_IFLNK:
        return f"member {name!r} is a symbolic link; links are not allowed in mods"
    if file_type and file_type not in (stat.S_IFREG, stat.S_IFDIR):
        return f"member {name!r} is not a regular file"
    if info.flag_bits & 0x1:
        return f"member {name!r} is encrypted"
    if info.compress_type not in METHODS:
        return (f"member {name!r} uses compression method {info.compress_type}, which the game cannot unpack; "
                f"make the zip again with ordinary (deflate) compression")
    if info.file_size > limits.max_file_bytes:
        return f"member {name!r} is {info.file_size} bytes, more than the limit of {limits.max_file_bytes}"
    if info.file_size > limits.ratio_floor_bytes and info.file_size > limits.max_ratio * max(info.compress_size, 1):
        ratio = info.file_size / max(info.compress_size, 1)
        return (f"member {name!r} inflates {ratio:.0f} times ({info.compress_size} to {info.file_size} bytes), "
                f"more than the limit of {limits.max_ratio:.0f}; this looks like a zip bomb")
    return None


# Characters that cannot be in a file name on Windows, and control characters, which no mod needs in a name.
_BAD_NAME_CHARS = frozenset('<>:"|?*') | {chr(c) for c in range(32)} | {"\x7f"}


def path_problem(relative: str, limits: Limits = DEFAULT_LIMITS) -> str | None:
    """Why the path ``relative`` (``/``-separated, inside a mod) cannot be unpacked everywhere, or None."""
    parts = relative.split("/")
    if len(relative) > limits.max_path_chars:
        return f"has a path of {len(relative)} characters, more than the limit of {limits.max_path_chars}"
    if len(parts) > limits.max_depth:
        return f"is {len(parts)} folders deep, more than the limit of {limits.max_depth}"
    for part in parts:
        if len(part) > limits.max_name_chars:
            return f"has a name of {len(part)} characters, more than the limit of {limits.max_name_chars}"
        if _BAD_NAME_CHARS & set(part):
            return "has a character in its name that is not allowed in file names (a control character or one of " \
                   '< > : " | ? *)'
    return None


def check_zip(archive: zipfile.ZipFile, shown: str, limits: Limits = DEFAULT_LIMITS) -> list[Problem]:
    """Every reason not to extract ``archive``; an empty list means it is safe."""
    problems: list[Problem] = []
    infos = archive.infolist()
    if len(infos) > limits.max_files:
        return [Problem(shown, f"the archive has {len(infos)} members, more than the limit of {limits.max_files}")]
    total = 0
    seen: set[str] = set()
    files: dict[str, str] = {}
    folders: dict[str, str] = {}
    for info in infos:
        name = info.filename
        message = _member_problem(name, info, limits)
        key = name.rstrip("/").lower()
        if message is None and key in seen:
            message = f"member {name!r} appears twice"
        if message:
            problems.append(Problem(shown, message))
        seen.add(key)
        if not info.is_dir():
            files[key] = name
        parts = key.split("/")
        for depth in range(1, len(parts)):
            folders.setdefault("/".join(parts[:depth]), name)
        total += info.file_size
    # Case-insensitively, as on Windows and macOS: a file 'a/b' and a file 'A/B/c' cannot both be unpacked.
    for key in sorted(files.keys() & folders.keys()):
        problems.append(Problem(shown, f"member {files[key]!r} is a file, but {folders[key]!r} needs a folder of "
                                       "that name"))
    if total > limits.max_total_bytes:
        problems.append(Problem(shown, f"the archive unpacks to {total} bytes, more than the limit of "
                                       f"{limits.max_total_bytes}"))
    return problems


def mod_root_in_zip(archive: zipfile.ZipFile) -> str:
    """The folder inside the archive that holds ``mod.yaml``: the top, or one folder down."""
    names = [info.filename for info in archive.infolist()]
    if "mod.yaml" in names:
        return ""
    tops = [name for name in names if name.count("/") == 1 and name.endswith("/mod.yaml")]
    return tops[0][: -len("mod.yaml")] if len(tops) == 1 else ""


def extract_zip(zip_path: Path, dest: Path, shown: str | None = None, limits: Limits = DEFAULT_LIMITS) -> None:
    """Extract the mod inside ``zip_path`` into ``dest``, a folder that must not exist yet.

    Raises :class:`ModError` and writes nothing when the archive is unsafe. If a member inflates to more than
    its directory promised, the partly written ``dest`` is removed before the error is raised.
    """
    shown = shown or str(zip_path)
    try:
        archive = zipfile.ZipFile(zip_path)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise ModError([Problem(shown, f"not a readable zip archive: {exc}")]) from None
    with archive:
        problems = check_zip(archive, shown, limits)
        if problems:
            raise ModError(problems)
        root = mod_root_in_zip(archive)
        dest.mkdir(parents=True)
        try:
            _extract_members(archive, root, dest, shown, limits)
        except BaseException:
            shutil.rmtree(dest, ignore_errors=True)
            raise


def _extract_members(archive: zipfile.ZipFile, root: str, dest: Path, shown: str, limits: Limits) -> None:
    written = 0
    base = dest.resolve()
    for info in archive.infolist():
        if not info.filename.startswith(root) or info.filename == root:
            continue
        relative = info.filename[len(root):]
        target = (dest / relative).resolve()
        if base not in target.parents and target != base:
            raise ModError([Problem(shown, f"member {info.filename!r} would be written outside the mod folder")])
        size = 0
        try:
            if info.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(info) as source, open(target, "xb") as sink:
                while chunk := source.read(1024 * 1024):
                    size += len(chunk)
                    written += len(chunk)
                    if size > max(info.file_size, 0) or size > limits.max_file_bytes:
                        raise ModError([Problem(shown, f"member {info.filename!r} inflates to more than the "
                                                       f"{info.file_size} bytes its header declares")])
                    if written > limits.max_total_bytes:
                        raise ModError([Problem(shown, f"the archive unpacks to more than {limits.max_total_bytes} "
                                                       "bytes")])
                    sink.write(chunk)
        except (zipfile.BadZipFile, EOFError, ValueError, NotImplementedError, RuntimeError, zlib.error,
                lzma.LZMAError) as exc:
            # zlib, bz2 and lzma each raise their own error for damaged compressed data
            raise ModError([Problem(shown, f"member {info.filename!r} cannot be unpacked: the archive is damaged "
                                           f"({exc})")]) from None
        except OSError as exc:
            raise ModError([Problem(shown, f"member {info.filename!r} cannot be unpacked: "
                                           f"{(exc.strerror or str(exc)).lower()}")]) from None


def check_folder(folder: Path, shown: str, limits: Limits = DEFAULT_LIMITS) -> list[Problem]:
    """Every reason not to copy or load the mod folder: links, special files, too many or too big files."""
    problems: list[Problem] = []
    count = 0
    total = 0
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
        for name in sorted(dirnames + filenames):
            # Plain strings, not paths: every catalog build walks every mod's files, the game's start too.
            path = os.path.join(dirpath, name)
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                problems.append(Problem(_shown_in(folder, path, shown), "symbolic links are not allowed in mods"))
                continue
            relative = os.path.relpath(path, folder).replace(os.sep, "/")
            problem = path_problem(relative, limits)
            if problem:
                problems.append(Problem(_shown_in(folder, path, shown), f"the file or folder {problem}"))
                continue
            if stat.S_ISDIR(info.st_mode):
                continue
            if not stat.S_ISREG(info.st_mode):
                problems.append(Problem(_shown_in(folder, path, shown), "not a regular file"))
                continue
            count += 1
            total += info.st_size
            if info.st_size > limits.max_file_bytes:
                problems.append(Problem(_shown_in(folder, path, shown), f"the file is {info.st_size} bytes, more "
                                                                        f"than the limit of {limits.max_file_bytes}"))
        if count > limits.max_files:
            return [Problem(shown, f"the mod has more than {limits.max_files} files")]
    if total > limits.max_total_bytes:
        problems.append(Problem(shown, f"the mod holds {total} bytes, more than the limit of "
                                       f"{limits.max_total_bytes}"))
    return problems


def _shown_in(folder: Path, path: str, shown: str) -> str:
    return f"{shown}/{Path(path).relative_to(folder).as_posix()}"


def copy_folder(source: Path, dest: Path) -> None:
    """Copy a checked mod folder's regular files into ``dest`` (which must not exist)."""
    dest.mkdir(parents=True)
    try:
        for dirpath, _dirnames, filenames in os.walk(source, followlinks=False):
            for name in filenames:
                path = Path(dirpath) / name
                if not stat.S_ISREG(path.lstat().st_mode):
                    continue
                target = dest / path.relative_to(source)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target, follow_symlinks=False)
    except BaseException:
        shutil.rmtree(dest, ignore_errors=True)
        raise
