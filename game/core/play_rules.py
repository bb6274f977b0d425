"""The options of a ruleset that change how a hand is played (not how it is scored).

Every field has the classic 1995 program's default, with the seed's line reference where it decides one.
The rules-data layer (``game.rules``) builds this from a ruleset's ``play:`` section.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ClaimKind = Literal["mah_jongg", "mah_jongg_special", "mah_jongg_pung", "mah_jongg_chow", "mah_jongg_pair", "kong",
                    "pung", "chow"]

CLASSIC_PRECEDENCE: tuple[ClaimKind, ...] = (
    "mah_jongg_special", "mah_jongg_pung", "mah_jongg_chow", "mah_jongg_pair", "kong", "pung", "chow",
)


EMPTY_SEAT = 2
"""The chair left empty in a three-handed game (the British "Dummy", L113-L122): the one across from seat 0, the
human's, so the two opponents sit left and right. Its wind moves round with the others' but it is never East."""


@dataclass(frozen=True)
class PlayRules:
    """How a hand is played: the tile set, the wall ceremony, claims and declarations."""

    flowers: bool = True
    """The 8 flowers and seasons are in the set (144 tiles; 136 without)."""
    jokers: int = 0
    """Jokers in the set (8 for a 152-tile western set)."""
    stacks_per_side: int = 0
    """Stacks in each side of the wall; 0 = the set's tiles / 8 (18 for 144, 17 for 136)."""
    dice_for_wall: int = 2
    """Dice East throws to choose the wall to break (three in some rule systems)."""
    kong_box_stacks: int = 7
    """Stacks left of the breach that form the kong box with the loose tiles (14 tiles + 2, L1223)."""
    kong_box_moves: bool = False
    """Keep the kong box at a fixed size: every replacement moves the live wall's end back (A15)."""
    east_dealt_fourteen: bool = False
    """East is dealt 14 tiles instead of drawing the first tile from the wall at the start of play."""
    replacements_from_wall_end: bool = False
    """Replacement tiles come from the end of the live wall instead of a kong box."""

    charleston: tuple[tuple[str, int], ...] = ()
    """Tile passes before play in every hand: ``(direction, tiles)`` steps, direction one of ``right``,
    ``across``, ``left`` (by seat), ``east_south`` (E↔S and W↔N) or ``east_north`` (E↔N and S↔W). The standard
    Charleston is right, across, left, three tiles each."""
    goulash: tuple[tuple[str, int], ...] = ()
    """Tile passes in the hand after a wash-out (a dead hand), e.g. the British goulash: across, east_south,
    east_north, three tiles each. Empty: no goulash."""
    goulash_wild: str = ""
    """A tile code whose four tiles are wild in the goulash hand (British 2 Bamboo, L99, A-004-9): they play as
    jokers do in that hand, standing in pungs and kongs. Empty: none."""
    goulash_chows: bool = True
    """Chows may be made in the goulash hand; False: none, except inside a special hand (British L107)."""

    chows_allowed: bool = True
    max_chows: int | None = None
    """At most this many chows in a hand (None = any)."""
    chow_from_any_for_mah_jongg: bool = True
    """A chow may be claimed from any player when it completes Mah Jongg (rule 15b)."""
    chow_only_for_mah_jongg: bool = False
    """A discard may be claimed for a chow only to go Mah Jongg."""
    chow_from_any: bool = False
    """Any player's discard may be claimed for a chow, not only the left neighbour's (Four Winds "from all")."""
    pair_claim_for_mah_jongg: bool = True
    """A discard may be claimed to complete the pair of a Mah Jongg hand (rule 11)."""
    precedence: tuple[ClaimKind, ...] = CLASSIC_PRECEDENCE
    """Claims in order of precedence; ties go to the player nearest the discarder in playing order. A plain
    ``mah_jongg`` ranks every Mah Jongg claim alike (Four Winds); the classic ranks them by what the tile
    completes (special hand, pung, chow, pair)."""

    concealed_kong_any_time: bool = True
    """A concealed kong may be declared on any later turn (rule 17), not only when the 4th tile is drawn."""
    promote_kong_any_time: bool = True
    """An exposed pung may be promoted on any later turn with a drawn tile kept in hand (A8)."""
    initial_kongs_declared: bool = True
    """Kongs in the dealt hand are declared in the replacement phase before play (L1249, A3)."""
    rob_kong: bool = True
    """The tile that promotes an exposed pung may be robbed to go Mah Jongg (rule 17b)."""
    rob_concealed_kong: bool = False
    """With rob_kong, a concealed kong's tile may be robbed too when the kong is declared (British R26)."""
    rob_kong_thirteen_orphans: bool = True
    """A robbed kong's tile may go out standing alone as a special hand's single tile, as Thirteen Orphans'
    missing orphan. Off: the robbed tile must make a set with tiles of the hand, which for a promoted pung's
    fourth tile is always a chow (Four Winds L2018, A27: robbing for Thirteen Orphans is a house option there)."""
    original_hand: bool = True
    standing_hand: bool = True
    """A player may declare a standing hand right after their first discard (rule 9, A21)."""
    claim_last_discard: Literal["any", "mah_jongg", "none"] = "mah_jongg"
    """What the last discard before the kong box may still be claimed for (A16)."""
    sacred_discard: Literal["off", "last", "deal"] = "off"
    """No claim of a tile identical to one's own last discard (``last``) or any of one's discards this hand
    (``deal``)."""
    missed_discard: bool = False
    """No going out on a discard of a tile one could have gone out on since one's last draw or claim."""
    ready_rule: Literal["none", "declare", "riichi"] = "none"
    """``declare``: a player must declare a ready hand (with a discard) before going out, and may bluff.
    ``riichi``: a concealed, really ready hand may be declared; it is then locked, must go out on the first tile
    that completes it (or the declaration is cancelled), and a win after it is marked in the win context for its
    double. The deposit is the ruleset's ``penalties.riichi_deposit``, settled with the hand."""

    faulty_declarations: bool = False
    """Declarations are checked after they are made, as Four Winds does with its faulty-Out or faulty-claim
    penalty on (L1472, L1977): going out with a hand that is not complete ends the hand as a faulty Out, and a
    claim that does not fit is a faulty claim, counted for the penalty and taken as a pass. Off: only legal
    declarations are accepted. The loader turns it on when the ruleset's penalties need it."""

    east_keeps_deal_on_draw: bool = True
    """After a dead hand East stays East (L4229, A4)."""
    east_keeps_deal_on_win: bool = True
    """East keeps the deal after winning (L132)."""
    rounds: int = 4
    """Winds of the round played in a game: East, South, West, North."""
    start_score: int = 1000
    players: int = 4
    """Players at the table: 4, or 3 (British three-handed, L113-L122): the seat :data:`EMPTY_SEAT` is the
    Dummy's, never dealt to, never East, skipped in turn and in settling; the wall is built of the whole set."""

    @property
    def empty_seat(self) -> int | None:
        """The Dummy's chair in a three-handed game; None when four play."""
        return EMPTY_SEAT if self.players == 3 else None

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that play, in seat order."""
        return tuple(seat for seat in range(4) if seat != self.empty_seat)

    @property
    def tile_count(self) -> int:
        return 136 + (8 if self.flowers else 0) + self.jokers

    @property
    def wall_stacks_per_side(self) -> int:
        if self.stacks_per_side:
            return self.stacks_per_side
        return self.tile_count // 8
