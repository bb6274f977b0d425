"""The contract between the hand state machine and scoring.

The state machine (:mod:`game.core.table`) never decides what a winning hand is on its own: it asks a
:class:`Judge`. :class:`RegularJudge` knows only the regular "four sets and a pair"; the ruleset's judge
(``game.core.scoring.RulesetJudge``) adds special hands and scores hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

from game.core.analysis import waits as analysis_waits
from game.core.frozen import quick_init
from game.core.hand import arrangements, joker_arrangements
from game.core.melds import Meld, MeldKind
from game.core.tiles import JOKER, NUM_KINDS, Tile, counts_of

WonBy = Literal["discard", "wall", "loose_tile", "robbed_kong"]


@quick_init
@dataclass(frozen=True)
class HandSpec:
    """One player's tiles as scoring sees them.

    ``concealed`` holds the tiles still hidden in the hand (for a winner including the winning tile);
    ``melds`` the declared sets (a concealed kong has ``exposed=False``); ``bonus`` the flowers and seasons.
    Winds are indices 0 East … 3 North.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = ()
    seat_wind: int = 0
    round_wind: int = 0


@quick_init
@dataclass(frozen=True)
class WinContext:
    """How a hand ended, for the winner's bonuses (interface contract §2)."""

    winner: bool = True
    winning_tile: Tile | None = None
    won_by: WonBy = "discard"
    last_wall_tile: bool = False
    original_hand: bool = False
    standing_hand: bool = False
    first_discard: bool = False
    riichi: bool = False
    """The winner had declared riichi."""
    first_draw: bool = False
    """Won with the player's first drawn tile, before any claim or kong (a non-dealer's Earthly Hand)."""
    ready: bool = False
    """A loser who had declared a ready hand ("fishing"): scored as its best way out where the ruleset pays
    ready hands (``Ruleset.ready_scores``)."""
    sets_declared: bool = False
    """Some player had declared a chow, pung or kong, a concealed kong included, before the winning tile (what
    voids the Four Winds Earthly Hand, A25). The winner's own declared sets say so too."""


@quick_init
@dataclass(frozen=True)
class WinShape:
    """How a hand goes Mah Jongg, as claim precedence needs it.

    ``special_hand`` is the special hand's id or None; ``completes`` is the set the winning tile completes
    in the best regular reading (``pung``, ``chow`` or ``pair``), or ``special`` for a special hand.
    ``roles`` holds every set it completes in some regular reading, the best one included.
    """

    completes: Literal["special", "pung", "chow", "pair"]
    special_hand: str | None = None
    roles: frozenset[str] = field(default=frozenset(), compare=False)

    def claimable(self, refused: frozenset[str]) -> WinShape | None:
        """This win as a seat may claim it when it may not claim the discard for the ``refused`` sets (a chow
        from across, a pair where pairs are never claimed): the best reading left, or None."""
        if self.completes not in refused:
            return self
        left = self.roles - refused
        if not left:
            return None
        # The roles are the Literal's words typed as str (the arrangements name them); a cast would cost a call here.
        return WinShape(min(left, key=_RANK.__getitem__), self.special_hand, self.roles)  # type: ignore[arg-type]


class WaitTest(Protocol):
    """Whether ``tile`` is among a hand's waits. With ``trial`` False only the quick tests every win passes are
    asked, in any situation (its waits are tried as a discard): False there means the tile wins in no situation,
    such as drawn from the wall; True, that it might."""

    def __call__(self, tile: Tile, trial: bool = True, /) -> bool:
        ...


class Judge(Protocol):
    """Decides whether a hand is Mah Jongg under a ruleset."""

    def mah_jongg(self, hand: HandSpec, context: WinContext) -> WinShape | None:
        """The best way ``hand`` goes Mah Jongg, or None if it does not."""
        ...

    def waits(self, hand: HandSpec) -> list[Tile]:
        """The tiles that would complete ``hand`` (13 tiles plus kongs) in some situation, fast.

        Every tile that can win is listed; a listed tile may still need a particular situation to win."""
        ...

    def wait_test(self, hand: HandSpec) -> WaitTest:
        """A test of whether a tile is among ``hand``'s :meth:`waits`, for asking a few kinds of an unchanged hand."""
        ...

    def ready_discards(self, hand: HandSpec) -> dict[Tile, list[Tile]]:
        """For 14 tiles (plus kongs): each discard that leaves a ready hand, with its waits."""
        ...


_RANK = {"special": 0, "pung": 1, "chow": 2, "pair": 3}


def regular_shape(hand: HandSpec, winning_tile: Tile | None, chows: bool = True,
                  max_chows: int | None = None) -> WinShape | None:
    """The regular reading of ``hand`` (four sets and a pair), with the set the winning tile completes.

    Among several arrangements the best for claim precedence counts: a pung beats a chow beats a pair. The
    shape's ``roles`` keep the others, for a seat that may not claim the best.
    """
    n_sets = len(hand.melds)
    if len(hand.concealed) != 3 * (4 - n_sets) + 2:
        return None
    declared_chows = sum(1 for m in hand.melds if m.kind is MeldKind.CHOW)
    roles: set[str] = set()
    for arrangement in _arrangements(hand.concealed, chows):
        chow_count = declared_chows + sum(1 for kind, _ in arrangement if kind == "chow")
        if max_chows is not None and chow_count > max_chows:
            continue
        roles |= _roles_of(arrangement, winning_tile)
    if not roles:
        return None
    # The roles are the Literal's words typed as str (see WinShape.claimable).
    return WinShape(min(roles, key=_RANK.__getitem__), None, frozenset(roles))  # type: ignore[arg-type]


def _arrangements(concealed: tuple[Tile, ...], chows: bool) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every regular split of the concealed tiles as ``(kind, first tile)`` groups; jokers stand in pungs."""
    jokers = concealed.count(JOKER)
    if not jokers:
        return arrangements(counts_of(concealed), chows=chows)
    return tuple(tuple((kind, tile) for kind, tile, _ in a)
                 for a in joker_arrangements(counts_of(concealed), jokers, chows=chows))


def _roles_of(arrangement: tuple[tuple[str, int], ...], tile: Tile | None) -> set[str]:
    """The sets ``tile`` may complete in one arrangement."""
    if tile is None or tile == JOKER:
        return {"pung"}
    roles = {kind for kind, first in arrangement
             if (kind == "chow" and first <= tile <= first + 2) or (kind != "chow" and first == tile)}
    return roles or {"pair"}


@dataclass(frozen=True)
class RegularJudge:
    """Mah Jongg as four sets and a pair, with no special hands."""

    chows: bool = True
    max_chows: int | None = None

    def mah_jongg(self, hand: HandSpec, context: WinContext) -> WinShape | None:
        return regular_shape(hand, context.winning_tile, self.chows, self.max_chows)

    def waits(self, hand: HandSpec) -> list[Tile]:
        if JOKER in hand.concealed:
            return waits_by_trial(self, hand)
        try:
            candidates = analysis_waits(counts_of(hand.concealed), len(hand.melds), chows=self.chows)
        except ValueError:
            return []
        return [t for t in candidates
                if self.mah_jongg(HandSpec((*hand.concealed, t), hand.melds), WinContext(True, t, "discard"))]

    def wait_test(self, hand: HandSpec) -> WaitTest:
        found = frozenset(self.waits(hand))
        return lambda tile, trial=True: tile in found  # a regular hand wins on a tile in any situation or none

    def ready_discards(self, hand: HandSpec) -> dict[Tile, list[Tile]]:
        return ready_discards_by_trial(self, hand)


def waits_by_trial(judge: Judge, hand: HandSpec) -> list[Tile]:
    """The waits found by trying every tile kind (hands the shanten tables cannot read, such as with jokers).
    A kind whose four copies are all in the hand (concealed or in its sets) is no wait: there is no fifth."""
    held = [0] * NUM_KINDS
    for t in (*hand.concealed, *(t for m in hand.melds for t in m.tiles)):
        if t < NUM_KINDS:
            held[t] += 1
    return [t for t in range(NUM_KINDS)
            if held[t] < 4 and judge.mah_jongg(HandSpec((*hand.concealed, t), hand.melds, hand.bonus, hand.seat_wind,
                                                         hand.round_wind), WinContext(True, t, "discard"))]


def ready_discards_by_trial(judge: Judge, hand: HandSpec) -> dict[Tile, list[Tile]]:
    """Each discard that leaves a ready hand, found by asking the judge's ``waits`` after every discard."""
    found = {}
    for discard in sorted(set(hand.concealed)):
        rest = list(hand.concealed)
        rest.remove(discard)
        waits = judge.waits(HandSpec(tuple(rest), hand.melds, hand.bonus, hand.seat_wind, hand.round_wind))
        if waits:
            found[discard] = waits
    return found
