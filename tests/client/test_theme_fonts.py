"""Every theme's fonts draw every character the UI draws: no empty boxes for arrows, triangles or ticks.

The characters are gathered from everything that reaches the screen: the string literals of the game's code (the
command line's, which go to a terminal, and the drawn tile faces', which check their own glyphs, left out) and
every string in the bundled and example mods' YAML (ruleset, special-hand, opponent and mod names and
descriptions). Each must be in the theme's font or in one of the house fonts behind it; coverage is read from the
font files with freetype, apart from the code under test.
"""

from __future__ import annotations

import ast
import functools
import hashlib
from pathlib import Path

import pygame
import pygame.freetype
import pytest
import yaml
from babel.messages.pofile import read_po

from game.client import look

ROOT = Path(__file__).resolve().parents[2]
NOT_DRAWN = (ROOT / "game" / "cli", ROOT / "game" / "client" / "render" / "drawn_tiles.py")
THEMES = sorted(ROOT.glob("themes/*/theme/theme.yaml"))
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the same data, read by libyaml five times faster


def _code_strings(known: dict[str, list]) -> tuple[dict[str, str], dict[str, list]]:
    """The characters of the code's string literals, and each file's finds with the hash of its bytes; ``known``
    holds the finds of an earlier run (kept in pytest's cache: parsing all the game's code takes seconds, hashing
    it milliseconds), used for each file whose bytes are the same."""
    found: dict[str, str] = {}
    now: dict[str, list] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        if any(path == skip or skip in path.parents for skip in NOT_DRAWN):
            continue
        relative = str(path.relative_to(ROOT))
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        now[relative] = known[relative] if known.get(relative, [None])[0] == digest else [digest, _literals(data)]
        for char, line in now[relative][1].items():
            found.setdefault(char, f"{relative}:{line}")
    return found, now


def _literals(source: bytes) -> dict[str, int]:
    """Each character of the string literals in ``source`` with the line of its first one (in ast.walk order)."""
    lines: dict[str, int] = {}
    for node in ast.walk(ast.parse(source.decode("utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for char in node.value:
                lines.setdefault(char, node.lineno)
    return lines


def _data_strings() -> dict[str, str]:
    found: dict[str, str] = {}

    def walk(value: object, source: str) -> None:
        if isinstance(value, str):
            for char in value:
                found.setdefault(char, source)
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k, source)
                walk(v, source)
        elif isinstance(value, list):
            for v in value:
                walk(v, source)

    for folder in ("mods", "themes", "examples/mods"):
        for path in sorted((ROOT / folder).rglob("*.yaml")):
            walk(yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER), str(path.relative_to(ROOT)))
    # every shipped translation is drawn too (the Chinese from the subset CJK font, tools/make_cjk_font.py)
    for path in sorted(p for folder in ("game", "mods", "themes") for p in (ROOT / folder).rglob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle):
                for string in message.string if isinstance(message.string, tuple) else (message.string,):
                    walk(string, str(path.relative_to(ROOT)))
    return found


@pytest.fixture(scope="session")
def ui_characters(pytestconfig: pytest.Config) -> dict[str, str]:
    """Every printable character the UI may draw, with one place it comes from."""
    cache = getattr(pytestconfig, "cache", None)  # None when pytest runs without its cache (-p no:cacheprovider)
    key = "sparrow/ui-code-strings"
    known = cache.get(key, {}) if cache is not None else {}
    code, now = _code_strings(known if isinstance(known, dict) else {})
    if cache is not None and now != known:
        cache.set(key, now)
    chars = {**_data_strings(), **code}
    return {c: where for c, where in chars.items() if c.isprintable() and not c.isspace()}


@functools.cache
def _freetype(path: Path) -> pygame.freetype.Font:
    return pygame.freetype.Font(str(path), 16)


@functools.cache  # every theme falls back on the same house fonts
def covered(path: Path, char: str) -> bool:
    return _freetype(path).get_metrics(char)[0] is not None


@pytest.fixture(params=[None, *THEMES], ids=lambda p: "house" if p is None else p.parent.parent.name)
def theme_fonts(request: pytest.FixtureRequest):
    pygame.freetype.init()
    path = request.param
    if path is None:
        look.use_theme_fonts(None)
    else:
        look.use_theme_fonts(yaml.safe_load(path.read_text(encoding="utf-8")).get("fonts"), path.parent)
    yield path
    look.use_theme_fonts(None)


def test_theme_fonts__the_scan_finds_the_characters_the_issue_was_about(ui_characters: dict[str, str]) -> None:
    chars = ui_characters
    for char in "←→↑↓◀▶✓★·…×—":
        assert char in chars, f"{char!r} is drawn by the UI but the scan did not find it"


def test_theme_fonts__every_face_draws_every_ui_character(theme_fonts: Path | None,
                                                         ui_characters: dict[str, str]) -> None:
    chars = ui_characters
    missing = []
    for face in look.FONT_FILES:
        files = look.face_files(face)
        if theme_fonts is not None and face in look.THEME_FONT_USES.values():
            assert files[0].is_relative_to(theme_fonts.parent), f"{face} is not drawn with the theme's own font"
        for char, where in sorted(chars.items()):
            if not any(covered(path, char) for path in files):
                missing.append(f"{face}: {char!r} (U+{ord(char):04X}, from {where})")
    assert not missing, "characters no font of the face draws:\n" + "\n".join(missing)


def test_theme_fonts__letters_come_from_the_theme_itself(theme_fonts: Path | None) -> None:
    """The fallback is for symbols: the theme's own look is kept for words and numbers."""
    for face in look.FONT_FILES:
        first = look.face_files(face)[0]
        lacking = [c for c in "AZaz09.,:;!?'\"()-" if not covered(first, c)]
        assert not lacking, f"{first.name} lacks {lacking}"


def test_theme_fonts__parlour_draws_arrows_from_the_fallback_not_as_boxes() -> None:
    """The replay buttons' triangles in the Parlour theme: the pixels of DejaVu's glyph, not Noto Serif's box."""
    pygame.font.init()
    parlour = ROOT / "themes" / "parlour" / "theme" / "theme.yaml"
    look.use_theme_fonts(yaml.safe_load(parlour.read_text(encoding="utf-8"))["fonts"], parlour.parent)
    try:
        noto = pygame.font.Font(str(look.face_files("bold")[0]), 18)
        dejavu = pygame.font.Font(str(look.FONT_DIR / "DejaVuSans-Bold.ttf"), 18)
        for symbol in ("◀", "▶", "▲", "↑"):
            drawn = look.render_text(symbol, 18, (0, 0, 0), "bold")
            box = noto.render(symbol, True, (0, 0, 0))
            glyph = dejavu.render(symbol, True, (0, 0, 0))
            assert drawn.get_width() == glyph.get_width()
            assert _ink(drawn) == _ink(glyph), f"{symbol} is not DejaVu's glyph"
            assert _ink(drawn) != _ink(box)
        words = look.render_text("Hand 3 ▶", 18, (0, 0, 0), "bold")
        assert words.get_width() == noto.size("Hand 3 ")[0] + dejavu.size("▶")[0]
        assert look.text_size("Hand 3 ▶", 18, "bold")[0] == words.get_width()
    finally:
        look.use_theme_fonts(None)


def _ink(surface: pygame.Surface) -> list[tuple[int, int]]:
    """The opaque pixels of a glyph image, as positions from its left edge."""
    return [(x, y) for x in range(surface.get_width()) for y in range(surface.get_height())
            if surface.get_at((x, y)).a > 128]
