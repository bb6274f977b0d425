"""Network play from the client: joining from the title, the waiting room, a hand played at a server's table to
the scores box, a dropped connection coming back, and the words for what goes wrong. The server runs on the
loopback in this process (its own thread); the client is driven by key and text events."""

from __future__ import annotations

import re

import pygame

from game import i18n
from game.client import status
from game.client.scenes import scores, table_draw, waiting_room
from game.core import events as ev
from game.core.actions import Discard
from game.core.refusals import Refusal
from game.core.tiles import NUM_KINDS, tile_name
from game.net import protocol
from game.net.client import Link
from game.net.remote import Lobby
from tests.builders import WindowlessPlayer, served_table
from tests.client.helpers import click, drawn_text, from_title, key, make_app, restart, run_live, type_text


def _joined_app(tmp_path, address: str, name: str, app=None):
    """An app (instant animations) whose player typed ``address`` and ``name`` in Join a Table and pressed Enter."""
    app = app or make_app(tmp_path)
    app.settings.animation_speed = 0.0
    box = from_title(app, pygame.K_j)
    assert box.name == "join"
    type_text(app, address)
    app.dispatch(key(pygame.K_TAB))
    for _ in range(30):
        app.dispatch(key(pygame.K_BACKSPACE))
    type_text(app, name)
    app.dispatch(key(pygame.K_RETURN))
    app.stack.apply_pending()
    return app


def _seated(tmp_path, address: str, name: str):
    """An app whose player joined the table at ``address`` as ``name`` (alone there, so it starts at once): the
    app and its table scene."""
    app = _joined_app(tmp_path, address, name)
    assert run_live(app, lambda: app.stack.top.name == "table")
    return app, app.stack.top


def _autoplay_to_scores(app) -> None:
    """Auto Play (F5) on, then the hand played out to the scores box."""
    app.dispatch(key(pygame.K_F5))
    assert run_live(app, lambda: app.stack.top.name == "scores", 120)


def test_join__from_the_title_the_room_shows_the_seats_and_a_hand_is_played_to_the_scores(tmp_path) -> None:
    with served_table(player_seats=3) as served:
        app = make_app(tmp_path)
        ann = WindowlessPlayer(served.address, "Ann", app.catalog)
        assert ann.lobby.seat == 0 and ann.lobby.is_host
        _joined_app(tmp_path, served.address, "Bea", app)
        room = app.stack.top
        assert room.name == "waiting_room"
        assert run_live(app, lambda: room.seat_lines() and room.seat_lines()[1][2] == "Player")
        assert [line[:3] for line in room.seat_lines()] == [
            ("Seat 1", "Ann (host)", "Player"), ("Seat 2", "Bea (you)", "Player"),
            ("Seat 3", "—", "Open seat: waiting for a player"), ("Seat 4", "—", "Open seat: waiting for a player")]
        assert room.status_line() == ("Waiting for the host to start the game.", False)
        assert room.mods_line().startswith("Mods: classic") and room.mods_line().endswith("(all installed here).")
        assert [b.label for b in room.buttons()] == ["Leave"]  # only the host starts
        ann.lobby.poll()
        ann.lobby.start()
        assert run_live(app, lambda: ann.play() and app.stack.top.name == "table" and ann.session is not None)
        table = app.stack.top
        assert table.session.names == ["Bea", *table.session.names[1:3], "Ann"]  # Ann sits on Bea's left
        app.dispatch(key(pygame.K_F4))  # no restarting a network hand: said why, with the warning beep
        assert status.status_line(table.session) == ("At a network table the table starts every hand and deals it "
                                                     "only once.")
        app.dispatch(key(pygame.K_F5))  # Auto Play: the computer plays Bea's seat, through the server
        assert run_live(app, lambda: ann.play() and app.stack.top.name == "scores" and ann.session.outcome, 60)
        scores = app.stack.top
        assert scores.extra == []  # no replays, deals again or score sheets: they are the host's
        totals = served.table.session.match.totals
        assert scores.outcome.new_totals == [totals[1], totals[2], totals[3], totals[0]]
        assert ann.session.outcome.new_totals == totals  # both tables agree with the server, each from its seat
        assert sum(scores.outcome.new_totals) == 4 * 1000
        ann.lobby.close()


def test_join__a_dropped_connection_comes_back_and_the_hand_finishes(tmp_path) -> None:
    # The hand lasts well past the reconnection.
    with served_table(player_seats=1, discard_delay=0.1, relayed=True) as served:
        app, table = _seated(tmp_path, served.address, "Cai")
        session = table.session
        app.dispatch(key(pygame.K_F5))
        assert run_live(app, lambda: session.table is not None and session.table.discard_count >= 2)
        served.proxy.cut()
        assert run_live(app, lambda: session.lobby.state == "dropped")
        assert "dropped: reconnecting" in table.banner_lines()[0][0]
        assert run_live(app, lambda: session.lobby.state == "connected")
        assert session.connection_problem == ""
        assert not session.hand_over, session.table.wall.live_count  # back in the middle of the hand
        assert any(getattr(t, "data", {}).get("reason") == "Welcome back: your seat was kept." for t in session.told)
        assert run_live(app, lambda: app.stack.top.name == "scores", 120)
        assert app.stack.top.outcome.new_totals == served.table.session.match.totals  # seat 1 is Cai's: no turn
        assert served.proxy.cuts == 1


def test_join__after_a_crash_joining_the_same_table_again_gives_the_seat_back(tmp_path) -> None:
    with served_table(player_seats=1, discard_delay=0.1) as served:
        app, table = _seated(tmp_path, served.address, "Gus")
        session = table.session
        assert run_live(app, lambda: session.table is not None and session.table.discard_count >= 2)
        session.lobby.link.close()  # the window is gone without a goodbye: the table keeps the seat
        again = restart(tmp_path)
        again.settings.animation_speed = 0.0
        box = from_title(again, pygame.K_j)
        assert (box.address.value, box.player.value) == (served.address, "Gus")  # remembered
        again.dispatch(key(pygame.K_RETURN))
        again.stack.apply_pending()
        assert run_live(again, lambda: again.stack.top.name == "table")
        back = again.stack.top.session
        assert back.lobby.seat == 0 and back.lobby.reason == "Welcome back: your seat was kept."
        assert run_live(again, lambda: back.table is not None)  # the view may come a frame after the room
        assert back.table.discard_count >= 2 and not back.hand_over  # the same hand, where it had got to
        _autoplay_to_scores(again)
        assert again.stack.top.outcome.new_totals == served.table.session.match.totals


def test_join__when_the_host_ends_the_evening_the_table_says_so_and_waits_for_nothing(tmp_path) -> None:
    with served_table(player_seats=1, hand_limit=1) as served:
        app, table = _seated(tmp_path, served.address, "Ida")
        _autoplay_to_scores(app)
        app.dispatch(key(pygame.K_RETURN))  # OK: the next hand, which is not coming
        app.step()  # the box closes (the goodbye may have come before it opened)
        assert run_live(app, lambda: table.session.lobby.state == "closed")
        words = "The hands for tonight are played: the host keeps the game to go on another time."
        assert app.stack.top is table and status.status_line(table.session) == words
        assert table.banner_lines()[0] == (words, True)


def test_join__a_move_the_server_refuses_is_said_and_the_turn_stays_open(tmp_path) -> None:
    with served_table(player_seats=1) as served:
        app, table = _seated(tmp_path, served.address, "Jo")
        session = table.session
        assert run_live(app, lambda: session.human_to_discard and bool(session.legal))
        stranger = next(t for t in range(34) if t not in session.table.players[0].concealed)
        assert session.act(Discard(stranger))  # sent: the server, not this end, judges it
        assert session.legal == []
        assert run_live(app, lambda: any(isinstance(t, Refusal) for t in session.told))
        assert session.legal and session.human_to_discard  # the same turn, open again
        assert status.status_line(session) == f"You don't have {tile_name(stranger)} on your stake."
        assert served.hosted.server.refusals == 1
        app.dispatch(key(pygame.K_ESCAPE))  # the game menu's The Wall: declined, as W is
        app.stack.apply_pending()
        menu = app.stack.top
        assert menu.name == "menu"
        app.dispatch(click(next(b for b in menu.buttons if b.label == "The Wall").rect.center))
        app.stack.apply_pending()
        assert app.stack.top is table
        assert status.status_line(session) == "At a network table the wall is the host's secret."


def test_join__no_table_at_the_address_is_said_in_words(tmp_path) -> None:
    with served_table(player_seats=1) as served:
        port = served.hosted.port
    # Nothing listens there now.
    app = _joined_app(tmp_path, f"127.0.0.1:{port}", "Dee")
    room = app.stack.top
    assert run_live(app, lambda: room.status_line()[1])
    assert room.status_line() == (f"No table at 127.0.0.1:{port}: nothing is listening on that port.", True)
    app.dispatch(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top.name == "title"


def test_join__an_address_that_is_not_one_is_refused_in_the_box(tmp_path) -> None:
    app = _joined_app(tmp_path, "my friends house", "Eve")
    box = app.stack.top
    assert box.name == "join"
    assert box.error.startswith("'my friends house' is not an address: type it as host:port")
    type_text(app, "x")  # typing again clears the complaint
    assert box.error == ""


def _room_with(mods: tuple[str, ...], data: str | None, ruleset: str = "homegrown") -> Lobby:
    lobby = Lobby(Link("192.168.1.20:8765", "Fay"))
    lobby.seat, lobby.state = 1, "connected"
    seats = tuple(protocol.SeatInfo(seat=i, name=n, kind="player" if n else "open", connected=bool(n),
                                    host=i == 0) for i, n in enumerate(("Ann", "Fay", "", "")))
    lobby.room = protocol.Room(table="main", seats=seats, ruleset=ruleset, ruleset_name="Home Grown",
                               mods=tuple(protocol.ModInfo(id=m, version="1.0") for m in mods), ruleset_data=data)
    return lobby


def _open_room(app, lobby: Lobby) -> waiting_room.WaitingRoomScene:
    app.reset_to("title")
    scene = app.open("waiting_room", address=lobby.link.address, player="Fay", lobby=lobby)
    app.stack.apply_pending()
    app.step()
    return scene


def test_waiting_room__a_seat_a_computer_plays_names_the_personality_the_host_chose(tmp_path) -> None:
    app = make_app(tmp_path)
    lobby = _room_with(("classic",), None, "classic")
    seats = list(lobby.room.seats)
    seats[2] = protocol.SeatInfo(seat=2, name="Grandma", kind="computer", personality="Mei", strategy="expert")
    seats[0] = seats[0].model_copy(update={"connected": False, "personality": "Dora", "strategy": "defensive"})
    lobby.room = lobby.room.model_copy(update={"seats": tuple(seats)})
    scene = _open_room(app, lobby)
    assert scene.seat_lines()[0] == ("Seat 1", "Ann (host)", "Player (away: a computer plays meanwhile)",
                                     "Plays like Dora · defensive")
    assert scene.seat_lines()[2] == ("Seat 3", "Grandma", "Computer player", "Plays like Mei · expert")
    assert scene.seat_lines()[1][3] == ""  # a player at the table: no computer to speak of


def test_waiting_room__a_player_named_you_is_not_marked_you_again(tmp_path) -> None:
    app = make_app(tmp_path)
    lobby = _room_with(("classic",), None, "classic")
    seats = list(lobby.room.seats)
    seats[1] = seats[1].model_copy(update={"name": "You", "host": True})
    lobby.room = lobby.room.model_copy(update={"seats": tuple(seats)})
    scene = _open_room(app, lobby)
    assert scene.seat_lines()[1][1] == "You (host)"  # not "You (you, host)"
    assert scene.seat_lines()[0][1] == "Ann (host)"


def test_waiting_room__the_ruleset_is_named_in_the_joiners_language(tmp_path) -> None:
    app = make_app(tmp_path)
    lobby = _room_with(("classic",), None, "classic")
    lobby.room = lobby.room.model_copy(update={"ruleset_name": "Classic (Mah Jongg for Windows, 1995)"})
    scene = _open_room(app, lobby)
    i18n.set_language("fr")
    try:
        line = scene.rules_line()
    finally:
        i18n.set_language("en")
    assert line == "Règles : Classique (Mah Jongg for Windows, 1995)"


def test_waiting_room__a_ruleset_whose_mod_is_missing_names_the_mod(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = _open_room(app, _room_with(("homegrown-rules",), None))
    assert scene.status_line() == ("This table plays Home Grown, from the mod 'homegrown-rules', which is not "
                                   "installed here: install it under Mods, then join again.", True)


def test_waiting_room__the_tables_ruleset_data_is_played_without_its_mod(tmp_path) -> None:
    app = make_app(tmp_path)
    data = "id: homegrown\nname: Home Grown\nextends: classic\n"
    scene = _open_room(app, _room_with(("homegrown-rules",), data))
    assert scene.table_rules.rules is not None and scene.table_rules.rules[0].id == "homegrown"
    assert scene.mods_line() == ("Mods: homegrown-rules 1.0. Not installed here: 'homegrown-rules'; the table sent "
                                 "its rules, so you can play.")
    assert scene.status_line() == ("Waiting for the host to start the game.", False)


def test_waiting_room__the_tables_ruleset_and_its_parents_come_as_one_stream(tmp_path) -> None:
    app = make_app(tmp_path)
    data = "id: homebase\nname: Home Base\nextends: classic\n---\nid: homegrown\nname: Home Grown\nextends: homebase\n"
    scene = _open_room(app, _room_with(("homegrown-rules",), data))
    assert scene.table_rules.rules is not None and scene.table_rules.rules[0].id == "homegrown"
    assert scene.status_line() == ("Waiting for the host to start the game.", False)


def _retyped_then_hosted(app, erase: int, name: str):
    """In New Game: ``erase`` characters of the focused name field rubbed out, ``name`` typed, then Host a
    Network Game (Ctrl+H); the scene on top afterwards."""
    for _ in range(erase):
        app.dispatch(key(pygame.K_BACKSPACE))
    type_text(app, name)
    app.dispatch(key(pygame.K_h, pygame.KMOD_CTRL))
    app.stack.apply_pending()
    return app.stack.top


def test_host__new_game_hosts_a_table_and_its_room_shows_the_address_to_share(tmp_path) -> None:
    app = make_app(tmp_path)
    app.settings.animation_speed = 0.0
    box = from_title(app, pygame.K_n)
    assert box.name == "new_game"
    app.dispatch(key(pygame.K_h, pygame.KMOD_CTRL))  # as "You", the default name
    assert box.host_error == 'Type your own name: the other players would read "You" as themselves.'
    assert app.stack.top is box
    room = _retyped_then_hosted(app, 3, "Hal")
    assert room.name == "waiting_room" and room.host is not None
    hosted = room.host
    try:
        assert hosted.share_address.endswith(f":{hosted.port}")
        assert run_live(app, lambda: room.lobby is not None and room.lobby.is_host)
        assert room.status_line() == ("Start when your friends have joined: computer players take the open seats.",
                                      False)
        assert [b.label for b in room.buttons()] == ["Start", "Leave"]
        app.dispatch(key(pygame.K_RETURN))  # Start: computer players take the three open seats
        assert run_live(app, lambda: app.stack.top.name == "table")
        assert app.stack.top.session.hosting is hosted  # the table keeps the server going
        assert [s.link is None for s in hosted.table.seats] == [False, True, True, True]
    finally:
        hosted.stop()


def _choose(app, box, chooser, label: str) -> None:
    """Right arrow on the focused ``chooser`` until it shows ``label``."""
    for _ in range(len(chooser.labels)):
        if chooser.labels[chooser.index] == label:
            return
        app.dispatch(key(pygame.K_RIGHT))
    assert chooser.labels[chooser.index] == label, chooser.labels


def test_host__the_new_game_cards_opponents_names_and_starting_score_are_the_hosted_tables(tmp_path) -> None:
    app = make_app(tmp_path)
    app.settings.animation_speed = 0.0
    box = from_title(app, pygame.K_n)
    for _ in range(3):
        app.dispatch(key(pygame.K_BACKSPACE))
    type_text(app, "Hal")  # the name field has the focus
    app.dispatch(key(pygame.K_TAB))  # the starting score: up five steps of 100
    for _ in range(5):
        app.dispatch(key(pygame.K_RIGHT))
    assert box.score.labels == ["1,500"]
    app.dispatch(key(pygame.K_TAB))  # on your right: Lionel, named by his personality
    _choose(app, box, box.seat_choosers[0], "Lionel · limitmaker")
    app.dispatch(key(pygame.K_TAB))
    app.dispatch(key(pygame.K_TAB))  # opposite: Sid
    _choose(app, box, box.seat_choosers[1], "Sid · scatterbrain")
    app.dispatch(key(pygame.K_TAB))
    app.dispatch(key(pygame.K_TAB))  # on your left: Mei, renamed Grandma
    _choose(app, box, box.seat_choosers[2], "Mei · master")
    app.dispatch(key(pygame.K_TAB))
    room = _retyped_then_hosted(app, 24, "Grandma")
    assert room.name == "waiting_room", getattr(box, "host_error", "")
    hosted = room.host
    try:
        hosts = hosted.table.session
        assert hosts.rules.start_score == 1500 and hosts.match.totals == [1500] * 4
        assert [getattr(p, "id", None) for p in hosts.players] == [None, "limitmaker", "scatterbrain", "master"]
        assert hosts.names[1:] == ["Lionel", "Sid", "Grandma"]
        assert run_live(app, lambda: room.lobby is not None and room.lobby.is_host)
        assert room.rules_line() == ("Ruleset: Classic (Mah Jongg for Windows, 1995)  ·  Everybody starts with "
                                     "1,500 points.")
        assert room.timers_line() == ("Timers: 2.5 s to claim a discard, 60 s for each turn, computer players "
                                      "wait 0.9 s, a dropped player has 120 s to come back.")
        assert room.seat_lines()[1:] == [
            ("Seat 2", "—", "Open seat: waiting for a player", "If nobody joins: Lionel · limitmaker"),
            ("Seat 3", "—", "Open seat: waiting for a player", "If nobody joins: Sid · scatterbrain"),
            ("Seat 4", "—", "Open seat: waiting for a player", "If nobody joins: Grandma (Mei · master)")]
        assert (app.settings.opponents, app.settings.opponent_names) == (  # the next game offers them again
            ["limitmaker", "scatterbrain", "master"], ["Lionel", "Sid", "Grandma"])
        app.dispatch(key(pygame.K_RETURN))  # Start: the chosen computer players take the open seats
        assert run_live(app, lambda: app.stack.top.name == "table")
        session = app.stack.top.session
        assert [(s.kind, s.personality) for s in session.lobby.room.seats] == [
            ("player", ""), ("computer", "Lionel"), ("computer", "Sid"), ("computer", "Mei")]
        assert session.names == ["Hal", "Lionel", "Sid", "Grandma"]
        assert session.match.rules.start_score == 1500  # the end of the game counts from it
        assert run_live(app, lambda: session.view is not None)
        assert session.match.totals == [1500] * 4
    finally:
        hosted.stop()


def test_join__a_player_back_mid_hand_knows_the_moves_they_missed(tmp_path) -> None:
    """Cai's connection drops mid-hand while the table plays on; back, Cai's table is rebuilt from the hand's
    events sent again (shown at once, not played out at length) and equals that of Ann, who never dropped."""
    with served_table(player_seats=2, discard_delay=0.05, relayed=True) as served:
        app = make_app(tmp_path)
        ann = WindowlessPlayer(served.hosted.local_address, "Ann", app.catalog)
        _joined_app(tmp_path, served.address, "Cai", app)
        app.settings.animation_speed = 1.0  # animations at length: the hand sent again must be cut short
        assert run_live(app, lambda: ann.play() and app.stack.top.name == "table")
        table = app.stack.top
        cai = table.session
        app.dispatch(key(pygame.K_F5))
        # The scene opens with the room; the hand's first view may come frames later.
        assert run_live(app, lambda: ann.play() and cai.table is not None and cai.table.discard_count >= 2, 60)
        hand = ann.session.hand_no
        served.proxy.cut(hold=True)  # Cai stays cut off until the table has played on without them
        assert run_live(app, lambda: ann.play() and cai.lobby.state == "dropped")
        ann.session.options.auto_play = False  # the table stops at Ann's next turn: both tables can be compared

        def ann_to_move() -> bool:
            ann.play()
            theirs = ann.session
            return theirs.view is not None and theirs.view.phase == "turn" and bool(theirs.legal)

        # Cai comes back only once the table waits for Ann (a computer played Cai's seat meanwhile): no move of
        # the hand is made while Cai's table is rebuilt, however the threads and the network fall.
        assert run_live(app, ann_to_move, 60)
        assert ann.session.hand_no == hand and not ann.session.hand_over, "the hand ended while Cai was away"
        seen_before, old = len(cai._hand_events), cai.table
        served.proxy.release()
        assert run_live(app, lambda: ann.play() and cai.lobby.state == "connected", 60)
        assert run_live(app, lambda: ann.play() and cai.table is not old, 60)  # rebuilt from the hand sent again
        assert not table.animator.busy  # ... and shown at once, not dealt and played out again at length
        assert table.balloons == []  # ... without the claims of the hand called out all at once

        def same_moment() -> bool:
            ann.play()
            theirs = ann.session
            return (cai.view is not None and theirs.view is not None and bool(theirs.legal)
                    and theirs.view.phase == "turn" and cai.view.step == theirs.view.step
                    and not cai.lobby.table_messages and not table.animator.busy)

        assert run_live(app, same_moment, 60)
        assert not cai.hand_over
        mine, theirs = cai.table, ann.session.table
        for seat in range(4):
            a, b = mine.players[cai.seats.local(seat)], theirs.players[ann.session.seats.local(seat)]
            assert (a.discards, a.melds, a.bonus) == (b.discards, b.melds, b.bonus)
        assert mine.wall.live_count == theirs.wall.live_count
        # Every move of the hand is known to Cai, the ones missed while away too (the match's choice of East,
        # told before the deal to whoever sat there then, aside).
        hand = [type(e) for e in cai._hand_events if not isinstance(e, ev.EastChosen)]
        assert hand == [type(e) for e in ann.session._hand_events if not isinstance(e, ev.EastChosen)]
        assert len(hand) > seen_before
        ann.lobby.close()


def test_join__another_player_dropping_coming_back_and_leaving_is_said_on_the_status_bar(tmp_path,
                                                                                         monkeypatch) -> None:
    with served_table(player_seats=2, discard_delay=0.3, relayed=True) as served:
        app = make_app(tmp_path)
        ann = WindowlessPlayer(served.address, "Ann", app.catalog)  # through the relay: her connection is cut
        _joined_app(tmp_path, served.hosted.local_address, "Bea", app)
        assert run_live(app, lambda: ann.play() and app.stack.top.name == "table")
        table = app.stack.top
        bea = table.session
        app.dispatch(key(pygame.K_F5))
        assert run_live(app, lambda: ann.play() and bea.table is not None and bea.table.discard_count >= 1, 60)

        def said(words: str):
            """The status bar says ``words`` now, and they stand over the table a while."""
            return lambda: (ann.play() and status.status_line(bea) == words and bool(table.toasts)
                            and table.toasts[0].message == words)

        served.proxy.cut()
        assert run_live(app, said("Ann lost the connection: a computer player plays for them until they are back."))
        drawn = drawn_text(monkeypatch, table_draw)
        app.render()
        assert "Away: the computer plays" in [words for words, _rect in drawn]  # by her name while she is away
        assert run_live(app, said("Ann is back at the table."), 60)
        drawn.clear()
        app.render()
        assert "Away: the computer plays" not in [words for words, _rect in drawn]
        ann.lobby.close(leave=True)
        assert run_live(app, said("Ann left the table: a computer player takes their seat."))


def test_join__the_scores_box_shows_each_players_scoring_lines_as_the_host_scored_them(tmp_path) -> None:
    with served_table(player_seats=1, hand_limit=1) as served:
        app, _table = _seated(tmp_path, served.address, "Kim")
        _autoplay_to_scores(app)
        box = app.stack.top
        results = served.table.session.outcome.results  # Kim sits at the server's seat 0: the same seats
        winner = box.outcome.winner
        assert winner is not None and results[winner] is not None
        app.dispatch(key(pygame.K_1 + box.seats.index(winner)))  # the winner's tab
        app.render()
        assert box.tab == winner
        shown = [item.name for _rect, item in box.item_rects]
        lines = results[winner].items
        assert shown == [i.name for i in lines if i.points] + [i.name for i in lines if i.doubles] and shown
        assert [r.score if r else None for r in box.outcome.results] == [r.score if r else None for r in results]
        loser = next(s for s in box.seats if s != winner)
        app.dispatch(key(pygame.K_1 + box.seats.index(loser)))
        app.render()
        assert [item.name for _rect, item in box.item_rects] == \
            [i.name for i in results[loser].items if i.points] + [i.name for i in results[loser].items if i.doubles]


def test_join__a_hand_whose_scoring_lines_did_not_come_says_so_in_its_tab(tmp_path, monkeypatch) -> None:
    """The lines travel with the hand's end; a client without them (the connection failed just then, or a
    server that does not send them) gives the hand's score and says the lines did not come."""
    with served_table(player_seats=1, hand_limit=1) as served:
        app, table = _seated(tmp_path, served.address, "Kim")
        link = table.session.lobby.link
        received = link.poll
        monkeypatch.setattr(link, "poll", lambda: [m for m in received() if not isinstance(m, protocol.Scores)])
        _autoplay_to_scores(app)
        box = app.stack.top
        winner = box.outcome.winner
        assert winner is not None and box.outcome.results == [None] * 4
        seen = drawn_text(monkeypatch, scores)
        app.dispatch(key(pygame.K_1 + box.seats.index(winner)))
        app.render()
        name = box.session.names[winner]
        said = f"{name}'s hand scores {box.outcome.scores[winner]:,}; its scoring lines did not reach this table."
        words = [t for t, _rect in seen]
        start = next(i for i, t in enumerate(words) if t.startswith(f"{name}'s hand scores"))
        assert " ".join(words[start:start + 3]).startswith(said)
        assert box.outcome.scores[winner] > 0


def test_join__play_starts_once_the_deal_is_shown_here_not_after_the_servers_deal_pause(tmp_path) -> None:
    with served_table(player_seats=1, deal_pause=60.0) as served:
        app, table = _seated(tmp_path, served.address, "Liv")  # instant animations: the deal is shown at once
        session = table.session
        assert run_live(app, lambda: served.table.session.started, 10)  # 'ready' told the server so
        assert served.table.seats[0].ready == session.hand_no


def test_join__a_scores_box_kept_open_says_when_the_next_hand_is_dealt_and_when_its_play_starts(tmp_path) -> None:
    with served_table(player_seats=1, deal_pause=3.0) as served:
        app, table = _seated(tmp_path, served.address, "Liv")
        _autoplay_to_scores(app)
        box = app.stack.top
        finished = table.session.hand_no
        dealt = re.compile(r"^The next hand has been dealt: play starts in [1-3] s — OK to watch the deal\.$")
        assert run_live(app, lambda: bool(dealt.match(box.next_hand_line())), 10)
        assert not served.table.session.started  # the server waits its deal pause for this end ...
        playing = "The next hand is being played: OK to join it."
        assert run_live(app, lambda: box.next_hand_line() == playing, 10)  # ... then plays on: the box says so
        app.dispatch(key(pygame.K_RETURN))
        assert run_live(app, lambda: app.stack.top is table and table.session.hand_no == finished + 1, 10)


def test_join__until_the_deal_is_shown_the_table_waits_and_the_status_bar_greets_the_hand(tmp_path) -> None:
    with served_table(player_seats=1, deal_pause=60.0) as served:
        app = make_app(tmp_path)
        ann = WindowlessPlayer(served.address, "Ann", app.catalog)  # alone at the table: it starts at once
        assert run_live(app, lambda: ann.play() and ann.session is not None)
        session = ann.session
        assert run_live(app, lambda: session.update(0.05) or session.table is not None)
        assert session.pending  # the deal taken in, not yet shown (nothing has drawn it)
        assert status.status_line(session).startswith("Your wind is ")  # its last move is not told before it
        app.step()
        assert not served.table.session.started  # ... and play waits for it to be seen
        session.drain()
        assert run_live(app, lambda: session.update(0.05) or served.table.session.started, 10)


def test_join__a_turn_left_to_run_out_is_counted_down_then_played_for_the_player(tmp_path) -> None:
    with served_table(player_seats=1, turn=2.0) as served:
        app, table = _seated(tmp_path, served.address, "Max")
        session = table.session
        assert run_live(app, lambda: session.human_to_discard and bool(session.legal), 30)
        countdown = re.compile(r"^\d s left for your move: then the table moves for you\.$")
        assert run_live(app, lambda: any(countdown.match(words) for words, _urgent in table.banner_lines()), 10)
        drawn = session.table.drawn_tile
        words = f"Your time ran out: {tile_name(drawn)} was discarded for you."
        assert run_live(app, lambda: status.status_line(session) == words, 10)  # the drawn tile goes out as it came
        assert session.turn_timer is None
        away = "The computer plays for you until you are back: click or press a key."
        assert run_live(app, lambda: status.status_line(session).endswith(away), 30)  # again: the seat is away
        banner = ("You are away: the computer plays for you — click or press a key to take your seat back.", True)
        assert run_live(app, lambda: banner in table.banner_lines(), 10)
        assert served.table.seats[0].away
        app.dispatch(key(pygame.K_SPACE))  # back at the window
        assert run_live(app, lambda: not served.table.seats[0].away and banner not in table.banner_lines(), 10)
        assert not any(isinstance(t, Refusal) for t in session.told)  # the sign is not a move refused


def test_join__another_players_turn_run_out_is_said_and_their_seat_marked_while_the_computer_plays_it(
        tmp_path, monkeypatch) -> None:
    with served_table(player_seats=2, turn=1.0, discard_delay=0.3) as served:
        app = make_app(tmp_path)
        ann = WindowlessPlayer(served.address, "Ann", app.catalog)
        _joined_app(tmp_path, served.address, "Bea", app)
        assert run_live(app, lambda: ann.play() and app.stack.top.name == "table" and ann.session is not None)
        ann.session.options.auto_play = False  # Ann has gone to make tea
        table = app.stack.top
        bea = table.session
        app.dispatch(key(pygame.K_F5))
        said = re.compile(r"^Ann's time ran out: (.+ was discarded for them|the computer moved for them)\.")
        assert run_live(app, lambda: ann.play() and bool(said.match(status.status_line(bea))), 60)
        away = "The computer plays for them until they move again."
        assert run_live(app, lambda: ann.play() and status.status_line(bea).endswith(away), 60)
        # The room that marks Ann's seat comes after the word that her time ran out, maybe frames later (when
        # the word may already have given way to the next move): she stays away until she moves.
        ann_here = bea.seats.local(ann.lobby.seat)
        assert run_live(app, lambda: ann.play() and ann_here in bea.away_seats, 30)
        drawn = drawn_text(monkeypatch, table_draw)
        app.render()
        assert "Away: the computer plays" in [words for words, _rect in drawn]


def test_join__a_charleston_step_is_said_before_play_starts(tmp_path) -> None:
    """The deal is shown, not told, but the Charleston is the player's to do before the first draw: each step
    says how many tiles go which way (before, the status bar kept the greeting through every step)."""
    with served_table(player_seats=1, ruleset="western") as served:
        app, table = _seated(tmp_path, served.address, "Jo")
        session = table.session
        assert run_live(app, lambda: session.human_to_pass)
        assert status.status_line(session) == "Choose 3 tiles to pass to the right"
        session.options.quick_tip = True  # QuickTip reads the passes the server offers
        tip = session.quick_tip_tiles()
        assert len(tip) == 3 and all(t in session.table.players[0].concealed for t in tip)
        session.options.quick_tip = False  # its advice would be the status bar's newest line
        assert session.pass_tiles(sorted(t for t in session.table.players[0].concealed if t < NUM_KINDS)[:3])
        assert run_live(app, lambda: status.status_line(session) == "Choose 3 tiles to pass across the table")
