"""The look and the sound of the game, loaded once from the enabled mods: the catalog, the theme and its palette,
fonts and table cloth, the tile sprites, the sounds and the players' voices.

Everything falls back to something that works (the house colours, the drawn tile faces, silence), and a fallback
the player would notice is said in words in :attr:`Resources.notices` ("The tile set … could not be read: … —
using the default"), which the title screen and the settings box show; it is logged too, with the file it
concerns.
"""

from __future__ import annotations

import contextlib
import io
import logging
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import pygame

from game.client import colours, layout
from game.client.look import Palette, gradient, use_theme_fonts
from game.client.render.sprites import TileSprites
from game.config import Folders, Settings
from game.errors import SparrowError
from game.filememo import Memo, file_signature
from game.i18n import N_, _, mod_text
from game.mods.personalities import type_word
from game.session.options import seat_names

log = logging.getLogger(__name__)

LOAD_ERRORS = (SparrowError, OSError, ValueError, pygame.error)
"""What reading a mod's file may raise: its own problems (``DataFileError``), a missing or unreadable file, a
value out of range, an image or a sound SDL cannot decode."""
_CLOTHS = Memo(4)
"""The themes' cloth pictures decoded lately, by file as last seen (every new App draws its table cloth)."""

KIND_WORDS = {"tileset": N_("tile set"), "theme": "theme", "voice": N_("voice pack")}
DEFAULT_RECORDS = {"tileset": ("tiles-numbers",), "theme": ("jade",), "voice": ("voice_default",)}
"""The bundled record each kind falls back to (the first one found when it is missing too)."""
SOUNDS: dict[str, str] = {"tile_drawn": "draw", "replacement_drawn": "draw", "tile_discarded": "discard",
                          "bonus_exposed": "draw", "dice_thrown": "dice", "wall_built": "wall_build"}
"""The sound each event kind makes (claims, kongs and Mah Jongg have their own, with a voice)."""


class Resources:
    """The catalog of the enabled mods and the look and sound taken from it.

    ``tileset`` and ``theme`` (the ``screenshot`` command's options) win over the settings' choices.
    """

    SOUNDS: ClassVar[dict[str, str]] = SOUNDS

    def __init__(self, folders: Folders | None, settings: Settings, *, headless: bool = False,
                 tileset: str | None = None, theme: str | None = None) -> None:
        self.folders = folders
        self.settings = settings
        self.headless = headless
        self.notices: list[str] = []
        """What went wrong that the player should know, in words, oldest first."""
        self.tileset_id = tileset or settings.tileset
        self.theme_id = theme or settings.theme
        self.voice_id = settings.voice
        self.catalog: Any = self._catalog()
        self.theme_record: Any = None
        self.tileset_record: Any = None
        self.theme: dict[str, Any] = {}
        self.palette = Palette()
        self.theme_palette = self.palette
        """The theme's colours, under the player's own."""
        self._background: pygame.Surface | None = None
        self._load_look()
        self.sprites = self._load_sprites()
        self._voiced_session: Any = None
        """The game whose players' voices are set."""
        self.audio: Any = self._load_audio()

    def tell(self, notice: str, *args: Any) -> None:
        """Report ``notice`` (a %-format with ``args``) to the player and the log."""
        line = notice % args if args else notice
        log.warning("%s", line)
        self.notices.append(line)

    # -- the catalog ------------------------------------------------------------------------------------------

    def _catalog(self) -> Any:
        if self.folders is None:
            return None
        from game.mods.catalog import build_catalog

        try:
            # Content is validated when it is used (and in the mod manager): decoding every sound at start-up
            # would double the time to the first frame.
            return build_catalog(self.folders, full=False)
        except (SparrowError, OSError) as exc:
            self.tell(_("The mods could not be read: %s — playing with the built-in look"), exc)
            return None

    def read_catalog(self) -> None:
        """Read the mods again, the look staying as it is (a ruleset preset was made, changed or deleted)."""
        self.catalog = self._catalog()

    def record(self, kind: str, wanted: str | None) -> Any:
        """The catalog record of ``kind``: the one asked for, else the bundled default, else the first."""
        catalog = self.catalog
        if catalog is None:
            return None
        if wanted:
            record = catalog.record(kind, wanted)
            if record is not None:
                return record
        records = catalog.list(kind)
        found = next((r for rid in DEFAULT_RECORDS.get(kind, ()) for r in records if r.id == rid),
                     records[0] if records else None)
        if wanted:
            instead = _('using {name}').format(name=found.name) if found is not None else _("using the default")
            self.tell(_("The %s %r is not installed — %s"), _(KIND_WORDS.get(kind, kind)), wanted, instead)
        return found

    def ruleset_name(self, ruleset_id: str) -> str:
        """A ruleset as the player knows it ("Classic (Mah Jongg for Windows, 1995)"); its id only when no
        enabled mod has it any more."""
        record = self.catalog.record("ruleset", ruleset_id) if self.catalog is not None else None
        return mod_text(record.name) if record is not None and record.name else ruleset_id

    def player_name(self, player_id: str) -> str:
        """A seat's player as a person: ``human`` is the player's name, ``expert`` its personality's ("Eliza"); a
        personality with modifiers (``defensive+scatterbrain``) or a reference bot (``greedy``) is named from
        its id."""
        if player_id == "human":
            return seat_names(self.settings)[0]
        base, *modifiers = player_id.split("+")
        record = self.catalog.record("ai", base) if self.catalog is not None else None
        name = getattr(getattr(record, "data", None), "name", None) or base.replace("_", " ").title()
        return " + ".join([mod_text(name), *(type_word(m) for m in modifiers)])

    def load_ruleset(self, ruleset_id: str) -> Any:
        """The ruleset ``ruleset_id`` from the enabled mods, or None when it does not load."""
        if self.catalog is None:
            return None
        from game.mods.rulesets import load_ruleset

        try:
            return load_ruleset(self.catalog, ruleset_id)
        except (SparrowError, OSError, ValueError) as exc:  # a ruleset that no longer loads leaves its names unknown
            log.warning("ruleset %r unavailable: %s", ruleset_id, exc)
            return None

    # -- the look ---------------------------------------------------------------------------------------------

    def _load_look(self) -> None:
        """The theme's colours and stake colours over the house palette; its fonts replace the house fonts."""
        self.theme_record = self.record("theme", self.theme_id)
        self.theme = {}
        if self.theme_record is not None:
            from game.datafile import load_yaml

            try:
                data = load_yaml(self.theme_record.file).data
                self.theme = dict(data) if isinstance(data, dict) else {}
            except LOAD_ERRORS as exc:
                self.tell(_("The theme %s could not be read: %s — using the house colours"), self.theme_record.name,
                          exc)
        folder = self.theme_record.folder if self.theme_record is not None else None
        for problem in use_theme_fonts(self.theme.get("fonts"), folder):
            self.tell(_("%s — using the house font"), problem[:1].upper() + problem[1:])
        self.theme_palette = Palette.from_theme(self.theme.get("colours"), self.theme.get("stakes"))
        self.apply_colours()

    def apply_colours(self) -> None:
        """The player's own colours (``settings.colours``) over the theme's, in use at once."""
        self.palette = colours.apply(self.theme_palette, self.settings.colours)
        self._background = None

    def _load_sprites(self) -> TileSprites:
        record = self.record("tileset", self.tileset_id)
        self.tileset_record = record
        if record is not None:
            from game.client.render.tilesheet import TileSheet

            try:
                return TileSprites(self.palette, sheet=TileSheet.load(record.file))
            except LOAD_ERRORS as exc:
                self.tell(_("The tile set %s could not be read: %s — using the default"), record.name, exc)
        return TileSprites(self.palette)

    def background(self) -> pygame.Surface:
        """The table cloth: the theme's cloth image tiled (else the theme's gradient), in the player's colour when
        one is chosen, darker towards the edges."""
        if self._background is not None:
            return self._background
        surf = gradient(layout.LOGICAL, self.palette.back_top, self.palette.back_bottom, vignette=False).copy()
        cloth_name = self.theme.get("cloth")
        if cloth_name and self.theme_record is not None:
            from game.mods.media import checked_image

            path = self.theme_record.folder / cloth_name
            try:
                # Decoded once while the file is unchanged; converted, a copy of its own to tint.
                cloth = _CLOTHS.get(str(path), file_signature(path), lambda: pygame.image.load(
                    io.BytesIO(checked_image(path)), path.name)).convert()
            except (pygame.error, OSError, ValueError) as exc:  # a missing or refused cloth leaves the gradient
                self.tell(_("The table cloth %s could not be read: %s — using the theme's colours"), path.name, exc)
            else:
                if "table" in self.settings.colours:
                    cloth = colours.tint_cloth(cloth, self.palette.back_top)
                for x in range(0, layout.LOGICAL[0], cloth.get_width()):
                    for y in range(0, layout.LOGICAL[1], cloth.get_height()):
                        surf.blit(cloth, (x, y))
        surf.blit(_edges(), (0, 0))
        self._background = surf
        return surf

    # -- sound ------------------------------------------------------------------------------------------------

    def _load_audio(self) -> Any:
        from game.client.audio import Audio

        try:
            audio = Audio(enabled=not self.headless,
                          sound_cache=self.folders.sound_verdicts if self.folders is not None else None)
        except pygame.error as exc:
            self.tell(_("Sound is off: %s"), exc)
            return None
        self._load_theme_sounds(audio)
        self._set_voices(audio, None)
        self.apply_audio_settings(audio)
        audio.start_music()
        return audio

    def _load_theme_sounds(self, audio: Any) -> None:
        if self.theme_record is None:
            return
        try:
            audio.load_theme(self.theme_record.file)
        except LOAD_ERRORS as exc:  # a theme's broken sounds leave the ones before
            self.tell(_("The sounds of the theme %s could not be read: %s"), self.theme_record.name, exc)

    def _set_voices(self, audio: Any, session: Any) -> None:
        """The chosen voice pack for every seat, then each computer player's own voice (its personality's)."""
        voice = self.record("voice", self.voice_id)
        try:
            audio.set_voice_all(voice.file if voice is not None else None)
        except LOAD_ERRORS as exc:
            self.tell(_("The voice pack %s could not be read: %s"), getattr(voice, "name", "?"), exc)
        if self.catalog is None:
            return
        for seat, player_id in enumerate(getattr(session, "opponents", ())[:3], start=1):
            personality = self.catalog.record("ai", player_id)
            voice_id = getattr(getattr(personality, "data", None), "voice", None)
            record = self.catalog.record("voice", voice_id) if voice_id else None
            if record is None:
                if voice_id:
                    log.info("voice %r of %r is not installed; the seat uses the table voices", voice_id, player_id)
                continue
            try:
                audio.set_voice(seat, record.file)
            except LOAD_ERRORS as exc:
                self.tell(_("The voice pack %s could not be read: %s"), record.name, exc)

    def apply_voices(self, session: Any = None) -> None:
        """Set the voices for ``session``'s players (default: the game voiced last); seats count from the human
        (0), as the voice files do."""
        if session is None:
            session = self._voiced_session
        self._voiced_session = session
        if self.audio is not None:
            self._set_voices(self.audio, session)

    def apply_audio_settings(self, audio: Any = None) -> None:
        """Volumes and the sound switches from the settings, applied to the running sound at once."""
        audio = audio if audio is not None else self.audio
        if audio is None:
            return
        s = self.settings
        audio.volumes.master = s.master_volume
        audio.volumes.effects = s.effects_volume
        audio.volumes.voices = s.voice_volume
        audio.tile_sounds = s.sound
        audio.voices = s.voices
        audio.your_voice = s.own_voice
        audio.warning_beeps = s.warning_beeps
        audio.volumes.music = s.music_volume
        with contextlib.suppress(pygame.error):
            if audio.music_playing is None:
                audio.start_music()
            else:
                audio.set_music_volume()

    def play_sound(self, name: str, event: Any = None) -> None:
        """Sound and voice for an event (a no-op when audio is missing or muted)."""
        audio = self.audio
        if audio is None or not getattr(audio, "available", False):
            return
        seat = getattr(event, "seat", 0)
        if name in SOUNDS:
            audio.play(SOUNDS[name])
        if name == "warning":  # the warning beep (P-174): a refusal, the danger of a one-suit hand
            audio.play("warning")
        if name == "tile_discarded":
            audio.say_tile(seat, event.tile)
        elif name == "discard_claimed":
            audio.play(event.claim)
            audio.say_claim(seat, event.claim)
        elif name == "kong_declared":
            audio.play("kong")
            audio.say_claim(seat, "kong")
        elif name == "mah_jongg":
            audio.play("mah_jongg")
            audio.say_claim(seat, "mah_jongg")
        elif name == "bonus_exposed":
            audio.say_tile(seat, event.tile)
        elif name == "standing_hand_declared":
            audio.say_call(seat, "STA")
        elif name == "ready_declared":
            audio.say_call(seat, "RII" if event.riichi else "REA")
        elif name == "danger_called":
            audio.play("warning")
            audio.say_call(seat, "DAN")

    # -- changes ----------------------------------------------------------------------------------------------

    def change_look(self, *, tileset: str | None = None, theme: str | None = None, voice: str | None = None) -> None:
        """Switch the tile set, theme or voice pack while playing: everything is drawn with the new one at once."""
        if tileset is not None:
            self.tileset_id = tileset
        if theme is not None:
            self.theme_id = theme
            self._load_look()
        if tileset is not None or theme is not None:
            self.sprites = self._load_sprites()
        if self.audio is None:
            return
        if theme is not None:
            self._load_theme_sounds(self.audio)
        if voice is not None:
            self.voice_id = voice
            self.apply_voices()

    def reload(self, *, tileset: str | None = None) -> None:
        """Mods were installed, removed, switched or reordered: read them again and use them at once (a disabled
        theme or tile set gives way to the default one); ``tileset``, one just installed, is used from now on."""
        if tileset is not None:
            self.tileset_id = tileset
        self.catalog = self._catalog()
        self._load_look()
        self.sprites = self._load_sprites()
        if self.audio is not None:
            self._load_theme_sounds(self.audio)
            self.apply_voices()

    @property
    def look_folder(self) -> Path | None:
        """The folder of the theme in use (its cloth, fonts and sounds)."""
        return self.theme_record.folder if self.theme_record is not None else None


@cache
def _edges() -> pygame.Surface:
    """The shade darkening the cloth towards the edges (the same for every cloth: made once, only blitted)."""
    small = pygame.Surface((48, 27), pygame.SRCALPHA)
    for y in range(27):
        for x in range(48):
            d = ((x - 23.5) / 24) ** 2 + ((y - 12) / 14) ** 2
            small.set_at((x, y), (0, 0, 0, int(min(1.0, max(0.0, d - 0.25)) * 150)))
    return pygame.transform.smoothscale(small, layout.LOGICAL)
