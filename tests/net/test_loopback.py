"""A server and four remote players on the loopback play the same games as ``simulate`` (the same log hashes),
and every message a seat is sent holds nothing it may not see."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.core import events as ev
from game.net import protocol as pr
from tests.net_builders import play_matches, simulated_hashes

HIDDEN_KINDS = {"tiles_dealt", "tile_drawn", "replacement_drawn", "standing_hand_declared", "tiles_passed"}
SECRET_KEYS = {"seed", "wall", "live", "dead", "kong_box_tiles", "order"}


@pytest.mark.parametrize("ruleset_id", ["classic", "japanese-riichi", "british-three"])
def test_network_hands__same_log_hash_as_simulate(ruleset_id):
    hashes, _games, remotes = asyncio.run(play_matches(ruleset_id, 11, 3))
    assert hashes == simulated_hashes(ruleset_id, 11, 3)
    assert all(not r.refusals for r in remotes)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", ["classic", "japanese-riichi"])
def test_fifty_network_hands__same_log_hash_as_simulate(ruleset_id):
    hashes, games, _remotes = asyncio.run(play_matches(ruleset_id, 2024, 50))
    assert len(hashes) == 50 and len(games) >= 2  # over more than one match, as simulate plays them
    assert hashes == simulated_hashes(ruleset_id, 2024, 50)


def _keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list | tuple):
        return {k for v in value for k in _keys(v)}
    return set()


def _check_seat(remote, truth: list[ev.Event]) -> int:
    """Every message ``remote`` received against what the table really did; the number of events checked."""
    seat = remote.seat
    sent = [e for m in remote.received if isinstance(m, pr.Events) for e in m.events]
    assert len(sent) == len(truth)
    for told, real in zip(sent, truth, strict=True):
        full = json.loads(json.dumps(real.to_dict()))  # as it travels: tuples become lists
        assert told["kind"] == full["kind"]
        if full["kind"] in HIDDEN_KINDS and full.get("seat") != seat:
            if full["kind"] == "tiles_passed":
                for (src, dst, tiles), (src2, dst2, real_tiles) in zip(told["moves"], full["moves"], strict=True):
                    assert (src, dst) == (src2, dst2)
                    assert list(tiles) == (list(real_tiles) if seat in (src, dst) else [-1] * len(real_tiles))
            elif full["kind"] == "standing_hand_declared":
                assert told["waits"] == []
            else:
                hidden = {k: v for k, v in told.items() if k in ("tile", "tiles")}
                assert all(v == -1 or (isinstance(v, list) and set(v) <= {-1}) for v in hidden.values()), told
                assert {k: v for k, v in told.items() if k not in hidden} == \
                    {k: v for k, v in full.items() if k not in hidden}
        else:
            assert told == full  # what everybody saw is told as it was
    for message in remote.received:
        assert not (_keys(message.model_dump()) & SECRET_KEYS), message
        if isinstance(message, pr.View):
            assert message.seat == seat
            for other in message.players:
                if message.phase != "over" and other.seat != seat:
                    assert other.concealed is None
            assert message.players[seat].concealed == message.concealed
    return len(sent)


def test_every_message_to_every_seat__holds_no_hidden_tile_of_another_seat():
    """Two hands each of the classic, of riichi (ready declarations) and of western (the Charleston passes tiles
    between seats): each seat's copy of every event matches the real one, with exactly the other seats' dealt,
    drawn and passed tiles left out."""
    for ruleset_id in ("classic", "japanese-riichi", "western"):
        _hashes, games, remotes = asyncio.run(play_matches(ruleset_id, 5, 2, keep=True))
        truth = games[0].truth
        if ruleset_id == "western":
            assert any(isinstance(e, ev.TilesPassed) for e in truth)
        checked = [_check_seat(r, truth) for r in remotes]  # every seat was told of everything that happened
        assert min(checked) > 100
        hidden_drawn = [e for m in remotes[0].received if isinstance(m, pr.Events) for e in m.events
                        if e["kind"] == "tile_drawn" and e["seat"] != 0]
        assert hidden_drawn and all(e["tile"] == -1 for e in hidden_drawn)
