"""Saves and replays: round trips at every kind of decision point, and bad files reported, never touched."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ai.bots import GreedyBot, RandomBot
from game.autoplay import play_hand
from game.client.scenes import games
from game.client.status import status_line
from game.core.actions import Claim, DeclareKong, Discard, MahJongg, Pass, action_from_text, action_to_text
from game.core.events import log_hash
from game.core.judge import RegularJudge
from game.core.match import Match
from game.core.play_rules import PlayRules
from game.errors import SaveError
from game.saves import (
    SAVE_FORMAT,
    list_saves,
    read_save,
    restore,
    snapshot,
    to_text,
    write_autosave,
    write_save,
)

RULES = PlayRules()
PLAYERS = ["human", "greedy", "greedy", "greedy"]


def _state(match):
    table = match.table
    return (match.log_hash(), tuple(match.totals), match.east, match.round_wind,
            log_hash(table.events) if table else None, table.phase if table else None)


def _match_until(phase, seed=4, hands_before=1):
    """A match with some finished hands, stopped in the middle of a hand at the first ``phase`` decision."""
    match = Match(RULES, RegularJudge(), seed)
    bots = [GreedyBot(random.Random(i)) for i in range(4)]
    for _ in range(hands_before):
        table = match.new_hand()
        play_hand(table, bots)
        match.finish_hand(table)
    for attempt in range(40):
        table = match.new_hand()
        if phase == "dealt":
            return match
        table.begin()
        rng = random.Random(attempt)
        while table.phase != "over":
            if table.phase == phase:
                return match
            seat = table.awaiting()[0]
            legal = table.legal_actions(seat)
            claims = [a for a in legal if getattr(a, "type", None) in ("pung", "chow", "kong")]
            kongs = [a for a in legal if a.kind == "kong"]
            table.apply(seat, (claims or kongs or [rng.choice(legal)])[0])
        match.finish_hand(table)
    pytest.fail(f"never reached phase {phase}")


def test_saves__a_save_that_cannot_reach_the_disk_leaves_the_last_one_whole(tmp_path, monkeypatch):
    """Saving over a game when the disk is full fails with the disk's error, saying the previous save is unchanged,
    and leaves it as it was, with no half-written file beside it (saves are written to a temporary file, then
    renamed)."""
    import errno
    import os

    path = tmp_path / "game.sparrow"
    write_save(path, snapshot(_match_until("turn"), ruleset_id="classic", players=PLAYERS, name="before"))
    before = path.read_bytes()

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="no space left on device; the previous copy is unchanged at"):
        write_save(path, snapshot(_match_until("claims"), ruleset_id="classic", players=PLAYERS, name="after"))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.sparrow"]


@pytest.mark.parametrize("phase", ["dealt", "turn", "claims"])
def test_saves__round_trip_in_the_middle_of_a_hand(tmp_path, phase):
    """Saving at a decision point and loading gives exactly the same game state."""
    match = _match_until(phase)
    path = tmp_path / "game.sparrow"
    write_save(path, snapshot(match, ruleset_id="classic", players=PLAYERS, name="mid-hand"))
    restored = restore(read_save(path), RULES, RegularJudge())
    assert _state(restored) == _state(match)
    assert restored.table.legal_actions(restored.table.awaiting()[0] if restored.table.awaiting() else 0) == \
        match.table.legal_actions(match.table.awaiting()[0] if match.table.awaiting() else 0)


@given(st.one_of(
    st.builds(Discard, st.integers(0, 41), st.booleans()),
    st.builds(DeclareKong, st.integers(0, 33)),
    st.builds(Claim, st.sampled_from(["chow", "pung", "kong", "mah_jongg"]),
              st.lists(st.integers(0, 33), max_size=3).map(tuple)),
    st.just(MahJongg()), st.just(Pass()),
))
def test_saves__action_notation_round_trips(action):
    """Every action a save holds reads back as the same action."""
    assert action_from_text(action_to_text(action)) == action


def test_saves__round_trip_while_a_kong_may_be_robbed(tmp_path):
    """A save made while a player decides whether to rob a promoted kong restores to that same decision.

    Seed 1251 was found by search: claiming every pung and declaring every kong reaches a robbing decision."""
    from game.core.actions import DeclareKong
    from tests.scoring_builders import classic, classic_judge

    rules, judge = classic().play, classic_judge()
    match = Match(rules, judge, 1251)
    table = match.new_hand()
    table.begin()
    rng = random.Random(1251)
    while table.phase != "rob":
        seat = table.awaiting()[0]
        legal = table.legal_actions(seat)
        kongs = [a for a in legal if isinstance(a, DeclareKong)]
        claims = [a for a in legal if getattr(a, "type", None) in ("pung", "mah_jongg")]
        table.apply(seat, (claims or kongs or [rng.choice(legal)])[0])
    path = tmp_path / "rob.sparrow"
    write_save(path, snapshot(match, ruleset_id="classic", players=PLAYERS))
    restored = restore(read_save(path), rules, judge)
    assert restored.table.phase == "rob"
    assert restored.table.awaiting() == table.awaiting()
    robber = table.awaiting()[0]
    assert restored.table.legal_actions(robber) == table.legal_actions(robber)
    assert log_hash(restored.table.events) == log_hash(table.events)


def test_saves__round_trip_between_hands(tmp_path):
    """A save between hands restores totals, East and the wind of the round."""
    match = Match(RULES, RegularJudge(), 9)
    bots = [GreedyBot(random.Random(i)) for i in range(4)]
    for _ in range(7):
        table = match.new_hand()
        play_hand(table, bots)
        match.finish_hand(table)
    path = tmp_path / "g.sparrow"
    write_save(path, snapshot(match, ruleset_id="classic", players=PLAYERS))
    restored = restore(read_save(path), RULES, RegularJudge())
    assert _state(restored) == _state(match)
    assert len(restored.history) == 7


def test_saves__replay_gives_the_same_hash_twice(tmp_path):
    """Replaying the same file twice gives the same final state hash."""
    match = Match(RULES, RegularJudge(), 12)
    bots = [RandomBot(random.Random(i)) for i in range(4)]
    for _ in range(3):
        table = match.new_hand()
        play_hand(table, bots)
        match.finish_hand(table)
    path = tmp_path / "r.sparrow"
    write_save(path, snapshot(match, ruleset_id="classic", players=["random"] * 4))
    first = restore(read_save(path), RULES, RegularJudge()).log_hash()
    assert first == restore(read_save(path), RULES, RegularJudge()).log_hash() == match.log_hash()


def _good_text():
    match = _match_until("turn")
    return to_text(snapshot(match, ruleset_id="classic", players=PLAYERS))


@pytest.mark.parametrize(("mangle", "message"), [
    (lambda s: s[: len(s) // 2], "truncated"),
    (lambda s: s[: s.index('"classic"') + 4], "truncated"),  # cut inside a string
    (lambda s: "", "empty"),
    (lambda s: s.replace('"hands"', '"handz"'), "missing field 'hands'"),
    (lambda s: s.replace(f'"format": {SAVE_FORMAT}', '"format": 99'), "newer Sparrow"),
    (lambda s: s.replace('"kind": "sparrow-save"', '"kind": "other"'), "not a Sparrow save"),
    (lambda s: s.replace('discard', 'dizcard', 1), "unknown action"),
    (lambda s: "\x00\x01 not json", "corrupt"),
])
def test_saves__bad_files_are_reported_and_left_alone(tmp_path, mangle, message):
    """A corrupt, truncated or newer save gives a clear message and the file is not changed."""
    path = tmp_path / "bad.sparrow"
    text = mangle(_good_text())
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match=message):
        read_save(path)
    assert path.read_text(encoding="utf-8") == text


def test_saves__diverging_replay_is_detected(tmp_path):
    """A save whose recorded hand no longer replays the same is refused with a reason."""
    match = Match(RULES, RegularJudge(), 3)
    bots = [GreedyBot(random.Random(i)) for i in range(4)]
    table = match.new_hand()
    play_hand(table, bots)
    match.finish_hand(table)
    saved = snapshot(match, ruleset_id="classic", players=PLAYERS)
    saved.hands[0].log_hash = "0" * 16
    with pytest.raises(SaveError, match="replays differently"):
        restore(saved, RULES, RegularJudge())


def test_saves__list_reports_corrupt_files(tmp_path):
    """``saves list`` shows good and corrupt saves; the corrupt one keeps its bytes."""
    write_save(tmp_path / "good.sparrow", read_save_text(_good_text(), tmp_path))
    (tmp_path / "broken.sparrow").write_text('{"kind": "sparrow-save", "format": 1, "hands": [', encoding="utf-8")
    infos = {i.name: i for i in list_saves(tmp_path)}
    assert infos["broken"].status == "corrupt" and "truncated" in infos["broken"].reason
    assert infos["good"].status == "ok" and infos["good"].ruleset == "classic"


def read_save_text(text, folder):
    path = folder / "tmp.sparrow"
    path.write_text(text, encoding="utf-8")
    saved = read_save(path)
    path.unlink()
    return saved


def test_saves__autosave_keeps_the_previous_one(tmp_path):
    """Every autosave moves the last good one to autosave.prev."""
    first = read_save_text(_good_text(), tmp_path)
    first.name = "first"
    write_autosave(tmp_path, first)
    second = read_save_text(_good_text(), tmp_path)
    second.name = "second"
    write_autosave(tmp_path, second)
    assert read_save(tmp_path / "autosave.sparrow").name == "second"
    assert read_save(tmp_path / "autosave.prev.sparrow").name == "first"


def test_saves__corrupt_autosave_is_kept_aside(tmp_path):
    """A corrupt autosave is never overwritten: it is kept under another name, the previous good one stays."""
    (tmp_path / "autosave.sparrow").write_text("garbage", encoding="utf-8")
    write_autosave(tmp_path, read_save_text(_good_text(), tmp_path))
    kept = list(tmp_path.glob("autosave.corrupt-*.sparrow"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "garbage"


def test_saves__file_is_readable_text():
    """The save is readable JSON with its format version and one action per line."""
    data = json.loads(_good_text())
    assert data["format"] == SAVE_FORMAT and data["ruleset"] == "classic"
    assert all(isinstance(line, str) and line[0] in "0123" for h in data["hands"] for line in h["actions"])


@pytest.mark.parametrize("stop_after", [2, 4, 12, 30])
def test_saves__round_trip_during_and_after_a_charleston(tmp_path, stop_after):
    """A game whose hands start with tile passes saves and restores in the middle of the passes and later."""
    rules = PlayRules(charleston=(("right", 3), ("across", 3), ("left", 3)))
    match = Match(rules, RegularJudge(), 17)
    table = match.new_hand()
    bots = [GreedyBot(random.Random(i)) for i in range(4)]
    for _ in range(stop_after):
        if table.phase == "dealt":
            table.begin()
        seat = table.awaiting()[0]
        table.apply(seat, bots[seat].decide(table.view(seat), table.legal_actions(seat)))
    path = tmp_path / "c.sparrow"
    write_save(path, snapshot(match, ruleset_id="classic", players=PLAYERS))
    restored = restore(read_save(path), rules, RegularJudge())
    assert restored.table.phase == table.phase and restored.table.begun == table.begun
    assert log_hash(restored.table.events) == log_hash(table.events)


def test_saves__round_trip_when_the_hand_is_over_but_not_yet_settled(tmp_path):
    """Saving while the scores box shows (the hand ended, not yet settled) restores it to be settled the same."""
    match = Match(RULES, RegularJudge(), 4)
    bots = [GreedyBot(random.Random(i)) for i in range(4)]
    table = match.new_hand()
    play_hand(table, bots)
    path = tmp_path / "over.sparrow"
    write_save(path, snapshot(match, ruleset_id="classic", players=PLAYERS))
    restored = restore(read_save(path), RULES, RegularJudge())
    assert restored.table.phase == "over" and not restored.history
    restored.finish_hand(restored.table)
    match.finish_hand(table)
    assert _state(restored) == _state(match)


def test_saves__ruleset_content_hash_is_stable_and_tells_rulesets_apart():
    """The save records a content hash of the ruleset: the same rules hash the same, other rules differently."""
    import dataclasses
    import os
    import subprocess
    import sys

    from game.mods import get_ruleset
    from game.saves import ruleset_hash, ruleset_note

    classic = get_ruleset("classic")
    here = ruleset_hash(classic)
    script = "from game.mods import get_ruleset; from game.saves import ruleset_hash; " \
             "print(ruleset_hash(get_ruleset('classic')))"
    # another process with another hash seed: nothing in the hash may depend on memory or set order
    other = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": "123"}).stdout.strip()
    assert other == here
    assert ruleset_hash(get_ruleset("british")) != here
    changed = dataclasses.replace(classic, limit=(classic.limit or 0) + 1)
    assert ruleset_hash(changed) != here
    saved = snapshot(Match(RULES, RegularJudge(), 1), ruleset_id="classic", players=PLAYERS, ruleset_hash=here)
    assert ruleset_note(saved, classic) == ""
    assert "has changed since the game was saved" in ruleset_note(saved, changed)


def _client_save(app, name, seed=5):
    """A client game with one finished hand, saved under ``name`` in the app's saves folder; (session, path)."""
    from game.client.scenes.saves import mods_in_use
    from game.session.driver import Session
    from game.session.options import Options

    session = Session.create("classic", seed, options=Options(animation_speed=0.0, discard_delay=0.0))
    session.deal()
    session.play_to_end()
    session.finish_hand()
    session.deal()
    app.folders.saves.mkdir(parents=True, exist_ok=True)
    path = app.folders.saves / f"{name}.sparrow"
    write_save(path, session.snapshot(name, mods=mods_in_use(app)))
    return session, path


def _open_dialog(app):
    from game.client.scenes.saves import SavesScene

    app.reset_to("title")
    app.stack.apply_pending()
    dialog = SavesScene(app, "open")
    app.stack.push(dialog)
    app.stack.apply_pending()
    return dialog


def test_saves__a_client_save_names_its_ruleset_hash_and_mods(tmp_path):
    """A save made in the client holds the ruleset's content hash and the mods in use."""
    from game.mods import get_ruleset
    from game.saves import ruleset_hash
    from tests.client.helpers import make_app

    app = make_app(tmp_path)
    _, path = _client_save(app, "mine")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["ruleset"] == "classic" and data["ruleset_hash"] == ruleset_hash(get_ruleset("classic"))
    assert "classic" in {m["id"] for m in data["mods"]}


def test_saves__a_game_with_a_missing_mod_is_offered_and_opens_on_the_second_press(tmp_path):
    """A save whose mod is gone but whose hands replay the same says which mod, and opens only when asked again."""
    from tests.client.helpers import make_app

    app = make_app(tmp_path)
    session, path = _client_save(app, "modded")
    saved = read_save(path)
    saved.mods.append({"id": "lantern-festival", "version": "2.0"})
    write_save(path, saved)
    before = path.read_text(encoding="utf-8")
    dialog = _open_dialog(app)
    dialog.open()
    app.stack.apply_pending()
    assert app.stack.top is dialog and "'lantern-festival'" in dialog.message and "Open again" in dialog.message
    dialog.open()
    app.stack.apply_pending()
    table = app.stack.top
    assert table.name == "table" and table.session.match.totals == session.match.totals
    assert "lantern-festival" in status_line(table.session)
    assert path.read_text(encoding="utf-8") == before


def test_saves__a_changed_ruleset_is_named_when_the_game_no_longer_replays(tmp_path):
    """Opening a game whose hand no longer replays under today's ruleset names the changed ruleset."""
    from tests.client.helpers import make_app

    app = make_app(tmp_path)
    _, path = _client_save(app, "old")
    saved = read_save(path)
    saved.ruleset_hash = "0123456789abcdef"
    saved.hands[0].log_hash = "f" * 16  # as if the rules had played the hand differently
    write_save(path, saved)
    dialog = _open_dialog(app)
    dialog.open()
    app.stack.apply_pending()
    assert app.stack.top is dialog and dialog.error
    assert "replays differently" in dialog.message and "'classic' has changed" in dialog.message


def test_saves__continue_with_a_corrupt_autosave_says_why_and_keeps_it(tmp_path):
    """Continue on a damaged autosave shows the reason on the title screen; the file is left as it was."""
    from tests.client.helpers import make_app

    app = make_app(tmp_path)
    path = app.keeper.autosave_path
    path.parent.mkdir(parents=True)
    path.write_text('{"kind": "sparrow-save", "format": 1, "hands": [', encoding="utf-8")
    app.reset_to("title")
    app.stack.apply_pending()
    app.stack.top._continue()
    app.stack.apply_pending()
    title = app.stack.top
    assert title.name == "title" and "autosave.sparrow" in title.notice and "truncated" in title.notice
    assert path.read_text(encoding="utf-8") == '{"kind": "sparrow-save", "format": 1, "hands": ['
    app.render()  # the reason is drawn under the menu


def test_saves__closing_the_window_mid_hand_autosaves_and_continue_resumes_that_moment(tmp_path):
    """Quitting in the middle of a hand (after saying yes to the question) autosaves it (the last autosave kept as
    autosave.prev); Continue in a new session puts the same tiles back in the player's hand, at the same turn."""
    import pygame

    from game.session.driver import HUMAN, Session
    from game.session.options import Options
    from tests.client.helpers import make_app, run_until

    app = make_app(tmp_path)
    app.keeper.enabled = True
    session = Session.create("classic", 5, options=Options(animation_speed=0.0, discard_delay=0.0, wait_time=5.0))
    session.deal()
    session.play_to_end()
    session.finish_hand()
    session.deal()
    scene = games.play(app, session)
    app.stack.apply_pending()
    app.keeper.autosave(session)  # as at the end of the first hand
    scene.commands.start()
    assert run_until(app, lambda: session.human_to_discard, 3000)
    hand = sorted(session.table.players[HUMAN].concealed)
    events = len(session.table.events)
    app.dispatch(pygame.Event(pygame.QUIT))
    app.stack.apply_pending()
    assert app.running and app.stack.top.name == "quit", "a game in progress is not closed without asking"
    app.dispatch(pygame.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert not app.running
    assert read_save(tmp_path / "config" / "saves" / "autosave.prev.sparrow").hands[-1].begun is False

    again = make_app(tmp_path)
    again.reset_to("title")
    again.stack.apply_pending()
    assert again.stack.top.buttons[0].label == "Continue"
    again.stack.top._continue()
    again.stack.apply_pending()
    table = again.stack.top
    assert table.name == "table" and table.session.human_to_discard
    assert sorted(table.session.table.players[HUMAN].concealed) == hand
    assert len(table.session.table.events) == events and table.session.match.totals == session.match.totals
