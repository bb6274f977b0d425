"""Audio: theme sounds by name, the original's voice fall-backs, switches and volumes, silence without a device."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pygame
import pytest

from game.client.audio import Audio, VoicePack
from game.client.scenes import games
from game.core.tiles import tile_from_code

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_VOICE = ROOT / "mods" / "voice-default"


@pytest.fixture
def audio():
    pygame.mixer.quit()
    sound = Audio()
    yield sound
    pygame.mixer.quit()


def _names(paths: list[Path]) -> list[str]:
    return [p.name for p in paths]


def _pack(tmp_path: Path, seats: str, files: list[str]) -> VoicePack:
    """A small voice pack holding copies of the default pack's seat-0 files under the given names."""
    folder = tmp_path / "voice"
    folder.mkdir()
    (folder / "voice.yaml").write_text(f'id: test\nname: Test\nfiles: "{{seat}}_{{line}}.ogg"\nseats: [{seats}]\n',
                                       encoding="utf-8")
    for name in files:
        line = name.split("_", 1)[1]
        shutil.copyfile(DEFAULT_VOICE / "voice" / f"0_{line}", folder / name)
    return VoicePack.load(folder)


def test_play__theme_sound_by_event_and_by_the_originals_names(audio: Audio) -> None:
    """After loading a theme, events play by name, and 'stake'/'table'/'beep' mean draw/discard/warning."""
    assert audio.available
    audio.load_theme(ROOT / "themes" / "jade")
    for event in ("tile_click", "draw", "discard", "chow", "pung", "kong", "mah_jongg", "warning", "dice",
                  "wall_build", "stake", "table", "beep"):
        assert audio.play(event), event


def test_play__unknown_event_is_a_programming_error(audio: Audio) -> None:
    """A misspelt event name is caught at once rather than silently ignored."""
    with pytest.raises(ValueError, match="expected a sound event"):
        audio.play("tile_clack")


def test_play__switches_silence_their_sounds_only(audio: Audio) -> None:
    """'Tile Sounds' off silences tile clicks but not the meld sounds; 'Warning Beeps' off silences the beep."""
    audio.load_theme(ROOT / "themes" / "parlour")
    audio.tile_sounds = False
    audio.warning_beeps = False
    assert not audio.play("discard")
    assert not audio.play("warning")
    assert audio.play("pung")


def test_play__effect_volume_is_master_times_effects(audio: Audio) -> None:
    """The channel an effect plays on gets master × effects volume."""
    audio.load_theme(ROOT / "themes" / "jade")
    audio.volumes.master, audio.volumes.effects = 0.5, 0.5
    pygame.mixer.stop()
    assert audio.play("mah_jongg")
    busy = [pygame.mixer.Channel(i) for i in range(pygame.mixer.get_num_channels())
            if pygame.mixer.Channel(i).get_busy()]
    assert busy and abs(busy[0].get_volume() - 0.25) < 0.02


def test_tile_lines__suit_tile_is_number_then_suit_in_the_seats_voice(audio: Audio) -> None:
    """Without per-tile files a discard of 3 Circles is 'three' + 'circle' from the speaking seat's files."""
    audio.set_voice_all(DEFAULT_VOICE)
    assert _names(audio.tile_lines(2, tile_from_code("3D"))) == ["2_THR.ogg", "2_CIR.ogg"]
    assert _names(audio.tile_lines(1, tile_from_code("7C"))) == ["1_SEV.ogg", "1_WAN.ogg"]
    assert _names(audio.tile_lines(3, tile_from_code("RD"))) == ["3_RED.ogg"]
    assert _names(audio.tile_lines(0, tile_from_code("GD"))) == ["0_GRE.ogg"]


def test_tile_lines__per_tile_option_uses_one_file(audio: Audio) -> None:
    """With '1 *.WAV per tile' on, 3 Circles for the opposite player is 2_3_CIR, as in the original's example."""
    audio.set_voice_all(DEFAULT_VOICE)
    audio.per_tile = True
    assert _names(audio.tile_lines(2, tile_from_code("3D"))) == ["2_3_CIR.ogg"]
    assert _names(audio.tile_lines(0, tile_from_code("7B"))) == ["0_7_BAM.ogg"]


def test_tile_lines__missing_seat_file_falls_back_to_seat_zero(audio: Audio, tmp_path: Path) -> None:
    """A seat whose file is missing uses the human's (0_) file; with neither there is silence."""
    audio.set_voice_all(_pack(tmp_path, "0, 3", ["0_THR.ogg", "0_CIR.ogg", "3_CIR.ogg"]))
    assert _names(audio.tile_lines(3, tile_from_code("3D"))) == ["0_THR.ogg", "3_CIR.ogg"]
    assert audio.tile_lines(3, tile_from_code("EW")) == []
    assert not audio.say_tile(3, tile_from_code("EW"))


def test_fall_back__is_quiet_with_one_log_line_per_seat_and_line(audio: Audio, tmp_path: Path,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    """A recorded seat lacking a file uses seat 0's without a warning; the log notes it once, and notes silence."""
    audio.set_voice_all(_pack(tmp_path, "0, 3", ["0_THR.ogg", "0_CIR.ogg", "3_CIR.ogg"]))
    caplog.set_level(logging.INFO, logger="game.client.audio")
    for _ in range(3):
        audio.tile_lines(3, tile_from_code("3D"))
        audio.tile_lines(3, tile_from_code("EW"))
    lines = [r.getMessage() for r in caplog.records if r.name == "game.client.audio"]
    assert lines == ["voice line 3_THR has no file: 0_THR.ogg is said instead",
                     "voice line 3_EAS has no file: nothing is said"]
    assert all(r.levelno == logging.INFO for r in caplog.records if r.name == "game.client.audio")


def test_fall_back__seats_a_pack_does_not_record_are_not_reported(audio: Audio, caplog) -> None:
    """A personality's pack records seat 0 only; speaking from another seat with it is normal, not a gap."""
    caplog.set_level(logging.INFO, logger="game.client.audio")
    audio.set_voice_all(ROOT / "mods" / "voice-expert")
    assert _names(audio.tile_lines(2, tile_from_code("3D"))) == ["0_THR.ogg", "0_CIR.ogg"]
    assert not [r for r in caplog.records if r.name == "game.client.audio"]


def test_tile_lines__single_flower_falls_back_to_generic_flower(audio: Audio, tmp_path: Path) -> None:
    """Plum Blossom without PLU files is called 'flower'; a season with its own file uses it."""
    audio.set_voice_all(_pack(tmp_path, "0, 1", ["0_FLO.ogg", "1_SEA.ogg", "0_SPR.ogg"]))
    assert _names(audio.tile_lines(1, tile_from_code("F1"))) == ["0_FLO.ogg"]
    assert _names(audio.tile_lines(1, tile_from_code("S1"))) == ["0_SPR.ogg"]
    assert _names(audio.tile_lines(1, tile_from_code("S3"))) == ["1_SEA.ogg"]


def test_tile_lines__personality_voice_follows_its_seat(audio: Audio) -> None:
    """A seat given a personality's pack (recorded as seat 0 only) speaks with that pack from any seat."""
    audio.set_voice_all(DEFAULT_VOICE)
    audio.set_voice(2, ROOT / "mods" / "voice-expert")
    said = audio.tile_lines(2, tile_from_code("NW"))
    assert said == [ROOT / "mods" / "voice-expert" / "voice" / "0_NOR.ogg"]
    assert audio.claim_lines(1, "pung") == [DEFAULT_VOICE / "voice" / "1_PUN.ogg"]


def test_say__plays_on_the_seats_channel_at_voice_volume(audio: Audio) -> None:
    """A call plays on the speaking seat's own channel with master × voices volume."""
    audio.set_voice_all(DEFAULT_VOICE)
    audio.volumes.master, audio.volumes.voices = 1.0, 0.6
    assert audio.say_claim(1, "mah_jongg")
    channel = pygame.mixer.Channel(1)
    assert channel.get_busy() and abs(channel.get_volume() - 0.6) < 0.02


def test_say__declarations_have_their_own_lines(audio: Audio, tmp_path: Path) -> None:
    """Standing Hand, Ready and Riichi are said in the seat's voice; a pack without those lines stays quiet."""
    audio.set_voice_all(DEFAULT_VOICE)
    for line in ("STA", "REA", "RII", "DAN"):
        assert audio.say_call(2, line)
        assert pygame.mixer.Channel(2).get_busy()
        pygame.mixer.Channel(2).stop()
    audio.set_voice_all(_pack(tmp_path, "0", ["0_MAH.ogg"]))
    assert not audio.say_call(0, "REA")


def test_say__your_voice_off_silences_only_seat_zero(audio: Audio) -> None:
    """'Your Voice' off mutes the human's calls; the others still speak."""
    audio.set_voice_all(DEFAULT_VOICE)
    audio.your_voice = False
    assert not audio.say_claim(0, "chow")
    assert audio.say_claim(3, "chow")


def test_say__claim_name_is_checked(audio: Audio) -> None:
    """An unknown claim name is refused with the names it expected."""
    with pytest.raises(ValueError, match="expected a claim"):
        audio.claim_lines(0, "pong")


def test_audio__disabled_is_silent_and_never_fails() -> None:
    """With sound switched off everything is a quiet no-op."""
    pygame.mixer.quit()
    sound = Audio(enabled=False)
    sound.load_theme(ROOT / "themes" / "jade")
    sound.set_voice_all(DEFAULT_VOICE)
    assert not sound.available
    assert not sound.play("discard")
    assert not sound.say_tile(1, tile_from_code("5B"))
    sound.stop()


def test_audio__no_device_means_silence_with_a_warning(monkeypatch: pytest.MonkeyPatch,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    """When the mixer cannot open a device the game runs muted and says why in the log."""
    pygame.mixer.quit()

    def no_device(*args, **kwargs):
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound = Audio()
    assert not sound.available
    assert not sound.play("warning")
    assert "audio device could not be opened" in caplog.text


def _theme(tmp_path: Path, music: str | None) -> Path:
    """A theme folder with only music (or nothing at all)."""
    folder = tmp_path / "theme"
    folder.mkdir()
    text = "name: Quiet\n"
    if music:
        shutil.copyfile(ROOT / "themes" / "parlour" / "theme" / "music.ogg", folder / music)
        text += f"music: {music}\n"
    (folder / "theme.yaml").write_text(text, encoding="utf-8")
    return folder


def test_music__theme_music_loops_at_master_times_music_volume(audio: Audio) -> None:
    """A theme's music plays on and on at master × music volume; turning the music down to 0 stops it."""
    audio.volumes.master, audio.volumes.music = 0.5, 0.4
    audio.load_theme(ROOT / "themes" / "jade")
    assert audio.start_music()
    assert pygame.mixer.music.get_busy()
    assert abs(pygame.mixer.music.get_volume() - 0.2) < 0.02
    audio.volumes.music = 0.0
    audio.set_music_volume()
    assert audio.music_playing is None


def test_music__changing_theme_changes_the_music(audio: Audio, tmp_path: Path) -> None:
    """Switching to a theme with other music plays that; a theme without music leaves silence."""
    audio.load_theme(ROOT / "themes" / "jade")
    assert audio.start_music()
    audio.load_theme(ROOT / "themes" / "parlour")
    assert audio.music_playing == ROOT / "themes" / "parlour" / "theme" / "music.ogg"
    audio.load_theme(_theme(tmp_path, None))
    assert audio.music_playing is None and not audio.start_music()


def test_music__without_audio_there_is_no_music() -> None:
    """Sound switched off: the music never starts and nothing fails."""
    pygame.mixer.quit()
    sound = Audio(enabled=False)
    sound.load_theme(ROOT / "themes" / "jade")
    assert not sound.start_music()
    sound.stop_music()


def test_app__each_computer_player_speaks_with_its_personalitys_voice(tmp_path: Path) -> None:
    """At the table the opponents call with their own voices (Expert with the Expert's), the player with the
    chosen pack; the settings' voice pack is applied again when changed."""
    from game.client.app import App
    from tests.client.helpers import make_app

    app: App = make_app(tmp_path)
    session = games.new_session(app, 3)
    session.opponents[:] = ["defensive", "expert", "beginner"]
    games.play(app, session)
    audio = app.resources.audio
    packs = {seat: audio.tile_lines(seat, tile_from_code("NW"))[0].parent.parent.name for seat in range(4)}
    assert packs == {0: "voice-default", 1: "voice-defensive", 2: "voice-expert", 3: "voice-beginner"}
    app.change_look(voice="voice_limitmaker")  # as Settings → Sound does, before the settings are saved
    assert app.resources.audio.tile_lines(0, tile_from_code("NW"))[0].parent.parent.name == "voice-limitmaker"
    assert app.resources.audio.tile_lines(2, tile_from_code("NW"))[0].parent.parent.name == "voice-expert"
