"""One-line builders for scoring tests: hands and win contexts in tile codes, and the classic ruleset."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from pathlib import Path

from game.core.judge import HandSpec, WinContext
from game.core.melds import parse_meld
from game.core.ruleset import Ruleset
from game.core.scoring import RulesetJudge, ScoreResult
from game.core.tiles import parse_tiles, tile_from_code, wind_from_letter
from game.rules import load_ruleset

ROOT = Path(__file__).resolve().parents[1]
CLASSIC = ROOT / "mods" / "classic" / "rulesets" / "classic.yaml"


@lru_cache(maxsize=1)
def classic() -> Ruleset:
    return load_ruleset(CLASSIC)


@lru_cache(maxsize=1)
def classic_judge() -> RulesetJudge:
    return RulesetJudge(classic())


def hand(concealed: str, melds: tuple[str, ...] | list[str] = (), bonus: str = "", seat: str = "E",
         round_wind: str = "E") -> HandSpec:
    """A hand; a meld ending in ``!`` is concealed (a declared concealed kong)."""
    built = tuple(parse_meld(m.rstrip("!"), exposed=not m.endswith("!")) for m in melds)
    return HandSpec(tuple(parse_tiles(concealed)), built, tuple(parse_tiles(bonus)), wind_from_letter(seat),
                    wind_from_letter(round_wind))


def win(tile: str | None = None, won_by: str = "discard", **flags: bool) -> WinContext:
    return WinContext(True, tile_from_code(tile) if tile else None, won_by, **flags)  # type: ignore[arg-type]


LOSER = WinContext(winner=False)


def score(spec: HandSpec, context: WinContext, ruleset: Ruleset | None = None) -> ScoreResult:
    judge = classic_judge() if ruleset is None else RulesetJudge(ruleset)
    return judge.score(spec, context)


def with_changes(ruleset: Ruleset, *, disallow: tuple[str, ...] = (), **values: object) -> Ruleset:
    """The ruleset with some special hands disallowed and some top-level values changed."""
    hands = tuple(dataclasses.replace(h, allowed=False) if h.id in disallow else h for h in ruleset.special_hands)
    return dataclasses.replace(ruleset, special_hands=hands, **values)


def item_ids(result: ScoreResult) -> list[str]:
    return [item.id for item in result.items]
