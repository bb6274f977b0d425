"""``screenshot`` renders every scene headless to a PNG that is not blank (contract §6)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.cli.screenshot import render_scene
from tests.cli.runner import sparrow

ROOT = Path(__file__).resolve().parents[2]


def _distinct_colours(path: Path) -> int:
    image = pygame.image.load(str(path))
    small = pygame.transform.scale(image, (160, 90))
    return len({small.get_at((x, y))[:3] for x in range(160) for y in range(90)})


@pytest.mark.parametrize("scene", ["title", "table", "wall", "scores", "settings", "mods"])
def test_screenshot__every_scene_renders(scene: str, tmp_path: Path) -> None:
    """Each scene gives a PNG of the requested size with real content (many colours, not one flat fill)."""
    out = tmp_path / f"{scene}.png"
    render_scene(scene, str(out), seed=3, turns=20, size=(960, 540))
    assert out.is_file()
    assert pygame.image.load(str(out)).get_size() == (960, 540)
    assert _distinct_colours(out) > 40


def test_screenshot__command_line(tmp_path: Path) -> None:
    """The subcommand writes the file and exits 0, from a real process with a bare environment; a bad size is a
    usage error (exit 2)."""
    out = tmp_path / "table.png"
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
           "HOME": str(tmp_path)}
    base = [sys.executable, "-m", "game", "--config-dir", str(tmp_path / "cfg"), "screenshot"]
    done = subprocess.run([*base, "--scene", "table", "--out", str(out), "--seed", "5", "--turns", "12"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.is_file()
    bad = sparrow(*base[3:], "--scene", "table", "--out", str(out), "--size", "huge")
    assert bad.returncode == 2
    assert "expected a size" in bad.stderr


def test_screenshot__same_seed_same_picture(tmp_path: Path) -> None:
    """The table set-up is deterministic: the same seed and turns give the same pixels."""
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    render_scene("table", str(a), seed=8, turns=16, size=(640, 360))
    render_scene("table", str(b), seed=8, turns=16, size=(640, 360))
    img_a, img_b = pygame.image.load(str(a)), pygame.image.load(str(b))
    assert pygame.image.tobytes(img_a, "RGB") == pygame.image.tobytes(img_b, "RGB")
