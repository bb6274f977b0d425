"""When the garbage collector runs while a game is played: between hands, not inside a computer player's decision.

Playing a hand makes no reference cycles (a full collection after each of 40 autoplayed expert hands freed
nothing), so a collection during play only walks live objects; a full (generation 2) one walks all of them: the
rulesets, the analysis tables, the judge's cache of hands seen (some 60,000 objects after 400 hands, more in a
British game). Python starts one whenever enough objects have outlived the last, wherever the program happens to
be; one that landed in a computer player's decision cost it 60-180 ms (500 hands of each personality against
three greedy bots: with the collector on, the slowest decisions, 85-128 ms in the classic game and 167-196 ms in
the British, had a full collection in them; with it off, the classic maxima were 20-42 ms, but for one
limitmaker hand of a long one-suit run whose first-seen suit shapes took the hand analysis 50-76 ms).

So the game gets its full collections where nobody is thinking: :func:`between_hands`, called as each hand
starts, freezes (``gc.freeze``) what is alive, so a collection during the hand walks only what the hand itself
has made. Frozen objects that become unreachable in a cycle later are not collected while frozen, so once the
objects alive at hand boundaries have doubled since the last full pass, they are thawed and collected, at a
hand boundary too: fewer full passes than Python's own (it waits for a quarter more), none in a decision.
"""

from __future__ import annotations

import gc

_GROWTH = 1
"""A full pass once the objects alive at hand boundaries have grown by 1/_GROWTH (doubled) since the last one."""


class HandBoundaryCollector:
    """Freezes what is alive at hand boundaries, so the collections during a hand walk only what it made, and
    collects everything there now and then."""

    def __init__(self) -> None:
        self.full_at = 0
        """Objects alive after the last full pass."""
        self.kept = 0
        """Objects frozen since then, as counted when frozen; some have died since, so it is an overestimate
        (``gc.get_freeze_count`` counts exactly, but walks every frozen object: about 10 ms by a few hundred
        hands, too dear for every hand)."""
        self.count_at = 0
        """The estimate at which the frozen objects are counted exactly; 0: at the growth a full pass needs."""
        self.step = 0
        """How far the estimate last had to grow between two exact counts that found too little growth."""

    def between_hands(self) -> None:
        """Freeze what is alive; a full pass over everything once it has grown enough. A program that turned the
        collector off (``gc.disable``) keeps it off."""
        if not gc.isenabled():
            return
        # Playing makes no cycles, so collecting the young objects frees next to nothing; it is done for what it
        # stops tracking: the tuples of plain numbers (and dicts of them) that fill the analysis caches are left
        # out of every later walk once a collection has seen them. Frozen unseen, they were counted as growth and
        # walked by the full passes: four experts spent 5-10% of their time in British games at hand boundaries,
        # half as much with this (a young collection costs under a millisecond). A cycle the client drops waits
        # for the next full pass.
        gc.collect(1)
        self.kept += len(gc.get_objects())
        gc.freeze()
        threshold = self.full_at // _GROWTH
        if self.kept <= max(threshold, self.count_at):
            return
        self.kept = max(0, gc.get_freeze_count() - self.full_at)  # the real growth, now that it may matter
        if self.kept > threshold:
            gc.unfreeze()
            gc.collect()
            self.full_at = len(gc.get_objects())
            self.kept = self.count_at = self.step = 0
            gc.freeze()
            return
        # What lives can level off just under the threshold (the caches are bounded), while the estimate keeps
        # climbing past it: each exact count that finds too little growth waits twice as long for the next one
        # (by the estimate, never longer than a threshold's worth), not a count every few hands.
        self.step = min(max(2 * self.step, threshold - self.kept), max(1, threshold))
        self.count_at = self.kept + self.step


class ServerCollector:
    """The policy of a table server, which plays many tables at once: some hand is always in play, so no hand
    boundary is a moment when nobody waits, and calling :func:`between_hands` at each table's deal made the
    full passes (50-130 ms with fifty tables) far more frequent than a game's. Instead the server calls
    :meth:`tick` every :data:`TICK_SECONDS`: it collects what was made since the last tick (a short walk: the rest
    is frozen) and freezes what survived, with the same rare full pass once what lives has doubled. Python's own
    full collections, and the collector of each table's deal, are off meanwhile."""

    def __init__(self) -> None:
        self.boundary = HandBoundaryCollector()
        self._thresholds: tuple[int, int, int] | None = None

    def start(self) -> None:
        """Take over: one full pass now (everything the tables loaded is frozen), none by Python itself."""
        global _COLLECTOR
        if self._thresholds is not None:
            return
        self._thresholds = gc.get_threshold()
        young, middle, _full = self._thresholds
        gc.set_threshold(young, middle, _NEVER)
        _COLLECTOR = _Held()
        self.boundary.between_hands()

    def tick(self) -> None:
        """Collect what was made since the last tick and freeze what lives (see the class's docstring)."""
        if gc.isenabled():
            gc.collect()  # only the objects made since the last tick are not frozen: a short walk
        self.boundary.between_hands()

    def stop(self) -> None:
        """Hand the collector back: Python's thresholds and the hand-boundary policy."""
        global _COLLECTOR
        if self._thresholds is None:
            return
        gc.set_threshold(*self._thresholds)
        self._thresholds = None
        gc.unfreeze()  # what was frozen is walked again: the program's own policy starts afresh
        _COLLECTOR = HandBoundaryCollector()


TICK_SECONDS = 1.0
"""How often a server's collector runs: often enough that each walk is short."""
_NEVER = 2**30
"""A threshold for full collections that is never reached: the server's ticks make them."""


class _Held:
    """Hand boundaries while a :class:`ServerCollector` runs: nothing (its ticks do the work)."""

    def between_hands(self) -> None:
        return


_COLLECTOR: HandBoundaryCollector | _Held = HandBoundaryCollector()


def between_hands() -> None:
    """Called where a hand starts (the autoplay loop, the client's deal): see the module's docstring."""
    _COLLECTOR.between_hands()
