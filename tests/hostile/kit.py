"""The hostile-input suite's tools: a world of folders with one good mod and one good save beside the bad thing, the
command run as a real process under limits (time, memory) with its peak memory measured, and makers of hostile
files (YAML, images, sounds, zips, saves)."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.mods.modkit import REPO, manifest, png, tileset_mod, wav, write

SECONDS = 10.0
"""No case may use more processor time (the issue's bound on a hang)."""
WALL_FACTOR = 12
"""A case still running after this many times its bound in wall time is killed (a wait that never ends)."""
MEMORY_BYTES = 500 * 1024 * 1024
"""No case may grow past this much resident memory (the issue's bound on a blow-up)."""
ADDRESS_SPACE = 3 * 1024 * 1024 * 1024
"""The hard limit a case runs under, so a blow-up ends the case instead of swamping the machine."""


@dataclass
class World:
    """The folders a case runs in: a user mods folder with one good mod, a config folder with one good save."""

    root: Path
    mods: Path = field(init=False)
    config: Path = field(init=False)

    def __post_init__(self) -> None:
        self.mods = self.root / "mods"
        self.config = self.root / "config"

    @property
    def saves(self) -> Path:
        return self.config / "saves"

    def args(self) -> list[str]:
        return ["--mods-dir", str(self.mods), "--config-dir", str(self.config)]


GOOD_MOD = "good-tiles"
GOOD_SAVE = "good"


def good_save_text() -> str:
    """A real saved game of two hands (made once per test process, by the game itself)."""
    cached = Path(tempfile.gettempdir()) / f"sparrow-hostile-good-{os.getpid()}.sparrow"
    if not cached.exists():
        import random

        from game.ai.bots import GreedyBot
        from game.autoplay import play_hand
        from game.core.match import Match
        from game.mods import rules_for
        from game.saves import ruleset_hash, snapshot, to_text

        ruleset, judge = rules_for("classic")
        match = Match(ruleset.play, judge, 5)
        bots = [GreedyBot(random.Random(i)) for i in range(4)]
        for _ in range(2):
            table = match.new_hand()
            play_hand(table, bots)
            match.finish_hand(table)
        saved = snapshot(match, ruleset_id="classic", players=["greedy"] * 4, ruleset_hash=ruleset_hash(ruleset),
                         name=GOOD_SAVE)
        cached.write_text(to_text(saved), encoding="utf-8")
    return cached.read_text(encoding="utf-8")


def make_world(root: Path) -> World:
    world = World(root)
    tileset_mod(world.mods, GOOD_MOD)
    world.saves.mkdir(parents=True)
    (world.saves / f"{GOOD_SAVE}.sparrow").write_text(good_save_text(), encoding="utf-8")
    return world


@dataclass(frozen=True)
class Ran:
    """A finished case: exit status (negative: the signal that ended it), output, processor time, peak memory."""

    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_bytes: int

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


def _limits() -> None:  # pragma: no cover - runs in the child before exec
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    resource.setrlimit(resource.RLIMIT_CPU, (int(SECONDS * 3), int(SECONDS * 3)))


# ``python -m game ARGS`` that, as it exits, writes its own peak resident memory (VmHWM, Linux) to the file named in
# SPARROW_TEST_PEAK. The parent cannot measure it: a child's ru_maxrss starts from the parent's at the fork, and a
# test worker can be far bigger than any case.
_LAUNCH = """
import atexit, os, runpy, sys

def _peak():
    try:
        with open("/proc/self/status") as status:
            kilobytes = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
        with open(os.environ["SPARROW_TEST_PEAK"], "w") as out:
            out.write(str(kilobytes * 1024))
    except (OSError, StopIteration, KeyError, ValueError):
        pass

atexit.register(_peak)
sys.argv = ["game", *sys.argv[1:]]
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""


def _vm_hwm(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as status:
            return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration, ValueError):
        return 0


def run_limited(world: World, *argv: str, stdin: str | bytes = b"", timeout: float = SECONDS) -> Ran:
    """``python -m game`` with the world's folders and ``argv``, as its own process under :data:`ADDRESS_SPACE`;
    its peak resident memory is what it says as it exits, or the most it was seen to hold while it ran.

    The time a case is held to is the processor time it used (with its own children): on a loaded machine wall
    time says more about the neighbours than about the case. A case that waits instead of working (a named pipe
    read, a lock never let go) is killed after :data:`WALL_FACTOR` times ``timeout`` of wall time and fails on the
    signal."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    with tempfile.TemporaryDirectory() as scratch, tempfile.TemporaryFile() as feed, \
            tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        peak_file = Path(scratch) / "peak"
        env = {**os.environ, "PYTHONPATH": str(REPO), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SPARROW_TEST_PEAK": str(peak_file)}
        feed.write(data)
        feed.seek(0)
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", _LAUNCH, *world.args(), *argv], stdin=feed, stdout=out,
                                 stderr=err, cwd=world.root, env=env, preexec_fn=_limits)
        seen = 0
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                child.returncode = os.waitstatus_to_exitcode(status)
                seconds = usage.ru_utime + usage.ru_stime
                break
            seen = max(seen, _vm_hwm(child.pid))
            if time.perf_counter() - start > WALL_FACTOR * timeout:
                child.kill()
            time.sleep(0.01)
        told = int(peak_file.read_text()) if peak_file.exists() else 0
        out.seek(0)
        err.seek(0)
        return Ran(child.returncode, out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"),
                   seconds, max(told, seen))


def assert_clean(ran: Ran, timeout: float = SECONDS) -> None:
    """What every case must show, whatever it is: no signal, no traceback, no hang, no blow-up, no raw control
    character in what it printed."""
    assert ran.returncode >= 0, f"killed by signal {-ran.returncode}: {ran.stderr[-2000:]}"
    assert "Traceback" not in ran.output, ran.output[-3000:]
    assert ran.seconds < timeout, f"used {ran.seconds:.1f} s of processor time"
    assert ran.peak_bytes < MEMORY_BYTES, f"peak memory {ran.peak_bytes / 2**20:.0f} MB"
    for line in ran.output.split("\n"):
        assert line.isprintable(), f"unescaped control character in {line!r}"


def listed(ran: Ran) -> dict[str, dict]:
    """``mods list --json`` by folder or zip name."""
    return {Path(entry["path"]).name: entry for entry in json.loads(ran.stdout)}


# ----- hostile files ---------------------------------------------------------------------------------------------

def wav_bytes(fmt_tag: int = 1, channels: int = 1, rate: int = 22050, bits: int = 16, data: bytes | None = b"",
              declared: int | None = None, data_first: bool = False, extra_chunks: int = 0) -> bytes:
    """A WAV file, honest or not: ``declared`` is the data size the header claims (the real one by default)."""
    align = channels * bits // 8
    fmt = b"fmt " + struct.pack("<IHHIIHH", 16, fmt_tag, channels, rate, rate * max(align, 1), align, bits)
    chunks = b"".join(b"junk" + struct.pack("<I", 2) + b"\0\0" for _ in range(extra_chunks))
    body = b""
    if data is not None:
        body = b"data" + struct.pack("<I", len(data) if declared is None else declared) + data
    inner = (body + fmt if data_first else fmt + chunks + body)
    return b"RIFF" + struct.pack("<I", 4 + len(inner)) + b"WAVE" + inner


def png_header(width: int, height: int, rest: bytes = b"") -> bytes:
    """A PNG's signature and header chunk announcing ``width``×``height``, then ``rest``."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    return b"\x89PNG\r\n\x1a\n" + chunk + rest


def gif_bytes(screen: tuple[int, int], frame: tuple[int, int]) -> bytes:
    """A GIF with a small logical screen and a frame of any size."""
    head = b"GIF89a" + struct.pack("<HH", *screen) + b"\x00\x00\x00"
    image = b"\x2c" + struct.pack("<HHHH", 0, 0, *frame) + b"\x00" + b"\x02\x02\x4c\x01\x00"
    return head + image + b"\x3b"


def bmp_header(width: int, height: int) -> bytes:
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, 0, 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 54 + len(info), 0, 0, 54) + info


def jpeg_header(width: int, height: int) -> bytes:
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + sof


def theme_with(world: World, name: str, files: dict[str, bytes], yaml_text: str) -> Path:
    """A theme mod ``name`` in the world's mods folder with ``files`` beside its theme.yaml."""
    folder = world.mods / name
    write(folder / "mod.yaml", manifest(name, ["theme"]))
    write(folder / "theme" / "theme.yaml", yaml_text)
    for file_name, data in files.items():
        (folder / "theme" / file_name).write_bytes(data)
    return folder


def tileset_with(world: World, name: str, sheet: bytes, record_id: str | None = None) -> Path:
    folder = world.mods / name
    write(folder / "mod.yaml", manifest(name, ["tileset"]))
    write(folder / "tileset" / "tileset.yaml", f"id: {record_id or name}\nname: Hostile tiles\nimage: sheet.png\n")
    (folder / "tileset" / "sheet.png").write_bytes(sheet)
    return folder


def voice_with(world: World, name: str, sound: bytes, suffix: str = "wav") -> Path:
    """A voice pack whose every line is ``sound``."""
    from tests.mods.modkit import VOICE_LINES

    folder = world.mods / name
    write(folder / "mod.yaml", manifest(name, ["voice"]))
    write(folder / "voice" / "voice.yaml", f'id: {name}\nname: Hostile voice\nfiles: "{{seat}}_{{line}}.{suffix}"\n'
                                           "seats: [0]\n")
    for line in VOICE_LINES:
        (folder / "voice" / f"0_{line}.{suffix}").write_bytes(sound)
    return folder


def zip_of(path: Path, members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED,
           mutate: Callable[[bytes], bytes] | None = None) -> Path:
    """A zip of ``members`` (names as given); ``mutate`` spoils the finished archive's bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", method) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    if mutate is not None:
        path.write_bytes(mutate(path.read_bytes()))
    return path


def good_zip_members(mod_id: str = "zipped", extra: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """The files of a small valid ai mod, plus ``extra``."""
    return {"mod.yaml": manifest(mod_id, ["ai"]).encode(),
            "ai/p.yaml": f"id: {mod_id.replace('-', '_')}_p\nname: P\nstrategy: expert\n".encode(),
            **(extra or {})}


def flip_compressed_data(data: bytes) -> bytes:
    """Spoil the compressed bytes of the first member (after its local header), leaving the directory intact."""
    name_len, extra_len = struct.unpack("<HH", data[26:30])
    start = 30 + name_len + extra_len
    spoilt = bytes(b ^ 0x5A for b in data[start:start + 40])
    return data[:start] + spoilt + data[start + 40:]


def sheet() -> bytes:
    return png(324, 230)


def short_wav() -> bytes:
    return wav(0.02)


# ----- full disks and read-only folders ---------------------------------------------------------------------------

def no_space(*_args: object, **_kwargs: object) -> None:
    """What writing to a full disk raises (here at the flush to disk, where a full disk can first show)."""
    raise OSError(errno.ENOSPC, "No space left on device")


@contextlib.contextmanager
def read_only(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """``folder`` made read-only; yields ``"chmod"`` when the system then refuses writes there, ``"simulated"``
    when it does not (tests may run as root, whom chmod stops from nothing): new files there are then refused
    with the error the system gives, EACCES."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o555)
    probe = folder / ".probe"
    try:
        probe.write_text("x")
    except PermissionError:
        how = "chmod"
    else:
        probe.unlink()
        how = "simulated"
        real_mkstemp, real_open = tempfile.mkstemp, os.open
        inside = folder.resolve()

        def refused(path: object) -> bool:
            return Path(str(path)).resolve().is_relative_to(inside)

        def mkstemp(*args: Any, dir: Any = None, **kwargs: Any) -> Any:
            if dir is not None and refused(dir):
                raise PermissionError(errno.EACCES, "Permission denied", str(dir))
            return real_mkstemp(*args, dir=dir, **kwargs)

        def open_(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
            if flags & os.O_CREAT and refused(path) and not Path(str(path)).exists():
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return real_open(path, flags, *args, **kwargs)

        monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
        monkeypatch.setattr(os, "open", open_)
    try:
        yield how
    finally:
        folder.chmod(0o755)


# ----- two processes at once -------------------------------------------------------------------------------------

def hammer(config: str, tag: str, seconds: float) -> None:
    """One of two processes changing the same statistics, mods state and saves for ``seconds``; prints what it
    did as JSON, for the test to count that nothing was lost."""
    import random

    from game.ai.bots import GreedyBot
    from game.autoplay import play_hand
    from game.core.match import Match
    from game.mods import rules_for
    from game.mods.state import load_state, update_state
    from game.saves import list_saves, snapshot, write_autosave, write_save
    from game.stats import load_statistics, update_statistics

    folder = Path(config)
    ruleset, judge = rules_for("classic")
    match = Match(ruleset.play, judge, 11)
    table = match.new_hand()
    play_hand(table, [GreedyBot(random.Random(i)) for i in range(4)])
    match.finish_hand(table)
    record = match.history[-1]
    done: dict[str, Any] = {"hands": 0, "disabled": [], "saves": {}, "autosaves": []}
    deadline = time.monotonic() + seconds
    step = 0
    while time.monotonic() < deadline:
        update_statistics(folder, lambda stats: stats.record_hand("classic", [tag, "a", "b", "c"], record))
        done["hands"] += 1
        mod_id = f"{tag}-{step}"
        update_state(folder, lambda state, mod_id=mod_id: state.disabled.add(mod_id))
        done["disabled"].append(mod_id)
        saved = snapshot(match, ruleset_id="classic", players=["greedy"] * 4, name=f"{tag}-{step}")
        slot = folder / "saves" / f"{tag}-{step % 4}.sparrow"
        write_save(slot, saved)
        done["saves"][slot.name] = saved.name
        write_autosave(folder / "saves", saved)
        done["autosaves"].append(saved.name)
        list_saves(folder / "saves")
        load_statistics(folder)
        load_state(folder)
        step += 1
    print(json.dumps(done))
