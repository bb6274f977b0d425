"""Decode images and sounds from mods, to refuse a broken file before the game tries to show or play it.

pygame is imported here lazily (this is a validator that must decode media); it never opens a window. Sounds
need the mixer: when it is not running, it is started on SDL's dummy audio driver for the check and stopped
again, so checking a mod never touches the sound card.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

MAX_IMAGE_SIDE = 8192


def _pygame() -> ModuleType:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # only when a mod's media are checked: the mods layer otherwise runs without the display

    return pygame


_JPEG_FRAMES = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def declared_size(data: bytes) -> tuple[int, int] | None:
    """The width and height a PNG, GIF, BMP or JPEG header announces; None for other or torn headers.

    Read before decoding because a small file can announce a huge picture (an "image bomb") that would take
    gigabytes to decode.
    """
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 13:
        # Only a header followed by a real block counts: extension, image or trailer, after any colour table.
        table = 3 * 2 ** ((data[10] & 0x07) + 1) if data[10] & 0x80 else 0
        if len(data) > 13 + table and data[13 + table] in (0x21, 0x2C, 0x3B):
            return int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
        return None
    if data[:2] == b"BM" and len(data) >= 26:
        width = int.from_bytes(data[18:22], "little", signed=True)
        height = int.from_bytes(data[22:26], "little", signed=True)
        return abs(width), abs(height)  # a negative height means a top-down bitmap
    if data[:2] == b"\xff\xd8":
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


def _refuse_large(width: int, height: int) -> None:
    if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE:
        raise ValueError(f"expected an image at most {MAX_IMAGE_SIDE} pixels a side, got {width}×{height}")


def image_size(path: Path) -> tuple[int, int]:
    """Decode the image at ``path`` and return its size; raise ``ValueError`` with a message if it is not one."""
    data = path.read_bytes()
    if not data:
        raise ValueError("expected an image, got an empty file")
    announced = declared_size(data)
    if announced is not None:
        _refuse_large(*announced)
    pygame = _pygame()
    try:
        surface = pygame.image.load(io.BytesIO(data), path.name)
    except (pygame.error, ValueError, OSError) as exc:
        raise ValueError(f"expected a PNG, BMP or JPEG image, the file cannot be decoded ({exc})") from None
    width, height = surface.get_size()
    _refuse_large(width, height)
    return width, height


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


# Decoding every sound of every voice pack takes most of a second; the answer depends only on the file, so it
# is remembered per (path, size, modification time) for the life of the process.
_SOUND_CHECKS: dict[tuple[str, int, int], str | None] = {}


class MediaSession:
    """Starts the mixer at most once for many sound checks, and stops it (if it started it) on close."""

    def __init__(self) -> None:
        self._stack = contextlib.ExitStack()
        self._mixer: object | None = None

    def check_sound(self, path: Path) -> None:
        """Raise ``ValueError`` with the reason if the sound at ``path`` cannot be decoded."""
        info = path.stat()
        key = (str(path.resolve()), info.st_size, info.st_mtime_ns)
        if key not in _SOUND_CHECKS:
            if self._mixer is None:
                self._mixer = self._stack.enter_context(mixer())
            try:
                sound_length(path, self._mixer)
                _SOUND_CHECKS[key] = None
            except ValueError as exc:
                _SOUND_CHECKS[key] = str(exc)
        if _SOUND_CHECKS[key] is not None:
            raise ValueError(_SOUND_CHECKS[key])

    def close(self) -> None:
        self._stack.close()
        self._mixer = None

    def __enter__(self) -> MediaSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def sound_length(path: Path, active_mixer: object | None = None) -> float:
    """Decode the sound at ``path`` and return its length in seconds; ``ValueError`` if it cannot be decoded."""
    data = path.read_bytes()
    if not data:
        raise ValueError("expected a sound, got an empty file")
    pygame = _pygame()
    with contextlib.ExitStack() as stack:
        if active_mixer is None:
            stack.enter_context(mixer())
        try:
            sound = pygame.mixer.Sound(file=io.BytesIO(data))
        except (pygame.error, ValueError, OSError) as exc:
            raise ValueError(f"expected a WAV, OGG, FLAC or MP3 sound, the file cannot be decoded ({exc})") from None
        length = sound.get_length()
    if length <= 0:
        raise ValueError("expected a sound, the file decodes to silence of length 0")
    return length


FONT_MAGIC = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf")


def check_font(path: Path) -> None:
    """Refuse a font file that is not TrueType or OpenType (checked by its header, cheaply)."""
    with path.open("rb") as handle:
        head = handle.read(4)
    if head not in FONT_MAGIC:
        raise ValueError("expected a TrueType or OpenType font, the file header does not match")
