"""The shipped catalogs: every string the code marks for translation has a translation, not fuzzy, in every
language, using only the placeholders of its message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from game import i18n

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
            "pgettext_noop": ((1, "c"), 2), "ngettext_noop": (1, 2), "L_": None, "Ln_": (1, 2)}
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[a-z]")
SHIPPED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]


@pytest.fixture(scope="module")
def marked() -> set[tuple[str | None, str]]:
    """(context, message) of every string the code marks, as ``pybabel extract`` finds them."""
    found = set()
    for _filename, _line, message, _comments, context in extract_from_dir(
            str(ROOT / "game"), method_map=[("**.py", "python")], keywords=KEYWORDS):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def catalog(code: str):
    with (i18n.LOCALE_DIR / code / "LC_MESSAGES" / "sparrow.po").open("rb") as handle:
        return read_po(handle, locale=code)


def test_catalogs__the_code_marks_strings(marked) -> None:
    assert len(marked) > 900 and (None, "New Game") in marked and ("several", "{n} Dots") in marked


@pytest.mark.parametrize("code", SHIPPED)
def test_catalogs__every_marked_string_is_translated_and_none_is_fuzzy(marked, code) -> None:
    po = catalog(code)
    missing, fuzzy = [], []
    for context, message in sorted(marked, key=str):
        entry = po.get(message, context=context)
        strings = entry.string if entry is not None and isinstance(entry.string, tuple) else (
            entry.string if entry is not None else "",)
        if entry is None or not all(strings):
            missing.append(message)
        elif entry.fuzzy:
            fuzzy.append(message)
    assert missing == [], f"{len(missing)} strings have no {code} translation"
    assert fuzzy == [], f"{len(fuzzy)} {code} translations are fuzzy"


@pytest.mark.parametrize("code", SHIPPED)
def test_catalogs__a_translation_uses_only_the_placeholders_of_its_message(code) -> None:
    """A placeholder the code does not fill would stop the game (KeyError) where the string is shown."""
    wrong = []
    for entry in catalog(code):
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        allowed = set(PLACEHOLDER.findall(" ".join(ids)))
        wrong += [(ids[0], s) for s in strings if set(PLACEHOLDER.findall(s)) - allowed]
    assert wrong == []


@pytest.mark.parametrize("code", SHIPPED)
def test_catalogs__each_has_the_plural_rule_of_its_language(code) -> None:
    po = catalog(code)
    expected = {"de": 2, "nl": 2, "fr": 2, "zh_Hans": 1}[code]
    assert po.num_plurals == expected
