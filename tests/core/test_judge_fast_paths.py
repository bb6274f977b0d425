"""The judge's shortcuts give the answers of the plain paths they replace, hand for hand.

``RulesetJudge.ready_discards`` asks ``waits`` only for the discards the shanten tables (or a near special hand)
leave open, and ``mah_jongg`` tests each special-hand form's kinds inline; both are checked here against the
plain loops on many random hands of every ruleset that ships with the game: near-complete regular hands,
honour-and-terminal hands and one-suit hands (where the special hands live), with and without declared sets.
"""

from __future__ import annotations

import random

import pytest

from game.core.events import EastChosen, HandStarted, log_hash
from game.core.judge import HandSpec, WinContext, ready_discards_by_trial, waits_by_trial
from game.core.melds import Meld, MeldKind
from game.core.patterns import Env, HandFacts
from game.core.readings import HandInfo, loser_reading, regular_readings, totals_of
from game.core.scoring import RulesetJudge
from game.core.table import goulash_judge
from game.core.tiles import BONUS_TILES, JOKER, NUM_KINDS, counts_of
from game.mods import rules_for
from tests.tiers import examples

RULESETS = ["classic", "british", "western", "japanese-riichi", "hongkong", "european"]
_TERMINALS_AND_HONOURS = [0, 8, 9, 17, 18, 26, *range(27, 34)]


def _take(rng: random.Random, pool: list[int], counts: list[int], n: int) -> list[int]:
    picked = []
    while len(picked) < n:
        t = rng.choice(pool)
        if counts[t] < 4:
            counts[t] += 1
            picked.append(t)
    return picked


def _random_hand(rng: random.Random) -> tuple[list[int], list[Meld]]:
    """14 tiles' worth (declared sets included): sets and a pair with a few tiles swapped for random ones."""
    style = rng.choice(["sets", "sets", "honours", "one-suit"])
    counts = [0] * NUM_KINDS
    if style == "honours":
        return _take(rng, _TERMINALS_AND_HONOURS, counts, 14), []
    kinds = list(range(9 * (s := rng.randrange(3)), 9 * s + 9)) if style == "one-suit" else list(range(NUM_KINDS))
    groups: list[list[int]] = []
    while len(groups) < 4:
        first = rng.choice(kinds)
        if rng.random() < 0.5 and first < 27 and first % 9 <= 6 and first + 2 in kinds:
            group = [first, first + 1, first + 2]
        else:
            group = [first] * 3
        if all(counts[t] + group.count(t) <= 4 for t in group):
            for t in group:
                counts[t] += 1
            groups.append(group)
    pair = rng.choice([t for t in kinds if counts[t] <= 2])
    counts[pair] += 2
    melds = []
    for group in groups[:rng.choice([0, 0, 1, 2])]:
        kind = MeldKind.CHOW if group[0] != group[1] else MeldKind.PUNG
        melds.append(Meld(kind, tuple(group), exposed=rng.random() < 0.8))
        for t in group:
            counts[t] -= 1
    concealed = [t for t in range(NUM_KINDS) for _ in range(counts[t])]
    for _ in range(rng.choice([0, 1, 1, 2, 3])):  # spoil the hand a little
        out = concealed.pop(rng.randrange(len(concealed)))
        counts[out] -= 1
        concealed += _take(rng, kinds, counts, 1)
    return concealed, melds


def _hands(seed: str, n: int) -> list[HandSpec]:
    rng = random.Random(seed)
    found = []
    for _ in range(n):
        concealed, melds = _random_hand(rng)
        rng.shuffle(concealed)
        found.append(HandSpec(tuple(concealed), tuple(melds), (), rng.randrange(4), rng.randrange(4)))
    return found


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_ready_discards__same_as_asking_waits_after_every_discard(ruleset_id):
    _ruleset, judge = rules_for(ruleset_id)
    checked = ready = 0
    for hand in _hands(f"ready {ruleset_id}", examples(250)):
        fast = judge.ready_discards(hand)
        assert fast == ready_discards_by_trial(judge, hand), hand
        checked += 1
        ready += bool(fast)
    assert ready > checked // 10  # the hands reach the interesting case often enough


@pytest.mark.parametrize("ruleset_id", ["western", "british"])
def test_waits__hands_with_jokers_wait_on_the_tiles_found_by_trying_every_tile(ruleset_id):
    """A hand with jokers (the Western game's, a British goulash hand's wild tiles) tries only the tiles that pass
    the regular and special-form tests first: it waits on exactly the tiles that trying every tile as a winning
    discard finds."""
    ruleset, judge = rules_for(ruleset_id)
    if ruleset_id == "british":
        judge = goulash_judge(judge, ruleset.play)
    rng = random.Random(f"jokers {ruleset_id}")
    waiting = 0
    for hand in _hands(f"jokers {ruleset_id}", examples(300)):
        concealed = list(hand.concealed[1:])  # 13 tiles' worth, one or two of them jokers
        for _ in range(rng.choice([1, 1, 2])):
            concealed[rng.randrange(len(concealed))] = JOKER
        with_jokers = HandSpec(tuple(concealed), hand.melds, (), hand.seat_wind, hand.round_wind)
        found = judge.waits(with_jokers)
        assert found == waits_by_trial(RulesetJudge(judge.ruleset), with_jokers), with_jokers
        waiting += bool(found)
    assert waiting >= 3  # the hands reach the interesting case


@pytest.mark.parametrize("ruleset_id", ["western", "western-specials"])
def test_waits__special_hands_with_jokers_one_tile_short_wait_on_the_tiles_found_by_trying_every_tile(ruleset_id):
    """Hands one tile short of a special hand (an instantiation of one of its forms, a tile taken out, another
    perhaps swapped), one to three of their tiles jokers: the forms the counted distance leaves out of the
    trial never hide a wait."""
    from game.core.special_distance import _pattern_data, prepare

    ruleset, judge = rules_for(ruleset_id)
    prepare(ruleset.special_hands)
    leaves = [(need, 0) for hand in ruleset.special_hands for form in hand.forms
              if (listed := _pattern_data(form).counter.listed.get((0, 0))) is not None
              for need in _needs(listed.exact)]
    rng = random.Random(f"special jokers {ruleset_id}")
    waiting = 0
    for _ in range(examples(400)):
        need, _ = rng.choice(leaves)
        concealed = [t for t in range(NUM_KINDS) for _ in range(need[t])]
        concealed.pop(rng.randrange(len(concealed)))
        if rng.random() < 0.3:
            concealed[rng.randrange(len(concealed))] = rng.randrange(NUM_KINDS)
        for _ in range(rng.choice([1, 1, 2, 3])):
            concealed[rng.randrange(len(concealed))] = JOKER
        if any(concealed.count(t) > 4 for t in range(NUM_KINDS)):
            continue
        with_jokers = HandSpec(tuple(sorted(concealed)), (), (), 0, 0)
        found = judge.waits(with_jokers)
        assert found == waits_by_trial(RulesetJudge(judge.ruleset), with_jokers), with_jokers
        waiting += bool(found)
    assert waiting >= examples(400) // 10  # most such hands wait on something


def _needs(leaves) -> list[tuple[int, ...]]:
    """The concealed tiles each listed instantiation wants."""
    size = 34
    raw = leaves.needs.to_bytes(leaves.count * size, "little")
    return [tuple(raw[i * size:(i + 1) * size]) for i in range(leaves.count)]


def _plain_shape_special(judge, hand: HandSpec, context: WinContext) -> str | None:
    """The special hand the judge's special-hand loop finds, by the plain loop over each hand's forms (in a
    judge of its own, so that no match the judge keeps is reused)."""
    judge = RulesetJudge(judge.ruleset)
    counts = counts_of(hand.concealed)
    facts = HandFacts.of(counts, hand.melds)
    env = Env(hand.seat_wind, hand.round_wind)
    for special, forms in judge._shaped:
        if judge._match_forms(forms, hand, context, counts, facts, env) is not None:
            return special.id
    return None


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_mah_jongg__special_hands_found_as_by_the_plain_loop(ruleset_id):
    _ruleset, judge = rules_for(ruleset_id)
    specials = 0
    for index, hand in enumerate(_hands(f"shape {ruleset_id}", 400)):
        tile = hand.concealed[0]
        won_by = ("wall", "discard", "loose_tile")[index % 3]
        context = WinContext(True, tile, won_by)
        plain = _plain_shape_special(judge, hand, context)
        shape = judge._shape(hand, context)
        if plain is not None:
            specials += 1
            assert shape is not None and shape.completes == "special" and shape.special_hand == plain, hand
        else:
            assert shape is None or shape.completes != "special", hand


def test_mah_jongg__classic_special_hand_cases_found_as_by_the_plain_loop():
    """Every built classic special hand (and its near miss) reads the same through both loops."""
    from tests.scoring_builders import SPECIAL_HAND_CASES, classic_judge, hand, win

    judge = classic_judge()
    found = 0
    for seat, round_wind, concealed, melds, won_by, tile, _expected, _value in SPECIAL_HAND_CASES.values():
        spec, context = hand(concealed, melds, seat=seat, round_wind=round_wind), win(tile, won_by)
        plain = _plain_shape_special(judge, spec, context)
        shape = judge._shape(spec, context)
        found += plain is not None
        assert (shape.special_hand if shape and shape.completes == "special" else None) == plain, concealed
    assert found > len(SPECIAL_HAND_CASES) // 3


_WINS = [WinContext(True, None, "wall"), WinContext(True, None, "discard"), WinContext(True, None, "loose_tile"),
         WinContext(True, None, "robbed_kong"), WinContext(True, None, "wall", last_wall_tile=True, riichi=True),
         WinContext(True, None, "discard", last_wall_tile=True, first_discard=True)]


@pytest.mark.parametrize("ruleset_id", [*RULESETS, "japanese", "four-winds", "western-specials"])
def test_scoring_plan__the_lines_of_the_plain_table_loop(ruleset_id):
    """The lines the prepared table gives each reading (``ScoringPlan``: the win's and the hand's conditions asked
    once) are the plain loop's over every allowed item, in table order, for winners' readings (with the special
    hands the win adds) and losers' alike, flowers and seasons held or not."""
    import dataclasses

    ruleset, judge = rules_for(ruleset_id)
    rng = random.Random(f"plan {ruleset_id}")
    compared = 0
    for index, hand in enumerate(_hands(f"plan {ruleset_id}", examples(300))):
        bonus = tuple(sorted(rng.sample(BONUS_TILES, rng.choice([0, 0, 1, 3, 4])))) if ruleset.play.flowers else ()
        hand = dataclasses.replace(hand, bonus=bonus)
        counts = counts_of(hand.concealed)
        won = _WINS[index % len(_WINS)]
        for context in (dataclasses.replace(won, winning_tile=hand.concealed[0]), WinContext(winner=False)):
            info = HandInfo(hand, context, totals_of(hand))
            if judge._needs_waits and context.winner:
                info.wait_rules = (ruleset.play.chows_allowed, ruleset.play.max_chows)
            added = judge._shapeless_for_win(hand, context)[1] if context.winner else []
            replaced = {item_id for special in added for item_id in special.replaces}
            readings = (regular_readings(hand, context, counts, chows=ruleset.play.chows_allowed)
                        if context.winner else (loser_reading(hand, counts, ruleset.losers_score_concealed),))
            lines = judge._plan.for_hand(info)
            for reading in readings:
                plain = judge._entries(reading, info, judge._items, added)
                assert lines.entries(reading, replaced) == plain, (hand, context)
                compared += context.winner
    assert compared > examples(300) // 10  # winning readings were among them, not only losers'


def test_log_hash__same_text_as_one_dump_per_event():
    """The hash reads each event as sorted, compact JSON on its own line, as it always has."""
    import hashlib
    import json

    events = [HandStarted(1, 0, 0, (0, 1, 2, 3)), EastChosen(2, ((3, 5, 6, 1), (0, 0, 6, 6)))]
    digest = hashlib.sha256()
    for event in events:
        digest.update(json.dumps(event.to_dict(), separators=(",", ":"), sort_keys=True).encode() + b"\n")
    assert log_hash(events) == digest.hexdigest()[:16]
    assert log_hash([]) == hashlib.sha256().hexdigest()[:16]


@pytest.mark.parametrize("accelerated", [True, False])
def test_log_hash__a_whole_hand_reads_as_one_dump_per_event(accelerated, monkeypatch):
    """Every kind of event a played hand holds (tiles, wall positions, None, texts) is written as json.dumps
    writes it, with the C encoder made once or, where it is missing, the plain one."""
    import hashlib
    import json

    from game.autoplay import create_player, play_hand
    from game.core import events as events_module
    from game.core.match import Match

    if not accelerated:
        monkeypatch.setattr(events_module, "_C_ENCODER", None)
    ruleset, judge = rules_for("classic")
    match = Match(ruleset.play, judge, 5)
    table = match.new_hand()
    play_hand(table, [create_player("greedy", random.Random(seat), ruleset) for seat in range(4)])
    match.finish_hand(table)
    every = [*table.events, *match.events]
    text = "".join(json.dumps(e.to_dict(), separators=(",", ":"), sort_keys=True) + "\n" for e in every)
    assert len({type(e) for e in every}) >= 6
    assert log_hash(every) == hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_within__the_shortfall_bound_read_with_an_early_stop(ruleset_id):
    """``Pattern.within`` (which stops counting once past the limit) agrees with ``shortfall <= limit`` for
    every special-hand form, on hands near and far from them."""
    _ruleset, judge = rules_for(ruleset_id)
    forms = [form for _special, form, _outside in judge._shaped_forms]
    near = 0
    for hand in _hands(f"within {ruleset_id}", 150):
        facts = HandFacts.of(counts_of(hand.concealed), hand.melds)
        for form in forms:
            shortfall = form.shortfall(facts.mask, facts.totals)
            near += shortfall <= 1
            for limit in (0, 1, 2, 4):
                assert form.within(facts.mask, facts.totals, limit) == (shortfall <= limit), (hand, form)
    assert near  # some hands come within a tile of a form


@pytest.mark.parametrize("ruleset_id", ["classic", "british", "western", "japanese-riichi"])
def test_log_hash__written_lines_are_the_encoders_over_whole_games(ruleset_id):
    """The lines written directly for int-only events are json.dumps's, event for event, over several hands of
    rulesets with flowers, jokers, kongs and ready declarations."""
    import json

    from game.autoplay import create_player, play_hand
    from game.core.events import _TEXT_WRITERS, _event_text
    from game.core.match import Match

    ruleset, judge = rules_for(ruleset_id)
    match = Match(ruleset.play, judge, 11)
    players = [create_player("greedy", random.Random(seat), ruleset) for seat in range(4)]
    written = 0
    for _ in range(6):
        table = match.new_hand()
        play_hand(table, players)
        match.finish_hand(table)
        for event in [*table.events, *match.events]:
            expected = json.dumps(event.to_dict(), separators=(",", ":"), sort_keys=True)
            writer = _TEXT_WRITERS[type(event)]
            assert writer(event) == expected, event
            written += writer is not _event_text
    assert written > 100


def test_log_hash__a_value_of_another_type_falls_back_to_the_encoder():
    """A bool or None where an int is declared is written as JSON writes it (true, null), not as Python does."""
    import json

    from game.core.events import _TEXT_WRITERS, TileDiscarded, TileDrawn

    for event in (TileDrawn(True, 16, (44, 1), 75), TileDrawn(1, None, (44, 1), 75), TileDrawn(1, 16, (44, False), 75),
                  TileDrawn(1, 16, (44, 1, 2), 75), TileDiscarded(0, -1)):
        assert _TEXT_WRITERS[type(event)](event) == json.dumps(event.to_dict(), separators=(",", ":"), sort_keys=True)
