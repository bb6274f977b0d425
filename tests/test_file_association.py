"""The Linux file association in build/: the .desktop file starts the game with the file (``sparrow %f``) for
the save file type that build/sparrow-save.xml defines by the saves' own suffix."""

from __future__ import annotations

import configparser
import xml.etree.ElementTree as ET
from pathlib import Path

from game.saves import SAVE_SUFFIX

BUILD = Path(__file__).resolve().parents[1] / "build"
MIME = "{http://www.freedesktop.org/standards/shared-mime-info}"


def test_file_association__the_desktop_entry_opens_the_save_type_the_mime_file_defines() -> None:
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str  # type: ignore[assignment,method-assign]  # the keys are case-sensitive
    desktop.read(BUILD / "sparrow.desktop", encoding="utf-8")
    entry = desktop["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Exec"].split() == ["sparrow", "%f"]
    [mime_type] = ET.parse(BUILD / "sparrow-save.xml").getroot().findall(f"{MIME}mime-type")
    assert entry["MimeType"] == f"{mime_type.get('type')};"
    assert [g.get("pattern") for g in mime_type.findall(f"{MIME}glob")] == [f"*{SAVE_SUFFIX}"]
