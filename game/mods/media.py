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

MAX_IMAGE_SIDE = 8192


def _pygame():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    return pygame


def image_size(path: Path) -> tuple[int, int]:
    """Decode the image at ``path`` and return its size; raise ``ValueError`` with a message if it is not one."""
    data = path.read_bytes()
    if not data:
        raise ValueError("expected an image, got an empty file")
    pygame = _pygame()
    try:
        surface = pygame.image.load(io.BytesIO(data), path.name)
    except (pygame.error, ValueError, OSError) as exc:
        raise ValueError(f"expected a PNG, BMP or JPEG image, the file cannot be decoded ({exc})") from None
    width, height = surface.get_size()
    if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE:
        raise ValueError(f"expected an image at most {MAX_IMAGE_SIDE} pixels a side, got {width}×{height}")
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
