"""Hand analysis for regular hands: tiles from ready (shanten), waits and useful tiles.

Shanten here is exact in the sense of tomohxx's calculator: the fewest tiles a hand must still draw to
hold a complete hand (four sets and a pair, fewer sets when some are declared), minus one. It is never
fooled by a wait on a tile whose four copies are all in the hand. -1 means complete, 0 ready.

How it is fast in pure Python. A complete hand is a choice of target sets; the cost of a target is how
many of its tiles the hand lacks. Tiles more than two apart can never share a chow, so each suit splits
into *blocks* (runs of tiles with gaps of at most one) that can be costed independently, and an honour is a
block of one. Each block's cost table — the cheapest way to build ``m`` sets (and maybe the pair) touching
it — is computed once by a small dynamic programme and cached; a suit's table combines its blocks' tables
and is cached on the 9-long count vector, and the honours' on their sorted counts. A hand then costs four
dictionary look-ups and a tiny combination. Sets built from tiles the hand does not hold at all ("fresh"
sets) cost 3 (2 for the pair) and are added last.

>>> from game.core.tiles import counts_of, parse_tiles
>>> shanten(counts_of(parse_tiles("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD")))
0
>>> [tile_code(t) for t in waits(counts_of(parse_tiles("1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD")))]
['RD']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.core.tiles import NUM_KINDS, Tile, tile_code

__all__ = [
    "UNREACHABLE",
    "missing_tiles",
    "shanten",
    "shanten_after_discards",
    "tile_code",
    "ukeire",
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
_moves_cache: dict[tuple[int, int, int, int], tuple[tuple[tuple[int, int, int], ...], ...]] = {}
_tables: list[Table] = []
_table_ids: dict[Table, int] = {}
_suit_ids: tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]] = ({}, {})  # [chows]
_honour_ids: dict[tuple[int, ...], int] = {}
_combined_ids: dict[int, int] = {}
_finished: dict[int, int] = {}
_shape_cache: tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]] = ({}, {})  # [chows]
_minus_cache: tuple[dict[tuple[int, ...], tuple[tuple[int, int], ...]], ...] = ({}, {}, {})  # [chows], then the honours
_one_chow_ids: dict[tuple[int, ...], int] = {}
_plus_cache: tuple[dict[tuple[int, ...], tuple[tuple[int, int], ...]], ...] = ({}, {}, {})  # as _minus_cache
_ID_BITS = 20


def _block_table(block: tuple[int, ...], room_left: int, room_right: int, chows: bool) -> Table:
    """Cost table of one block, found by a dynamic programme over its positions.

    ``room_left``/``room_right`` (0–2) are the empty positions a chow may reach outside the block before
    the suit ends. The state carries the chows still open: ``a`` started one position back (they need this
    tile and the next), ``b`` two back (they need only this tile).
    """
    key = (block, room_left, room_right, chows)
    cached = _block_cache.get(key)
    if cached is not None:
        return cached
    mirror = (block[::-1], room_right, room_left, chows)
    if mirror < key:  # a suit read backwards has the same sets, so the two share one table
        result = _block_cache[key] = _block_table(*mirror)
        return result
    counts = (0,) * room_left + block + (0,) * room_right
    n = len(counts)
    # A set or pair whose every tile would be one more than the hand holds costs as much as a "fresh" one
    # (costed later, in _finish), so the programme only places sets that use a held tile not yet taken.
    # That keeps the states few; it also caps the sets at the block's tile count.
    limit = min(_MAX_SETS, sum(block))
    # A state is packed as one int, ((m * 2 + h) * 5 + a) * 5 + b, because int dict keys are much cheaper.
    # What a state may do at a position depends on the counts there and two ahead, not on the block, so the
    # moves are looked up (see _moves) and the loop only adds numbers.
    states: dict[int, int] = {0: 0}
    inf = _INF  # a local: the loop below runs hundreds of times per block
    for i, have in enumerate(counts):
        moves_key = (limit, have, counts[i + 1], counts[i + 2]) if chows and i <= n - 3 else (limit, have, -1, -1)
        moves = _moves_cache.get(moves_key)
        if moves is None:
            moves = _moves_cache[moves_key] = _moves(moves_key)
        nxt: dict[int, int] = {}
        get = nxt.get
        for state, cost in states.items():
            for delta, extra, cap in moves[state % 50]:
                if state >= cap:
                    break
                c = cost + extra
                k = state + delta
                if c < get(k, inf):
                    nxt[k] = c
        states = nxt
    table = [_INF] * 10
    for state, cost in states.items():
        if state % 25 == 0 and cost < table[state // 25]:
            table[state // 25] = cost
    result = tuple(table)
    _block_cache[key] = result
    return result


def _moves(moves_key: tuple[int, int, int, int]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """The moves open at one position, for each packed ``(h, a, b)``: ``(delta, extra, cap)``.

    ``delta`` is added to the packed state, ``extra`` to its cost (tiles missing from the sets placed here),
    and the move is open only to states below ``cap``, which keeps the sets within the block's limit. Moves
    come in falling ``cap`` so the loop can stop at the first one closed. The rules are _block_table's:
    a pung or pair only where a held tile is left for it, new chows only up to the held tiles they can use.
    """
    limit, have, ahead1, ahead2 = moves_key
    chow_ok = ahead1 >= 0  # -1 ahead: no chow may start here
    table = []
    for low in range(50):
        h, a, b = low // 25, low // 5 % 5, low % 5
        carried = a + b
        found = []
        for pung in ((0, 1) if have > carried else (0,)):
            for pair in ((0, 1) if h == 0 and have > carried + 3 * pung else (0,)):
                base = carried + 3 * pung + 2 * pair
                if base > 4:
                    continue
                top = min(max(have - base, ahead1 - a, ahead2), 4 - base) if chow_ok else 0
                for new in range(top + 1):
                    sets = pung + new
                    if sets > limit:
                        break
                    used = base + new
                    delta = 50 * sets + 25 * pair + new * 5 + a - low % 25
                    found.append((delta, used - have if used > have else 0, (limit - sets + 1) * 50))
        found.sort(key=lambda move: -move[2])
        table.append(tuple(found))
    return tuple(table)


def _combine(x: Table, y: Table) -> Table:
    """The cheapest split of sets and the pair between two independent groups."""
    out = [_INF] * 10
    for i in range(10):
        xi = x[i]
        if xi >= _INF:
            continue
        for j in range(0, 10 - i + (i & 1), 2 if i & 1 else 1):
            yj = y[j]
            if yj < _INF and xi + yj < out[i + j]:
                out[i + j] = xi + yj
    return tuple(out)


def _intern(table: Table) -> int:
    found = _table_ids.get(table)
    if found is None:
        found = _table_ids[table] = len(_tables)
        _tables.append(table)
    return found


def _suit_table(suit: tuple[int, ...], chows: bool) -> Table:
    """Cost table of one suit's nine counts: the combination of its blocks."""
    if not chows:
        return _singles_table(suit)
    table = _EMPTY
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
        table = _combine(table, _block_table(suit[start:end + 1], min(2, start), min(2, 8 - end), True))
        i = end + 1
    return table


def _singles_table(counts: tuple[int, ...]) -> Table:
    """Cost table of tiles that cannot form chows (honours, or any tile when chows are not allowed)."""
    table = _EMPTY
    for c in sorted(counts):
        if c:
            table = _combine(table, _block_table((c,), 0, 0, False))
    return table


def _suit_id(suit: tuple[int, ...], chows: bool) -> int:
    cache = _suit_ids[chows]
    found = cache.get(suit)
    if found is None:
        found = cache[suit] = _intern(_suit_table(suit, chows))
    return found


def _honour_id(honours: tuple[int, ...]) -> int:
    found = _honour_ids.get(honours)
    if found is None:
        found = _honour_ids[honours] = _intern(_singles_table(honours))
    return found


def _pair_id(x: int, y: int) -> int:
    key = x << _ID_BITS | y
    found = _combined_ids.get(key)
    if found is None:
        found = _combined_ids[key] = _intern(_combine(_tables[x], _tables[y]))
    return found


def _finish(table: Table, sets: int) -> int:
    """Fewest missing tiles for ``sets`` sets and a pair, topping up with fresh sets where cheaper."""
    best = _INF
    for m in range(sets + 1):
        fresh = 3 * (sets - m)
        best = min(best, table[2 * m + 1] + fresh, table[2 * m] + fresh + 2)
    return best


def _missing_ids(ids: tuple[int, int, int, int], sets: int) -> int:
    """Fewest missing tiles of a hand given the table ids of its three suits and its honours."""
    left = _pair_id(ids[0], ids[1])
    right = _pair_id(ids[2], ids[3])
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


def _ids(counts: Sequence[int], chows: bool) -> tuple[int, int, int, int]:
    return _group_ids(tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]), chows)


def _group_ids(b: tuple[int, ...], c: tuple[int, ...], d: tuple[int, ...], h: tuple[int, ...],
               chows: bool) -> tuple[int, int, int, int]:
    # The hot path of every shanten: the cache hits are looked up inline, the misses built by the helpers.
    suits = _suit_ids[chows]
    ib = suits.get(b)
    if ib is None:
        ib = _suit_id(b, chows)
    ic = suits.get(c)
    if ic is None:
        ic = _suit_id(c, chows)
    id_ = suits.get(d)
    if id_ is None:
        id_ = _suit_id(d, chows)
    ih = _honour_ids.get(h)
    if ih is None:
        ih = _honour_id(h)
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
    sets = _sets_needed(sum(counts), n_melds)
    if chows and max_chows is not None and max_chows < sets:
        return _missing_few_chows(list(counts), sets, max_chows) - 1
    return _missing_ids(_ids(counts, chows), sets) - 1


def missing_tiles(counts: Sequence[int], sets: int, *, chows: bool = True) -> int:
    """The fewest tiles ``counts`` (any number of tiles) lack for ``sets`` sets and a pair: 0 for a complete
    hand, shanten plus one for a hand of full size (no size check, for callers that keep their own counts)."""
    return _missing_ids(_ids(counts, chows), sets)


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
    found: dict[Tile, int] = {}
    if chows and max_chows is not None and max_chows <= 0 < sets:
        chows = False  # no chow at all: the tables without chows, split by suit as below
    elif chows and max_chows is not None and max_chows < sets:
        # The few-chows search does not split by suit; it is rare enough (British hands) to run per discard.
        hand = list(counts)
        for t in [t for t in range(NUM_KINDS) if counts[t]]:
            hand[t] -= 1
            found[t] = _missing_few_chows(hand, sets, max_chows) - 1
            hand[t] += 1
        return found
    for t, missing in _one_tile_changed(counts, sets, chows, _minus_ids):
        found[t] = missing - 1
    return found


_Change = Callable[[tuple[int, ...], bool], tuple[tuple[int, int], ...]]
"""A group's table ids after each one-tile change: :func:`_minus_ids` or :func:`_plus_ids`."""


def _one_tile_changed(counts: Sequence[int], sets: int, chows: bool, change: _Change,
                      below: int = _INF) -> list[tuple[Tile, int]]:
    """``(tile, missing tiles)`` for each hand that ``change`` (``_minus_ids``: one tile of a kind less,
    ``_plus_ids``: one more) makes of ``counts``, ``sets`` sets wanted.

    The hand's cost splits as (bamboo + characters) + (dots + honours): a changed tile rebuilds only its half,
    and the group's table ids after each change are remembered with the group, so each hand is two look-ups
    of cached tables. Only the hands missing fewer than ``below`` tiles are listed (useful tiles want only those
    that bring the hand nearer), in tile order; a list, not a generator, as it is asked for every discard."""
    b, c, d, h = tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34])
    ib, ic, id_, ih = _group_ids(b, c, d, h, chows)
    left, right = _pair_id(ib, ic), _pair_id(id_, ih)
    combined, finished = _combined_ids, _finished
    found = []
    # Per group: where its tiles start, its table ids after each change, and how the new id makes its half:
    # (the other group's id, whether the new id comes first in the pair, whether the half is the left one).
    halves = (
        (0, change(b, chows), ic, True, True),
        (9, change(c, chows), ib, False, True),
        (18, change(d, chows), ih, True, False),
        (27, change(h, False), id_, False, False),
    )
    for base, after, other, first, in_left in halves:
        for i, new in after:
            pair = new << _ID_BITS | other if first else other << _ID_BITS | new
            half = combined.get(pair)
            if half is None:
                half = _pair_id(new, other) if first else _pair_id(other, new)
            key = ((half << _ID_BITS | right) if in_left else (left << _ID_BITS | half)) << 3 | sets
            missing = finished.get(key)
            if missing is None:
                first_id, second_id = (half, right) if in_left else (left, half)
                missing = finished[key] = _finish(_combine(_tables[first_id], _tables[second_id]), sets)
            if missing < below:
                found.append((base + i, missing))
    return found


def _minus_ids(group: tuple[int, ...], chows: bool) -> tuple[tuple[int, int], ...]:
    """For each position a suit (9 counts) or the honours (7) hold: ``(position, table id after one tile of it is
    taken out)``."""
    honours = len(group) == 7
    cache = _minus_cache[2 if honours else chows]
    found = cache.get(group)
    if found is None:
        found = cache[group] = _step_ids(group, chows, -1)
    return found


def _step_ids(group: tuple[int, ...], chows: bool, step: int) -> tuple[tuple[int, int], ...]:
    """``(position, table id)`` of ``group`` with one tile taken out (``step`` -1) or added (+1) at each position
    that allows it: what :func:`_minus_ids` and :func:`_plus_ids` keep, worked out once per group."""
    honours = len(group) == 7
    after = list(group)
    ids = []
    for i, n in enumerate(group):
        if (n >= 4) if step > 0 else not n:  # no fifth copy to draw; nothing to take out
            continue
        after[i] += step
        ids.append((i, _honour_id(tuple(after)) if honours else _suit_id(tuple(after), chows)))
        after[i] -= step
    return tuple(ids)


def _missing_few_chows(counts: list[int], sets: int, chows_left: int) -> int:
    """Fewest missing tiles for ``sets`` sets and a pair with at most ``chows_left`` chows among them.

    Either no chow at all, or some chow first: the tiles of it the hand holds go into it and the rest are
    missing, and the other sets come from what is left. Giving the chow the tiles it can use first never costs
    a tile, so this is exact. A chow of tiles the hand does not hold costs three, as a fresh pung does, so
    only chows touching the hand are tried.
    """
    ids = _ids(counts, False)
    best = _missing_ids(ids, sets)
    if chows_left <= 0 or sets <= 0:
        return best
    if chows_left == 1:
        # The one chow lies in one suit: that suit's table with exactly one chow in it, the others' without.
        for g in range(3):
            one = _one_chow_id(tuple(counts[9 * g:9 * g + 9]))
            trial = (one if g == 0 else ids[0], one if g == 1 else ids[1], one if g == 2 else ids[2], ids[3])
            best = min(best, _missing_ids(trial, sets))
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
    without chows."""
    found = _one_chow_ids.get(suit)
    if found is None:
        table = [_INF] * 10
        rest = list(suit)
        for start in range(7):
            held = [x for x in (start, start + 1, start + 2) if suit[x]]
            if not held:
                continue  # a chow of tiles not held costs 3, as a fresh set does
            for x in held:
                rest[x] -= 1
            after = _tables[_suit_id(tuple(rest), False)]
            for x in held:
                rest[x] += 1
            cost = 3 - len(held)
            for i in range(8):  # sets 0-3 and the pair in the rest: one more set with the chow
                if after[i] < _INF and cost + after[i] < table[i + 2]:
                    table[i + 2] = cost + after[i]
        found = _one_chow_ids[suit] = _intern(tuple(table))
    return found


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


def _plus_ids(group: tuple[int, ...], chows: bool) -> tuple[tuple[int, int], ...]:
    """For each position of a suit (9 counts) or the honours (7) with a copy left to draw: ``(position, table id
    after one more tile of it)``; the twin of :func:`_minus_ids`."""
    honours = len(group) == 7
    cache = _plus_cache[2 if honours else chows]
    found = cache.get(group)
    if found is None:
        found = cache[group] = _step_ids(group, chows, 1)
    return found


def _lowering(counts: Sequence[int], n_melds: int, chows: bool, target: int) -> list[Tile]:
    """Tiles whose addition brings the hand's missing-tile count to ``target`` or below (two look-ups of cached
    tables each: :func:`_one_tile_changed`)."""
    return [t for t, _ in _one_tile_changed(counts, _MAX_SETS - n_melds, chows, _plus_ids, target + 1)]


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
    if _missing_ids(_ids(counts, chows), sets) != 1:
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


def useful_tiles(counts: Sequence[int], n_melds: int = 0, *, chows: bool = True) -> list[Tile]:
    """The tiles that, drawn, bring a hand of ``3 * (4 - n_melds) + 1`` tiles one step nearer Mah Jongg."""
    total = sum(counts)
    sets = _sets_needed(total, n_melds)
    if total != 3 * sets + 1:
        raise ValueError(f"expected {3 * sets + 1} concealed tiles to look for useful tiles, got {total}")
    return _lowering(counts, n_melds, chows, _missing_ids(_ids(counts, chows), sets) - 1)


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
    return {"blocks": len(_block_cache), "tables": len(_tables), "suits": sum(len(c) for c in _suit_ids),
            "honours": len(_honour_ids), "combined": len(_combined_ids), "finished": len(_finished)}


def clear_caches() -> None:
    """Forget every cached table (benchmarks use it to time a cold start)."""
    _block_cache.clear()
    _moves_cache.clear()
    _tables.clear()
    _table_ids.clear()
    for cache in _suit_ids:
        cache.clear()
    _honour_ids.clear()
    _one_chow_ids.clear()
    _combined_ids.clear()
    _finished.clear()
    for shapes in _shape_cache:
        shapes.clear()
    for minus in (*_minus_cache, *_plus_cache):
        minus.clear()
