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
from game.i18n import L_


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
        return L_("member {name} uses a backslash; zip paths must use '/'", name=repr(name))
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return L_("member {name} has an absolute path", name=repr(name))
    if any(part == ".." for part in PurePosixPath(name).parts):
        return L_("member {name} climbs out of the mod folder with '..'", name=repr(name))
    if "\x00" in name:
        return L_("member {name} has a NUL byte in its name", name=repr(name))
    problem = path_problem(name.rstrip("/"), limits)
    if problem:
        return L_("member {name} {problem}", name=repr(name), problem=problem)
    # Only Unix-made archives keep a file type in the high bits; elsewhere they mean nothing.
    file_type = stat.S_IFMT(info.external_attr >> 16) if info.create_system == 3 else 0
    if file_type == stat.S_IFLNK:
        return L_("member {name} is a symbolic link; links are not allowed in mods", name=repr(name))
    if file_type and file_type not in (stat.S_IFREG, stat.S_IFDIR):
        return L_("member {name} is not a regular file", name=repr(name))
    if info.flag_bits & 0x1:
        return L_("member {name} is encrypted", name=repr(name))
    if info.compress_type not in METHODS:
        return L_("member {name} uses compression method {method}, which the game cannot unpack; make the zip again "
                  "with ordinary (deflate) compression", name=repr(name), method=info.compress_type)
    if info.file_size > limits.max_file_bytes:
        return L_("member {name} is {size} bytes, more than the limit of {limit}", name=repr(name),
                  size=info.file_size, limit=limits.max_file_bytes)
    if info.file_size > limits.ratio_floor_bytes and info.file_size > limits.max_ratio * max(info.compress_size, 1):
        ratio = info.file_size / max(info.compress_size, 1)
        return L_("member {name} inflates {ratio} times ({packed} to {size} bytes), more than the limit of {limit}; "
                  "this looks like a zip bomb", name=repr(name), ratio=f"{ratio:.0f}", packed=info.compress_size,
                  size=info.file_size, limit=f"{limits.max_ratio:.0f}")
    return None


# Characters that cannot be in a file name on Windows, and control characters, which no mod needs in a name.
_BAD_NAME_CHARS = frozenset('<>:"|?*') | {chr(c) for c in range(32)} | {"\x7f"}


def path_problem(relative: str, limits: Limits = DEFAULT_LIMITS) -> str | None:
    """Why the path ``relative`` (``/``-separated, inside a mod) cannot be unpacked everywhere, or None."""
    parts = relative.split("/")
    if len(relative) > limits.max_path_chars:
        return L_("has a path of {n} characters, more than the limit of {limit}", n=len(relative),
                  limit=limits.max_path_chars)
    if len(parts) > limits.max_depth:
        return L_("is {n} folders deep, more than the limit of {limit}", n=len(parts), limit=limits.max_depth)
    for part in parts:
        if len(part) > limits.max_name_chars:
            return L_("has a name of {n} characters, more than the limit of {limit}", n=len(part),
                      limit=limits.max_name_chars)
        if _BAD_NAME_CHARS & set(part):
            return L_('has a character in its name that is not allowed in file names (a control character or one '
                      'of < > : " | ? *)')
    return None


def check_zip(archive: zipfile.ZipFile, shown: str, limits: Limits = DEFAULT_LIMITS) -> list[Problem]:
    """Every reason not to extract ``archive``; an empty list means it is safe."""
    problems: list[Problem] = []
    infos = archive.infolist()
    if len(infos) > limits.max_files:
        return [Problem(shown, L_("the archive has {n} members, more than the limit of {limit}", n=len(infos),
                                  limit=limits.max_files))]
    total = 0
    seen: set[str] = set()
    files: dict[str, str] = {}
    folders: dict[str, str] = {}
    for info in infos:
        name = info.filename
        message = _member_problem(name, info, limits)
        key = name.rstrip("/").lower()
        if message is None and key in seen:
            message = L_("member {name} appears twice", name=repr(name))
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
        problems.append(Problem(shown, L_("member {file} is a file, but {other} needs a folder of that name",
                                          file=repr(files[key]), other=repr(folders[key]))))
    if total > limits.max_total_bytes:
        problems.append(Problem(shown, L_("the archive unpacks to {size} bytes, more than the limit of {limit}",
                                          size=total, limit=limits.max_total_bytes)))
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
        raise ModError([Problem(shown, L_("not a readable zip archive: {reason}", reason=str(exc)))]) from None
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
            raise ModError([Problem(shown, L_("member {name} would be written outside the mod folder",
                                              name=repr(info.filename)))])
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
                        raise ModError([Problem(shown, L_("member {name} inflates to more than the {size} bytes its "
                                                          "header declares", name=repr(info.filename),
                                                          size=info.file_size))])
                    if written > limits.max_total_bytes:
                        raise ModError([Problem(shown, L_("the archive unpacks to more than {limit} bytes",
                                                          limit=limits.max_total_bytes))])
                    sink.write(chunk)
        except (zipfile.BadZipFile, EOFError, ValueError, NotImplementedError, RuntimeError, zlib.error,
                lzma.LZMAError) as exc:
            # zlib, bz2 and lzma each raise their own error for damaged compressed data
            raise ModError([Problem(shown, L_("member {name} cannot be unpacked: the archive is damaged ({reason})",
                                              name=repr(info.filename), reason=str(exc)))]) from None
        except OSError as exc:
            raise ModError([Problem(shown, L_("member {name} cannot be unpacked: {reason}", name=repr(info.filename),
                                              reason=(exc.strerror or str(exc)).lower()))]) from None


def check_folder(folder: Path, shown: str, limits: Limits = DEFAULT_LIMITS) -> list[Problem]:
    """Every reason not to copy or load the mod folder: links, special files, too many or too big files."""
    problems: list[Problem] = []
    count = 0
    total = 0
    # Every path the walk gives starts with the folder's own: cut off, it is the path inside the mod (what
    # os.path.relpath says, without making both paths absolute once per file).
    inside = len(os.path.join(folder, ""))
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
        for name in sorted(dirnames + filenames):
            # Plain strings, not paths: every catalog build walks every mod's files, the game's start too.
            path = os.path.join(dirpath, name)
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                problems.append(Problem(_shown_in(folder, path, shown), L_("symbolic links are not allowed in mods")))
                continue
            relative = path[inside:].replace(os.sep, "/")
            problem = path_problem(relative, limits)
            if problem:
                problems.append(Problem(_shown_in(folder, path, shown), L_("the file or folder {problem}",
                                                                           problem=problem)))
                continue
            if stat.S_ISDIR(info.st_mode):
                continue
            if not stat.S_ISREG(info.st_mode):
                problems.append(Problem(_shown_in(folder, path, shown), L_("not a regular file")))
                continue
            count += 1
            total += info.st_size
            if info.st_size > limits.max_file_bytes:
                problems.append(Problem(_shown_in(folder, path, shown), L_(
                    "the file is {size} bytes, more than the limit of {limit}", size=info.st_size,
                    limit=limits.max_file_bytes)))
        if count > limits.max_files:
            return [Problem(shown, L_("the mod has more than {limit} files", limit=limits.max_files))]
    if total > limits.max_total_bytes:
        problems.append(Problem(shown, L_("the mod holds {size} bytes, more than the limit of {limit}", size=total,
                                          limit=limits.max_total_bytes)))
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
