"""The ruleset and special-hands file formats as pydantic models (exported as JSON Schema for mod authors).

Models check the *shape* of a file (keys, types, ranges); :mod:`game.rules.compile` checks the meaning
(tile codes, variables) and turns a file into :mod:`game.core` objects. Every model refuses unknown keys.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model, model_validator

from game.core.patterns import ElementKind
from game.core.play_rules import PlayRules
from game.core.ruleset import PaymentScheme
from game.datafile import TRANSLATABLE
from game.i18n import L_

Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", description="a snake_case id")]
RulesetId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]*$",
                                 description="a ruleset id: lower case letters, digits, _ and -")]
WindLetter = Literal["E", "S", "W", "N"]
WonBy = Literal["discard", "wall", "loose_tile", "robbed_kong"]


# Every number a file may give is bounded: a ruleset is played as written, and an absurd value (a kong box of the
# whole wall, a limit of ten thousand digits, an infinite share) would hang or crash the table instead of being
# refused by ``mods check``. The bounds are far beyond any real rule book's.
MAX_POINTS = 1_000_000
"""Points of a scoring item or special hand; scores, limits and payments are bounded by MAX_SCORE."""
MAX_SCORE = 1_000_000_000
MAX_ITEMS = 300
"""Scoring items in a ruleset, and special hands in a file: the bundled rulesets have at most 52 of either, and
each special hand costs time whenever a hand is judged."""
MAX_TEXT = 2000
MAX_LIST = 60


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False)


Name = Annotated[str, Field(max_length=200)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
TileSpecIn = Annotated[
    "str | TileSpecMap",
    Field(description="a tile code (RD, 5D), a class (wind, dragon, honour, terminal, major, minor, green, "
                      "red_bamboo, suit, any), own_wind, round_wind, or a mapping"),
]


class TileSpecMap(_Model):
    """A tile described by suit and number, variables, a list, or a combination of specs."""

    suit: str | None = Field(None, description="B, C or D (Bamboo, Characters, Dots), or a suit variable such as "
                                                "s; the same variable is the same suit everywhere in the hand")
    number: int | str | Annotated[list[int], Field(max_length=9)] | None = Field(
        None, description="1-9, a list, even, odd, minor (2-8), major (1 and 9), or a number variable with an "
                          "optional offset: n, n+1, n+2")
    tile: str | None = Field(None, description="a tile variable: the same tile wherever the variable appears")
    in_: list[str] | None = Field(None, alias="in", max_length=MAX_LIST, description="any of these tile codes or "
                                                                                      "classes")
    any_of: list[TileSpecIn] | None = Field(None, max_length=MAX_LIST, description="a tile that fits any of these "
                                                                                   "specs")
    all_of: list[TileSpecIn] | None = Field(None, max_length=MAX_LIST, description="a tile that fits all of these "
                                                                                   "specs")
    not_: TileSpecIn | None = Field(None, alias="not", description="a tile that does not fit this spec")


class KnittedModel(_Model):
    """Tiles of one number in different suits (a knitted pung: three suits; a knitted pair: two)."""

    number: int | str | None = Field(None, description="the number (1-9, a class or a variable); any if absent")
    suits: list[str] | None = Field(None, max_length=3, description="suit variables or letters, one per tile; all "
                                                                    "different")


class RunModel(_Model):
    """Single tiles of consecutive or listed numbers: 1-9 in one suit, or alternating through the suits."""

    suit: str | None = Field(None, description="the suit (letter or variable); one fresh suit if absent")
    from_: int | None = Field(None, alias="from", ge=1, le=9, description="first number")
    to: int | None = Field(None, ge=1, le=9, description="last number")
    numbers: list[Annotated[int, Field(ge=1, le=9)]] | None = Field(
        None, max_length=14, description="the numbers, in order (a number may repeat, as in 1 8 6 1)")
    alternate: Literal["none", "cycle", "any"] = Field(
        "none", description="cycle: the suit changes at each step in a fixed cycle of the three suits (any start, "
                            "any order); any: only no two consecutive numbers in the same suit")

    @model_validator(mode="after")
    def _range_or_numbers(self) -> RunModel:
        if (self.numbers is None) == (self.from_ is None or self.to is None):
            raise ValueError(L_("a run needs either 'from' and 'to', or 'numbers'"))
        if self.from_ is not None and self.to is not None and self.from_ > self.to:
            raise ValueError(L_("'from' ({low}) must not be greater than 'to' ({high})", low=self.from_, high=self.to))
        if self.alternate != "none" and self.suit is not None:
            raise ValueError(L_("an alternating run cannot also name one 'suit'"))
        return self


SET_KINDS: tuple[ElementKind, ...] = ("pung", "kong", "pung_or_kong", "chow", "pair", "single")
PLURALS: dict[str, ElementKind] = {"pungs": "pung", "kongs": "kong", "pungs_or_kongs": "pung_or_kong", "chows": "chow",
                                   "pairs": "pair", "singles": "single"}


class ElementModel(_Model):
    """One element of a pattern: exactly one of the kind keys, plus options."""

    pung: TileSpecIn | None = Field(None, description="three identical tiles")
    kong: TileSpecIn | None = Field(None, description="four identical tiles: a declared kong or four held "
                                                      "concealed (no loose tile)")
    pung_or_kong: TileSpecIn | None = Field(None, description="a pung, or a declared kong")
    chow: TileSpecIn | None = Field(None, description="three consecutive tiles of a suit; the spec is the lowest")
    pair: TileSpecIn | None = Field(None, description="two identical tiles")
    single: TileSpecIn | None = Field(None, description="one tile")
    pungs: list[TileSpecIn] | None = Field(None, max_length=14, description="one pung per spec")
    kongs: list[TileSpecIn] | None = Field(None, max_length=14, description="one kong per spec")
    pungs_or_kongs: list[TileSpecIn] | None = Field(None, max_length=14, description="one pung or kong per spec")
    chows: list[TileSpecIn] | None = Field(None, max_length=14, description="one chow per spec")
    pairs: list[TileSpecIn] | None = Field(None, max_length=14, description="one pair per spec")
    singles: list[TileSpecIn] | None = Field(None, max_length=14, description="one tile per spec, shown as one group")
    knitted_pung: KnittedModel | None = Field(None, description="one number in three different suits")
    knitted_pair: KnittedModel | None = Field(None, description="one number in two different suits")
    run: RunModel | None = Field(None, description="single tiles of a run of numbers")
    one_of: list[ElementModel] | None = Field(None, max_length=MAX_LIST,
                                             description="any one of these elements (each time)")
    times: int = Field(1, ge=1, le=14, description="how many of this element")
    concealed: bool = Field(False, description="this set must be concealed: not an exposed meld, and not "
                                               "completed by the claimed winning discard")
    distinct: bool = Field(False, description="with times: every copy takes a different tile")

    @model_validator(mode="after")
    def _one_kind(self) -> ElementModel:
        given = [k for k in (*SET_KINDS, *PLURALS, "knitted_pung", "knitted_pair", "run", "one_of")
                 if getattr(self, k) is not None]
        if len(given) != 1:
            shown = ", ".join(given) if given else "none"
            raise ValueError(L_("an element needs exactly one of pung, kong, pung_or_kong, chow, pair, single, their "
                                "plurals, knitted_pung, knitted_pair, run or one_of; got {keys}", keys=shown))
        return self

    @property
    def kind_key(self) -> str:
        for k in (*SET_KINDS, *PLURALS, "knitted_pung", "knitted_pair", "run", "one_of"):
            if getattr(self, k) is not None:
                return k
        raise AssertionError("validated element without a kind")


class WhenModel(_Model):
    """Conditions on how the hand was won."""

    won_by: WonBy | list[WonBy] | None = Field(None, description="how the winning tile came")
    first_discard: bool | None = Field(None, description="won on East's first discard")
    original_hand: bool | None = Field(None, description="East won with the dealt hand and the first tile")
    last_wall_tile: bool | None = Field(None, description="won with the last tile before the kong box")
    standing_hand: bool | None = Field(None, description="won with a declared standing hand")
    first_draw: bool | None = Field(None, description="won with one's first drawn tile, before any claim or kong")
    sets_declared: bool | None = Field(None, description="some player had declared a chow, pung or kong (a "
                                                         "concealed kong too) before the winning tile")
    seat_wind: WindLetter | list[WindLetter] | None = Field(None, description="the winner's seat wind")
    round_wind: WindLetter | list[WindLetter] | None = Field(None, description="the wind of the round")


class PatternModel(_Model):
    """One form of a special hand."""

    sets: list[ElementModel] | None = Field(
        None, max_length=18, description="the elements; absent = any complete hand (only the conditions are checked)")
    different: list[str] | list[list[str]] | None = Field(
        None, description="variables that must all take different values (one list, or several lists)")
    concealed: bool = Field(False, description="no exposed melds (a declared concealed kong is fine)")
    winning_tile: TileSpecIn | None = Field(None, description="the winning tile must fit this spec")
    when: WhenModel | None = Field(None, description="conditions on how the hand was won")


class SpecialHandModel(PatternModel):
    """A special hand: its pattern (or several ``forms``) and its value."""

    name: Name = Field(description="the name players see", json_schema_extra=TRANSLATABLE)
    aliases: list[Name] = Field(default_factory=list, max_length=20, description="other names for the same hand",
                                json_schema_extra=TRANSLATABLE)
    description: Text = Field("", description="the rule text, for the help screen", json_schema_extra=TRANSLATABLE)
    points: int = Field(0, ge=0, le=MAX_POINTS, description="points (the total value, or added to the regular score)")
    doubles: int = Field(0, ge=0, le=20, description="doubles")
    limit: float | None = Field(None, gt=0, le=100, description="the value as a multiple of the ruleset's limit")
    total: bool = Field(True, description="true: the value is the hand's total score; false: added to the "
                                          "regular score before doubling")
    allowed: bool = Field(True, description="whether the hand may be played")
    fixed: bool = Field(False, description="the total/added setting cannot be changed in the settings")
    no_doubles: bool = Field(False, description="the value cannot be changed to doubles in the settings")
    replaces: list[Id] = Field(default_factory=list, max_length=MAX_LIST,
                               description="scoring items this hand stands in for")
    counts_with: list[Id] = Field(default_factory=list, max_length=MAX_LIST,
                                  description="scoring items that still count on top of a total value, with their "
                                              "points and doubles (Seven Pairs doubled for one suit)")
    forms: list[PatternModel] | None = Field(None, max_length=MAX_LIST,
                                             description="alternative forms; the hand matches any of them")

    @model_validator(mode="after")
    def _forms_or_pattern(self) -> SpecialHandModel:
        if self.forms is not None and (self.sets is not None or self.winning_tile is not None
                                       or self.when is not None or self.different is not None or self.concealed):
            raise ValueError(L_("give either 'forms' or one pattern (sets, different, concealed, winning_tile, when), "
                                "not both"))
        return self


class ForEachModel(_Model):
    """Which sets or bonus tiles an item counts, once each."""

    set: Literal["pung", "kong", "pung_or_kong", "chow", "pair", "any"] | None = Field(
        None, description="the kind of set")
    exposed: bool | None = Field(None, description="true: exposed sets only; false: concealed only")
    tile: TileSpecIn | None = Field(None, description="the set's tile (a chow's lowest) must fit this spec")
    bonus: Literal["any", "own", "round", "flower", "season", "complete_set", "own_outside_complete_set",
                   "round_outside_complete_set", "none"] | None = Field(
        None, description="flowers and seasons: each one, the seat's own, the round wind's, each flower, each "
                          "season, each complete set of four, the own or round wind's unless its set of four is "
                          "complete, or none at all (counted once)")

    @model_validator(mode="after")
    def _set_or_bonus(self) -> ForEachModel:
        if (self.set is None) == (self.bonus is None):
            raise ValueError(L_("for_each needs exactly one of 'set' or 'bonus'"))
        if self.bonus is not None and (self.exposed is not None or self.tile is not None):
            raise ValueError(L_("'exposed' and 'tile' apply to sets, not to bonus tiles"))
        return self


class ScoringItemModel(_Model):
    """One line of the scoring table."""

    name: Name = Field(description="the name shown in the score explanation", json_schema_extra=TRANSLATABLE)
    description: Text = Field("", description="what the line is for", json_schema_extra=TRANSLATABLE)
    points: int = Field(0, ge=0, le=MAX_POINTS, description="points")
    doubles: int = Field(0, ge=0, le=20, description="doubles")
    mah_jongg_only: bool = Field(False, description="counts only for the winner")
    allowed: bool = Field(True, description="false: the line never counts (the program's 'No Scoring Value')")
    fixed: bool = Field(False, description="the mah_jongg_only setting cannot be changed in the settings")
    no_doubles: bool = Field(False, description="the value cannot be changed to doubles in the settings")
    when: str | list[str] | None = Field(None, description="hand conditions that must all hold")
    for_each: ForEachModel | None = Field(None, description="count once per matching set or bonus tile")
    unless: str | list[str] | None = Field(None, description="hand conditions none of which may hold")

    @model_validator(mode="after")
    def _when_or_for_each(self) -> ScoringItemModel:
        if (self.when is None) == (self.for_each is None):
            raise ValueError(L_("a scoring item needs exactly one of 'when' or 'for_each'"))
        return self


class RoundingModel(_Model):
    """Rounding of hand scores."""

    unit: int = Field(10, ge=1, le=10_000, description="round to a multiple of this")
    stage: Literal["none", "before_doubles", "after_doubles"] = Field("none", description="when to round")
    mode: Literal["up", "half_up"] = Field("up", description="up: always up; half_up: to the nearest, 5 up")


_PLAY_DOCS = {
    "flowers": "the 8 flowers and seasons are in the set (144 tiles; 136 without)",
    "jokers": "jokers in the set",
    "stacks_per_side": "stacks in each side of the wall; 0 = the set's tiles / 8",
    "dice_for_wall": "dice East throws to choose the wall to break",
    "kong_box_stacks": "stacks left of the breach that form the kong box with the loose tiles",
    "kong_box_moves": "keep the kong box at a fixed size: every replacement moves the live wall's end back (A15)",
    "east_dealt_fourteen": "East is dealt 14 tiles instead of drawing the first tile from the wall",
    "replacements_from_wall_end": "replacement tiles come from the end of the live wall instead of a kong box",
    "charleston": "tile passes before play in every hand: [direction, tiles] steps; direction right, across, "
                  "left, east_south or east_north",
    "goulash": "tile passes after a wash-out (a dead hand), as charleston steps",
    "goulash_wild": "a tile code (such as 2B) whose four tiles are wild in the goulash hand, playing as jokers "
                    "do: standing in pungs and kongs (empty: none)",
    "goulash_chows": "chows may be made in the goulash hand; false: none, except inside a special hand",
    "chows_allowed": "players may collect chows",
    "max_chows": "at most this many chows in a hand (null = any)",
    "chow_from_any_for_mah_jongg": "a chow may be claimed from any player when it completes Mah Jongg (rule 15b)",
    "chow_only_for_mah_jongg": "a discard may be claimed for a chow only to go Mah Jongg",
    "pair_claim_for_mah_jongg": "a discard may be claimed to complete the pair of a Mah Jongg hand (rule 11)",
    "chow_from_any": "any player's discard may be claimed for a chow, not only the left neighbour's",
    "sacred_discard": "off; last: no claim of a tile identical to one's own last discard; deal: to any of one's "
                      "discards this hand",
    "missed_discard": "no going out on a discard of a tile one could have gone out on since one's last draw or claim",
    "ready_rule": "none; declare: a ready hand must be declared before going out; riichi: a concealed ready hand "
                  "may be declared and is locked (its deposit is penalties.riichi_deposit)",
    "precedence": "claims in order of precedence; ties go to the player nearest the discarder",
    "concealed_kong_any_time": "a concealed kong may be declared on any later turn (rule 17)",
    "promote_kong_any_time": "an exposed pung may be promoted on any later turn with a drawn tile (A8)",
    "initial_kongs_declared": "kongs in the dealt hand are declared before play (A3)",
    "rob_kong": "the tile that promotes an exposed pung may be robbed to go Mah Jongg (rule 17b)",
    "rob_concealed_kong": "with rob_kong, the tile of a concealed kong may be robbed too as the kong is declared",
    "rob_kong_thirteen_orphans": "a robbed kong's tile may go out standing alone as a special hand's single tile "
                                 "(Thirteen Orphans); false: the robbed tile must make a set of the hand, always a "
                                 "chow for a promoted pung's fourth tile (Four Winds L2018, A27)",
    "original_hand": "East may win with the dealt hand and the first tile (rule 8)",
    "standing_hand": "a player may declare a standing hand right after their first discard (rule 9, A21)",
    "claim_last_discard": "what the last discard before the kong box may be claimed for (A16)",
    "faulty_declarations": "declarations are checked after they are made: going out with an incomplete hand "
                           "is a faulty Out that ends the hand, a claim that does not fit a faulty claim taken as "
                           "a pass (on by itself when penalties.faulty_out or faulty_claim is on)",
    "east_keeps_deal_on_draw": "after a dead hand East stays East (A4)",
    "east_keeps_deal_on_win": "East keeps the deal after winning",
    "rounds": "winds of the round played in a game",
    "start_score": "every player's score at the start of a game",
    "players": "players at the table: 4, or 3 (one seat left empty, never East; British three-handed)",
}


MAX_JOKERS = 16
MAX_STACKS_PER_SIDE = 24
"""A set of 136 tiles, flowers and the most jokers builds 20 stacks a side."""


def _play_model() -> type[BaseModel]:
    fields: dict[str, Any] = {}
    passes = Annotated[list[tuple[Literal["right", "across", "left", "east_south", "east_north"],
                                  Annotated[int, Field(ge=1, le=13)]]], Field(max_length=12)]
    hints = {"precedence": Annotated[list[Literal["mah_jongg", "mah_jongg_special", "mah_jongg_pung",
                                                  "mah_jongg_chow", "mah_jongg_pair", "kong", "pung", "chow"]],
                                     Field(max_length=8)],
             "claim_last_discard": Literal["any", "mah_jongg", "none"],
             "max_chows": Annotated[int, Field(ge=0, le=4)] | None,
             "jokers": Annotated[int, Field(ge=0, le=MAX_JOKERS)],
             "stacks_per_side": Annotated[int, Field(ge=0, le=MAX_STACKS_PER_SIDE)],
             "dice_for_wall": Annotated[int, Field(ge=1, le=4)],
             "kong_box_stacks": Annotated[int, Field(ge=0, le=MAX_STACKS_PER_SIDE)],
             "rounds": Annotated[int, Field(ge=1, le=4)],
             "start_score": Annotated[int, Field(ge=0, le=MAX_SCORE)],
             "players": Literal[3, 4],
             "goulash_wild": Annotated[str, Field(max_length=2)],
             "charleston": passes,
             "goulash": passes,
             "sacred_discard": Literal["off", "last", "deal"],
             "ready_rule": Literal["none", "declare", "riichi"]}
    for f in dataclasses.fields(PlayRules):
        default = f.default
        if isinstance(default, tuple):
            default = list(default)
        kind = hints.get(f.name, type(default))
        fields[f.name] = (kind, Field(default, description=_PLAY_DOCS.get(f.name, "")))
    return create_model("PlayModel", __config__=ConfigDict(extra="forbid", allow_inf_nan=False),
                        __doc__="How a hand is played.",
                        **fields)


if TYPE_CHECKING:
    PlayModel = BaseModel  # made at run time from PlayRules' fields, so to the checker it is any model
else:
    PlayModel = _play_model()


class CannonModel(_Model):
    """One pattern of "letting off a cannon": the sets a player shows and the discard that completes their hand."""

    name: Name = Field(description="what the players are told, such as 'two pungs of Dragons shown'",
                      json_schema_extra=TRANSLATABLE)
    shown: TileSpecIn = Field(description="the tiles of the sets shown (every tile of a set must fit; a suit "
                                          "variable such as {suit: s} is the same suit in every set and in "
                                          "'discard')")
    sets: int = Field(1, ge=1, le=4, description="how many such sets shown at least")
    only: bool = Field(False, description="every set the player shows must fit 'shown'")
    discard: TileSpecIn = Field(description="the discard that lets off the cannon")


class PenaltiesModel(_Model):
    """Penalties and payments besides the hand scores (Four Winds, L401-L421)."""

    faulty_out: bool = Field(False, description="a faulty declaration of going out: the limit to East and "
                                                "faulty_out_others x the limit to each other player")
    faulty_out_others: float = Field(0.5, ge=0, le=10, description="the share of the limit a non-dealer "
                                                                   "offender pays each player other than East")
    faulty_claim: int = Field(0, ge=0, le=MAX_SCORE,
                              description="paid to the winner per faulty or cancelled claim (0 = off)")
    five_last_tiles: bool = Field(False, description="a discarder of an unplayed tile among the last five pays for all")
    nine_tiles: bool = Field(False, description="a discarder feeding a one-suit hand of three sets pays for all")
    nine_tiles_chows: bool = Field(False, description="for nine_tiles, melded chows count among the three sets of "
                                                      "one suit shown; false: melded pungs and kongs only")
    ready_after_draw: int = Field(0, ge=0, le=MAX_SCORE, description="after a draw the players not ready pay this "
                                                                     "in all to the ready ones (0 = off)")
    dealer_bonus: int = Field(0, ge=0, le=MAX_SCORE,
                              description="per loser, times East's wins in a row less one (0 = off)")
    dealer_limit_win: int = Field(0, ge=0, le=100, description="on this many wins in a row East's hand pays the "
                                                               "limit instead of the bonus (0 = never)")
    riichi_deposit: int = Field(0, ge=0, le=MAX_SCORE,
                                description="what a Riichi declaration costs; it goes to the winner")
    cannon: list[CannonModel] = Field(
        default_factory=list, max_length=MAX_LIST,
        description="letting off a cannon (British): a discard of the dangerous tile that goes out a player showing "
                    "the pattern makes the discarder pay for all, and the losers settle nothing among themselves "
                    "(empty: no such penalty)")

class RulesetModel(_Model):
    """A ruleset file (``rulesets/<id>.yaml`` in a mod)."""

    format: Literal[1] = Field(description="the file format version")
    id: RulesetId = Field(description="the ruleset id (lower case, _ and -), unique among all mods")
    name: Name = Field(description="the name players see", json_schema_extra=TRANSLATABLE)
    description: Text = Field("", description="a paragraph for the ruleset chooser", json_schema_extra=TRANSLATABLE)
    extends: RulesetId | None = Field(None, description="a parent ruleset id: this file then only overrides its "
                                                        "values")
    play: PlayModel = Field(default_factory=PlayModel, description="how a hand is played")
    special_hands_allowed: bool = Field(True, description="the master switch for special hands")
    special_hands_required: bool = Field(False, description="only a special hand goes out: a regular hand of "
                                                            "sets and a pair does not win")
    limit: int | None = Field(None, gt=0, le=MAX_SCORE, description="the most a hand can score (null = no limit)")
    rounding: RoundingModel = Field(default_factory=RoundingModel, description="rounding of hand scores")
    payment: PaymentScheme = Field(PaymentScheme.EAST_DOUBLE_LOSERS_SETTLE, description="how scores are paid")
    pay_table: list[tuple[Annotated[int, Field(ge=0, le=MAX_POINTS)], Annotated[int, Field(ge=0, le=MAX_SCORE)]]
                    ] | None = Field(
        None, max_length=MAX_LIST,
        description="table-paid scoring (Hong Kong faan): [least points, base pay value] steps in increasing order; "
                    "the points are added up, never doubled, and a limit hand pays the limit")
    min_points: int = Field(0, ge=0, le=MAX_POINTS,
                            description="a winning hand needs at least this many points (0 = any)")
    min_doubles: int = Field(0, ge=0, le=20, description="a winning hand needs at least this many doubles, or a "
                                                         "limit score such as a special hand's (0 = any)")
    min_doubles_not_counting: list[Id] = Field(
        default_factory=list, max_length=MAX_LIST,
        description="scoring items whose doubles do not count towards min_doubles")
    discarder_pays_all: bool = Field(False, description="hongkong payment: on a discard win the discarder pays "
                                                        "for all three losers")
    ready_scores: bool = Field(False, description="a loser who declared a ready hand is scored as its best way out, "
                                                  "without the ready_not_counting items; a special hand at "
                                                  "ready_special_share of its value")
    ready_not_counting: list[Id] = Field(default_factory=list, max_length=MAX_LIST,
                                         description="scoring items a ready loser does not get (ready_scores)")
    ready_special_share: float = Field(0.4, ge=0, le=1, description="a ready loser's special hand is worth this "
                                                                   "share of its value (ready_scores)")
    penalties: PenaltiesModel = Field(default_factory=PenaltiesModel,
                                      description="penalties and payments besides the hand scores")
    losers_score_concealed: bool = Field(True, description="losers score their concealed pungs too (A27)")
    scoring: dict[Id, ScoringItemModel] = Field(default_factory=dict, max_length=MAX_ITEMS,
                                                description="the scoring table, by item id")
    special_hands: dict[Id, SpecialHandModel] = Field(default_factory=dict, max_length=MAX_ITEMS,
                                                      description="special hands, by id")


class SpecialHandChangeModel(_Model):
    """Changes to a special hand a ruleset already has."""

    name: Name | None = Field(None, description="a new name", json_schema_extra=TRANSLATABLE)
    points: int | None = Field(None, ge=0, le=MAX_POINTS, description="new points")
    doubles: int | None = Field(None, ge=0, le=20, description="new doubles")
    limit: float | None = Field(None, gt=0, le=100, description="new value as a multiple of the limit")
    total: bool | None = Field(None, description="total (true) or added (false)")
    allowed: bool | None = Field(None, description="allow or disallow the hand")


class HandFileModel(_Model):
    """A special-hands file (``hands/*.yaml`` in a mod of kind special_hands)."""

    format: Literal[1] = Field(description="the file format version")
    rulesets: list[RulesetId] = Field(default_factory=list, max_length=MAX_LIST,
                                      description="the rulesets this file is for (empty: all)")
    hands: dict[Id, SpecialHandModel] = Field(default_factory=dict, max_length=MAX_ITEMS,
                                              description="new special hands, by id")
    change: dict[Id, SpecialHandChangeModel] = Field(default_factory=dict, max_length=MAX_ITEMS,
                                                     description="changes to existing hands")
    disallow: list[Id] = Field(default_factory=list, max_length=MAX_ITEMS, description="existing hands to disallow")


ElementModel.model_rebuild()
TileSpecMap.model_rebuild()
CannonModel.model_rebuild()
PenaltiesModel.model_rebuild()
