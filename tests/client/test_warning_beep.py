"""The warning beep (P-174): the theme's warning sound when something the player tried is refused, unless the
Warning beeps setting is off."""

from __future__ import annotations

import pygame

from tests.client.helpers import key, make_app, table_with_stake

NOT_READY = "1B 4B 7B 1C 4C 7C 1D 4D 7D EW SW WW NW RD"


def _sounds(app, monkeypatch) -> list[str]:
    """The theme sounds that would be played (a headless app has no sound device: they are recorded)."""
    audio = app.resources.audio
    played: list[str] = []
    monkeypatch.setattr(audio, "available", True)
    monkeypatch.setattr(audio, "_sound", lambda path: played.append(path.stem))
    for quiet in ("say_tile", "say_claim", "say_call", "start_music"):
        monkeypatch.setattr(audio, quiet, lambda *a: True)
    return played


def test_warning_beep__sounds_when_a_declaration_is_refused(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path)
    scene = table_with_stake(app, "japanese-riichi", NOT_READY)
    played = _sounds(app, monkeypatch)
    app.dispatch(key(pygame.K_r))  # Riichi with a hand that is not ready: refused
    app.step()
    assert played.count("warning") == 1
    app.step()
    assert played.count("warning") == 1  # once for each refusal
    assert not scene.declaring


def test_warning_beep__the_setting_silences_it(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path)
    table_with_stake(app, "japanese-riichi", NOT_READY)
    played = _sounds(app, monkeypatch)
    app.settings.warning_beeps = False
    app.settings_changed("warning_beeps")  # as the Settings box's switch does (tests/client/test_settings_scene)
    app.dispatch(key(pygame.K_r))
    app.step()
    assert "warning" not in played
