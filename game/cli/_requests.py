"""Reading the one-request JSON/YAML documents of ``score`` and ``settle`` (interface contract §2, §3).

A request comes from anyone: every value is checked for its type and range before the engine sees it (a seat is
0–3, a score a whole number of sane size, a required key is never null), and every complaint is one printable
line that quotes at most a little of the input.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from game.datafile import parse_yaml
from game.errors import DataFileError, SparrowError, printable
from game.i18n import N_, _, ngettext

MAX_REQUEST_BYTES = 1024 * 1024
"""A request is a few hundred bytes; a bigger one is refused before it is parsed."""
MAX_AMOUNT = 10**9
"""The largest score or payment a request may give: far above any limit hand, small enough to add up safely."""


class RequestError(SparrowError):
    """A request that is not valid; the message says what was expected and what was found."""


def shown(value: Any, longest: int = 40) -> str:
    """``value`` as a message quotes it: its repr, cut short, every control character escaped."""
    text = "null" if value is None else "true" if value is True else "false" if value is False else repr(value)
    if len(text) > longest:
        text = text[:longest - 3] + "..."
    return printable(text)


def _read_text(source: str, where: str) -> str:
    if source == "-":
        return sys.stdin.read(MAX_REQUEST_BYTES + 1)
    try:
        with open(source, "rb") as handle:
            raw = handle.read(MAX_REQUEST_BYTES + 1)
    except OSError as exc:
        raise RequestError(_("cannot read {file}: {reason}").format(file=shown(source), reason=exc.strerror or exc)
                           ) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RequestError(_("{file} is not UTF-8 text (byte {byte})").format(file=where, byte=exc.start)) from None


def read_request(source: str) -> dict[str, Any]:
    """Read a request from a file path or ``-`` (stdin), as JSON or YAML; it must be a mapping."""
    where = _("stdin") if source == "-" else shown(source)
    text = _read_text(source, where)
    if len(text) > MAX_REQUEST_BYTES:
        raise RequestError(_("expected a request of at most {limit} bytes, {file} holds more").format(
            limit=MAX_REQUEST_BYTES, file=where))
    try:
        data = json.loads(text)
    except RecursionError:
        raise RequestError(_("expected a JSON or YAML request, got one nested too deeply")) from None
    except ValueError:
        try:
            data = parse_yaml(text, where).data
        except DataFileError as exc:
            more = len(exc.problems) - 1
            said = _("expected a JSON or YAML request: {problem}").format(problem=exc.problems[0].shown())
            if more:
                said += ngettext(" (and {n} more problem)", " (and {n} more problems)", more).format(n=more)
            raise RequestError(said) from None
        except RecursionError:
            raise RequestError(_("expected a JSON or YAML request, got one nested too deeply")) from None
    if not isinstance(data, dict):
        raise RequestError(_("expected a mapping of request keys in {file}, got {kind}").format(file=where,
                                                                                                  kind=_kind(data)))
    return data


def _kind(value: Any) -> str:
    kind = {type(None): "null", bool: "true/false", int: N_("a number"), float: N_("a number"), str: N_("text"),
            list: N_("a list"), dict: N_("a mapping")}.get(type(value))
    return _(kind) if kind else type(value).__name__


def check_keys(data: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    missing = [k for k in required if k not in data]
    if missing:
        raise RequestError(ngettext("missing required key {keys}", "missing required keys {keys}",
                                    len(missing)).format(keys=", ".join(repr(k) for k in missing)))
    unknown = [k for k in data if k not in required and k not in optional]
    if unknown:
        raise RequestError(_("unknown key {key}; expected one of {keys}").format(
            key=shown(unknown[0]), keys=", ".join(required + optional)))


_REQUIRED = object()


def typed(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = _REQUIRED, *,
          nullable: bool = False) -> Any:
    """``data[key]`` when of the expected type (a bool is not an int), else a RequestError.

    A missing key gives ``default`` (an error without one); null is taken only when ``nullable`` (or when the
    default is None: an optional key given as null means "not given").
    """
    if key not in data:
        if default is _REQUIRED:
            raise RequestError(ngettext("missing required key {keys}", "missing required keys {keys}", 1).format(
                keys=repr(key)))
        return default
    value = data[key]
    if value is None and (nullable or default is None):
        return None
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = False if isinstance(value, bool) and bool not in kinds else isinstance(value, kinds)
    if not ok:
        names = _(" or ").join(_(_NAMES[k]) if k in _NAMES else k.__name__ for k in kinds)
        raise RequestError(_("expected {key} to be {kind}, got {value}").format(key=repr(key), kind=names,
                                                                                value=shown(value)))
    return value


_NAMES = {str: N_("text"), bool: "true/false", int: N_("a whole number"), list: N_("a list"), dict: N_("a mapping")}


def seat(data: dict[str, Any], key: str) -> int:
    """A seat the request must give, 0–3 in playing order."""
    value = maybe_seat(data, key, _REQUIRED)
    assert value is not None  # required and not nullable
    return value


def maybe_seat(data: dict[str, Any], key: str, default: Any = None, *, nullable: bool = False) -> int | None:
    """A seat, 0–3 in playing order, or None where the request leaves it out (or gives null, when ``nullable``)."""
    value = typed(data, key, int, default, nullable=nullable)
    if value is not None and not 0 <= value <= 3:
        raise RequestError(_("expected {key} to be a seat 0 to 3, got {value}").format(key=repr(key),
                                                                                       value=shown(value)))
    return value


def whole(value: Any, what: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``, else a RequestError naming ``what``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RequestError(_("expected {what} to be a whole number from {low} to {high}, got {value}").format(
            what=what, low=low, high=high, value=shown(value)))
    return value


def numbers(data: dict[str, Any], key: str, low: int, high: int, default: Any = _REQUIRED, *,
            count: int | None = None) -> list[int]:
    """A list of whole numbers from ``low`` to ``high`` (exactly ``count`` of them when given)."""
    values = typed(data, key, list, default)
    if count is not None and len(values) != count:
        raise RequestError(_("expected {key} to hold {count} numbers, one per seat, got {got}: {values}").format(
            key=repr(key), count=count, got=len(values), values=shown(values)))
    return [whole(v, _("every number in {key}").format(key=repr(key)), low, high) for v in values]


def seats(data: dict[str, Any], key: str) -> list[int]:
    """A list of distinct seats."""
    values = numbers(data, key, 0, 3, [])
    if len(set(values)) != len(values):
        raise RequestError(_("expected {key} to name each seat at most once, got {values}").format(
            key=repr(key), values=shown(values)))
    return values


def ruleset_id(args: Any, data: dict[str, Any]) -> str:
    """``--ruleset`` wins over the request's ``ruleset``; the default is ``classic``."""
    if getattr(args, "ruleset", None):
        return str(args.ruleset)
    return typed(data, "ruleset", str, "classic")


def add_request_arguments(parser: Any) -> None:
    """``--ruleset ID`` and ``FILE|-``, as ``score`` and ``settle`` take them."""
    parser.add_argument("--ruleset", metavar=_("ID"), help=_("ruleset id (wins over the request's 'ruleset')"))
    parser.add_argument("file", metavar=_("FILE|-"), help=_("the request file, or - for stdin"))
