"""Logging for every run: a rotating log file in the config folder, and stderr when there is a console.

A windowed Windows executable has no console: ``sys.stdout`` and ``sys.stderr`` are ``None`` there, so a stray
``print`` would raise and a crash would vanish without a trace. :func:`configure_logging` points the missing
streams at the null device and sends warnings and uncaught exceptions to ``sparrow.log`` in the config folder,
where a player can find it and attach it to a bug report.

The log file is opened on the first record written, so a quiet run creates neither the file nor the folder.
``SPARROW_LOG=info`` (or ``debug``) records more than warnings.
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import sys
import types
from pathlib import Path

from game import __version__
from game.config import bundle_root, folders, is_frozen
from game.errors import printable

LOG_FILE = "sparrow.log"
LOG_BYTES = 1_000_000
LOG_BACKUPS = 3
FORMAT = "%(levelname)s %(name)s: %(message)s"
FILE_FORMAT = "%(asctime)s " + FORMAT
HANDLER_NAME = "sparrow"
"""The name of the handlers this module adds, so that a second call replaces them and leaves others alone."""

log = logging.getLogger(__name__)


class EscapingFormatter(logging.Formatter):
    """Writes every line of a record with the characters a terminal acts on escaped: a log line may quote a file
    name from a stranger's mod, which must not clear the screen or turn the text around."""

    def format(self, record: logging.LogRecord) -> str:
        return "\n".join(printable(line) for line in super().format(record).split("\n"))


class _LazyRotatingFile(logging.handlers.RotatingFileHandler):
    """A rotating file that creates its folder only when the first record arrives."""

    def _open(self) -> io.TextIOWrapper:
        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open()


def _has_stream(stream: object) -> bool:
    return stream is not None and not getattr(stream, "closed", False)


def replace_missing_streams() -> None:
    """Point ``sys.stdout``/``sys.stderr`` at the null device when the process has none (windowed builds)."""
    if not _has_stream(sys.stdout):
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the process
    if not _has_stream(sys.stderr):
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the process


def _level_from_env() -> int:
    name = os.environ.get("SPARROW_LOG", "").strip().upper()
    level = logging.getLevelName(name) if name else logging.WARNING
    return level if isinstance(level, int) else logging.WARNING


def configure_logging(config_dir: str | os.PathLike[str], *, console: bool | None = None) -> Path:
    """Log to ``<config_dir>/sparrow.log`` (rotated at 1 MB, three kept) and, with a console, to stderr.

    ``console`` defaults to whether stderr existed before the missing streams were replaced. Calling it again
    replaces the handlers it added before (other handlers, such as a test's, are left alone). Returns the path
    of the log file.
    """
    if console is None:
        console = _has_stream(sys.stderr)
    replace_missing_streams()
    path = Path(config_dir) / LOG_FILE
    root = logging.getLogger()
    for handler in [h for h in root.handlers if h.get_name() == HANDLER_NAME]:
        root.removeHandler(handler)
        handler.close()
    level = _level_from_env()
    file_handler = _LazyRotatingFile(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8", delay=True)
    file_handler.setFormatter(EscapingFormatter(FILE_FORMAT))
    handlers: list[logging.Handler] = [file_handler]
    if console:
        stderr_handler = logging.StreamHandler(sys.stderr)
        stderr_handler.setFormatter(EscapingFormatter(FORMAT))
        handlers.append(stderr_handler)
    for handler in handlers:
        handler.setLevel(level)
        handler.set_name(HANDLER_NAME)
        root.addHandler(handler)
    if root.level > level:
        root.setLevel(level)
    logging.captureWarnings(True)
    sys.excepthook = _log_uncaught
    return path


class _AlsoInfoFrom(logging.Filter):
    """Lets a handler whose level was lowered to INFO for one logger's sake keep its old level for the rest."""

    def __init__(self, name: str, level: int) -> None:
        super().__init__()
        self.prefix, self.level = name + ".", level

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= self.level or (record.name + ".").startswith(self.prefix)


def log_info_from(name: str) -> None:
    """Records of logger ``name`` (and its children) from INFO up reach the log file and the console, whatever
    ``SPARROW_LOG`` lets through of the rest: the operator of a table server wants to see who joins and leaves."""
    logging.getLogger(name).setLevel(logging.INFO)
    root = logging.getLogger()
    for handler in root.handlers:
        if handler.get_name() == HANDLER_NAME and handler.level > logging.INFO:
            handler.addFilter(_AlsoInfoFrom(name, handler.level))
            handler.setLevel(logging.INFO)
    if root.level > logging.INFO:
        root.setLevel(logging.INFO)


def _log_uncaught(kind: type[BaseException], value: BaseException, tb: types.TracebackType | None) -> None:
    """Write a crash to the log file too, so a windowed build leaves a trace."""
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, value, tb)
        return
    # the stderr handler, when there is a console, prints the same traceback the default hook would
    log.critical("uncaught exception", exc_info=(kind, value, tb))


def config_dir_from_argv(argv: list[str]) -> Path:
    """The config folder a command line asks for: ``--config-dir DIR`` or the platform default.

    It is read before argparse runs, so that the log is in place before the subcommand modules are imported;
    the last occurrence wins, as in argparse.
    """
    chosen: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--config-dir" and i + 1 < len(argv):
            chosen = argv[i + 1]
        elif arg.startswith("--config-dir="):
            chosen = arg.split("=", 1)[1]
    return folders(config_dir=chosen).config


def start_logging(argv: list[str]) -> Path:
    """The entry point's one call: log to the config folder chosen by ``argv``."""
    path = configure_logging(config_dir_from_argv(argv))
    log.info("Sparrow %s, Python %s on %s, %s, bundle %s", __version__, sys.version.split()[0], sys.platform,
             "executable" if is_frozen() else "source", bundle_root())
    return path
