"""Generate the two bundled themes, ``themes/jade`` and ``themes/parlour``: colours, cloth, fonts and sounds.

Every sound is synthesised from scratch (``sound_synth.py``, seeded, so runs repeat exactly), written as WAV
and compressed to OGG Vorbis with ``oggenc`` (Debian: ``apt-get install vorbis-tools``). The cloth is a
generated tileable texture; the fonts are copied, with their licences, from ``assets/fonts``.

* Jade Pavilion: green felt, ivory clacks on a hard table, bright jade chimes and a gong for Mah Jongg;
  slow chimes over a soft drone as background music.
* Parlour: claret baize under lamplight, bone tiles on a wooden table, marimba notes and a warm chord;
  a lilting marimba tune as background music.

The music is a seamless loop: notes still ringing at the end of the loop are folded back onto its start.

Usage: ``python tools/make_sounds.py [--out DIR] [--only ID ...]``
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sound_synth as syn

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
PENTATONIC = (1.0, 9 / 8, 5 / 4, 3 / 2, 5 / 3, 2.0, 9 / 4, 5 / 2)


@dataclass(frozen=True)
class Theme:
    """One bundled theme and the recipe of its sounds."""

    theme_id: str
    name: str
    description: str
    colours: dict[str, str]
    stakes: list[str]
    cloth: tuple[tuple[int, int, int], tuple[int, int, int], str]  # base, thread, weave ("felt" or "baize")
    fonts: dict[str, str]
    material: str  # tile clack: ivory / bone / wood
    table_hz: float  # the table's knock
    tone: str  # jade / marimba
    root_hz: float
    finale: str  # gong / chord
    beep_hz: float
    music_beat: float  # seconds per beat of the background music
    music_style: str  # "chimes" (sparse melody over a drone) or "lilt" (arpeggios under a melody)
    licences: tuple[str, ...] = field(default=())


THEMES = (
    Theme("jade", "Jade Pavilion",
          "Green felt and gold, ivory tiles on a hard table, jade chimes and a gong when someone goes Mah Jongg.",
          colours={"back_top": "#1d5e4e", "back_bottom": "#0a2a24", "felt_line": "#3c8c74", "text": "#f2ecda",
                   "text_dim": "#a8c4b6", "accent": "#e8b44a", "accent_dark": "#96681e", "panel": "#f6f0e2",
                   "panel_edge": "#78583a", "highlight": "#ffce54", "status_bar": "#10181a",
                   "east_stake": "#c0242a", "other_stake": "#181618", "stake_edge": "#ffd696",
                   "button": "#3c2e22", "button_hover": "#60462c", "red_name": "#ec4c40"},
          stakes=["#c0242a", "#181618", "#181618", "#181618"],
          cloth=((24, 92, 74), (40, 120, 96), "felt"),
          fonts={"ui": "fonts/DejaVuSans.ttf", "bold": "fonts/DejaVuSans-Bold.ttf",
                 "title": "fonts/NotoSerif-Bold.ttf"},
          material="ivory", table_hz=150, tone="jade", root_hz=784, finale="gong", beep_hz=880,
          music_beat=0.6, music_style="chimes", licences=("LICENSE-DejaVu.txt", "LICENSE-Noto.txt")),
    Theme("parlour", "Parlour",
          "Claret baize under lamplight, brass and cream, bone tiles on walnut, marimba notes and a warm chord.",
          colours={"back_top": "#6a1a2a", "back_bottom": "#2a0810", "felt_line": "#8e3446", "text": "#f8ecd8",
                   "text_dim": "#d8b4a8", "accent": "#d6aa5a", "accent_dark": "#8a6a2a", "panel": "#f4e8d0",
                   "panel_edge": "#5a3a22", "highlight": "#f0c060", "status_bar": "#1c0c0e",
                   "east_stake": "#d8302c", "other_stake": "#3a2618", "stake_edge": "#e8c890",
                   "button": "#4a2a1a", "button_hover": "#6e4024", "red_name": "#ff7a5a",
                   "tile_back": "#7a2030", "tile_back_edge": "#4a1018"},
          stakes=["#d8302c", "#3a2618", "#3a2618", "#3a2618"],
          cloth=((104, 26, 40), (130, 44, 58), "baize"),
          fonts={"ui": "fonts/NotoSerif-Regular.ttf", "bold": "fonts/NotoSerif-Bold.ttf",
                 "title": "fonts/NotoSerif-Bold.ttf"},
          material="wood", table_hz=95, tone="marimba", root_hz=523, finale="chord", beep_hz=660,
          music_beat=0.3, music_style="lilt", licences=("LICENSE-Noto.txt",)),
)


# ----- sounds -----------------------------------------------------------------------------------------------

def _notes(theme: Theme, steps: list[int], gap: float, length: float) -> syn.Samples:
    out = syn.silence(0.01)
    for i, step in enumerate(steps):
        syn.mix(out, syn.bell(theme.root_hz * PENTATONIC[step], length, theme.tone), i * gap, 0.7)
    return out


def _clacks(rng: random.Random, theme: Theme, count: int, gap: float) -> syn.Samples:
    out = syn.silence(0.01)
    for i in range(count):
        syn.mix(out, syn.clack(rng, theme.material, rng.uniform(0.95, 1.05)), i * gap * rng.uniform(0.9, 1.1), 0.8)
    return out


def _meld(rng: random.Random, theme: Theme, count: int, steps: list[int]) -> syn.Samples:
    out = _clacks(rng, theme, count, 0.07)
    return syn.mix(out, _notes(theme, steps, 0.09, 0.7), 0.07 * count + 0.02, 0.8)


def _draw(rng: random.Random, theme: Theme) -> syn.Samples:
    slide = syn.noise(rng, 0.16, 600, 4000, lambda t: math.sin(math.pi * min(1.0, t / 0.16)) * 0.25)
    return syn.mix(slide, syn.clack(rng, theme.material, 1.1), 0.13, 0.6)


def _discard(rng: random.Random, theme: Theme) -> syn.Samples:
    out = syn.thud(rng, theme.table_hz)
    return syn.mix(out, syn.clack(rng, theme.material, 0.95), 0.004, 0.9)


def _mah_jongg(rng: random.Random, theme: Theme) -> syn.Samples:
    out = _notes(theme, [0, 1, 2, 3, 4, 5], 0.085, 0.9)
    if theme.finale == "gong":
        syn.mix(out, syn.bell(98, 2.6, "gong"), 0.5, 1.2)
    else:
        for step in (0, 2, 3, 5):
            syn.mix(out, syn.bell(theme.root_hz / 2 * PENTATONIC[step], 1.8, theme.tone), 0.55, 0.6)
    return out


def _warning(rng: random.Random, theme: Theme) -> syn.Samples:
    if theme.tone == "jade":
        return syn.mix(syn.beep(theme.beep_hz, 0.09), syn.beep(theme.beep_hz, 0.09), 0.14)
    knock = syn.partials([(theme.beep_hz, 0.7, 0.05), (theme.beep_hz * 2.1, 0.3, 0.02)], 0.12)
    return syn.mix(list(knock), knock, 0.13)


def _dice(rng: random.Random, theme: Theme) -> syn.Samples:
    out = syn.silence(0.05)
    t = 0.0
    while t < 0.75:
        syn.mix(out, syn.clack(rng, theme.material, rng.uniform(1.3, 1.7)), t, rng.uniform(0.25, 0.6) * (1 - t))
        t += rng.uniform(0.025, 0.09) * (1 + 2 * t)
    return syn.mix(out, syn.thud(rng, theme.table_hz * 1.6, 0.1), 0.0, 0.5)


def _wall_build(rng: random.Random, theme: Theme) -> syn.Samples:
    out = syn.noise(rng, 1.3, 300, 3000, lambda t: 0.18 * math.sin(math.pi * t / 1.3) * (0.6 + 0.4 * math.sin(t * 23)))
    t = 0.05
    while t < 1.25:
        syn.mix(out, syn.clack(rng, theme.material, rng.uniform(0.9, 1.2)), t, rng.uniform(0.2, 0.5))
        t += rng.uniform(0.03, 0.11)
    for i in range(4):  # the four walls pushed square
        syn.mix(out, _clacks(rng, theme, 3, 0.02), 1.3 + i * 0.16, 0.7)
    return out


RECIPES: dict[str, Callable[[random.Random, Theme], syn.Samples]] = {
    "tile_click": lambda rng, th: syn.clack(rng, th.material),
    "draw": _draw,
    "discard": _discard,
    "chow": lambda rng, th: _meld(rng, th, 2, [0, 2]),
    "pung": lambda rng, th: _meld(rng, th, 3, [0, 2, 4]),
    "kong": lambda rng, th: _meld(rng, th, 4, [0, 2, 4, 5]),
    "mah_jongg": _mah_jongg,
    "warning": _warning,
    "dice": _dice,
    "wall_build": _wall_build,
}


# ----- music ------------------------------------------------------------------------------------------------

MUSIC_BEATS = 48  # one loop: 48 beats (28.8 s of chimes, 14.4 s of lilt, played twice with variation)


def _loop_mix(into: syn.Samples, sound: syn.Samples, at: float, gain: float) -> None:
    """Mix ``sound`` into the loop ``into`` at ``at`` seconds, folding what rings past the end onto the start."""
    n = len(into)
    start = int(at * syn.RATE)
    for i, sample in enumerate(sound):
        into[(start + i) % n] += sample * gain


def _melody(rng: random.Random, beats: int, rest: float) -> list[int | None]:
    """A pentatonic line: small steps, rests with probability ``rest``, each half ending on the keynote."""
    line: list[int | None] = []
    degree = 2
    for beat in range(beats):
        if beat % (beats // 2) == beats // 2 - 1:
            line.append(0)  # each phrase comes home
            degree = 2
        elif rng.random() < rest:
            line.append(None)
        else:
            degree = max(0, min(len(PENTATONIC) - 1, degree + rng.choice((-2, -1, -1, 1, 1, 2))))
            line.append(degree)
    return line


def make_music(theme: Theme) -> syn.Samples:
    """The theme's background loop: seeded, quiet enough to play under the table's sounds."""
    rng = random.Random(f"music:{theme.theme_id}")
    beat = theme.music_beat
    loop = [0.0] * int(MUSIC_BEATS * beat * syn.RATE)
    notes: dict[tuple[float, float], syn.Samples] = {}

    def note(freq: float, seconds: float) -> syn.Samples:
        if (freq, seconds) not in notes:
            notes[(freq, seconds)] = syn.bell(freq, seconds, theme.tone)
        return notes[(freq, seconds)]

    root = theme.root_hz / 2
    if theme.music_style == "chimes":
        for k, degree in enumerate(_melody(rng, MUSIC_BEATS, 0.45)):
            if degree is not None:
                _loop_mix(loop, note(root * PENTATONIC[degree], 3.0), k * beat + rng.uniform(0, 0.03), 0.55)
        for bar in range(0, MUSIC_BEATS, 8):  # a soft low drone on the keynote and fifth
            for step, gain in ((0, 0.5), (3, 0.3)):
                _loop_mix(loop, note(root / 4 * PENTATONIC[step], 4.5), bar * beat, gain)
    else:
        chords = ((0, 2, 3), (1, 3, 4), (0, 2, 4), (0, 3, 5))
        for k in range(MUSIC_BEATS):
            chord = chords[(k // 12) % len(chords)]
            degree = chord[(k % 4) if k % 4 < 3 else 1]
            _loop_mix(loop, note(root / 2 * PENTATONIC[degree], 1.2), k * beat, 0.4)
        for k, degree in enumerate(_melody(rng, MUSIC_BEATS // 2, 0.3)):
            if degree is not None:
                _loop_mix(loop, note(root * PENTATONIC[degree], 1.6), 2 * k * beat, 0.5)
    return syn.normalise(loop, peak=0.6, fade=0.0)


def encode_ogg(samples: syn.Samples, out: Path, quality: float = 3.0) -> None:
    """WAV → OGG Vorbis with a fixed stream serial, so the same samples give the same bytes."""
    oggenc = shutil.which("oggenc")
    if oggenc is None:
        raise SystemExit("make_sounds: oggenc not found; install it with: apt-get install vorbis-tools")
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "sound.wav"
        syn.write_wav(wav, samples)
        subprocess.run([oggenc, "-Q", "-q", str(quality), "-s", "1", "--discard-comments", "-o", str(out), str(wav)],
                       check=True)


# ----- cloth ------------------------------------------------------------------------------------------------

def make_cloth(theme: Theme, size: int = 256) -> pygame.Surface:
    """A seamless cloth texture: smooth value noise for the nap plus a fine weave, tiling without seams."""
    base, thread, weave = theme.cloth
    rng = random.Random(f"cloth:{theme.theme_id}")
    octaves = [(grid, [[rng.random() for _ in range(grid)] for _ in range(grid)]) for grid in (4, 16, 64)]

    def smooth(x: float, y: float) -> float:
        total = 0.0
        for weight, (grid, lattice) in zip((0.45, 0.35, 0.2), octaves, strict=True):
            gx, gy = x * grid / size, y * grid / size
            x0, y0 = int(gx) % grid, int(gy) % grid
            fx, fy = gx - int(gx), gy - int(gy)
            fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
            top = lattice[y0][x0] * (1 - fx) + lattice[y0][(x0 + 1) % grid] * fx
            bottom = lattice[(y0 + 1) % grid][x0] * (1 - fx) + lattice[(y0 + 1) % grid][(x0 + 1) % grid] * fx
            total += weight * (top * (1 - fy) + bottom * fy)
        return total

    pixels = bytearray()
    for y in range(size):
        for x in range(size):
            nap = smooth(x, y) - 0.5
            if weave == "felt":
                grain = rng.uniform(-1, 1) * 0.55
                cross = 0.0
            else:  # baize: a visible twill running diagonally
                grain = rng.uniform(-1, 1) * 0.35
                cross = 0.5 if (x + y) % 4 < 2 else -0.5
            t = max(0.0, min(1.0, 0.5 + nap * 1.1 + grain * 0.3 + cross * 0.2))
            pixels.extend(round(b + (c - b) * t - 6) for b, c in zip(base, thread, strict=True))
    return pygame.image.frombuffer(bytes(pixels), (size, size), "RGB").copy()


# ----- files ------------------------------------------------------------------------------------------------

def theme_yaml(theme: Theme) -> str:
    colours = "\n".join(f'  {name}: "{value}"' for name, value in theme.colours.items())
    fonts = "\n".join(f"  {use}: {path}" for use, path in theme.fonts.items())
    sounds = "\n".join(f"  {event}: sounds/{event}.ogg" for event in RECIPES)
    stakes = ", ".join(f'"{c}"' for c in theme.stakes)
    return (
        f"# {theme.name}: generated by tools/make_sounds.py; do not edit by hand.\n"
        f"id: {theme.theme_id}\n"
        f"name: {theme.name}\n"
        f'description: "{theme.description}"\n'
        f"colours:\n{colours}\n"
        "cloth: cloth.png\n"
        f"stakes: [{stakes}]   # seat winds E, S, W, N: East's stake is red, as in the original\n"
        f"fonts:\n{fonts}\n"
        f"sounds:\n{sounds}\n"
        "music: music.ogg          # looped at the music volume\n"
    )


def mod_yaml(theme: Theme) -> str:
    return (
        "format: 1\n"
        f"id: {theme.theme_id}\n"
        f"name: {theme.name}\n"
        'version: "1.0.0"\n'
        'game: ">=0.1"\n'
        "authors: [Sparrow team]\n"
        f'description: "{theme.description}"\n'
        "kinds: [theme]\n"
        "requires: []\n"
        "optional: []\n"
        "incompatible: []\n"
        "load_after: []\n"
    )


def write_theme(theme: Theme, out_root: Path) -> list[Path]:
    folder = out_root / theme.theme_id
    content = folder / "theme"
    (content / "sounds").mkdir(parents=True, exist_ok=True)
    (content / "fonts").mkdir(parents=True, exist_ok=True)
    written = []
    for event, recipe in RECIPES.items():
        rng = random.Random(f"{theme.theme_id}:{event}")
        path = content / "sounds" / f"{event}.ogg"
        encode_ogg(syn.normalise(recipe(rng, theme)), path)
        written.append(path)
    music = content / "music.ogg"
    encode_ogg(make_music(theme), music, quality=1.0)
    written.append(music)
    cloth = content / "cloth.png"
    pygame.image.save(make_cloth(theme), str(cloth))
    written.append(cloth)
    for name in dict.fromkeys([*(Path(p).name for p in theme.fonts.values()), *theme.licences]):
        shutil.copyfile(FONTS / name, content / "fonts" / name)
        written.append(content / "fonts" / name)
    (content / "theme.yaml").write_text(theme_yaml(theme), encoding="utf-8")
    (folder / "mod.yaml").write_text(mod_yaml(theme), encoding="utf-8")
    return [*written, content / "theme.yaml", folder / "mod.yaml"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "themes", help="folder to write the themes into")
    parser.add_argument("--only", nargs="*", default=None, help="theme ids to make (default: all)")
    args = parser.parse_args(argv)
    for theme in THEMES:
        if args.only and theme.theme_id not in args.only:
            continue
        for path in write_theme(theme, args.out):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
