"""Command line: one module per subcommand of the interface contract.

Each subcommand module has ``register(subparsers)``, which adds its parser and sets ``func`` to a function
taking the parsed arguments and returning the exit status (0 success, 1 invalid input, 2 usage error).
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys

from game import __version__, i18n
from game.cli.argparse_words import speak_sparrows_language
from game.cli.common import error_line, error_lines
from game.config import LANGUAGE_VARIABLE, folders, language_choice, saved_language
from game.errors import SparrowError
from game.i18n import _
from game.logsetup import EscapingFormatter

# Each command and the module that registers it, in the order ``--help`` lists them.
COMMANDS = {
    "score": "game.cli.score",
    "settle": "game.cli.settle",
    "simulate": "game.cli.simulate",
    "rulesets": "game.cli.rulesets",
    "mods": "game.cli.mods",
    "screenshot": "game.cli.screenshot",
    "saves": "game.cli.saves",
    "play-headless": "game.cli.saves",
    "replay": "game.cli.saves",
    "selftest": "game.cli.selftest",
    "serve": "game.cli.serve",
}
COMMAND_MODULES = tuple(dict.fromkeys(COMMANDS.values()))

# Global options that take a value, so the command can be found before parsing.
_VALUE_OPTIONS = ("--mods-dir", "--config-dir", "--language")


def _requested_command(argv: list[str]) -> str | None:
    """The command named on the command line, if any (the first word that is not an option or its value)."""
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word in _VALUE_OPTIONS:
            skip = True
        elif not word.startswith("-"):
            return word
    return None


def _save_named(argv: list[str]) -> tuple[list[str], str | None]:
    """``sparrow FILE.sparrow`` (as a file manager starts the game for a save, P-38): the arguments without the
    save, and the save (None when no save is named in place of a command)."""
    word = _requested_command(argv)
    if word is None or word in COMMANDS:
        return argv, None
    from game.saves import SAVE_SUFFIX  # only when something other than a command is named

    if not word.lower().endswith(SAVE_SUFFIX):
        return argv, None
    at = argv.index(word)
    return [*argv[:at], *argv[at + 1:]], word


def _option(argv: list[str], name: str) -> str | None:
    """The value given to option ``name`` (``--name VALUE`` or ``--name=VALUE``) before parsing, if any."""
    for at, word in enumerate(argv):
        if word == name and at + 1 < len(argv):
            return argv[at + 1]
        if word.startswith(name + "="):
            return word[len(name) + 1:]
    return None


def choose_language(argv: list[str]) -> str:
    """Speak the language of this run before the parser is built (its help is written in it): ``--language``,
    else ``SPARROW_LANGUAGE``, else the saved setting, else the system's locale, as the game window chooses."""
    asked = _option(argv, "--language")
    setting = None if asked or os.environ.get(LANGUAGE_VARIABLE) else saved_language(
        folders(config_dir=_option(argv, "--config-dir")).settings_file)
    return i18n.set_language(language_choice(setting, asked))


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser; with ``argv`` only the named command's module is imported, so that starting the game (no
    command) does not pay for importing every command."""
    speak_sparrows_language()  # argparse's own words ("usage:", "options") are looked up as the parser is built
    parser = argparse.ArgumentParser(
        prog="sparrow",
        description=_("Sparrow Mah Jongg: the classic game against three computer players. Without a command, the "
                      "game window opens; `sparrow FILE.sparrow` opens it with that saved game."),
    )
    parser.add_argument("--version", action="version", version=f"Sparrow Mah Jongg {__version__}",
                        help=_("show the version and exit"))
    parser.add_argument("--mods-dir", metavar=_("DIR"), help=_("user mods folder instead of the platform default"))
    parser.add_argument("--config-dir", metavar=_("DIR"),
                        help=_("settings, saves and statistics folder instead of the platform default"))
    parser.add_argument("--language", metavar=_("CODE"), choices=i18n.known_codes(),
                        help=_("the language of the game and its messages: en, de, nl, fr or zh_Hans (default: "
                               "SPARROW_LANGUAGE, else the settings', else the system's)"))
    parser.add_argument("--selftest", action="store_true",
                        help=_("load every bundled mod, play one hand, render every scene, print 'selftest ok'"))
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    wanted = COMMAND_MODULES
    if argv is not None and "-h" not in argv and "--help" not in argv:
        command = _requested_command(argv)
        wanted = (COMMANDS[command],) if command in COMMANDS else ()
        if command is not None and command not in COMMANDS:
            wanted = COMMAND_MODULES  # let argparse list the choices in its error
    for name in wanted:
        importlib.import_module(name).register(sub)
    return parser


def run(argv: list[str]) -> int:
    console = logging.StreamHandler()
    console.setFormatter(EscapingFormatter("%(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.WARNING, handlers=[console])  # no change when logging is set up already
    spoken = i18n.language()
    try:
        choose_language(argv)
        return _run(argv)
    finally:
        i18n.set_language(spoken)  # a run inside another program (the tests) leaves its language as it was


def _run(argv: list[str]) -> int:
    argv, save = _save_named(argv)
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors and 0 for --help/--version
        return int(exc.code or 0)
    args.open_file = save
    try:
        if args.selftest:
            from game.cli.selftest import selftest  # with the AI and the display: not for every command

            return selftest(args)
        if args.command is None:
            from game.client.app import play  # the display: only when the window opens

            return play(args)
        return int(args.func(args))
    except SparrowError as exc:
        lines = error_lines(exc)
        print("\n".join([error_line(lines[0]), *lines[1:]]), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
