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
        raise RequestError(f"cannot read {shown(source)}: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RequestError(f"{where} is not UTF-8 text (byte {exc.start})") from None


def read_request(source: str) -> dict[str, Any]:
    """Read a request from a file path or ``-`` (stdin), as JSON or YAML; it must be a mapping."""
    where = "stdin" if source == "-" else shown(source)
    text = _read_text(source, where)
    if len(text) > MAX_REQUEST_BYTES:
        raise RequestError(f"expected a request of at most {MAX_REQUEST_BYTES} bytes, {where} holds more")
    try:
        data = json.loads(text)
    except RecursionError:
        raise RequestError("expected a JSON or YAML request, got one nested too deeply") from None
    except ValueError:
        try:
            data = parse_yaml(text, where).data
        except DataFileError as exc:
            first = exc.problems[0]
            more = f" (and {len(exc.problems) - 1} more problems)" if len(exc.problems) > 1 else ""
            raise RequestError(f"expected a JSON or YAML request: {first}{more}") from None
        except RecursionError:
            raise RequestError("expected a JSON or YAML request, got one nested too deeply") from None
    if not isinstance(data, dict):
        raise RequestError(f"expected a mapping of request keys in {where}, got {_kind(data)}")
    return data


def _kind(value: Any) -> str:
    return {type(None): "null", bool: "true/false", int: "a number", float: "a number", str: "text",
            list: "a list", dict: "a mapping"}.get(type(value), type(value).__name__)


def check_keys(data: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    missing = [k for k in required if k not in data]
    if missing:
        raise RequestError(f"missing required key{'s' if len(missing) > 1 else ''} "
                           f"{', '.join(repr(k) for k in missing)}")
    unknown = [k for k in data if k not in required and k not in optional]
    if unknown:
        raise RequestError(f"unknown key {shown(unknown[0])}; expected one of {', '.join(required + optional)}")


_REQUIRED = object()


def typed(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = _REQUIRED, *,
          nullable: bool = False) -> Any:
    """``data[key]`` when of the expected type (a bool is not an int), else a RequestError.

    A missing key gives ``default`` (an error without one); null is taken only when ``nullable`` (or when the
    default is None: an optional key given as null means "not given").
    """
    if key not in data:
        if default is _REQUIRED:
            raise RequestError(f"missing required key {key!r}")
        return default
    value = data[key]
    if value is None and (nullable or default is None):
        return None
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = False if isinstance(value, bool) and bool not in kinds else isinstance(value, kinds)
    if not ok:
        names = " or ".join(_NAMES.get(k, k.__name__) for k in kinds)
        raise RequestError(f"expected {key!r} to be {names}, got {shown(value)}")
    return value


_NAMES = {str: "text", bool: "true/false", int: "a whole number", list: "a list", dict: "a mapping"}


def seat(data: dict[str, Any], key: str) -> int:
    """A seat the request must give, 0–3 in playing order."""
    value = maybe_seat(data, key, _REQUIRED)
    assert value is not None  # required and not nullable
    return value


def maybe_seat(data: dict[str, Any], key: str, default: Any = None, *, nullable: bool = False) -> int | None:
    """A seat, 0–3 in playing order, or None where the request leaves it out (or gives null, when ``nullable``)."""
    value = typed(data, key, int, default, nullable=nullable)
    if value is not None and not 0 <= value <= 3:
        raise RequestError(f"expected {key!r} to be a seat 0 to 3, got {shown(value)}")
    return value


def whole(value: Any, what: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``, else a RequestError naming ``what``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RequestError(f"expected {what} to be a whole number from {low} to {high}, got {shown(value)}")
    return value


def numbers(data: dict[str, Any], key: str, low: int, high: int, default: Any = _REQUIRED, *,
            count: int | None = None) -> list[int]:
    """A list of whole numbers from ``low`` to ``high`` (exactly ``count`` of them when given)."""
    values = typed(data, key, list, default)
    if count is not None and len(values) != count:
        raise RequestError(f"expected {key!r} to hold {count} numbers, one per seat, got {len(values)}: "
                           f"{shown(values)}")
    return [whole(v, f"every number in {key!r}", low, high) for v in values]


def seats(data: dict[str, Any], key: str) -> list[int]:
    """A list of distinct seats."""
    values = numbers(data, key, 0, 3, [])
    if len(set(values)) != len(values):
        raise RequestError(f"expected {key!r} to name each seat at most once, got {shown(values)}")
    return values


def ruleset_id(args: Any, data: dict[str, Any]) -> str:
    """``--ruleset`` wins over the request's ``ruleset``; the default is ``classic``."""
    if getattr(args, "ruleset", None):
        return str(args.ruleset)
    return typed(data, "ruleset", str, "classic")
