"""examples.make_example_assets: draw the example tile sheet and cloth, and synthesise the example sounds.

Run ``python examples/make_example_assets.py`` from the repository root; it rewrites the images and sounds of
``examples/mods/tiles-example``, ``theme-example`` and ``voice-example`` (the YAML files are written by hand).
The output is deterministic, so re-running it changes nothing.
"""

from __future__ import annotations

import math
import os
import struct
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # the drivers above must be chosen before pygame is imported

HERE = Path(__file__).resolve().parent / "mods"
CELL = (36, 46)
SUIT_COLOURS = {"B": (20, 120, 60), "C": (170, 30, 30), "D": (30, 60, 150)}
ROWS = [
    [f"{n}B" for n in range(1, 10)],
    [f"{n}C" for n in range(1, 10)],
    [f"{n}D" for n in range(1, 10)],
    ["EW", "SW", "WW", "NW", "RD", "GD", "WD", None, "JK"],
    ["F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4", "BACK"],
]
HONOUR_COLOURS = {"RD": (190, 20, 20), "GD": (20, 130, 50), "WD": (40, 70, 160), "JK": (120, 40, 140)}


def _colour(code: str) -> tuple[int, int, int]:
    if code in HONOUR_COLOURS:
        return HONOUR_COLOURS[code]
    if code in ("EW", "SW", "WW", "NW"):
        return (30, 30, 30)
    if code[0].isdigit():
        return SUIT_COLOURS[code[1]]
    if code[0] in "FS":
        return (180, 90, 20) if code[0] == "F" else (20, 120, 140)
    return (30, 30, 30)


def draw_sheet(scale: int) -> pygame.Surface:
    """The 9×5 sheet at ``scale``: an ivory face per tile with its code in the suit's colour; a green back."""
    width, height = CELL[0] * scale, CELL[1] * scale
    sheet = pygame.Surface((width * 9, height * 5), pygame.SRCALPHA)
    big = pygame.font.Font(None, 22 * scale)
    for row, codes in enumerate(ROWS):
        for column, code in enumerate(codes):
            if code is None:
                continue
            rect = pygame.Rect(column * width, row * height, width, height).inflate(-2 * scale, -2 * scale)
            if code == "BACK":
                pygame.draw.rect(sheet, (30, 110, 70), rect, border_radius=4 * scale)
                pygame.draw.rect(sheet, (200, 190, 120), rect.inflate(-6 * scale, -6 * scale), scale,
                                 border_radius=3 * scale)
                continue
            pygame.draw.rect(sheet, (246, 240, 222), rect, border_radius=4 * scale)
            pygame.draw.rect(sheet, (200, 190, 160), rect, scale, border_radius=4 * scale)
            label = big.render(code, True, _colour(code))
            sheet.blit(label, label.get_rect(center=rect.center))
    return sheet


def draw_cloth() -> pygame.Surface:
    """A 64×64 green felt tile with a faint regular weave, so tiling shows no seams."""
    cloth = pygame.Surface((64, 64))
    for y in range(64):
        for x in range(64):
            shade = 8 * ((x + y) % 4 == 0) - 6 * ((x * 3 + y * 5) % 7 == 0)
            cloth.set_at((x, y), (16 + shade, 92 + shade, 52 + shade))
    return cloth


def tone(path: Path, frequencies: list[float], seconds: float, noise: float = 0.0) -> None:
    """A short mono 16-bit sound: the sum of ``frequencies`` under a fast attack and decay."""
    rate = 22050
    frames = int(rate * seconds)
    seed = 12345
    samples = []
    for i in range(frames):
        t = i / rate
        envelope = min(1.0, t * 200) * math.exp(-t * 6 / seconds)
        value = sum(math.sin(2 * math.pi * f * t) for f in frequencies) / max(len(frequencies), 1)
        if noise:
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            value = value * (1 - noise) + noise * (seed / 0x3FFFFFFF - 1)
        samples.append(int(12000 * envelope * value))
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))


THEME_SOUNDS = {
    "click.wav": ([1800.0], 0.04, 0.5), "draw.wav": ([900.0], 0.08, 0.3), "discard.wav": ([600.0, 1200.0], 0.1, 0.4),
    "chow.wav": ([523.0, 659.0], 0.2, 0.0), "pung.wav": ([392.0, 494.0], 0.2, 0.0),
    "kong.wav": ([330.0, 415.0, 494.0], 0.25, 0.0), "mahjongg.wav": ([523.0, 659.0, 784.0], 0.6, 0.0),
    "warning.wav": ([880.0], 0.15, 0.0), "dice.wav": ([2500.0], 0.3, 0.8), "wall.wav": ([300.0], 0.5, 0.7),
}
VOICE_LINES = ("ONE", "TWO", "THR", "FOU", "FIV", "SIX", "SEV", "EIG", "NIN", "BAM", "CIR", "WAN", "EAS", "SOU",
               "WES", "NOR", "GRE", "RED", "WHI", "FLO", "SEA", "CHO", "PUN", "KON", "MAH")


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    tiles = HERE / "tiles-example" / "tileset"
    tiles.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw_sheet(1), str(tiles / "sheet.png"))
    pygame.image.save(draw_sheet(2), str(tiles / "sheet@2x.png"))
    theme = HERE / "theme-example" / "theme"
    theme.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw_cloth(), str(theme / "cloth.png"))
    for name, (frequencies, seconds, noise) in THEME_SOUNDS.items():
        tone(theme / name, frequencies, seconds, noise)
    voice = HERE / "voice-example" / "voice"
    for index, line in enumerate(VOICE_LINES):
        tone(voice / f"0_{line}.wav", [220.0 * 2 ** (index / 12)], 0.18)
    print(f"wrote the example assets under {HERE}")


if __name__ == "__main__":
    main()
