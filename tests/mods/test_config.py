"""Folders and settings: overrides, defaults, atomic saves, corrupt files reported and kept."""

from __future__ import annotations

import sys
from pathlib import Path

from game import config
from game.config import Settings, folders, load_settings, save_settings
from game.mods.state import ModState, load_state, save_state


def test_folders__overrides_and_bundled_root(tmp_path: Path) -> None:
    """--mods-dir and --config-dir win; the bundled mods and themes come from the repository when not frozen."""
    chosen = folders(tmp_path / "m", tmp_path / "c")
    assert chosen.user_mods == tmp_path / "m" and chosen.config == tmp_path / "c"
    root = Path(config.__file__).resolve().parent.parent
    assert chosen.bundled == (root / "mods", root / "themes") and chosen.portable is None
    assert [origin for origin, _ in chosen.mod_roots] == ["bundled", "bundled", "user"]


def test_folders__frozen_uses_meipass_and_portable(tmp_path: Path, monkeypatch) -> None:
    """In the packaged executable the bundle is sys._MEIPASS and mods/ next to the exe is searched too."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "dist" / "sparrow"))
    chosen = folders(tmp_path / "m", tmp_path / "c")
    assert chosen.bundled[0] == tmp_path / "bundle" / "mods"
    assert chosen.portable == (tmp_path / "dist" / "mods").resolve()
    assert [origin for origin, _ in chosen.mod_roots] == ["bundled", "bundled", "portable", "user"]


def test_folders__platform_default_named_sparrow() -> None:
    """Without overrides the folders are the platform's, named after the game; nothing is created."""
    chosen = folders()
    assert "Sparrow" in str(chosen.user_mods) and "Sparrow" in str(chosen.config)


def test_settings__missing_file_gives_defaults(tmp_path: Path) -> None:
    """No settings file yet: defaults, no problems."""
    loaded = load_settings(tmp_path / "settings.yaml")
    assert loaded.settings == Settings() and loaded.problems == []


def test_settings__round_trip_keeps_unknown_keys(tmp_path: Path) -> None:
    """Saved settings load back equal, and a key from a newer version survives."""
    path = tmp_path / "settings.yaml"
    path.write_text("ruleset: house\nfuture_option: 3\n")
    loaded = load_settings(path).settings
    loaded.tileset = "tiles-plain"
    save_settings(path, loaded)
    again = load_settings(path).settings
    assert again.ruleset == "house" and again.tileset == "tiles-plain"
    assert again.model_extra == {"future_option": 3}


def test_settings__the_retired_setting_is_dropped_and_the_language_kept(tmp_path: Path) -> None:
    """``show_hints`` (written by earlier versions, never read) loads without a problem and is gone from the file
    once it is saved again; ``language`` is a real setting again and stays, the player's other settings too."""
    path = tmp_path / "settings.yaml"
    path.write_text("ruleset: house\nshow_hints: false\nlanguage: fr\n")
    loaded = load_settings(path)
    assert loaded.problems == [] and loaded.settings.ruleset == "house" and loaded.settings.language == "fr"
    save_settings(path, loaded.settings)
    written = path.read_text()
    assert "show_hints" not in written and "language: fr" in written and "ruleset: house" in written


def test_settings__an_unknown_language_is_reported_and_the_system_one_used(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text("language: klingon\nruleset: house\n")
    loaded = load_settings(path)
    assert loaded.settings.language is None and loaded.settings.ruleset == "house"
    assert any("klingon" in str(problem) for problem in loaded.problems)


def test_settings__a_bad_value_is_reported_and_defaulted_the_rest_kept(tmp_path: Path) -> None:
    """A bad value gives its default and its problem, the player's other settings stay; saving keeps the bad text
    aside under a name of its own."""
    path = tmp_path / "settings.yaml"
    path.write_text("ruleset: house\nmaster_volume: loud\nwindow_size: [-5, -5]\n")
    loaded = load_settings(path)
    assert loaded.settings.ruleset == "house"
    assert loaded.settings.master_volume == Settings().master_volume
    assert loaded.settings.window_size == Settings().window_size
    assert [str(p) for p in loaded.problems] == [
        f"{path}:2:1: master_volume: Input should be a valid number, unable to parse string as a number",
        f"{path}:3:15: window_size.0: Input should be greater than or equal to 320",
        f"{path}:3:19: window_size.1: Input should be greater than or equal to 240"]
    assert path.read_text() == "ruleset: house\nmaster_volume: loud\nwindow_size: [-5, -5]\n"
    save_settings(path, loaded.settings)
    [kept] = tmp_path.glob("settings.corrupt-*.yaml")
    assert kept.read_text() == "ruleset: house\nmaster_volume: loud\nwindow_size: [-5, -5]\n"
    assert load_settings(path).problems == []


def test_mod_state__round_trip_and_corrupt(tmp_path: Path) -> None:
    """Disabled mods and order persist; a corrupt state file enables everything and is kept aside on save."""
    save_state(tmp_path, ModState({"b"}, ["c", "a"]))
    state = load_state(tmp_path)
    assert state.disabled == {"b"} and state.order == ["c", "a"]
    (tmp_path / "mods.yaml").write_text("disabled: [a\n")
    broken = load_state(tmp_path)
    assert broken.disabled == set() and broken.problems
    save_state(tmp_path, ModState())
    (tmp_path / "mods.yaml").write_text("disabled: [b\n")
    save_state(tmp_path, ModState())
    kept = sorted(p.read_text() for p in tmp_path.glob("mods.corrupt-*.yaml"))
    assert kept == ["disabled: [a\n", "disabled: [b\n"]  # the second damage keeps the first copy


def test_settings__play_timings_are_validated_and_zero_speed_is_instant(tmp_path):
    """Animation speed 0 (instant) is a valid choice; a negative discard delay or a 60 s wait time is not."""
    import pydantic
    import pytest

    from game.config import Settings

    settings = Settings(animation_speed=0, discard_delay=0, wait_time=10, show_dealing=False)
    assert settings.animation_speed == 0 and not settings.show_dealing
    for bad in ({"discard_delay": -1}, {"wait_time": 60}, {"animation_speed": -0.5}):
        with pytest.raises(pydantic.ValidationError):
            Settings(**bad)


def test_settings__opponent_names_and_music_volume_are_typed(tmp_path):
    """Three opponents' names and a music volume round-trip; a fourth name or a volume above 1 is refused."""
    import pydantic
    import pytest

    from game.config import Settings, load_settings, save_settings

    path = tmp_path / "settings.yaml"
    save_settings(path, Settings(opponent_names=["Ann", "Bo", "Cy"], music_volume=0.25, quick_tip=True))
    loaded = load_settings(path).settings
    assert loaded.opponent_names == ["Ann", "Bo", "Cy"] and loaded.music_volume == 0.25 and loaded.quick_tip
    assert Settings().opponent_names == [], "no names chosen: the personalities' own names are used"
    for bad in ({"opponent_names": ["a", "b", "c", "d"]}, {"music_volume": 1.5}, {"opponent_names": ["x" * 41]}):
        with pytest.raises(pydantic.ValidationError):
            Settings(**bad)
