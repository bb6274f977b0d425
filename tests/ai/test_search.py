"""The Master's look-ahead (game/ai/search.py): it searches where the ruleset's facts let a sampled play-out model
the game, and a seed replays the same decisions, so the report's figures for it are reproducible."""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai import create_player, search
from game.ai.search import applies
from game.autoplay import play_hand
from game.core.actions import Claim, Discard, Pass
from game.core.match import Match
from game.core.melds import parse_meld
from game.mods import rules_for
from tests.builders import discards_of, player, t, view


def _master_hands(seed: int, hands: int) -> tuple[list[str], int]:
    """Log hashes of ``hands`` classic hands of the Master against three efficient bots, and its searches."""
    ruleset, judge = rules_for("classic")
    rng = random.Random(seed)
    players = [create_player(pid, rng=random.Random(rng.getrandbits(32)), ruleset=ruleset)
               for pid in ("master", "efficient", "efficient", "efficient")]
    match = Match(ruleset.play, judge, seed)
    hashes = []
    for _ in range(hands):
        table = match.new_hand()
        play_hand(table, players)
        match.finish_hand(table)
        hashes.append(match.history[-1].log_hash)
    return hashes, players[0]._lookahead.searches


def test_master__a_seed_replays_its_searched_decisions() -> None:
    """Two runs of the same seed give the same hands, and the Master did search in them (its work is a number of
    deals, not a time, so a busy machine plays the same game)."""
    first, searches = _master_hands(3, 1)
    second, again = _master_hands(3, 1)
    assert first == second
    assert searches == again and searches > 0


def test_search__applies_by_the_rulesets_facts() -> None:
    """Any complete regular hand goes out in classic and Japanese; a minimum of doubles (British), special hands
    only or jokers (Western) are beyond the play-outs, and there the Master plays as the expert does."""
    assert applies(rules_for("classic")[0]) and applies(rules_for("japanese-riichi")[0])
    for ruleset in ("british", "western", "western-specials"):
        assert not applies(rules_for(ruleset)[0])
        player = create_player("master", rng=random.Random(1), ruleset=rules_for(ruleset)[0])
        assert not player.thinks_ahead


def test_master__plays_a_claim_out_against_passing() -> None:
    """Offered a chow and a pung of the discard its left-hand neighbour threw, with its hand a tile from ready, the
    Master plays passing and each claim out over sampled deals before it answers, and the same seed gives the same
    answer."""
    position = view("2C 2C 3C 4C 4B 5B 1D 2D 3D 7D 8D 9D EW", phase="claims", current=3,
                    last_discard=(3, t("2C")), order="3:2C")
    legal = [Claim("chow", (t("3C"), t("4C"))), Claim("pung", (t("2C"), t("2C"))), Pass()]
    answers = []
    for _ in range(2):
        master = player("master", seed=4)
        answers.append(master.decide(position, legal))
        assert master._lookahead.searches == 1 and master._lookahead.dealt >= search.DEALS // 2
    assert answers[0] == answers[1] and answers[0] in legal


def test_master__a_search_out_of_time_keeps_the_engines_choice(monkeypatch) -> None:
    """The time cap is only a safety net: a search that reaches it stops dealing and the engine's choice stands,
    the one the expert (the Master's knobs without the search) makes."""
    monkeypatch.setattr(search, "TIME_CAP", -1.0)
    position = view("2C 2C 3C 4C 4B 5B 1D 2D 3D 7D 8D 9D EW", phase="claims", current=3,
                    last_discard=(3, t("2C")), order="3:2C")
    legal = [Claim("chow", (t("3C"), t("4C"))), Claim("pung", (t("2C"), t("2C"))), Pass()]
    master = player("master", seed=4)
    assert master.decide(position, legal) == player("expert", seed=4).decide(position, legal)
    assert master._lookahead.searches == 1 and master._lookahead.dealt == 0


def test_master__plays_a_claim_out_at_a_three_handed_table() -> None:
    """With the seat across empty (a three-handed game), the discard of the player on the Master's left is played
    out from that player's seat among the three that play."""
    position = replace(view("2C 2C 3C 4C 4B 5B 1D 2D 3D 7D 8D 9D EW", phase="claims", current=3,
                            last_discard=(3, t("2C")), order="3:2C"), empty_seat=2)
    legal = [Claim("chow", (t("3C"), t("4C"))), Claim("pung", (t("2C"), t("2C"))), Pass()]
    master = player("master", seed=4)
    assert master.decide(position, legal) in legal
    assert master._lookahead.searches == 1 and master._lookahead.dealt >= search.DEALS // 2


_NEARLY_EVERY_KIND = "2B 3B 4B 6B 7B 8B 9B 1C 2C 3C 4C 5C 6C 7C 8C 1D 2D 3D 4D 6D 7D 8D 9D EW SW NW GD WD"


def test_master__keeps_the_tile_an_opponent_is_waiting_on_out_of_the_discards() -> None:
    """Late in the hand the player on the Master's right shows four sets and holds one tile; it has thrown a tile of
    nearly every kind, but never a West wind. The Master, ready whichever of its West and North winds it throws,
    throws the North (the one that player threw too), whichever of the two its weights chose first, for any seed:
    the play-outs deal that player the tile its discards leave likely."""
    thrown = _NEARLY_EVERY_KIND.split()
    others = {2: "9B 1D EW SW", 3: "8B 2D GD WD"}
    position = view("1C 2C 3C 4C 5C 6C 2B 3B 4B 7D 8D 9D WW NW", tiles_left=30, discard_count=36,
                    opponents={1: {"discards": " ".join(thrown)}, **{s: {"discards": d} for s, d in others.items()}},
                    order=" ".join([f"1:{code}" for code in thrown]
                                   + [f"{s}:{code}" for s, d in others.items() for code in d.split()]))
    players = list(position.players)
    players[1] = replace(players[1], concealed_count=1,
                         melds=tuple(parse_meld(m) for m in ("1B 1B 1B", "9C 9C 9C", "RD RD RD", "5D 5D 5D")))
    position = replace(position, players=tuple(players))
    ruleset = rules_for("classic")[0]
    for seed in range(3):
        lookahead = search.Lookahead(ruleset, random.Random(seed), search.DEALS)
        assert lookahead.choose(position, [t("NW")], t("WW")) == t("NW")
        assert lookahead.choose(position, [t("WW")], t("NW")) == t("NW")


def test_master__waits_on_the_tile_its_opponents_are_likelier_to_let_go() -> None:
    """Ready whichever of 5 Bamboo and 5 Dots it throws, two copies of each unseen: each opponent threw a Bamboo near
    5 Bamboo (and one threw a 5 Bamboo), while nobody threw a Dot. The expert, counting live tiles alike, waits on
    5 Dots; the Master waits on 5 Bamboo, whichever its weights chose first, for any seed: in the deals fitted to the
    discards the 5 Dots sit in the opponents' hands, working, and the 5 Bamboos in the wall. (Played out to a win
    or a loss, the same deals often left the choice to the weights.)"""
    thrown = {1: "5B 3B EW SW NW GD", 2: "4B WW GD RD SW NW", 3: "6B EW SW WD NW RD"}
    order = " ".join(f"{s}:{thrown[s].split()[k]}" for k in range(6) for s in (1, 2, 3))
    position = view("1C 2C 3C 4C 5C 6C 7C 8C 9C 2D 2D 2D 5B 5D", tiles_left=50, discard_count=18,
                    opponents={s: {"discards": d} for s, d in thrown.items()}, order=order)
    players = list(position.players)
    players[3] = replace(players[3], concealed_count=10, melds=(parse_meld("4D 5D 6D"),))
    position = replace(position, players=tuple(players))
    legal = discards_of("1C 2C 3C 4C 5C 6C 7C 8C 9C 2D 5B 5D")
    assert player("expert", seed=1).decide(position, legal) == Discard(t("5B"))
    assert player("master", seed=1).decide(position, legal) == Discard(t("5D"))
    ruleset = rules_for("classic")[0]
    for seed in range(6):
        lookahead = search.Lookahead(ruleset, random.Random(seed), search.DEALS)
        assert lookahead.choose(position, [t("5B")], t("5D")) == t("5D")
        assert lookahead.choose(position, [t("5D")], t("5B")) == t("5D")
