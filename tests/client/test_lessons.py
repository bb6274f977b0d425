"""Learn to Play: every bundled lesson can be finished by following its steps with keys and clicks, each
explains a wrong move and lets the player try again, and a lesson left halfway resumes where it was left."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.mods.lessons import lessons_of
from game.session.lesson_progress import load_progress
from tests.client.helpers import click, drawn_text, from_title, key, lesson_move, make_app, open_lesson, settle_lesson

BUNDLED = len(list((Path(__file__).resolve().parents[2] / "mods" / "lessons" / "lessons").glob("*.yaml")))
"""How many lessons the bundled Learn to Play mod has (each is driven to its end below)."""


def bundled_lessons(tmp_path):
    app = make_app(tmp_path)
    return app, lessons_of(app.catalog)


def test_lessons__the_title_offers_them_in_order(tmp_path) -> None:
    app, lessons = bundled_lessons(tmp_path)
    shown = from_title(app, pygame.K_l)
    assert shown.name == "lessons"
    assert [lesson.order for lesson in shown.lessons] == sorted(lesson.order for lesson in lessons)
    assert 8 <= len(shown.lessons) == BUNDLED
    app.dispatch(click(shown.rows[1].center))
    app.stack.apply_pending()
    assert app.stack.top.name == "lesson" and app.stack.top.lesson_session.lesson.id == lessons[1].id


@pytest.mark.parametrize("number", range(1, BUNDLED + 1))
def test_lessons__each_is_finished_by_following_its_words(tmp_path, number) -> None:
    app, lessons = bundled_lessons(tmp_path)
    scene = open_lesson(app, number)
    session = scene.lesson_session
    for _ in range(len(session.lesson.steps)):
        lesson_move(app)
        settle_lesson(app)
    assert session.done, f"stuck at step {session.step_index + 1}: {session.step.say[:60]!r} ({session.mistake})"
    assert scene.panel_words()[1].startswith("Lesson complete!")
    app.dispatch(key(pygame.K_RETURN))  # Next Lesson (or Finish after the last)
    app.stack.apply_pending()
    after = app.stack.top
    if number < len(lessons):
        assert after.name == "lesson" and after.lesson_session.lesson.id == lessons[number].id
    else:
        assert after.name == "lessons"
    assert load_progress(tmp_path / "config")[lessons[number - 1].id].done


@pytest.mark.parametrize("number", range(1, BUNDLED + 1))
def test_lessons__a_wrong_move_is_explained_and_may_be_tried_again(tmp_path, number) -> None:
    app, _lessons = bundled_lessons(tmp_path)
    scene = open_lesson(app, number)
    session = scene.lesson_session
    while session.step.do in ("read", "start") or not session.step.wrong:
        lesson_move(app)
        settle_lesson(app)
    at, step = session.step_index, session.step
    lesson_move(app, wrong=True)
    settle_lesson(app)
    assert session.step_index == at, "the wrong move was not played"
    assert session.mistake == step.wrong
    assert step.wrong in " ".join(text for text in scene_text(app))
    lesson_move(app)
    settle_lesson(app)
    assert session.step_index == at + 1 and session.mistake == ""


def scene_text(app):
    """The lesson box's words as drawn: the heading, the step, the explanation of the wrong move."""
    scene = app.stack.top
    app.render(1.0)
    heading, words = scene.panel_words()
    return [heading, words, scene.lesson_session.mistake]


def test_lessons__a_lesson_left_halfway_resumes_at_its_step(tmp_path) -> None:
    app, lessons = bundled_lessons(tmp_path)
    scene = open_lesson(app, 1)
    session = scene.lesson_session
    for _ in range(5):
        lesson_move(app)
        settle_lesson(app)
    reached, hand = session.step_index, sorted(session.table.players[0].concealed)
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top.name == "lessons"
    assert app.stack.top.status(lessons[0]) == f"at step {reached + 1} of {len(lessons[0].steps)}"
    again = open_lesson(app, 1)
    assert again.lesson_session.step_index == reached
    assert sorted(again.lesson_session.table.players[0].concealed) == hand, "the same table as it was left"


def test_lessons__f1_in_a_lesson_explains_lessons(tmp_path) -> None:
    app, _lessons = bundled_lessons(tmp_path)
    open_lesson(app, 1)
    app.dispatch(key(pygame.K_F1))
    app.stack.apply_pending()
    assert app.stack.top.page_heading() == "A Lesson"


def test_lessons__a_mods_lesson_that_cannot_be_dealt_is_named_and_the_others_still_open(tmp_path) -> None:
    folder = tmp_path / "mods" / "odd-lesson"
    (folder / "lessons").mkdir(parents=True)
    (folder / "mod.yaml").write_text('format: 1\nid: odd-lesson\nname: Odd\nversion: "1.0.0"\ngame: ">=0.1"\n'
                                     "authors: [Tester]\nkinds: [lesson]\n")
    (folder / "lessons" / "odd.yaml").write_text(
        "id: odd\nname: Odd Rules\norder: 99\nruleset: no-such-rules\ndeal:\n"
        "  hand: 1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C 4C\nsteps:\n  - say: Hello.\n    do: read\n")
    app, lessons = bundled_lessons(tmp_path)
    assert lessons[-1].id == "odd"
    shown = open_listing(app)
    for _ in range(len(lessons) - 1):
        app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert app.stack.top is shown
    assert shown.first == len(lessons) - len(shown.rows) > 0, "the list scrolled to the lesson chosen"
    assert shown.notice == "Odd Rules cannot be set up: the lesson plays by the ruleset 'no-such-rules', which is " \
                           "not loaded"
    app.dispatch(key(pygame.K_UP))
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert app.stack.top.name == "lesson"


def open_listing(app):
    return from_title(app, pygame.K_l)


def test_lessons__each_step_done_is_saved_at_once(tmp_path) -> None:
    """Closing the window in the middle of a lesson loses nothing: the step is written as soon as it is done."""
    app, lessons = bundled_lessons(tmp_path)
    open_lesson(app, 2)
    for reached in (1, 2, 3):
        lesson_move(app)
        settle_lesson(app)
        assert load_progress(tmp_path / "config")[lessons[1].id].step == reached


def test_lessons__progress_that_cannot_be_saved_is_told_and_the_lesson_goes_on(tmp_path, monkeypatch) -> None:
    from game.client.scenes import lesson as lesson_scene
    from game.client.status import status_line
    from game.errors import WriteError

    def refuse(*_args) -> None:
        raise WriteError("could not save the lesson progress: no space left on the disk")

    monkeypatch.setattr(lesson_scene, "save_progress", refuse)
    app, _lessons = bundled_lessons(tmp_path)
    scene = open_lesson(app, 1)
    lesson_move(app)
    settle_lesson(app)
    assert status_line(scene.session) == "Could not save the lesson progress: no space left on the disk"
    assert scene.lesson_session.step_index == 1


def test_lessons__the_hand_of_a_lesson_can_be_replayed_from_its_score_box(tmp_path) -> None:
    """The replay deals the lesson's prepared tiles again, so every move of the hand replays as it was made."""
    app, _lessons = bundled_lessons(tmp_path)
    scene = open_lesson(app, 4)
    session = scene.lesson_session
    while not session.done:
        lesson_move(app)
        settle_lesson(app)
    for _ in range(200):
        app.step()
        if app.stack.top.name == "scores":
            break
    assert app.stack.top.name == "scores"
    app.dispatch(key(pygame.K_r))
    app.stack.apply_pending()
    replay = app.stack.top
    assert replay.name == "replay"
    while replay.move < replay.total_moves:
        replay.forward()
    assert sorted(replay.table.players[0].concealed) == sorted(session.table.players[0].concealed)


def test_lessons__a_lesson_is_not_saved_as_a_game(tmp_path) -> None:
    from game.client.status import status_line

    app, _lessons = bundled_lessons(tmp_path)
    scene = open_lesson(app, 1)
    app.dispatch(key(pygame.K_s, pygame.KMOD_CTRL))
    app.stack.apply_pending()
    assert app.stack.top is scene
    assert status_line(scene.session) == "A lesson is not saved as a game: it keeps your place in it by itself."


def test_lessons__the_table_asks_to_start_only_when_the_lesson_does(tmp_path) -> None:
    """While the lesson's box is to be read (Next), the table does not also say "click, Enter or F4 to start";
    at the step that asks for the start, it does."""
    app, _lessons = bundled_lessons(tmp_path)
    scene = open_lesson(app, 1)
    session = scene.lesson_session

    def banners() -> list[str]:
        app.render(1.0)
        return [message for message, _box in scene.banners_drawn]

    assert session.step.do == "read"
    assert not [b for b in banners() if b.startswith("Study your tiles")]
    while session.step.do == "read":
        lesson_move(app)
        settle_lesson(app)
    assert session.step.do == "start"
    assert "Study your tiles — click, Enter or F4 to start" in banners()


def test_lessons__a_list_longer_than_the_page_shows_a_scroll_bar_that_brings_the_last_lesson_into_view(
        tmp_path) -> None:
    """More lessons than rows: a scroll bar beside the rows says so, and a click on its track below the thumb
    scrolls the last lesson into view, where a click opens it."""
    app, lessons = bundled_lessons(tmp_path)
    shown = open_listing(app)
    assert len(lessons) > len(shown.rows)
    app.render(1.0)
    assert shown.bar.needed and shown.first == 0
    assert all(row.right < shown.bar.track.left for row in shown.rows)
    app.dispatch(click((shown.bar.track.centerx, shown.bar.track.bottom - 2)))
    assert shown.first == len(lessons) - len(shown.rows)
    app.dispatch(click(shown.rows[-1].center))
    app.stack.apply_pending()
    assert app.stack.top.name == "lesson" and app.stack.top.lesson_session.lesson.id == lessons[-1].id


def test_lessons__the_keys_hint_names_only_the_numbers_that_open_a_lesson(tmp_path) -> None:
    """Lessons 10 and 11 have no number key (1 then 0 opens lesson 1): the hint says 1–9, not "a number"."""
    app, lessons = bundled_lessons(tmp_path)
    shown = open_listing(app)
    assert len(lessons) > 9
    assert shown.hint() == "↑ ↓ and Enter, 1–9, or click a lesson  ·  F1 help"
    app.dispatch(key(pygame.K_9))
    app.stack.apply_pending()
    assert app.stack.top.lesson_session.lesson.id == lessons[8].id


def test_lessons__f4_during_the_lessons_hand_does_not_deal_it_again(tmp_path) -> None:
    """F4 starts a lesson's hand; once it is under way F4 says how to start over instead of dealing the hand again
    (the lesson's steps would be left behind the table)."""
    app, _lessons = bundled_lessons(tmp_path)
    scene = open_lesson(app, 1)
    session = scene.lesson_session
    while session.step.do != "discard":
        lesson_move(app)
        settle_lesson(app)
    step, hand = session.step_index, sorted(session.table.players[0].concealed)
    app.dispatch(key(pygame.K_F4))
    app.stack.apply_pending()
    assert app.stack.top is scene and scene.prompts.current is None, "no Restart Hand box"
    app.render(1.0)
    assert scene.status.message == "A lesson's hand is not dealt again: All Lessons lets you start the lesson over."
    assert (session.step_index, sorted(session.table.players[0].concealed)) == (step, hand)


def test_lessons__home_end_and_the_page_keys_move_through_a_long_list(tmp_path) -> None:
    app, lessons = bundled_lessons(tmp_path)
    shown = open_listing(app)
    app.dispatch(key(pygame.K_END))
    assert shown.focus == len(lessons) - 1 and shown.first == len(lessons) - len(shown.rows), "the last in view"
    app.dispatch(key(pygame.K_PAGEUP))
    assert shown.focus == len(lessons) - 1 - len(shown.rows)
    app.dispatch(key(pygame.K_HOME))
    assert (shown.focus, shown.first) == (0, 0)
    app.dispatch(key(pygame.K_PAGEDOWN))
    assert shown.focus == len(shown.rows)
    app.dispatch(key(pygame.K_END))
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert app.stack.top.lesson_session.lesson.id == lessons[-1].id


def test_lessons__a_short_steps_box_is_only_as_tall_as_it_needs_and_every_box_holds_its_words(
        tmp_path, monkeypatch) -> None:
    from game.client.scenes import lesson as lesson_module
    app, _lessons = bundled_lessons(tmp_path)
    scene = open_lesson(app, 1)
    session = scene.lesson_session
    bottoms = []
    while not session.done:
        drawn = drawn_text(monkeypatch, lesson_module)
        app.render()
        box_bottom = scene.leave_button.rect.bottom + lesson_module.BUTTON_ROOM
        assert all(rect.bottom <= box_bottom for _words, rect in drawn), session.step.say[:40]
        if session.step.do == "read":
            assert scene.next_button.rect.bottom < scene.leave_button.rect.top  # stacked, not overlapping
        bottoms.append((box_bottom, len(drawn)))
        lesson_move(app)
        settle_lesson(app)
    shortest = min(bottom for bottom, _lines in bottoms)
    tallest = max(bottom for bottom, _lines in bottoms)
    assert shortest < lesson_module.PANEL.bottom <= tallest
