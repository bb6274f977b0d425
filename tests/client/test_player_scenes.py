"""The player's scenes over the table: Undo and the floating menu, Save and Open, replays, statistics."""

from __future__ import annotations

import pygame
import pytest

from game.client.scenes import games
from game.client.scenes.table import TableScene
from game.saves import list_saves, read_save, write_save
from game.session.driver import HUMAN, Session
from game.session.options import Options
from game.session.restore import restore_session
from tests.client.helpers import click, key, make_app


def _table_at_human_turn(app, seed: int = 5, hands: int = 0, wait: float = 5.0) -> TableScene:
    session = Session.create("classic", seed, options=Options(animation_speed=0.0, discard_delay=0.0,
                                                              wait_time=wait))
    for _ in range(hands):
        session.deal()
        session.play_to_end()
        session.finish_hand()
    if hands:
        session.deal()
    scene = games.play(app, session)
    app.stack.apply_pending()
    scene.commands.start()
    for _ in range(3000):
        if session.human_to_discard:
            return scene
        app.step()
    raise AssertionError("the human never had a turn")


def test_table__ctrl_z_takes_the_discard_back(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = _table_at_human_turn(app)
    s = scene.session
    tile = scene.hand_tiles()[0]
    scene.commands.discard_index(0)
    assert tile not in s.table.players[HUMAN].concealed
    assert "Undo" in [b.label for b in (scene.refresh_buttons() or scene.buttons)]
    scene.handle(key(pygame.K_z, pygame.KMOD_CTRL))
    assert tile in s.table.players[HUMAN].concealed
    assert s.human_to_discard


def test_table__right_click_opens_the_floating_menu_with_undo_and_pause(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = _table_at_human_turn(app)
    scene.commands.discard_index(0)
    scene.handle(click((700, 300), button=3))
    assert scene.menu is not None
    labels = [item.label for item in scene.menu.items]
    assert labels[:2] == ["Undo", "Pause"] and labels[-1] == "Close Menu"
    assert scene.menu.items[0].enabled
    undo_row = scene.menu.row(0).center
    scene.handle(click(undo_row))
    assert scene.menu is None or scene.menu.closed
    assert scene.session.human_to_discard
    scene.handle(click((700, 300), button=3))
    scene.handle(click(scene.menu.row(1).center))
    assert scene.paused


def test_table__f11_is_the_movement_direction_and_not_fullscreen(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = _table_at_human_turn(app)
    before = scene.show_direction
    app.dispatch(key(pygame.K_F11))
    app.stack.apply_pending()
    assert scene.show_direction != before
    assert not app.fullscreen
    app.dispatch(key(pygame.K_RETURN, pygame.KMOD_ALT))
    assert app.fullscreen


def test_saves__alt_f3_saves_under_a_name_and_alt_f2_opens_it(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = _table_at_human_turn(app, hands=1)
    scene.handle(key(pygame.K_F3, pygame.KMOD_ALT))
    app.stack.apply_pending()
    dialog = app.stack.top
    assert dialog.name == "saves" and dialog.mode == "save"
    dialog.handle(pygame.Event(pygame.TEXTINPUT, text="Tuesday"))
    dialog.handle(key(pygame.K_RETURN))
    app.stack.apply_pending()
    saves = list_saves(app.folders.saves)
    assert [(i.name, i.status, i.hands) for i in saves] == [("Tuesday", "ok", 1)]
    assert scene.session.save_name == "Tuesday"
    hand = list(scene.session.table.players[HUMAN].concealed)

    scene.handle(key(pygame.K_F2, pygame.KMOD_ALT))
    app.stack.apply_pending()
    opener = app.stack.top
    assert opener.mode == "open"
    opener.handle(key(pygame.K_RETURN))
    app.stack.apply_pending()
    table = app.stack.top
    assert table.name == "table" and table is not scene
    assert table.session.save_name == "Tuesday"
    assert table.session.table.players[HUMAN].concealed == hand


@pytest.mark.parametrize(("language", "said", "not_said"), [("en", "the save is truncated", None),
                                                            ("de", "der Spielstand ist abgeschnitten", "truncated")])
def test_saves__a_corrupt_save_is_listed_with_its_reason_and_left_alone(tmp_path, language, said, not_said) -> None:
    """The reason is said in the player's language (kept in English for ``saves list --json`` and the log)."""
    from game import i18n
    from game.client.scenes.saves import SavesScene

    app = make_app(tmp_path)
    i18n.set_language(language)
    app.folders.saves.mkdir(parents=True)
    bad = app.folders.saves / "broken.sparrow"
    bad.write_text('{"format": 1, "kind": "sparrow-save", "ruleset": ', encoding="utf-8")
    app.reset_to("title")
    dialog = SavesScene(app, "open")
    app.stack.push(dialog)
    app.stack.apply_pending()
    dialog.handle(key(pygame.K_RETURN))
    app.stack.apply_pending()
    assert app.stack.top is dialog
    assert dialog.error and said in dialog.message
    assert not_said is None or not_said not in dialog.message
    assert bad.read_text(encoding="utf-8") == '{"format": 1, "kind": "sparrow-save", "ruleset": '


def test_saves__a_save_with_a_missing_ruleset_says_which_and_changes_nothing(tmp_path) -> None:
    from game.client.scenes.saves import SavesScene

    app = make_app(tmp_path)
    scene = _table_at_human_turn(app)
    saved = scene.session.snapshot("odd")
    saved.ruleset = "martian-rules"
    app.folders.saves.mkdir(parents=True)
    write_save(app.folders.saves / "odd.sparrow", saved)
    dialog = SavesScene(app, "open", scene.session)
    app.stack.push(dialog)
    app.stack.apply_pending()
    dialog.open()
    app.stack.apply_pending()
    assert "martian-rules" in dialog.message
    assert app.stack.scenes[0] is scene


def test_replay__steps_forward_and_back_through_a_finished_hand(tmp_path) -> None:
    from game.client.scenes.replay import ReplayScene

    app = make_app(tmp_path)
    scene = _table_at_human_turn(app, hands=1)
    scene.handle(key(pygame.K_r, pygame.KMOD_ALT))
    app.stack.apply_pending()
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    record = scene.session.match.history[0]
    dealt = [list(p.concealed) for p in replay.table.players]
    replay.handle(key(pygame.K_RIGHT))
    replay.handle(key(pygame.K_RIGHT))
    assert replay.move == 2 and replay.line
    replay.handle(key(pygame.K_LEFT))
    replay.handle(key(pygame.K_LEFT))
    assert [list(p.concealed) for p in replay.table.players] == dealt
    replay.handle(key(pygame.K_END))
    table = replay.table
    assert replay.move == len(record.actions)
    assert table.phase == "over" and table.result.winner == record.winner
    app.render(1.0)


def test_replay__stakes_take_the_themes_colour_of_each_seat_wind(tmp_path, monkeypatch) -> None:
    """A theme that colours the stakes by seat wind is followed in the replay as at the table."""
    import dataclasses

    from game.client.scenes import table_draw

    app = make_app(tmp_path)
    scene = _table_at_human_turn(app, hands=1)
    scene.handle(key(pygame.K_r, pygame.KMOD_ALT))
    app.stack.apply_pending()
    replay = app.stack.top
    winds = ((200, 40, 40), (40, 160, 60), (40, 60, 200), (180, 160, 40))
    app.resources.palette = dataclasses.replace(app.palette, stakes=winds)
    drawn: dict[int, tuple[int, int, int]] = {}
    real = table_draw.draw_stake

    def spy(surface, seat, wind, is_current, palette, pulse):
        drawn[seat] = palette.stake(wind)
        real(surface, seat, wind, is_current, palette, pulse)

    monkeypatch.setattr(table_draw, "draw_stake", spy)
    app.render(1.0)
    table = replay.table
    assert drawn == {seat: winds[table.seat_wind(seat)] for seat in range(4)}


def test_replay__export_writes_a_replay_file_that_opens_at_that_hand(tmp_path) -> None:
    from game.client.scenes.replay import ReplayScene

    app = make_app(tmp_path)
    scene = _table_at_human_turn(app, hands=2)
    replay = ReplayScene(app, scene.session, 1)
    replay.export()
    files = sorted(app.folders.saves.glob("replay*.sparrow"))
    assert len(files) == 1
    saved = read_save(files[0])
    assert saved.settings["replay_hand"] == 1
    assert saved.hands_played == 2
    copy, _ = restore_session(saved)
    assert copy.match.history[1].log_hash == scene.session.match.history[1].log_hash


def test_stats__the_scene_lists_every_player_of_the_ruleset_and_draws_its_charts(tmp_path) -> None:
    from game.client.scenes.stats import StatsScene

    app = make_app(tmp_path)
    session = Session.create("classic", 3, options=Options(animation_speed=0.0, discard_delay=0.0))
    session.stats_folder = app.folders.config
    for _ in range(2):
        session.deal()
        session.play_to_end()
        session.finish_hand()
    scene = StatsScene(app, session)
    rows = scene.rows()
    assert rows[0][0] == "human" and rows[0][1].hands == 2
    assert {pid for pid, _ in rows} == {"human", *session.opponents}
    app.stack.clear_to(scene)
    app.render(1.0)


def test_scores__a_hand_with_all_hands_visible_says_there_is_no_settlement(tmp_path) -> None:
    from game.client.scenes.scores import ScoresScene

    app = make_app(tmp_path)
    for seed in range(1, 40):
        session = Session.create("classic", seed, options=Options(animation_speed=0.0, show_all=True))
        session.deal()
        session.play_to_end()
        if session.table.result.winner is not None:
            break
    scene = games.play(app, session)
    app.stack.apply_pending()
    outcome = session.finish_hand()
    box = ScoresScene(app, scene, outcome)
    assert not box.outcome.settled
    app.stack.push(box)
    app.render(1.0)
    box.handle(key(pygame.K_r))
    app.stack.apply_pending()
    assert app.stack.top.name == "replay"


def test_menu__esc_offers_save_open_replays_and_statistics(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = _table_at_human_turn(app)
    scene.handle(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    labels = [b.label for b in app.stack.top.buttons]
    for wanted in ("Save Game…", "Open Game…", "Replays", "Statistics", "New Game"):
        assert wanted in labels
    stats = next(b for b in app.stack.top.buttons if b.label == "Statistics")
    stats.action()
    app.stack.apply_pending()
    assert app.stack.top.name == "stats"


def test_mods__space_disables_a_mod_through_the_mod_manager(tmp_path) -> None:
    from game.client.scenes.mod_manager import ModManagerScene
    from game.mods.manager import ModManager

    app = make_app(tmp_path)
    scene = ModManagerScene(app)
    assert scene.rows, "the bundled mods are listed"
    target = next(i for i, r in enumerate(scene.rows) if r.enabled and "tileset" in r.kinds)
    mod_id = scene.rows[target].id
    scene.selected = target
    scene.handle(key(pygame.K_SPACE))
    assert scene.ok, scene.message
    assert not next(r for r in ModManager(app.folders).rows() if r.id == mod_id).enabled
    app.stack.clear_to(scene)
    app.render(1.0)


def test_mods__dropping_a_non_mod_file_says_what_was_expected(tmp_path) -> None:
    from game.client.scenes.mod_manager import ModManagerScene

    app = make_app(tmp_path)
    scene = ModManagerScene(app)
    notes = tmp_path / "notes.txt"
    notes.write_text("hello", encoding="utf-8")
    scene.handle(pygame.Event(pygame.DROPFILE, file=str(notes)))
    assert not scene.ok and "notes.txt" in scene.message
