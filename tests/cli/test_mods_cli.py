"""`rulesets` and `mods list/check/install/remove/enable/disable` through the command line's entry (in this
process)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from tests.cli.runner import Ran, sparrow
from tests.mods.modkit import REPO, ai_mod, manifest, tileset_mod, write, zip_folder


def _run(tmp_path: Path, *args: str) -> Ran:
    return sparrow("--mods-dir", str(tmp_path / "user"), "--config-dir", str(tmp_path / "cfg"), *args)


def test_rulesets__json_lists_classic(tmp_path: Path) -> None:
    """`rulesets --json` prints one JSON list with id, name, mod and tiles."""
    result = _run(tmp_path, "rulesets", "--json")
    assert result.returncode == 0, result.stderr
    rulesets = json.loads(result.stdout)
    classic = next(r for r in rulesets if r["id"] == "classic")
    assert set(classic) == {"id", "name", "mod", "tiles"} and classic["mod"] == "classic" and classic["tiles"] == 144


def test_rulesets__installed_house_rules_listed(tmp_path: Path) -> None:
    """A ruleset mod installed with `mods install` appears in `rulesets` with its mod id."""
    assert _run(tmp_path, "mods", "install", str(REPO / "examples/mods/house-rules")).returncode == 0
    rulesets = json.loads(_run(tmp_path, "rulesets", "--json").stdout)
    assert {"id": "house", "name": "Classic with house rules", "mod": "house-rules", "tiles": 144} in rulesets


def test_mods_check__valid_example_exit_0(tmp_path: Path) -> None:
    """`mods check` on a valid mod exits 0 and says ok."""
    result = _run(tmp_path, "mods", "check", str(REPO / "examples/mods/tiles-example"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "ok: tiles-example 1.0.0 (tileset)\n"


def test_mods_check__broken_mod_lines_exit_1(tmp_path: Path) -> None:
    """`mods check` prints one FILE:LINE:COLUMN line per problem and exits 1."""
    bad = tmp_path / "bad"
    write(bad / "mod.yaml", manifest("bad", ["ai"]) + "name: twice\nextra: 1\n")
    result = _run(tmp_path, "mods", "check", str(bad))
    assert result.returncode == 1
    assert result.stdout == f"{bad}/mod.yaml:8:1: duplicate key 'name' (first given on line 3)\n"


def test_mods_check__zip_problems_name_the_zip(tmp_path: Path) -> None:
    """Problems inside a zip are reported against the zip's path; nothing is installed."""
    folder = ai_mod(tmp_path / "src")
    write(folder / "ai" / "people.yaml", "id: x\nname: X\nstrategy: expert\ncaution: 7\n")
    archive = zip_folder(folder, tmp_path / "people.zip")
    result = _run(tmp_path, "mods", "check", str(archive))
    assert result.returncode == 1
    assert result.stdout == f"{archive}/ai/people.yaml:4:1: caution: Input should be less than or equal to 1\n"
    assert not (tmp_path / "user").exists()


def test_mods_check__zip_slip_refused(tmp_path: Path) -> None:
    """`mods check` refuses an archive with '..' members."""
    archive = tmp_path / "slip.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("mod.yaml", manifest("slip", ["ai"]))
        out.writestr("../../evil.txt", "x")
    result = _run(tmp_path, "mods", "check", str(archive))
    assert result.returncode == 1
    assert result.stdout == f"{archive}: member '../../evil.txt' climbs out of the mod folder with '..'\n"


def test_mods__install_list_disable_enable_remove(tmp_path: Path) -> None:
    """The whole round trip: install a zip, see it listed, disable, enable, remove."""
    archive = zip_folder(tileset_mod(tmp_path / "src"), tmp_path / "tiles.zip")
    installed = _run(tmp_path, "mods", "install", str(archive))
    assert installed.returncode == 0, installed.stderr
    assert installed.stdout == f"installed good-tiles 1.0.0 into {tmp_path / 'user' / 'good-tiles'}\n"

    def listed() -> dict:
        result = _run(tmp_path, "mods", "list", "--json")
        assert result.returncode == 0
        return {mod["id"]: mod for mod in json.loads(result.stdout)}

    mod = listed()["good-tiles"]
    assert (mod["version"], mod["kinds"], mod["enabled"], mod["errors"]) == ("1.0.0", ["tileset"], True, [])
    assert listed()["classic"]["origin"] == "bundled"
    assert _run(tmp_path, "mods", "disable", "good-tiles").stdout == "good-tiles disabled\n"
    assert listed()["good-tiles"]["enabled"] is False and listed()["good-tiles"]["status"] == "disabled"
    assert _run(tmp_path, "mods", "enable", "good-tiles").returncode == 0
    assert listed()["good-tiles"]["status"] == "loaded"
    removed = _run(tmp_path, "mods", "remove", "good-tiles")
    assert removed.returncode == 0 and "good-tiles" not in listed()


def test_mods_list__broken_mod_shown_with_errors(tmp_path: Path) -> None:
    """A broken mod in the user folder is listed with its errors; the others still load."""
    write(tmp_path / "user" / "broken" / "mod.yaml", "format: 1\nid: broken\n")
    mods = {mod["id"]: mod for mod in json.loads(_run(tmp_path, "mods", "list", "--json").stdout)}
    assert mods["broken"]["status"] == "error"
    assert mods["broken"]["errors"][0].endswith("mod.yaml:1:1: name: missing required key 'name'")
    assert mods["classic"]["status"] == "loaded"


def test_mods__errors_and_usage(tmp_path: Path) -> None:
    """Unknown ids exit 1 with a message; a missing action is a usage error (exit 2)."""
    result = _run(tmp_path, "mods", "enable", "nope")
    assert result.returncode == 1 and "no mod with id 'nope' is installed" in result.stderr
    assert _run(tmp_path, "mods", "remove", "classic").returncode == 1
    assert _run(tmp_path, "mods").returncode == 2
    bad_install = _run(tmp_path, "mods", "install", str(tmp_path / "missing.zip"))
    assert bad_install.returncode == 1 and "no such mod folder or zip" in bad_install.stderr
