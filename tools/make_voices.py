"""Generate the bundled voice packs with espeak-ng: ``mods/voice-default`` and one pack per personality.

Lines and file names follow the 1995 program's voice script (classic-program.md §2): ``<seat>_<LINE>``, seat
0 the human, 1 the player on the right, 2 opposite, 3 on the left; 25 lines every pack has (numbers, suits,
winds, dragons, flower, season, chow, pung, kong, mah jongg), the single flower and season names, the calls the
1995 script lacks (a standing hand, ready, riichi, and the danger of a third set of one suit), and one line per suit
tile ("three circles") for the "one file per tile" option. The game's fall-back rules (seat
file, then seat 0's, then number + suit) live in ``game/client/audio.py``.

The default pack has four different speakers, one per seat. Each personality pack has one speaker, recorded
as seat 0 only: whichever seat that opponent sits in falls back to those files, so its voice follows it.

Needs ``espeak-ng`` and ``oggenc`` (Debian: ``apt-get install espeak-ng vorbis-tools``) at generation time only.

Usage: ``python tools/make_voices.py [--out DIR] [--only ID ...]``
"""

from __future__ import annotations

import argparse
import array
import shutil
import subprocess
import sys
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.mods.schemas import (  # noqa: E402
    VOICE_CALL_LINES,
    VOICE_LINES,
    VOICE_OPTIONAL_LINES,
    VOICE_TILE_LINES,
)

NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
SUIT_WORDS = {"BAM": "bamboo", "CIR": "circles", "WAN": "wan"}

# What each line says. Spellings are tuned for espeak ("mah jong", "chow" as in "now").
WORDS: dict[str, str] = {
    **{line: word for line, word in zip(VOICE_LINES[:9], NUMBER_WORDS, strict=True)},
    "BAM": "bamboo", "CIR": "circle", "WAN": "wan",
    "EAS": "east wind", "SOU": "south wind", "WES": "west wind", "NOR": "north wind",
    "GRE": "green dragon", "RED": "red dragon", "WHI": "white dragon",
    "FLO": "flower", "SEA": "season", "CHO": "chow", "PUN": "pung", "KON": "kong", "MAH": "mah jong!",
    "PLU": "plum blossom", "ORC": "orchid", "CHR": "chrysanthemum", "BMB": "bamboo flower",
    "SPR": "spring", "SUM": "summer", "AUT": "autumn", "WIN": "winter",
    "STA": "standing hand", "REA": "ready!", "RII": "reechee!", "DAN": "danger!",
    **{line: f"{NUMBER_WORDS[int(line[0]) - 1]} {SUIT_WORDS[line[2:]]}" for line in VOICE_TILE_LINES},
}
ALL_LINES = (*VOICE_LINES, *VOICE_OPTIONAL_LINES, *VOICE_CALL_LINES, *VOICE_TILE_LINES)


@dataclass(frozen=True)
class Speaker:
    """An espeak-ng voice: language + variant, pitch (0–99), speed (words per minute), amplitude."""

    voice: str
    pitch: int
    speed: int
    amplitude: int = 120


@dataclass(frozen=True)
class Pack:
    mod_id: str
    voice_id: str
    name: str
    description: str
    speakers: tuple[Speaker, ...]  # one per recorded seat, seat 0 first


PACKS = (
    Pack("voice-default", "voice_default", "Table voices",
         "Four different speakers, one per seat, calling every discard and claim; also single flower and season "
         "names and one line per suit tile.",
         (Speaker("en-gb", 48, 165), Speaker("en-us+f3", 62, 170), Speaker("en-gb-scotland+m3", 36, 155),
          Speaker("en-029+f2", 55, 160))),
    Pack("voice-beginner", "voice_beginner", "Beginner's voice", "A bright, eager voice for the Beginner.",
         (Speaker("en-us+f4", 70, 180),)),
    Pack("voice-defensive", "voice_defensive", "Defensive player's voice",
         "A low, unhurried voice for the Defensive player.", (Speaker("en-gb+m3", 30, 135),)),
    Pack("voice-expert", "voice_expert", "Expert's voice", "A crisp, quick voice for the Expert.",
         (Speaker("en-gb-x-rp+m1", 44, 190),)),
    Pack("voice-limitmaker", "voice_limitmaker", "Limitmaker's voice",
         "A theatrical voice for the Limitmaker, who plays for the big hands.", (Speaker("en-us-nyc+m7", 58, 160),)),
)


def _tool(name: str, package: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"make_voices: {name} not found; install it with: apt-get install {package}")
    return found


def say(speaker: Speaker, text: str, out: Path, espeak: str, oggenc: str) -> None:
    """Speak ``text`` into the OGG file ``out`` (mono, 22 kHz, low Vorbis quality: speech needs little)."""
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "line.wav"
        subprocess.run([espeak, "-v", speaker.voice, "-p", str(speaker.pitch), "-s", str(speaker.speed),
                        "-a", str(speaker.amplitude), "-w", str(wav), text], check=True)
        trim_silence(wav)
        subprocess.run([oggenc, "-Q", "-q", "0", "-s", "1", "--discard-comments", "-o", str(out), str(wav)],
                       check=True)


def trim_silence(path: Path, threshold: int = 300, pad: float = 0.02) -> None:
    """Cut espeak's leading and trailing silence so a call starts the moment the tile lands."""
    with wave.open(str(path), "rb") as src:
        params = src.getparams()
        samples = array.array("h", src.readframes(params.nframes))
    loud = [i for i, s in enumerate(samples) if abs(s) > threshold]
    if not loud:
        return
    margin = int(pad * params.framerate)
    kept = samples[max(0, loud[0] - margin):loud[-1] + margin]
    with wave.open(str(path), "wb") as out:
        out.setparams(params)
        out.writeframes(kept.tobytes())


def voice_yaml(pack: Pack) -> str:
    seats = ", ".join(str(seat) for seat in range(len(pack.speakers)))
    return (
        f"# {pack.name}: generated by tools/make_voices.py (espeak-ng); do not edit by hand.\n"
        f"id: {pack.voice_id}\n"
        f"name: {pack.name}\n"
        f'description: "{pack.description}"\n'
        "language: en\n"
        'files: "{seat}_{line}.ogg"   # the 1995 names: 0_THR, 2_CIR, 1_MAH …; seat 0 is the player\n'
        f"seats: [{seats}]              # seats without files use seat 0's\n"
        "per_tile: true               # 3_CIR … one line per suit tile, for the \"one file per tile\" option\n"
    )


def mod_yaml(pack: Pack) -> str:
    return (
        "format: 1\n"
        f"id: {pack.mod_id}\n"
        f"name: {pack.name}\n"
        'version: "1.0.0"\n'
        'game: ">=0.1"\n'
        "authors: [Sparrow team]\n"
        f'description: "{pack.description}"\n'
        "kinds: [voice]\n"
        "requires: []\n"
        "optional: []\n"
        "incompatible: []\n"
        "load_after: []\n"
    )


def write_pack(pack: Pack, out_root: Path) -> list[Path]:
    espeak, oggenc = _tool("espeak-ng", "espeak-ng"), _tool("oggenc", "vorbis-tools")
    folder = out_root / pack.mod_id
    content = folder / "voice"
    if content.exists():
        shutil.rmtree(content)  # a line dropped from the script must not linger as a stale file
    content.mkdir(parents=True)
    written = []
    for seat, speaker in enumerate(pack.speakers):
        for line in ALL_LINES:
            path = content / f"{seat}_{line}.ogg"
            say(speaker, WORDS[line], path, espeak, oggenc)
            written.append(path)
    (content / "voice.yaml").write_text(voice_yaml(pack), encoding="utf-8")
    (folder / "mod.yaml").write_text(mod_yaml(pack), encoding="utf-8")
    return [*written, content / "voice.yaml", folder / "mod.yaml"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "mods", help="folder to write the voice mods into")
    parser.add_argument("--only", nargs="*", default=None, help="mod ids to make (default: all)")
    args = parser.parse_args(argv)
    for pack in PACKS:
        if args.only and pack.mod_id not in args.only:
            continue
        written = write_pack(pack, args.out)
        print(f"{pack.mod_id}: {len(written)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
