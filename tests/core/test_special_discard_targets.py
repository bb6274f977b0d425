"""Every discard of a hand weighed at once for the special hand a computer player chases (where only special hands
go out, a dozen discards a turn): each discard's nearest form must be the one :func:`special_target` tells of the
hand it leaves, or a move would change."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.melds import Meld, MeldKind
from game.core.patterns import Env
from game.core.special_count import Batch
from game.core.special_distance import UNREACHABLE, _ruled_out, batch_of, discard_targets, special_target
from game.core.tiles import counts_of, minus
from game.mods import get_ruleset
from tests.tiers import examples

SPECIALS = tuple(h for h in get_ruleset("western-specials").special_hands if h.allowed and h.has_shape)
WALL = [t for t in range(34) for _ in range(4)]


def _plainly(hand, counts, melds, env, kinds, max_distance, jokers, batch):
    return {t: special_target(hand, minus(counts, t), melds, env, budget=200, max_distance=max_distance,
                              jokers=jokers, search=False, batch=batch) for t in kinds}


@settings(max_examples=examples(300), deadline=None)
@given(wall=st.permutations(WALL), hand=st.sampled_from(SPECIALS), jokers=st.integers(0, 2),
       declared=st.sampled_from((None, MeldKind.PUNG, MeldKind.KONG)), exposed=st.booleans(),
       seat_wind=st.integers(0, 3), round_wind=st.integers(0, 3),
       max_distance=st.sampled_from((0, 1, 2, 3, 5, 8, UNREACHABLE)))
def test_discard_targets__each_discard_as_special_target_tells_the_hand_it_leaves(
        wall, hand, jokers, declared, exposed, seat_wind, round_wind, max_distance):
    melds = ()
    if declared is not None:
        size = 4 if declared is MeldKind.KONG else 3
        tile = wall[-1]
        melds = (Meld(declared, (tile,) * size, exposed, claimed_tile=tile if exposed else None),)
    counts = counts_of(wall[:14 - jokers - 3 * bool(melds)])
    env = Env(seat_wind, round_wind)
    kinds = [t for t in range(34) if counts[t]]
    batch = batch_of((hand,))
    found = discard_targets(hand, counts, melds, env, kinds, budget=200, max_distance=max_distance, jokers=jokers,
                            search=False, batch=batch)
    assert found == _plainly(hand, counts, melds, env, kinds, max_distance, jokers, batch)


def test_discard_targets__the_counted_hands_are_costed_at_once(monkeypatch):
    """The shortcut is taken for a hand whose forms are all counted (Dragon's Tail, Windy Chows), with declared sets
    too, and its answers are special_target's even when the batch last measured another hand."""
    taken = []
    plain = Batch.lacking_after_discards

    def measured(self, *args, **kwargs):
        found = plain(self, *args, **kwargs)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(Batch, "lacking_after_discards", measured)
    counted = [h for h in SPECIALS if h.id in ("dragons_tail_exposed", "windy_chows", "gerties_garter")]
    assert len(counted) == 3
    env = Env(0, 0)
    pung = (Meld(MeldKind.PUNG, (31,) * 3, True, claimed_tile=31),)
    for hand in counted:
        batch = batch_of((hand,))
        for tiles, melds in (([0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 28, 31, 31, 31], ()),
                             ([0, 1, 2, 9, 10, 11, 27, 28, 29, 30, 32], pung),
                             ([3, 4, 5, 12, 13, 14, 21, 22, 23, 27, 28, 29, 30, 33], ())):
            counts = counts_of(tiles)
            kinds = [t for t in range(34) if counts[t]]
            for max_distance in (1, 4, UNREACHABLE):
                found = discard_targets(hand, counts, melds, env, kinds, budget=200, max_distance=max_distance,
                                        search=False, batch=batch)
                assert found == _plainly(hand, counts, melds, env, kinds, max_distance, 0, batch)
    assert taken and all(taken)


@settings(max_examples=examples(200), deadline=None)
@given(tiles=st.lists(st.integers(0, 33), min_size=0, max_size=3), exposed=st.lists(st.booleans(), min_size=3,
                                                                                    max_size=3),
       seat_wind=st.integers(0, 3), as_list=st.booleans())
def test_ruled_out__the_declared_sets_read_by_their_tiles_mask(tiles, exposed, seat_wind, as_list):
    """A form is ruled out by a declared set of a tile it does not allow, or exposed beside a concealed form, as
    the plain test over each set's tiles says (the sets' tiles are read once for all the forms asked)."""
    melds = tuple(Meld(MeldKind.PUNG, (t,) * 3, e, claimed_tile=t if e else None)
                  for t, e in zip(tiles, exposed, strict=False))
    env = Env(seat_wind, 0)
    for hand in SPECIALS:
        for form in hand.forms:
            plain = (not form.elements
                     or any(not form.allowed_mask >> t & 1 for m in melds for t in m.tiles if t < 34)
                     or (form.concealed and any(m.exposed for m in melds))
                     or not form.when.winds_allow(env.seat_wind, env.round_wind))
            assert _ruled_out(form, list(melds) if as_list else melds, env) == plain


@settings(max_examples=examples(200), deadline=None)
@given(wall=st.permutations(WALL), jokers=st.integers(0, 2), seat_wind=st.integers(0, 3),
       below=st.integers(1, 12), declared=st.booleans(), half=st.integers(0, 1))
def test_least_by_pattern__below_a_reach_as_the_whole_count_says(wall, jokers, seat_wind, below, declared, half):
    """Counted only below a reach (the plan's look at every special hand), each pattern's least is the whole
    count's where that is below it, else the reach itself."""
    batch = batch_of(SPECIALS[half::2])
    env = Env(seat_wind, 0)
    if declared:
        melds = (Meld(MeldKind.PUNG, (wall[-1],) * 3, True, claimed_tile=wall[-1]),)
        counts = counts_of(wall[:11 - jokers])
        whole = batch.least_with_declared(counts, melds, env, jokers)
        capped = batch.least_with_declared(counts, melds, env, jokers, below)
    else:
        counts = counts_of(wall[:14 - jokers])
        whole = batch.least_by_pattern(counts, env, jokers)
        capped = batch.least_by_pattern(counts, env, jokers, below)
    assert capped == {pattern: min(least, below) for pattern, least in whole.items()}
