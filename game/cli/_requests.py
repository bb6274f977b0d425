"""Reading the one-request JSON/YAML documents of ``score`` and ``settle`` (interface contract §2, §3)."""

from __future__ import annotations

import json
import sys
from typing import Any

from game.datafile import parse_yaml
from game.errors import DataFileError, SparrowError


class RequestError(SparrowError):
    """A request that is not valid; the message says what was expected and what was found."""


def read_request(source: str) -> dict[str, Any]:
    """Read a request from a file path or ``-`` (stdin), as JSON or YAML; it must be a mapping."""
    shown = "stdin" if source == "-" else source
    if source == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(source, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as exc:
            raise RequestError(f"cannot read {shown!r}: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise RequestError(f"{shown!r} is not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text)
    except ValueError:
        try:
            data = parse_yaml(text, shown).data
        except DataFileError as exc:
            raise RequestError(f"expected a JSON or YAML request: {exc}") from None
    if not isinstance(data, dict):
        raise RequestError(f"expected a mapping of request keys in {shown}, got {type(data).__name__}")
    return data


def check_keys(data: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    missing = [k for k in required if k not in data]
    if missing:
        raise RequestError(f"missing required key{'s' if len(missing) > 1 else ''} "
                           f"{', '.join(repr(k) for k in missing)}")
    unknown = [k for k in data if k not in required and k not in optional]
    if unknown:
        raise RequestError(f"unknown key {unknown[0]!r}; expected one of {', '.join(required + optional)}")


def typed(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
    """``data[key]`` when of the expected type (a bool is not an int), else a RequestError."""
    value = data.get(key, default)
    if value is None and default is None:
        return None
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = False if isinstance(value, bool) and bool not in kinds else isinstance(value, kinds)
    if not ok:
        names = " or ".join(k.__name__ for k in kinds).replace("str", "text").replace("bool", "true/false")
        raise RequestError(f"expected {key!r} to be {names}, got {value!r}")
    return value


def ruleset_id(args: Any, data: dict[str, Any]) -> str:
    """``--ruleset`` wins over the request's ``ruleset``; the default is ``classic``."""
    if getattr(args, "ruleset", None):
        return str(args.ruleset)
    return typed(data, "ruleset", str, "classic")
