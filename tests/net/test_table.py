"""The table without a network: seats, tokens, the server's timers, and whose actions it takes."""

from __future__ import annotations

import itertools
import json

from game.core.actions import action_to_text
from game.net import protocol as pr
from game.net.filter import events_for, legal_actions, player_view
from game.net.hosting import host_table
from game.net.remote import seat_changes
from tests.net_builders import FakeLink, clocked_table, simulate_players


def _hello(name: str, token: str | None = None) -> pr.Hello:
    return pr.Hello(version=pr.VERSION, name=name, token=token)


def _until_turn_of(table, clock, seat: int) -> None:
    for _ in range(2000):
        t = table.session.table
        if t is not None and t.phase == "turn" and t.current == seat:
            return
        clock.now += (table.advance() or 0) + 0.001
        t = table.session.table
        if t is not None and t.phase in ("claims", "rob") and seat in t.awaiting():
            table.act(table.seats[seat].link, pr.Act(hand=table.hand_number, step=len(t.events), action="pass"))
    raise AssertionError(f"seat {seat} never had a turn")


def test_room__seats_ruleset_mods_and_the_offered_rules():
    table, _clock = clocked_table()
    ann = FakeLink()
    welcome = table.join(ann, _hello("Ann"))
    assert isinstance(welcome, pr.Welcome) and welcome.seat == 0 and len(welcome.token) == pr.TOKEN_LENGTH
    room = ann.messages(pr.Room)[-1]
    assert [s.kind for s in room.seats] == ["player", "open", "open", "open"]
    assert room.seats[0].name == "Ann" and room.seats[0].host
    assert room.ruleset == "classic" and [m.id for m in room.mods] == ["classic"]
    assert room.ruleset_data and "id: classic" in room.ruleset_data
    assert not room.started and room.timers["claim_window"] == 2.5


def test_game_starts_when_the_seats_are_full__computers_take_the_rest():
    table, _clock = clocked_table(seats=2)
    ann, bob = FakeLink(), FakeLink()
    table.join(ann, _hello("Ann"))
    assert table.state == "waiting"
    table.join(bob, _hello("Bob"))
    assert table.state == "playing"
    room = bob.messages(pr.Room)[-1]
    assert room.started and [s.kind for s in room.seats] == ["player", "player", "computer", "computer"]


def test_only_the_host_starts_early():
    table, _clock = clocked_table(seats=3)
    ann, bob = FakeLink(), FakeLink()
    table.join(ann, _hello("Ann"))
    table.join(bob, _hello("Bob"))
    refused = table.start(bob)
    assert refused is not None and refused.code == "not_host" and table.state == "waiting"
    assert table.start(ann) is None and table.state == "playing"


def test_actions__only_for_the_seat_of_the_connection_and_only_legal_and_current():
    table, clock = clocked_table(seats=2, discard_delay=0.0)
    ann, bob = FakeLink(), FakeLink()
    table.join(ann, _hello("Ann"))
    table.join(bob, _hello("Bob"))
    _until_turn_of(table, clock, 0)
    view = ann.view()
    tile = view.legal[0]
    # Bob's connection sends Ann's discard: it is Bob's seat that acts, and it is not Bob's turn.
    refused = table.act(bob, pr.Act(hand=view.hand, step=view.step, action=tile))
    assert refused is not None and refused.code == "not_your_turn"
    stale = table.act(ann, pr.Act(hand=view.hand, step=view.step - 1, action=tile))
    assert stale is not None and stale.code == "stale"
    missing = next(t for t in range(34) if t not in view.concealed)
    from game.core.tiles import format_tiles

    illegal = table.act(ann, pr.Act(hand=view.hand, step=view.step, action=f"discard {format_tiles([missing])}"))
    assert illegal is not None and illegal.code == "illegal" and illegal.data["reason"] == "not_in_hand"
    assert table.act(ann, pr.Act(hand=view.hand, step=view.step, action=tile)) is None
    assert table.session.table.actions[-1][0] == 0


def test_claim_window__the_servers_timer_lets_the_discard_go():
    table, clock = clocked_table(seats=4, discard_delay=0.0, claim_window=2.5)
    links = [FakeLink() for _ in range(4)]
    for n, link in enumerate(links):
        table.join(link, _hello(f"P{n}"))
    for _ in range(400):
        table.advance()  # nothing is due while players decide: no time passes
        t = table.session.table
        if t.phase in ("claims", "rob"):
            break
        seat = t.awaiting()[0]
        view = links[seat].view()
        table.act(links[seat], pr.Act(hand=view.hand, step=view.step, action=view.legal[0]))
    t = table.session.table
    assert t.phase == "claims"
    waiting = list(t.awaiting())
    assert links[waiting[0]].view().deadline == 2.5
    clock.now += 2.4
    assert table.advance() is not None and t.phase == "claims"
    clock.now += 0.2
    table.advance()
    assert t.phase != "claims" or t.awaiting() != waiting


def test_dropped_seat__played_by_a_computer_then_taken_back_or_given_up():
    table, clock = clocked_table(seats=2, discard_delay=0.0, reconnect=60.0)
    ann, bob = FakeLink(), FakeLink()
    welcome = table.join(ann, _hello("Ann"))
    table.join(bob, _hello("Bob"))
    table.drop(ann)
    assert table.seats[0].link is None and table.seats[0].token == welcome.token
    _until_turn_of(table, clock, 1)  # seat 0 is played by its computer meanwhile
    back = FakeLink()
    again = table.join(back, _hello("Ann", welcome.token))
    assert isinstance(again, pr.Welcome) and again.reconnected and again.seat == 0
    assert back.messages(pr.View), "the seat's view at once"
    table.drop(back)
    clock.now += 61
    table.advance()
    assert table.seats[0].token is None
    late = table.join(FakeLink(), _hello("Ann", welcome.token))
    assert isinstance(late, pr.Refused) and late.code == "bad_token"
    newcomer = table.join(FakeLink(), _hello("Cy"))
    assert isinstance(newcomer, pr.Welcome) and newcomer.seat == 0  # the seat given up is free to take
    # What Bob's table tells him of it, room by room (game.net.remote.seat_changes).
    rooms = bob.messages(pr.Room)
    told = [change for before, after in itertools.pairwise(rooms) for change in seat_changes(before, after, 1)]
    assert told == [("Ann", "dropped"), ("Ann", "back"), ("Ann", "dropped"), ("Ann", "given_up"), ("Cy", "joined")]


def test_taking_a_seat_back_from_a_live_connection__the_old_one_is_told_and_closed():
    table, _clock = clocked_table(seats=2)
    ann = FakeLink()
    welcome = table.join(ann, _hello("Ann"))
    table.join(FakeLink(), _hello("Ann", welcome.token))
    assert ann.closed and ann.messages(pr.Goodbye)[-1].reason == "replaced"


def test_claim_window__longer_when_the_discard_would_give_a_player_mah_jongg():
    """Four players on fake links play the hand through their views; at every claim window each seat asked is
    given the plain window, or the winning one when somebody asked could go Mah Jongg on the discard."""
    table, _clock = clocked_table(seats=4, discard_delay=0.0, claim_window=2.5, winning_claim_window=10.0)
    links = [FakeLink() for _ in range(4)]
    for n, link in enumerate(links):
        table.join(link, _hello(f"P{n}"))
    bots, _rng = simulate_players("classic", 12)
    windows = set()
    for _ in range(3000):
        table.advance()
        t = table.session.table
        if table.hand_number > 3 or table.state != "playing":
            break
        if t is None or not t.awaiting():
            continue
        seat = t.awaiting()[0]
        view = links[seat].view()
        if t.phase in ("claims", "rob"):
            winning = any(v.startswith("claim mah_jongg") or v == "mah_jongg"
                          for s in t.awaiting() for v in links[s].view().legal)
            assert view.deadline == (10.0 if winning else 2.5)
            windows.add(view.deadline)
        action = bots[seat].decide(player_view(view), legal_actions(view))
        assert table.act(links[seat], pr.Act(hand=view.hand, step=view.step, action=action_to_text(action))) is None
    assert windows == {2.5, 10.0}


def test_everybody_gone__the_table_waits_for_the_first_to_come_back():
    table, clock = clocked_table(seats=2, discard_delay=0.0)
    ann, bob = FakeLink(), FakeLink()
    welcome = table.join(ann, _hello("Ann"))
    table.join(bob, _hello("Bob"))
    table.advance()
    table.drop(ann)
    table.drop(bob)
    played = len(table.session.table.actions)
    clock.now += 30
    assert table.advance() == 30.0  # only to give the seats up when their reconnect time is over
    assert len(table.session.table.actions) == played and table.hand_number == 1, "nobody plays on alone"
    back = FakeLink()
    table.join(back, _hello("Ann", welcome.token))
    for _ in range(50):
        clock.now += (table.advance() or 0) + 0.001
        t = table.session.table
        if 0 in t.awaiting():  # Ann plays her own seat
            view = back.view()
            table.act(back, pr.Act(hand=view.hand, step=view.step, action=view.legal[-1]))
    others = [seat for seat, _ in table.session.table.actions[played:] if seat != 0]
    assert others, "the computers play the other seats again once somebody is back"


def test_three_handed_game__the_empty_chair_is_nobodys_and_three_players_fill_the_table():
    table = host_table("british-three", seed=5, player_seats=4)
    empty = table.empty_seat
    assert empty is not None
    links = [FakeLink() for _ in range(4)]
    welcomes = [table.join(link, _hello(f"P{n}")) for n, link in enumerate(links)]
    seated = [w.seat for w in welcomes if isinstance(w, pr.Welcome)]
    assert sorted(seated) == sorted(set(range(4)) - {empty})
    assert isinstance(welcomes[3], pr.Refused) and welcomes[3].code == "table_full"
    assert table.state == "playing", "three players fill a three-handed table"
    room = links[0].messages(pr.Room)[-1]
    assert room.seats[empty].kind == "empty" and not room.seats[empty].connected
    table.advance()
    view = links[0].view()
    assert view.empty_seat == empty and view.players[empty].concealed_count == 0


def test_seat_taken_back_mid_hand__is_sent_the_hand_so_far_as_it_may_see_it():
    """Ann drops mid-hand and her computer plays on; taking the seat back she is sent every event of the hand
    from its deal, filtered for her seat as when first sent (no other seat's dealt or drawn tile), before her
    view."""
    table, clock = clocked_table(seats=2, discard_delay=0.0)
    truth: list = []
    drain = table.session.drain

    def tapped():
        out = drain()
        truth.extend(out)
        return out

    table.session.drain = tapped
    ann, bob = FakeLink(), FakeLink()
    welcome = table.join(ann, _hello("Ann"))
    table.join(bob, _hello("Bob"))

    def discard(link):
        table.advance()  # the turn may have come from the helper's pass: the seat's view is sent
        view = link.view()
        action = next(a for a in view.legal if a.startswith("discard"))
        assert table.act(link, pr.Act(hand=view.hand, step=view.step, action=action)) is None

    _until_turn_of(table, clock, 0)
    discard(ann)
    _until_turn_of(table, clock, 1)
    table.drop(ann)
    missed = len(truth)
    discard(bob)
    _until_turn_of(table, clock, 1)  # round the table past Ann's seat, played by the computer meanwhile
    clock.now += 0.001
    table.advance()
    assert len(truth) > missed and table.hand_number == 1
    back = FakeLink()
    table.join(back, _hello("Ann", welcome.token))
    kinds = [type(m).__name__ for m in back.messages() if isinstance(m, pr.Events | pr.View)]
    assert kinds == ["Events", "View"]
    resent = back.messages(pr.Events)[0]
    assert resent.resent and resent.hand == 1
    assert list(resent.events) == json.loads(json.dumps(events_for(truth, 0)))
    assert resent.events[0]["kind"] == truth[0].kind and len(resent.events) == len(truth)
    others = [e for e in resent.events if e["kind"] in ("tile_drawn", "tiles_dealt") and e["seat"] != 0]
    assert others and all(e.get("tile", -1) == -1 and set(e.get("tiles", [-1])) == {-1} for e in others)
    assert any(e["kind"] == "tile_drawn" and e["seat"] == 0 and e["tile"] >= 0 for e in resent.events)
