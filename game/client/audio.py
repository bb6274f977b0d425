"""Sound effects and voices; silent, never failing, when there is no audio device.

Theme sounds are played by event name (``tile_click``, ``draw``, ``discard``, ``chow``, ``pung``, ``kong``,
``mah_jongg``, ``warning``, ``dice``, ``wall_build``; the original's ``stake``/``table``/``beep`` work too).

Voices follow the 1995 program's script (classic-program.md §2). Seats are counted from the player: 0 you,
1 on your right, 2 opposite, 3 on your left. Each seat may have its own voice pack (a personality's voice) or
share one; a line is looked up with the original's fall-backs:

* a seat's file ``X_LINE``, else seat 0's ``0_LINE``, else silence;
* a single flower or season (``X_PLU`` …), else the generic ``X_FLO`` / ``X_SEA`` (each with the seat-0 step);
* with "one file per tile": ``X_3_CIR``, else number then suit (``X_THR`` + ``X_CIR``), as the remake decided.

A fall-back is quiet, as in the original: the game says nothing, but the log notes it once per seat and line,
so a voice-pack maker can see which files are missing.

A theme may also bring background music, looped at the music volume while the table is open.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from pathlib import Path

import pygame
from pydantic import ValidationError

from game.core.tiles import FIRST_FLOWER, FIRST_SEASON, JOKER, NUM_KINDS
from game.datafile import load_yaml, validation_problems
from game.errors import DataFileError
from game.mods import media
from game.mods.schemas import SOUND_EVENTS, ThemeSpec, VoiceSpec

log = logging.getLogger(__name__)

ALIASES = {"stake": "draw", "table": "discard", "beep": "warning", "click": "tile_click", "wall": "wall_build"}
NUMBER_LINES = ("ONE", "TWO", "THR", "FOU", "FIV", "SIX", "SEV", "EIG", "NIN")
SUIT_LINES = ("BAM", "WAN", "CIR")  # in tile order: Bamboo, Characters (Wan), Dots (Circles)
HONOUR_LINES = ("EAS", "SOU", "WES", "NOR", "RED", "GRE", "WHI")  # tiles 27–33: E S W N winds, R G W dragons
FLOWER_LINES = ("PLU", "ORC", "CHR", "BMB")
SEASON_LINES = ("SPR", "SUM", "AUT", "WIN")
CLAIM_LINES = {"chow": "CHO", "pung": "PUN", "kong": "KON", "mah_jongg": "MAH"}
SEATS = 4


@dataclass
class Volumes:
    """Loudness 0–1: ``master`` scales the other three."""

    master: float = 0.8
    effects: float = 1.0
    voices: float = 1.0
    music: float = 0.5


@dataclass
class VoicePack:
    """A loaded voice pack: its folder and the manifest that names its files."""

    folder: Path
    spec: VoiceSpec

    @classmethod
    def load(cls, source: str | Path) -> VoicePack:
        """A pack from its ``voice.yaml``, its ``voice/`` folder or its mod folder."""
        path = Path(source)
        if path.is_dir():
            path = path / "voice.yaml" if (path / "voice.yaml").is_file() else path / "voice" / "voice.yaml"
        doc = load_yaml(path)
        try:
            spec = VoiceSpec.model_validate(doc.data)
        except ValidationError as exc:
            raise DataFileError(validation_problems(doc, exc)) from None
        return cls(path.parent, spec)

    def find(self, seat: int, line: str) -> Path | None:
        """The file this pack has for ``line`` said by ``seat``: the seat's own, else seat 0's."""
        for name in self.spec.candidates(seat, line):
            path = self.folder / name
            if path.is_file():
                return path
        return None


class Audio:
    """The game's sound: theme effects and the players' voices, with volumes and the original's switches."""

    def __init__(self, enabled: bool = True, sound_cache: Path | None = None) -> None:
        self.volumes = Volumes()
        self.tile_sounds = True  # "Tile Sounds"
        self.warning_beeps = True  # "Warning Beeps"
        self.voices = True  # "Players Voices"
        self.your_voice = True  # "Your Voice": seat 0's calls
        self.per_tile = False  # "1 *.WAV per tile"
        self._effects: dict[str, Path] = {}
        self._packs: list[VoicePack | None] = [None] * SEATS
        self._sounds: dict[Path, pygame.mixer.Sound | None] = {}
        self._noted: set[tuple[int, str]] = set()
        self.music_file: Path | None = None
        """The theme's background music (None when the theme has none)."""
        self.music_playing: Path | None = None
        self.verdicts = media.verdicts_in(sound_cache)
        """What decoding a mod's sounds gave (sound_cache keeps it between runs): pygame plays checked ones only."""
        self._music_data: io.BytesIO | None = None
        self.available = enabled and self._start()

    # ----- set-up ------------------------------------------------------------------------------------------

    @staticmethod
    def _start() -> bool:
        """Start the mixer; without a device (or a driver) the game simply stays silent."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(44100, -16, 2, 512)
                pygame.mixer.init()
            pygame.mixer.set_num_channels(16)
            pygame.mixer.set_reserved(SEATS)  # one channel per seat, so a seat's words never overlap
        except pygame.error as exc:
            log.warning("sound is off: the audio device could not be opened (%s)", exc)
            return False
        return True

    def load_theme(self, source: str | Path) -> None:
        """Use the sounds of the theme at ``source`` (``theme.yaml``, its ``theme/`` folder or the mod folder)."""
        path = Path(source)
        if path.is_dir():
            path = path / "theme.yaml" if (path / "theme.yaml").is_file() else path / "theme" / "theme.yaml"
        doc = load_yaml(path)
        try:
            spec = ThemeSpec.model_validate(doc.data)
        except ValidationError as exc:
            raise DataFileError(validation_problems(doc, exc)) from None
        self._effects = {event: path.parent / name for event, name in spec.sounds.files().items()}
        music = path.parent / spec.music if spec.music else None
        if music != self.music_file:
            playing = self.music_playing is not None
            self.stop_music()
            self.music_file = music
            if playing:
                self.start_music()

    def set_voice(self, seat: int, pack: VoicePack | str | Path | None) -> None:
        """Give ``seat`` a voice pack (a personality's voice); None leaves the seat to seat 0's pack."""
        self._packs[seat] = VoicePack.load(pack) if isinstance(pack, str | Path) else pack

    def set_voice_all(self, pack: VoicePack | str | Path | None) -> None:
        """One pack for every seat, like the original's single VOICES folder."""
        loaded = VoicePack.load(pack) if isinstance(pack, str | Path) else pack
        self._packs = [loaded] * SEATS

    # ----- effects -----------------------------------------------------------------------------------------

    def play(self, event: str) -> bool:
        """Play the theme's sound for ``event``; False when it is switched off, missing or there is no audio."""
        event = ALIASES.get(event, event)
        if event not in SOUND_EVENTS:
            raise ValueError(f"expected a sound event ({', '.join(SOUND_EVENTS)}), got {event!r}")
        if event == "warning" and not self.warning_beeps:
            return False
        if event in ("tile_click", "draw", "discard", "dice", "wall_build") and not self.tile_sounds:
            return False
        path = self._effects.get(event)
        sound = self._sound(path) if path else None
        if sound is None:
            return False
        channel = sound.play()
        if channel is not None:
            channel.set_volume(self.volumes.master * self.volumes.effects)
        return True

    # ----- music -------------------------------------------------------------------------------------------

    def start_music(self) -> bool:
        """Loop the theme's music at master × music volume; False when there is none, it is muted or no audio."""
        if not self.available or self.music_file is None or self.volumes.music <= 0:
            self.stop_music()
            return False
        if self.music_playing == self.music_file:
            self.set_music_volume()
            return True
        try:
            self._music_data = io.BytesIO(media.playable_sound(self.music_file, self.verdicts))
            pygame.mixer.music.load(self._music_data, self.music_file.name)
            pygame.mixer.music.set_volume(self.volumes.master * self.volumes.music)
            pygame.mixer.music.play(loops=-1, fade_ms=1500)
        except (pygame.error, OSError, ValueError) as exc:
            log.warning("music %s cannot be played: %s", self.music_file, exc)
            self.music_playing = None
            return False
        self.music_playing = self.music_file
        return True

    def stop_music(self) -> None:
        """Stop the background music (leaving the table, or a theme without music)."""
        if self.available and self.music_playing is not None:
            pygame.mixer.music.fadeout(400)
        self.music_playing = None

    def set_music_volume(self) -> None:
        """Apply a changed master or music volume to the music already playing (0 stops it)."""
        if self.music_playing is None:
            return
        if self.volumes.music <= 0:
            self.stop_music()
            return
        pygame.mixer.music.set_volume(self.volumes.master * self.volumes.music)

    # ----- voices ------------------------------------------------------------------------------------------

    def tile_lines(self, seat: int, tile: int) -> list[Path]:
        """The files ``seat`` would say for a discarded or exposed ``tile``, after every fall-back (maybe none)."""
        if 0 <= tile < 27:
            suit, number = divmod(tile, 9)
            if self.per_tile:
                whole = self._find(seat, f"{number + 1}_{SUIT_LINES[suit]}", quiet=True)
                if whole:
                    return [whole]
            parts = [self._find(seat, NUMBER_LINES[number]), self._find(seat, SUIT_LINES[suit])]
            return [p for p in parts if p]
        if 27 <= tile < NUM_KINDS:
            found = self._find(seat, HONOUR_LINES[tile - 27])
            return [found] if found else []
        if FIRST_FLOWER <= tile < FIRST_FLOWER + 4:
            found = self._find(seat, FLOWER_LINES[tile - FIRST_FLOWER], quiet=True) or self._find(seat, "FLO")
            return [found] if found else []
        if FIRST_SEASON <= tile < FIRST_SEASON + 4:
            found = self._find(seat, SEASON_LINES[tile - FIRST_SEASON], quiet=True) or self._find(seat, "SEA")
            return [found] if found else []
        if tile == JOKER:
            return []
        raise ValueError(f"expected a tile number 0–42, got {tile}")

    def claim_lines(self, seat: int, claim: str) -> list[Path]:
        """The file ``seat`` says for ``claim`` (chow, pung, kong or mah_jongg), after fall-backs."""
        if claim not in CLAIM_LINES:
            raise ValueError(f"expected a claim ({', '.join(CLAIM_LINES)}), got {claim!r}")
        found = self._find(seat, CLAIM_LINES[claim])
        return [found] if found else []

    def say_tile(self, seat: int, tile: int) -> bool:
        """``seat`` calls out ``tile`` ("three" "circle"); False if nothing was played."""
        return self._speak(seat, self.tile_lines(seat, tile))

    def say_claim(self, seat: int, claim: str) -> bool:
        """``seat`` calls "chow", "pung", "kong" or "mah jongg"; False if nothing was played."""
        return self._speak(seat, self.claim_lines(seat, claim))

    def say_call(self, seat: int, line: str) -> bool:
        """``seat`` calls a declaration or the danger (``STA``, ``REA``, ``RII``, ``DAN``: lines the 1995 script
        lacks, so a pack without them stays quiet); False if nothing was played."""
        found = self._find(seat, line, quiet=True)
        return self._speak(seat, [found] if found else [])

    def stop(self) -> None:
        """Silence the effects and voices at once (pause, leaving the table); the music plays on."""
        if self.available:
            pygame.mixer.stop()

    # ----- internals ---------------------------------------------------------------------------------------

    def _find(self, seat: int, line: str, quiet: bool = False) -> Path | None:
        """The file for ``line`` said by ``seat`` after the seat-0 fall-back; ``quiet`` for optional lines
        (single flower names, one file per tile), whose absence is normal and whose fall-back is logged by
        the caller's next step."""
        pack = self._packs[seat] or self._packs[0]
        found = pack.find(seat, line) if pack else None
        if found is None and pack is not self._packs[0] and self._packs[0] is not None:
            found = self._packs[0].find(0, line)  # the human's file, as the original fell back to 0_
        if quiet:
            return found
        if found is None:
            self._note(seat, line, "nothing is said")
        elif pack is not None:
            own = pack.spec.file_for(seat, line)
            if own is not None and found != pack.folder / own:  # a pack that records the seat lacks this file
                self._note(seat, line, f"{found.name} is said instead")
        return found

    def _note(self, seat: int, line: str, what: str) -> None:
        if (seat, line) not in self._noted:
            self._noted.add((seat, line))
            log.info("voice line %s_%s has no file: %s", seat, line, what)

    def _speak(self, seat: int, files: list[Path]) -> bool:
        if not (self.voices and files and self.available) or (seat == 0 and not self.your_voice):
            return False
        sounds = [s for s in (self._sound(f) for f in files) if s is not None]
        if not sounds:
            return False
        channel = pygame.mixer.Channel(seat)
        channel.set_volume(self.volumes.master * self.volumes.voices)
        channel.play(sounds[0])
        for sound in sounds[1:2]:  # a channel queues one sound: number then suit is all a call needs
            channel.queue(sound)
        return True

    def _sound(self, path: Path) -> pygame.mixer.Sound | None:
        if not self.available:
            return None
        if path not in self._sounds:
            try:
                self._sounds[path] = pygame.mixer.Sound(file=io.BytesIO(media.playable_sound(path, self.verdicts)))
            except (pygame.error, OSError, ValueError) as exc:
                log.warning("sound %s cannot be played: %s", path, exc)
                self._sounds[path] = None
        return self._sounds[path]
