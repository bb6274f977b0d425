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


NOT_MJ = "not mah jongg"

# Every classic special hand: a hand that matches it, and one that narrowly misses it.
# id: (seat, round, concealed, melds, won_by, winning tile, expected special hand, expected score or None)
SPECIAL_HAND_CASES = {
    "imperial": ("E", "E", "RD RD RD RD GD GD GD GD WD WD WD WD EW EW", (), "wall", "EW", "imperial", 6000),
    "imperial__pair_not_own_wind": ("S", "E", "RD RD RD RD GD GD GD GD WD WD WD WD EW EW", (), "wall", "EW",
                                    NOT_MJ, None),
    "imperial__claimed_fourth_tile": ("E", "E", "RD RD RD RD GD GD GD GD WD WD WD WD EW EW", (), "discard", "WD",
                                      "imperial", 6000),
    "mandarin": ("N", "E", "EW EW EW EW SW SW SW SW WW WW WW WW NW NW", (), "wall", "NW", "mandarin", 5000),
    "mandarin__exposed_kong": ("N", "E", "SW SW SW SW WW WW WW WW NW NW", ("EW EW EW EW",), "wall", "NW",
                               NOT_MJ, None),
    "crazy_monkey": ("E", "S", "GD GD GD GD WD WD WD WD RD EW EW", ("RD RD RD",), "discard", "EW", "crazy_monkey",
                     4500),
    "crazy_monkey__imperial_wins_when_concealed": ("E", "S", "RD RD RD RD GD GD GD GD WD WD WD WD EW EW", (),
                                                   "wall", "RD", "imperial", 6000),
    "crazy_monkey__pair_not_own_wind": ("E", "S", "GD GD GD GD WD WD WD WD RD SW SW", ("RD RD RD",), "discard",
                                        "SW", NOT_MJ, None),
    "fourfold_homely_happiness": ("S", "E", "SW SW SW WW WW WW NW NW NW RD RD", ("EW EW EW",), "discard", "RD",
                                  "fourfold_homely_happiness", 4000),
    "fourfold_homely_happiness__pair_of_suit": ("S", "E", "SW SW SW WW WW WW NW NW NW 5B 5B", ("EW EW EW",),
                                                "discard", "5B", None, None),
    "great_green_major": ("E", "E", "2B 2B 2B 4B 4B 4B 6B 6B 6B GD GD GD 8B 8B", (), "discard", "8B",
                          "great_green_major", 3600),
    "great_green_major__pair_of_nine": ("E", "E", "2B 2B 2B 4B 4B 4B 6B 6B 6B GD GD GD 9B 9B", (), "discard", "2B",
                                        None, None),
    "great_green_minor": ("E", "E", "2B 2B 2B 4B 4B 4B 6B 6B 6B 8B 8B 8B GD GD", (), "discard", "GD",
                          "great_green_minor", 3500),
    "great_green_minor__pair_of_red": ("E", "E", "2B 2B 2B 4B 4B 4B 6B 6B 6B 8B 8B 8B RD RD", (), "discard", "2B",
                                       None, None),
    "red_and_green": ("E", "E", "1B 1B 1B 5B 5B 5B 7B 7B 7B 9B 9B 9B GD RD", (), "wall", "RD", "red_and_green", 3400),
    "red_and_green__dragon_pair": ("E", "E", "1B 1B 1B 5B 5B 5B 7B 7B 7B 9B 9B 9B GD GD", (), "discard", "1B",
                                   None, None),
    "adopted_sons_dragon_nine": ("S", "E", "9B 9B 9B 9C 9C 9C 9D 9D 9D RD RD RD SW SW", (), "discard", "SW",
                                 "adopted_sons_dragon_nine", 3300),
    "adopted_sons_dragon_nine__other_wind_pair": ("S", "E", "9B 9B 9B 9C 9C 9C 9D 9D 9D RD RD RD EW EW", (),
                                                  "discard", "EW", "adopted_sons_red_dragon", 2800),
    "adopted_sons_dragon_one": ("W", "E", "1B 1B 1B 1C 1C 1C 1D 1D 1D GD GD GD WW WW", (), "discard", "WW",
                                "adopted_sons_dragon_one", 3300),
    "adopted_sons_dragon_one__a_two": ("W", "E", "1B 1B 1B 1C 1C 1C 2D 2D 2D GD GD GD WW WW", (), "discard", "1B",
                                       None, None),
    "small_green_major": ("E", "E", "3B 3B 3B 2B 2B 2B 6B 6B 6B GD GD GD 4B 4B", (), "discard", "4B",
                          "small_green_major", 3200),
    "small_green_major__odd_pair": ("E", "E", "3B 3B 3B 2B 2B 2B 6B 6B 6B GD GD GD 5B 5B", (), "discard", "3B",
                                    None, None),
    "small_green_minor": ("E", "E", "3B 3B 3B 2B 2B 2B 4B 4B 4B 8B 8B 8B GD GD", (), "discard", "GD",
                          "small_green_minor", 3000),
    "small_green_minor__five_not_three": ("E", "E", "5B 5B 5B 2B 2B 2B 4B 4B 4B 8B 8B 8B GD GD", (), "discard",
                                          "5B", None, None),
    "enemies__east_and_west": ("E", "E", "EW EW EW WW WW WW 1C 1C 1C 9C 9C 9C SW NW", (), "wall", "NW", "enemies",
                               3000),
    "enemies__south_and_north": ("E", "E", "SW SW SW NW NW NW 1D 1D 1D 9D 9D 9D EW WW", (), "wall", "WW", "enemies",
                                 3000),
    "enemies__ones_and_nines_of_two_suits": ("E", "E", "EW EW EW WW WW WW 1C 1C 1C 9D 9D 9D SW NW", (), "wall", "NW",
                                             NOT_MJ, None),
    "adopted_sons_red_dragon": ("E", "E", "5B 5B 5B 5C 5C 5C 5D 5D 5D RD RD RD NW NW", (), "discard", "NW",
                                "adopted_sons_red_dragon", 2800),
    "adopted_sons_red_dragon__numbers_differ": ("E", "E", "5B 5B 5B 5C 5C 5C 6D 6D 6D RD RD RD NW NW", (), "discard",
                                                "5B", None, None),
    "adopted_sons_wind": ("E", "E", "7B 7B 7B 7C 7C 7C 7D 7D 7D SW SW SW GD GD", (), "discard", "GD",
                          "adopted_sons_wind", 2800),
    "adopted_sons_wind__numbers_differ": ("E", "E", "7B 7B 7B 7C 7C 7C 8D 8D 8D SW SW SW GD GD", (), "discard", "7B",
                                          None, None),
    "four_great_siamese_sisters": ("E", "E", "3C 3C 3C 4C 4C 4C 5C 5C 5C 6C 6C 6C WD WD", (), "discard", "WD",
                                   "four_great_siamese_sisters", 2700),
    "four_great_siamese_sisters__gap": ("E", "E", "3C 3C 3C 4C 4C 4C 5C 5C 5C 7C 7C 7C WD WD", (), "discard", "3C",
                                        None, None),
    "four_small_siamese_sisters": ("E", "E", "6D 6D 6D 7D 7D 7D 8D 8D 8D 9D 9D 9D EW EW", (), "discard", "EW",
                                   "four_small_siamese_sisters", 2500),
    "four_small_siamese_sisters__dragon_pair_is_great": ("E", "E", "6D 6D 6D 7D 7D 7D 8D 8D 8D 9D 9D 9D RD RD", (),
                                                         "discard", "RD", "four_great_siamese_sisters", 2700),
    "four_small_siamese_sisters__declared_kong": ("E", "E", "6D 6D 6D 7D 7D 7D 9D 9D 9D EW EW", ("8D 8D 8D 8D",),
                                                  "discard", "EW", "four_small_siamese_sisters", 2500),
    "rose_of_the_winds": ("E", "E", "EW EW SW SW WW WW NW NW RD RD GD GD WD WD", (), "discard", "WD",
                          "rose_of_the_winds", 2200),
    "rose_of_the_winds__a_suit_pair": ("E", "E", "EW EW SW SW WW WW NW NW RD RD GD GD 1B 1B", (), "discard", "1B",
                                       NOT_MJ, None),
    "three_great_scholars": ("E", "S", "RD RD RD GD GD GD WD WD WD 3B 4B 5B 8B 8B", (), "discard", "8B",
                             "three_great_scholars", 2000),
    "three_great_scholars__pair_of_other_suit": ("E", "S", "RD RD RD GD GD GD WD WD WD 3B 4B 5B 8C 8C", (),
                                                 "discard", "8C", None, None),
    "winds_and_dragons": ("E", "E", "RD RD RD GD GD", ("SW SW SW", "WW WW WW", "NW NW NW"), "discard", "GD",
                          "winds_and_dragons", 1900),
    "winds_and_dragons__terminal_pair": ("E", "E", "RD RD RD 9B 9B", ("SW SW SW", "WW WW WW", "NW NW NW"),
                                         "discard", "9B", None, None),
    "calling_nine_tile": ("E", "E", "1C 1C 1C 2C 3C 4C 5C 6C 7C 8C 9C 9C 9C 5C", (), "wall", "5C",
                          "calling_nine_tile", 1800),
    "calling_nine_tile__exposed_pung": ("E", "E", "2C 3C 4C 5C 6C 7C 8C 9C 9C 9C 5C", ("1C 1C 1C",), "wall", "5C",
                                        None, None),
    "thirteen_wonderful_lanterns": ("E", "E", "RD GD WD EW SW WW NW 1B 9B 1C 9C 1D 9D 9D", (), "discard", "9D",
                                    "thirteen_wonderful_lanterns", 1600),
    "thirteen_wonderful_lanterns__honour_extra_is_odd_majors": ("E", "E", "RD GD WD EW SW WW NW 1B 9B 1C 9C 1D 9D EW",
                                                                (), "discard", "EW", "thirteen_odd_majors", 250),
    "great_snake": ("E", "S", "1D 2D 3D 4D 5D 6D 7D 8D 9D WW WW WW RD RD", (), "discard", "RD", "great_snake", 1500),
    "great_snake__declared_chow": ("E", "S", "4D 5D 6D 7D 8D 9D WW WW WW RD RD", ("1D 2D 3D",), "discard", "RD",
                                   "great_snake", 1500),
    "great_snake__suit_pair": ("E", "S", "1D 2D 3D 4D 5D 6D 7D 8D 9D WW WW WW 5B 5B", (), "discard", "5B",
                               None, None),
    "snake_of_dragons": ("E", "E", "1B 2C 3D 4B 5C 6D 7B 8C 9D RD GD WD EW EW", (), "wall", "EW", "snake_of_dragons",
                         1400),
    "snake_of_dragons__other_cycle": ("E", "E", "1D 2C 3B 4D 5C 6B 7D 8C 9B RD GD WD EW EW", (), "wall", "EW",
                                      "snake_of_dragons", 1400),
    "snake_of_dragons__broken_cycle": ("E", "E", "1B 2C 3D 4B 5C 6D 7B 8C 9B RD GD WD EW EW", (), "wall", "EW",
                                       NOT_MJ, None),
    "snake_of_four_winds": ("E", "E", "1C 2D 3B 4C 5D 6B 7C 8D 9B EW SW WW NW RD", (), "wall", "RD",
                            "snake_of_four_winds", 1200),
    "snake_of_four_winds__green_dragon": ("E", "E", "1C 2D 3B 4C 5D 6B 7C 8D 9B EW SW WW NW GD", (), "wall", "GD",
                                          NOT_MJ, None),
    "little_snake": ("E", "E", "1B 2B 3B 4B 5B 6B 7B 8B 9B EW SW WW NW GD", (), "wall", "GD", "little_snake", 1000),
    "little_snake__two_suits": ("E", "E", "1B 2B 3B 4B 5B 6B 7C 8C 9C EW SW WW NW GD", (), "wall", "GD",
                                NOT_MJ, None),
    "thirteen_odd_majors": ("E", "E", "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD RD", (), "discard", "RD",
                            "thirteen_odd_majors", 250),
    "thirteen_odd_majors__a_two": ("E", "E", "1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD 2B", (), "discard", "2B",
                                   NOT_MJ, None),
}
