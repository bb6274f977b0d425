"""Read YAML data files safely, keeping the line and column of every value.

Every data file the game reads (rulesets, special hands, personalities, mod manifests, themes, saves)
goes through :func:`load_yaml`, so all of them:

* use the safe loader only (no Python tags: mods never run code);
* refuse duplicate keys (plain PyYAML silently keeps the last one);
* report problems as ``FILE:LINE:COLUMN: message`` via :class:`game.errors.Problem`;
* can map a pydantic validation error back to the line and column of the offending key
  (:func:`validation_problems`).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import yaml

from game.errors import DataFileError, Problem, message_of
from game.i18n import L_
from game.storage import NotReadableError, read_regular
from game.storage import write_atomic as write_atomic  # where the game's writers have always found it

if TYPE_CHECKING:
    from pydantic import ValidationError
    from pydantic.json_schema import JsonDict

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

Location = tuple[str | int, ...]

TRANSLATABLE: JsonDict = {"translatable": True}
"""``json_schema_extra`` of a schema field whose text players read: a mod's catalogs may translate it, and
``tools/extract_mod_strings.py`` puts it in the mod's ``.pot`` (:mod:`game.mods.translatable` walks the marks)."""


@dataclass
class YamlDocument:
    """A parsed YAML file: its data and the 1-based (line, column) of every key and item."""

    path: str
    data: Any
    marks: dict[Location, tuple[int, int]] = field(default_factory=dict)

    def where(self, location: Iterable[str | int]) -> tuple[int, int]:
        """The position of ``location`` or of its nearest ancestor that has one."""
        loc = tuple(location)
        while loc:
            if loc in self.marks:
                return self.marks[loc]
            loc = loc[:-1]
        return self.marks.get((), (1, 1))

    def problem(self, location: Iterable[str | int], message: str) -> Problem:
        line, column = self.where(location)
        return Problem(self.path, message, line, column)


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


_PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:omap"}

# Aliases ('*name') let a few lines expand into billions of values ("billion laughs") or refer to themselves;
# a data file comes from strangers' mods, so both are refused before they can hang or crash the game.
MAX_DEPTH = 200
MAX_ALIAS_VALUES = 100_000


class _RefusedError(Exception):
    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


@dataclass
class _Walk:
    """What the tree walk has seen: the collections being built (for self-reference) and how much it built."""

    open: set[int] = field(default_factory=set)
    distinct: set[int] = field(default_factory=set)
    built: int = 0

    def enter(self, node: yaml.Node, depth: int, doc: YamlDocument) -> None:
        if id(node) in self.open:
            raise _RefusedError(Problem(doc.path, L_("an alias refers to a collection that contains it"), *_mark(node)))
        if depth > MAX_DEPTH:
            raise _RefusedError(Problem(doc.path, L_("nested more than {n} levels deep", n=MAX_DEPTH), *_mark(node)))
        self.built += 1
        self.distinct.add(id(node))
        if self.built - len(self.distinct) > MAX_ALIAS_VALUES:
            raise _RefusedError(Problem(doc.path, L_("aliases expand to more than {n} repeated values",
                                                     n=MAX_ALIAS_VALUES), *_mark(node)))


def _build(node: yaml.Node, loc: Location, doc: YamlDocument, loader: Any, problems: list[Problem],
           walk: _Walk | None = None) -> Any:
    walk = walk if walk is not None else _Walk()
    walk.enter(node, len(loc), doc)
    if not isinstance(node, yaml.MappingNode | yaml.SequenceNode):
        return _scalar(node, doc, loader, problems)
    walk.open.add(id(node))
    try:
        return _collection(node, loc, doc, loader, problems, walk)
    finally:
        walk.open.discard(id(node))


def _collection(node: yaml.Node, loc: Location, doc: YamlDocument, loader: Any, problems: list[Problem],
                walk: _Walk) -> Any:
    if isinstance(node, yaml.MappingNode | yaml.SequenceNode) and node.tag not in _PLAIN_TAGS:
        # Safe loading would not run it, but a modder deserves to hear that the tag is not understood.
        problems.append(Problem(doc.path, L_("unsupported tag {tag}: data files hold plain values only",
                                             tag=repr(node.tag)), *_mark(node)))
        return None
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        first_seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                problems.append(Problem(doc.path, L_("merge keys ('<<') are not supported"), *_mark(key_node)))
                continue
            key = _build(key_node, loc, doc, loader, problems, walk)
            try:
                hash(key)
            except TypeError:
                problems.append(Problem(doc.path, L_("a mapping key must be a plain value"), *_mark(key_node)))
                continue
            if key in first_seen:
                problems.append(Problem(
                    doc.path, L_("duplicate key {key} (first given on line {line})", key=repr(key),
                                 line=first_seen[key]), *_mark(key_node)
                ))
                continue
            first_seen[key] = _mark(key_node)[0]
            child = (*loc, key)
            doc.marks[child] = _mark(key_node)
            result[key] = _build(value_node, child, doc, loader, problems, walk)
        return result
    if isinstance(node, yaml.SequenceNode):
        items = []
        for index, item_node in enumerate(node.value):
            child = (*loc, index)
            doc.marks[child] = _mark(item_node)
            items.append(_build(item_node, child, doc, loader, problems, walk))
        return items
    return None


_STR_TAG = "tag:yaml.org,2002:str"
# A date is text to the game (a mod's release date, a best hand's day): read as the string it is written as, so
# an impossible one (2024-02-30) is no error and nothing depends on YAML's idea of a timestamp.
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"
_SHORT_TAGS = {"int": L_("an integer"), "float": L_("a number"), "bool": L_("true or false"), "null": "null"}
_BINARY_TAG = "tag:yaml.org,2002:binary"


def _scalar(node: yaml.Node, doc: YamlDocument, loader: Any, problems: list[Problem]) -> Any:
    if node.tag in (_STR_TAG, _TIMESTAMP_TAG) and isinstance(node, yaml.ScalarNode):
        # What the safe constructor returns for a string, without its bookkeeping: most scalars are strings, and
        # the mods' files hold thousands of them, read before the first frame.
        return node.value
    if node.tag == _BINARY_TAG:
        problems.append(Problem(doc.path, L_("unsupported tag {tag}: data files hold plain values only",
                                             tag="'!!binary'"), *_mark(node)))
        return None
    try:
        return loader.construct_object(node, deep=True)
    except yaml.constructor.ConstructorError as exc:
        problems.append(Problem(doc.path, L_("unsupported value: {problem}", problem=str(exc.problem)),
                                *_mark(node)))
    except (ValueError, KeyError, TypeError, ArithmeticError) as exc:
        # PyYAML's constructors raise plain Python errors for values their tag cannot hold ('!!int abc',
        # '!!bool maybe', an integer of more digits than Python converts): the modder hears which value it is.
        problems.append(Problem(doc.path, _unreadable(node, exc), *_mark(node)))
    return None


def _unreadable(node: yaml.Node, exc: Exception) -> str:
    value = str(node.value) if isinstance(node, yaml.ScalarNode) else ""
    shown = repr(value if len(value) <= 40 else value[:37] + "...")
    tag = str(node.tag).rsplit(":", 1)[-1]
    wanted = _SHORT_TAGS.get(tag) or L_("a value of tag {tag}", tag=repr(node.tag))
    if "digits" in str(exc) and value.lstrip("+-").replace("_", "").isdigit():
        return L_("expected a number of at most {limit} digits, got one of {n} digits",
                  limit=sys.get_int_max_str_digits(), n=len(value))
    return L_("expected {wanted}, got {value}", wanted=wanted, value=shown)


def parse_yaml(text: str, path: str) -> YamlDocument:
    """Parse YAML text; raise :class:`DataFileError` with every problem found."""
    doc = YamlDocument(path, None)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        problems: list[Problem] = []
        if node is not None:
            doc.marks[()] = _mark(node)
            doc.data = _build(node, (), doc, loader, problems)
    except _RefusedError as exc:
        raise DataFileError([exc.problem]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        raise DataFileError([Problem(path, L_("malformed YAML: {problem}", problem=str(exc.problem)), line, column)]
                            ) from None
    except yaml.YAMLError as exc:
        raise DataFileError([Problem(path, L_("malformed YAML: {problem}", problem=str(exc)))]) from None
    finally:
        loader.dispose()
    if problems:
        raise DataFileError(problems)
    return doc


# Documents already parsed, by the name they are shown under and the hash of their content: the mod screen, each
# preset saved and each new game read the same rulesets again, and parsing is most of that work. Each caller gets
# its own copy (unpickling is several times faster than parsing), so none can change another's data; a file
# that fails is parsed again each time, and an edited one has another hash.
_PARSED: OrderedDict[tuple[str, bytes], bytes] = OrderedDict()
_PARSED_KEPT = 256
_PARSED_LARGEST = 256 * 1024


MAX_YAML_BYTES = 512 * 1024
"""The largest YAML file read: eighteen times the largest bundled ruleset. Parsing takes about a second per
megabyte, so a bigger file (twelve thousand special hands, say) would stall the game before it could be refused."""


def load_yaml(path: str | os.PathLike[str], display_path: str | None = None) -> YamlDocument:
    """Read and parse a YAML file; raise :class:`DataFileError` if it cannot be read or parsed, is not a regular
    file or is larger than :data:`MAX_YAML_BYTES`."""
    shown = display_path or str(path)
    try:
        raw = read_regular(path, MAX_YAML_BYTES)
    except NotReadableError as exc:
        reason = message_of(exc)
        raise DataFileError([Problem(shown, L_("{problem} for a YAML file", problem=reason) if "limit" in reason
                                     else reason)]) from None
    except OSError as exc:
        raise DataFileError([Problem(shown, L_("cannot read file: {reason}", reason=exc.strerror or str(exc)))]
                            ) from None
    key = (shown, hashlib.blake2b(raw, digest_size=16).digest())
    parsed = _PARSED.get(key)
    if parsed is not None:
        _PARSED.move_to_end(key)
        return pickle.loads(parsed)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError([Problem(shown, L_("not UTF-8 text (byte {byte})", byte=exc.start))]) from None
    doc = parse_yaml(text, shown)
    if len(raw) <= _PARSED_LARGEST:
        _PARSED[key] = pickle.dumps(doc, protocol=pickle.HIGHEST_PROTOCOL)
        while len(_PARSED) > _PARSED_KEPT:
            _PARSED.popitem(last=False)
    return doc


class Locator(Protocol):
    """What knows where each part of some data came from: a :class:`YamlDocument`, or data merged from several."""

    def problem(self, location: Iterable[str | int], message: str) -> Problem:
        """A problem at ``location`` (keys and indices into the data), with its file, line and column."""
        ...


def validation_problems(doc: Locator, error: ValidationError, base: Location = ()) -> list[Problem]:
    """Turn a pydantic ``ValidationError`` into problems pointing at the offending lines.

    ``base`` is where the validated object sits inside the document.
    """
    problems = []
    for err in error.errors():
        loc = tuple(part for part in err.get("loc", ()) if not isinstance(part, str) or part[:1] != "<")
        full = (*base, *loc)
        shown = ".".join(str(p) for p in full) or "document"
        # pydantic's own words stay English (it has no catalogs); the keys a modder gets wrong most are ours.
        message: str = err.get("msg", "invalid value")
        if err.get("type") == "value_error":
            # Our validators word their messages themselves, with L_ where they are translated: the exception they
            # raised keeps it (pydantic's "msg" is its plain English).
            cause = (err.get("ctx") or {}).get("error")
            message = message_of(cause) if isinstance(cause, ValueError) else message.removeprefix("Value error, ")
        elif err.get("type") == "extra_forbidden":
            message = L_("unknown key {key}", key=repr(full[-1])) if full else L_("unknown key")
        elif err.get("type") == "too_long" and isinstance(err.get("input"), list | dict):
            limit = (err.get("ctx") or {}).get("max_length")
            message = L_("{n} entries, more than the limit of {limit}", n=len(err["input"]), limit=limit)
        elif err.get("type") == "missing":
            message = L_("missing required key {key}", key=repr(full[-1])) if full else L_("missing value")
            problems.append(doc.problem(full[:-1], L_("{where}: {problem}", where=shown, problem=message)))
            continue
        problems.append(doc.problem(full, L_("{where}: {problem}", where=shown, problem=message)))
    return problems
