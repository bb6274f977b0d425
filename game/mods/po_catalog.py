"""Read one of a mod's gettext catalogs (``locale/<lang>/LC_MESSAGES/<mod id>.po``) as data, and say what is
wrong with it: a line that is not ``.po`` syntax, a translation that drops or adds a placeholder, plural forms
that do not fit the language.

Babel's reader does the parsing; it is lenient (an unclosed quote or a stray line passes silently), so every line
is first checked here, and each problem names the file and line. A catalog with any problem is not used at all:
half a translation mixed with English is worse than English.
"""

from __future__ import annotations

import gettext
import io
import re
import string
from dataclasses import dataclass, field
from typing import Any

from babel.core import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import PoFileError, read_po

from game.errors import Problem
from game.i18n import L_, Ln_

MAX_PO_BYTES = 4 * 1024 * 1024
"""A mod's catalog is its names and texts; anything bigger is not a catalog."""

# A quoted .po string: only the escapes C (and gettext) know.
_QUOTED = r'"(?:[^"\\]|\\[\\"abfnrtv]|\\[0-7]{1,3}|\\x[0-9a-fA-F]+)*"'
_KEYWORD_LINE = re.compile(r'^(msgctxt|msgid|msgid_plural|msgstr|msgstr\[(\d+)\])\s+' + _QUOTED + r"\s*$")
_CONTINUATION = re.compile(r"^" + _QUOTED + r"\s*$")
_PRINTF = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[sdifr%]")


@dataclass
class PoCatalog:
    """A catalog's usable translations and its problems.

    ``messages`` maps each translated msgid (``context\\x04msgid`` with a context, as gettext keys them) to its
    text, or to its forms for a plural entry."""

    language: str
    messages: dict[str, str | tuple[str, ...]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    plural_expr: str = "0"
    _po: Any = field(default=None, repr=False)

    def translations(self) -> gettext.NullTranslations:
        """The catalog as gettext reads it (compiled in memory); the English for everything when it is broken."""
        if self.problems or self._po is None:
            return gettext.NullTranslations()
        buffer = io.BytesIO()
        write_mo(buffer, self._po, use_fuzzy=False)
        buffer.seek(0)
        return gettext.GNUTranslations(buffer)


def babel_locale(language: str) -> str | None:
    """The locale Babel reads ``language`` (``de``, ``zh_Hans``, ``de-AT``) as: the code itself, else its language
    alone (the executable carries Babel's data for the shipped languages only, and a regional catalog counts its
    plurals as its language does); None for a code Babel does not know."""
    code = language.replace("-", "_")
    for candidate in (code, code.split("_")[0]):
        try:
            Locale.parse(candidate)
        except (UnknownLocaleError, ValueError):
            continue
        return candidate
    return None


def expected_plurals(language: str) -> tuple[int, str] | None:
    """``(nplurals, expression)`` for ``language`` (``de``, ``zh_Hans``), or None for a code Babel does not know."""
    code = babel_locale(language)
    if code is None:
        return None
    plural = get_plural(code)
    return plural.num_plurals, plural.plural_expr


def _syntax(lines: list[str], shown: str) -> list[Problem]:
    """Every line that is not a comment, a keyword with a quoted string, or a quoted continuation; and every msgid
    given twice (Babel would keep one of them without a word)."""
    problems = []
    seen: dict[str, int] = {}
    key: list[str] = []  # the msgctxt and msgid being read, as written
    key_line, reading_key = 0, False
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):  # obsolete entries (#~) are comments to the game
            continue
        keyword, continuation = _KEYWORD_LINE.match(text), _CONTINUATION.match(text)
        if keyword:
            word = keyword.group(1)
            if word in ("msgctxt", "msgid"):
                if word == "msgctxt" or not reading_key:  # a msgid right after its msgctxt is the same key
                    key, key_line = [], number
                key.append(text)
                reading_key = True
                continue
            if reading_key:
                first = seen.setdefault("\n".join(key), key_line)
                if first != key_line and key != ['msgid ""']:
                    problems.append(Problem(shown, L_("this msgid is already given on line {line}", line=first),
                                            key_line, 1))
            reading_key = False
            continue
        if continuation:
            if reading_key:
                key.append(text)
            continue
        column = len(line) - len(line.lstrip()) + 1
        if not (text.startswith('"') or text.startswith("msg")):
            message = L_("expected msgid, msgstr, msgctxt, msgid_plural, msgstr[N], a quoted string or a # comment, "
                         "got {text}", text=repr(text[:60]))
        elif text.count('"') % 2 or not text.endswith('"'):
            message = L_("expected a string in double quotes closed on the same line, got {text}",
                         text=repr(text[:60]))
        else:
            message = L_("unknown escape or stray text in {text} (a quote inside a string is written \\\")",
                         text=repr(text[:60]))
        problems.append(Problem(shown, message, number, column))
    return problems


def _fields(text: str) -> set[str] | None:
    """The placeholders of ``text`` (``{name}``, ``%(name)s``, ``%s``); None when its braces do not pair up."""
    try:
        found = {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return None
    found |= {f"%({name})" if name else "%" for name in _PRINTF.findall(text)}
    found.discard("%")  # "%" alone is "50 %", not a placeholder, unless it has a name
    return found


def _placeholder_problem(msgid: str, plural: str | None, forms: tuple[str, ...]) -> str | None:
    wanted = _fields(msgid) or set()
    allowed = wanted | (_fields(plural) or set() if plural else set())
    for index, form in enumerate(forms):
        if not form:
            continue
        got = _fields(form)
        where = f"msgstr[{index}]" if plural else L_("the translation")
        if got is None:
            return L_("{where} has a curly bracket that does not pair up (write a bracket itself twice)", where=where)
        # A plural form may leave out the number ("one tile" for "{n} tiles"), never a name the original has.
        needed = wanted if not plural else (_fields(plural) or set()) & wanted
        missing, extra = sorted(needed - got), sorted(got - allowed)
        if missing:
            return L_("{where} drops {fields}, which the original has: keep it as it is", where=where,
                      fields=", ".join(_shown(m) for m in missing))
        if extra:
            return L_("{where} has {fields}, which the original does not: a placeholder cannot be made up",
                      where=where, fields=", ".join(_shown(e) for e in extra))
    return None


def _shown(name: str) -> str:
    return f"{name}s" if name.startswith("%(") else "{" + name + "}"


def read_po_catalog(data: bytes, shown: str, language: str) -> PoCatalog:
    """The usable translations of the ``.po`` file ``data`` for ``language``, or its problems (then no messages).

    Untranslated and fuzzy entries are left out (the mod's own text shows for them), as gettext does.
    """
    catalog = PoCatalog(language)
    plurals = expected_plurals(language)
    if plurals is None:
        catalog.problems.append(Problem(shown, L_("unknown language code {code}: the folder under locale/ is named "
                                                  "by a language code such as de, nl, fr or zh_Hans",
                                                  code=repr(language))))
        return catalog
    nplurals, catalog.plural_expr = plurals
    if len(data) > MAX_PO_BYTES:
        catalog.problems.append(Problem(shown, L_("the catalog is {size} bytes, more than the limit of {limit}",
                                                  size=len(data), limit=MAX_PO_BYTES)))
        return catalog
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        catalog.problems.append(Problem(shown, L_("expected UTF-8 text: save the catalog as UTF-8"), line))
        return catalog
    lines = text.splitlines()
    catalog.problems.extend(_syntax(lines, shown))
    if catalog.problems:
        return catalog
    try:
        po = read_po(io.StringIO(text), locale=babel_locale(language), ignore_obsolete=True,
                     abort_invalid=True)
    except PoFileError as exc:
        reason: str = str(exc.args[0]).rsplit(" on ", 1)[0]  # Babel's own words stay English
        if "more translations than num_plurals" in reason:
            reason = L_("more plural forms than the Plural-Forms header's nplurals; {code} has {n}", code=language,
                        n=nplurals)
        catalog.problems.append(Problem(shown, reason, exc.lineno + 1))
        return catalog
    except (ValueError, UnknownLocaleError) as exc:
        catalog.problems.append(Problem(shown, L_("cannot be read: {reason}", reason=str(exc))))
        return catalog
    header_line = next((n for n, line in enumerate(lines, 1) if "Plural-Forms:" in line), 1)
    if po.num_plurals != nplurals and any(message.pluralizable for message in po if message.id):
        catalog.problems.append(Problem(
            shown, Ln_("Plural-Forms says nplurals={given}, but {code} has {n} plural form: expected {header}",
                       "Plural-Forms says nplurals={given}, but {code} has {n} plural forms: expected {header}",
                       nplurals, given=po.num_plurals, code=language, n=nplurals,
                       header=f'"Plural-Forms: nplurals={nplurals}; plural={catalog.plural_expr};\\n"'),
            header_line))
    for message in po:
        if not message.id:
            continue
        line = message.lineno or 1
        ids = tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)
        key, plural = str(ids[0]), (str(ids[1]) if len(ids) > 1 else None)
        strings = message.string
        forms = tuple(str(form or "") for form in (strings if isinstance(strings, tuple | list) else (strings,)))
        if message.fuzzy or not any(forms):
            continue
        if plural is not None and (len(forms) != nplurals or not all(forms)):
            given = sum(1 for form in forms if form)
            catalog.problems.append(Problem(shown, Ln_(
                "msgid {key} has {given} plural form, but {code} needs {n} (msgstr[0] to msgstr[{last}])",
                "msgid {key} has {given} plural forms, but {code} needs {n} (msgstr[0] to msgstr[{last}])", given,
                key=repr(key), given=given, code=language, n=nplurals, last=nplurals - 1), line))
            continue
        problem = _placeholder_problem(key, plural, forms)
        if problem:
            catalog.problems.append(Problem(shown, L_("msgid {key}: {problem}", key=repr(key), problem=problem), line))
            continue
        catalog.messages[f"{message.context}\x04{key}" if message.context else key] = \
            forms if plural is not None else forms[0]
    if catalog.problems:
        catalog.messages.clear()
    else:
        catalog._po = po
    return catalog
