"""Install, remove, enable and disable round trips, and the mod manager's data model, in temporary folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.errors import ModError
from game.mods.catalog import build_catalog
from game.mods.install import install, remove, set_enabled
from game.mods.manager import ModManager
from game.mods.state import load_state
from tests.mods.modkit import REPO, ai_mod, folders_for, manifest, tileset_mod, write, zip_folder


def test_install__folder_then_remove_round_trip(tmp_path: Path) -> None:
    """A folder mod installs, is loaded with its records, and removing it takes it away again."""
    folders = folders_for(tmp_path, bundled=False)
    done = install(tileset_mod(tmp_path / "src"), folders)
    assert (done.mod_id, done.version, done.replaced) == ("good-tiles", "1.0.0", None)
    catalog = build_catalog(folders)
    assert catalog.order == ["good-tiles"]
    sheet = catalog.find_asset("tileset", "good-tiles", "sheet.png")
    assert sheet == folders.user_mods / "good-tiles" / "tileset" / "sheet.png"
    assert remove("good-tiles", folders) == folders.user_mods / "good-tiles"
    assert not (folders.user_mods / "good-tiles").exists()
    assert build_catalog(folders).order == []


def test_install__new_version_replaces_old(tmp_path: Path) -> None:
    """Installing a newer version of an installed mod replaces it and says which version it replaced."""
    folders = folders_for(tmp_path, bundled=False)
    install(ai_mod(tmp_path / "v1"), folders)
    newer = ai_mod(tmp_path / "v2")
    write(newer / "mod.yaml", manifest("good-ai", ["ai"], version="2.0.0"))
    done = install(newer, folders)
    assert done.replaced == "1.0.0"
    assert build_catalog(folders).entry("good-ai").manifest.version == "2.0.0"
    assert [p.name for p in folders.user_mods.iterdir()] == ["good-ai"]


def test_install__invalid_mod_refused_and_nothing_left(tmp_path: Path) -> None:
    """A mod with errors is not installed; the mods folder keeps no staging leftovers."""
    folders = folders_for(tmp_path, bundled=False)
    bad = tileset_mod(tmp_path / "src", size=(100, 100))
    with pytest.raises(ModError) as caught:
        install(bad, folders)
    assert "expected a tile sheet of at least 324×230 pixels" in str(caught.value)
    assert list(folders.user_mods.iterdir()) == []


def test_install__bundled_id_refused(tmp_path: Path) -> None:
    """A user mod may not take the id of a mod that comes with the game."""
    folders = folders_for(tmp_path)
    clash = tmp_path / "src" / "classic"
    write(clash / "mod.yaml", manifest("classic", ["ai"]))
    write(clash / "ai" / "p.yaml", "id: p\nname: P\nstrategy: expert\n")
    with pytest.raises(ModError) as caught:
        install(clash, folders)
    assert "mod 'classic' comes with the game" in str(caught.value)
    assert list(folders.user_mods.iterdir()) == []


def test_remove__bundled_refused(tmp_path: Path) -> None:
    """Bundled mods cannot be removed, only disabled."""
    with pytest.raises(ModError) as caught:
        remove("classic", folders_for(tmp_path))
    assert str(caught.value).endswith("disable it instead")
    assert (REPO / "mods" / "classic" / "mod.yaml").is_file()


def test_remove__unknown_id_lists_known(tmp_path: Path) -> None:
    """Removing an id that is not installed says so and lists what is."""
    folders = folders_for(tmp_path, bundled=False)
    install(ai_mod(tmp_path / "src"), folders)
    with pytest.raises(ModError) as caught:
        remove("nope", folders)
    assert str(caught.value) == "nope: no mod with id 'nope' is installed (found: good-ai)"


def test_enable_disable__persist_in_config(tmp_path: Path) -> None:
    """Disabling keeps the mod installed but unloaded across catalog rebuilds; enabling brings it back."""
    folders = folders_for(tmp_path, bundled=False)
    install(ai_mod(tmp_path / "src"), folders)
    set_enabled("good-ai", False, folders)
    assert load_state(folders.config).disabled == {"good-ai"}
    catalog = build_catalog(folders)
    assert catalog.entry("good-ai").status == "disabled" and catalog.record("ai", "tester") is None
    set_enabled("good-ai", True, folders)
    assert build_catalog(folders).record("ai", "tester").mod_id == "good-ai"


def test_zip_in_mods_folder__loaded_in_place(tmp_path: Path) -> None:
    """A zip dropped into the user mods folder is loaded (unpacked into the config cache) and removable."""
    folders = folders_for(tmp_path, bundled=False)
    folders.user_mods.mkdir(parents=True)
    zip_folder(tileset_mod(tmp_path / "src"), folders.user_mods / "tiles.zip")
    catalog = build_catalog(folders)
    asset = catalog.find_asset("tileset", "good-tiles", "sheet.png")
    assert asset is not None and folders.config in asset.parents
    remove("good-tiles", folders)
    assert not (folders.user_mods / "tiles.zip").exists()


def test_later_mod_overrides_record_and_conflict_listed(tmp_path: Path) -> None:
    """Two mods offering the same personality: the one loaded later wins and the override is listed."""
    folders = folders_for(tmp_path, bundled=False)
    ai_mod(folders.user_mods, "aa-first")
    ai_mod(folders.user_mods, "bb-second")
    catalog = build_catalog(folders)
    assert catalog.order == ["aa-first", "bb-second"]
    assert catalog.record("ai", "tester").mod_id == "bb-second"
    assert catalog.record("ai", "aa-first:tester").mod_id == "aa-first"
    assert catalog.conflicts == ["ai 'tester' from mod 'aa-first' is overridden by mod 'bb-second'"]


def test_manager__toggle_move_install_drop(tmp_path: Path) -> None:
    """The manager model lists rows, toggles, reorders (persisted) and installs a dropped zip."""
    folders = folders_for(tmp_path, bundled=False)
    ai_mod(folders.user_mods, "aa-first")
    ai_mod(folders.user_mods, "bb-second")
    manager = ModManager(folders)
    assert [row.id for row in manager.rows()] == ["aa-first", "bb-second"]
    moved = manager.move("bb-second", -1)
    assert moved.ok and moved.message == "Bb-Second now loads in place 1 of 2"
    assert [row.id for row in manager.rows()] == ["bb-second", "aa-first"]
    assert manager.catalog.record("ai", "tester").mod_id == "aa-first"
    assert ModManager(folders).catalog.order == ["bb-second", "aa-first"]
    outcome = manager.toggle("aa-first")
    assert outcome.ok and outcome.message == "Aa-First disabled"
    assert [row.status for row in manager.rows()] == ["loaded", "disabled"]
    dropped = manager.handle_drop(zip_folder(tileset_mod(tmp_path / "src"), tmp_path / "drop.zip"))
    assert dropped.ok and dropped.message == "installed Good-Tiles 1.0.0"
    assert manager.catalog.record("tileset", "good-tiles") is not None
    refused = manager.handle_drop(tmp_path / "notes.txt")
    assert not refused.ok and "expected a .zip file or a folder with mod.yaml" in refused.message


def test_manager__a_move_its_requirements_forbid_says_why_it_stays(tmp_path: Path) -> None:
    """A mod cannot load before a mod it requires: moving it up keeps it there and says so; a disabled mod has no
    place to move to."""
    folders = folders_for(tmp_path, bundled=False)
    ai_mod(folders.user_mods, "aa-first")
    ai_mod(folders.user_mods, "bb-second")
    write(folders.user_mods / "bb-second" / "mod.yaml", manifest("bb-second", ["ai"], extra="requires: [aa-first]\n"))
    ai_mod(folders.user_mods, "cc-third")
    manager = ModManager(folders)
    assert manager.catalog.order == ["aa-first", "bb-second", "cc-third"]
    stays = manager.move("bb-second", -1)
    assert stays.ok and not stays.changed
    assert stays.message == "Bb-Second stays in place 2 of 3: it must load after the mod above it"
    assert manager.catalog.order == ["aa-first", "bb-second", "cc-third"]
    assert manager.move("cc-third", 1).message == "Cc-Third loads last already"
    manager.toggle("cc-third")
    refused = manager.move("cc-third", -1)
    assert not refused.ok and refused.message == ("Cc-Third is disabled: only loaded mods have a place in the load "
                                                  "order")


def test_manager__failed_install_shows_problems(tmp_path: Path) -> None:
    """A broken drop is refused with its FILE:LINE:COLUMN lines for the screen."""
    folders = folders_for(tmp_path, bundled=False)
    bad = tmp_path / "src" / "bad"
    write(bad / "mod.yaml", "format: 1\nid: bad\nname: Bad\nversion: '1'\nkinds: [ai]\nwhat: 1\n")
    outcome = ModManager(folders).handle_drop(bad)
    assert not outcome.ok and outcome.message == "install failed"
    assert outcome.problems == (f"{bad}/mod.yaml:6:1: what: unknown key 'what'",)


def test_install__clears_leftovers_of_an_interrupted_install(tmp_path: Path) -> None:
    """Hidden staging folders from an install that was killed are removed by the next install."""
    folders = folders_for(tmp_path, bundled=False)
    write(folders.user_mods / ".install-0123" / "mod.yaml", "half written")
    install(ai_mod(tmp_path / "src"), folders)
    assert sorted(p.name for p in folders.user_mods.iterdir()) == ["good-ai"]
