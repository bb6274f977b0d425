"""Fonts and colours: the house look, with the theme's colours, stake colours and fonts laid over the defaults."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, fields, replace
from functools import cache
from pathlib import Path
from typing import Any

import pygame

from game.i18n import _
from game.mods.media import check_font

log = logging.getLogger(__name__)

Colour = tuple[int, int, int]

FONT_DIR = Path(__file__).resolve().parent.parent.parent / "assets" / "fonts"
FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "serif": "NotoSerif-Regular.ttf",
    "serif_bold": "NotoSerif-Bold.ttf",
}
THEME_FONT_USES = {"ui": "sans", "bold": "bold", "title": "serif_bold"}
"""A theme's ``fonts:`` keys and the faces they replace: body text, bold labels and titles."""
FALLBACK_FACES = {"sans": "sans", "serif": "sans", "bold": "bold", "serif_bold": "bold", "condensed": "bold"}
"""The house face that draws what a face lacks: DejaVu has the arrows, triangles, ticks and stars the UI uses
(its key hints, replay and mod-order buttons), which Noto Serif and many theme fonts do not."""
CJK_FONT = "SparrowCJK.ttf"
"""The last fallback of every face: Chinese text (the zh_Hans catalog, the language's own name), subset to the
characters the catalogs use by tools/make_cjk_font.py."""
_theme_fonts: dict[str, Path] = {}


def use_theme_fonts(fonts: dict[str, Any] | None, folder: Path | None = None) -> list[str]:
    """Draw with the theme's fonts (paths relative to ``folder``); None or {} goes back to the house fonts.

    A use the theme leaves out keeps the house font, and so does a file that is missing or is no TrueType or
    OpenType font (its header is checked here, so FreeType never opens a file the game has not looked at):
    those are returned, in words, for the player to be told.
    """
    chosen: dict[str, Path] = {}
    problems: list[str] = []
    for use, name in (fonts or {}).items():
        face = THEME_FONT_USES.get(use)
        if face is None:
            continue
        path = Path(folder or ".") / str(name)
        if not path.is_file():
            problems.append(_("the theme's {use} font {name} is missing").format(use=use, name=path.name))
            continue
        try:
            check_font(path)
        except ValueError as exc:
            problems.append(_("the theme's {use} font {name} cannot be used: {exc}").format(
                    use=use, name=path.name, exc=exc))
            continue
        chosen[face] = path
    if chosen != _theme_fonts:
        _theme_fonts.clear()
        _theme_fonts.update(chosen)
        font.cache_clear()
        _face_fonts.cache_clear()
        _files_of.cache_clear()
        _rendered.clear()
    return problems


def face_files(face: str) -> list[Path]:
    """The font files that draw ``face``, first choice first: the theme's, the house one, the house fallback."""
    files = [_theme_fonts.get(face), FONT_DIR / FONT_FILES.get(face, FONT_FILES["sans"]),
             FONT_DIR / FONT_FILES[FALLBACK_FACES.get(face, "sans")], FONT_DIR / CJK_FONT]
    return list(dict.fromkeys(path for path in files if path is not None and path.is_file()))


class _Coverage(dict):
    """``char -> bool`` for one font file, filled as characters are asked about; white space always counts as
    drawn. ``drawn`` holds the characters found so far, so a whole line is checked at C speed (text is drawn
    every frame)."""

    def __init__(self, face: Any) -> None:
        super().__init__()
        self.face = face
        self.drawn: set[str] = set()

    def __missing__(self, char: str) -> bool:
        # pygame.font draws a missing glyph as a box and cannot tell; freetype's metrics are None for it.
        has = char.isspace() or (self.face is not None and self.face.get_metrics(char)[0] is not None)
        self[char] = has
        if has:
            self.drawn.add(char)
        return has

    def covers(self, message: str) -> bool:
        return self.drawn.issuperset(message) or all(self[char] for char in message)


@cache
def _coverage(path: Path) -> _Coverage:
    import pygame.freetype

    try:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        return _Coverage(pygame.freetype.Font(str(path), 16))
    except (pygame.error, OSError) as exc:  # an unreadable file draws nothing
        log.warning("font %s cannot be read: %s", path, exc)
        return _Coverage(None)


def has_glyph(path: Path, char: str) -> bool:
    """Whether the font file draws ``char`` (white space always counts as drawn)."""
    return _coverage(path)[char]


@cache
def _face_fonts(size: int, face: str) -> tuple[tuple[Path | None, pygame.font.Font], ...]:
    """``font(size, face)`` and the fallbacks behind it, each with its file (None for pygame's default font)."""
    first = font(size, face)
    chain: list[tuple[Path | None, pygame.font.Font]] = []
    for path in face_files(face):
        if not chain:
            chain.append((path, first))
            continue
        try:
            chain.append((path, pygame.font.Font(str(path), size)))
        except (pygame.error, OSError) as exc:
            log.warning("font %s cannot be read: %s", path, exc)
    return tuple(chain) or ((None, first),)


@cache
def _files_of(face: str) -> tuple[Path, ...]:
    return tuple(face_files(face))


def runs(message: str, size: int, face: str = "sans") -> list[tuple[str, pygame.font.Font]]:
    """``message`` cut into runs, each with the first font of the face's chain that has its characters.

    The fallback fonts are opened only for a line the first font cannot draw: opening them for every size the
    table writes in was most of its first frame (16 ms of CPU time, against 3 for the frames after it)."""
    files = _files_of(face)
    first = font(size, face)
    if len(files) <= 1 or _coverage(files[0]).covers(message):
        return [(message, first)]
    chain = _face_fonts(size, face)
    out: list[tuple[str, pygame.font.Font]] = []
    for ch in message:
        chosen = next((f for p, f in chain if p is not None and has_glyph(p, ch)), first)
        if out and out[-1][1] is chosen:
            out[-1] = (out[-1][0] + ch, chosen)
        else:
            out.append((ch, chosen))
    return out


def text_size(message: str, size: int, face: str = "sans") -> tuple[int, int]:
    """The size ``message`` is drawn at, fallback glyphs included."""
    parts = runs(message, size, face)
    if len(parts) == 1:
        return parts[0][1].size(message)
    return (sum(f.size(part)[0] for part, f in parts), max(f.get_height() for _unused, f in parts))


_rendered: dict[tuple[str, int, tuple[int, ...], str], pygame.Surface] = {}
_RENDERED_MOST = 2_000  # a table shows a few hundred distinct words; the timers' and scores' come and go


def render_text(message: str, size: int, colour: Colour, face: str = "sans") -> pygame.Surface:
    """``message`` drawn on a transparent surface, each character from the first font that has it.

    Drawn once and kept: a table frame writes some eighty lines, nearly all the same as the frame before, and
    rendering them anew took a fifth of the frame. The image is shared, so callers copy it before changing it.
    """
    key = (message, size, tuple(colour), face)
    image = _rendered.get(key)
    if image is None:
        if len(_rendered) >= _RENDERED_MOST:
            _rendered.clear()
        image = _rendered[key] = _render_text(message, size, colour, face)
    return image


def _render_text(message: str, size: int, colour: Colour, face: str) -> pygame.Surface:
    parts = runs(message, size, face)
    if len(parts) == 1:
        return parts[0][1].render(message, True, colour)
    ascent = max(f.get_ascent() for _unused, f in parts)
    descent = max(-f.get_descent() for _unused, f in parts)
    images = [(f.render(part, True, colour), f.get_ascent()) for part, f in parts]
    surface = pygame.Surface((sum(i.get_width() for i, _unused in images), ascent + descent), pygame.SRCALPHA)
    x = 0
    for image, top in images:
        surface.blit(image, (x, ascent - top))
        x += image.get_width()
    return surface


@cache
def font(size: int, face: str = "sans") -> pygame.font.Font:
    """A font from the theme or the bundled set; the default pygame font when the file is missing (never fails).

    It draws a character it lacks as a box: text goes through :func:`render_text` and :func:`text_size`, which
    take such characters from the house fonts.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    path = _theme_fonts.get(face) or FONT_DIR / FONT_FILES.get(face, FONT_FILES["sans"])
    if path.is_file():
        try:
            return pygame.font.Font(str(path), size)
        except (pygame.error, OSError) as exc:  # a broken theme font falls back to the house one
            log.warning("font %s cannot be read (%s), using the house font", path, exc)
            path = FONT_DIR / FONT_FILES.get(face, FONT_FILES["sans"])
            if path.is_file():
                return pygame.font.Font(str(path), size)
    log.warning("font %s missing, using the default font", path)
    return pygame.font.Font(None, int(size * 1.3))


@dataclass(frozen=True)
class Palette:
    """Every colour the client draws with. A theme's ``colours:`` mapping overrides any of them by name."""

    back_top: Colour = (22, 74, 62)
    back_bottom: Colour = (9, 38, 33)
    felt_line: Colour = (44, 110, 92)
    east_stake: Colour = (178, 28, 32)
    other_stake: Colour = (24, 22, 24)
    stake_edge: Colour = (255, 214, 150)
    text: Colour = (240, 234, 218)
    text_dim: Colour = (168, 196, 182)
    text_dark: Colour = (34, 30, 28)
    accent: Colour = (232, 180, 74)
    accent_dark: Colour = (150, 104, 30)
    red_name: Colour = (236, 76, 64)
    panel: Colour = (246, 240, 226)
    panel_edge: Colour = (120, 92, 52)
    panel_shade: Colour = (226, 216, 194)
    compass: Colour = (206, 202, 190)
    compass_dark: Colour = (92, 90, 84)
    button: Colour = (60, 46, 34)
    button_hover: Colour = (96, 70, 44)
    button_text: Colour = (250, 236, 204)
    disabled: Colour = (130, 126, 118)
    status_bar: Colour = (16, 22, 20)
    highlight: Colour = (255, 206, 84)
    claimable: Colour = (120, 220, 140)
    timer: Colour = (232, 180, 74)
    timer_low: Colour = (226, 84, 60)
    balloon: Colour = (255, 252, 240)
    tile_face: Colour = (250, 246, 232)
    tile_edge: Colour = (214, 200, 168)
    tile_back: Colour = (36, 120, 96)
    tile_back_edge: Colour = (20, 80, 62)
    stakes: tuple[Colour, ...] = ()
    """The theme's stake colour per seat wind (E, S, W, N); empty: East's red and the others' black."""

    def stake(self, wind: int) -> Colour:
        """The colour of the stake (and wind disc) of the player whose seat wind is ``wind`` (0 = East)."""
        if len(self.stakes) == 4:
            return self.stakes[wind % 4]
        return self.east_stake if wind == 0 else self.other_stake

    @classmethod
    def from_theme(cls, colours: dict[str, Any] | None, stakes: list[Any] | None = None) -> Palette:
        """The default palette with the theme's colours (``name: [r, g, b]`` or ``"#rrggbb"``) laid over it,
        and its four stake colours (one per seat wind) when it gives them."""
        seat_colours = tuple(c for c in (parse_colour(v) for v in stakes or ()) if c is not None)
        if len(seat_colours) != 4:
            if stakes:
                log.warning("theme stakes ignored: expected four colours (E, S, W, N), got %r", stakes)
            seat_colours = ()
        if not colours:
            return cls(stakes=seat_colours)
        names = {f.name for f in fields(cls)} - {"stakes"}
        changes: dict[str, Any] = {"stakes": seat_colours}
        for name, value in colours.items():
            colour = parse_colour(value)
            if name in names and colour is not None:
                changes[name] = colour
            else:
                log.warning("theme colour %r ignored: expected a known name and [r, g, b] or '#rrggbb', got %r",
                            name, value)
        return replace(cls(), **changes)


def parse_colour(value: Any) -> Colour | None:
    """``[r, g, b]`` or ``"#rrggbb"`` as a colour tuple; None when it is neither."""
    if isinstance(value, str) and value.startswith("#") and len(value) == 7:
        try:
            return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
        except ValueError:
            return None
    if isinstance(value, list | tuple) and len(value) >= 3 and all(isinstance(v, int) for v in value[:3]):
        r, g, b = (max(0, min(255, v)) for v in value[:3])
        return (r, g, b)
    return None


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@cache
def gradient(size: tuple[int, int], top: Colour, bottom: Colour, vignette: bool = True) -> pygame.Surface:
    """A vertical gradient, darkened towards the corners like cloth under a lamp."""
    w, h = size
    surf = pygame.Surface(size)
    for y in range(h):
        pygame.draw.line(surf, mix(top, bottom, y / max(1, h - 1)), (0, y), (w, y))
    if vignette:
        # A small alpha map smoothly scaled up gives a banding-free darkening towards the corners.
        small = pygame.Surface((48, 27), pygame.SRCALPHA)
        for y in range(27):
            for x in range(48):
                d = ((x - 23.5) / 24) ** 2 + ((y - 13) / 13.5) ** 2
                small.set_at((x, y), (0, 0, 0, int(min(1.0, max(0.0, d - 0.35)) * 120)))
        surf.blit(pygame.transform.smoothscale(small, size), (0, 0))
    return surf.convert() if pygame.display.get_surface() else surf


def text(surface: pygame.Surface, message: str, pos: tuple[float, float], size: int = 16,
         colour: Colour = (255, 255, 255), face: str = "sans", anchor: str = "topleft",
         shadow: Colour | None = None) -> pygame.Rect:
    """Draw one line of text anchored at ``pos`` (any pygame Rect anchor name); returns its rect."""
    image = render_text(message, size, colour, face)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow is not None:
        surface.blit(render_text(message, size, shadow, face), rect.move(1, 2))
    surface.blit(image, rect)
    return rect


def fit_text(message: str, width: int, size: int, face: str = "sans") -> str:
    """``message`` cut with an ellipsis to fit ``width`` pixels."""
    if text_size(message, size, face)[0] <= width:
        return message
    while message and text_size(message + "…", size, face)[0] > width:
        message = message[:-1]
    return message + "…"


def fitted(message: str, width: int, size: int, smallest: int, face: str = "sans") -> tuple[str, int]:
    """``message`` and the largest size from ``size`` down to ``smallest`` at which it fits ``width`` pixels;
    at the smallest, cut with an ellipsis, when none does. A long line is set smaller before it is ever cut."""
    for step in range(size, smallest - 1, -1):
        if text_size(message, step, face)[0] <= width:
            return message, step
    return fit_text(message, width, smallest, face), smallest


def wrap(message: str, width: int, size: int, face: str = "sans") -> list[str]:
    """``message`` broken into lines that fit ``width`` pixels."""
    lines: list[str] = []
    for paragraph in message.split("\n"):
        line = ""
        for match in _WORD.finditer(paragraph):
            space, word = match.group(1), match.group(2)
            candidate = f"{line}{space}{word}" if line else word
            if text_size(candidate, size, face)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


_CJK = r"\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef"
_NO_LINE_START = r"\uff0c\u3002\uff1a\uff1b\uff01\uff1f\u3001\uff09\u300d\u300f\u300b"  # ，。：；！？、）」』》
_WORD = re.compile(rf"( ?)([{_CJK}][{_NO_LINE_START}]*|[^ {_CJK}]+|(?<= ) ?(?= |$))")
"""A word to wrap at: a run of letters between spaces, or one Chinese character (with the punctuation that may
not start a line), which is a word of its own: Chinese is written without spaces and breaks between any two."""
