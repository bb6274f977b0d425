"""The command line in the player's language: its help, its messages and argparse's own words follow
``--language``, ``SPARROW_LANGUAGE``, the saved setting and the system's locale, as the game window does; what it
prints as JSON is the same, byte for byte, in every language."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from game import cli, i18n
from tests.cli.runner import Ran, sparrow
from tests.mods.modkit import manifest, write

NOT_MAH_JONGG = '{"seat_wind": "S", "round_wind": "E", "concealed": "1B 2B 3B 4B 5B 6B 7B 8B 9B 1D 1D 2D 5D 9C", ' \
                '"winner": true, "winning_tile": "9C"}'
BAD_TILE = '{"seat_wind": "S", "round_wind": "E", "concealed": "1B 2B QQ", "winner": false}'
WINNING = '{"seat_wind": "S", "round_wind": "E", "concealed": "2B 3B 4B 7D 7D", "melds": [{"tiles": "9B 9B 9B", ' \
          '"exposed": true}, {"tiles": "RD RD RD RD", "exposed": false}, {"tiles": "5C 6C 7C"}], "bonus": "F2 S2", ' \
          '"winner": true, "winning_tile": "7D"}'
SETTLE = '{"east": 0, "winner": 2, "scores": [80, 12, 48, 112], "discarder": 1}'
SELF_DRAWN_WITH_DISCARDER = '{"east": 0, "winner": 2, "scores": [80, 12, 48, 112], "discarder": 1, ' \
                            '"self_drawn": true}'


def _run(tmp_path: Path, language: str | None, *args: str, stdin: str = "") -> Ran:
    chosen = ("--language", language) if language else ()
    return sparrow(*chosen, "--mods-dir", str(tmp_path / "user"), "--config-dir", str(tmp_path / "cfg"), *args,
                   stdin=stdin)


def _broken_mod(tmp_path: Path) -> Path:
    """A mod whose manifest gives a key twice and whose German catalog has a line that is no catalog at all."""
    bad = tmp_path / "bad"
    write(bad / "mod.yaml", manifest("bad", ["ai"]) + "name: twice\n")
    return bad


@pytest.mark.parametrize(("language", "said"), [
    ("en", "error: not a Mah Jongg hand: '1B 2B 3B 4B 5B 6B 7B 8B 9B 1D 1D 2D 5D 9C'\n"),
    ("de", "Fehler: keine Mah-Jongg-Hand: '1B 2B 3B 4B 5B 6B 7B 8B 9B 1D 1D 2D 5D 9C'\n"),
    ("zh_Hans", "错误：不是和牌：'1B 2B 3B 4B 5B 6B 7B 8B 9B 1D 1D 2D 5D 9C'\n"),
])
def test_score__a_winner_without_mah_jongg_is_told_in_the_language(tmp_path, language, said) -> None:
    result = _run(tmp_path, language, "score", "-", stdin=NOT_MAH_JONGG)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", said)


@pytest.mark.parametrize(("language", "said"), [
    ("en", "error: unknown tile code 'QQ'\n"),
    ("de", "Fehler: unbekannter Steincode 'QQ'\n"),
    ("zh_Hans", "错误：未知的牌代码 'QQ'\n"),
])
def test_score__an_unknown_tile_code_is_named_in_the_language(tmp_path, language, said) -> None:
    result = _run(tmp_path, language, "score", "-", stdin=BAD_TILE)
    assert (result.returncode, result.stderr) == (1, said)


@pytest.mark.parametrize(("language", "said"), [
    ("en", "error: a self-drawn hand has no discarder, got 'discarder' 1\n"),
    ("de", "Fehler: eine selbst gezogene Hand hat keinen Abwerfer, erhalten 'discarder' 1\n"),
    ("zh_Hans", "错误：自摸的一手牌没有放炮者，收到 'discarder' 1\n"),
])
def test_settle__a_contradictory_request_is_refused_in_the_language(tmp_path, language, said) -> None:
    result = _run(tmp_path, language, "settle", "-", stdin=SELF_DRAWN_WITH_DISCARDER)
    assert (result.returncode, result.stderr) == (1, said)


@pytest.mark.parametrize(("language", "problem", "summary"), [
    ("en", "duplicate key 'name' (first given on line 3)", "1 problem; the mod would not be loaded"),
    ("de", "doppelter Schlüssel 'name' (zuerst in Zeile 3 angegeben)", "1 Problem; die Mod würde nicht geladen"),
    ("zh_Hans", "重复的键 'name'（第一次出现在第 3 行）", "1 个问题；该模组不会被载入"),
])
def test_mods_check__a_broken_mod_keeps_file_line_and_column_in_every_language(tmp_path, language, problem,
                                                                                 summary) -> None:
    bad = _broken_mod(tmp_path)
    result = _run(tmp_path, language, "mods", "check", str(bad))
    separator = "：" if language == "zh_Hans" else ": "
    assert result.returncode == 1
    assert result.stdout == f"{bad}/mod.yaml:8:1: {problem}\n"
    assert result.stderr == f"{bad}{separator}{summary}\n"


def test_mods_check__a_broken_catalog_is_reported_in_german_with_its_line(tmp_path) -> None:
    """The mod's own catalog is broken at line 4: the German report names the file and the line."""
    mod = tmp_path / "speaks"
    write(mod / "mod.yaml", manifest("speaks", ["ai"]))
    write(mod / "ai" / "people.yaml", "id: calm\nname: Calm\nstrategy: expert\n")
    write(mod / "locale" / "de" / "LC_MESSAGES" / "speaks.po",
          'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\nthis is no catalog line\n')
    result = _run(tmp_path, "de", "mods", "check", str(mod))
    assert result.returncode == 1
    assert result.stdout == (f"{mod}/locale/de/LC_MESSAGES/speaks.po:4:1: erwartet msgid, msgstr, msgctxt, "
                             "msgid_plural, msgstr[N], eine Zeichenkette in Anführungszeichen oder einen #-Kommentar, "
                             "erhalten 'this is no catalog line'\n")
    assert "1 Problem in den Übersetzungen" in result.stderr


def test_mods_install_and_remove__said_in_french(tmp_path) -> None:
    folder = tmp_path / "calm-mod"
    write(folder / "mod.yaml", manifest("calm-mod", ["ai"]))
    write(folder / "ai" / "people.yaml", "id: calm\nname: Calm\nstrategy: expert\n")
    installed = _run(tmp_path, "fr", "mods", "install", str(folder))
    assert installed.returncode == 0, installed.stderr
    assert installed.stdout.startswith("calm-mod 1.0.0 installé dans ")
    removed = _run(tmp_path, "fr", "mods", "remove", "calm-mod")
    assert removed.returncode == 0 and removed.stdout.startswith("calm-mod supprimé (")
    missing = _run(tmp_path, "fr", "mods", "remove", "calm-mod")
    assert missing.returncode == 1 and "aucun mod d'identifiant 'calm-mod' n'est installé" in missing.stderr


def _helps(parser: argparse.ArgumentParser, where: str = "sparrow") -> dict[str, str]:
    """Every description and help text of ``parser`` and its subcommands, by where it is."""
    found = {f"{where} (description)": parser.description or ""}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                found[f"{where} {choice.dest} (in the list)"] = choice.help or ""
            for name, sub in action.choices.items():
                found.update(_helps(sub, f"{where} {name}"))
        elif action.help and action.help != argparse.SUPPRESS:
            found[f"{where} {'/'.join(action.option_strings) or action.dest}"] = action.help
    return {key: text for key, text in found.items() if text}


def test_help__every_command_and_option_is_explained_in_german() -> None:
    """No help text of any command is left in English when the language is German."""
    try:
        english = _helps(cli.build_parser())
        i18n.set_language("de")
        german = _helps(cli.build_parser())
    finally:
        i18n.set_language("en")
    assert len(english) > 80 and german.keys() == english.keys()
    untranslated = sorted(key for key in english if german[key] == english[key])
    assert untranslated == []


def test_help__argparse_own_words_in_german(tmp_path) -> None:
    """"usage:", "options" and argparse's complaints come from the catalogs too."""
    shown = _run(tmp_path, "de", "mods", "--help")
    assert shown.returncode == 0
    assert shown.stdout.startswith("Aufruf: sparrow mods [-h] AKTION ...\n")
    assert "\nOptionen:\n  -h, --help  diese Hilfe zeigen und beenden\n" in shown.stdout
    wrong = _run(tmp_path, "de", "score")
    assert wrong.returncode == 2
    assert wrong.stderr.endswith("sparrow score: Fehler: diese Argumente fehlen: DATEI|-\n")


JSON_COMMANDS = {
    "score": (("score", "-"), WINNING),
    "settle": (("settle", "-"), SETTLE),
    "simulate": (("simulate", "--hands", "2", "--seed", "5"), ""),
    "rulesets": (("rulesets", "--json"), ""),
    "mods list": (("mods", "list", "--json"), ""),
    "saves list": (("saves", "list", "--json"), ""),
}


@pytest.mark.parametrize("command", list(JSON_COMMANDS))
def test_json__the_same_bytes_in_every_language(tmp_path, command) -> None:
    """The JSON a program reads is the contract's, in English: no language changes a byte of it (a broken mod's
    problems in ``mods list --json`` and a corrupt save's reason included)."""
    write(tmp_path / "user" / "bad" / "mod.yaml", manifest("bad", ["ai"]) + "name: twice\n")
    saves = tmp_path / "cfg" / "saves"
    saves.mkdir(parents=True)
    (saves / "broken.sparrow").write_text("{not json", encoding="utf-8")
    args, stdin = JSON_COMMANDS[command]
    printed = {}
    for language in (*i18n.LANGUAGES, i18n.PSEUDO):
        result = _run(tmp_path, language, *args, stdin=stdin)
        assert result.returncode == 0, result.stderr
        printed[language] = result.stdout
    json.loads(printed["en"].splitlines()[-1])
    if command == "simulate":  # its timing figures differ from run to run; everything else must not
        printed = {code: _without_timings(text) for code, text in printed.items()}
    assert {code: text for code, text in printed.items() if text != printed["en"]} == {}


def _without_timings(text: str) -> str:
    data = json.loads(text)
    data.pop("seconds"), data.pop("hands_per_second")
    for player in data["players"]:
        player.pop("decision_ms_p99")
    return json.dumps(data)


def test_language__chosen_as_the_game_window_chooses(tmp_path, monkeypatch) -> None:
    """--language, else SPARROW_LANGUAGE, else the saved setting, else the system's locale."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "SPARROW_LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")

    def said() -> str:
        return _run(tmp_path, None, "score", "-", stdin=BAD_TILE).stderr

    assert said() == "错误：未知的牌代码 'QQ'\n", "the system's locale"
    write(tmp_path / "cfg" / "settings.yaml", "language: fr\n")
    assert said() == "erreur : code de tuile inconnu 'QQ'\n", "the saved setting"
    monkeypatch.setenv("SPARROW_LANGUAGE", "nl")
    assert said() == "fout: onbekende steencode 'QQ'\n", "the environment"
    assert _run(tmp_path, "de", "score", "-", stdin=BAD_TILE).stderr == "Fehler: unbekannter Steincode 'QQ'\n"
    assert i18n.language() == "en", "a run in this process leaves the language as it found it"


def test_mods_check__our_schema_messages_translated_pydantic_own_words_kept(tmp_path) -> None:
    """A message our own validator words is German; one pydantic words itself stays English, with the key and
    the line around it."""
    mod = tmp_path / "odd"
    write(mod / "mod.yaml", manifest("odd", ["ai"], version="x.y"))
    write(mod / "ai" / "people.yaml", "id: calm\nname: Calm\nstrategy: expert\ncaution: 7\n")
    result = _run(tmp_path, "de", "mods", "check", str(mod))
    assert result.returncode == 1
    assert f"{mod}/mod.yaml:4:1: version: erwartet eine Version wie \"1.0.0\", erhalten 'x.y'\n" in result.stdout
    write(mod / "mod.yaml", manifest("odd", ["ai"]))
    result = _run(tmp_path, "de", "mods", "check", str(mod))
    assert result.stdout == f"{mod}/ai/people.yaml:4:1: caution: Input should be less than or equal to 1\n"
    assert result.stderr == f"{mod}: 1 Problem; die Mod würde nicht geladen\n"


def test_saves__a_missing_or_corrupt_save_is_described_in_german(tmp_path) -> None:
    missing = tmp_path / "gone.sparrow"
    replayed = _run(tmp_path, "de", "replay", str(missing))
    assert (replayed.returncode, replayed.stderr) == (1, f"Fehler: {missing}: kein solcher Spielstand\n")
    saves = tmp_path / "cfg" / "saves"
    saves.mkdir(parents=True)
    (saves / "broken.sparrow").write_text('{"kind": "sparrow-save"}', encoding="utf-8")
    listed = _run(tmp_path, "de", "saves", "list")
    assert listed.returncode == 0
    assert listed.stdout.rstrip().endswith(f"0 Hände  beschädigt: {saves / 'broken.sparrow'}: der Spielstand hat "
                                           "keine Formatversion")


def test_rulesets__names_and_counts_in_german(tmp_path) -> None:
    """The ruleset's name comes from its mod's catalog; the line around it from Sparrow's."""
    listed = _run(tmp_path, "de", "rulesets")
    classic = next(line for line in listed.stdout.splitlines() if line.startswith("classic "))
    assert classic.endswith("Klassisch (Mah Jongg für Windows, 1995)  (Mod classic, 144 Steine)")
