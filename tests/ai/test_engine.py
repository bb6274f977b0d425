"""The decision engine and the bundled personalities: legal, reproducible, and each true to its type."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.ai import create_player
from game.ai.engine import EnginePlayer
from game.ai.reference import EfficientBot
from game.autoplay import play_hand
from game.core.actions import Claim, Discard, MahJongg, Pass
from game.core.events import log_hash
from game.core.judge import RegularJudge
from game.core.match import Match
from game.core.melds import parse_meld
from game.core.play_rules import PlayRules
from game.core.tiles import parse_tiles
from game.mods.personalities import Personality, load_personality_file
from tests.builders import PEOPLE, discards_of, player, t, view

# --- the bundled mod --------------------------------------------------------------------------------------------


def test_bundled__every_four_winds_type_is_there():
    """Beginner, Defensive, Expert, Limitmaker and a Scatterbrain ship in mods/opponents."""
    assert {p.strategy for p in PEOPLE.values()} == {"beginner", "defensive", "expert", "limitmaker"}
    assert PEOPLE["scatterbrain"].is_scatterbrain
    assert len({p.colour for p in PEOPLE.values()}) == len(PEOPLE)


def test_create_player__modifier_and_reference_bots():
    """Ids name a reference bot, a personality, or a personality with a modifier added."""
    people = list(PEOPLE.values())
    dizzy = create_player("defensive+scatterbrain", rng=random.Random(1), personalities=people)
    assert dizzy.personality.is_scatterbrain and dizzy.personality.strategy == "defensive"
    assert isinstance(create_player("efficient", rng=random.Random(1)), EfficientBot)
    with pytest.raises(ValueError, match="unknown player 'wizard': expected one of efficient, greedy"):
        create_player("wizard", rng=random.Random(1), personalities=people)
    with pytest.raises(ValueError, match="unknown modifier 'sleepy'"):
        create_player("expert+sleepy", rng=random.Random(1), personalities=people)


def test_greedy__breaks_ties_among_the_nearest_discards_at_random():
    """The B1 reference bot of the AI notes: any discard that leaves the fewest tiles from ready, at random (the
    same seed, the same choice); never one that leaves the hand further away."""
    from game.ai.bots import GreedyBot

    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D RD RD EW SW NW"  # any lone wind thrown leaves it a tile from ready
    chosen = {GreedyBot(random.Random(seed)).decide(view(hand), discards_of(hand)).tile for seed in range(40)}
    assert chosen == {t("EW"), t("SW"), t("NW")}
    again = [GreedyBot(random.Random(7)).decide(view(hand), discards_of(hand)).tile for _ in range(3)]
    assert len(set(again)) == 1


# --- single decisions -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pid", sorted(PEOPLE))
def test_decide__always_goes_mah_jongg(pid):
    """Every personality takes Mah Jongg when it is offered, on its turn or on a discard."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD RD"
    assert isinstance(player(pid).decide(view(hand), [MahJongg(), *discards_of(hand)]), MahJongg)
    claim = view(hand[:-3], phase="claims", current=3, last_discard=(3, t("RD")))
    assert player(pid).decide(claim, [Claim("mah_jongg"), Claim("pung", (t("RD"),) * 2), Pass()]) == \
        Claim("mah_jongg")


def test_decide__expert_keeps_the_shape():
    """With one stray honour and a hand otherwise one tile from ready, the expert throws the honour."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 2D 5B 6B NW"
    assert player("expert").decide(view(hand), discards_of(hand)) == Discard(t("NW"))


def test_decide__defensive_folds_against_a_standing_hand():
    """Far from ready against a standing hand, the defensive player throws a tile the others threw, not a live one."""
    hand = "1B 4B 7B 2C 5C 8C 3D 6D 9D EW SW RD GD WD"
    opponents = {1: {"standing": True, "discards": "5C"}, 2: {"discards": "5C 5C"}, 3: {"discards": "NW"}}
    v = view(hand, opponents=opponents)
    cautious = player("defensive").decide(v, discards_of(hand))
    assert cautious == Discard(t("5C"))


def test_decide__claims_follow_eagerness():
    """A chow that brings the hand nearer is taken by the beginner and left by the defensive player."""
    hand = "1B 2B 4C 5C 6C 7D 8D 9D EW EW NW SW RD"
    v = view(hand, phase="claims", current=3, last_discard=(3, t("3B")), discard_count=30)
    legal = [Claim("chow", (t("1B"), t("2B"))), Pass()]
    assert player("beginner").decide(v, legal) == legal[0]
    assert player("defensive").decide(v, legal) == Pass()


def test_decide__declares_a_standing_hand_when_ready():
    """On the first discard, a ready hand is declared standing (Four Winds: computer players declare honestly)."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD NW"
    legal = [*discards_of(hand), Discard(t("NW"), standing=True), Discard(t("RD"), standing=True)]
    choice = player("expert").decide(view(hand, discard_count=0), legal)
    assert choice.standing


def test_decide__scatterbrain_sometimes_forgets_to_stand():
    """Over many seeds the scatterbrain forgets a standing hand now and then, never always."""
    hand = "1B 2B 3B 4C 5C 6C 7D 8D 9D EW EW EW RD NW"
    legal = [*discards_of(hand), Discard(t("NW"), standing=True), Discard(t("RD"), standing=True)]
    stood = [player("scatterbrain", seed).decide(view(hand, discard_count=0), legal).standing for seed in range(60)]
    assert 0 < stood.count(False) < 30


def test_decide__kong_declared_when_it_costs_nothing():
    """Four of a kind beside a hand it does not help is declared as a kong for the loose tile."""
    from game.core.actions import DeclareKong

    hand = "RD RD RD RD 1B 2B 3B 4C 5C 6C 7D 8D 9D NW"
    legal = [DeclareKong(t("RD")), *discards_of(hand)]
    assert player("expert").decide(view(hand), legal) == DeclareKong(t("RD"))


def test_decide__beginner_matches_the_expert_two_times_in_three():
    """On the same random hands the beginner's discard matches the expert's 65–80% of the time (AI notes §5.2)."""
    rng = random.Random(5)
    wall = [x for x in range(34) for _ in range(4)]
    same = 0
    for index in range(300):
        hand = " ".join(parse_tiles_code(x) for x in sorted(rng.sample(wall, 14)))
        legal = discards_of(hand)
        same += player("expert", index).decide(view(hand), legal) == player("beginner", index).decide(view(hand), legal)
    assert 0.62 <= same / 300 <= 0.82


def parse_tiles_code(tile: int) -> str:
    from game.core.tiles import tile_code

    return tile_code(tile)


# --- whole hands ------------------------------------------------------------------------------------------------


def _play(ids: list[str], seed: int, hands: int) -> tuple[int, list[str]]:
    people = list(PEOPLE.values())
    rng = random.Random(seed)
    players = [create_player(pid, rng=random.Random(rng.getrandbits(32)), personalities=people) for pid in ids]
    match = Match(PlayRules(), RegularJudge(), seed)
    illegal, hashes = 0, []
    for _ in range(hands):
        if match.is_over:
            break
        table = match.new_hand()
        illegal += play_hand(table, players).illegal_actions
        match.finish_hand(table)
        hashes.append(log_hash(table.events))
    return illegal, hashes


def test_hands__every_personality_plays_only_legal_actions():
    """Whole hands with all personalities and the efficient bot: nothing illegal, nothing stuck."""
    illegal, hashes = _play(["beginner", "defensive", "expert", "limitmaker"], 3, 6)
    assert illegal == 0 and len(hashes) == 6
    illegal, _ = _play(["scatterbrain", "efficient", "expert+scatterbrain", "greedy"], 4, 6)
    assert illegal == 0


def test_hands__same_seed_same_game():
    """The same seed and the same personalities replay the same hands, event for event."""
    ids = ["beginner", "defensive", "expert", "limitmaker"]
    assert _play(ids, 9, 3) == _play(ids, 9, 3)


def test_personality__knobs_change_the_engine():
    """A personality built in code (as a modder would in YAML) drives the engine without any other change."""
    custom = Personality(id="hoarder", name="Hoarder", strategy="beginner", claim_eagerness=0.0)
    bot = EnginePlayer(custom, random.Random(1))
    hand = "1B 2B 4C 5C 6C 7D 8D 9D EW EW NW SW RD"
    v = view(hand, phase="claims", current=3, last_discard=(3, t("3B")), discard_count=30)
    assert bot.decide(v, [Claim("chow", (t("1B"), t("2B"))), Pass()]) == Pass()
    assert parse_meld("1B 2B 3B").kind.value == "chow"


def test_decide__limitmaker_chases_a_special_hand_from_the_ruleset():
    """With a snake in reach, the limitmaker keeps the winds for it; the defensive player (no limit hands) keeps
    the pair for a regular hand."""
    from game.core.patterns import TILE_CLASSES, Element, Pattern, SuitNumber, TileSet
    from game.core.ruleset import Ruleset, SpecialHand
    from game.core.tiles import WINDS

    snake = SpecialHand("little_snake", "Little Snake", (Pattern(
        (*(Element("single", SuitNumber(suit_var="s", numbers=frozenset({n}))) for n in range(1, 10)),
         *(Element("single", TileSet(frozenset({w}))) for w in WINDS),
         Element("single", TileSet(TILE_CLASSES["honour"])))),), points=1000)
    rules = Ruleset("test", "Test", special_hands=(snake,), limit=1000)
    hand = "1B 2B 3B 4B 5B 6B 7B 8B 9B EW SW WW 3D 3D"
    v = view(hand, discard_count=0)
    chaser = EnginePlayer(PEOPLE["limitmaker"], random.Random(1), rules)
    assert chaser.decide(v, discards_of(hand)) == Discard(t("3D"))
    assert chaser._plan.hand is snake
    careful = EnginePlayer(PEOPLE["defensive"], random.Random(1), rules)
    assert careful.decide(v, discards_of(hand)).tile in parse_tiles("EW SW WW")


def test_hands__a_modders_personality_plays_without_code():
    """The example mod's personalities (YAML only) play whole hands through the same engine."""
    example = Path(__file__).resolve().parents[2] / "examples" / "mods" / "opponents-example" / "ai" / "aunties.yaml"
    people = load_personality_file(example)
    rng = random.Random(2)
    players = [create_player(p.id, rng=random.Random(rng.getrandbits(32)), personalities=people) for p in people]
    players += [create_player("greedy", rng=random.Random(1)), create_player("efficient", rng=random.Random(2))]
    match = Match(PlayRules(), RegularJudge(), 2)
    for _ in range(3):
        table = match.new_hand()
        assert play_hand(table, players).illegal_actions == 0
        match.finish_hand(table)


def test_decide__never_bluffs_a_ready_declaration():
    """Where a ruleset offers a ready declaration with any discard, the engine declares only when really ready."""
    hand = "1B 4B 7B 2C 5C 8C 3D 6D 9D EW SW RD GD WD"
    legal = [*discards_of(hand), *(Discard(x.tile, standing=True) for x in discards_of(hand))]
    for pid in PEOPLE:
        assert not player(pid).decide(view(hand, discard_count=0), legal).standing


def test_decide__a_declared_ready_hand_is_a_threat():
    """An opponent's ready declaration makes the defensive player throw a safe tile, as a standing hand does."""
    hand = "1B 4B 7B 2C 5C 8C 3D 6D 9D EW SW RD GD WD"
    from dataclasses import replace

    v = view(hand, opponents={1: {"discards": "5C"}, 2: {"discards": "5C 5C"}, 3: {"discards": "NW"}})
    players = list(v.players)
    players[1] = replace(players[1], ready=True)
    v = replace(v, players=tuple(players))
    assert player("defensive").decide(v, discards_of(hand)) == Discard(t("5C"))


def test_decide__defensive_folds_to_a_tile_the_threat_threw_away():
    """Against three exposed sets, far from ready, the defensive player gives up speed: it throws the tile the
    threatening player discarded itself and the other two let pass since their last discards, though that costs
    a step; with no threat it plays for speed."""
    hand = "1B 2B 5B 2C 3C 9C 4D 6D 7D EW SW RD GD WD"
    pungs = (parse_meld("3B 3B 3B"), parse_meld("6C 6C 6C"), parse_meld("8D 8D 8D"))
    others = {2: {"discards": "1D 4C"}, 3: {"discards": "1D 4C"}}
    order = "2:1D 3:1D 1:2C 2:4C 3:4C 1:9C"
    v = view(hand, opponents={1: {"melds": pungs, "discards": "2C 9C"}, **others}, order=order)
    assert player("defensive").decide(v, discards_of(hand)) == Discard(t("9C"))
    quiet = view(hand, opponents={1: {"discards": "2C 9C"}, **others}, order=order)
    assert player("defensive").decide(quiet, discards_of(hand)) not in (Discard(t("2C")), Discard(t("9C")))


def test_decide__defensive_plays_on_when_nobody_is_close():
    """With no exposed sets and an early wall there is nothing to fold against: the choice is about speed."""
    hand = "1B 2B 3B 2C 3C 4C 4D 5D 6D EW EW SW NW RD"
    v = view(hand, opponents={1: {"discards": "SW"}})
    assert player("defensive").decide(v, discards_of(hand)) in (Discard(t("SW")), Discard(t("NW")),
                                                                Discard(t("RD")))


def test_threat__grows_with_the_discard_row_and_the_exposed_sets():
    """A player who has thrown many tiles is likely ready, exposed sets or not; exposed sets make it likelier at
    every stage; a declared ready hand, or four declared sets (a lone tile left), is ready for sure."""
    from game.ai.evaluate import threat

    def seen(discards: str, melds: tuple = (), **more) -> float:
        return threat(view("1B", opponents={1: {"discards": discards, "melds": melds, **more}}))[1]

    pung = (parse_meld("3B 3B 3B"),)
    early, late = "1B 2B", "1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C"
    assert seen(early) < 0.05 < 0.2 < seen(late)
    assert seen(early, pung) > seen(early) and seen(late, pung) > seen(late)
    assert seen(early, standing=True) == 1.0
    assert seen(early, pung * 4) == 1.0
    assert threat(view("1B", opponents={1: {"discards": late}}))[0] == 0.0  # never oneself


def test_claim__limitmaker_hunts_pungs_and_never_chows():
    """The gambler turns a pair of dragons into a pung even when it brings it no nearer ready, and passes a
    chow the expert would take."""
    hand = "1B 2B 4C 5C 6C 7D 8D 9D RD RD NW SW EW"
    pung = view(hand, phase="claims", current=1, last_discard=(1, t("RD")), discard_count=30)
    claim = Claim("pung", (t("RD"), t("RD")))
    assert player("limitmaker").decide(pung, [claim, Pass()]) == claim
    chow_view = view(hand, phase="claims", current=3, last_discard=(3, t("3B")), discard_count=30)
    chow = Claim("chow", (t("1B"), t("2B")))
    assert player("limitmaker").decide(chow_view, [chow, Pass()]) == Pass()


def test_claim__expert_claims_from_the_first_go_round():
    """The expert takes a chow that brings it nearer ready on the second discard of the hand, as late in it."""
    hand = "1B 2B 4C 5C 6C 7D 8D 9D EW EW NW SW RD"
    legal = [Claim("chow", (t("1B"), t("2B"))), Pass()]
    for discard_count in (2, 30):
        v = view(hand, phase="claims", current=3, last_discard=(3, t("3B")), discard_count=discard_count)
        assert player("expert").decide(v, legal) == legal[0]


def test_plan__where_only_special_hands_go_out_the_expert_sets_out_for_a_near_buildable_one():
    """Western (Special Hands Only): two tiles from Windy Chows, the expert sets out for it, not for Hong Kong
    seven tiles away (a concealed hand of exact single tiles, worth a double limit), which it used to chase for
    its worth alone."""
    from game.mods import get_ruleset

    expert = EnginePlayer(PEOPLE["expert"], random.Random(1), get_ruleset("western-specials"))
    hand = "5B 6B 7B 9B 5C 6C 7C 8C 2D 4D 9D SW WW WW"
    expert.decide(view(hand, discard_count=0), discards_of(hand))
    assert expert._plan.hand is not None and expert._plan.hand.id == "windy_chows"
    assert expert._plan.best == 2


def _limitmaker_on_the_sisters():
    """A limitmaker two turns into a hand of pungs and pairs in Characters, with a pair of North Wind."""
    from dataclasses import replace

    from game.mods import get_ruleset

    gambler = EnginePlayer(PEOPLE["limitmaker"], random.Random(1), get_ruleset("classic"))
    first = "3C 3C 4C 4C 4C 5C 5C 6C 6C NW NW 1B 9D 2B"
    gambler.decide(view(first, discard_count=0), discards_of(first))
    second = "3C 3C 4C 4C 4C 5C 5C 6C 6C NW NW 1B 2B 8B"
    v = view(second, discard_count=4, tiles_left=58)
    v = replace(v, players=(replace(v.players[0], discards=(t("9D"),)), *v.players[1:]))
    gambler.decide(v, discards_of(second))
    return gambler


def test_plan__limitmaker_settles_on_the_nearest_of_two_special_hands():
    """Half of the special hands are looked at per turn; on the turn after setting out the other half gets its
    look, and the limitmaker moves to the Four Small Siamese Sisters (its North Wind pair is the pair they want,
    two tiles from ready) from the Great ones (a dragon pair it does not hold)."""
    gambler = _limitmaker_on_the_sisters()
    assert gambler._plan.hand is not None and gambler._plan.hand.id == "four_small_siamese_sisters"
    assert gambler._plan.best == 2


def test_claim__limitmaker_passes_a_pung_that_would_ruin_its_special_hand():
    """Chasing the Sisters, the gambler claims a pung of Characters the hand wants and passes a pung of its pair's
    wind, which it would otherwise take as an honour pung: that pung would ruin the special hand."""
    gambler = _limitmaker_on_the_sisters()
    held = "3C 3C 4C 4C 4C 5C 5C 6C 6C NW NW 1B 2B"
    for tile, wanted in (("NW", False), ("5C", True)):
        v = view(held, phase="claims", current=1, last_discard=(1, t(tile)), discard_count=6, tiles_left=56)
        claim = Claim("pung", (t(tile), t(tile)))
        assert (gambler.decide(v, [claim, Pass()]) == claim) is wanted
