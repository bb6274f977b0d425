"""The messages of network play: they travel as JSON and come back equal, anything else is refused with a code,
and the JSON Schemas in docs/schemas/net are the models' own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.net import protocol as pr

ROOT = Path(__file__).resolve().parents[2]

SAMPLES = [
    pr.Hello(version=pr.VERSION, name="Ann", token="a" * pr.TOKEN_LENGTH),
    pr.Start(),
    pr.Act(hand=2, step=40, action="claim pung 5D 5D"),
    pr.Ping(id=3),
    pr.Leave(),
]


@pytest.mark.parametrize("message", SAMPLES, ids=lambda m: m.type)
def test_client_message__round_trip(message):
    assert pr.decode_client(pr.encode(message)) == message


def test_server_messages__round_trip():
    room = pr.Room(table="main", seats=(pr.SeatInfo(seat=0, name="Ann", kind="player", connected=True, host=True),),
                   ruleset="classic", ruleset_name="Classic", mods=(pr.ModInfo(id="classic", version="1"),))
    for message in (room, pr.Refused(code="stale", detail="moved on", data={"step": 3}), pr.Pong(id=1),
                    pr.Welcome(seat=2, token="b" * pr.TOKEN_LENGTH, reconnect_seconds=60.0),
                    pr.Events(hand=1, events=({"kind": "tile_drawn", "seat": 1, "tile": -1},)),
                    pr.GameOver(totals=(1, 2, 3, 4)), pr.Goodbye(reason="left")):
        assert pr.decode_server(pr.encode(message)) == message


@pytest.mark.parametrize(("frame", "code"), [
    ("not json", "malformed"),
    (b"\x00binary", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"type": "teleport"}', "unknown_type"),
    ('{"type": "hello", "version": 1, "name": ""}', "malformed"),
    ('{"type": "hello", "version": 1, "name": "' + "n" * 25 + '"}', "malformed"),
    ('{"type": "hello", "version": 1, "name": "Ann", "token": "short"}', "malformed"),
    ('{"type": "action", "hand": 1, "step": 0, "action": "pass", "cheat": true}', "malformed"),
    ('{"type": "ping", "id": NaN}', "malformed"),
    ('{"type": "ping", "id": 1, "pad": "' + "x" * pr.MAX_CLIENT_MESSAGE + '"}', "too_large"),
    ("[" * 3000 + "]" * 1000, "malformed"),
])
def test_bad_frame__refused_with_its_code(frame, code):
    with pytest.raises(pr.ProtocolError) as info:
        pr.decode_client(frame)
    assert info.value.code == code


def test_json_schemas__committed_files_are_current():
    """docs/schemas/net matches the models (run tools/export_net_schemas.py to update)."""
    folder = ROOT / "docs" / "schemas" / "net"
    schemas = pr.json_schemas()
    assert sorted(p.name for p in folder.glob("*.schema.json")) == sorted(f"{n}.schema.json" for n in schemas)
    for name, schema in schemas.items():
        assert json.loads((folder / f"{name}.schema.json").read_text(encoding="utf-8")) == schema, name
        assert schema["required"][0] == "type" and schema["properties"]["type"]["const"] == name.split(".")[1]


def test_export_net_schemas__writes_every_message(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "tools" / "export_net_schemas.py"), "--out", str(tmp_path)],
                   check=True, cwd=ROOT, capture_output=True)
    assert len(list(tmp_path.glob("*.schema.json"))) == len(pr.CLIENT_MESSAGES) + len(pr.SERVER_MESSAGES)
