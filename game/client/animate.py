"""Turns core events into tweens: tiles flying from stake to pond, from wall to stake, from pond to a set.

The mapping is one handler per event class in ``Animator.handlers``; the physical wall ceremony
(:class:`game.client.ceremony.Ceremony`, built by whoever owns the animator) adds or replaces handlers with
:meth:`Animator.register` and follows every event through the :class:`SetUp` hooks, without this module knowing it.
Tweens (:mod:`game.client.tween`) are queued in steps: the tweens of one step play together, steps play one after
another. While a tween is queued or flying, the thing it brings (a discard, a drawn tile, a set) is *hidden* under a
key, so the scene never shows it twice.

Speed divides every duration; speed 0 is instant mode (nothing is queued). :meth:`finish` completes everything at
once (a click, Enter or Space). Positions are interpolated between the previous and the current fixed step.

A step may also carry *actors* (things with their own motion, like the washing tiles and the dice of
:mod:`game.client.ceremony`) and *cues*: callbacks run when the step starts (its sound, its speech balloon, the
wall losing the tiles that fly) and when it ends. Cues always run, in order, whether the step is played, skipped by
:meth:`finish` or never queued (instant mode), so whatever they keep up to date ends the same either way.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from typing import Any, Protocol

from game.client import layout
from game.client.messages import balloon_words
from game.client.tween import Cue, Scenery, Step, Tween
from game.core import events as ev
from game.core.tiles import sort_for_display

Handler = Callable[[Any, Scenery], list[Step]]


class SetUp(Protocol):
    """What the animator asks of the wall ceremony about every event it is fed."""

    def in_ceremony(self, event: ev.Event) -> bool:
        """Whether ``event`` belongs to the setting up of a hand (asked once per event, in order)."""

    def apply(self, event: ev.Event) -> None:
        """Bring the wall picture up to date with ``event`` (its tiles have left)."""

    def land(self, event: ev.Event) -> None:
        """``event``'s tiles have arrived where they go."""


class Animator:
    """Queued steps of tweens made from events, plus the speech balloons and sounds they trigger."""

    def __init__(self, speed: float = 1.0, *, show_dealing: bool = True) -> None:
        self.speed = speed
        self.show_dealing = show_dealing
        self.steps: deque[Step] = deque()
        self.muted = False
        self.on_balloon: Callable[[int, str], None] | None = None
        self.on_sound: Callable[[str, ev.Event | None], None] | None = None
        self.handlers: dict[type, Handler] = {
            ev.TileDiscarded: self._discarded,
            ev.DiscardClaimed: self._claimed,
            ev.BonusExposed: self.flower_steps,
            ev.KongDeclared: self._beat,
            ev.MahJonggDeclared: self._beat,
        }
        self.ceremony: Any = None
        """The wall on the table and the opening ceremony (a :class:`SetUp`), which sets itself here and registers
        its own handlers; None animates the events without a wall."""

    def register(self, event_type: type, handler: Handler) -> None:
        """Animate ``event_type`` with ``handler(event, scenery) -> [Step]`` (replacing any earlier handler)."""
        self.handlers[event_type] = handler

    @property
    def instant(self) -> bool:
        return self.speed <= 0

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def feed(self, events: list[ev.Event], scenery: Scenery) -> None:
        """Queue the animations for ``events`` (in order); their balloons and sounds come when they start."""
        for event in events:
            if isinstance(event, ev.TileDrawn | ev.ReplacementDrawn):
                scenery.drawn[event.seat] = event.tile
            ceremony = self.ceremony
            setting_up = ceremony is not None and ceremony.in_ceremony(event)
            cue = self._cue(event)
            skip = self.instant or (setting_up and not self.show_dealing)
            handler = self.handlers.get(type(event))
            steps = handler(event, scenery) if handler is not None and not skip else []
            if skip or (not steps and not self.steps):
                cue()
                if ceremony is not None:
                    ceremony.apply(event)
                    ceremony.land(event)
                continue
            if not steps:
                # Nothing to show, but its balloon and sound wait for what was queued before it.
                steps = [Step()]
            steps[0].on_start.insert(0, cue)
            for step in steps:
                step.speed = self.speed
                for tween in step.tweens:
                    tween.scale(self.speed)
                for actor in step.actors:
                    actor.duration /= self.speed
                    actor.speed = self.speed
                step.pause /= self.speed
                self.steps.append(step)

    def _cue(self, event: ev.Event) -> Cue:
        def cue() -> None:
            words = balloon_words(event)
            if words and self.on_balloon is not None:
                self.on_balloon(getattr(event, "seat", 0), words)
            self.sound(event.kind, event)
        return cue

    def sound(self, name: str, event: ev.Event | None = None) -> None:
        """Play a sound now, unless the steps are being skipped (a click must not set off every sound at once)."""
        if self.on_sound is not None and not self.muted:
            self.on_sound(name, event)

    def update(self, dt: float) -> None:
        """Advance the current step by ``dt``; a finished step gives way to the next."""
        while self.steps and dt >= 0:
            step = self.steps[0]
            step.start()
            for tween in step.tweens:
                tween.step(dt)
            for actor in step.actors:
                actor.update(dt)
            step.elapsed += dt
            if not step.done:
                return
            dt = step.elapsed - step.duration
            self.steps.popleft()
            step.end()
            if dt <= 0:
                return

    def finish(self) -> None:
        """Complete every queued animation now (every cue still runs, in order; steps not begun stay silent)."""
        while self.steps:
            step = self.steps.popleft()
            self.muted = not step.started
            try:
                step.end()
            finally:
                self.muted = False

    def hidden(self) -> set[Hashable]:
        """The keys of things not to draw yet: they are still on their way."""
        keys = set()
        for n, step in enumerate(self.steps):
            for tween in step.tweens:
                if tween.hide is not None and not (n == 0 and tween.done):
                    keys.add(tween.hide)
        return keys

    def flying(self) -> list[Tween]:
        """The tweens of the current step still on their way (waiting ones stand at their start)."""
        if not self.steps or not self.steps[0].started:
            return []
        return [t for t in self.steps[0].tweens if not t.done]

    def actors(self) -> list[Any]:
        return list(self.steps[0].actors) if self.steps and self.steps[0].started else []

    # -- the mapping --------------------------------------------------------------------------------------------

    def _discarded(self, event: ev.TileDiscarded, scenery: Scenery) -> list[Step]:
        seat = event.seat
        target = scenery.discard_place(seat)
        index = max(0, len(scenery.table.players[seat].discards) - 1)
        drawn = scenery.drawn.pop(seat, None)
        kept: list[Tween] = []
        if seat == scenery.human and event.tile in scenery.hand_slot:
            start, size0 = scenery.hand_slot.pop(event.tile), layout.HAND_TILE
        elif seat != scenery.human and scenery.direction:
            stake = sort_for_display(scenery.table.players[seat].concealed)
            before = layout.concealed_positions(seat, len(stake) + 1)
            start, size0 = before[sort_for_display([*stake, event.tile]).index(event.tile)].pos, layout.DISCARD_TILE
            if drawn is not None and drawn != event.tile and drawn in stake:
                kept = [self._kept_tween(seat, stake.index(drawn), len(stake), before[-1])]
        else:
            placed = scenery.stake_middle(seat)
            start, size0 = placed.pos, layout.DISCARD_TILE
        return [Step([Tween(event.tile, start, target.pos, size0, target.size, 0.3, rotate=target.rotate,
                            hide=("discard", seat, index), lift=30), *kept])]

    @staticmethod
    def _kept_tween(seat: int, slot: int, count: int, end: layout.Placed) -> Tween:
        """Direction (F11): the tile ``seat`` drew and kept waits at the end of its stake while the discard
        leaves, then moves to its sorted place."""
        place = layout.concealed_positions(seat, count)[slot]
        return Tween(None, end.pos, place.pos, end.size, place.size, 0.3, face_up=False, rotate=place.rotate,
                     hide=("stake_slot", seat, slot), lift=14, delay=0.3)

    def _claimed(self, event: ev.DiscardClaimed, scenery: Scenery) -> list[Step]:
        p = scenery.table.players[event.seat]
        index = len(p.melds) - 1
        places = scenery.meld_places(event.seat, index)
        if not places:
            return []
        start = layout.discard_position(event.from_seat, len(scenery.table.players[event.from_seat].discards)).pos
        ordered = sort_for_display(event.meld)
        slot = ordered.index(event.tile) if event.tile in ordered else 0
        target = places[min(slot, len(places) - 1)]
        tween = Tween(event.tile, start, target.pos, layout.DISCARD_TILE, target.size, 0.32, rotate=target.rotate,
                      hide=("meld", event.seat, index), lift=24)
        return [Step([tween], pause=0.25)]

    def flower_steps(self, event: ev.BonusExposed, scenery: Scenery) -> list[Step]:
        """A flower or season flies from the stake to its place beside the exposed sets."""
        p = scenery.table.players[event.seat]
        index = p.bonus.index(event.tile) if event.tile in p.bonus else len(p.bonus) - 1
        target = scenery.bonus_place(event.seat, index)
        if target is None:
            return []
        start = scenery.stake_middle(event.seat).pos
        return [Step([Tween(event.tile, start, target.pos, layout.DISCARD_TILE, target.size, 0.25,
                            rotate=target.rotate, hide=("bonus", event.seat, index))])]

    def _beat(self, event: ev.Event, scenery: Scenery) -> list[Step]:
        """A short pause so a call can be seen before play goes on."""
        return [Step(pause=0.45 if isinstance(event, ev.KongDeclared) else 0.8)]
