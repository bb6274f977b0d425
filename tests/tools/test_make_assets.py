"""The asset generators and what they committed: tile sheets, themes and voices."""

from __future__ import annotations

import itertools
import shutil
import sys
from pathlib import Path

import pygame
import pytest

from game.core.tiles import CODES
from game.datafile import load_yaml
from game.mods.schemas import ALL_VOICE_LINES, BACK, ThemeSpec, TilesetSpec, VoiceSpec

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import make_sounds  # noqa: E402
import make_tilesets  # noqa: E402
import make_voices  # noqa: E402
import sound_synth  # noqa: E402

TILESETS = ("tiles-numbers", "tiles-plain", "tiles-characters", "tiles-contrast")
THEMES = ("jade", "parlour")
VOICES = ("voice-default", "voice-beginner", "voice-defensive", "voice-expert", "voice-limitmaker")


def _has_cjk_font() -> bool:
    return any(Path(path).is_file() for path, _, _ in make_tilesets.CJK_FONTS)


@pytest.mark.parametrize("mod", TILESETS)
def test_tilesets__committed_sheets_have_the_originals_size(mod: str) -> None:
    """Each set has sheet.png 324×230 and whole-multiple 2× and 3× sheets."""
    folder = ROOT / "mods" / mod / "tileset"
    for name, scale in (("sheet.png", 1), ("sheet@2x.png", 2), ("sheet@3x.png", 3)):
        assert pygame.image.load(str(folder / name)).get_size() == (324 * scale, 230 * scale)


@pytest.mark.parametrize("mod", TILESETS)
def test_tilesets__manifest_maps_every_tile_to_its_own_cell(mod: str) -> None:
    """The manifest validates, names only real tile codes (or BACK), and covers every tile and the back."""
    doc = load_yaml(ROOT / "mods" / mod / "tileset" / "tileset.yaml")
    spec = TilesetSpec.model_validate(doc.data)
    cells = spec.cell_map()
    assert set(cells) == {*CODES, BACK}
    assert len(set(cells.values())) == len(cells)


@pytest.mark.parametrize("mod", TILESETS)
def test_tilesets__every_tile_picture_is_different(mod: str) -> None:
    """No two of the 43 tiles and the back look the same at 36×46 (no blank or duplicated cell)."""
    sheet = pygame.image.load(str(ROOT / "mods" / mod / "tileset" / "sheet.png"))
    spec = TilesetSpec.model_validate(load_yaml(ROOT / "mods" / mod / "tileset" / "tileset.yaml").data)
    pictures = {code: pygame.image.tobytes(sheet.subsurface((c * 36, r * 46, 36, 46)), "RGB")
                for code, (c, r) in spec.cell_map().items()}
    for (a, pa), (b, pb) in itertools.combinations(pictures.items(), 2):
        differing = sum(1 for x, y in zip(pa, pb, strict=True) if abs(x - y) > 40)
        assert differing > 60, f"{a} and {b} look alike"


@pytest.mark.skipif(not _has_cjk_font(), reason="no CJK font installed for the tile generator")
@pytest.mark.parametrize("mod", ["tiles-plain", "tiles-characters"])
def test_make_tilesets__same_pixels_as_committed_and_twice_the_same(tmp_path: Path, mod: str) -> None:
    """Running the generator headless twice gives identical files, equal in pixels to the committed ones (the
    picture set and the characters-only set, which draw with different code)."""
    make_tilesets.main(["--out", str(tmp_path / "a"), "--only", mod])
    make_tilesets.main(["--out", str(tmp_path / "b"), "--only", mod])
    for name in ("sheet.png", "sheet@2x.png", "sheet@3x.png", "tileset.yaml"):
        a = (tmp_path / f"a/{mod}/tileset" / name).read_bytes()
        assert a == (tmp_path / f"b/{mod}/tileset" / name).read_bytes()
    made = pygame.image.load(str(tmp_path / f"a/{mod}/tileset/sheet.png"))
    committed = pygame.image.load(str(ROOT / f"mods/{mod}/tileset/sheet.png"))
    assert pygame.image.tobytes(made, "RGB") == pygame.image.tobytes(committed, "RGB")


def test_make_tilesets__says_how_to_get_a_missing_font(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a CJK font the tool stops with a message naming the Debian package to install."""
    monkeypatch.setattr(make_tilesets, "CJK_FONTS", (("/nonexistent/font.ttc", 0, 0.0),))
    with pytest.raises(SystemExit, match="apt-get install fonts-arphic-ukai"):
        make_tilesets.find_cjk_font(None)
    with pytest.raises(SystemExit, match="CJK font not found"):
        make_tilesets.find_cjk_font("/nonexistent/other.ttf")


def test_sound_synth__recipes_repeat_exactly() -> None:
    """The same theme and event give the same samples every run (seeded synthesis)."""
    import random

    theme = make_sounds.THEMES[0]
    for event in ("dice", "wall_build"):
        first = make_sounds.RECIPES[event](random.Random(event), theme)
        second = make_sounds.RECIPES[event](random.Random(event), theme)
        assert first == second


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("oggenc") is None, reason="oggenc is not installed")
def test_make_sounds__generates_a_theme_that_repeats_and_decodes(tmp_path: Path) -> None:
    """The theme generator writes the same OGG bytes twice (sounds and music) and the same cloth."""
    make_sounds.main(["--out", str(tmp_path / "a"), "--only", "jade"])
    make_sounds.main(["--out", str(tmp_path / "b"), "--only", "jade"])
    for event in make_sounds.RECIPES:
        a = tmp_path / "a/jade/theme/sounds" / f"{event}.ogg"
        assert a.read_bytes() == (tmp_path / "b/jade/theme/sounds" / f"{event}.ogg").read_bytes()
    for name in ("cloth.png", "music.ogg"):
        assert (tmp_path / "a/jade/theme" / name).read_bytes() == (tmp_path / "b/jade/theme" / name).read_bytes()


@pytest.fixture(scope="module")
def mixer():
    pygame.mixer.quit()
    pygame.mixer.init(22050, -16, 1)
    yield
    pygame.mixer.quit()


@pytest.mark.parametrize("theme", THEMES)
def test_themes__every_sound_decodes(theme: str, mixer) -> None:
    """Each theme has all ten sounds, and each decodes to something between 0.05 and 4 seconds."""
    folder = ROOT / "themes" / theme / "theme"
    spec = ThemeSpec.model_validate(load_yaml(folder / "theme.yaml").data)
    files = spec.sounds.files()
    assert set(files) == set(make_sounds.RECIPES)
    for name in files.values():
        assert 0.05 < pygame.mixer.Sound(str(folder / name)).get_length() < 4


def test_themes__clearly_differ_and_east_stake_is_red() -> None:
    """The two themes differ in colours, cloth and sounds; each gives East a red stake."""
    specs = [ThemeSpec.model_validate(load_yaml(ROOT / "themes" / t / "theme" / "theme.yaml").data) for t in THEMES]
    assert specs[0].colours["back_top"] != specs[1].colours["back_top"]
    cloths = [pygame.image.load(str(ROOT / "themes" / t / "theme" / "cloth.png")) for t in THEMES]
    assert cloths[0].get_at((10, 10)) != cloths[1].get_at((10, 10))
    for spec in specs:
        east = spec.stakes[0]
        r, g, b = int(east[1:3], 16), int(east[3:5], 16), int(east[5:7], 16)
        assert r > 150 and g < 80 and b < 80
    sounds = [(ROOT / "themes" / t / "theme" / "sounds" / "mah_jongg.ogg").read_bytes() for t in THEMES]
    assert sounds[0] != sounds[1]


@pytest.mark.parametrize("mod", VOICES)
def test_voices__every_line_for_every_recorded_seat_decodes(mod: str, mixer) -> None:
    """Each pack has all 60 lines (25 required, 8 single names, 27 per tile) for each seat it records."""
    folder = ROOT / "mods" / mod / "voice"
    spec = VoiceSpec.model_validate(load_yaml(folder / "voice.yaml").data)
    assert spec.per_tile
    for seat in spec.seats:
        for line in ALL_VOICE_LINES:
            path = folder / spec.file_for(seat, line)
            assert 0.1 < pygame.mixer.Sound(str(path)).get_length() < 3, path.name


def test_voices__default_pack_has_four_speakers_and_personalities_one_each() -> None:
    """The default pack records all four seats with different voices; each personality pack one voice."""
    default = next(p for p in make_voices.PACKS if p.mod_id == "voice-default")
    assert len({s.voice for s in default.speakers}) == 4
    others = [p for p in make_voices.PACKS if p is not default]
    assert {p.voice_id for p in others} == {"voice_beginner", "voice_defensive", "voice_expert", "voice_limitmaker"}
    assert len({p.speakers[0].voice for p in others}) == len(others)
    a = (ROOT / "mods/voice-default/voice/0_MAH.ogg").read_bytes()
    assert a != (ROOT / "mods/voice-default/voice/1_MAH.ogg").read_bytes()


def test_voices__script_says_every_line() -> None:
    """The generator has words for every line of the original's script, e.g. 3_CIR is 'three circles'."""
    assert set(make_voices.WORDS) == set(ALL_VOICE_LINES)
    assert make_voices.WORDS["3_CIR"] == "three circles"
    assert make_voices.WORDS["THR"] == "three"


def test_voices__total_size_stays_modest() -> None:
    """All bundled audio together stays within a few megabytes."""
    total = sum(p.stat().st_size for mod in VOICES for p in (ROOT / "mods" / mod).rglob("*.ogg"))
    total += sum(p.stat().st_size for t in THEMES for p in (ROOT / "themes" / t).rglob("*.ogg"))
    assert total < 5_000_000


def test_sound_synth__normalise_peaks_and_fades() -> None:
    """Normalised sounds peak at the asked level and end in silence (no click at the end)."""
    samples = sound_synth.normalise(sound_synth.beep(440, 0.2), peak=0.5)
    assert abs(max(abs(s) for s in samples) - 0.5) < 0.01
    assert abs(samples[-1]) < 1e-3


@pytest.mark.parametrize("theme", THEMES)
def test_themes__music_is_a_quiet_seamless_loop(theme: str, mixer) -> None:
    """Each theme has its own background loop of 10–60 s, softer than full scale, whose end runs into its start."""
    import array

    folder = ROOT / "themes" / theme / "theme"
    spec = ThemeSpec.model_validate(load_yaml(folder / "theme.yaml").data)
    assert spec.music == "music.ogg"
    sound = pygame.mixer.Sound(str(folder / spec.music))
    assert 10 < sound.get_length() < 60
    samples = array.array("h", sound.get_raw())
    assert max(abs(s) for s in samples) < 0.75 * 32767
    # No click at the seam: the last sample and the first are as close as neighbouring samples usually are.
    steps = sorted(abs(b - a) for a, b in itertools.pairwise(samples[:20000]))
    assert abs(samples[0] - samples[-1]) <= steps[int(len(steps) * 0.999)]


def test_themes__music_differs_between_themes() -> None:
    """The two themes do not share their music."""
    music = [(ROOT / "themes" / t / "theme" / "music.ogg").read_bytes() for t in THEMES]
    assert music[0] != music[1]


@pytest.mark.parametrize("mod", [*(f"mods/{m}" for m in (*TILESETS, *VOICES)), *(f"themes/{t}" for t in THEMES)])
def test_bundled_assets__pass_mods_check(mod: str, tmp_path: Path) -> None:
    """Every bundled tile set, theme and voice pack passes `mods check` (schemas, files, decoded media)."""
    from game.mods.check import check_mod
    from tests.mods.modkit import folders_for

    found = check_mod(ROOT / mod, folders_for(tmp_path))
    assert [str(p) for p in found.problems] == []


def test_mods_check__refuses_a_theme_whose_music_is_not_sound(tmp_path: Path) -> None:
    """Music that cannot be decoded is reported by `mods check` with the file's name."""
    from game.mods.check import check_mod
    from tests.mods.modkit import folders_for

    mod = tmp_path / "noisy"
    shutil.copytree(ROOT / "themes" / "parlour", mod)
    (mod / "mod.yaml").write_text((mod / "mod.yaml").read_text(encoding="utf-8").replace("id: parlour", "id: noisy"),
                                  encoding="utf-8")
    (mod / "theme" / "theme.yaml").write_text(
        (mod / "theme" / "theme.yaml").read_text(encoding="utf-8").replace("id: parlour", "id: noisy"),
        encoding="utf-8")
    (mod / "theme" / "music.ogg").write_bytes(b"not a sound at all")
    found = check_mod(mod, folders_for(tmp_path))
    assert any("music.ogg" in str(p) for p in found.problems), [str(p) for p in found.problems]


def test_themes__the_game_draws_with_the_themes_fonts_and_stake_colours(tmp_path: Path) -> None:
    """Parlour's serif fonts replace the house sans at the table, Jade keeps it; a theme's four stake colours
    colour each player's stake by seat wind; switching back to the house look restores the house fonts."""
    import argparse

    from game.client import layout, look
    from game.client.app import App
    from game.client.stage import stage_scene

    def app_with(theme: str) -> App:
        args = argparse.Namespace(mods_dir=str(tmp_path / "mods"), config_dir=str(tmp_path / "config"))
        return App(args, size=(1280, 720), headless=True, theme=theme)

    pygame.font.init()
    sample = "Mah Jongg! 12 345"
    serif = pygame.font.Font(str(ROOT / "themes/parlour/theme/fonts/NotoSerif-Regular.ttf"), 16).size(sample)
    sans = pygame.font.Font(str(ROOT / "assets/fonts/DejaVuSans.ttf"), 16).size(sample)
    assert serif != sans
    app = app_with("parlour")
    assert look.font(16).size(sample) == serif
    app.change_look(theme="jade")
    assert look.font(16).size(sample) == sans

    mod = tmp_path / "mods" / "bright"
    shutil.copytree(ROOT / "themes" / "jade", mod)
    (mod / "mod.yaml").write_text((mod / "mod.yaml").read_text(encoding="utf-8").replace("id: jade", "id: bright"),
                                  encoding="utf-8")
    yaml_path = mod / "theme" / "theme.yaml"
    stakes = ["#ff0000", "#00ff00", "#0000ff", "#ffff00"]
    text = yaml_path.read_text(encoding="utf-8").replace("id: jade", "id: bright")
    text = "\n".join(f"stakes: {stakes}" if line.startswith("stakes:") else line for line in text.splitlines())
    yaml_path.write_text(text + "\n", encoding="utf-8")
    app = app_with("bright")
    assert [app.palette.stake(w) for w in range(4)] == [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]
    table = stage_scene(app, "table", seed=3, turns=1)
    surface = app.render(1.0)
    for seat in range(4):
        rect = layout.stake_rect(seat)
        wind = table.session.table.seat_wind(seat)
        along = [(x, rect.centery) for x in range(rect.left, rect.right, 2)] if rect.width > rect.height else \
            [(rect.centerx, y) for y in range(rect.top, rect.bottom, 2)]
        seen = {tuple(surface.get_at(point)[:3]) for point in along}
        assert app.palette.stake(wind) in seen, (seat, wind)
    look.use_theme_fonts(None)
    assert look.font(16).size(sample) == sans
