"""Check images and sounds from mods before pygame sees them, so a hostile file is refused, never decoded.

No pygame (SDL) call is given a media file the game has not checked first:

* images: only PNG, JPEG, GIF and BMP are taken, and the size their header announces (every frame of a GIF) is
  checked in Python before a byte is decoded, because a small file can announce a picture that takes
  gigabytes to decode (an "image bomb"); SDL would also decode SVG, PPM, TGA and others, which are refused;
* sounds: a WAV file's chunks are read in Python (a WAV with only a header makes SDL_mixer free memory twice
  and kill the process); an OGG, FLAC or MP3 file from a player's mod is decoded once in a child process with a
  time and memory limit (:mod:`game.sound_probe`), and the verdict is remembered by the file's content
  hash in the cache folder. Files that come with the game are decoded in this process, as they always were.

pygame is imported here lazily (this is a validator that must decode media); it never opens a window. Sounds
need the mixer: when it is not running, it is started on SDL's dummy audio driver for the check and stopped
again, so checking a mod never touches the sound card.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import ModuleType

from game.errors import message_of
from game.filememo import Recent
from game.i18n import L_
from game.storage import NotReadableError, read_regular

MAX_IMAGE_SIDE = 8192
MAX_IMAGE_PIXELS = 4096 * 4096
"""64 MB once decoded; the largest bundled tile sheet has under a million pixels."""
MAX_MEDIA_BYTES = 64 * 1024 * 1024
MAX_SOUND_SECONDS = 30 * 60.0


def _pygame() -> ModuleType:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # only when a mod's media are checked: the mods layer otherwise runs without the display

    return pygame


def read_media(path: Path, what: str) -> bytes:
    """The bytes of a media file, read only when it is a regular file of a sane size; ``ValueError`` otherwise."""
    try:
        data = read_regular(path, MAX_MEDIA_BYTES)
    except NotReadableError as exc:
        raise ValueError(L_("expected {what}: {problem}", what=what, problem=message_of(exc))) from None
    except OSError as exc:
        raise ValueError(L_("cannot read the file: {reason}", reason=exc.strerror or str(exc))) from None
    if not data:
        raise ValueError(L_("expected {what}, got an empty file", what=what))
    return data


# ----- images ----------------------------------------------------------------------------------------------------

_JPEG_FRAMES = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
IMAGE_FORMATS = "PNG, JPEG, GIF or BMP"


def image_kind(data: bytes) -> str | None:
    """``png``, ``jpeg``, ``gif`` or ``bmp`` by the file's first bytes (what SDL goes by too); None otherwise."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "png"
    if data[:3] == b"\xff\xd8\xff":
        return "jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if data[:2] == b"BM":
        return "bmp"
    return None


def declared_size(data: bytes) -> tuple[int, int] | None:
    """The width and height a PNG, GIF, BMP or JPEG header announces (for a GIF, the largest of its screen and
    frames); None for other or torn headers.

    Read before decoding because a small file can announce a huge picture (an "image bomb") that would take
    gigabytes to decode.
    """
    kind = image_kind(data)
    if kind == "png":
        if data[12:16] == b"IHDR" and len(data) >= 24:
            return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        return None
    if kind == "gif":
        return _gif_size(data)
    if kind == "bmp":
        return _bmp_size(data)
    if kind == "jpeg":
        return _jpeg_size(data)
    return None


def _gif_size(data: bytes) -> tuple[int, int] | None:
    """The largest of the logical screen and every frame: SDL sizes its picture by the frame it decodes."""
    if len(data) < 13:
        return None
    width, height = int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    at = 13 + (3 * 2 ** ((data[10] & 0x07) + 1) if data[10] & 0x80 else 0)
    frames = 0
    while at < len(data):
        block = data[at]
        if block == 0x3B:  # trailer
            break
        if block == 0x21:  # extension: label, then sub-blocks
            at = _skip_sub_blocks(data, at + 2)
        elif block == 0x2C:  # image descriptor
            if at + 10 > len(data):
                return None
            width = max(width, int.from_bytes(data[at + 5:at + 7], "little"))
            height = max(height, int.from_bytes(data[at + 7:at + 9], "little"))
            flags = data[at + 9]
            at += 10 + (3 * 2 ** ((flags & 0x07) + 1) if flags & 0x80 else 0)
            at = _skip_sub_blocks(data, at + 1)  # after the LZW code size
            frames += 1
        else:
            return None
        if at < 0:
            return None
    return (width, height) if frames else None


def _skip_sub_blocks(data: bytes, at: int) -> int:
    while at < len(data):
        size = data[at]
        at += 1 + size
        if size == 0:
            return at
    return -1


def _bmp_size(data: bytes) -> tuple[int, int] | None:
    if len(data) < 26:
        return None
    header = int.from_bytes(data[14:18], "little")
    if header == 12:  # the old OS/2 header: 16-bit sizes
        return int.from_bytes(data[18:20], "little"), int.from_bytes(data[20:22], "little")
    width = int.from_bytes(data[18:22], "little", signed=True)
    height = int.from_bytes(data[22:26], "little", signed=True)
    return abs(width), abs(height)  # a negative height means a top-down bitmap


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    at = 2
    while at + 9 <= len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte before a marker
            at += 1
            continue
        if marker in _JPEG_FRAMES:
            return int.from_bytes(data[at + 7:at + 9], "big"), int.from_bytes(data[at + 5:at + 7], "big")
        at += 2 + int.from_bytes(data[at + 2:at + 4], "big")
    return None


def image_problem(data: bytes) -> str | None:
    """Why the image ``data`` must not be decoded (its format or the size it announces), or None."""
    if image_kind(data) is None:
        return L_("expected a {formats} image, the file is none of these ({start})", formats=IMAGE_FORMATS,
                  start=_starts(data))
    size = declared_size(data)
    if size is None:
        return L_("expected a {formats} image, the file's header is damaged or cut short", formats=IMAGE_FORMATS)
    width, height = size
    if width < 1 or height < 1:
        return L_("expected an image of at least 1×1 pixels, the header says {size}", size=f"{width}×{height}")
    if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE or width * height > MAX_IMAGE_PIXELS:
        return L_("expected an image at most {side} pixels a side and {pixels} pixels in all, got {size}",
                  side=MAX_IMAGE_SIDE, pixels=MAX_IMAGE_PIXELS, size=f"{width}×{height}")
    return None


def _starts(data: bytes) -> str:
    head = data[:8]
    text = head.decode("ascii", "replace")
    shown = text if text.isprintable() else head.hex(" ")
    return L_("it starts with {start}", start=repr(shown))


def checked_image(path: Path) -> bytes:
    """The bytes of the image at ``path`` once its format and announced size are acceptable (``ValueError`` with
    the reason otherwise): what the game gives pygame to decode, so the bytes checked are the bytes decoded."""
    data = read_media(path, L_("an image"))
    problem = image_problem(data)
    if problem:
        raise ValueError(problem)
    return data


_DECODED: Recent[tuple[str, str], tuple[int, int] | str] = Recent(4096)
"""What decoding gave (the size, or why not), by the image's content and name: every full catalog build checks
every image of every mod, the mod manager's after each change too, and the same bytes decode the same. Bounded: a
modder saving one picture again and again makes a new key each time."""


def image_size(path: Path) -> tuple[int, int]:
    """Check, then decode the image at ``path`` and return its size; raise ``ValueError`` with a message if it is
    not one."""
    data = checked_image(path)
    key = (content_key(data), path.name)
    decoded = _DECODED.get(key)
    if decoded is None:
        decoded = _decoded_size(data, path.name)
        _DECODED.put(key, decoded)
    if isinstance(decoded, str):
        raise ValueError(decoded)
    return decoded


def _decoded_size(data: bytes, name: str) -> tuple[int, int] | str:
    pygame = _pygame()
    try:
        surface = pygame.image.load(io.BytesIO(data), name)
    except (pygame.error, ValueError, OSError) as exc:
        return L_("expected a {formats} image, the file cannot be decoded ({reason})", formats=IMAGE_FORMATS,
                  reason=str(exc))
    width, height = surface.get_size()
    if (width, height) != declared_size(data):
        return L_("the image decodes to {size}, not the {declared} its header says", size=f"{width}×{height}",
                  declared=str(declared_size(data)))
    return width, height


# ----- sounds ----------------------------------------------------------------------------------------------------

SOUND_FORMATS = "WAV, OGG, FLAC or MP3"
# WAV encodings whose samples are the data itself: the chunks read in Python say all there is to know.
_PLAIN_WAV = {1: "PCM", 3: "float", 6: "A-law", 7: "µ-law"}
_MAX_WAV_CHUNKS = 1000


def sound_kind(data: bytes) -> str | None:
    """``wav``, ``ogg``, ``flac`` or ``mp3`` by the file's first bytes; None for anything else."""
    if data[:4] == b"RIFF" and data[8:12] == b"WAVE":
        return "wav"
    if data[:4] == b"OggS":
        return "ogg"
    if data[:4] == b"fLaC":
        return "flac"
    if data[:3] == b"ID3" or (len(data) > 1 and data[0] == 0xFF and data[1] & 0xE0 == 0xE0):
        return "mp3"
    return None


def wav_problem(data: bytes) -> tuple[str | None, bool]:
    """Why the WAV ``data`` must not be decoded (or None), and whether only decoding can tell more (a compressed
    encoding such as ADPCM)."""
    at, fmt, chunks = 12, None, 0
    while at + 8 <= len(data):
        chunks += 1
        if chunks > _MAX_WAV_CHUNKS:
            return L_("the WAV file has more than {n} chunks", n=_MAX_WAV_CHUNKS), False
        name, size = data[at:at + 4], int.from_bytes(data[at + 4:at + 8], "little")
        body = data[at + 8:at + 8 + size]
        if name == b"fmt ":
            if len(body) < 16:
                return L_("the WAV file's format chunk is cut short"), False
            fmt = body
        elif name == b"data":
            if fmt is None:
                return L_("the WAV file has its sound data before its format chunk"), False
            return _wav_data_problem(fmt, size, len(body))
        at += 8 + size + (size & 1)
    if fmt is None:
        return L_("the WAV file has no format chunk"), False
    return L_("the WAV file has no sound data (only a header)"), False


def _wav_data_problem(fmt: bytes, size: int, present: int) -> tuple[str | None, bool]:
    tag = int.from_bytes(fmt[0:2], "little")
    channels = int.from_bytes(fmt[2:4], "little")
    rate = int.from_bytes(fmt[4:8], "little")
    align = int.from_bytes(fmt[12:14], "little")
    bits = int.from_bytes(fmt[14:16], "little")
    if tag == 0xFFFE and len(fmt) >= 26:  # WAVE_FORMAT_EXTENSIBLE: the real tag opens the sub-format
        tag = int.from_bytes(fmt[24:26], "little")
    if not 1 <= channels <= 8:
        return L_("the WAV file says it has {n} channels (1 to 8 can be played)", n=channels), False
    if not 1000 <= rate <= 384_000:
        return L_("the WAV file says it has {n} samples a second (1000 to 384000 can be played)", n=rate), False
    if size == 0 or present == 0:
        return L_("the WAV file has no sound data (only a header)"), False
    if present < size:
        return L_("the WAV file is cut short: its data chunk says {size} bytes, {present} are there", size=size,
                  present=present), False
    if tag not in _PLAIN_WAV:
        return None, True
    if bits not in (8, 16, 24, 32, 64) or align != channels * bits // 8:
        return L_("the WAV file's format is inconsistent ({bits} bits, {channels} channels, {align} bytes a frame)",
                  bits=bits, channels=channels, align=align), False
    if size < align:
        return L_("the WAV file has no sound data (less than one sample)"), False
    return None, False


def sound_problem(data: bytes) -> tuple[str | None, bool]:
    """Why the sound ``data`` must not be decoded (or None), and whether it must be decoded (in a child process,
    for a file from a player's mod) to know that it can be."""
    kind = sound_kind(data)
    if kind is None:
        return L_("expected a {formats} sound, the file is none of these ({start})", formats=SOUND_FORMATS,
                  start=_starts(data)), False
    if kind == "wav":
        return wav_problem(data)
    return None, True


def content_key(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class SoundVerdicts:
    """What decoding each sound gave, by content hash: in memory, and in ``folder`` (one small file each) when
    given, so a file is decoded in a child process once, not on every start."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        # (problem,) by content hash, the newest few thousand: each edit of a sound is a new key.
        self._known: Recent[str, tuple[str | None]] = Recent(4096)

    def get(self, key: str) -> tuple[bool, str | None]:
        """(known, problem)."""
        known = self._known.get(key)
        if known is not None:
            return True, known[0]
        if self.folder is not None:
            for suffix, bad in ((".ok", False), (".bad", True)):
                try:
                    text = (self.folder / f"{key}{suffix}").read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    continue
                problem = (text.strip() or "the file cannot be decoded") if bad else None
                self._known.put(key, (problem,))
                return True, problem
        return False, None

    def put(self, key: str, problem: str | None) -> None:
        self._known.put(key, (problem,))
        if self.folder is None:
            return
        from game.storage import write_atomic  # only when a verdict is new

        with contextlib.suppress(OSError):  # a read-only cache only means deciding again next time
            write_atomic(self.folder / f"{key}{'.bad' if problem else '.ok'}", problem or "")


_SHARED_VERDICTS: dict[Path | None, SoundVerdicts] = {}


def verdicts_in(folder: Path | None) -> SoundVerdicts:
    """The verdicts kept in ``folder`` (None: in memory only), one object per folder for the process."""
    if folder not in _SHARED_VERDICTS:
        _SHARED_VERDICTS[folder] = SoundVerdicts(folder)
    return _SHARED_VERDICTS[folder]


def judge_sounds(paths: Iterable[Path], verdicts: SoundVerdicts,
                 here: Callable[[bytes], str | None] | None = None) -> dict[Path, str | None]:
    """The problem of every sound in ``paths`` (None: it can be played). A file only decoding can judge, and no
    verdict remembers, is decoded by ``here`` (the game's own files, in this process), else in one child process
    for all of them; the verdict is remembered."""
    result: dict[Path, str | None] = {}
    pending: dict[str, list[Path]] = {}
    for path in paths:
        try:
            data = read_media(path, L_("a sound"))
        except ValueError as exc:
            result[path] = message_of(exc)
            continue
        problem, decode = sound_problem(data)
        if problem or not decode:
            result[path] = problem
            continue
        key = content_key(data)
        known, problem = verdicts.get(key)
        if known:
            result[path] = problem
        elif here is not None:
            result[path] = here(data)
            verdicts.put(key, result[path])
        else:
            pending.setdefault(key, []).append(path)
    if pending:
        from game import sound_probe  # a child process: only when a sound of a player's mod is first judged

        decided = sound_probe.decode_in_child([same[0] for same in pending.values()])
        for key, same in pending.items():
            verdict = decided[same[0]]
            problem = verdict.problem
            if verdict.key and verdict.key != key:
                problem = L_("the file changed while it was being checked; check the mod again")
            elif verdict.final:
                verdicts.put(key, problem)
            for path in same:
                result[path] = problem
    return result


def checked_sound(path: Path, verdicts: SoundVerdicts, trusted: bool = False) -> bytes:
    """The bytes of the sound at ``path`` once they may be given to pygame (``ValueError`` with the reason
    otherwise). ``trusted`` (a file that comes with the game) skips the decoding in a child process."""
    data = read_media(path, L_("a sound"))
    problem, decode = sound_problem(data)
    if problem is None and decode and not trusted:
        problem = judge_sounds([path], verdicts)[path]
    if problem:
        raise ValueError(problem)
    return data


def playable_sound(path: Path, verdicts: SoundVerdicts) -> bytes:
    """:func:`checked_sound` for the client, which knows a file only by its path: one inside the game's own
    folders is trusted, any other is decoded in a child process first (once per content)."""
    from game.config import bundle_root  # the game's own folders: only when a sound is first played

    try:
        resolved = path.resolve()
    except OSError:
        resolved = path
    trusted = any(resolved.is_relative_to(bundle_root() / folder) for folder in ("mods", "themes"))
    return checked_sound(path, verdicts, trusted)


@contextlib.contextmanager
def mixer() -> Iterator[object]:
    """The pygame mixer, started on the dummy driver for the duration if it was not running."""
    pygame = _pygame()
    if pygame.mixer.get_init():
        yield pygame.mixer
        return
    saved = os.environ.get("SDL_AUDIODRIVER")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    try:
        pygame.mixer.init(22050, -16, 2, 512)
        yield pygame.mixer
    finally:
        pygame.mixer.quit()
        if saved is None:
            os.environ.pop("SDL_AUDIODRIVER", None)
        else:
            os.environ["SDL_AUDIODRIVER"] = saved


class MediaSession:
    """Checks many sounds, remembering every verdict in ``cache`` by content hash: the files that come with the game
    are decoded in this process (the mixer started at most once, and stopped on close if it was started here),
    a player's mod's only in a child process (:func:`judge_sounds`)."""

    def __init__(self, cache: Path | None = None) -> None:
        self._stack = contextlib.ExitStack()
        self._mixer: object | None = None
        self.verdicts = verdicts_in(cache)

    def check_sounds(self, paths: Iterable[Path], trusted: bool = False) -> dict[Path, str | None]:
        """The problem of every sound in ``paths`` (None: it plays); ``trusted`` ones are decoded here."""
        return judge_sounds(paths, self.verdicts, self._decode_here if trusted else None)

    def _decode_here(self, data: bytes) -> str | None:
        if self._mixer is None:
            self._mixer = self._stack.enter_context(mixer())
        try:
            sound_length(data, self._mixer)
        except ValueError as exc:
            return message_of(exc)
        return None

    def close(self) -> None:
        self._stack.close()
        self._mixer = None

    def __enter__(self) -> MediaSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def sound_length(data: bytes, active_mixer: object | None = None) -> float:
    """Decode checked sound ``data`` in this process and return its length in seconds; ``ValueError`` if it
    cannot be decoded. Only for data :func:`sound_problem` passed."""
    pygame = _pygame()
    with contextlib.ExitStack() as stack:
        if active_mixer is None:
            stack.enter_context(mixer())
        try:
            sound = pygame.mixer.Sound(file=io.BytesIO(data))
        except (pygame.error, ValueError, OSError) as exc:
            raise ValueError(L_("expected a {formats} sound, the file cannot be decoded ({reason})",
                                formats=SOUND_FORMATS, reason=str(exc))) from None
        length = sound.get_length()
        if length <= 0:
            _KEPT_SILENT.append(sound)  # SDL_mixer frees an empty sound twice: never let this one go
            raise ValueError(L_("expected a sound, the file decodes to silence of length 0"))
    if length > MAX_SOUND_SECONDS:
        raise ValueError(L_("expected a sound of at most {most} minutes, got {minutes}",
                            most=f"{MAX_SOUND_SECONDS / 60:.0f}", minutes=f"{length / 60:.0f}"))
    return length


_KEPT_SILENT: list[object] = []


FONT_MAGIC = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf")


def check_font(path: Path) -> None:
    """Refuse a font file that is not TrueType or OpenType (checked by its header, cheaply)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(4)
    except OSError as exc:
        raise ValueError(L_("cannot read the font: {reason}", reason=exc.strerror or str(exc))) from None
    if head not in FONT_MAGIC:
        raise ValueError(L_("expected a TrueType or OpenType font, the file header does not match"))
