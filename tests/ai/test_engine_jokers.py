"""Computer players with jokers (Western) or a goulash's wild tiles in hand: they read them into their hand
instead of playing blind, and keep them."""

from __future__ import annotations

import random
from pathlib import Path

from game.ai.engine import EnginePlayer
from game.core.actions import Claim, Discard, Pass
from game.core.tiles import JOKER, parse_tiles
from game.rules import load_ruleset
from tests.builders import PEOPLE, player, t, view


def _with_joker(codes: str) -> str:
    return codes + " JK"


def test_jokers__the_expert_reads_a_joker_into_a_pung_and_discards_the_loose_wind() -> None:
    """Three runs, a pair of 5 Bamboo and two lone winds, plus a joker: the joker makes the pung, so a wind goes
    and the hand is ready; never the joker, never a tile of a run."""
    hand = _with_joker("1B 2B 3B 4C 5C 6C 7D 8D 9D 5B 5B EW NW")
    legal = [Discard(x) for x in sorted(set(parse_tiles(hand)))]
    choice = player("expert").decide(view(hand), legal)
    assert choice in (Discard(t("EW")), Discard(t("NW")))


def test_jokers__a_pung_claimed_with_a_joker_when_it_makes_the_hand_ready() -> None:
    """The left player's 5 Bamboo and a joker make a pung that leaves the hand ready: the expert claims it."""
    hand = _with_joker("1B 2B 3B 4C 5C 6C 7D 8D 5B EW EW NW")
    claim = Claim("pung", (t("5B"), JOKER))
    legal = [claim, Pass()]
    decision = player("expert").decide(view(hand, phase="claims", current=3, last_discard=(3, t("5B"))), legal)
    assert decision == claim


def test_minimum__under_the_british_two_doubles_a_chow_that_would_help_is_left() -> None:
    """British club rules need 2 doubles to go out (L450): a chow gives up No Chows, so the expert leaves the left
    player's 3 Characters that it would take under the European rules."""
    root = Path(__file__).resolve().parents[2] / "mods"
    bundled = {p.stem: p for p in sorted(root.glob("*/rulesets/*.yaml"))}
    british = load_ruleset(bundled["british"], parents=bundled)
    european = load_ruleset(bundled["european"], parents=bundled)
    hand = "1C 2C 5B 6B 7B 2D 3D 4D 8D 8D RD RD 9C"
    chow = Claim("chow", (t("1C"), t("2C")))
    position = view(hand, phase="claims", current=3, last_discard=(3, t("3C")))
    assert EnginePlayer(PEOPLE["expert"], random.Random(1), european).decide(position, [chow, Pass()]) == chow
    assert EnginePlayer(PEOPLE["expert"], random.Random(1), british).decide(position, [chow, Pass()]) == Pass()
