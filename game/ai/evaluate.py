"""What a computer player weighs besides speed: what a hand is worth, and how dangerous a discard is.

Both read only the player's view (:class:`game.core.view.PlayerView`) and the ruleset's data, so a ruleset
mod that pays more for a set or a hand condition pulls every personality toward it without code.

* :class:`ValueModel`: doubles a hand is heading for, from the ruleset's scoring items (pungs of dragons and
  winds, one suit, no chows …), as a smooth estimate that rises as the hand leans toward them.
* :func:`threat`: the chance each opponent is ready (a declared ready hand, exposed sets, a long discard row).
* :func:`danger`: how likely a discard is to hand someone Mah Jongg, from the copies already seen and the tiles
  each player let pass since its own last discard.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from operator import itemgetter

from game.core.melds import Meld, MeldKind
from game.core.patterns import Conditions, Env
from game.core.ruleset import Ruleset, SetSelector, SpecialHand
from game.core.tiles import DRAGONS, NUM_KINDS, WINDS
from game.core.view import PlayerView

# Doubles assumed when no ruleset is given (the classic table's values).
_DEFAULT_CONDITIONS = {"one_suit": 3.0, "one_suit_with_honours": 1.0, "no_chows": 1.0}


@dataclass(frozen=True)
class ValueModel:
    """Doubles each tile kind brings as a pung, and doubles of the hand conditions worth chasing."""

    pung_doubles: tuple[float, ...]
    conditions: dict[str, float]
    minimum: int = 0
    """Doubles a hand needs to go out at all (British club rules: 2), which no personality can ignore."""
    wait_bonus: tuple[float, ...] = ()
    """Doubles a bonus hand adds when the hand goes out on this tile kind, whatever its shape (the classic
    Picked by the Golden Cock: 100 points for going out on 5 Dots); empty when the ruleset has none."""

    @classmethod
    def build(cls, ruleset: Ruleset | None, seat_wind: int, round_wind: int) -> ValueModel:
        """Read the scoring table: set items give per-kind pung value, hand items give condition value."""
        pung = [0.0] * NUM_KINDS
        if ruleset is None:
            for t in DRAGONS:
                pung[t] = 1.0
            pung[WINDS[seat_wind]] += 1.0
            pung[WINDS[round_wind]] += 1.0
            return cls(tuple(pung), dict(_DEFAULT_CONDITIONS))
        minimum = ruleset.min_doubles
        env = Env(seat_wind, round_wind)
        conditions: dict[str, float] = {}
        for item in ruleset.scoring:
            if not item.allowed:
                continue
            worth = item.doubles + item.points / 40.0  # 40 points is about what one double adds to a small hand
            if worth <= 0:
                continue
            selector = item.for_each
            if isinstance(selector, SetSelector) and selector.kinds & {"pung", "kong"}:
                for t in range(NUM_KINDS):
                    if selector.tile is None or selector.tile.match(t, {}, env) is not None:
                        pung[t] += worth if item.doubles else worth / 4
            elif not selector and len(item.when) == 1 and item.doubles:
                conditions[item.when[0]] = conditions.get(item.when[0], 0.0) + item.doubles
        return cls(tuple(pung), conditions, minimum, _wait_bonus(ruleset, env))

    def shortfall(self, value: float) -> float:
        """Doubles still missing for the ruleset's minimum to go out, given the estimate ``value``."""
        missing = self.minimum - value
        return missing if missing > 0.0 else 0.0  # (max's call, for every discard weighed)

    def wait_value(self, waits: Sequence[int], live: Sequence[int]) -> float:
        """Doubles the bonus hands add to going out on one of ``waits``, each wait as likely as its live copies."""
        if not self.wait_bonus:
            return 0.0
        copies = sum(live[t] for t in waits)
        if not copies:
            return 0.0
        return sum(live[t] * self.wait_bonus[t] for t in waits) / copies

    @cached_property
    def _terms(self) -> tuple[tuple[float, ...], ...]:
        """What a kind held n times (the index, 0-7) adds to the hand's value: a pung's worth, part of it for a
        pair or a lone tile (each the very number hand_value added when it multiplied them there)."""
        pung = self.pung_doubles
        pair = tuple(0.45 * p for p in pung)
        single = tuple(0.08 * p for p in pung)
        return ((0.0,) * NUM_KINDS, single, pair, *(pung,) * 5)

    def live_terms(self, live: Sequence[int]) -> tuple[tuple[float, ...], ...]:
        """:attr:`_terms` where a pair or a lone tile counts for its share of a pung's worth only while the copies it
        lacks can still come (``live``: each kind's unseen copies): a dragon pair whose other two copies are thrown
        is no double source."""
        terms = self._terms
        short = [t for t in range(NUM_KINDS) if live[t] < 2]  # most kinds have two copies or more out of sight
        if not short:
            return terms
        pair, single = list(terms[2]), list(terms[1])
        for t in short:
            single[t] = 0.0
            if not live[t]:
                pair[t] = 0.0
        return (terms[0], tuple(single), tuple(pair), *terms[3:])

    def hand_value(self, counts: Sequence[int], view: PlayerView) -> float:
        """Estimated doubles the hand is heading for (a smooth score, not a promise)."""
        return NearValues(self, counts, view).value

    @cached_property
    def _coefficients(self) -> tuple[float, float, float, float, float]:
        get = self.conditions.get
        return (get("one_suit_with_honours", 0.0), get("one_suit", 0.0), get("no_chows", 0.0), get("all_simples", 0.0),
                get("no_simples", 0.0))

    def _value(self, kinds: float, melds: _Melds, bamboo: int, characters: int, dots: int, honours: int, majors: int,
               pairs: int, total: int) -> float:
        """The hand's value from what its concealed tiles add kind by kind (``kinds``), what its declared sets add
        (``melds``) and the tallies of both."""
        value = kinds
        for worth in melds.pungs:
            value += worth
        mixed, clean, no_chows, all_simples, no_simples = self._coefficients
        if total:
            most = bamboo if bamboo >= characters else characters  # (whole numbers: max without its call)
            if dots > most:
                most = dots
            lean = (most + honours) / total
            if lean > 0.6:
                # One suit (with or without honours) pays most when nearly there; the pull rises smoothly.
                value += max(mixed, clean if honours <= 1 else 0.0) * ((lean - 0.6) / 0.4) ** 2
        if not melds.chows:
            value += no_chows * (pairs / 5 if pairs < 5 else 1.0) ** 2
        if total:
            # All simples (or all majors) is near when only a tile or two of the other kind are left to throw.
            simple = (total - majors) / total
            if simple > 0.75:
                value += all_simples * ((simple - 0.75) / 0.25) ** 2
            elif simple < 0.25:
                value += no_simples * ((0.25 - simple) / 0.25) ** 2
        return value


@dataclass(frozen=True)
class _Melds:
    """What a hand's declared sets add to its value: the pungs' worth (in order) and their tiles' tallies."""

    pungs: tuple[float, ...]
    suits: tuple[int, int, int]
    honours: int
    majors: int
    total: int
    pairs: int
    chows: int

    @staticmethod
    @lru_cache(maxsize=256)  # a player's declared sets stay the same for many decisions
    def of(pung_doubles: tuple[float, ...], melds: tuple[Meld, ...]) -> _Melds:
        pungs: list[float] = []
        suits = [0, 0, 0]
        honours = majors = total = pairs = chows = 0
        for meld in melds:
            for t in meld.tiles:
                if t < 27:
                    suits[t // 9] += 1
                elif t < NUM_KINDS:
                    honours += 1
                if t < NUM_KINDS and (t >= 27 or t % 9 in (0, 8)):
                    majors += 1
                total += 1
            if meld.kind is MeldKind.CHOW:
                chows += 1
            elif meld.tiles[0] < NUM_KINDS:
                pairs += 1
                pungs.append(pung_doubles[meld.tiles[0]])
        return _Melds(tuple(pungs), (suits[0], suits[1], suits[2]), honours, majors, total, pairs, chows)


class NearValues:
    """:meth:`ValueModel.hand_value` of one hand (``value``) and of hands that differ from it in a few kinds (the
    hand less a discard, less a pass, its jokers read as tiles), each costing only the kinds from the first that
    differs: what the kinds before it add is the hand's own, taken up there and added on in the same order, so
    each value is the very number hand_value gives (a seed replays the same choices)."""

    def __init__(self, model: ValueModel, counts: Sequence[int], view: PlayerView,
                 unseen: Sequence[int] | None = None) -> None:
        """``unseen``: the view's unseen copies of each kind, where the caller has them (else read from the
        view)."""
        self.model = model
        self.counts = tuple(counts)
        melds = self._melds = _Melds.of(model.pung_doubles, tuple(view.me.melds))
        # Under a minimum of doubles a hand's pairs and lone tiles count as double sources (a pung's worth, and
        # No Chows' pairs) only while the copies they lack can still come: where a hand goes out with any doubles
        # a dead pair costs little, but there a hand kept a dead dragon pair as its second double.
        live = (view.unseen_counts() if unseen is None else unseen) if model.minimum else None
        terms = self._terms = model.live_terms(live) if live is not None else model._terms
        self._pair_at = _PAIR_AT if live is None or all(live) else tuple(2 if live[t] else 3 for t in range(NUM_KINDS))
        """How many copies of each kind count as a pair toward No Chows (a dead pair as none: 3, a pung)."""
        c = self.counts
        held = [t for t in range(NUM_KINDS) if c[t]]
        before: list[float] = []
        added: list[float] = []  # what each kind held adds, in order
        value = 0.0
        for t in held:
            before.append(value)
            worth = terms[c[t]][t]
            added.append(worth)
            value += worth
        # Tallies of the concealed tiles and the declared sets' together: bamboo, characters, dots, honours,
        # majors (terminals and honours), pairs (kinds held twice or more, and pungs), tiles (whole numbers,
        # so summed in any order).
        pair_at = self._pair_at
        tallies = [melds.suits[0] + sum(c[0:9]), melds.suits[1] + sum(c[9:18]), melds.suits[2] + sum(c[18:27]),
                   melds.honours + sum(c[27:NUM_KINDS]), melds.majors + sum(_majors_of(c)),
                   melds.pairs + sum(1 for t in held if c[t] >= pair_at[t]), melds.total + sum(c)]
        self._held = held
        self._at = {t: i for i, t in enumerate(held)}
        self._before = before
        self._added = added
        self._tallies = tallies
        self._kinds = value
        self.value = model._value(value, melds, *tallies)

    def most(self, jokers: int = 0) -> float:
        """At least the value of any hand made of some of this hand's tiles, with ``jokers`` more read as tiles it
        holds (a bound: each of those makes one of its kinds a step nearer a pung, and the hand's conditions are
        taken at their full worth)."""
        model, melds = self.model, self._melds
        mixed, clean, no_chows, all_simples, no_simples = model._coefficients
        most = self._kinds + jokers * max(model.pung_doubles, default=0.0) + sum(melds.pungs) + max(mixed, clean, 0.0)
        if not melds.chows:
            most += max(no_chows, 0.0)
        return most + max(all_simples, no_simples, 0.0)

    def without(self, tile: int) -> float:
        """The value of the hand less one ``tile`` (a kind it holds): :meth:`of` that hand, the kinds after it adding
        what they add to the hand itself (a discard weighed, a few dozen a turn)."""
        i = self._at[tile]
        value = self._before[i]
        n = self.counts[tile] - 1
        if n:
            value += self._terms[n][tile]
        for added in self._added[i + 1:]:
            value += added
        tallies = list(self._tallies)
        tallies[_GROUP[tile]] -= 1
        if _MAJOR[tile]:
            tallies[4] -= 1
        pair_at = self._pair_at[tile]
        tallies[5] += (n >= pair_at) - (n + 1 >= pair_at)
        tallies[6] -= 1
        return self.model._value(value, self._melds, *tallies)

    def of(self, counts: Sequence[int], changed: Sequence[int] | None = None) -> float:
        """The value of ``counts``, which differ from the hand only in the kinds ``changed`` (any order; repeats
        allowed; None: found by comparing)."""
        base = self.counts
        if changed is None:
            changed = [t for t in range(NUM_KINDS) if counts[t] != base[t]]
            if not changed:
                return self.value
        terms = self._terms
        at = self._at
        kinds: Sequence[int]
        first = len(self._held)
        for t in changed:
            i = at.get(t)
            if i is None:  # a kind the hand did not hold (a joker read as it): every kind from the first changed
                least = min(changed)
                first = next((i for i, t in enumerate(self._held) if t >= least), len(self._held))
                kinds = range(least, NUM_KINDS)
                break
            if i < first:
                first = i
        else:
            kinds = self._held[first:]
        value = self._before[first] if first < len(self._held) else self._kinds
        for t in kinds:
            n = counts[t]
            if n:
                value += terms[n][t]
        tallies = list(self._tallies)
        pair_at = self._pair_at
        for t in changed if len(changed) == 1 else dict.fromkeys(changed):
            was, now = base[t], counts[t]
            step = now - was
            tallies[_GROUP[t]] += step
            if _MAJOR[t]:
                tallies[4] += step
            tallies[5] += (now >= pair_at[t]) - (was >= pair_at[t])
            tallies[6] += step
        return self.model._value(value, self._melds, *tallies)


_PAIR_AT = (2,) * NUM_KINDS
"""Copies of each kind that count as a pair toward No Chows where no minimum makes a dead pair worthless."""
_GROUP = tuple(t // 9 if t < 27 else 3 for t in range(NUM_KINDS))
"""Each kind's suit (0-2), or 3 for an honour."""
_MAJOR = tuple(t >= 27 or t % 9 in (0, 8) for t in range(NUM_KINDS))
"""Whether each kind is a terminal or an honour."""
_majors_of = itemgetter(*(t for t in range(NUM_KINDS) if _MAJOR[t]))
"""The counts of the terminals and honours, of a hand's counts."""


def wait_bonus_hands(ruleset: Ruleset | None, env: Env) -> dict[int, list[SpecialHand]]:
    """Per tile kind, the bonus hands won by going out on that tile alone, with no shape and no other condition
    (a condition such as the last tile of the wall is not the player's to choose)."""
    found: dict[int, list[SpecialHand]] = {}
    if ruleset is None or not ruleset.special_hands_allowed:
        return found
    for hand in ruleset.special_hands:
        if not hand.allowed or hand.total or hand.has_shape:
            continue
        for form in hand.forms:
            spec = form.winning_tile
            if spec is None or form.when != Conditions() or form.concealed:
                continue
            for t in sorted(spec.static):
                if t < NUM_KINDS and spec.match(t, {}, env) is not None and hand not in found.get(t, ()):
                    found.setdefault(t, []).append(hand)
    return found


def _wait_bonus(ruleset: Ruleset, env: Env) -> tuple[float, ...]:
    found = wait_bonus_hands(ruleset, env)
    if not found:
        return ()
    bonus = [0.0] * NUM_KINDS
    for t, hands in found.items():
        bonus[t] = sum(h.doubles + h.points / 40.0 for h in hands)
    return tuple(bonus)


# How often a hand is ready, by its exposed sets (rows: 0-3) and the discards in its row (columns: 0-2, 3-5, …
# 15 or more): measured over 3,000 classic hands of four greedy bots, after every discard, and smoothed so that
# it never falls as either grows. ``python tools/threat_table.py`` measures it again. A hand of four declared sets
# holds a lone tile and is always ready.
_READY_BY_STAGE = (
    (0.00, 0.03, 0.12, 0.25, 0.34, 0.44),
    (0.02, 0.09, 0.22, 0.36, 0.47, 0.55),
    (0.11, 0.23, 0.41, 0.55, 0.64, 0.71),
    (0.11, 0.61, 0.75, 0.84, 0.91, 0.91),
)


def threat(view: PlayerView, bluffing: bool = False) -> list[float]:
    """The chance that each seat's hand is ready, 0–1 (0 for this seat): 1 for a declared ready hand (a standing
    hand, riichi), else as often as hands with as many exposed sets and as long a discard row are ready.

    ``bluffing``: only a declared hand goes out and a declaration may be a bluff (Novice's Rule of Ready, where a
    greedy bot declares with its first discard, ready or not): a hand not declared is no threat, and a declared
    one is ready as often as its stage says."""
    found = []
    for p in view.players:
        if p.seat == view.seat or (bluffing and not p.ready):
            found.append(0.0)
        elif len(p.melds) >= 4 or (not bluffing and (p.standing or p.ready)):
            found.append(1.0)
        else:
            exposed = min(3, sum(1 for m in p.melds if m.exposed))
            found.append(_READY_BY_STAGE[exposed][min(5, len(p.discards) // 3)])
    return found


def suit_threat(view: PlayerView, seat: int) -> int | None:
    """The suit an opponent seems to collect (all its exposed suit sets in one suit, at least two), or None."""
    melds = view.players[seat].melds
    # Asked for every tile weighed, of sets that stay shown all hand (the view keeps the same tuple while they do):
    # remembered by the tuple itself, which the cache keeps alive, so a hit is never another hand's.
    kept = _collected.get(id(melds))
    if kept is not None and kept[0] is melds:
        return kept[1]
    suits = {m.tiles[0] // 9 for m in melds if m.tiles[0] < 27}
    sets = sum(1 for m in melds if m.tiles[0] < 27)
    found = next(iter(suits)) if len(suits) == 1 and sets >= 2 else None
    if len(_collected) >= 1024:
        _collected.clear()
    _collected[id(melds)] = (melds, found)
    return found


_collected: dict[int, tuple[Sequence[Meld], int | None]] = {}


def _wait_shapes(tile: int, visible: Sequence[int]) -> float:
    """How many ways an opponent could be waiting on the suit tile ``tile``: each run it completes counts the
    copies of its scarcer partner still out of sight (a run whose partner is all in sight cannot be held), and a
    pair or pung wait counts half the tile's own unseen copies."""
    number = tile % 9
    # (the copies out of sight of the tiles two and one below it and above it in its suit: 0 past the suit's end)
    below2 = _OUT_OF_SIGHT[visible[tile - 2]] if number >= 2 else 0
    below1 = _OUT_OF_SIGHT[visible[tile - 1]] if number >= 1 else 0
    above1 = _OUT_OF_SIGHT[visible[tile + 1]] if number <= 7 else 0
    above2 = _OUT_OF_SIGHT[visible[tile + 2]] if number <= 6 else 0
    runs = 0
    if number >= 2:
        runs += min(below2, below1)
    if 1 <= number <= 7:
        runs += min(below1, above1)
    if number <= 6:
        runs += min(above1, above2)
    return runs + 0.5 * _OUT_OF_SIGHT[visible[tile]]


_OUT_OF_SIGHT = (4, 3, 2, 1) + (0,) * 13
"""The copies of a kind out of sight, by how many are in sight (a look-up where each tile weighed asks five; more
than four in sight only in a made-up position)."""


_MOST_SHAPES = 14.0  # a middle tile nothing of which is in sight: three runs of four partners, half of four copies


def _base_danger(tile: int, visible: Sequence[int]) -> float:
    """How dangerous ``tile`` is to a ready hand, 0–1, from what is in sight alone."""
    if tile >= 27:
        # An honour can only be waited on as a pair or a pung: with three in sight only a lone-tile wait is left.
        return (0.0, 0.05, 0.45, 0.7, 0.7)[_OUT_OF_SIGHT[visible[tile]]]
    # A suit tile is as dangerous as the waits that could still be on it: runs need partners out of sight.
    return _wait_shapes(tile, visible) / _MOST_SHAPES


def danger(tile: int, view: PlayerView, visible: Sequence[int], threats: Sequence[float]) -> float:
    """Chance-like score, 0–1, that discarding ``tile`` lets a threatening opponent go Mah Jongg."""
    return Danger(view, visible, threats).of(tile)


class Danger:
    """:func:`danger` of each tile weighed in one position: what it reads of each threatening opponent (the
    tiles passed since its last discard, its discards, the suit it collects) is read once, not once a tile."""

    def __init__(self, view: PlayerView, visible: Sequence[int], threats: Sequence[float]) -> None:
        self.visible = visible
        passed = view.passed
        # (each threat's discards as a set: every tile weighed asks whether it is among them)
        self.threats = [(threats[p.seat], passed[p.seat], frozenset(p.discards), suit_threat(view, p.seat))
                        for p in view.players if threats[p.seat] > 0]

    def of(self, tile: int) -> float:
        """The danger of discarding ``tile``, as :func:`danger` tells it."""
        if tile >= NUM_KINDS:
            return 0.0
        base = _base_danger(tile, self.visible)
        safe = 1.0  # the chance that nobody goes out on it: two threats are worse than the larger of them
        for level, passed, discards, collected in self.threats:
            if tile in passed:  # passed since its last discard: it does not complete its hand
                continue
            risk = base
            if tile in discards:
                risk *= 0.15  # a player seldom throws away a tile it is waiting for
            if collected is not None and tile < 27:
                risk *= 1.6 if tile // 9 == collected else 0.6
            safe *= 1.0 - min(1.0, risk) * level
        return 1.0 - safe
