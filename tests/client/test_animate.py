"""Events become tweens: what flies where, what is hidden while it flies, instant mode and finishing early."""

from __future__ import annotations

from game.client.tween import Scenery, Tween
from game.core import events as ev
from tests.client.helpers import instant_session, table_animator


def _table_after_discard():
    session = instant_session(5)
    session.deal()
    session.start()
    table = session.table
    seat = table.current
    tile = table.players[seat].concealed[0]
    from game.core.actions import Discard

    events = table.apply(seat, Discard(tile))
    return table, seat, tile, events


def test_animate__discard_flies_to_the_pond_and_hides_it() -> None:
    """A discard becomes one tween ending at the pond slot; the slot is hidden until the tile lands."""
    table, seat, tile, events = _table_after_discard()
    animator = table_animator(1.0)
    animator.feed([e for e in events if isinstance(e, ev.TileDiscarded)], Scenery(table))
    index = len(table.players[seat].discards) - 1
    assert ("discard", seat, index) in animator.hidden()
    animator.update(0.0)
    tween = animator.flying()[0]
    assert tween.tile == tile
    for _ in range(60):
        animator.update(1 / 60)
    assert not animator.busy and not animator.hidden()


def test_animate__speed_zero_is_instant() -> None:
    """Animation speed 0 queues nothing: the table shows the end state at once."""
    table, _, _, events = _table_after_discard()
    animator = table_animator(0.0)
    animator.feed(events, Scenery(table))
    assert not animator.busy


def test_animate__finish_completes_everything() -> None:
    """A click, Enter or Space finishes the animations on the way."""
    session = instant_session(2)
    session.deal()
    animator = table_animator(1.0)
    animator.feed(session.drain(), Scenery(session.table))
    assert animator.busy
    animator.finish()
    assert not animator.busy and not animator.hidden()


def test_animate__speed_divides_durations() -> None:
    """Double speed halves every tween's duration."""
    table, _, _, events = _table_after_discard()
    slow, fast = table_animator(1.0), table_animator(2.0)
    slow.feed(events, Scenery(table))
    fast.feed(events, Scenery(table))
    slow.update(0.0)
    fast.update(0.0)
    assert abs(fast.flying()[0].duration * 2 - slow.flying()[0].duration) < 1e-9


def test_animate__handlers_can_be_replaced() -> None:
    """A later stage (the physical wall) registers its own handler for an event type."""
    table, _, _, events = _table_after_discard()
    animator = table_animator(1.0)
    seen = []
    animator.register(ev.TileDiscarded, lambda event, scenery: seen.append(event) or [])
    animator.feed([e for e in events if isinstance(e, ev.TileDiscarded)], Scenery(table))
    assert seen and not animator.busy


def test_animate__tween_interpolates_between_steps() -> None:
    """Drawing between two fixed steps gives a position between the two steps' positions."""
    tween = Tween(1, (0.0, 0.0), (100.0, 0.0), (10, 10), (10, 10), 1.0, lift=0)
    tween.step(0.25)
    tween.step(0.25)
    a = tween.state(0.0)[0][0]
    b = tween.state(1.0)[0][0]
    mid = tween.state(0.5)[0][0]
    assert a < mid < b


def test_animate__calls_raise_balloons() -> None:
    """A claim makes the claimer's speech balloon say it."""
    said = []
    animator = table_animator(0.0)
    animator.on_balloon = lambda seat, words: said.append((seat, words))
    animator.feed([ev.DiscardClaimed(2, 1, 5, "pung", (5, 5, 5))], Scenery(None))
    assert said == [(2, "Pung!")]


def test_animate__tiles_of_one_step_can_go_one_after_another() -> None:
    """A delayed tween waits at its start, then moves; the step lasts until the last one lands."""
    from game.client.tween import Step

    first = Tween(1, (0.0, 0.0), (100.0, 0.0), (10, 10), (10, 10), 0.5, lift=0)
    second = Tween(2, (0.0, 0.0), (100.0, 0.0), (10, 10), (10, 10), 0.5, lift=0, delay=0.5)
    step = Step([first, second])
    assert abs(step.duration - 1.0) < 1e-9
    for tween in (first, second):
        tween.step(0.5)
    assert first.state()[0][0] == 100.0 and second.state()[0][0] == 0.0


def test_animate__cues_run_in_order_whether_played_or_finished() -> None:
    """Start and end cues of every step run once, in order, also when the player skips the animation."""
    from game.client.tween import Step

    ran: list[str] = []
    played, skipped = table_animator(1.0), table_animator(1.0)
    for animator in (played, skipped):
        for name in ("a", "b"):
            animator.steps.append(Step(pause=0.2, on_start=[lambda n=name: ran.append(n + "+")],
                                       on_end=[lambda n=name: ran.append(n + "-")]))
    for _ in range(30):
        played.update(1 / 60)
    assert ran == ["a+", "a-", "b+", "b-"]
    ran.clear()
    skipped.finish()
    assert ran == ["a+", "a-", "b+", "b-"]
