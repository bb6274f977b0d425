"""``score`` and ``settle`` fed hostile requests by hypothesis: whatever comes in, the command answers with one JSON
document (exit 0) or one printable line of error (exit 1); never a traceback, never a control character echoed.

The requests are built near the contract (its keys, tile codes, seats) so that they reach the scoring and the
payments, and then spoiled: nulls, wrong types, huge and negative numbers, deep nesting, stray keys, text with
escape codes and line breaks, contradictory fields. Each command runs in this process with its ruleset loaded once
(the catalog a command builds is the same for every request and not what is being tested).
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import mods
from tests.cli.runner import Ran, sparrow
from tests.tiers import examples

TILES = [f"{n}{s}" for s in "BCD" for n in range(1, 10)] + ["EW", "SW", "WW", "NW", "RD", "GD", "WD", "F1", "F2",
                                                             "F3", "F4", "S1", "S2", "S3", "S4", "JK"]
NASTY_TEXT = ["", " ", "\x1b[2J", "ALL OK\nerror: none", "\u202eEW", "\x00", "é", "9" * 5000, "null", "[]", "{}",
              "-1", "1e309", "NaN", "\r\n", "\t"]
RULESETS = ["classic", "hongkong", "british", "western", "four-winds"]


def _spoilt() -> st.SearchStrategy[Any]:
    """Any JSON value, with the awkward ones made likely."""
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(), st.sampled_from([-1, 0, 3, 4, 2**63, -(2**63), 10**4000]),
        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20), st.sampled_from(NASTY_TEXT),
        st.sampled_from(TILES))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8),
                                                                                                 inner, max_size=4),
                        max_leaves=12)


def _tile_text(sizes: tuple[int, int] = (0, 16)) -> st.SearchStrategy[Any]:
    codes = st.lists(st.sampled_from(TILES) | st.sampled_from(["zz", "1b", "10B", "0D", "JK"]), min_size=sizes[0],
                     max_size=sizes[1])
    return codes.map(" ".join) | codes | _spoilt()


def _meld() -> st.SearchStrategy[Any]:
    same = st.tuples(st.sampled_from(TILES), st.integers(2, 5)).map(lambda t: " ".join([t[0]] * t[1]))
    tiles = same | _tile_text((3, 4))
    return st.fixed_dictionaries({"tiles": tiles}, optional={"exposed": st.booleans() | _spoilt(),
                                                             "first_discard": st.booleans()}) | _spoilt()


def _maybe_spoilt(good: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(good, good, good, _spoilt())


def _score_request() -> st.SearchStrategy[dict[str, Any]]:
    wind = _maybe_spoilt(st.sampled_from("ESWN"))
    flag = _maybe_spoilt(st.booleans())
    return st.fixed_dictionaries(
        {"seat_wind": wind, "round_wind": wind, "concealed": _tile_text(), "winner": flag},
        optional={"ruleset": _maybe_spoilt(st.sampled_from(RULESETS)), "melds": _maybe_spoilt(st.lists(_meld(),
                                                                                                        max_size=5)),
                  "bonus": _tile_text((0, 8)), "winning_tile": _maybe_spoilt(st.sampled_from(TILES)),
                  "won_by": _maybe_spoilt(st.sampled_from(["discard", "wall", "loose_tile", "robbed_kong"])),
                  **{key: flag for key in ("last_wall_tile", "original_hand", "standing_hand", "first_discard",
                                           "riichi", "first_draw", "ready", "sets_declared")},
                  "stray": _spoilt()})


def _settle_request() -> st.SearchStrategy[dict[str, Any]]:
    seat = _maybe_spoilt(st.integers(0, 3))
    score = st.integers(-2000, 5000)
    seats = _maybe_spoilt(st.lists(st.integers(0, 3), max_size=4))
    return st.fixed_dictionaries(
        {"east": seat, "winner": seat | st.none(), "scores": _maybe_spoilt(st.lists(score, min_size=4, max_size=4))},
        optional={"ruleset": _maybe_spoilt(st.sampled_from(RULESETS)), "discarder": seat | st.none(),
                  "self_drawn": _maybe_spoilt(st.booleans()), "liable": seat | st.none(),
                  "dealer_wins": _maybe_spoilt(st.integers(0, 12)), "faulty_out": seat | st.none(),
                  "faulty_claims": _maybe_spoilt(st.lists(st.integers(0, 3), min_size=4, max_size=4)),
                  "riichi": seats, "ready": seats, "cannon": seat | st.none(),
                  "special_hand": _maybe_spoilt(st.sampled_from(["Thirteen Orphans", "thirteen_orphans",
                                                                  "Heavenly Hand", "Nonesuch"])),
                  "stray": _spoilt()})


def _as_text(request: Any, form: str) -> str:
    if form == "yaml":
        import yaml

        return yaml.safe_dump(request, allow_unicode=True)
    return json.dumps(request, ensure_ascii=form == "ascii")


_COMPILED: dict[str, Any] = {}


@functools.cache
def _catalog() -> Any:
    return mods.load_catalog(full=False)


def _compiled(ruleset_id: str, *_args: Any, **_kwargs: Any) -> Any:
    if ruleset_id not in _COMPILED:
        _COMPILED[ruleset_id] = mods.rules_for(ruleset_id, catalog=_catalog())
    return _COMPILED[ruleset_id]


@contextlib.contextmanager
def _rulesets_loaded_once() -> Iterator[None]:
    """``rules_for`` and ``get_ruleset`` answer from rulesets compiled once (an unknown id still goes through)."""
    with mock.patch("game.cli.score.rules_for", _compiled), \
            mock.patch("game.cli.settle.get_ruleset", lambda ruleset_id, *_a, **_k: _compiled(ruleset_id)[0]):
        yield


def _answered_cleanly(done: Ran) -> None:
    assert done.returncode in (0, 1), (done.returncode, done.stderr)
    if done.returncode == 0:
        assert done.stderr == ""
        assert done.stdout.count("\n") == 1
        json.loads(done.stdout)
    else:
        assert done.stdout == ""
        line = done.stderr
        assert line.startswith("error: ") and line.endswith("\n") and line.count("\n") == 1, line
        assert line[:-1].isprintable(), line


FUZZ = settings(max_examples=examples(5000), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.slow
@FUZZ
@given(request=_score_request(), form=st.sampled_from(["json", "ascii", "yaml"]))
def test_score__any_request_gets_json_or_one_line_of_error(request: dict[str, Any], form: str) -> None:
    with _rulesets_loaded_once():
        _answered_cleanly(sparrow("score", "-", stdin=_as_text(request, form)))


@pytest.mark.slow
@FUZZ
@given(request=_settle_request(), form=st.sampled_from(["json", "ascii", "yaml"]))
def test_settle__any_request_gets_json_or_one_line_of_error(request: dict[str, Any], form: str) -> None:
    with _rulesets_loaded_once():
        _answered_cleanly(sparrow("settle", "-", stdin=_as_text(request, form)))


@pytest.mark.slow
@FUZZ
@given(text=st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
       command=st.sampled_from(["score", "settle"]))
def test_requests__any_text_gets_json_or_one_line_of_error(text: str, command: str) -> None:
    with _rulesets_loaded_once():
        _answered_cleanly(sparrow(command, "-", stdin=text))
