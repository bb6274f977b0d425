"""The standalone executable: the spec, the build tool, logging without a console, and (slow) a real build."""

from __future__ import annotations

import importlib
import importlib.util
import logging
import os
import pkgutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import babel
import pytest

import game
from game import logsetup
from game.cli import COMMAND_MODULES

BABEL = Path(babel.__file__).resolve().parent
ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "sparrow.spec"


class _Recorder:
    """Stands in for one of PyInstaller's spec classes and keeps what the spec passed to it."""

    def __init__(self, calls: dict[str, list], name: str) -> None:
        self.calls, self.name = calls, name

    def __call__(self, *args, **kwargs) -> SimpleNamespace:
        self.calls.setdefault(self.name, []).append((args, kwargs))
        return SimpleNamespace(pure=["pure"], scripts=["scripts"], binaries=["binaries"], datas=["datas"],
                               args=args, kwargs=kwargs)


def run_spec(monkeypatch: pytest.MonkeyPatch, *spec_args: str) -> dict[str, list]:
    """Execute the spec as PyInstaller does (its globals, options after ``--`` in sys.argv) and record the calls."""
    calls: dict[str, list] = {}
    namespace = {name: _Recorder(calls, name) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    namespace.update(SPECPATH=str(SPEC.parent), DISTPATH=str(ROOT / "dist"), workpath=str(ROOT / "build" / "_work"),
                     SPEC=str(SPEC), specnm="sparrow", os=os)
    monkeypatch.setattr(sys, "argv", [str(SPEC), *spec_args])
    monkeypatch.setattr(sys, "path", list(sys.path))
    exec(compile(SPEC.read_bytes(), str(SPEC), "exec"), namespace)
    return calls


def analysis_kwargs(calls: dict[str, list]) -> dict:
    [(_, kwargs)] = calls["Analysis"]
    return kwargs


def test_spec_bundles_the_mods_themes_and_assets_from_their_real_places(monkeypatch: pytest.MonkeyPatch) -> None:
    datas = analysis_kwargs(run_spec(monkeypatch))["datas"]
    assert datas, "the spec bundles no data at all"
    babel_data = [(source, dest) for source, dest in datas if Path(source).is_relative_to(BABEL)]
    datas = [entry for entry in datas if entry not in babel_data]
    for source, dest in datas:
        assert Path(source).is_file(), f"bundled file {source!r} does not exist"
        assert Path(source).is_relative_to(ROOT)
        relative = Path(source).relative_to(ROOT)
        assert Path(dest) == relative.parent, f"{relative} would land in {dest!r}, not where bundle_root() looks"
        assert "__pycache__" not in relative.parts and relative.suffix not in (".py", ".pyc")
    bundled = {Path(source).relative_to(ROOT) for source, _ in datas}
    for mod_yaml in (ROOT / "mods").glob("*/mod.yaml"):
        assert mod_yaml.relative_to(ROOT) in bundled, f"bundled mod {mod_yaml.parent.name!r} is left out"
    for font in (ROOT / "assets").rglob("*.ttf"):
        assert font.relative_to(ROOT) in bundled


def test_spec_bundles_babels_number_formats_for_every_shipped_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """Babel's locale data lands where Babel looks (its package folder), for each language and its parents."""
    datas = analysis_kwargs(run_spec(monkeypatch))["datas"]
    babel_data = {Path(source).relative_to(BABEL).as_posix(): dest for source, dest in datas
                  if Path(source).is_relative_to(BABEL)}
    assert babel_data.pop("global.dat") == "babel"
    assert set(babel_data.values()) == {"babel/locale-data"}
    shipped = {f"locale-data/{code}.dat" for code in ("root", "en", "de", "nl", "fr", "zh", "zh_Hans")}
    assert set(babel_data) == shipped


def test_spec_names_every_subcommand_and_client_module(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec(monkeypatch)
    kwargs = analysis_kwargs(calls)
    hidden = set(kwargs["hiddenimports"])
    present = [name for name in COMMAND_MODULES if importlib.util.find_spec(name) is not None]
    assert present, "no subcommand module exists"
    assert set(present) <= hidden
    client = [m.name for m in pkgutil.walk_packages([str(ROOT / "game" / "client")], "game.client.")]
    assert set(client) <= hidden
    [(args, _)] = calls["Analysis"]
    assert [Path(script) for script in args[0]] == [ROOT / "game" / "__main__.py"]
    for module in ("tkinter", "unittest", "pydoc", "test"):
        assert module in kwargs["excludes"]
    for hook in kwargs["runtime_hooks"]:
        assert Path(hook).is_file()


def test_spec_builds_a_stripped_folder_by_default_and_one_file_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = run_spec(monkeypatch)
    [(_, exe)] = folder["EXE"]
    [(_, collect)] = folder["COLLECT"]
    assert exe["name"] == "sparrow" and exe["exclude_binaries"] is True
    assert collect["name"] == "sparrow"
    assert exe["upx"] is False and collect["upx"] is False
    assert exe["strip"] is sys.platform.startswith("linux") and collect["strip"] is exe["strip"]
    assert exe["console"] is (sys.platform != "win32")

    single = run_spec(monkeypatch, "--onefile")
    [(_, exe)] = single["EXE"]
    assert "COLLECT" not in single
    assert exe["name"] == "sparrow-onefile" and "exclude_binaries" not in exe


def test_on_windows_the_program_is_windowed_unless_a_console_build_is_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # PyInstaller reads the platform once, when first imported: imported under the pretended one it would want
    # Windows' own modules, so it is imported here first, whichever test ran before
    import PyInstaller.utils.hooks  # noqa: F401

    monkeypatch.setattr(sys, "platform", "win32")
    [(_, exe)] = run_spec(monkeypatch)["EXE"]
    assert exe["console"] is False and exe["strip"] is False
    [(_, exe)] = run_spec(monkeypatch, "--console")["EXE"]
    assert exe["console"] is True


def test_every_module_of_the_game_imports() -> None:
    # PyInstaller's collect_submodules skips a module that fails to import, so the executable would lack it
    failures = []
    for info in pkgutil.walk_packages(game.__path__, "game."):
        try:
            importlib.import_module(info.name)
        except Exception as exc:
            failures.append(f"{info.name}: {type(exc).__name__}: {exc}")
    assert not failures


def test_build_tool_writes_into_build_work_and_dist() -> None:
    from tools import build_exe

    cmd = build_exe.pyinstaller_command(onefile=True, clean=True, console=False, verbose=False)
    assert cmd[cmd.index("--workpath") + 1] == str(ROOT / "build" / "_work" / "onefile")
    assert cmd[cmd.index("--distpath") + 1] == str(ROOT / "dist")
    assert "--clean" in cmd and cmd[-2:] == ["--", "--onefile"]
    assert "--" not in build_exe.pyinstaller_command(onefile=False, clean=False, console=False, verbose=False)
    assert build_exe.program_path(False).parent == ROOT / "dist" / "sparrow"


FAKE_GAME = """
import sys
args = sys.argv[1:]
if "--fail" in args:
    sys.exit("error: no display")
out = args[args.index("--out") + 1]
assert args[args.index("--scene") + 1] == "title" and "--config-dir" in args and "--mods-dir" in args
open(out, "wb").write(b"BM")
print(f"wrote {out}", file=sys.stderr, flush=True)
if "--slow-exit" in args:
    import time
    time.sleep(3)
"""


@pytest.mark.bench
def test_startup_is_timed_on_the_first_frame_from_a_fresh_folder(tmp_path: Path) -> None:
    from tools.benchmarks.startup import time_first_frame

    script = tmp_path / "fake_game.py"
    script.write_text(FAKE_GAME, encoding="utf-8")
    times = time_first_frame([sys.executable, str(script)], 2)
    assert len(times.runs) == 2 and all(0 < t < 30 for t in (times.cold, *times.runs))
    assert "median of 2" in times.summary()
    slow_exit = time_first_frame([sys.executable, str(script), "--slow-exit"], 1)
    assert slow_exit.median < 2.5, "the clock stops at the frame written, not when the program has shut down"
    with pytest.raises(RuntimeError, match="no display"):
        time_first_frame([sys.executable, str(script), "--fail"], 1)


def test_size_counts_a_folder_once_without_following_links(tmp_path: Path) -> None:
    from tools.build_exe import size_bytes

    (tmp_path / "lib.so").write_bytes(b"x" * 5000)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "data").write_bytes(b"y" * 300)
    (tmp_path / "link.so").symlink_to(tmp_path / "lib.so")
    assert 5300 < size_bytes(tmp_path) < 5300 + 200
    assert size_bytes(tmp_path / "lib.so") == 5000


@pytest.fixture
def restored_logging(monkeypatch: pytest.MonkeyPatch):
    """Undo what configure_logging changes in the process: root handlers, level, excepthook, streams."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(sys, "stdout", sys.stdout)
    monkeypatch.setattr(sys, "stderr", sys.stderr)
    monkeypatch.delenv("SPARROW_LOG", raising=False)
    yield
    for handler in root.handlers[:]:
        if handler not in handlers:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)
    logging.captureWarnings(False)


def test_without_console_streams_logging_goes_to_the_config_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     restored_logging: None) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    config = tmp_path / "config"
    path = logsetup.configure_logging(config)
    print("a stray print must not crash a windowed build")
    sys.stderr.write("nor a library writing to stderr\n")
    assert not config.exists(), "a quiet run must not create the config folder"
    logging.getLogger("game.test").warning("tile set %r is missing", "bamboo")
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert path == config / "sparrow.log"
    text = path.read_text(encoding="utf-8")
    assert "WARNING game.test: tile set 'bamboo' is missing" in text
    assert not any(isinstance(h, logging.StreamHandler) and h.get_name() == logsetup.HANDLER_NAME
                   and not isinstance(h, logging.FileHandler) for h in logging.getLogger().handlers)


def test_calling_it_twice_does_not_write_every_line_twice(tmp_path: Path, restored_logging: None) -> None:
    logsetup.configure_logging(tmp_path, console=False)
    logsetup.configure_logging(tmp_path, console=False)
    logging.getLogger("game.test").warning("once")
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert (tmp_path / "sparrow.log").read_text(encoding="utf-8").count("once") == 1


def test_a_servers_table_news_is_logged_at_info_and_the_rest_at_the_chosen_level(
        tmp_path: Path, restored_logging: None, capsys: pytest.CaptureFixture[str]) -> None:
    logsetup.configure_logging(tmp_path, console=True)
    logsetup.log_info_from("game.net")
    logging.getLogger("game.net.table").info("Ann joined seat 2")
    logging.getLogger("game.mods").info("mod catalog read")
    logging.getLogger("game.mods").warning("mod catalog broken")
    for handler in logging.getLogger().handlers:
        handler.flush()
    said = capsys.readouterr().err
    assert "INFO game.net.table: Ann joined seat 2" in said and "WARNING game.mods: mod catalog broken" in said
    assert "mod catalog read" not in said
    assert "Ann joined seat 2" in (tmp_path / "sparrow.log").read_text(encoding="utf-8")


def test_an_uncaught_crash_is_written_to_the_log(tmp_path: Path, restored_logging: None,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    logsetup.configure_logging(tmp_path, console=False)
    try:
        raise ValueError("the wall ran out")
    except ValueError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = (tmp_path / "sparrow.log").read_text(encoding="utf-8")
    assert "CRITICAL game.logsetup: uncaught exception" in text
    assert "ValueError: the wall ran out" in text and "Traceback" in text
    caplog.clear()  # the crash was logged on purpose


def test_sparrow_log_env_records_info_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          restored_logging: None) -> None:
    monkeypatch.setenv("SPARROW_LOG", "info")
    logsetup.configure_logging(tmp_path, console=False)
    logging.getLogger("game.test").info("loaded 4 mods")
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert "INFO game.test: loaded 4 mods" in (tmp_path / "sparrow.log").read_text(encoding="utf-8")


def test_config_dir_is_read_from_the_command_line(tmp_path: Path) -> None:
    assert logsetup.config_dir_from_argv(["--config-dir", str(tmp_path), "simulate"]) == tmp_path
    assert logsetup.config_dir_from_argv([f"--config-dir={tmp_path}"]) == tmp_path
    from game.config import folders

    assert logsetup.config_dir_from_argv(["--version"]) == folders().config


def test_start_logging_follows_the_config_dir_option_in_a_fresh_process(tmp_path: Path) -> None:
    # the entry point turns logging on before argparse runs, from the raw command line
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    code = ("import logging, sys; from game.logsetup import start_logging; start_logging(sys.argv[1:]); "
            "logging.getLogger('game').warning('started with %s', sys.argv[1:])")
    done = subprocess.run([sys.executable, "-c", code, "--config-dir", str(tmp_path / "cfg")], cwd=tmp_path,
                          env=env, capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "WARNING game: started with" in done.stderr
    assert "started with" in (tmp_path / "cfg" / "sparrow.log").read_text(encoding="utf-8")


BUILD = os.environ.get("SPARROW_BUILD_TESTS") == "1"


@pytest.mark.slow
@pytest.mark.skipif(not BUILD, reason="builds the executable (about a minute); set SPARROW_BUILD_TESTS=1")
def test_the_built_folder_runs_its_selftest_from_another_folder(tmp_path: Path) -> None:
    from tools import build_exe

    program = build_exe.build(onefile=False)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONPATH", None)
    version = subprocess.run([str(program), "--version"], cwd=tmp_path, env=env, capture_output=True, text=True,
                             check=False, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("Sparrow Mah Jongg " + game.__version__)
    done = subprocess.run([str(program), "--config-dir", str(tmp_path / "cfg"), "--mods-dir", str(tmp_path / "m"),
                           "--selftest"], cwd=tmp_path, env=env, capture_output=True, text=True, check=False,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "selftest ok"
    assert build_exe.size_bytes(program.parent) < 100e6
