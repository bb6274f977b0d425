"""Sparrow's languages: the active language, gettext look-ups, plurals, numbers and a pseudo-locale for tests.

Pure Python (no pygame), at the bottom of the import layers so the engine's tile names, the session's messages,
the client and the command line all translate through this one module.

Sparrow's own strings
    Written in the code in English and wrapped: ``_("New Game")``, ``ngettext("{n} tile", "{n} tiles", n)``
    (format afterwards: ``.format(n=n)``), ``pgettext("menu", "Open")`` where one English word has two meanings.
    A module-level constant is marked with :func:`N_` (extraction sees it, nothing is translated) and passed
    through ``_()`` where it is shown, so a change of language reaches it. The catalogs are
    ``game/locale/<code>/LC_MESSAGES/sparrow.po``; ``sparrow.pot`` is extracted with ``pybabel extract -F
    babel.cfg`` and the ``.mo`` files are compiled by ``tools/compile_catalogs.py`` (the test command and the
    executable's build run it). A checkout without ``.mo`` files still speaks every language: the ``.po`` is
    compiled in memory when no ``.mo`` is newer than it.

A mod's catalogs (how they plug in)
    Strings that come from mod data (a ruleset's name, a scoring line, a special hand, a lesson, a personality, a
    tile set) are shown through :func:`mod_text`, the one place they are looked up::

        mod_text(ruleset.name, domain=mod_id)             # "Classic Rules" -> "Klassische Regeln"
        mod_text(line.label, domain=mod_id, context="scoring")

    A mod loader registers each mod's catalogs with :func:`register_mod_catalog` (``domain`` = the mod's id,
    ``code`` = one of :data:`LANGUAGES`, ``translations`` = any :class:`gettext.NullTranslations`, e.g. made by
    :func:`translations_from_po` from the mod's ``.po`` file) and drops them all with :func:`clear_mod_catalogs`
    before the mods are read again. ``mod_text`` asks the mod's catalog for the active language, then for each
    language of the fallback chain, then Sparrow's own catalog (so a string a bundled mod shares with the game,
    such as "Bamboo", is translated once), and returns the English when none knows it. With ``domain=None`` every
    registered mod catalog is asked, in registration order. In the pseudo-locale the result is wrapped like any
    other catalog string when some catalog holds it, so the pseudo-locale test catches a mod string shown without
    passing through here, and one that passes but that no catalog can translate (an id shown as a word).

Changing the language
    :func:`set_language` takes effect at once for every later look-up; :func:`on_change` registers a callback
    (the client rebuilds its scenes' text from it), so no restart is needed.
"""

from __future__ import annotations

import functools
import gettext
import io
import locale
import logging
import os
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

log = logging.getLogger(__name__)

DOMAIN = "sparrow"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "nl": "Nederlands",
    "fr": "Français",
    "zh_Hans": "简体中文",
}
"""The shipped languages by code, each named in itself (as the Settings page lists them)."""

SOURCE_LANGUAGE = "en"
PSEUDO = "pseudo"
"""The pseudo-locale: every catalog string comes back accented, a little longer and wrapped in ``⟦…⟧``, so a
test sees at once any text drawn that did not pass through a catalog (it is not offered to players)."""

_ALIASES = {
    # Traditional-Chinese readers read Simplified far better than English; Sparrow ships no Traditional catalog.
    "zh": "zh_Hans", "zh_cn": "zh_Hans", "zh_sg": "zh_Hans", "zh_hans": "zh_Hans", "zh_hant": "zh_Hans",
    "zh_tw": "zh_Hans", "zh_hk": "zh_Hans", "zh_mo": "zh_Hans",
}


class _State:
    code: str = SOURCE_LANGUAGE
    translations: gettext.NullTranslations = gettext.NullTranslations()
    listeners: list[Callable[[str], None]] = []  # noqa: RUF012 - one process-wide list, by design
    mods: dict[str, dict[str, gettext.NullTranslations]] = {}  # noqa: RUF012 - domain -> code -> catalog


_state = _State()


def N_(message: str) -> str:  # noqa: N802 - the gettext convention extractors look for
    """Mark ``message`` for extraction without translating it (a constant, translated where it is shown)."""
    return message


def pgettext_noop(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for extraction without translating it (see :func:`N_`)."""
    return message


def ngettext_noop(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message for extraction without translating it (see :func:`N_`)."""
    return singular, plural


def _(message: str) -> str:
    """``message`` in the active language ("" stays "": gettext would give the catalog's header)."""
    return _shown(_state.translations.gettext(message)) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` the active language uses for ``n`` (the caller formats ``n`` in)."""
    return _shown(_state.translations.ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language where ``context`` tells two meanings of one English word apart."""
    return _shown(_state.translations.pgettext(context, message)) if message else message


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return _shown(_state.translations.npgettext(context, singular, plural, n))


class LaterText(str):
    """Text that is English as a string and translated when shown: a message kept in data that outlives the
    language it was made in, or that also goes into English-only output (a mod's problem, listed by ``mods list
    --json`` and the log in English, shown translated by ``mods check`` and the Mods screen).

    Made by :func:`L_` / :func:`Ln_`; the values formatted in may be ``LaterText`` too (translated with it)."""

    template: str
    plural: str | None
    n: int
    values: dict[str, object]

    def __new__(cls, template: str, values: dict[str, object] | None = None, plural: str | None = None,
                n: int = 1, /) -> LaterText:
        values = dict(values or {})
        english = (template if plural is None or n == 1 else plural).format(**values)
        made = super().__new__(cls, english)
        made.template, made.plural, made.n, made.values = template, plural, n, values
        return made

    def __reduce__(self) -> tuple:
        # Pickled with its template (a problem crosses to the process that checks sounds and back).
        return (LaterText, (self.template, self.values, self.plural, self.n))

    def translated(self) -> str:
        """The text in the active language."""
        pattern = _(self.template) if self.plural is None else ngettext(self.template, self.plural, self.n)
        return pattern.format(**{key: localized(value) if isinstance(value, str) else value
                                 for key, value in self.values.items()})


def L_(message: str, **values: object) -> LaterText:  # noqa: N802 - a gettext-style marker, as N_
    """``message.format(**values)``, translated only when shown (see :class:`LaterText`)."""
    return LaterText(message, values)


def Ln_(singular: str, plural: str, count: int, /, **values: object) -> LaterText:  # noqa: N802 - as L_
    """:func:`L_` with a plural: ``count`` chooses the form (and is formatted in only where ``values`` name it)."""
    return LaterText(singular, values, plural, count)


def localized(text: str) -> str:
    """``text`` in the active language when it is a :class:`LaterText`; any other text as it is."""
    return text.translated() if isinstance(text, LaterText) else text


def language() -> str:
    """The active language's code (one of :data:`LANGUAGES`, or :data:`PSEUDO`)."""
    return _state.code


def available_languages() -> list[tuple[str, str]]:
    """``(code, own name)`` for every shipped language, English first."""
    return list(LANGUAGES.items())


def resolve(code: str | None) -> str:
    """The shipped language a locale code falls back to: ``de_AT`` -> ``de``, ``zh_CN`` -> ``zh_Hans``, ``pt`` ->
    ``en``. Accepts POSIX (``de_DE.UTF-8``), BCP 47 (``zh-Hans-CN``) and bare codes."""
    if not code:
        return SOURCE_LANGUAGE
    if code == PSEUDO:
        return PSEUDO
    plain = code.split(".")[0].split("@")[0].replace("-", "_")
    parts = plain.split("_")
    for n in range(len(parts), 0, -1):
        candidate = "_".join(parts[:n])
        for known in LANGUAGES:
            if known.lower() == candidate.lower():
                return known
        if candidate.lower() in _ALIASES:
            return _ALIASES[candidate.lower()]
    return SOURCE_LANGUAGE


def system_language() -> str:
    """The shipped language nearest the system's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        for code in value.split(":"):
            if code and code not in ("C", "POSIX") and not code.startswith("C."):
                return resolve(code)
    try:
        found = locale.getlocale()[0]
    except ValueError:  # an unparseable locale setting is no language
        found = None
    return resolve(found)


def set_language(code: str | None) -> str:
    """Make ``code`` (or the language it falls back to) the active language; returns the code now active.

    The catalog chain is the language's own, then English (the source text) for anything it lacks."""
    chosen = resolve(code)
    if chosen in (SOURCE_LANGUAGE, PSEUDO):
        translations: gettext.NullTranslations = gettext.NullTranslations()
    else:
        translations = _load(LOCALE_DIR, chosen, DOMAIN) or gettext.NullTranslations()
    changed = chosen != _state.code
    _state.code, _state.translations = chosen, translations
    if changed:
        for listener in list(_state.listeners):
            listener(chosen)
    return chosen


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener(code)`` after every change of language; returns a function that stops it."""
    _state.listeners.append(listener)

    def stop() -> None:
        if listener in _state.listeners:
            _state.listeners.remove(listener)

    return stop


def _load(folder: Path, code: str, domain: str) -> gettext.NullTranslations | None:
    base = folder / code / "LC_MESSAGES"
    mo, po = base / f"{domain}.mo", base / f"{domain}.po"
    try:
        if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
            with mo.open("rb") as handle:
                return gettext.GNUTranslations(handle)
        if po.is_file():
            return translations_from_po(po, code)
    except (OSError, ValueError) as exc:  # a damaged catalog leaves the English, it never stops the game
        log.warning("catalog %s for %s cannot be read: %s", domain, code, exc)
    return None


def translations_from_po(path: Path, code: str) -> gettext.GNUTranslations:
    """A ``.po`` file compiled in memory (fuzzy entries left out, as ``pybabel compile`` does).

    Raises ``ValueError`` (with the file and line, from Babel) for a file that is not a valid catalog."""
    from babel.messages.mofile import write_mo  # Babel's catalog reader is only needed without a .mo
    from babel.messages.pofile import PoFileError, read_po

    with path.open("rb") as handle:
        try:
            catalog = read_po(handle, locale=_babel_code(code), abort_invalid=True)
        except PoFileError as exc:
            raise ValueError(f"{path}: {exc}") from exc
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def register_mod_catalog(domain: str, code: str, translations: gettext.NullTranslations) -> None:
    """Consult ``translations`` for strings of mod ``domain`` shown in language ``code``."""
    _state.mods.setdefault(domain, {})[resolve(code)] = translations


def clear_mod_catalogs(domain: str | None = None) -> None:
    """Forget the catalogs of ``domain`` (every mod's when None), as before the mods are read again."""
    if domain is None:
        _state.mods.clear()
    else:
        _state.mods.pop(domain, None)


def mod_catalog_domains() -> list[str]:
    """The mods that have registered catalogs, in registration order."""
    return list(_state.mods)


def mod_text(message: str, domain: str | None = None, context: str | None = None) -> str:
    """A string from mod data (a name, a description) in the active language; see the module's docstring."""
    if not message:
        return message
    code = _state.code
    if code not in (SOURCE_LANGUAGE, PSEUDO):
        domains: Iterable[str] = (domain,) if domain is not None else list(_state.mods)
        for name in domains:
            catalog = _state.mods.get(name, {}).get(code)
            if catalog is None:
                continue
            found = catalog.pgettext(context, message) if context else catalog.gettext(message)
            if found != message:
                return found
        own = _state.translations.pgettext(context, message) if context else _state.translations.gettext(message)
        return own
    if code == PSEUDO and not _catalogued(message, domain, context):
        return message  # no catalog can translate it: the pseudo-locale shows it bare, so its test finds it
    return _shown(message)


def _catalogued(message: str, domain: str | None, context: str | None) -> bool:
    """Whether a catalog holds ``message``: a mod's (in any language) or Sparrow's own."""
    keys = (message, f"{context}\x04{message}") if context else (message,)
    domains: Iterable[str] = (domain,) if domain is not None else list(_state.mods)
    for name in domains:
        if any(_holds(catalog, key) for catalog in _state.mods.get(name, {}).values() for key in keys):
            return True
    own = _own_catalog()
    return own is not None and any(_holds(own, key) for key in keys)


def _holds(catalog: gettext.NullTranslations, key: str) -> bool:
    """Whether ``catalog`` has ``key`` (``context\\x04message`` with a context): a lazy mod catalog reads its file
    first; a compiled one looks in its table."""
    holds = getattr(catalog, "holds", None)
    return holds(key) if callable(holds) else key in getattr(catalog, "_catalog", {})


@functools.cache
def _own_catalog() -> gettext.NullTranslations | None:
    """Sparrow's own German catalog, which holds every message (every shipped catalog holds them all)."""
    return _load(LOCALE_DIR, "de", DOMAIN)


def format_number(value: float, decimals: int | None = None) -> str:
    """``value`` written the active language's way (``1,234.5`` in English, ``1.234,5`` in German)."""
    from babel.numbers import format_decimal  # Babel's locale data loads on first use, not at start

    pattern = None if decimals is None else "#,##0." + "0" * decimals if decimals else "#,##0"
    text = format_decimal(value, format=pattern, locale=_babel_code(_state.code))
    return text


def prepare_formats() -> None:
    """Load the active language's number and list data now, and again after every change of language.

    Babel reads a language's data on first use (about 30 ms): the window calls this at its start, so that cost
    falls before the first frame, not on the frame of the ceremony that first shows a score."""
    _prepare_formats(_state.code)
    if _prepare_formats not in _state.listeners:
        _state.listeners.append(_prepare_formats)


def _prepare_formats(code: str) -> None:
    format_signed(1234)
    format_list(("1", "2", "3"), "plain")


def format_signed(value: float, decimals: int | None = None) -> str:
    """``value`` as a change, written the active language's way: ``+1,234``, ``-56``, and ``0`` without a sign."""
    if not value:
        return format_number(value, decimals)
    from babel.numbers import get_plus_sign_symbol  # as in format_number

    plus = get_plus_sign_symbol(_babel_code(_state.code)) if value > 0 else ""
    return plus + format_number(value, decimals)


def format_list(items: Iterable[str], style: str = "and") -> str:
    """``items`` joined the active language's way: ``A, B and C`` (``A, B und C``, ``A、B和C``); ``style="or"``
    for a choice (``A, B or C``), ``"plain"`` for an enumeration with no last word (``A, B, C``, ``A、B、C``)."""
    shown = list(items)
    if len(shown) < 2:
        return "".join(shown)
    if _state.code == PSEUDO:  # Babel's English "and" would be text outside the catalogs
        return ", ".join(shown)
    from babel import Locale  # as in format_number
    from babel.lists import format_list as babel_list

    code = _babel_code(_state.code)
    if style == "plain":
        middle = Locale.parse(code).list_patterns["standard"]["middle"]
        joined = shown[0]
        for item in shown[1:]:
            joined = middle.format(joined, item)
        return joined
    return babel_list(shown, style="or" if style == "or" else "standard", locale=code)


def format_percent(value: float) -> str:
    """``value`` (0.25) as a percentage the active language's way (``25%``, ``25 %``)."""
    from babel.numbers import format_percent as babel_percent  # as in format_number

    return babel_percent(value, locale=_babel_code(_state.code))


def plural_forms(code: str) -> str:
    """The ``Plural-Forms`` header a catalog for ``code`` must carry (as Babel knows it)."""
    from babel.messages.plurals import get_plural  # only the catalog tools ask

    rule = get_plural(_babel_code(code))
    return f"nplurals={rule.num_plurals}; plural={rule.plural_expr};"


def _babel_code(code: str) -> str:
    return SOURCE_LANGUAGE if code == PSEUDO else code


# --- the pseudo-locale ---------------------------------------------------------------------------------------

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]|\n)")
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"


def pseudo(message: str) -> str:
    """``message`` as the pseudo-locale shows it: letters accented, a third longer, wrapped in ``⟦…⟧``; format
    placeholders (``{n}``, ``%s``) and line breaks are kept so the string still formats and wraps."""
    if not message or message.startswith(PSEUDO_OPEN):
        return message
    pieces = _PLACEHOLDER.split(message)
    out = [piece if i % 2 else piece.translate(_ACCENTED) for i, piece in enumerate(pieces)]
    letters = sum(ch.isalpha() for ch in message)
    return PSEUDO_OPEN + "".join(out) + "·" * (letters // 3) + PSEUDO_CLOSE


def _shown(message: str) -> str:
    return pseudo(message) if _state.code == PSEUDO else message


def outside_catalogs(text: str) -> str:
    """The letters of ``text`` outside every ``⟦…⟧`` span: what was drawn without passing through a catalog
    in the pseudo-locale (empty when all of it did)."""
    depth, left = 0, []
    for ch in text:
        if ch == PSEUDO_OPEN:
            depth += 1
        elif ch == PSEUDO_CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0 and ch.isascii() and ch.isalpha():
            left.append(ch)
    return "".join(left)


def known_codes() -> Sequence[str]:
    """Every code :func:`set_language` accepts as itself: the shipped languages and the pseudo-locale."""
    return (*LANGUAGES, PSEUDO)
