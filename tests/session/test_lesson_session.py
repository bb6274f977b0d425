"""A lesson's table: the computer players keep to the lesson's script and never take the lesson's way away; a move
other than the step's is refused with the step's words and nothing is played."""

from __future__ import annotations

from game.core.actions import Claim, DeclareKong, Discard, MahJongg, Pass
from game.core.tiles import parse_tiles
from game.mods.lessons import LessonSpec
from game.session.lesson import LessonSession, ScriptedPlayer


class Greedy:
    """A stand-in computer player that takes the first choice it is offered."""

    id = "greedy"

    def __init__(self) -> None:
        self.offered: list = []

    def decide(self, view, legal):
        self.offered = list(legal)
        return legal[0]


def test_scripted_player__discards_its_script_then_plays_but_never_wins_claims_or_kongs() -> None:
    one, two = parse_tiles("5C 7D")
    inner = Greedy()
    scripted = ScriptedPlayer(inner, ["5C"])
    assert scripted.decide(None, [Discard(two), Discard(one)]) == Discard(one), "the script first"
    assert scripted.decide(None, [Claim("pung", (two, two)), Pass()]) == Pass(), "never a claim"
    assert scripted.decide(None, [MahJongg(), DeclareKong(two), Discard(two)]) == Discard(two)
    assert inner.offered == [Discard(two)], "Mah Jongg and kongs are not even offered to the player behind it"


LESSON = {
    "id": "t", "name": "T", "seed": 3,
    "deal": {"hand": "1B 2B 3B 4C 5C 6C 7D 8D 9D RD RD WD NW", "draws": "WD"},
    "steps": [{"say": "Start.", "do": "start"},
              {"say": "Discard the North Wind.", "do": "discard", "tile": "NW", "wrong": "Not that one."}],
}


def test_lesson_session__a_move_not_the_steps_is_refused_with_its_words_and_not_played() -> None:
    session = LessonSession.for_lesson(LessonSpec.model_validate(LESSON))
    session.deal()
    session.start()
    assert session.step_index == 1 and session.human_to_discard
    assert not session.discard(parse_tiles("RD")[0])
    assert session.mistake == "Not that one." and len(session.table.players[0].concealed) == 14
    assert session.discard(parse_tiles("NW")[0])
    assert session.done and session.mistake == ""
