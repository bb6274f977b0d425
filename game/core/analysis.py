"""Hand analysis for regular hands: tiles from ready (shanten), waits and useful tiles.

Shanten here is exact in the sense of tomohxx's calculator: the fewest tiles a hand must still draw to
hold a complete hand (four sets and a pair, fewer sets when some are declared), minus one. It is never
fooled by a wait on a tile whose four copies are all in the hand. -1 means complete, 0 ready.

How it is fast in pure Python. A complete hand is a choice of target sets; the cost of a target is how
many of its tiles the hand lacks. Tiles more than two apart can never share a chow, so each suit splits
into *blocks* (runs of tiles with gaps of at most one) that can be costed independently, and an honour is a
block of one. Each block's cost table — the cheapest way to build ``m`` sets (and maybe the pair) touching
it — is computed once by a small dynamic programme over the block's tail and cached; every table is interned
as a small int, a suit's is the combination of its blocks' and is cached on the 9-long count vector, and a
group without chows (the honours) depends only on how many kinds it holds once, twice, three and four times.
A hand then costs four dictionary look-ups and a tiny combination. Sets built from tiles the hand does not
hold at all ("fresh" sets) cost 3 (2 for the pair) and are added last. British hands (one chow at most) have
tables of their own, with the costs without a chow beside those with one, so they combine the same way.

>>> from game.core.tiles import counts_of, parse_tiles
>>> shanten(counts_of(parse_tiles("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD")))
0
>>> [tile_code(t) for t in waits(counts_of(parse_tiles("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD")))]
['RD']
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from game.core.tiles import NUM_KINDS, Tile, tile_code

__all__ = [
    "UNREACHABLE",
    "NearHands",
    "UsefulAfter",
    "missing_tiles",
    "shanten",
    "shanten_after_discards",
    "tile_code",
    "ukeire",
    "useful_after_discards",
    "useful_tiles",
    "visible_remaining",
    "waits",
]

UNREACHABLE = 99
"""Cost (or shanten) of something that cannot be built, e.g. more sets than tiles allow."""

_INF = 1000
_MAX_SETS = 4

# A cost table is a flat tuple of 10 costs indexed ``2 * sets + pair`` (sets 0–4, pair 0/1): the fewest
# missing tiles for ``sets`` sets plus, when ``pair`` is 1, the pair, all touching the block's own tiles.
Table = tuple[int, ...]
_EMPTY: Table = (0, _INF, _INF, _INF, _INF, _INF, _INF, _INF, _INF, _INF)

# Caches. Only a few hundred distinct cost tables exist, so each is interned as a small int: a suit or the
# honours map to a table id, and combining two ids (or finishing a pair of ids) is one dict look-up.
_block_cache: dict[tuple[tuple[int, ...], int, int, bool], Table] = {}
_moves_cache: dict[tuple[int, int, int, int, int], tuple[tuple[int, int, int], ...]] = {}
_tables: list[Table] = []
_table_ids: dict[Table, int] = {}
# How a group is costed, an index into the per-group caches: without chows, with any number of chows, or with
# at most one chow in the whole hand (British rules). A table of the last mode is "dual": its first ten costs
# have no chow, its last ten at most one, so combining two keeps the hand's chows to one (see _combine).
_NO_CHOWS, _CHOWS, _ONE_CHOW = 0, 1, 2
_Group = dict[tuple[int, ...], int]
_suit_ids: tuple[_Group, _Group, _Group] = ({}, {}, {})  # [mode]
_honour_ids: tuple[_Group, _Group] = ({}, {})  # [dual]
_block_ids: dict[tuple[tuple[int, ...], int, int], int] = {}  # blocks of suits with chows: (block, room left, right)
_singles_ids: dict[tuple[int, int, int, int], int] = {}  # kinds held once, twice, three and four times
_combined_ids: dict[int, int] = {}
_finished: dict[int, int] = {}
_shape_cache: tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]] = ({}, {})  # [chows]
_MinusSteps = tuple[tuple[int, int], ...]  # (table id, position), see _step_ids
_PlusSteps = tuple[tuple[int, tuple[int, ...]], ...]  # (table id, positions)
_minus_cache: tuple[dict[tuple[int, ...], _MinusSteps], ...] = ({}, {}, {}, {}, {})  # [mode], honours [3 + dual]
_one_chow_ids: dict[tuple[int, ...], int] = {}
_plus_cache: tuple[dict[tuple[int, ...], _PlusSteps], ...] = ({}, {}, {}, {}, {})  # as _minus_cache
_ID_BITS = 20


def _block_table(block: tuple[int, ...], room_left: int, room_right: int, chows: bool) -> Table:
    """Cost table of one block, found by a dynamic programme over its positions (see :func:`_rest`).

    ``room_left``/``room_right`` (0–2) are the empty positions a chow may reach outside the block before
    the suit ends.
    """
    key = (block, room_left, room_right, chows)
    cached = _block_cache.get(key)
    if cached is not None:
        return cached
    mirror = (block[::-1], room_right, room_left, chows)
    if mirror < key:  # a suit read backwards has the same sets, so the two share one table
        result = _block_cache[key] = _block_table(*mirror)
        return result
    # A set or pair whose every tile would be one more than the hand holds costs as much as a "fresh" one
    # (costed later, in _finish), so the programme only places sets that use a held tile not yet taken.
    # That keeps the states few; it also caps the sets at the block's tile count.
    limit = min(_MAX_SETS, sum(block))
    rest = _rest((0,) * room_left + block + (0,) * room_right, 0, 0, chows)
    result = _block_cache[key] = rest[:2 * limit + 2] + (_INF,) * (8 - 2 * limit)
    return result


_rest_cache: dict[tuple[tuple[int, ...], int, int, bool], Table] = {}
_REST_CACHE_LIMIT = 1 << 15
"""Entries the programme's cache keeps before it starts afresh (a few megabytes; the tails that recur are the
common ones, met again soon)."""
_END: Table = (0,) + (_INF,) * 9
_DEAD: Table = (_INF,) * 10


def _rest(counts: tuple[int, ...], a: int, b: int, chows: bool) -> Table:
    """The cheapest way to finish ``counts`` (a block's tail, its room included) with ``a`` chows open since the
    position before (they need this tile and the next) and ``b`` since two before (they need only this tile):
    a cost table of the sets and the pair placed from here on, all chows closed by the end.

    Working from the tail keeps the programme to what the tail holds, so blocks that end alike share it (a
    block and the block with one tile more often do). Only the moves of :func:`_moves` are taken: a pung or pair
    where a held tile is left for it, new chows up to the held tiles they can use."""
    if not counts:
        return _END if a == 0 and b == 0 else _DEAD
    key = (counts, a, b, chows)
    found = _rest_cache.get(key)
    if found is not None:
        return found
    if len(_rest_cache) >= _REST_CACHE_LIMIT:
        _rest_cache.clear()
    tail = counts[1:]
    chow_ok = chows and len(counts) >= 3
    moves_key = (counts[0], counts[1], counts[2], a, b) if chow_ok else (counts[0], -1, -1, a, b)
    moves = _moves_cache.get(moves_key)
    if moves is None:
        moves = _moves_cache[moves_key] = _moves(moves_key)
    out = [_INF] * 10
    for new, shift, extra in moves:
        sub = _rest(tail, new, a, chows)
        # An odd shift places the pair here: only tails without one of their own go with it.
        for j in range(0, 10 - shift, 1 + (shift & 1)):
            cost = sub[j] + extra
            if cost < out[j + shift]:
                out[j + shift] = cost
    found = _rest_cache[key] = tuple(out)
    return found


def _moves(moves_key: tuple[int, int, int, int, int]) -> tuple[tuple[int, int, int], ...]:
    """The moves open at one position holding ``have`` tiles, the next two holding ``ahead1`` and ``ahead2`` (-1:
    no chow may start here), ``a`` and ``b`` chows open (see :func:`_rest`): ``(new chows, shift, extra)``, where
    ``shift`` is ``2 * sets + pair`` placed here and ``extra`` the tiles those sets lack."""
    have, ahead1, ahead2, a, b = moves_key
    carried = a + b
    found = []
    for pung in ((0, 1) if have > carried else (0,)):
        for pair in ((0, 1) if have > carried + 3 * pung else (0,)):
            base = carried + 3 * pung + 2 * pair
            if base > 4:
                continue
            top = min(max(have - base, ahead1 - a, ahead2), 4 - base) if ahead1 >= 0 else 0
            for new in range(min(top, _MAX_SETS - pung) + 1):
                used = base + new
                found.append((new, 2 * (pung + new) + pair, used - have if used > have else 0))
    return tuple(found)


def _combine(x: Table, y: Table) -> Table:
    """The cheapest split of sets and the pair between two independent groups.

    Dual tables (20 costs, see ``_ONE_CHOW``) combine half by half: no chow in either, or the one chow on
    either side and none on the other."""
    if len(x) > 10:
        x0, y0 = x[:10], y[:10]
        either = _combine(x[10:], y0), _combine(x0, y[10:])
        return _combine(x0, y0) + tuple(map(min, *either))
    key = (x, y)
    found = _combine_cache.get(key)
    if found is not None:
        return found
    if len(_combine_cache) >= _REST_CACHE_LIMIT:
        _combine_cache.clear()
    out = [_INF] * 10
    for i, js in _SPLITS:
        xi = x[i]
        if xi >= _INF:
            continue
        for j in js:
            cost = xi + y[j]  # _INF or more where y[j] is _INF, never below out's _INF then
            if cost < out[i + j]:
                out[i + j] = cost
    found = _combine_cache[key] = tuple(out)
    return found


# (index in x, the indices in y it goes with): at most four sets in all, and the pair on one side only.
_SPLITS = tuple((i, tuple(range(0, 10 - i + (i & 1), 2 if i & 1 else 1))) for i in range(10))
# Dual tables share their halves far more often than whole tables (the costs without a chow depend only on how
# many kinds are held once, twice, ...), so the halves' combinations are remembered by value.
_combine_cache: dict[tuple[Table, Table], Table] = {}


def _intern(table: Table) -> int:
    found = _table_ids.get(table)
    if found is None:
        found = _table_ids[table] = len(_tables)
        _tables.append(table)
    return found


def _suit_id(suit: tuple[int, ...], mode: int) -> int:
    cache = _suit_ids[mode]
    found = cache.get(suit)
    if found is None:
        found = cache[suit] = _suit_table_id(suit, mode)
    return found


def _suit_table_id(suit: tuple[int, ...], mode: int) -> int:
    """Table id of one suit's nine counts: the combination of its blocks (each block's table interned, so a new
    suit of known blocks costs only look-ups)."""
    if mode == _NO_CHOWS:
        return _singles_id(suit)
    if mode == _ONE_CHOW:
        none = _tables[_suit_id(suit, _NO_CHOWS)]
        return _intern(none + tuple(map(min, none, _tables[_one_chow_id(suit)])))
    found = -1
    i = 0
    while i < 9:
        if not suit[i]:
            i += 1
            continue
        start = end = i
        j = i + 1
        while j < 9:
            if suit[j]:
                end = j
                j += 1
            elif j + 1 < 9 and suit[j + 1]:
                j += 1
            else:
                break
        block = _block_id(suit[start:end + 1], min(2, start), min(2, 8 - end))
        found = block if found < 0 else _pair_id(found, block)
        i = end + 1
    return _intern(_EMPTY) if found < 0 else found


def _block_id(block: tuple[int, ...], room_left: int, room_right: int) -> int:
    key = (block, room_left, room_right)
    found = _block_ids.get(key)
    if found is None:
        found = _block_ids[key] = _intern(_block_table(block, room_left, room_right, True))
    return found


def _singles_id(counts: tuple[int, ...]) -> int:
    """Table id of tiles that cannot form chows (honours, or any tile when chows are not allowed): it depends only
    on how many kinds are held once, twice, three and four times."""
    key = (counts.count(1), counts.count(2), counts.count(3), counts.count(4))
    found = _singles_ids.get(key)
    if found is None:
        found = -1
        for c in sorted(counts):
            if c:
                single = _intern(_block_table((c,), 0, 0, False))
                found = single if found < 0 else _pair_id(found, single)
        found = _singles_ids[key] = _intern(_EMPTY) if found < 0 else found
    return found


def _honour_id(honours: tuple[int, ...], dual: bool = False) -> int:
    cache = _honour_ids[dual]
    found = cache.get(honours)
    if found is None:
        found = _singles_id(honours)
        if dual:  # honours never hold the chow
            found = _intern(_tables[found] * 2)
        cache[honours] = found
    return found


def _pair_id(x: int, y: int) -> int:
    key = x << _ID_BITS | y
    found = _combined_ids.get(key)
    if found is None:
        found = _combined_ids[key] = _intern(_combine(_tables[x], _tables[y]))
    return found


def _finish(table: Table, sets: int) -> int:
    """Fewest missing tiles for ``sets`` sets and a pair, topping up with fresh sets where cheaper (from the
    costs with at most one chow of a dual table)."""
    if len(table) > 10:
        table = table[10:]
    best = _INF
    for m in range(sets + 1):
        fresh = 3 * (sets - m)
        best = min(best, table[2 * m + 1] + fresh, table[2 * m] + fresh + 2)
    return best


def _missing_ids(ids: tuple[int, int, int, int], sets: int) -> int:
    """Fewest missing tiles of a hand given the table ids of its three suits and its honours."""
    combined = _combined_ids
    left = combined.get(ids[0] << _ID_BITS | ids[1])
    if left is None:
        left = _pair_id(ids[0], ids[1])
    right = combined.get(ids[2] << _ID_BITS | ids[3])
    if right is None:
        right = _pair_id(ids[2], ids[3])
    found = _finished.get((left << _ID_BITS | right) << 3 | sets)
    return _missing_halves(left, right, sets) if found is None else found


def _missing_halves(left: int, right: int, sets: int) -> int:
    """Fewest missing tiles given the table ids of the hand's two halves (filling the cache)."""
    key = (left << _ID_BITS | right) << 3 | sets
    found = _finished.get(key)
    if found is None:
        found = _finished[key] = _finish(_combine(_tables[left], _tables[right]), sets)
    return found


def _sets_needed(total: int, n_melds: int) -> int:
    sets = _MAX_SETS - n_melds
    if not 0 <= n_melds <= _MAX_SETS or total not in (3 * sets + 1, 3 * sets + 2):
        raise ValueError(
            f"expected {3 * sets + 1} or {3 * sets + 2} concealed tiles beside {n_melds} declared sets, got {total}"
            if 0 <= n_melds <= _MAX_SETS else f"expected 0 to 4 declared sets, got {n_melds}"
        )
    return sets


def _mode(chows: bool, max_chows: int | None, sets: int) -> int | None:
    """How to cost a hand wanting ``sets`` sets with ``max_chows`` more chows allowed; None: by the search of
    :func:`_missing_few_chows` (two or more chows allowed but fewer than the sets, which no bundled ruleset has)."""
    if not chows or (max_chows is not None and max_chows <= 0 < sets):
        return _NO_CHOWS
    if max_chows is None or max_chows >= sets:
        return _CHOWS
    return _ONE_CHOW if max_chows == 1 else None


def _ids(counts: Sequence[int], mode: int) -> tuple[int, int, int, int]:
    t = tuple(counts)  # one copy, then slices of it (a tuple's own slices are tuples)
    return _group_ids(t[0:9], t[9:18], t[18:27], t[27:34], mode)


def _group_ids(b: tuple[int, ...], c: tuple[int, ...], d: tuple[int, ...], h: tuple[int, ...],
               mode: int) -> tuple[int, int, int, int]:
    # The hot path of every shanten: the cache hits are looked up inline, the misses built by the helpers.
    suits = _suit_ids[mode]
    ib = suits.get(b)
    if ib is None:
        ib = _suit_id(b, mode)
    ic = suits.get(c)
    if ic is None:
        ic = _suit_id(c, mode)
    id_ = suits.get(d)
    if id_ is None:
        id_ = _suit_id(d, mode)
    dual = mode == _ONE_CHOW
    ih = _honour_ids[dual].get(h)
    if ih is None:
        ih = _honour_id(h, dual)
    return ib, ic, id_, ih


def shanten(counts: Sequence[int], n_melds: int = 0, *, chows: bool = True, max_chows: int | None = None) -> int:
    """Tiles from ready for a regular hand: -1 complete, 0 ready (one tile from Mah Jongg), and so on.

    ``counts`` is the 34-long count vector of the concealed tiles; ``n_melds`` the sets already declared
    (kongs included), so ``counts`` holds ``3 * (4 - n_melds) + 1`` or ``+ 2`` tiles. ``chows=False`` for
    rulesets that allow no chows; ``max_chows``: how many more chows the hand may hold (British rules allow
    one chow in a hand, so a hand that has declared one may hold none).

    >>> from game.core.tiles import counts_of, parse_tiles
    >>> shanten(counts_of(parse_tiles("1B 1B 1B 2B 3B 4B 5B 5B")), 2)
    -1
    """
    if len(counts) != NUM_KINDS:
        raise ValueError(f"expected a count vector of {NUM_KINDS} kinds, got {len(counts)}")
    total = sum(counts)
    sets = _MAX_SETS - n_melds
    if not 0 <= n_melds <= _MAX_SETS or (total != 3 * sets + 1 and total != 3 * sets + 2):
        _sets_needed(total, n_melds)  # says what is wrong
    mode = (_CHOWS if chows else _NO_CHOWS) if max_chows is None else _mode(chows, max_chows, sets)
    if mode is None:
        return _missing_few_chows(list(counts), sets, max_chows or 0) - 1
    t = tuple(counts)  # _ids inline: this is the computer players' hot path
    return _missing_ids(_group_ids(t[0:9], t[9:18], t[18:27], t[27:34], mode), sets) - 1


def missing_tiles(counts: Sequence[int], sets: int, *, chows: bool = True) -> int:
    """The fewest tiles ``counts`` (any number of tiles) lack for ``sets`` sets and a pair: 0 for a complete
    hand, shanten plus one for a hand of full size (no size check, for callers that keep their own counts)."""
    return _missing_ids(_ids(counts, int(chows)), sets)


def missing_with_one_more(counts: Sequence[int], sets: int, *, chows: bool = True) -> dict[Tile, int]:
    """:func:`missing_tiles` of ``counts`` with one more tile, for each kind it holds fewer than four of: ``{tile:
    missing}``, the same numbers as one call per tile, but a tile changes only its own suit, so the other suits'
    tables are looked up once (a joker read as each kind in turn)."""
    after = _one_tile_changed(counts, sets, int(chows), _plus_ids)[2]
    return {base + i: missing for missing, base, positions in after for i in positions}


class NearHands:
    """Missing tiles (as :func:`missing_tiles`) of hands that differ from one hand by a few tiles taken out and
    put in (a Charleston's passes, jokers read in): each half of a hand (bamboo and characters, dots and honours)
    is costed once per change made to it, so a pass that changes one half as another pass did is a few look-ups."""

    def __init__(self, counts: Sequence[int], *, chows: bool = True) -> None:
        t = tuple(counts)
        self._parts = (t[0:18], t[18:34])
        self._mode = int(chows)
        self._halves: tuple[dict[tuple[tuple[int, ...], tuple[int, ...]], int], ...] = ({}, {})

    def missing(self, out: tuple[int, ...], put: tuple[int, ...], sets: Sequence[int]) -> list[int]:
        """Missing tiles of the hand less the tiles ``out`` and with the tiles ``put`` (both in tile order), for
        each number of sets in ``sets``."""
        i, j = bisect_left(out, 18), bisect_left(put, 18)
        change = (out[:i], put[:j])
        left = self._halves[0].get(change)
        if left is None:
            left = self._half(0, change)
        change = (out[i:], put[j:])
        right = self._halves[1].get(change)
        if right is None:
            right = self._half(1, change)
        finished = _finished
        found = []
        for n in sets:
            missing = finished.get((left << _ID_BITS | right) << 3 | n)
            found.append(_missing_halves(left, right, n) if missing is None else missing)
        return found

    def missing_without(self, outs: Sequence[tuple[int, ...]], sets: Sequence[int]) -> list[int]:
        """For each of ``outs`` (tiles in tile order), the missing tiles of the hand without them, added up over
        the numbers of sets in ``sets``: as :meth:`missing` with nothing put in, for many at once."""
        lefts, rights = self._halves
        finished = _finished
        found = []
        for out in outs:
            i = bisect_left(out, 18)
            change = (out[:i], ())
            left = lefts.get(change)
            if left is None:
                left = self._half(0, change)
            change = (out[i:], ())
            right = rights.get(change)
            if right is None:
                right = self._half(1, change)
            key = (left << _ID_BITS | right) << 3
            total = 0
            for n in sets:
                missing = finished.get(key | n)
                total += _missing_halves(left, right, n) if missing is None else missing
            found.append(total)
        return found

    def _half(self, half: int, change: tuple[tuple[int, ...], tuple[int, ...]]) -> int:
        base = 18 * half
        part = list(self._parts[half])
        for t in change[0]:
            part[t - base] -= 1
        for t in change[1]:
            part[t - base] += 1
        x, y = tuple(part[0:9]), tuple(part[9:])
        found = _pair_id(_suit_id(x, self._mode), _suit_id(y, self._mode) if half == 0 else _honour_id(y))
        self._halves[half][change] = found
        return found


def shanten_after_discards(counts: Sequence[int], n_melds: int = 0, *, chows: bool = True,
                           max_chows: int | None = None) -> dict[Tile, int]:
    """The shanten left after discarding each kind the hand holds: ``{tile: shanten(counts - tile)}``.

    The same numbers as calling :func:`shanten` once per discard (and the same ``ValueError`` for a hand of the
    wrong size), but a discard changes only its own suit, so the other three suits' tables are looked up once.

    >>> from game.core.tiles import counts_of, parse_tiles, tile_from_code
    >>> after = shanten_after_discards(counts_of(parse_tiles("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD NW")))
    >>> after[tile_from_code("NW")], after[tile_from_code("1B")]
    (0, 1)
    """
    if len(counts) != NUM_KINDS:
        raise ValueError(f"expected a count vector of {NUM_KINDS} kinds, got {len(counts)}")
    sets = _sets_needed(sum(counts) - 1, n_melds)  # the hand left after a discard must be a valid one
    mode = (_CHOWS if chows else _NO_CHOWS) if max_chows is None else _mode(chows, max_chows, sets)
    if mode is None:
        # The few-chows search does not split by suit; no bundled ruleset needs it, so it runs per discard.
        found: dict[Tile, int] = {}
        hand = list(counts)
        for t in [t for t in range(NUM_KINDS) if counts[t]]:
            hand[t] -= 1
            found[t] = _missing_few_chows(hand, sets, max_chows or 0) - 1
            hand[t] += 1
        return found
    # The discards come in tile order (see _minus_ids), as the callers' ties expect.
    return {base + i: missing - 1 for missing, base, i in _one_tile_changed(counts, sets, mode, _minus_ids)[2]}


_Positions = TypeVar("_Positions", int, tuple[int, ...])
"""A group's table ids after each one-tile change: :func:`_minus_ids` or :func:`_plus_ids`."""


def _one_tile_changed(counts: Sequence[int], sets: int, mode: int,
                      change: Callable[[tuple[int, ...], int], tuple[tuple[int, _Positions], ...]],
                      ) -> tuple[int, int, list[tuple[int, int, _Positions]]]:
    """The table ids of the halves of ``counts`` (``sets`` sets wanted; :func:`_missing_halves` gives its missing
    tiles), and the missing tiles of the hands that ``change`` (``_minus_ids``:
    one tile of a kind less, ``_plus_ids``: one more) makes of it: ``(missing tiles, base, positions)`` for the tiles
    ``base + position``, every tile that allows the change once, in the order of the change's entries (positions as
    :func:`_step_ids` gives them).

    The hand's cost splits as (bamboo + characters) + (dots + honours): a changed tile rebuilds only its half,
    and the group's table ids after each change are remembered with the group, several changes sharing one id
    (a far tile added anywhere, say), so each id is two look-ups of cached tables."""
    t = tuple(counts)
    b, c, d, h = t[0:9], t[9:18], t[18:27], t[27:34]
    ib, ic, id_, ih = _group_ids(b, c, d, h, mode)
    combined, finished = _combined_ids, _finished
    left = combined.get(ib << _ID_BITS | ic)
    if left is None:
        left = _pair_id(ib, ic)
    right = combined.get(id_ << _ID_BITS | ih)
    if right is None:
        right = _pair_id(id_, ih)
    found = []
    # Per group: where its tiles start, its table ids after each change, and how the new id makes its half:
    # (the other group's id, whether the new id comes first in the pair, whether the half is the left one).
    halves = (
        (0, change(b, mode), ic, True, True),
        (9, change(c, mode), ib, False, True),
        (18, change(d, mode), ih, True, False),
        (27, change(h, 3 + (mode == _ONE_CHOW)), id_, False, False),
    )
    for base, after, other, first, in_left in halves:
        for new, positions in after:
            pair = new << _ID_BITS | other if first else other << _ID_BITS | new
            half = combined.get(pair)
            if half is None:
                half = _pair_id(new, other) if first else _pair_id(other, new)
            missing = finished.get(((half << _ID_BITS | right) if in_left else (left << _ID_BITS | half)) << 3 | sets)
            if missing is None:
                missing = _missing_halves(half, right, sets) if in_left else _missing_halves(left, half, sets)
            found.append((missing, base, positions))
    return left, right, found


def _minus_ids(group: tuple[int, ...], mode: int) -> _MinusSteps:
    """``(table id, position)`` of a suit (9 counts) or the honours (7; ``mode`` 3, or 4 for dual tables) with one
    tile taken out at a position it holds, one entry per position in order (few share an id)."""
    cache = _minus_cache[mode]
    found = cache.get(group)
    if found is None:
        found = cache[group] = cast(_MinusSteps, _step_ids(group, mode, -1))
    return found


def _step_ids(group: tuple[int, ...], mode: int, step: int) -> tuple[tuple[int, Any], ...]:
    """``(table id, positions)`` of ``group`` with one tile taken out (``step`` -1) or added (+1) at each of the
    positions, of all that allow it: what :func:`_minus_ids` and :func:`_plus_ids` keep, worked out once per group.
    Added tiles are grouped by id (positions a tuple), taken ones listed one by one in order (position an int)."""
    honours = mode >= 3
    after = list(group)
    ids: dict[int, list[int]] = {}
    found: list[tuple[int, int]] = []
    for i, n in enumerate(group):
        if (n >= 4) if step > 0 else not n:  # no fifth copy to draw; nothing to take out
            continue
        after[i] += step
        new = _honour_id(tuple(after), mode == 4) if honours else _suit_id(tuple(after), mode)
        if step > 0:
            ids.setdefault(new, []).append(i)
        else:
            found.append((new, i))
        after[i] -= step
    return tuple(found) if step < 0 else tuple((new, tuple(positions)) for new, positions in ids.items())


def _missing_few_chows(counts: list[int], sets: int, chows_left: int) -> int:
    """Fewest missing tiles for ``sets`` sets and a pair with at most ``chows_left`` chows among them.

    Either no chow at all, or some chow first: the tiles of it the hand holds go into it and the rest are
    missing, and the other sets come from what is left. Giving the chow the tiles it can use first never costs
    a tile, so this is exact. A chow of tiles the hand does not hold costs three, as a fresh pung does, so
    only chows touching the hand are tried. One chow left is the dual tables' case (:func:`_one_chow_id`).
    """
    if chows_left == 1 and sets > 0:
        return _missing_ids(_ids(counts, _ONE_CHOW), sets)
    best = _missing_ids(_ids(counts, _NO_CHOWS), sets)
    if chows_left <= 0 or sets <= 0:
        return best
    for start in range(27):
        if start % 9 > 6:
            continue
        held = [x for x in (start, start + 1, start + 2) if counts[x]]
        if not held or 3 - len(held) >= best:
            continue
        for x in held:
            counts[x] -= 1
        best = min(best, 3 - len(held) + _missing_few_chows(counts, sets - 1, chows_left - 1))
        for x in held:
            counts[x] += 1
    return best


def _one_chow_id(suit: tuple[int, ...]) -> int:
    """Table id of a suit's cost table when exactly one of its sets is a chow (the others pungs): the chow takes
    the tiles of it the suit holds (never a worse choice, as in :func:`_missing_few_chows`), the rest is costed
    without chows.

    A rest's table without chows depends only on how many of its kinds are held once, twice, three and four times
    (:func:`_singles_id`), written as one number (:func:`_held_code`); a chow placed over kinds held ``a``, ``b``
    and ``c`` times changes that number by the same amount in any suit, so each placement is a look-up, and suits
    whose placements leave the same rests share one table."""
    found = _one_chow_ids.get(suit)
    if found is None:
        code = _held_code(suit)
        windows = _CHOW_WINDOWS
        ways = frozenset((way[0], code + way[1]) for way in (windows[suit[i:i + 3]] for i in range(7)) if way)
        found = _placed_ids.get(ways)
        if found is None:
            found = _placed_ids[ways] = _placed_id(ways)
        _one_chow_ids[suit] = found
    return found


def _held_code(counts: Sequence[int]) -> int:
    """How many kinds ``counts`` holds once, twice, three and four times, as the digits of one number (base 16)."""
    return counts.count(1) + 16 * counts.count(2) + 256 * counts.count(3) + 4096 * counts.count(4)


def _chow_window(held: tuple[int, ...]) -> tuple[int, int] | None:
    """A chow placed over three kinds held ``held`` times: the tiles it lacks, and how :func:`_held_code` changes
    when it takes one of each kind held (None: it holds none, and costs 3 as a fresh set does)."""
    taken = [n for n in held if n]
    if not taken:
        return None
    digit = (0, 1, 16, 256, 4096)
    return 3 - len(taken), sum(digit[n - 1] - digit[n] for n in taken)


_CHOW_WINDOWS: dict[tuple[int, ...], tuple[int, int] | None] = {
    (a, b, c): _chow_window((a, b, c)) for a in range(5) for b in range(5) for c in range(5)}


def _placed_id(ways: frozenset[tuple[int, int]]) -> int:
    """Table id of the cheapest of ``ways`` to place the one chow (the tiles it lacks, the rest's held code)."""
    placed = _placed
    tables = [placed.get(way) or _placed_table(way) for way in ways]
    if len(tables) > 1:
        return _intern(tuple(map(min, *tables)))
    return _intern(tables[0] if tables else _DEAD)  # (no tile held: no chow over held tiles)


def _placed_table(way: tuple[int, int]) -> Table:
    """The cost table of one way to place the one chow (the tiles it lacks, the rest's held code): the chow is one
    more set beside the rest's sets and pair."""
    cost, code = way
    # Any counts of that code stand for the rest: its table depends on nothing else.
    rest = _tables[_singles_id(tuple(n for n in (1, 2, 3, 4) for _ in range(code >> 4 * (n - 1) & 15)))]
    found = _placed[way] = (_INF, _INF, *(cost + x if x < _INF else _INF for x in rest[:8]))
    return found


_placed_ids: dict[frozenset[tuple[int, int]], int] = {}
_placed: dict[tuple[int, int], Table] = {}


def _candidates(counts: Sequence[int], chows: bool) -> tuple[list[Tile], Tile | None]:
    """Tiles worth trying to add: those near a held tile, plus one representative far tile.

    Every tile with no held tile within two steps in its suit (or of its own kind) adds the same
    single-tile block, so one of them stands for all.
    """
    marked = [False] * NUM_KINDS
    for t in range(NUM_KINDS):
        if counts[t]:
            marked[t] = True
            if t < 27 and chows:
                base = t - t % 9
                for u in range(max(base, t - 2), min(base + 8, t + 2) + 1):
                    marked[u] = True
    near: list[Tile] = []
    far: Tile | None = None
    for t in range(NUM_KINDS):
        if counts[t] >= 4:
            continue
        if marked[t]:
            near.append(t)
        elif far is None:
            far = t
    return near, far


def _plus_ids(group: tuple[int, ...], mode: int) -> _PlusSteps:
    """``(table id, positions)`` of a suit or the honours with one more tile at each of those positions (a copy left
    to draw there); the twin of :func:`_minus_ids`."""
    cache = _plus_cache[mode]
    found = cache.get(group)
    if found is None:
        found = cache[group] = cast(_PlusSteps, _step_ids(group, mode, 1))
    return found


_SETS_ONLY, _WITH_PAIR = 1, 2


def _suit_shapes(suit: tuple[int, ...], chows: bool) -> int:
    """Bit set of the ways a suit's tiles split with nothing left over: into sets, or into sets and a pair."""
    cache = _shape_cache[chows]
    found = cache.get(suit)
    if found is None:
        found = cache[suit] = _split_shapes(suit, 0, chows, True)
    return found


def _split_shapes(suit: tuple[int, ...], start: int, chows: bool, pair_free: bool) -> int:
    i = start
    n = len(suit)
    while i < n and not suit[i]:
        i += 1
    if i == n:
        return _SETS_ONLY
    shapes = 0
    rest = list(suit)
    if suit[i] >= 3:
        rest[i] -= 3
        shapes |= _split_shapes(tuple(rest), i, chows, pair_free)
        rest[i] += 3
    if pair_free and suit[i] >= 2:
        rest[i] -= 2
        if _split_shapes(tuple(rest), i, chows, False) & _SETS_ONLY:
            shapes |= _WITH_PAIR
        rest[i] += 2
    if chows and i + 2 < n and suit[i + 1] and suit[i + 2]:
        rest[i] -= 1
        rest[i + 1] -= 1
        rest[i + 2] -= 1
        shapes |= _split_shapes(tuple(rest), i, chows, pair_free)
    if not pair_free:
        shapes &= _SETS_ONLY
    return shapes


def _is_complete_groups(groups: list[int]) -> bool:
    pairs = 0
    for shapes in groups:
        if shapes & _SETS_ONLY:
            continue
        if not shapes & _WITH_PAIR:
            return False
        pairs += 1
    if pairs == 1:
        return True
    # Every group also splits into bare sets, so one of them must be able to give the pair instead.
    return pairs == 0 and any(shapes & _WITH_PAIR for shapes in groups)


def waits(counts: Sequence[int], n_melds: int = 0, *, chows: bool = True) -> list[Tile]:
    """The tiles that complete a ready hand of ``3 * (4 - n_melds) + 1`` tiles (empty if not ready).

    A tile whose four copies are all in the hand is never a wait.
    """
    total = sum(counts)
    sets = _sets_needed(total, n_melds)
    if total != 3 * sets + 1:
        raise ValueError(f"expected {3 * sets + 1} concealed tiles to look for waits, got {total}")
    if _missing_ids(_ids(counts, int(chows)), sets) != 1:
        return []
    hand = list(counts)
    groups = [_suit_shapes(tuple(hand[9 * g:9 * g + 9]), chows) for g in range(3)]
    groups.append(_suit_shapes(tuple(hand[27:34]), False))
    found = []
    # A tile with no held tile near it cannot join a set or the pair, so it never completes a hand.
    near, _ = _candidates(counts, chows)
    for t in near:
        g = t // 9 if t < 27 else 3
        hand[t] += 1
        trial = list(groups)
        trial[g] = _suit_shapes(tuple(hand[9 * g:9 * g + 9]) if g < 3 else tuple(hand[27:34]), chows and g < 3)
        hand[t] -= 1
        if _is_complete_groups(trial):
            found.append(t)
    return found


def useful_tiles(counts: Sequence[int], n_melds: int = 0, *, chows: bool = True,
                 max_chows: int | None = None) -> list[Tile]:
    """The tiles that, drawn, bring a hand of ``3 * (4 - n_melds) + 1`` tiles one step nearer Mah Jongg;
    ``max_chows``: how many more chows the hand may hold (as :func:`shanten`)."""
    total = sum(counts)
    sets = _sets_needed(total, n_melds)
    if total != 3 * sets + 1:
        raise ValueError(f"expected {3 * sets + 1} concealed tiles to look for useful tiles, got {total}")
    return _nearer_by_one(counts, sets, chows, max_chows)


def _nearer_by_one(counts: Sequence[int], sets: int, chows: bool, max_chows: int | None) -> list[Tile]:
    """The tiles that, drawn, leave ``counts`` (any number of tiles) fewer tiles missing for ``sets`` sets and a
    pair, in tile order."""
    mode = int(chows) if max_chows is None else _mode(chows, max_chows, sets)
    if mode is None:  # the few-chows search (no bundled ruleset): a tile at a time
        hand = list(counts)
        now = _missing_few_chows(hand, sets, max_chows or 0)
        found = []
        for t in range(NUM_KINDS):
            if hand[t] < 4:
                hand[t] += 1
                if _missing_few_chows(hand, sets, max_chows or 0) < now:
                    found.append(t)
                hand[t] -= 1
        return found
    left, right, after = _one_tile_changed(counts, sets, mode, _plus_ids)
    now = _missing_halves(left, right, sets)
    found = [base + i for missing, base, positions in after if missing < now for i in positions]
    found.sort()
    return found


def useful_after_discards(counts: Sequence[int], n_melds: int = 0, *, chows: bool = True,
                          max_chows: int | None = None,
                          discards: Sequence[Tile] | None = None) -> dict[Tile, list[Tile]]:
    """:func:`useful_tiles` of the hand left by each discard (``discards``, else every kind held): ``{tile:
    useful_tiles(counts - tile, max_chows=max_chows)}``, the same lists (see :class:`UsefulAfter`)."""
    after = UsefulAfter(counts, n_melds, chows=chows, max_chows=max_chows)
    return {d: after.of(d) for d in ([x for x in range(NUM_KINDS) if counts[x]] if discards is None else discards)}


class UsefulAfter:
    """:func:`useful_tiles` of the hands a hand of ``3 * (4 - n_melds) + 2`` tiles leaves by each of its discards,
    each worked out when asked (:meth:`of`): a player that needs them for a few discards pays for those alone.

    A hand is costed as two halves (bamboo and characters, dots and honours), and a discard changes one: the
    tiles drawn into the other half are tried once for all the discards that leave the same table for theirs."""

    def __init__(self, counts: Sequence[int], n_melds: int = 0, *, chows: bool = True,
                 max_chows: int | None = None) -> None:
        if len(counts) != NUM_KINDS:
            raise ValueError(f"expected a count vector of {NUM_KINDS} kinds, got {len(counts)}")
        sets = _sets_needed(sum(counts) - 1, n_melds)
        if sum(counts) - 1 != 3 * sets + 1:
            raise ValueError(f"expected {3 * sets + 2} concealed tiles to look for useful tiles after a discard")
        t = tuple(counts)
        self._counts, self._n_melds, self._sets = t, n_melds, sets
        self._chows, self._max_chows = chows, max_chows
        self._mode = mode = int(chows) if max_chows is None else _mode(chows, max_chows, sets)
        self._gains: list[Tile] | None = None
        self._shanten: int | None = None
        if mode is None:  # the few-chows search does not split by suit (no bundled ruleset): a discard at a time
            return
        self._groups = groups = (t[0:9], t[9:18], t[18:27], t[27:34])
        self._ids = ids = _group_ids(*groups, mode)
        self._halves = (_pair_id(ids[0], ids[1]), _pair_id(ids[2], ids[3]))
        self._shared: dict[tuple[int, int], list[Tile]] = {}  # a half and its table after a discard: the other's
        # useful tiles

    def of(self, d: Tile) -> list[Tile]:
        """The useful tiles of the hand less one ``d`` (a kind it holds), in tile order: a new list."""
        mode, sets = self._mode, self._sets
        if mode is None:
            hand = list(self._counts)
            hand[d] -= 1
            return useful_tiles(hand, self._n_melds, chows=self._chows, max_chows=self._max_chows)
        groups, ids = self._groups, self._ids
        g = d // 9 if d < 27 else 3
        h = g // 2
        changed = list(groups[g])
        changed[d - 9 * g] -= 1
        group = tuple(changed)
        new = _suit_id(group, mode) if g < 3 else _honour_id(group, mode == _ONE_CHOW)
        mine = _pair_id(new, ids[g ^ 1]) if g % 2 == 0 else _pair_id(ids[g ^ 1], new)
        other = self._halves[1 - h]
        now = _half_missing(mine, other, h, sets)
        useful = self._shared.get((h, mine))
        if useful is None:
            k = 2 - 2 * h  # the other half's first group
            useful = self._shared[h, mine] = (_drawn_nearer(k, groups[k], ids[k + 1], mine, h == 1, sets, now, mode)
                                              + _drawn_nearer(k + 1, groups[k + 1], ids[k], mine, h == 1, sets, now,
                                                              mode))
        useful = [*useful, *_drawn_nearer(g, group, ids[g ^ 1], other, h == 0, sets, now, mode),
                  *_drawn_nearer(g ^ 1, groups[g ^ 1], new, other, h == 0, sets, now, mode)]
        useful.sort()
        return useful

    def bound(self, shanten_after: int) -> Sequence[Tile]:
        """Tiles among which lie the useful tiles of any discard that leaves the hand ``shanten_after`` tiles from
        ready: the :meth:`gains` where the discard leaves it as near as it was, else every kind."""
        if self._shanten is None:
            self._shanten = shanten(self._counts, self._n_melds, chows=self._chows, max_chows=self._max_chows)
        return self.gains() if shanten_after == self._shanten else range(NUM_KINDS)

    def gains(self) -> list[Tile]:
        """The tiles that, drawn, leave the whole hand (before its discard) fewer tiles missing, in tile order.

        Among them are the useful tiles of every discard that leaves the hand as few tiles missing as the whole
        hand (a hand holding fewer tiles never lacks fewer): a bound on those, for a player that weighs only the
        discards that may come out best."""
        if self._gains is None:
            self._gains = _nearer_by_one(self._counts, self._sets, self._chows, self._max_chows)
        return self._gains


def _drawn_nearer(k: int, group: tuple[int, ...], beside: int, other: int, left: bool, sets: int, now: int,
                  mode: int) -> list[Tile]:
    """The tiles that, drawn into group ``k`` (0-3: bamboo, characters, dots, honours) of counts ``group``, beside
    the group of table id ``beside`` in its half and the half of table id ``other`` (``left``: the group's half is
    the left one), leave fewer than ``now`` tiles missing for ``sets`` sets and a pair."""
    combined, finished = _combined_ids, _finished
    found: list[Tile] = []
    for new, tiles in _draws(k, group, mode):
        pair = new << _ID_BITS | beside if k % 2 == 0 else beside << _ID_BITS | new
        half = combined.get(pair)
        if half is None:
            half = _pair_id(new, beside) if k % 2 == 0 else _pair_id(beside, new)
        missing = finished.get(((half << _ID_BITS | other) if left else (other << _ID_BITS | half)) << 3 | sets)
        if missing is None:
            missing = _missing_halves(half, other, sets) if left else _missing_halves(other, half, sets)
        if missing < now:
            found.extend(tiles)
    return found


def _draws(k: int, group: tuple[int, ...], mode: int) -> tuple[tuple[int, tuple[Tile, ...]], ...]:
    """The table ids of group ``k`` of counts ``group`` with a tile drawn into it, and the tiles that make each (as
    :func:`_plus_ids`, the positions made tiles)."""
    key = (k, group, mode)
    found = _draws_cache.get(key)
    if found is None:
        found = _draws_cache[key] = tuple(
            (new, tuple(9 * k + i for i in positions))
            for new, positions in _plus_ids(group, 3 + (mode == _ONE_CHOW) if k == 3 else mode))
    return found


_draws_cache: dict[tuple[int, tuple[int, ...], int], tuple[tuple[int, tuple[Tile, ...]], ...]] = {}


def _half_missing(mine: int, other: int, h: int, sets: int) -> int:
    """Missing tiles of a hand of halves ``mine`` (the left one when ``h`` is 0) and ``other``."""
    left, right = (mine, other) if h == 0 else (other, mine)
    found = _finished.get((left << _ID_BITS | right) << 3 | sets)
    return _missing_halves(left, right, sets) if found is None else found


def visible_remaining(counts: Sequence[int], seen: Sequence[int]) -> list[int]:
    """Copies of each kind a player may still draw or claim: 4 minus those in hand and those seen.

    ``seen`` counts what the player can see outside the concealed hand (every discard, every exposed set,
    its own declared sets) as a 34-long vector; :func:`game.core.tiles.counts_of` makes one from tiles.
    """
    if len(counts) != NUM_KINDS or len(seen) != NUM_KINDS:
        raise ValueError(f"expected count vectors of {NUM_KINDS} kinds, got {len(counts)} and {len(seen)}")
    return [max(0, 4 - counts[t] - seen[t]) for t in range(NUM_KINDS)]


def ukeire(counts: Sequence[int], n_melds: int = 0, remaining: Sequence[int] | None = None, *,
           chows: bool = True) -> int:
    """How many live tiles would bring the hand one step nearer Mah Jongg.

    ``remaining`` (from :func:`visible_remaining`) says how many copies of each kind are still live; by
    default only the hand's own tiles are counted against the four copies.
    """
    live = remaining if remaining is not None else [4 - n for n in counts]
    return sum(live[t] for t in useful_tiles(counts, n_melds, chows=chows))


def cache_sizes() -> dict[str, int]:
    """Entries in the analysis caches (for benchmarks and memory checks)."""
    return {"blocks": len(_block_cache), "tails": len(_rest_cache), "tables": len(_tables),
            "suits": sum(len(c) for c in _suit_ids), "honours": sum(len(c) for c in _honour_ids),
            "combined": len(_combined_ids), "finished": len(_finished)}


def clear_caches() -> None:
    """Forget every cached table (benchmarks use it to time a cold start)."""
    _block_cache.clear()
    _block_ids.clear()
    _singles_ids.clear()
    _moves_cache.clear()
    _rest_cache.clear()
    _tables.clear()
    _table_ids.clear()
    for cache in (*_suit_ids, *_honour_ids):
        cache.clear()
    _one_chow_ids.clear()
    _placed_ids.clear()
    _placed.clear()
    _combined_ids.clear()
    _finished.clear()
    for shapes in _shape_cache:
        shapes.clear()
    for minus in _minus_cache:
        minus.clear()
    for plus in _plus_cache:
        plus.clear()
    _draws_cache.clear()
    _combine_cache.clear()
