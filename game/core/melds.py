"""Melds: the sets a hand is made of.

A meld is a chow, pung, kong or pair. Declared melds lie on the table above the stake; a concealed kong is
declared (it lies on the table with both end tiles face down) but still counts as concealed for scoring.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.core.frozen import quick_init
from game.core.tiles import JOKER, Tile, format_tiles, is_suit, number_of, parse_tiles, suit_of
from game.errors import InvalidTilesError
from game.i18n import L_


class MeldKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"


@quick_init
@dataclass(frozen=True)
class Meld:
    """A set of tiles. ``exposed`` is False for a concealed set (including a declared concealed kong).

    ``claimed_tile`` is the discard that completed an exposed set (None when every tile was drawn),
    ``promoted`` marks a kong made by adding a drawn tile to an exposed pung, and ``first_discard`` a set claimed
    from East's first discard (Western's Sweep).
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    exposed: bool = True
    claimed_tile: Tile | None = None
    promoted: bool = False
    first_discard: bool = False

    @property
    def tile(self) -> Tile:
        """The tile that names the set: the lowest of a chow, the repeated tile of the others."""
        return min(self.tiles)  # a joker sorts after every other tile, so this is a joker only in a set of jokers

    @property
    def is_concealed(self) -> bool:
        return not self.exposed

    @property
    def code(self) -> str:
        return format_tiles(self.tiles)

    def __repr__(self) -> str:
        state = "exposed" if self.exposed else "concealed"
        return f"Meld({self.kind.value}, {self.code!r}, {state})"


def meld_from_tiles(tiles: list[Tile], exposed: bool = True) -> Meld:
    """Recognise a chow, pung, kong or pair from its tiles; raise :class:`InvalidTilesError` otherwise."""
    real = sorted(t for t in tiles if t != JOKER)
    shown = format_tiles(tiles)
    if not real:
        raise InvalidTilesError(L_("a meld needs at least one tile that is not a joker: {meld}", meld=repr(shown)))
    same = all(t == real[0] for t in real)
    n = len(tiles)
    if same and n in (2, 3, 4):
        kind = {2: MeldKind.PAIR, 3: MeldKind.PUNG, 4: MeldKind.KONG}[n]
        return Meld(kind, tuple(sorted(tiles)), exposed)
    if n == 3 and JOKER not in tiles and all(is_suit(t) for t in real) and len({suit_of(t) for t in real}) == 1:
        nums = sorted(number_of(t) for t in real)
        if nums[1] == nums[0] + 1 and nums[2] == nums[1] + 1:
            return Meld(MeldKind.CHOW, tuple(real), exposed)
    raise InvalidTilesError(L_("expected a chow, pung, kong or pair, got {meld}", meld=repr(shown)), code=shown)


def parse_meld(text: str, exposed: bool = True) -> Meld:
    """Parse a meld written in tile codes, for example ``'9B 9B 9B'``."""
    return meld_from_tiles(parse_tiles(text), exposed)
