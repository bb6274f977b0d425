"""The status bar's words: the engine's refusals in the classic program's sentences (help L296–L320; the engine
gives a code and its values, the client the words the player has always read), and the moves of the table said
in the right person."""

from __future__ import annotations

import pytest

from game import i18n
from game.client import status
from game.client.messages import describe
from game.client.refusals import refusal_line
from game.client.status import told_line
from game.core import events as ev
from game.core import refusals as r
from game.core.actions import Claim, Discard
from game.errors import IllegalActionError
from game.session import notes
from tests.builders import rigged_table, t

SENTENCES = [
    (r.HAND_OVER, {}, "The hand is over."),
    (r.STANDING_ONLY, {"waits": (t("5D"), t("8D"))}, "You've called a Standing Hand and can only take 5 Dots or "
                                                      "8 Dots."),
    (r.STANDING_ONLY, {"waits": ()}, "You've called a Standing Hand and can only take nothing."),
    (r.SACRED_DISCARD, {"tile": t("5D")}, "You can't claim 5 Dots: you discarded it yourself (sacred discard)."),
    (r.MISSED_DISCARD, {"tile": t("8D")}, "You can't go out on 8 Dots: you let it pass before (missed discard)."),
    (r.DECLARE_READY_FIRST, {}, "You have to declare a ready hand before you can go out."),
    (r.CHOW_FROM_LEFT_ONLY, {}, "You can only Chow a Tile discarded by the player on your left, unless you go Mah "
                                "Jongg."),
    (r.KONG_FROM_EXPOSED_PUNG, {"tile": t("5D")}, "You can't use a discarded Tile to turn an Exposed Pung into an "
                                                  "Exposed Kong."),
    (r.USE_FOR, {"tile": t("3C"), "claims": ("chow", "pung")}, "You can use 3 Characters for a Chow or Pung."),
    (r.CANNOT_PICK_UP, {"tile": t("3C"), "chow": False}, "You can't pick up 3 Characters! No Pung, Kong or Mah "
                                                         "Jongg..."),
    (r.CANNOT_PICK_UP, {"tile": t("3C"), "chow": True}, "You can't pick up 3 Characters! No Chow, Pung, Kong or "
                                                        "Mah Jongg..."),
    (r.NOT_YOUR_TURN, {}, "It's not your turn."),
    (r.MUST_DISCARD_DRAWN, {"tile": t("6D"), "standing": True}, "You've called a Standing Hand and have to discard "
                                                                "6 Dots."),
    (r.MUST_DISCARD_DRAWN, {"tile": t("6D"), "standing": False}, "You've called riichi and have to discard 6 Dots."),
    (r.NOT_IN_HAND, {"tile": t("RD")}, "You don't have Red Dragon on your stake."),
    (r.STANDING_FIRST_DISCARD, {}, "You can only call a Standing Hand with your first discard, one tile from Mah "
                                   "Jongg."),
    (r.NOT_MAH_JONGG, {}, "Your hand is not a complete Mah Jongg hand."),
    (r.NO_KONG_NOW, {"tile": t("5D")}, "You can't make a Kong of 5 Dots now."),
    (r.STILL_PASSING, {}, "The tiles are still being passed."),
    (r.TAKE_BACK_TOO_LATE, {}, "You can only take back your own discard before anybody claims it."),
    (r.NOT_ALLOWED, {}, "That move is not allowed now."),
]


@pytest.mark.parametrize(("code", "data", "sentence"), SENTENCES, ids=[f"{c}-{i}" for i, (c, _, _) in
                                                                        enumerate(SENTENCES)])
def test_refusal_line__the_programs_sentence(code, data, sentence) -> None:
    """Each refusal code with its values reads as the original program's status-bar message."""
    assert refusal_line(code, data) == sentence


def test_refusal_line__worded_from_the_engines_error() -> None:
    """An unclaimable discard refused by a real table reads "You can't pick up …! No …" (L297)."""
    filler = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"
    table = rigged_table({0: "3C " + " ".join(filler.split()[:12]), 1: filler, 2: filler, 3: filler}, "WD",
                         current=0)
    table.apply(0, Discard(t("3C")))
    with pytest.raises(IllegalActionError) as refused:
        table.apply(2, Claim("pung", (t("3C"), t("3C"))))
    assert refusal_line(refused.value.code, refused.value.data) == \
        "You can't pick up 3 Characters! No Pung, Kong or Mah Jongg..."


@pytest.mark.parametrize(("event", "line"), [
    (ev.TileDiscarded(0, t("EW")), "You discard East Wind"),
    (ev.TileDiscarded(1, t("EW")), "Eric discards East Wind"),
    (ev.DiscardClaimed(0, 2, t("5D"), "pung", (t("5D"),) * 3), "You call Pung with 5 Dots"),
    (ev.KongDeclared(0, t("RD"), True, False), "You declare a concealed Kong of Red Dragon"),
    (ev.StandingHandDeclared(1, (t("5D"),)), "Eric calls a Standing Hand"),
], ids=["you-discard", "eric-discards", "you-call", "you-declare", "eric-calls"])
def test_describe__you_and_the_others_in_their_own_person(event, line) -> None:
    """The status bar says "You discard East Wind" of your own move and "Eric discards East Wind" of Eric's."""
    assert describe(event, ["You", "Eric", "Gaby", "Ann"]) == line


@pytest.mark.parametrize(("code", "event", "line"), [
    ("de", ev.TileDiscarded(0, t("EW")), "Du wirfst Ostwind ab"),
    ("de", ev.TileDiscarded(1, t("EW")), "Eric wirft Ostwind ab"),
    ("de", ev.DiscardClaimed(2, 1, t("5D"), "pung", (t("5D"),) * 3), "Gaby meldet Pung mit 5 Kreise"),
    ("de", ev.KongRobbed(3, 1, t("RD")), "Ann raubt Eric den Kong aus Roter Drache"),
    ("nl", ev.BonusExposed(1, t("RD") + 7), None),
    ("fr", ev.KongDeclared(1, t("RD"), True, False), "Eric déclare un kong caché de Dragon Rouge"),
    ("zh_Hans", ev.TileDiscarded(1, t("EW")), "Eric打出东风"),
    ("zh_Hans", ev.ReadyDeclared(0, True), "你宣布立直"),
], ids=["de-you", "de-eric", "de-claim", "de-rob", "nl-flower", "fr-kong", "zh-discard", "zh-riichi"])
def test_describe__each_move_one_sentence_in_each_language(code, event, line) -> None:
    """A move's whole sentence is translated, in the language's own word order (the German verb's particle last)."""
    i18n.set_language(code)
    try:
        said = describe(event, [i18n._("You"), "Eric", "Gaby", "Ann"])
    finally:
        i18n.set_language("en")
    if line is None:  # a flower's name varies; the verb must not stay English
        assert said.startswith("Eric legt ") and said.endswith(" uit") and "lays" not in said, said
    else:
        assert said == line


def test_refusal_line__every_code_of_the_engine_has_its_sentence() -> None:
    """A refusal code the engine can give never reaches the player as the generic "not allowed" line."""
    from game.client.refusals import SENTENCES

    codes = {value for name, value in vars(r).items() if name.isupper() and isinstance(value, str)}
    assert codes == set(SENTENCES)


# -- whole sentences per person and language (no "{has} gone Mah Jongg" pieces) --------------------------------

NAMES = ["You", "Eric", "Gaby", "Ann"]
SAID = [
    (ev.MahJonggDeclared(0, t("5D"), "discard", 1, None), "en", "You have gone Mah Jongg with tile 5 Dots"),
    (ev.MahJonggDeclared(1, t("5D"), "discard", 0, None), "en", "Eric has gone Mah Jongg with tile 5 Dots"),
    (ev.MahJonggDeclared(0, None, "wall", None, None), "de", "Du hast Mah-Jongg gemacht."),
    (ev.MahJonggDeclared(2, t("5D"), "discard", 1, None), "de", "Gaby hat mit 5 Kreise Mah-Jongg gemacht"),
    (ev.MahJonggDeclared(2, None, "wall", None, None), "zh_Hans", "Gaby和牌了。"),
    (ev.ReadyCancelled(0, t("5D")), "en", "You have let a winning tile pass: the Riichi is cancelled"),
    (ev.ReadyCancelled(3, t("5D")), "fr", "Ann a laissé passer une tuile gagnante : son Riichi est annulé"),
    (ev.CannonLetOff(0, 1, t("RD"), "three sets of Winds shown", False),
     "en", "You let off a cannon (three sets of Winds shown)"),
    (ev.CannonLetOff(3, 1, t("RD"), "three sets of Winds shown", True),
     "nl", "Ann heeft een kanon afgevuurd (drie combinaties winden open): geen keus!"),
    (notes.Note(notes.MISSED_MAH_JONGG, {"seat": 1, "tile": t("5D")}), "en",
     "You could have gone Mah Jongg on Eric's 5 Dots."),
    (notes.Note(notes.MISSED_MAH_JONGG, {"seat": 1, "tile": t("5D")}), "de",
     "Du hättest mit 5 Kreise von Eric Mah-Jongg machen können."),
    (notes.Note(notes.NO_DECLARATION, {"kind": "standing", "why": "declared"}), "en",
     "You can call a Standing Hand only once a hand: you have declared already."),
    (notes.Note(notes.NO_DECLARATION, {"kind": "riichi", "why": "first_discard_only"}), "de",
     "Riichi erklären kannst du nur mit deinem ersten Abwurf."),
    (notes.Note(notes.NO_DECLARATION, {"kind": "ready", "why": "not_ready"}), "en",
     "No discard leaves your hand one tile from Mah Jongg: you cannot declare a ready hand now."),
    (notes.Note(notes.NO_DECLARATION, {"kind": "standing", "why": "not_ready"}), "fr",
     "Aucune défausse ne laisse votre main à une seule sorte de tuile du Mah-Jong : vous ne pouvez pas annoncer de "
     "main debout maintenant."),
    (notes.Note(notes.DECLARING, {"kind": "standing", "bluff": False, "ready": True}), "en",
     "Standing Hand: discard a marked tile to call it — R again not to."),
    (notes.Note(notes.DECLARING, {"kind": "ready", "bluff": True, "ready": True}), "zh_Hans",
     "听牌：打出一张标记的牌来宣布（打其他牌就是虚张声势）——再按 R 取消。"),
    (notes.Note(status.WAIT_TIME, {"seconds": 1.5}), "en", "Wait time: 1.50 seconds"),
    (notes.Note(status.WAIT_TIME, {"seconds": 1.5}), "de", "Wartezeit: 1,50 Sekunden"),
    (r.Refusal(r.STANDING_ONLY, {"waits": (t("5D"), t("8D"), t("9D"))}), "de",
     "Du hast eine stehende Hand angesagt und kannst nur 5 Kreise, 8 Kreise oder 9 Kreise nehmen."),
    (r.Refusal(r.USE_FOR, {"tile": t("3C"), "claims": ("chow", "pung")}), "zh_Hans", "你可以用3万来吃或碰。"),
]


@pytest.mark.parametrize(("told", "code", "line"), SAID, ids=[f"{type(s[0]).__name__}-{s[1]}-{i}"
                                                            for i, s in enumerate(SAID)])
def test_told_line__a_whole_sentence_in_each_language(told, code, line) -> None:
    """What the status bar says of an event, a note or a refusal is one sentence per person, worded and ordered
    by each language (the German participle last, the French "son", the Chinese list mark), with its numbers
    and lists written the language's way; a cannon's pattern is named from the British mod's catalog."""
    from game.mods import get_ruleset

    get_ruleset("british")  # the bundled mods read, their catalogs registered (whichever test ran before)
    i18n.set_language(code)
    try:
        said = told_line(told, [i18n._(NAMES[0]), *NAMES[1:]])
    finally:
        i18n.set_language("en")
    assert said == line


@pytest.mark.parametrize(("code", "one", "many"), [
    ("en", "1 Tile left", "64 Tiles left"),
    ("de", "Noch 1 Stein", "Noch 64 Steine"),
    ("fr", "1 tuile restante", "64 tuiles restantes"),
    ("nl", "Nog 1 steen", "Nog 64 stenen"),
    ("zh_Hans", "剩 1 张牌", "剩 64 张牌"),
])
def test_tiles_left__one_tile_in_the_singular(code, one, many) -> None:
    """The last tile of the wall reads "1 Tile left", not "1 Tiles left" (seen at the end of a hand under Xvfb)."""
    i18n.set_language(code)
    try:
        assert (status.tiles_left(1), status.tiles_left(64)) == (one, many)
    finally:
        i18n.set_language("en")
