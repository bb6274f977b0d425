"""tools.export_mod_schemas: write the JSON schemas of mod files to ``docs/schemas/``.

Run ``python tools/export_mod_schemas.py`` after changing :mod:`game.mods.manifest`, :mod:`game.mods.schemas` or
:mod:`game.mods.lessons`;
``tests/mods/test_schemas_current.py`` fails while a schema file is out of date. Editors use these files for
completion (``# yaml-language-server: $schema=…`` at the top of a YAML file).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.mods.lessons import LessonSpec  # noqa: E402  (needs the repository on sys.path first)
from game.mods.manifest import manifest_json_schema  # noqa: E402
from game.mods.schemas import ThemeSpec, TilesetSpec, VoiceSpec  # noqa: E402


def _schema(model: type, title: str) -> dict:
    schema = model.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = title
    return schema


def schemas() -> dict[str, dict]:
    """File name under docs/schemas -> schema."""
    return {
        "mod.schema.json": manifest_json_schema(),
        "tileset.schema.json": _schema(TilesetSpec, "Sparrow tile set (tileset/tileset.yaml)"),
        "theme.schema.json": _schema(ThemeSpec, "Sparrow theme (theme/theme.yaml)"),
        "voice.schema.json": _schema(VoiceSpec, "Sparrow voice pack (voice/voice.yaml)"),
        "lesson.schema.json": _schema(LessonSpec, "Sparrow lesson (lessons/*.yaml)"),
    }


def render(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    out = ROOT / "docs" / "schemas"
    out.mkdir(parents=True, exist_ok=True)
    for name, schema in schemas().items():
        (out / name).write_text(render(schema), encoding="utf-8")
        print(f"wrote docs/schemas/{name}")


if __name__ == "__main__":
    main()
