"""A hand short of the British minimum of doubles is refused with a message naming the doubles that do not count
(the judge names them once, not for every hand asked)."""

from __future__ import annotations

from game.core.judge import HandSpec, WinContext
from game.core.melds import parse_meld
from game.core.scoring import BELOW_MINIMUM, RulesetJudge
from game.core.tiles import parse_tiles
from game.i18n import localized
from game.mods import get_ruleset


def test_below_minimum__names_the_doubles_not_counted():
    judge = RulesetJudge(get_ruleset("british"))
    hand = HandSpec(tuple(sorted(parse_tiles("1C 1C 1C 7D 7D 7D RD RD RD 9D 9D"))), (parse_meld("1B 2B 3B"),), (), 0, 0)
    result = judge.score(hand, WinContext(True, parse_tiles("9D")[0], "discard"))
    assert not result.mah_jongg and result.code == BELOW_MINIMUM
    text = str(localized(result.message))
    for name in get_ruleset("british").min_doubles_ignored:
        assert name in text
    assert "the hand has 1" in text
