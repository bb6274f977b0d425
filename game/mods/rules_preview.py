"""The rules editor's live preview: an example hand that uses the line or special hand being edited, scored by
the ruleset as it stands in the editor, and the whole settlement of that hand (who pays whom).

A special hand's example is built from its pattern, as the Rules pages' pictures are
(:func:`game.rules.pattern_example.special_hand_example`). A scoring line's is looked for among hands built from
the line itself: for a line that counts sets or flowers (``for_each``), a hand holding such a set or bonus tile;
for any line, a small library of hands of every kind (chows, pungs, one suit, honours, pairs) won in every way
(self-drawn, on a discard, with a loose tile, robbing a kong, with the last tile, an original hand …). The first
hand the ruleset's own judge scores with that line is the example; a line switched off is looked for with it on,
so the example still shows what the line would be worth. The losers hold three fixed hands, scored by the same
ruleset, so the settlement shows the losers settling among themselves where the ruleset has them do so.

No pygame here: the editor scene draws what this returns.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.core.judge import HandSpec, WinContext
from game.core.melds import Meld, MeldKind
from game.core.patterns import Env
from game.core.penalties import settle_hand
from game.core.ruleset import BonusSelector, Ruleset, SetSelector
from game.core.scoring import RulesetJudge, ScoreResult
from game.core.settle import Settlement
from game.core.tiles import NUM_KINDS, Tile, parse_tiles
from game.errors import SparrowError
from game.i18n import N_, _
from game.rules.pattern_example import Example, special_hand_example

EAST = 0
WON = {"wall": N_("Won self-drawn."), "discard": N_("Won on a discard."), "loose_tile": N_("Won with a loose tile."),
       "robbed_kong": N_("Won robbing a kong.")}
"""How the example hand went out, as the preview's note says it."""
LAST_WALL_TILE = N_("The winning tile was the last tile of the wall.")
FILLERS = tuple(tuple(tuple(parse_tiles(group)) for group in groups) for groups in (
    ("2B 3B 4B", "6C 7C 8C", "3D 4D 5D", "6B 7B 8B", "1C 2C 3C", "5B 6B 7B"),
    ("2B 2B 2B", "6C 6C 6C", "3D 3D 3D", "8B 8B 8B", "4C 4C 4C", "6D 6D 6D")))
"""Plain chows, or pungs for a ruleset that limits chows, that fill a hand around the set a line counts."""
PAIRS = tuple(parse_tiles("9C 1B 8C 7D"))
LIBRARY = (
    "2B 3B 4B 6C 7C 8C 3D 4D 5D 6B 7B 8B 5D 5D",
    "2B 2B 2B 6C 6C 6C 3D 3D 3D 8B 8B 8B 5D 5D",
    "1B 2B 3B 4B 5B 6B 7B 8B 9B 2B 2B 2B 5B 5B",
    "1B 2B 3B 5B 5B 5B 7B 8B 9B RD RD RD EW EW",
    "1B 1B 1B 9C 9C 9C EW EW EW RD RD RD 1D 1D",
    "1B 1B 1B 9C 9C 9C 1D 1D 1D 9B 9B 9B 1C 1C",
    "EW EW EW SW SW SW RD RD RD GD GD GD WD WD",
    "2B 3B 4B 6C 7C 8C 3D 4D 5D 6B 7B 8B EW EW",
    "2B 3B 4B 6C 7C 8C 3D 4D 5D 6B 7B 8B RD RD",
    "1B 2B 3B 7C 8C 9C 1D 2D 3D 9B 9B 9B NW NW",
    "2B 3B 4B 3C 4C 5C 4D 5D 6D 6B 6B 6B 8D 8D",
    "1B 1B 3C 3C 5D 5D 7B 7B EW EW RD RD 9D 9D",
    "2B 2B 3B 3B 4B 4B 6C 7C 8C 3D 4D 5D 9D 9D",
    "RD RD RD GD GD GD 2B 3B 4B 6C 7C 8C WD WD",
    "RD RD RD GD GD GD WD WD WD 2B 3B 4B 5D 5D",
    "1B 1B 1B 2B 3B 4B 5B 5B 5B 7B 7B 7B 9B 9B",
    "1B 1B 1B 4B 4B 4B 7B 7B 7B EW EW EW RD RD",
    "1B 1B 1B 9C 9C 9C 2D 3D 4D 9D 9D 9D EW EW",
    "1B 2B 3B 4B 4B 4B 9B 9B 9B 1D 1D 1D RD RD",
    "2B 2B 2B 3C 3C 3C 4D 4D 4D 6B 6B 6B RD RD",
)
"""Winning hands of every kind, for lines that are a condition on the whole hand."""
WINS = (
    WinContext(won_by="wall"), WinContext(won_by="discard"), WinContext(won_by="loose_tile"),
    WinContext(won_by="robbed_kong"), WinContext(won_by="wall", last_wall_tile=True),
    WinContext(won_by="discard", last_wall_tile=True), WinContext(won_by="wall", first_draw=True),
    WinContext(won_by="wall", original_hand=True), WinContext(won_by="discard", standing_hand=True),
    WinContext(won_by="discard", first_discard=True), WinContext(won_by="wall", riichi=True),
)
BONUSES = ((), tuple(parse_tiles("F1")), tuple(parse_tiles("F1 F2 F3 F4")), tuple(parse_tiles("F1 S2")))
LOSERS = (
    ("1B 1B 1B 4C 5C 6C 8D 8D 2B 3B", "WW WW WW"),
    ("7D 8D 9D 2C 2C 3C 4C", "GD GD GD 9B 9B 9B"),
    ("3B 4B 6D 7D 8D 1C 1C 5C 6C 7C", "9D 9D 9D"),
)
"""Three losers' hands (concealed tiles, one exposed set), one per other seat."""


@dataclass(frozen=True)
class Preview:
    """What the preview shows for one entry."""

    example: Example | None
    """The hand (None: no hand uses the line, as far as the examples go)."""
    result: ScoreResult | None
    """The example scored by the ruleset being edited."""
    item_id: str = ""
    """The scoring line shown, whose items in ``result`` are the ones to light."""
    winner: int = 0
    """The winner's seat in playing order (0 is East)."""
    discarder: int | None = None
    losers: tuple[ScoreResult | None, ...] = ()
    """The three other seats' scores, in playing order after the winner."""
    settlement: Settlement | None = None
    note: str = ""
    """A sentence about the example: how it was won, or why the entry's value does not show in it."""

    @property
    def counts(self) -> bool:
        """Whether the line being previewed counts in the example's score."""
        return self.result is not None and any(i.id == self.item_id for i in self.result.items)


def _variant(ruleset: Ruleset, kind: str, entry_id: str) -> Ruleset:
    """The ruleset with one line or hand on, and worth something: an example is looked for with it."""
    if kind == "scoring":
        items = tuple(dataclasses.replace(i, allowed=True, points=i.points or (0 if i.doubles else 1))
                      if i.id == entry_id else i for i in ruleset.scoring)
        return dataclasses.replace(ruleset, scoring=items)
    hands = tuple(dataclasses.replace(h, allowed=True) if h.id == entry_id else h for h in ruleset.special_hands)
    return dataclasses.replace(ruleset, special_hands=hands, special_hands_allowed=True)


def _fill(main: list[tuple[tuple[Tile, ...], bool]], pair_needed: bool, filler: tuple[tuple[Tile, ...], ...]
          ) -> list[tuple[tuple[Tile, ...], bool]]:
    """``main`` completed with plain chows (and a pair) into four sets and a pair, at most four of a tile."""
    used = [0] * NUM_KINDS
    for tiles, _kind in main:
        for t in tiles:
            used[t] += 1
    out = list(main)

    def fits(tiles: tuple[Tile, ...]) -> bool:
        return all(used[t] + tiles.count(t) <= 4 for t in set(tiles))

    sets = sum(1 for tiles, _ in main if len(tiles) >= 3)
    for group in filler:
        if sets >= 4:
            break
        if fits(group):
            out.append((group, False))
            for t in group:
                used[t] += 1
            sets += 1
    if pair_needed:
        pair = next(((p, p) for p in PAIRS if used[p] <= 2), None)
        if pair is None:
            return []
        out.append((pair, False))
    return out if sets >= 4 else []


def _hand(groups: list[tuple[tuple[Tile, ...], bool]], bonus: tuple[Tile, ...] = (), seat: int = 0,
          concealed_kong: bool = False) -> Example:
    melds = []
    concealed: list[Tile] = []
    exposed = set()
    for i, (tiles, shown) in enumerate(groups):
        if shown or (len(tiles) == 4 and concealed_kong):
            kind = MeldKind.KONG if len(tiles) == 4 else MeldKind.CHOW if tiles[0] != tiles[1] else MeldKind.PUNG
            melds.append(Meld(kind, tiles, exposed=shown))
            if shown:
                exposed.add(i)
        else:
            concealed.extend(tiles)
    winning = concealed[-1] if concealed else groups[-1][0][-1]
    hand = HandSpec(tuple(concealed), tuple(melds), bonus, seat_wind=seat)
    return Example(hand, WinContext(winning_tile=winning, won_by="wall"), tuple(t for t, _ in groups),
                   frozenset(exposed))


def _set_examples(selector: SetSelector) -> Iterator[Example]:
    env = Env(0, 0)
    for kind in sorted(selector.kinds, key=("pung", "kong", "chow", "pair").index):
        for t in range(NUM_KINDS):
            if selector.tile is not None and selector.tile.match(t, {}, env) is None:
                continue
            if kind == "chow" and (t >= 27 or t % 9 > 6):
                continue
            tiles = (t, t + 1, t + 2) if kind == "chow" else (t,) * {"pung": 3, "kong": 4, "pair": 2}[kind]
            for shown in ((True, False) if selector.exposed is None else (selector.exposed,)):
                if kind == "pair" and shown:
                    continue
                for filler in FILLERS:
                    groups = _fill([(tiles, shown)], kind != "pair", filler)
                    if groups:
                        yield _hand(groups, concealed_kong=kind == "kong" and not shown)


def _bonus_examples(selector: BonusSelector) -> Iterator[Example]:
    for filler in FILLERS:
        plain = _fill([], True, filler)
        for bonus in (*BONUSES, tuple(parse_tiles("S1 S2 S3 S4"))):
            if (not bonus) == (selector.which == "none"):
                yield _hand(plain, bonus)


def _groups(codes: str) -> list[tuple[Tile, ...]]:
    tiles = parse_tiles(codes)
    if len({tiles[i] for i in range(0, 14, 2)}) == 7 and all(tiles[i] == tiles[i + 1] for i in range(0, 14, 2)):
        return [tuple(tiles[i:i + 2]) for i in range(0, 14, 2)]  # seven pairs
    return [tuple(tiles[i:i + 3]) for i in range(0, 12, 3)] + [tuple(tiles[12:])]


def _library() -> Iterator[Example]:
    for codes in LIBRARY:
        groups = _groups(codes)
        yield _hand([(g, False) for g in groups])
        if len(groups) == 5:
            yield _hand([(g, i == 0) for i, g in enumerate(groups)])  # the same with the first set declared


TABLE_EXAMPLES = {"Limit": "EW EW EW SW SW SW RD RD RD GD GD GD WD WD",
                  "Minimums": "2B 3B 4B 6C 7C 8C 3D 4D 5D 6B 7B 8B 9C 9C",
                  "Settlement": "1B 2B 3B 5B 5B 5B 7B 8B 9B RD RD RD EW EW"}
"""The hands shown for the ruleset-wide values: one that reaches a limit, one of little value that a minimum
may refuse, and an ordinary good hand to settle."""


def _line_examples(item: Any) -> Iterator[Example]:
    selector = item.for_each
    if isinstance(selector, SetSelector):
        yield from _set_examples(selector)
    elif isinstance(selector, BonusSelector):
        yield from _bonus_examples(selector)
    # Every hand won every way first, then with flowers and seasons: a line is mostly about one or the other.
    for bonus, wins in (((), WINS), *((bonus, WINS[:2]) for bonus in BONUSES[1:])):
        for win in wins:
            for example in _library():
                hand = dataclasses.replace(example.hand, bonus=bonus)
                context = dataclasses.replace(win, winning_tile=example.context.winning_tile)
                yield dataclasses.replace(example, hand=hand, context=context)


MAX_TRIED = 600
"""Hands scored at most in looking for a line's example: about a tenth of a second."""


def find_example(ruleset: Ruleset, entry_key: str) -> Example | None:
    """The example hand for ``entry_key`` (``scoring.<id>`` or ``special_hands.<id>``), or None."""
    kind, _dot, entry_id = entry_key.partition(".")
    if kind in TABLE_EXAMPLES:
        groups = _groups(TABLE_EXAMPLES[kind])
        return _hand([(g, i == 0 and kind == "Settlement") for i, g in enumerate(groups)])
    if kind not in ("scoring", "special_hands"):
        return None
    judge = RulesetJudge(_variant(ruleset, kind, entry_id))
    if kind == "special_hands":
        try:
            return special_hand_example(judge, ruleset.special_hand(entry_id))
        except SparrowError:  # a pattern its examples cannot be built for (a mod's): the hand has no picture
            return None
    item = ruleset.item(entry_id)
    fallback = None
    for tried, example in enumerate(_line_examples(item)):
        if tried >= MAX_TRIED:
            break
        try:
            result = judge.score(example.hand, example.context)
        except SparrowError:
            continue
        if any(i.id == entry_id for i in result.items):
            # A regular hand shows a line best; a special hand that happens to fit is kept in case none does.
            if result.special_hand_id is None:
                return example
            fallback = fallback or example
    return fallback


def _losers(ruleset: Ruleset, judge: RulesetJudge, winner: int) -> tuple[ScoreResult | None, ...]:
    out: list[ScoreResult | None] = []
    for k, (concealed, shown) in enumerate(LOSERS):
        seat = (winner + 1 + k) % 4
        hand = HandSpec(tuple(parse_tiles(concealed)), (Meld(MeldKind.PUNG, tuple(parse_tiles(shown))[:3]),
                                                         *((Meld(MeldKind.PUNG, tuple(parse_tiles(shown))[3:]),)
                                                           if len(shown.split()) > 3 else ())),
                        seat_wind=seat)
        try:
            out.append(judge.score(hand, WinContext(winner=False)))
        except SparrowError:
            out.append(None)
    return tuple(out)


def preview(ruleset: Ruleset, entry_key: str, example: Example | None) -> Preview:
    """``example`` scored by ``ruleset`` (the editor's values), and settled with three losers."""
    kind, _dot, entry_id = entry_key.partition(".")
    item_id = entry_id if kind == "scoring" else ""
    if example is None:
        return Preview(None, None, item_id, note=_("No example hand uses this line: it counts only in rare hands."))
    judge = RulesetJudge(ruleset)
    result = judge.score(example.hand, example.context)
    winner = example.hand.seat_wind
    won_by = example.context.won_by
    self_drawn = won_by in ("wall", "loose_tile")
    discarder = None if self_drawn else (winner + 3) % 4
    losers = _losers(ruleset, judge, winner)
    scores = [0] * 4
    scores[winner] = result.score if result.mah_jongg else 0
    for k, loser in enumerate(losers):
        scores[(winner + 1 + k) % 4] = loser.score if loser is not None else 0
    settlement = None
    if result.mah_jongg:
        settlement = settle_hand(ruleset, EAST, winner, scores, discarder, self_drawn,
                                 special_hand=result.special_hand_id)
    note = _(WON[won_by]) if won_by in WON else ""
    if example.context.last_wall_tile:
        note = _("{sentence} {sentence2}").format(sentence=note, sentence2=_(LAST_WALL_TILE)) if note else \
            _(LAST_WALL_TILE)
    if kind == "special_hands":
        hand = ruleset.special_hand(entry_id)
        if not hand.allowed or not ruleset.special_hands_allowed:
            note = _("This special hand is not allowed: the tiles are scored as they would be without it.")
        elif result.special_hand_id != entry_id:
            note = _("A hand worth more fits these tiles too: it is scored instead.")
    elif kind == "scoring" and not any(i.id == item_id for i in result.items):
        note = _("No Scoring Value: the line does not count in this hand.") if not ruleset.item(entry_id).allowed \
            else _("The line does not count in this hand as the values stand.")
    if not result.mah_jongg:
        # The engine's message ends with the tiles, which the picture already shows.
        said = re.sub(r":\s*'[^']*'$", "", result.message)
        note = said[:1].upper() + said[1:] if said else _("Not a winning hand under these values.")
    return Preview(example, result, item_id, winner, discarder, losers, settlement, note)
