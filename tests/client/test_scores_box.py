"""The Scores box reads like the original's: scoring lines named after their real tiles, the winner's hand in sets."""

from __future__ import annotations

from game.client.messages import item_label
from game.client.scenes.scores import winning_groups
from game.core.melds import Meld, MeldKind
from game.core.tiles import parse_tiles, sort_for_display


def test_item_label__a_sets_line_names_its_tile() -> None:
    """"Concealed Pung of Tile 2 to 8" for three 6 Bamboo reads "Concealed Pung of 6 Bamboo", as in the original."""
    pung = parse_tiles("6B 6B 6B")
    assert item_label("Concealed Pung of Tile 2 to 8", pung) == "Concealed Pung of 6 Bamboo"
    assert item_label("Exposed Kong of Winds and Dragons", parse_tiles("RD RD RD RD")) == \
        "Exposed Kong of Red Dragon"
    assert item_label("Melded Pung of Terminals", parse_tiles("9C 9C 9C")) == "Melded Pung of 9 Characters"


def test_item_label__one_tile_lines_get_the_tile_and_others_stay() -> None:
    assert item_label("Pair of Dragons", parse_tiles("GD GD")) == "Pair of Dragons: Green Dragon"
    assert item_label("Pung or Kong of Player's Own Wind", parse_tiles("EW EW EW")) == \
        "Pung or Kong of Player's Own Wind: East Wind"
    assert item_label("All One Suit", parse_tiles("1B 2B 3B 5B 5B")) == "All One Suit"
    assert item_label("Going Mah Jongg", ()) == "Going Mah Jongg"


def test_winning_groups__sets_left_to_right_and_the_pair_last() -> None:
    """The winner's concealed tiles in the sets they were scored in (exposed sets left out), the pair on the right."""
    chow = Meld(MeldKind.CHOW, tuple(parse_tiles("2B 3B 4B")), exposed=True)
    concealed = parse_tiles("SW 7D 3C 5C SW 1D 8D 4C 2D 3D 6D")
    arrangement = tuple(tuple(parse_tiles(g)) for g in ("2B 3B 4B", "3C 4C 5C", "1D 2D 3D", "6D 7D 8D", "SW SW"))
    groups = winning_groups(concealed, [chow], arrangement)
    assert groups == [parse_tiles(g) for g in ("3C 4C 5C", "1D 2D 3D", "6D 7D 8D", "SW SW")]


def test_winning_groups__a_hand_read_another_way_stays_one_sorted_row() -> None:
    concealed = parse_tiles("1B 9B 1C 9C 1D 9D EW SW WW NW RD GD WD WD")
    groups = winning_groups(concealed, [], (tuple(parse_tiles("1B 1B 1B")),))
    assert groups == [sort_for_display(concealed)]


def test_dead_hand_line__says_truly_who_paid_and_who_is_east() -> None:
    """Under a hand nobody won: "no scores" only when nothing was paid (issue 20: a Riichi draw charged the
    players not ready while the box said "no scores this hand"), and East as the match really rotated."""
    from game.client.messages import dead_hand_line
    from game.core import events as ev

    names = ["You", "Elaine", "Eric", "Gaby"]
    assert dead_hand_line([], [], names) == "No Mah Jongg: no scores this hand; East stays East."
    assert dead_hand_line([], [ev.DealPassed(2)], names) == \
        "No Mah Jongg: no scores this hand; the deal passes to Eric."
    noten = [(1, 0, 1000), (2, 0, 1000), (3, 0, 1000)]
    assert dead_hand_line(noten, [], names) == ("No Mah Jongg: nobody scores a hand, but the players not ready pay "
                                                "you for your ready hand; East stays East.")
    two = [(1, 0, 1500), (1, 3, 1500), (2, 0, 1500), (2, 3, 1500)]
    assert dead_hand_line(two, [ev.DealPassed(1)], names) == (
        "No Mah Jongg: nobody scores a hand, but the players not ready pay you and Gaby for your ready hands; "
        "the deal passes to Elaine.")
    others = [(0, 3, 1500), (1, 3, 1500), (0, 2, 1500), (1, 2, 1500)]
    assert dead_hand_line(others, [], names) == (
        "No Mah Jongg: nobody scores a hand, but the players not ready pay Eric and Gaby for their ready hands; "
        "East stays East.")


def test_dead_hand_line__you_are_paid_in_a_whole_german_sentence() -> None:
    """German says "zahlen dir", not "zahlen Du": being paid yourself is its own sentence, never a name in a list
    of payees."""
    from game import i18n
    from game.client.messages import dead_hand_line

    i18n.set_language("de")
    try:
        names = [i18n._("You"), "Elaine", "Eric", "Gaby"]
        two = [(1, 0, 1500), (1, 3, 1500), (2, 0, 1500), (2, 3, 1500)]
        assert dead_hand_line(two, [], names) == (
            "Kein Mah-Jongg: niemand wertet eine Hand, aber die Spieler ohne fertige Hand zahlen dir und Gaby für "
            "eure fertigen Hände; Ost bleibt Ost.")
        alone = [(1, 0, 1000), (2, 0, 1000), (3, 0, 1000)]
        assert "zahlen dir für deine fertige Hand" in dead_hand_line(alone, [], names)
    finally:
        i18n.set_language("en")


def test_scores_box__titles_and_numbers_in_the_players_language(tmp_path, monkeypatch) -> None:
    """The Scores box in German: the totals grouped (1.000), the human's page titled "Deine Punkte:", another
    player's "Punkte von Eric:" (one sentence each, no "{possessive} score" pieces); in Chinese likewise."""
    import pygame

    from game import i18n
    from game.client import stage
    from game.client.scenes import scores
    from tests.client.helpers import drawn_text, key, make_app

    app = make_app(tmp_path)
    box = stage.stage_scene(app, "scores", seed=2, turns=12)
    names = box.session.names
    old = box.outcome.old_totals
    shown = drawn_text(monkeypatch, scores)
    expected = {
        "de": ("Deine Punkte:", "Punkte von {name}:", "."),
        "zh_Hans": ("你的得分：", "{name}的得分：", ","),
        "en": ("Your score:", "{name}'s score:", ","),
    }
    try:
        for code, (yours, theirs, separator) in expected.items():
            i18n.set_language(code)
            for tab in (pygame.K_t, pygame.K_1, pygame.K_2):
                shown.clear()
                app.dispatch(key(tab))
                app.render()
                lines = [line for line, _rect in shown]
                if tab == pygame.K_t:
                    assert all(f"{value:,}".replace(",", separator) in lines for value in old), (code, lines)
                elif tab == pygame.K_1:
                    assert yours in lines
                else:
                    assert theirs.format(name=names[box.seats[1]]) in lines
    finally:
        i18n.set_language("en")
    assert max(abs(value) for value in old) >= 1000  # the grouping was put to the test


def test_pays_for_all__the_four_winds_liabilities_in_a_whole_sentence_per_person() -> None:
    """The band over the Four Winds settlement names who pays for everybody in one sentence each for you and
    for another player (Dutch: "Je betaalt …", "Eric betaalt …")."""
    from types import SimpleNamespace

    from game import i18n
    from game.client.messages import pays_for_all
    from game.core.table import HandResult

    nine = SimpleNamespace(nine_tiles=True, five_last_tiles=False)
    five = SimpleNamespace(nine_tiles=False, five_last_tiles=True)
    fed = HandResult(3, "discard", one_suit_feeder=0, from_seat=0)
    late = HandResult(3, "discard", late_unseen_discard=True, from_seat=1)
    names = ["You", "Eric", "Gaby", "Ann"]
    assert pays_for_all(fed, names, nine) == "You pay for everybody: the discard fed a hand of one suit."
    assert pays_for_all(late, names, five) == "Eric pays for everybody: an unseen tile among the last five."
    i18n.set_language("nl")
    try:
        assert pays_for_all(fed, [i18n._("You"), *names[1:]], nine) == (
            "Je betaalt voor iedereen: je afgegooide steen maakte een hand in één kleur af.")
        assert pays_for_all(late, names, five) == (
            "Eric betaalt voor iedereen: een nog niet geziene steen bij de laatste vijf.")
    finally:
        i18n.set_language("en")


def test_payment_table__the_total_says_the_points_were_paid_by_the_table(tmp_path, monkeypatch) -> None:
    """Hong Kong adds points (never doubled) and a table turns them into the pay value: the winner's Total line
    read "4   Total Score: 1" (the 4 unexplained) beside a column of doubles that could only say "none"; it says
    the table now, and a loser's 0 says only the winner is paid."""
    from game.client.scenes import scores
    from game.session.driver import Session
    from game.session.options import Options
    from tests.client.helpers import drawn_text, make_app, show_table

    app = make_app(tmp_path)
    for seed in range(1, 30):
        session = Session.create("hongkong", seed, options=Options(animation_speed=0.0, discard_delay=0.0))
        scene = show_table(app, session)
        session.play_to_end()
        if session.table.result.winner is not None:
            break
    winner = session.table.result.winner
    scene.pump()
    scene.animator.finish()
    outcome = session.finish_hand()
    box = app.open("scores", table_scene=scene, outcome=outcome)
    app.stack.apply_pending()
    shown = drawn_text(monkeypatch, scores)
    box._select(winner)
    app.render()
    lines = [line for line, _rect in shown]
    paid = [line for line in lines if "on the payment table" in line]
    assert len(paid) == 1 and paid[0].startswith("Total Score: "), lines
    # Points are never doubled there: no column of doubles that could only say "none"
    assert "Total Points" in lines and "Doubles:" not in lines and "Total Score before Doubling" not in lines
    loser = next(seat for seat in box.pages if seat >= 0 and seat != winner)
    shown.clear()
    box._select(loser)
    app.render()
    lines = [line for line, _rect in shown]
    assert "only the winner's hand is paid" in lines and not any("on the payment table" in line for line in lines)


def test_rounding__the_total_says_when_the_points_were_rounded_before_doubling(tmp_path, monkeypatch) -> None:
    """Western rounds the points up to tens before doubling: a hand of 44 points read "50   Total Score: 44", the
    6 unexplained; the formula starts from the rounded points and says what they were."""
    from game.client.scenes import scores
    from game.session.driver import Session
    from game.session.options import Options
    from tests.client.helpers import drawn_text, make_app, show_table

    app = make_app(tmp_path)
    for seed in range(1, 40):
        session = Session.create("western", seed, options=Options(animation_speed=0.0, discard_delay=0.0))
        scene = show_table(app, session)
        session.play_to_end()
        winner = session.table.result.winner
        if winner is not None:
            scene.pump()
            scene.animator.finish()
            outcome = session.finish_hand()
            result = outcome.results[winner]
            if result is not None and result.points % 10 and not result.limited:
                break
    else:
        raise AssertionError("no seed gave a winner whose points are not a multiple of ten")
    box = app.open("scores", table_scene=scene, outcome=outcome)
    app.stack.apply_pending()
    shown = drawn_text(monkeypatch, scores)
    box._select(winner)
    app.render()
    rounded = -(-result.points // 10) * 10
    formula = next(line for line, _rect in shown if line.startswith("Total Score: "))
    assert formula.startswith(f"Total Score: {rounded:,}") and formula.endswith(f"({result.points:,} rounded)")
    assert result.score == rounded * 2 ** result.doubles  # the number beside it
