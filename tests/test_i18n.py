"""game.i18n: the fallback chain, plurals, numbers, the pseudo-locale and a mod's catalog."""

from __future__ import annotations

import gettext
import io
import json
import pickle
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game import i18n
from game.errors import Problem


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")
    i18n.clear_mod_catalogs()


@pytest.mark.parametrize(("asked", "got"), [
    ("de_AT.UTF-8", "de"), ("de", "de"), ("zh-Hans-CN", "zh_Hans"), ("zh_CN", "zh_Hans"), ("zh_TW", "zh_Hans"),
    ("fr_CA", "fr"), ("nl_BE@euro", "nl"), ("pt_BR", "en"), ("", "en"), (None, "en"), ("pseudo", "pseudo"),
])
def test_resolve__a_locale_falls_back_to_a_shipped_language(asked, got) -> None:
    assert i18n.resolve(asked) == got


def test_system_language__read_from_the_environment(monkeypatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    assert i18n.system_language() == "nl"
    monkeypatch.setenv("LANGUAGE", "fr:de")
    assert i18n.system_language() == "fr"


def test_available_languages__each_named_in_itself() -> None:
    names = dict(i18n.available_languages())
    assert names == {"en": "English", "de": "Deutsch", "nl": "Nederlands", "fr": "Français", "zh_Hans": "简体中文"}


def test_set_language__german_translates_and_tells_the_listeners() -> None:
    heard: list[str] = []
    stop = i18n.on_change(heard.append)
    assert i18n.set_language("de_DE") == "de"
    stop()
    assert heard == ["de"]
    assert i18n._("Settings") == "Einstellungen"
    assert i18n.ngettext("{n} Dot", "{n} Dots", 1).format(n=1) == "1 Kreis"
    assert i18n.ngettext("{n} Dot", "{n} Dots", 3).format(n=3) == "3 Kreise"


def test_later_text__english_as_a_string_translated_when_shown() -> None:
    """A message kept in data (a mod's problem) stays English wherever it is a string (JSON, the log) and is shown
    in the language active when it is shown, its values too, after a trip through pickle (a child process)."""
    reason = i18n.L_("not a regular file but a folder")
    problem = Problem("mod/x.yaml", i18n.L_("cannot read file: {reason}", reason=reason), 4, 2)
    i18n.set_language("de")
    assert json.dumps([str(problem)]) == '["mod/x.yaml:4:2: cannot read file: not a regular file but a folder"]'
    assert problem.shown() == ("mod/x.yaml:4:2: Datei kann nicht gelesen werden: keine gewöhnliche Datei, sondern "
                               "ein Ordner")
    assert pickle.loads(pickle.dumps(problem)).shown() == problem.shown()
    counted = i18n.Ln_("{n} hand", "{n} hands", 3, n=3)
    assert (counted, counted.translated()) == ("3 hands", "3 Hände")
    i18n.set_language("zh_Hans")
    assert problem.shown() == "mod/x.yaml:4:2: 无法读取文件：不是普通文件，而是文件夹"


def test_format_number__each_language_its_way() -> None:
    assert i18n.format_number(12345) == "12,345"
    i18n.set_language("de")
    assert i18n.format_number(12345) == "12.345"
    assert i18n.format_number(2.5, 1) == "2,5"
    i18n.set_language("fr")
    assert i18n.format_number(12345).replace("\u202f", " ") == "12 345"


@pytest.mark.parametrize(("code", "signed", "joined"), [
    ("en", ("+12,345", "-12,345", "0"), ("A, B, and C", "A, B, or C", "A, B, C")),
    ("de", ("+12.345", "-12.345", "0"), ("A, B und C", "A, B oder C", "A, B, C")),
    ("fr", ("+12\u202f345", "-12\u202f345", "0"), ("A, B et C", "A, B ou C", "A, B, C")),
    ("zh_Hans", ("+12,345", "-12,345", "0"), ("A、B和C", "A、B或C", "A、B、C")),
    ("pseudo", ("+12,345", "-12,345", "0"), ("A, B, C", "A, B, C", "A, B, C")),
])
def test_format_signed_and_format_list__each_language_its_way(code, signed, joined) -> None:
    """A change keeps its sign and the language's grouping; a list is joined with the language's words (and the
    pseudo-locale adds no English "and" outside the catalogs)."""
    i18n.set_language(code)
    assert (i18n.format_signed(12345), i18n.format_signed(-12345), i18n.format_signed(0)) == signed
    assert tuple(i18n.format_list("ABC", style) for style in ("and", "or", "plain")) == joined
    assert i18n.format_list(["A"]) == "A" and i18n.format_list([]) == ""


def test_pseudo__wraps_accents_and_keeps_placeholders() -> None:
    i18n.set_language("pseudo")
    shown = i18n._("{n} tiles left")
    assert shown.startswith("⟦") and shown.endswith("⟧")
    assert "{n}" in shown and "tiles" not in shown
    assert i18n.outside_catalogs(f"{shown} and more") == "andmore"
    assert i18n.outside_catalogs(shown.format(n=12)) == ""


def _catalog(pairs: dict[str, str]) -> gettext.GNUTranslations:
    catalog = Catalog(locale="de")
    for english, german in pairs.items():
        catalog.add(english, german)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def test_mod_text__the_mods_catalog_then_sparrows_then_english() -> None:
    i18n.register_mod_catalog("house-rules", "de", _catalog({"House Rules": "Hausregeln"}))
    assert i18n.mod_text("House Rules", domain="house-rules") == "House Rules"  # English is active
    i18n.set_language("de")
    assert i18n.mod_text("House Rules", domain="house-rules") == "Hausregeln"
    assert i18n.mod_text("House Rules") == "Hausregeln"
    assert i18n.mod_text("Bamboo", domain="house-rules") == "Bambus"  # Sparrow's own catalog knows it
    assert i18n.mod_text("Nowhere Hand", domain="house-rules") == "Nowhere Hand"
    i18n.clear_mod_catalogs()
    assert i18n.mod_text("House Rules", domain="house-rules") == "House Rules"


def test_mod_text__in_the_pseudo_locale_only_what_a_catalog_holds_is_marked_translated() -> None:
    i18n.register_mod_catalog("house-rules", "de", _catalog({"House Rules": "Hausregeln"}))
    i18n.set_language("pseudo")
    assert i18n.outside_catalogs(i18n.mod_text("House Rules")) == ""
    assert i18n.outside_catalogs(i18n.mod_text("Bamboo")) == ""  # Sparrow's own catalog holds it
    assert i18n.mod_text("limitmaker") == "limitmaker"  # an id no catalog holds: the pseudo-locale test sees it


def test_translations_from_po__a_broken_catalog_names_its_file_and_line(tmp_path: Path) -> None:
    po = tmp_path / "broken.po"
    po.write_text('msgid ""\nmsgstr ""\n\nmsgid "Settings"\nnonsense here\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"broken\.po: .* on 4"):
        i18n.translations_from_po(po, "de")
