"""One hand of Mah Jongg as a state machine.

``Table(rules, judge, seed, east=…, round_wind=…)`` builds the wall, throws the dice, breaks the wall, deals and
makes the replacements for flowers, seasons and kongs (the ceremony events are in ``table.events``).
``begin()`` gives East the first tile. From then on, ``awaiting()`` lists the seats that must decide,
``legal_actions(seat)`` lists what each may do, and ``apply(seat, action)`` returns the events it caused or raises
:class:`IllegalActionError` with the refusal's code and values (``game.core.refusals``; the client words them).

Phases: ``dealt`` (before East's first tile), ``turn`` (``current`` must discard, declare a kong or go Mah
Jongg), ``claims`` (the players who can use the discard decide; the others pass without being asked), ``rob``
(players who can rob a promoted kong, or a concealed one where the rules allow it, decide) and ``over``.

Seats are 0–3 in playing order (the player at seat s + 1 sits at s's right); seat winds follow from ``east``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import ClassVar

from game.core.actions import Action, Claim, DeclareKong, Discard, MahJongg, Pass, PassTiles
from game.core.events import (
    BonusExposed,
    CannonLetOff,
    DiceThrown,
    DiscardClaimed,
    DiscardTakenBack,
    Event,
    FaultyClaim,
    FaultyOut,
    HandDead,
    HandStarted,
    KongDeclared,
    KongRobbed,
    MahJonggDeclared,
    PassingStarted,
    PlayStarted,
    ReadyCancelled,
    ReadyDeclared,
    ReplacementDrawn,
    StandingHandDeclared,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
    TilesPassed,
    WallBroken,
    WallBuilt,
)
from game.core.frozen import quick_init
from game.core.judge import HandSpec, Judge, WaitTest, WinContext, WinShape, WonBy
from game.core.melds import Meld, MeldKind
from game.core.patterns import Env
from game.core.play_rules import PlayRules
from game.core.refusals import ALREADY_STARTED, STILL_PASSING, TAKE_BACK_TOO_LATE, refusal
from game.core.stacking import PreparedDeal, deal_order, stack_wall
from game.core.tiles import ALL_TILES, JOKER, NUM_KINDS, Tile, is_bonus, is_suit, suit_of, tile_from_code
from game.core.view import PlayerView, view_of
from game.core.wall import Wall, side_for_throw, throw_dice
from game.errors import IllegalActionError


@dataclass
class PlayerState:
    """What one seat holds."""

    concealed: list[Tile] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    bonus: list[Tile] = field(default_factory=list)
    discards: list[Tile] = field(default_factory=list)
    standing: bool = False
    """A classic standing hand was declared: the hand is locked."""
    waits: tuple[Tile, ...] = ()
    has_discarded: bool = False
    draws: int = 0
    """Tiles drawn from the wall on this player's turns (replacements not counted)."""
    ready: bool = False
    """A ready hand was declared (standing hand, ready declaration or riichi)."""
    riichi: bool = False
    """Riichi was declared and stands: the hand is locked."""
    riichi_declared: bool = False
    """Riichi was declared this hand (its stake is due even if it was cancelled)."""
    own_discards: list[Tile] = field(default_factory=list)
    """Every tile this player discarded this hand, claimed or not (for the sacred discard)."""
    missed: set[Tile] = field(default_factory=set)
    """Winning tiles let pass since the player's last draw or claim (for the missed discard)."""
    faulty_claims: int = 0
    """Claims this player made that did not fit (only with ``faulty_declarations``)."""
    one_suit_feeder: int | None = None
    """The last player whose discard of a suit this player claimed while already showing three pungs or kongs
    of that suit (Four Winds' nine tiles error, L1831-L1833)."""

    @property
    def locked(self) -> bool:
        return self.standing or self.riichi


@quick_init
@dataclass(frozen=True)
class HandResult:
    """How the hand ended. ``winner`` is None for a dead hand."""

    winner: int | None
    won_by: WonBy | None = None
    winning_tile: Tile | None = None
    from_seat: int | None = None
    shape: WinShape | None = None
    context: WinContext | None = None
    faulty_out: int | None = None
    """The seat whose faulty declaration of going out ended the hand (``winner`` is then None)."""
    late_unseen_discard: bool = False
    """The winning discard came when the wall had five tiles or fewer and no tile like it had been seen
    (Four Winds' five last tiles error, L1825-L1829; A30)."""
    one_suit_feeder: int | None = None
    """The nine tiles error (L1831-L1833): the seat whose discard let the winner complete a one-suit hand of
    melded sets (None when the hand is not pure one suit or nobody fed it)."""
    cannon_by: int | None = None
    """The seat that let off a cannon (British L77-L89): the winner showed one of the ruleset's cannon patterns
    and went out on this seat's discard of the dangerous tile. It pays for all the losers unless ``no_choice``."""
    cannon: str = ""
    """The name of the cannon pattern the winner showed (for the score box)."""
    no_choice: bool = False
    """The cannon's discarder was waiting to go out and every discard keeping the hand ready was a dangerous
    one: "No choice!" (L89), and no penalty."""

    @property
    def liable(self) -> int | None:
        """The seat paying the winner for all the losers by a rule of play, if any (the cannon's discarder)."""
        return None if self.no_choice else self.cannon_by


class Table:
    """One hand, from building the wall to Mah Jongg or a dead hand."""

    def __init__(self, rules: PlayRules, judge: Judge, seed: int, *, east: int = 0, round_wind: int = 0,
                 hand_number: int = 1, goulash: bool = False, prepared: PreparedDeal | None = None) -> None:
        self.rules = rules
        self.prepared = prepared
        """A prepared deal (a lesson's): the hands and first draws the shuffled wall is rearranged to give."""
        self.judge = judge
        self.seed = seed
        self.east = east
        self.round_wind = round_wind
        self.hand_number = hand_number
        self.goulash = goulash
        self.passes = rules.goulash if goulash else rules.charleston
        if goulash:
            self.judge = goulash_judge(judge, rules)
        penalties = getattr(getattr(judge, "ruleset", None), "penalties", None)
        self._cannon_rules = tuple(getattr(penalties, "cannon", ()))
        chows = getattr(penalties, "nine_tiles_chows", False)
        self._feeder_sets = (MeldKind.PUNG, MeldKind.KONG) + ((MeldKind.CHOW,) if chows else ())
        self._before_discard: HandSpec | None = None
        """The discarder's hand just before the last discard, for "No choice!"."""
        self._pass_step = 0
        self._passes_chosen: dict[int, PassTiles] = {}
        self.rng = random.Random(seed)
        self.players = [PlayerState() for _ in range(4)]
        self.empty_seat = rules.empty_seat
        """The Dummy's chair of a three-handed game (never dealt to, never East), or None."""
        self._order = [seat for seat in range(4) if seat != self.empty_seat]
        if east == self.empty_seat:
            raise ValueError(f"seat {east} is empty in a three-handed game and cannot be East")
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.phase = "dealt"
        self.begun = False
        """East has taken the first tile (play has started)."""
        self.current = east
        self.result: HandResult | None = None
        self.discard_count = 0
        self.claims_made = 0
        self.last_discard: tuple[int, Tile] | None = None
        self._drawn: Tile | None = None
        self._drawn_from: WonBy | None = None
        self._pending: dict[int, list[Action]] = {}
        self._decisions: dict[int, Action] = {}
        self._promotion: tuple[int, Tile] | None = None
        self._late_unseen = False
        self._turn_cache: tuple[tuple[int, int], list[Action]] = ((-1, -1), [])
        self._waits_cache: dict[int, tuple[tuple, WaitTest, dict[Tile, bool]]] = {}
        self._pass_cache: dict[tuple[int, tuple[Tile, ...]], list[Action]] = {}
        """The passes offered for a step's count and the tiles that may go (each asked twice a pass: by the player
        and by :meth:`apply`; a Charleston offers a few hundred)."""
        self._opponent_views: dict = {}
        """Each seat's last public view, reused by :func:`game.core.view.view_of` while it is unchanged."""
        self.discard_order: list[tuple[int, Tile]] = []
        """Every discard of the hand, in order (claimed ones too): what the players saw happen."""
        self._emit(HandStarted(hand_number, east, round_wind,
                               (self.seat_wind(0), self.seat_wind(1), self.seat_wind(2), self.seat_wind(3))))
        self._ceremony()

    # -- seats ------------------------------------------------------------------------------------------------

    def seat_wind(self, seat: int) -> int:
        return (seat - self.east) % 4

    def seat_of_wind(self, wind: int) -> int:
        return (self.east + wind) % 4

    def breaker_of(self, side: int) -> int:
        """Who breaches the wall of the wind ``side``: its owner, or for the empty seat of a three-handed game
        the player on its left (L116)."""
        seat = self.seat_of_wind(side)
        return (seat - 1) % 4 if seat == self.empty_seat else seat

    def playing_order(self, start: int) -> list[int]:
        """The seats that play, ``start`` first and the others in turn (the empty seat left out)."""
        if self.empty_seat is None:
            return [(start + k) % 4 for k in range(4)]
        at = self._order.index(start)
        return self._order[at:] + self._order[:at]

    def next_seat(self, seat: int) -> int:
        """Who plays after ``seat``: with three, the player on the Dummy's right follows the one on its left."""
        following = (seat + 1) % 4
        return (following + 1) % 4 if following == self.empty_seat else following

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see."""
        return view_of(self, seat)

    @property
    def drawn_tile(self) -> Tile | None:
        """The tile the current player just drew (None after a claim)."""
        return self._drawn

    def hand_spec(self, seat: int, extra: Tile | None = None) -> HandSpec:
        p = self.players[seat]
        concealed = tuple(p.concealed) + ((extra,) if extra is not None else ())
        return HandSpec(concealed, tuple(p.melds), tuple(p.bonus), self.seat_wind(seat), self.round_wind)

    @property
    def wild_tile(self) -> Tile | None:
        """The tile kind that plays as a joker in this hand (a British goulash's 2 Bamboo), or None."""
        return tile_from_code(self.rules.goulash_wild) if self.goulash and self.rules.goulash_wild else None

    # -- the ceremony -----------------------------------------------------------------------------------------

    def _ceremony(self) -> None:
        r = self.rules
        self.wall = Wall.build(self.rng, flowers=r.flowers, jokers=r.jokers, stacks_per_side=r.stacks_per_side,
                               kong_box_stacks=0 if r.replacements_from_wall_end else r.kong_box_stacks,
                               kong_box_moves=r.kong_box_moves)
        wild = self.wild_tile
        if wild is not None:
            # The wild tiles play as jokers for this hand only (L99): the same shuffle, the wild kind turned.
            for position, tile in self.wall.tiles.items():
                if tile == wild:
                    self.wall.tiles[position] = JOKER
        self._emit(WallBuilt(self.wall.stacks_per_side, len(self.wall.tiles)))
        first = throw_dice(self.rng, r.dice_for_wall)
        self._emit(DiceThrown(self.east, first, "wall"))
        side = side_for_throw(sum(first))
        breaker = self.breaker_of(side)
        second = throw_dice(self.rng, 2)
        self._emit(DiceThrown(breaker, second, "breach"))
        breach = self.wall.break_wall(first, second)
        self._emit(WallBroken(breach.side, breach.position, breach.stack, tuple(self.wall.loose),
                              tuple(self.wall.kong_box)))
        if self.prepared is not None:
            deal = self.prepared
            stack_wall(self.wall, deal_order(deal.hands, self.east, deal.draws, r.east_dealt_fourteen), deal.loose)
        order = self.playing_order(self.east)
        chunks = [4, 4, 4, 1]
        for size in chunks:
            for seat in order:
                self._deal(seat, size)
        if r.east_dealt_fourteen:
            self._deal(self.east, 1)
        self._initial_replacements(order)
        if self.phase == "over":  # the kong box ran dry during the replacements: a dead hand before play
            return
        if self.passes:
            self.phase = "passing"
            self._start_pass_step()
        else:
            self._emit(PlayStarted(self.wall.live_count))

    # -- the Charleston and the goulash -----------------------------------------------------------------------

    _PARTNERS: ClassVar[dict[str, tuple[int, int, int, int]]] = {"east_south": (1, 0, 3, 2),
                                                                  "east_north": (3, 2, 1, 0)}
    _OFFSETS: ClassVar[dict[str, int]] = {"right": 1, "across": 2, "left": 3}

    def _start_pass_step(self) -> None:
        direction, count = self.passes[self._pass_step]
        self._passes_chosen = {}
        self._emit(PassingStarted(self._pass_step, direction, count))

    @property
    def pass_step(self) -> tuple[str, int] | None:
        """The current tile-passing step as ``(direction, tiles)``, or None outside the passes."""
        return self.passes[self._pass_step] if self.phase == "passing" else None

    def pass_target(self, seat: int, direction: str) -> int | None:
        """The seat that receives ``seat``'s tiles in a pass step; None when it is the empty seat of a
        three-handed game, whose partner sits that step out (an exchange needs two players)."""
        if direction in self._OFFSETS:
            if self.empty_seat is not None and direction != "across":
                order = self._order
                step = 1 if direction == "right" else -1
                return order[(order.index(seat) + step) % len(order)]
            target = (seat + self._OFFSETS[direction]) % 4
        else:
            target = self.seat_of_wind(self._PARTNERS[direction][self.seat_wind(seat)])
        return None if target == self.empty_seat else target

    def _passing(self) -> list[int]:
        """The seats that pass tiles in this step, in playing order."""
        direction, _count = self.passes[self._pass_step]
        return [s for s in self.playing_order(self.east) if self.pass_target(s, direction) is not None]

    def _pass_options(self, seat: int) -> list[Action]:
        direction, count = self.passes[self._pass_step]
        if self.pass_target(seat, direction) is None:
            return []
        passable = tuple(sorted(t for t in self.players[seat].concealed if t < NUM_KINDS))  # never a joker
        key = (count, passable)
        found = self._pass_cache.get(key)
        if found is None:
            if len(self._pass_cache) >= 16:
                self._pass_cache.clear()
            found = self._pass_cache[key] = [PassTiles(c) for c in sorted(set(combinations(passable, count)))]
        return list(found)

    def _exchange(self) -> None:
        direction, _count = self.passes[self._pass_step]
        moves = []
        for seat, choice in sorted(self._passes_chosen.items()):
            target = self.pass_target(seat, direction)
            assert target is not None, "a seat without a partner passes nothing"
            for tile in choice.tiles:
                self.players[seat].concealed.remove(tile)
            moves.append((seat, target, choice.tiles))
        for _seat, target, tiles in moves:
            self.players[target].concealed += list(tiles)
        self._emit(TilesPassed(self._pass_step, tuple(moves)))
        self._pass_step += 1
        if self._pass_step < len(self.passes):
            self._start_pass_step()
        else:
            self.phase = "dealt"
            self._emit(PlayStarted(self.wall.live_count))

    def _deal(self, seat: int, count: int) -> None:
        drawn = [self.wall.draw() for _ in range(count)]
        self.players[seat].concealed += [t for t, _ in drawn]
        self._emit(TilesDealt(seat, tuple(t for t, _ in drawn), tuple(pos for _, pos in drawn)))

    def _initial_replacements(self, order: list[int]) -> None:
        """Flowers, seasons and kongs of the deal are laid out and replaced, East first, pass after pass (L1256)."""
        while True:
            replaced = False
            for seat in order:
                p = self.players[seat]
                # Tiles that arrive as replacements wait for the next pass, after every player had theirs.
                bonus = [t for t in p.concealed if is_bonus(t)]
                kongs = [t for t, n in Counter(p.concealed).items() if n == 4 and t < NUM_KINDS]
                for tile in bonus:
                    p.concealed.remove(tile)
                    p.bonus.append(tile)
                    self._emit(BonusExposed(seat, tile))
                for tile in kongs if self.rules.initial_kongs_declared else ():
                    self._make_concealed_kong(seat, tile)
                for _ in range(len(bonus) + (len(kongs) if self.rules.initial_kongs_declared else 0)):
                    if self._replace(seat) is None:
                        return  # no loose tile left: the hand is dead
                    replaced = True
            if not replaced or self.phase == "over":
                return

    # -- drawing ----------------------------------------------------------------------------------------------

    def _replace(self, seat: int) -> Tile | None:
        """Give ``seat`` a loose tile; the hand is dead when none is left."""
        try:
            tile, position, moves = self.wall.draw_loose()
        except IndexError:
            self._dead("no loose tile left for a replacement")
            return None
        self.players[seat].concealed.append(tile)
        self._emit(ReplacementDrawn(seat, tile, position, tuple(moves)))
        return tile

    def _draw(self, seat: int, loose: bool) -> None:
        """Draw for ``seat`` (from the wall or a loose tile), lay out flowers and seasons, and start its turn."""
        if loose:
            tile = self._replace(seat)
            source: WonBy = "loose_tile"
        elif self.wall.live_count == 0:
            self._dead("All the tiles have been played and nobody has gone Mah Jongg...")
            return
        else:
            tile, position = self.wall.draw()
            self.players[seat].concealed.append(tile)
            self.players[seat].draws += 1
            self._emit(TileDrawn(seat, tile, position, self.wall.live_count))
            source = "wall"
        while tile is not None and is_bonus(tile):
            p = self.players[seat]
            p.concealed.remove(tile)
            p.bonus.append(tile)
            self._emit(BonusExposed(seat, tile))
            tile = self._replace(seat)
            source = "loose_tile"
        if tile is None:
            return
        self.players[seat].missed.clear()
        self.current = seat
        self._drawn, self._drawn_from = tile, source
        self.phase = "turn"

    def begin(self) -> list[Event]:
        """Start play: East takes the first tile from the wall (L1270)."""
        if self.phase == "passing":
            raise IllegalActionError(STILL_PASSING)
        if self.phase != "dealt":
            raise IllegalActionError(ALREADY_STARTED)
        mark = len(self.events)
        self.begun = True
        if self.rules.east_dealt_fourteen:
            self.current, self._drawn, self._drawn_from, self.phase = self.east, None, "wall", "turn"
        else:
            self._draw(self.east, loose=False)
        return self.events[mark:]

    # -- what may be done -------------------------------------------------------------------------------------

    def awaiting(self) -> list[int]:
        """The seats that must decide now."""
        if self.phase == "passing":
            return [s for s in self._passing() if s not in self._passes_chosen]
        if self.phase == "turn":
            return [self.current]
        if self.phase in ("claims", "rob"):
            return [s for s in sorted(self._pending) if s not in self._decisions]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (empty when it has nothing to decide)."""
        if self.phase == "turn" and seat == self.current:
            key = (len(self.events), len(self.actions))
            if self._turn_cache[0] != key:
                self._turn_cache = (key, self._turn_actions(seat))
            return list(self._turn_cache[1])
        if self.phase in ("claims", "rob") and seat in self._pending and seat not in self._decisions:
            return list(self._pending[seat])
        if self.phase == "passing" and seat not in self._passes_chosen:
            return self._pass_options(seat)
        return []

    def _self_drawn_context(self, seat: int) -> WinContext:
        won_by = self._drawn_from or "wall"
        original = (self.rules.original_hand and seat == self.east and self.discard_count == 0
                    and self.claims_made == 0)
        first_draw = (won_by == "wall" and self.players[seat].draws == 1 and self.claims_made == 0
                      and not any(p.melds for p in self.players))
        return WinContext(True, self._drawn, won_by, won_by == "wall" and self.wall.live_count == 0,
                          original, self.players[seat].standing, False, self.players[seat].riichi, first_draw,
                          sets_declared=self._sets_declared())

    def _sets_declared(self) -> bool:
        """Whether any player has declared a set, a concealed kong included (voids the Four Winds Earthly Hand)."""
        return any(p.melds for p in self.players)

    def may_go_out(self, seat: int) -> bool:
        """Under "require declaration" only a declared hand may go out (riichi itself is optional, L2327)."""
        return self.rules.ready_rule != "declare" or self.players[seat].ready

    def _turn_actions(self, seat: int) -> list[Action]:
        p = self.players[seat]
        r = self.rules
        actions: list[Action] = []
        if (self._drawn_from is not None and self.may_go_out(seat) and self._may_win_drawn(seat)
                and self.judge.mah_jongg(self.hand_spec(seat), self._self_drawn_context(seat))):
            actions.append(MahJongg())
        if p.locked:
            if self._drawn is not None:
                actions.append(Discard(self._drawn))
            return actions
        if self.wall.replacements_left or self.wall.live_count:
            actions += [DeclareKong(t) for t in self._kong_tiles(p)]
        distinct = sorted(set(p.concealed))
        plain = _PLAIN_DISCARDS
        actions += [plain[t] for t in distinct]
        if r.ready_rule == "declare" and not p.ready:
            actions += [Discard(t, standing=True) for t in distinct]  # a declaration may be a bluff (L2331)
        elif r.ready_rule == "riichi" and not p.ready and not any(m.exposed for m in p.melds):
            ready = self.judge.ready_discards(self.hand_spec(seat))
            actions += [Discard(t, standing=True) for t in distinct if t in ready]
        elif r.ready_rule == "none" and r.standing_hand and not p.has_discarded:
            ready = self.judge.ready_discards(self.hand_spec(seat))
            actions += [Discard(t, standing=True) for t in distinct if len(ready.get(t, ())) == 1]
        return actions

    def _kong_tiles(self, p: PlayerState) -> list[Tile]:
        held = p.concealed
        jokers = held.count(JOKER)
        # Jokers fill a concealed kong too, beside at least one natural tile (A-002-2).
        if self.rules.concealed_kong_any_time:
            distinct = set(held)
            # Four of a kind leave at most len(held) - 3 kinds: most hands without jokers are ruled out here.
            concealed = ([t for t in distinct if t < NUM_KINDS and held.count(t) + jokers >= 4]
                         if jokers or len(distinct) + 3 <= len(held) else [])
        else:
            drawn = self._drawn
            concealed = [drawn] if drawn is not None and drawn < NUM_KINDS and held.count(drawn) + jokers >= 4 else []
        promotable = [m.tile for m in p.melds
                      if m.kind is MeldKind.PUNG and m.exposed and m.tile < NUM_KINDS and m.tile in held]
        if not self.rules.promote_kong_any_time:
            promotable = [t for t in promotable if t == self._drawn]
        return sorted(set(concealed + promotable))

    def waits(self, seat: int) -> list[Tile]:
        """The tiles that would complete ``seat``'s hand (13-tile state)."""
        return self.judge.waits(self.hand_spec(seat))

    def _claim_options(self, seat: int, tile: Tile, discarder: int, last: bool) -> list[Action]:
        """What ``seat`` may claim the discard ``tile`` for; ``last``: it is the wall's last discard."""
        r = self.rules
        p = self.players[seat]
        options: list[Action] = []
        if r.sacred_discard == "last" and p.own_discards and p.own_discards[-1] == tile:
            return []
        if r.sacred_discard == "deal" and tile in p.own_discards:
            return []
        shape = self._discard_shape(seat, tile, discarder)
        if shape is not None and self.may_go_out(seat) and not (r.missed_discard and tile in p.missed):
            options.append(Claim("mah_jongg"))
        if p.locked or (last and r.claim_last_discard == "mah_jongg"):
            return options
        count = p.concealed.count(tile)
        jokers = p.concealed.count(JOKER)
        if count + jokers >= 2:  # most hands hold too few to set a discard up at all
            if count + jokers >= 3 and (self.wall.replacements_left or self.wall.live_count):
                options += [Claim("kong", tiles) for tiles in _with_jokers(tile, 3, count, jokers)]
            options += [Claim("pung", tiles) for tiles in _with_jokers(tile, 2, count, jokers)]
        if self._may_chow(seat, discarder):
            for pair in self._chow_pairs(p.concealed, tile):
                options.append(Claim("chow", pair))
        return options

    def _may_chow(self, seat: int, discarder: int) -> bool:
        r = self.rules
        if self.next_seat(discarder) != seat and not r.chow_from_any:  # first: it refuses two seats of three
            return False
        if not r.chows_allowed or r.chow_only_for_mah_jongg or (self.goulash and not r.goulash_chows):
            return False
        if r.max_chows is None:
            return True
        return sum(1 for m in self.players[seat].melds if m.kind is MeldKind.CHOW) < r.max_chows

    @staticmethod
    def _chow_pairs(concealed: list[Tile], tile: Tile) -> list[tuple[Tile, Tile]]:
        if not is_suit(tile):
            return []
        suit = suit_of(tile)
        return [(a, b) for a, b in ((tile - 2, tile - 1), (tile - 1, tile + 1), (tile + 1, tile + 2))
                if a >= 0 and b < 27 and suit_of(a) == suit == suit_of(b) and a in concealed and b in concealed]

    def _discard_context(self, discarder: int) -> WinContext:
        first = self.discard_count == 1 and discarder == self.east and self.claims_made == 0
        return WinContext(True, self.last_discard[1] if self.last_discard else None, "discard",
                          self.wall.live_count == 0, False, False, first, sets_declared=self._sets_declared())

    def _could_win_with(self, seat: int, tile: Tile) -> bool:
        """A fast necessary test: is ``tile`` among the seat's waits?"""
        return self._completes(seat, tuple(self.players[seat].concealed), tile)

    def _completes(self, seat: int, concealed: tuple[Tile, ...], tile: Tile, trial: bool = True) -> bool:
        """Whether ``tile`` is among the waits of ``seat``'s sets with ``concealed`` (``trial``: as
        :class:`WaitTest` has it). A hand meets three discards and a draw before it changes, so each kind is asked
        alone (not all 34), through a wait test kept with its answers while the hand is unchanged."""
        p = self.players[seat]
        # A hand only changes on its own turn, so its tiles in their own order are key enough (a reordering would
        # only cost a recount); melds compare by identity first, which is the usual case.
        key = (concealed, tuple(p.melds))
        cached = self._waits_cache.get(seat)
        if cached is None or cached[0] != key:
            spec = HandSpec(concealed, key[1], tuple(p.bonus), self.seat_wind(seat), self.round_wind)
            cached = self._waits_cache[seat] = (key, self.judge.wait_test(spec), {})
        if not trial:
            return cached[1](tile, False)
        known = cached[2]
        found = known.get(tile)
        if found is None:
            found = known[tile] = cached[1](tile)
        return found

    def _may_win_drawn(self, seat: int) -> bool:
        """A fast necessary test for going out on the tile just drawn: it is among the waits of the hand without
        it (often known already, from a discard of the same kind the hand could have claimed meanwhile), or for a
        hand with jokers passes the quick tests of its wait test. A drawn joker, or East's dealt fourteen (no tile
        drawn), gets the full test."""
        p = self.players[seat]
        drawn = self._drawn
        if drawn is None or drawn >= NUM_KINDS or not p.concealed or p.concealed[-1] != drawn:
            return True
        if JOKER in p.concealed:  # its waits are tried as a discard: only the quick tests hold for any draw
            return self._completes(seat, tuple(p.concealed[:-1]), drawn, trial=False)
        return self._completes(seat, tuple(p.concealed[:-1]), drawn)

    def _discard_shape(self, seat: int, tile: Tile, discarder: int) -> WinShape | None:
        if not self._could_win_with(seat, tile):
            return None
        shape = self.judge.mah_jongg(self.hand_spec(seat, tile), self._discard_context(discarder))
        if shape is None:
            return None
        refused = self._refused_sets(seat, discarder)
        # Where the best set may not be claimed the tile may still go out as another (a pair from across, L146).
        return shape.claimable(refused) if refused else shape

    def _refused_sets(self, seat: int, discarder: int) -> frozenset[str]:
        """The sets ``seat`` may not claim ``discarder``'s tile for, even to go out."""
        r = self.rules
        refused: frozenset[str] = frozenset()
        if self.next_seat(discarder) != seat and not (r.chow_from_any or r.chow_from_any_for_mah_jongg):
            refused = _NO_CHOW
        if not r.pair_claim_for_mah_jongg:
            refused |= _NO_PAIR
        return refused

    # -- taking a discard back --------------------------------------------------------------------------------

    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat`` may take back its discard: it was the last action and nobody has acted since
        (no claim made, the next player has not discarded). The claim window's time limit is the client's."""
        if self.phase == "over" or not self.actions:
            return False
        last_seat, last = self.actions[-1]
        return last_seat == seat and isinstance(last, Discard) and not self._decisions

    def take_back(self, seat: int) -> list[Event]:
        """Undo ``seat``'s last discard: the hand is rebuilt from its seed and every earlier action, so a replay
        of the action list gives exactly this state."""
        if not self.can_take_back(seat):
            raise IllegalActionError(TAKE_BACK_TOO_LATE, seat=seat)
        _, discard = self.actions[-1]
        rebuilt = Table(self.rules, self.judge, self.seed, east=self.east, round_wind=self.round_wind,
                        hand_number=self.hand_number, goulash=self.goulash, prepared=self.prepared)
        rebuilt.replay(self.actions[:-1], begun=True)
        self.__dict__.update(rebuilt.__dict__)
        assert isinstance(discard, Discard), "can_take_back allows only a discard"
        event = DiscardTakenBack(seat, discard.tile)
        return [event]

    def replay(self, actions: list[tuple[int, Action]], begun: bool) -> None:
        """Apply recorded ``(seat, action)`` pairs; play is begun (East's first tile) when the actions need it,
        or at the end when ``begun``. Raises :class:`IllegalActionError` if an action does not fit."""
        for seat, action in actions:
            if self.phase == "dealt":
                self.begin()
            self.apply(seat, action)
        if begun and self.phase == "dealt":
            self.begin()

    # -- doing it ---------------------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out ``seat``'s action; raise :class:`IllegalActionError` with the reason if it is not legal."""
        legal = self.legal_actions(seat)
        # A computer player hands back one of the listed actions itself: found by identity, the list is not
        # compared field by field (dataclass equality, a Python call per action, a dozen a turn).
        allowed = any(a is action for a in legal) or action in legal
        faulty = not allowed and self._faulty_declaration(seat, action)
        if not allowed and not faulty:
            why = refusal(self, seat, action, legal)
            raise IllegalActionError(why.code, why.data, seat, action, detail=str(why))
        mark = len(self.events)
        self.actions.append((seat, action))
        if faulty:
            self._apply_faulty(seat, action)
        elif self.phase == "turn":
            self._apply_turn(seat, action, legal)
        elif self.phase == "passing":
            assert isinstance(action, PassTiles), "every legal action while passing is a pass"
            self._passes_chosen[seat] = action
            if len(self._passes_chosen) == len(self._passing()):
                self._exchange()
        else:
            self._decisions[seat] = action
            if not self.awaiting():
                if self.phase == "claims":
                    self._resolve_claims()
                else:
                    self._resolve_rob()
        return self.events[mark:]

    def _faulty_declaration(self, seat: int, action: Action) -> bool:
        """Whether an action that is not legal is still accepted as a faulty declaration: going out with a hand
        that is not complete, or a claim that does not fit, by a seat that has to decide now."""
        if not self.rules.faulty_declarations or seat not in self.awaiting():
            return False
        if self.phase in ("turn", "rob"):
            return isinstance(action, MahJongg)
        return self.phase == "claims" and isinstance(action, Claim)

    def _apply_faulty(self, seat: int, action: Action) -> None:
        """A faulty Out always ends the hand (L230, L876); a faulty claim costs its penalty and counts as a pass
        (L407), so the other claims are settled as usual."""
        if isinstance(action, MahJongg) or (isinstance(action, Claim) and action.type == "mah_jongg"):
            tile = None
            if self.phase == "claims" and self.last_discard is not None:
                tile = self.last_discard[1]
            elif self.phase == "rob" and self._promotion is not None:
                tile = self._promotion[1]
            self._pending, self._decisions, self._promotion = {}, {}, None
            self.phase = "over"
            self.result = HandResult(None, faulty_out=seat)
            self._emit(FaultyOut(seat, tile))
            return
        assert isinstance(action, Claim) and self.last_discard is not None
        self.players[seat].faulty_claims += 1
        self._emit(FaultyClaim(seat, action.type, self.last_discard[1]))
        self._decisions[seat] = Pass()
        if not self.awaiting():
            self._resolve_claims()

    def _visible(self, tile: Tile) -> bool:
        """Whether a tile like ``tile`` can be seen on the table: in a discard row or in a shown set (A30)."""
        return any(tile in p.discards or any(tile in m.tiles for m in p.melds) for p in self.players)

    def _apply_turn(self, seat: int, action: Action, legal: list[Action]) -> None:
        p = self.players[seat]
        if isinstance(action, MahJongg):
            self._win(seat, self._drawn, self._self_drawn_context(seat), None)
        elif isinstance(action, DeclareKong):
            self._declare_kong(seat, action.tile)
        elif isinstance(action, Discard):
            self._late_unseen = self.wall.live_count <= 5 and not self._visible(action.tile)
            self._before_discard = self.hand_spec(seat) if self._cannon_rules else None
            p.concealed.remove(action.tile)
            p.discards.append(action.tile)
            p.own_discards.append(action.tile)
            self.discard_order.append((seat, action.tile))
            if p.riichi and MahJongg() in legal:
                self._cancel_riichi(seat, self._drawn)
            p.has_discarded = True
            self.discard_count += 1
            self.last_discard = (seat, action.tile)
            self._drawn = self._drawn_from = None
            self._emit(TileDiscarded(seat, action.tile))
            if action.standing:
                self._declare_ready(seat)
            self._open_claims(seat, action.tile)

    def _declare_ready(self, seat: int) -> None:
        p = self.players[seat]
        p.ready = True
        if self.rules.ready_rule == "none":
            p.standing = True
            p.waits = tuple(self.waits(seat))
            self._emit(StandingHandDeclared(seat, p.waits))
            return
        p.riichi = p.riichi_declared = self.rules.ready_rule == "riichi"
        self._emit(ReadyDeclared(seat, p.riichi))

    def _cancel_riichi(self, seat: int, tile: Tile | None) -> None:
        """Riichi must go out on the first tile that completes the hand; letting one pass cancels it."""
        p = self.players[seat]
        p.riichi = False
        p.ready = False
        self._emit(ReadyCancelled(seat, -1 if tile is None else tile))

    def _open_claims(self, discarder: int, tile: Tile) -> None:
        self._decisions = {}
        self._pending = {}
        last = self.wall.live_count == 0
        # Nobody may claim the wall's last discard where the ruleset says so, nor a discarded joker: it is dead
        # (A-002-2: claiming one is not in the source).
        if not ((last and self.rules.claim_last_discard == "none") or tile == JOKER):
            for seat in self.playing_order(discarder)[1:]:
                options = self._claim_options(seat, tile, discarder, last)
                if options:
                    self._pending[seat] = [*options, Pass()]
        if self._pending:
            self.phase = "claims"
        else:
            self._next_turn(discarder)

    def _next_turn(self, discarder: int) -> None:
        self._pending, self._decisions = {}, {}
        self._draw(self.next_seat(discarder), loose=False)

    def _claim_rank(self, seat: int, action: Claim, discarder: int, tile: Tile) -> tuple[int, int]:
        kind: str = action.type
        order = self.rules.precedence
        if kind == "mah_jongg" and kind not in order:  # the classic ranks Mah Jongg claims by what they complete
            shape = self._discard_shape(seat, tile, discarder)
            kind = f"mah_jongg_{shape.completes}" if shape else "mah_jongg_pung"
        rank = order.index(kind) if kind in order else len(order)
        return rank, (seat - discarder) % 4

    def _resolve_claims(self) -> None:
        assert self.last_discard is not None, "claims are resolved on a discard"
        discarder, tile = self.last_discard
        claims = [(s, a) for s, a in self._decisions.items() if isinstance(a, Claim)]
        for seat, options in self._pending.items():
            decision = self._decisions.get(seat)
            if Claim("mah_jongg") in options and decision != Claim("mah_jongg"):
                self.players[seat].missed.add(tile)
                if self.players[seat].riichi:
                    self._cancel_riichi(seat, tile)
        if not claims:
            if self.wall.live_count == 0:
                self._dead("All the tiles have been played and nobody has gone Mah Jongg...")
            else:
                self._next_turn(discarder)
            return
        seat, claim = min(claims, key=lambda sc: self._claim_rank(sc[0], sc[1], discarder, tile))
        self._pending, self._decisions = {}, {}
        self.players[discarder].discards.pop()
        # Read before this claim counts: going out on East's first discard, or a set made from it (the Sweep).
        context = self._discard_context(discarder)
        self.claims_made += 1
        self._note_one_suit_feeder(seat, tile, discarder)
        if claim.type == "mah_jongg":
            cannon = self._cannon_shown(seat, tile)
            self.players[seat].concealed.append(tile)
            self._win(seat, tile, context, discarder, cannon)
            return
        p = self.players[seat]
        p.missed.clear()
        for t in claim.tiles:
            p.concealed.remove(t)
        tiles = tuple(sorted((*claim.tiles, tile)))
        kind = MeldKind(claim.type)
        p.melds.append(Meld(kind, tiles, True, claimed_tile=tile, first_discard=context.first_discard))
        self._emit(DiscardClaimed(seat, discarder, tile, claim.type, tiles))
        self.current = seat
        if claim.type == "kong":
            self._draw(seat, loose=True)
        else:
            self._drawn, self._drawn_from, self.phase = None, None, "turn"

    # -- letting off a cannon (British L77-L89) ----------------------------------------------------------------

    def _cannon_shown(self, seat: int, tile: Tile) -> str | None:
        """The name of the first cannon pattern ``seat``'s declared sets show and ``tile`` fires, or None."""
        melds = self.players[seat].melds
        if not melds:
            return None
        env = Env(self.seat_wind(seat), self.round_wind)
        return next((rule.name for rule in self._cannon_rules if rule.fires(melds, tile, env)), None)

    def _dangerous(self, discarder: int, tile: Tile) -> bool:
        return any(self._cannon_shown(other, tile) for other in range(4) if other != discarder)

    def _had_no_choice(self, seat: int, tile: Tile) -> bool:
        """"No choice!" (L89): ``seat`` discards a dangerous tile while waiting to go out, and every discard that
        keeps its hand ready is dangerous. The seed asks for a waiting hand: A-004-16's other case (every tile
        held dangerous, ready or not) is not taken, since the source excuses only a player "waiting to go
        mah-jong"."""
        if self._before_discard is None:
            return False
        ready = self.judge.ready_discards(self._before_discard)
        return tile in ready and all(self._dangerous(seat, t) for t in ready)

    def _note_one_suit_feeder(self, seat: int, tile: Tile, discarder: int) -> None:
        """Remember who fed ``seat`` a suit tile while it showed three melded pungs or kongs of that suit (chows
        too where the ruleset says so, Nine Dragons L244): a later feeder replaces an earlier one (L1833)."""
        if not is_suit(tile):
            return
        p = self.players[seat]
        melded = sum(1 for m in p.melds if m.exposed and m.kind in self._feeder_sets
                     and is_suit(m.tile) and suit_of(m.tile) == suit_of(tile))
        if melded >= 3:
            p.one_suit_feeder = discarder

    def _make_concealed_kong(self, seat: int, tile: Tile) -> None:
        p = self.players[seat]
        natural = min(4, p.concealed.count(tile))
        for _ in range(natural):
            p.concealed.remove(tile)
        for _ in range(4 - natural):
            p.concealed.remove(JOKER)
        p.melds.append(Meld(MeldKind.KONG, (tile,) * natural + (JOKER,) * (4 - natural), exposed=False))
        self._emit(KongDeclared(seat, tile, concealed=True, promoted=False))

    def _declare_kong(self, seat: int, tile: Tile) -> None:
        promoting = self._exposed_pung(seat, tile) is not None
        self._promotion = (seat, tile)
        self._pending, self._decisions = {}, {}
        if self.rules.rob_kong and (promoting or self.rules.rob_concealed_kong):
            for other in self.playing_order(seat)[1:]:
                context = WinContext(True, tile, "robbed_kong", sets_declared=True)
                # Robbing is going out: under "require declaration" only a declared hand may (L502-L510).
                if (self.may_go_out(other) and self._could_win_with(other, tile)
                        and self.judge.mah_jongg(self.hand_spec(other, tile), context)):
                    self._pending[other] = [MahJongg(), Pass()]
        if self._pending:
            self.phase = "rob"
        else:
            self._complete_kong(seat, tile)

    def _complete_kong(self, seat: int, tile: Tile) -> None:
        """The kong nobody robbed: a promoted pung or a new concealed kong, then the loose tile."""
        self._promotion = None
        if self._exposed_pung(seat, tile) is not None:
            self._promote(seat, tile)
        else:
            self._make_concealed_kong(seat, tile)
            self._draw(seat, loose=True)

    def _exposed_pung(self, seat: int, tile: Tile) -> int | None:
        """The index of ``seat``'s exposed pung of ``tile`` (the one a fourth tile promotes), or None."""
        return next((i for i, m in enumerate(self.players[seat].melds)
                     if m.kind is MeldKind.PUNG and m.exposed and m.tile == tile), None)

    def _promote(self, seat: int, tile: Tile) -> None:
        p = self.players[seat]
        index = self._exposed_pung(seat, tile)
        assert index is not None  # promoted only where the kong found the pung
        old = p.melds[index]
        p.concealed.remove(tile)
        # A joker standing in the pung stays in the kong: rebuilding it from four naturals would conjure a tile.
        p.melds[index] = Meld(MeldKind.KONG, tuple(sorted((*old.tiles, tile))), True, claimed_tile=old.claimed_tile,
                              promoted=True)
        self._promotion = None
        self._emit(KongDeclared(seat, tile, concealed=False, promoted=True))
        self._draw(seat, loose=True)

    def _resolve_rob(self) -> None:
        assert self._promotion is not None, "a robbing is resolved on a promoted kong"
        seat, tile = self._promotion
        robbers = [s for s, a in self._decisions.items() if isinstance(a, MahJongg)]
        self._pending, self._decisions = {}, {}
        if not robbers:
            self._complete_kong(seat, tile)
            return
        robber = min(robbers, key=lambda s: (s - seat) % 4)
        self.players[seat].concealed.remove(tile)
        self.players[robber].concealed.append(tile)
        self._emit(KongRobbed(robber, seat, tile))
        self._win(robber, tile, WinContext(True, tile, "robbed_kong", sets_declared=True), seat)

    # -- the end ----------------------------------------------------------------------------------------------

    def _win(self, seat: int, tile: Tile | None, context: WinContext, from_seat: int | None,
             cannon: str | None = None) -> None:
        context = WinContext(True, tile, context.won_by, context.last_wall_tile, context.original_hand,
                             self.players[seat].standing, context.first_discard, self.players[seat].riichi,
                             context.first_draw, sets_declared=context.sets_declared)
        shape = self.judge.mah_jongg(self.hand_spec(seat), context)
        if shape is not None and context.won_by == "discard" and from_seat is not None:
            shape = shape.claimable(self._refused_sets(seat, from_seat)) or shape  # the set it was claimed for
        self.phase = "over"
        p = self.players[seat]
        tiles = [*p.concealed, *(t for m in p.melds for t in m.tiles)]
        one_suit = all(is_suit(t) for t in tiles) and len({suit_of(t) for t in tiles}) == 1
        feeder = p.one_suit_feeder if one_suit else None
        late = context.won_by == "discard" and self._late_unseen
        cannon_by = from_seat if cannon is not None else None
        no_choice = cannon_by is not None and tile is not None and self._had_no_choice(cannon_by, tile)
        self.result = HandResult(seat, context.won_by, tile, from_seat, shape, context, late_unseen_discard=late,
                                 one_suit_feeder=feeder, cannon_by=cannon_by, cannon=cannon or "",
                                 no_choice=no_choice)
        self._emit(MahJonggDeclared(seat, tile, context.won_by, from_seat, shape.special_hand if shape else None))
        if cannon_by is not None and cannon is not None and tile is not None:
            self._emit(CannonLetOff(cannon_by, seat, tile, cannon, no_choice))

    def _dead(self, reason: str) -> None:
        self.phase = "over"
        self.result = HandResult(None)
        self._emit(HandDead(reason))

    def _emit(self, event: Event) -> None:
        self.events.append(event)


_NO_CHOW = frozenset({"chow"})
_NO_PAIR = frozenset({"pair"})

# ``Discard(tile)`` for every tile, made once: actions are immutable, and a dozen new ones every turn showed.
_PLAIN_DISCARDS = tuple(Discard(tile) for tile in range(ALL_TILES))


def _with_jokers(tile: Tile, size: int, natural: int, jokers: int) -> list[tuple[Tile, ...]]:
    """The ways to hold ``size`` tiles that make a set with a discarded ``tile``: natural tiles first, jokers for
    the rest (jokers fill pungs and kongs; at least the discard is natural)."""
    ways = []
    for n in range(min(size, natural), -1, -1):
        if size - n <= jokers:
            ways.append((tile,) * n + (JOKER,) * (size - n))
    return ways


def goulash_judge(judge: Judge, rules: PlayRules) -> Judge:
    """The judge of a goulash hand: its wild tiles count as jokers, and without chows a regular hand has none (a
    special hand may still hold them, L107)."""
    changes: dict[str, object] = {}
    if rules.goulash_wild:
        changes["jokers"] = 4
    if not rules.goulash_chows:
        changes["chows_allowed"] = False
    with_play = getattr(judge, "with_play", None)
    if not changes or with_play is None:
        return judge
    return with_play(**changes)
