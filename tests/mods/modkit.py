"""Build small mods in temporary folders for the mod tests: manifests, tile sheets, sounds, zips."""

from __future__ import annotations

import io
import os
import shutil
import textwrap
import wave
import zipfile
from pathlib import Path

from game.config import Folders

REPO = Path(__file__).resolve().parents[2]


def folders_for(tmp_path: Path, bundled: bool = True, roots: tuple[Path, ...] | None = None) -> Folders:
    """Folders in ``tmp_path``; ``bundled`` also loads the repository's bundled mods (for the classic ruleset),
    ``roots`` loads these bundled folders instead."""
    if roots is None:
        roots = (REPO / "mods", REPO / "themes") if bundled else (tmp_path / "bundled",)
    return Folders(roots, None, tmp_path / "user", tmp_path / "config")


def classic_only(root: Path) -> tuple[Path, ...]:
    """A bundled-mods folder in ``root`` holding only the classic ruleset mod: what a mod under test needs to
    extend a ruleset and play, without checking every image and sound of the whole bundle again."""
    shutil.copytree(REPO / "mods" / "classic", root / "classic")
    return (root,)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def manifest(mod_id: str, kinds: list[str], version: str = "1.0.0", extra: str = "") -> str:
    return (f'format: 1\nid: {mod_id}\nname: {mod_id.title()}\nversion: "{version}"\ngame: ">=0.1"\n'
            f"authors: [Tester]\nkinds: [{', '.join(kinds)}]\n{extra}")


def png(width: int, height: int) -> bytes:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    surface = pygame.Surface((width, height))
    surface.fill((240, 230, 200))
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "sheet.png")
    return buffer.getvalue()


def wav(seconds: float = 0.05) -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
        out.writeframes(b"\x00\x08" * int(22050 * seconds))
    return buffer.getvalue()


def tileset_mod(root: Path, mod_id: str = "good-tiles", size: tuple[int, int] = (324, 230)) -> Path:
    folder = root / mod_id
    write(folder / "mod.yaml", manifest(mod_id, ["tileset"]))
    write(folder / "tileset" / "tileset.yaml", f"""\
        id: {mod_id}
        name: Test tiles
        image: sheet.png
        """)
    (folder / "tileset" / "sheet.png").write_bytes(png(*size))
    return folder


def ai_mod(root: Path, mod_id: str = "good-ai") -> Path:
    folder = root / mod_id
    write(folder / "mod.yaml", manifest(mod_id, ["ai"]))
    write(folder / "ai" / "people.yaml", """\
        - id: tester
          name: Tester
          strategy: defensive
          caution: 0.9
        """)
    return folder


def theme_mod(root: Path, mod_id: str = "good-theme") -> Path:
    folder = root / mod_id
    write(folder / "mod.yaml", manifest(mod_id, ["theme"]))
    write(folder / "theme" / "theme.yaml", f"""\
        id: {mod_id}
        name: Test theme
        colours: {{table: "#0b6623", text: "#ffffff"}}
        stakes: ["#c04040", "#40c040", "#4040c0", "#c0c040"]
        sounds:
          tile_click: click.wav
        """)
    (folder / "theme" / "click.wav").write_bytes(wav())
    return folder


VOICE_LINES = ("ONE", "TWO", "THR", "FOU", "FIV", "SIX", "SEV", "EIG", "NIN", "BAM", "CIR", "WAN", "EAS", "SOU",
               "WES", "NOR", "GRE", "RED", "WHI", "FLO", "SEA", "CHO", "PUN", "KON", "MAH")


def voice_mod(root: Path, mod_id: str = "good-voice", skip: tuple[str, ...] = ()) -> Path:
    folder = root / mod_id
    write(folder / "mod.yaml", manifest(mod_id, ["voice"]))
    write(folder / "voice" / "voice.yaml", f"""\
        id: {mod_id}
        name: Test voice
        files: "{{seat}}_{{line}}.wav"
        seats: [0]
        """)
    sound = wav(0.02)
    for line in VOICE_LINES:
        if line not in skip:
            (folder / "voice" / f"0_{line}.wav").write_bytes(sound)
    return folder


def zip_folder(folder: Path, target: Path) -> Path:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(folder).as_posix())
    return target


def mod_with_catalog(root: Path, po: str, code: str = "de", **others: str) -> Path:
    """A personality mod with a catalog ``po`` for ``code`` (and one per language in ``others``)."""
    mod = root / "housemod"
    write(mod / "mod.yaml", manifest("housemod", ["ai"]))
    write(mod / "ai" / "house.yaml", """\
        id: housie
        name: Housie
        description: Plays {style} games.
        strategy: beginner
        """)
    header = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
              '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
    for language, text in {code: po, **others}.items():
        write(mod / "locale" / language / "LC_MESSAGES" / "housemod.po", header + text)
    return mod
