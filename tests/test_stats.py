"""Statistics across games survive a restart and count what the player would expect."""

import random

from game.ai.bots import GreedyBot
from game.autoplay import play_hand
from game.core.judge import RegularJudge
from game.core.match import Match
from game.core.play_rules import PlayRules
from game.stats import Statistics, load_statistics, save_statistics, update_statistics


def _game(seed):
    match = Match(PlayRules(), RegularJudge(), seed)
    bots = [GreedyBot(random.Random(i)) for i in range(4)]
    while not match.is_over:
        table = match.new_hand()
        play_hand(table, bots)
        match.finish_hand(table)
    return match


def test_stats__survive_a_restart(tmp_path):
    """Statistics written after a game read back the same in a new session."""
    match = _game(2)
    players = ["human", "expert", "greedy", "greedy"]
    stats = load_statistics(tmp_path)
    for record in match.history:
        stats.record_hand("classic", players, record)
    stats.record_game("classic", players, match)
    save_statistics(tmp_path, stats)
    again = load_statistics(tmp_path)
    human = again.player("classic", "human")
    assert human.games == 1 and human.hands == len(match.history)
    assert human.hands_won == sum(1 for r in match.history if r.winner == 0)
    greedy = again.player("classic", "greedy")
    assert greedy.hands == 2 * len(match.history)  # two seats played as greedy
    assert again.to_json() == stats.to_json()


def test_stats__corrupt_file_is_kept_aside(tmp_path):
    """A corrupt statistics file does not stop the game: it is kept aside and counting starts afresh."""
    (tmp_path / "statistics.json").write_text("{not json", encoding="utf-8")
    stats = load_statistics(tmp_path)
    assert stats.by_ruleset == {}
    [kept] = tmp_path.glob("statistics.corrupt-*.json")
    assert kept.read_text(encoding="utf-8") == "{not json"
    assert "counting starts afresh" in stats.notes[-1]


def test_stats__damaged_twice_keeps_both_files_and_restores_the_backup(tmp_path):
    """Statistics damaged twice in a row: both damaged files are kept, and the backup (the file before the latest
    save) brings the counts back both times."""
    match = _game(2)
    players = ["human", "expert", "greedy", "greedy"]
    stats = Statistics()
    stats.record_hand("classic", players, match.history[0])
    save_statistics(tmp_path, stats)
    for record in match.history[1:3]:
        update_statistics(tmp_path, lambda s, r=record: s.record_hand("classic", players, r))
    assert load_statistics(tmp_path).player("classic", "human").hands == 3
    for damage in ("{not json", '{"format": 1, "by_ruleset": {"classic": {"human": {"hands": "many"}}}}'):
        (tmp_path / "statistics.json").write_text(damage, encoding="utf-8")
        restored = load_statistics(tmp_path)
        assert restored.player("classic", "human").hands == 2  # all but the hand of the latest save
        assert any("restored from the backup" in note for note in restored.notes)
    kept = sorted(p.read_text(encoding="utf-8") for p in tmp_path.glob("statistics.corrupt-*.json"))
    assert len(kept) == 2 and "{not json" in kept


def test_stats__every_ruleset_played_gets_a_tab_when_it_is_shown(tmp_path):
    """With more rulesets than tabs fit, moving to a later ruleset slides the tabs so its tab is there, lit."""
    import pygame

    from game.client.scenes.stats import TABS, StatsScene
    from tests.client.helpers import key, make_app

    app = make_app(tmp_path)
    match = _game(2)
    stats = load_statistics(app.folders.config)
    rulesets = [f"ruleset-{i:02}" for i in range(TABS + 3)]
    for ruleset in rulesets:
        stats.record_hand(ruleset, ["human", "expert", "greedy", "greedy"], match.history[0])
    save_statistics(app.folders.config, stats)
    scene = StatsScene(app)
    app.stack.clear_to(scene)
    assert [b.label for b in scene.tabs] == rulesets[:TABS]
    for _ in range(TABS + 1):
        scene.handle(key(pygame.K_RIGHT))
    shown = rulesets[TABS + 1]
    assert [b.label for b in scene.tabs if b.focused] == [shown]
    assert len(scene.tabs) == TABS and scene.rows()[0][0] == "human"
    scene.tabs[0].action()
    assert [b.label for b in scene.tabs if b.focused] == [scene.rulesets[scene.index]]
    app.render(1.0)


def test_stats__a_named_pipe_is_set_aside_never_waited_on(tmp_path):
    """A named pipe where the statistics file should be is reported and set aside; reading never blocks on it."""
    import os

    os.mkfifo(tmp_path / "statistics.json")
    stats = load_statistics(tmp_path)
    assert stats.by_ruleset == {} and "not a regular file but a named pipe" in stats.notes[0]
    assert [p.name.startswith("statistics.corrupt-") for p in tmp_path.iterdir()] == [True]
