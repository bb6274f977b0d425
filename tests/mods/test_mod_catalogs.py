"""A mod's own catalogs: the bundled mods speak every shipped language in full, a broken catalog is reported by
``mods check`` with its file and line and skipped (the mod loads, in its own words), and the template tool."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.mods import load_catalog, rules_for
from game.mods.catalog import build_catalog
from game.mods.discovery import open_folder
from game.mods.translatable import mod_strings
from game.mods.translations import catalog_files, read_catalog, template_path
from tests.cli.runner import sparrow
from tests.mods.modkit import REPO, folders_for, mod_with_catalog
from tools import extract_mod_strings

BUNDLED = sorted(path for root in ("mods", "themes") for path in (REPO / root).iterdir()
                 if (path / "mod.yaml").is_file())
"""Every mod the game ships: the content mods and the two themes."""
SHIPPED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")
    i18n.clear_mod_catalogs()


def test_bundled_mods__rulesets_and_special_hands_named_in_german_and_chinese() -> None:
    catalog = load_catalog(full=False)
    european, _judge = rules_for("european", catalog=catalog)
    orphans = european.special_hand("thirteen_orphans").name
    classic_name = catalog.record("ruleset", "classic").name
    assert (orphans, classic_name) == ("Thirteen Orphans", "Classic (Mah Jongg for Windows, 1995)")
    i18n.set_language("de")
    assert i18n.mod_text(orphans) == "Dreizehn Waisen"
    assert i18n.mod_text(classic_name, domain="classic") == "Klassisch (Mah Jongg für Windows, 1995)"
    assert i18n.mod_text("Nine Gates") == "Neun Tore"
    i18n.set_language("zh_Hans")
    assert i18n.mod_text(orphans) == "十三幺"
    assert i18n.mod_text("Nine Gates") == "九莲宝灯"
    assert i18n.mod_text(classic_name, domain="classic") == "经典 (Mah Jongg for Windows, 1995)"
    i18n.set_language("en")
    assert i18n.mod_text(orphans) == "Thirteen Orphans"


@pytest.mark.parametrize("code", SHIPPED)
@pytest.mark.parametrize("mod", BUNDLED, ids=lambda path: path.name)
def test_bundled_mods__every_string_translated_in_every_shipped_language(mod: Path, code: str) -> None:
    """The completeness check: each bundled mod has a clean catalog per language, with every translatable
    string of its files translated (not missing, not fuzzy, not empty)."""
    found = open_folder(mod, "bundled")
    files = {file.code: file for file in catalog_files(found)[0]}
    assert code in files, f"{mod.name} has no catalog for {code}"
    catalog = read_catalog(files[code])
    assert catalog.problems == []
    untranslated = [text for text in mod_strings(found).places if text not in catalog.messages]
    assert untranslated == [], f"{len(untranslated)} untranslated in {files[code].shown}: {untranslated[:3]}"


@pytest.mark.parametrize("mod", BUNDLED, ids=lambda path: path.name)
def test_bundled_mods__templates_are_current(mod: Path) -> None:
    """locale/<mod>.pot holds exactly the mod's translatable strings: run tools/extract_mod_strings.py MOD
    --update after changing a name or a text."""
    found = open_folder(mod, "bundled")
    with template_path(found).open("rb") as handle:
        written = {message.id for message in read_po(handle) if message.id}
    assert written == set(mod_strings(found).places)


BROKEN = {
    "syntax": ('msgid "Housie"\nmsgstr "Hausi\n', 7, "double quotes closed on the same line"),
    "placeholder": ('msgid "Housie"\nmsgstr "Hausi"\n\nmsgid "Plays {style} games."\nmsgstr "Spielt Spiele."\n',
                    9, "drops {style}"),
    "plural": ('msgid "one game"\nmsgid_plural "{n} games"\nmsgstr[0] "ein Spiel"\n', 6,
               "has 1 plural form, but de needs 2"),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_mods_check__a_broken_catalog_is_reported_with_file_and_line(tmp_path: Path, kind: str) -> None:
    po, line, words = BROKEN[kind]
    mod = mod_with_catalog(tmp_path / "src", po)
    ran = sparrow("--config-dir", str(tmp_path / "cfg"), "--mods-dir", str(tmp_path / "user"), "mods", "check",
                  str(mod))
    assert ran.returncode == 1
    assert f"{mod}/locale/de/LC_MESSAGES/housemod.po:{line}:" in ran.stdout and words in ran.stdout, ran.stdout
    assert "the mod would load" in ran.stderr


def test_mods_check__the_wrong_plural_count_in_the_header_is_named(tmp_path: Path) -> None:
    po = 'msgid "one game"\nmsgid_plural "{n} games"\nmsgstr[0] "un jeu"\nmsgstr[1] "{n} jeux"\n'
    mod = mod_with_catalog(tmp_path / "src", po, code="fr")
    ran = sparrow("--config-dir", str(tmp_path / "cfg"), "mods", "check", str(mod))
    assert ran.returncode == 1
    assert "housemod.po:4:" in ran.stdout and "fr has 3 plural forms" in ran.stdout, ran.stdout


def test_mods_check__a_misnamed_catalog_is_named(tmp_path: Path) -> None:
    mod = mod_with_catalog(tmp_path / "src", 'msgid "Housie"\nmsgstr "Hausi"\n')
    (mod / "locale" / "de" / "LC_MESSAGES" / "housemod.po").rename(mod / "locale" / "de" / "LC_MESSAGES" / "x.po")
    ran = sparrow("--config-dir", str(tmp_path / "cfg"), "mods", "check", str(mod))
    assert ran.returncode == 1 and "expected housemod.po, got 'x.po'" in ran.stdout


def test_mods_check__a_good_catalog_passes(tmp_path: Path) -> None:
    mod = mod_with_catalog(tmp_path / "src", 'msgid "Housie"\nmsgstr "Hausi"\n\n'
                                              'msgid "Plays {style} games."\nmsgstr "Spielt {style} Spiele."\n')
    ran = sparrow("--config-dir", str(tmp_path / "cfg"), "mods", "check", str(mod))
    assert ran.returncode == 0 and ran.stdout.startswith("ok: housemod"), ran.stdout + ran.stderr


def test_a_broken_catalog_is_skipped_and_the_mod_loads_in_its_own_words(tmp_path: Path, caplog) -> None:
    mod_with_catalog(tmp_path / "user", BROKEN["placeholder"][0], zh_Hans='msgid "Housie"\nmsgstr "房子"\n')
    catalog = build_catalog(folders_for(tmp_path))
    entry = catalog.entry("housemod")
    assert entry is not None and entry.status == "loaded"
    assert catalog.record("ai", "housie").name == "Housie"
    i18n.set_language("de")
    with caplog.at_level(logging.WARNING, logger="game.mods.translations"):
        assert i18n.mod_text("Housie", domain="housemod") == "Housie"
    assert "housemod.po is broken and not used" in caplog.text and ":9:" in caplog.text
    i18n.set_language("zh_Hans")
    assert i18n.mod_text("Housie", domain="housemod") == "房子"


def test_extract_tool__writes_the_template_and_starts_and_updates_a_catalog(tmp_path: Path, capsys) -> None:
    mod = mod_with_catalog(tmp_path, 'msgid "Housie"\nmsgstr "Hausi"\n')
    assert extract_mod_strings.main([str(mod), "--init", "nl", "--update"]) == 0
    pot = (mod / "locale" / "housemod.pot").read_text(encoding="utf-8")
    assert 'msgid "Housie"' in pot and "#: ai/house.yaml:2" in pot and "#. name" in pot
    assert 'msgid "Plays {style} games."' in pot and "#. description" in pot
    dutch = (mod / "locale" / "nl" / "LC_MESSAGES" / "housemod.po").read_text(encoding="utf-8")
    assert 'msgid "Housie"\nmsgstr ""' in dutch and "nplurals=2" in dutch
    german = (mod / "locale" / "de" / "LC_MESSAGES" / "housemod.po").read_text(encoding="utf-8")
    assert 'msgid "Housie"\nmsgstr "Hausi"' in german and 'msgid "Plays {style} games."\nmsgstr ""' in german
    assert "started" in capsys.readouterr().out
