"""tools/ai_report.py: the matchups play, the statistics are right, and docs/ai.md-style output is written."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tools import ai_report
from tools.aireport import matchups, play, rulesets


def _figures(**changes) -> ai_report.Figures:
    """A matchup's figures with the given numbers changed (the rest those of 1,000 empty hands)."""
    return dataclasses.replace(ai_report.figures(ai_report.Tally(hands=1000)), **changes)


def _expert_deal_in_row(rows: list[tuple[str, str, bool]]) -> tuple[str, str, bool]:
    (row,) = [r for r in rows if r[0].startswith("Expert deal-in")]
    return row


def test_wilson__known_intervals():
    """Wilson 95% intervals match the textbook values, and never leave 0–1."""
    assert ai_report.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert ai_report.wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    low, high = ai_report.wilson(3500, 10_000)
    assert high - low == pytest.approx(0.0187, abs=5e-4)  # ±0.9 pp at 10,000 hands, as the AI notes say


@pytest.mark.slow
def test_report__quick_run_writes_every_matchup(tmp_path, capsys):
    """A quick run in two processes writes the table, the goals and the pairwise gaps to the given file."""
    out = tmp_path / "ai.md"
    assert ai_report.main(["--quick", "--out", str(out), "--processes", "2"]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Computer opponents: strength and personality report")
    assert "QUICK SMOKE RUN" in text
    for matchup in matchups.ISSUE7 + matchups.MASTER:
        assert f"| {matchup.title} | {matchup.ruleset} | {matchup.seed} | {ai_report.QUICK_HANDS} |" in text
    for ruleset in matchups.RULESETS:
        label = f"{ruleset} (3 players)" if ruleset in matchups.THREE_PLAYER else ruleset
        quick = ai_report.QUICK_HANDS
        assert f"\n| {label} | {quick} / {quick} | " in text.split("## Every ruleset")[1]
    assert "| Expert vs 3 greedy: win share ≥ 35% |" in text
    assert "| expert / limitmaker |" in text
    assert "Illegal actions over every matchup played: 0." in text
    printed = capsys.readouterr().out
    assert f"wrote {out}" in printed
    assert not (tmp_path / "ai-results.json").exists()  # a smoke run keeps no figures


def test_report__same_seeds_same_hands(tmp_path):
    """Run twice (once in one process, once in two), a matchup replays the same hands: equal log hashes."""
    first = ai_report.run_matchups([ai_report.MATCHUPS[0]], 6, 1)["expert"]
    second = ai_report.run_matchups([ai_report.MATCHUPS[0]], 6, 2)["expert"]
    assert first.hashes == second.hashes and len(first.hashes) == 6
    assert (first.wins, first.deal_ins, first.nets) == (second.wins, second.deal_ins, second.nets)


def test_report__unknown_matchup_is_refused(capsys):
    """--only with a key that does not exist says which keys do."""
    assert ai_report.main(["--quick", "--only", "wizard"]) == 2
    assert ("unknown matchup 'wizard': expected matchup keys or rulesets, such as expert, expert_random"
            in capsys.readouterr().err)


def test_report__only_a_ruleset_plays_its_row_of_every_table():
    """--only british plays the British matchups of the per-ruleset tables; for classic they include the matchups
    issue 7 already plays there."""
    assert {m.key for m in ai_report._selected("british")} == {
        "experts@british", "expert@british", "defensive@british", "limitmaker@british", "beginner@british",
        "scatterbrain@british", "master@british"}
    classic = {m.key for m in ai_report._selected("classic")}
    assert {"expert", "defensive", "experts@classic", "master@classic"} <= classic and "greedy" not in classic


def test_matchups__every_bundled_ruleset_is_measured_with_its_own_seeds():
    """The per-ruleset tables cover the rulesets the bundled mods offer, and no two matchups share a seed."""
    from game.mods import list_rulesets

    assert set(matchups.RULESETS) == {r.id for r in list_rulesets(None)}
    seeds = [m.seed for m in matchups.MATCHUPS]
    assert len(seeds) == len(set(seeds))


def test_progress_bar__lines_when_not_a_terminal():
    """Written to a file, the bar is a line every tenth of the way and one at the end, not a redrawn line."""
    import io

    stream = io.StringIO()
    bar = play.ProgressBar(stream)
    for done in range(0, 1001, 50):
        bar(done, 1000)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 11 and "\r" not in stream.getvalue()
    assert lines[-1].startswith("[" + "#" * 30 + "] 100%  1,000/1,000 hands")


def test_report__hands_option_plays_fewer_hands_and_says_so(tmp_path, capsys):
    """--hands N plays N hands per matchup and the report names the shorter run; 0 hands is refused."""
    out = tmp_path / "ai.md"
    assert ai_report.main(["--hands", "3", "--only", "expert", "--processes", "1", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "| expert vs 3 greedy | classic | 11 | 3 |" in text
    assert "1 of them was played at fewer hands than the matchup's own count (`--hands`)" in text
    assert ai_report.main(["--hands", "0", "--out", str(out)]) == 2
    assert "expected a positive number of hands, got 0" in capsys.readouterr().err


def test_report__opponent_deal_ins_and_own_deal_ins_are_the_discard_wins(monkeypatch):
    """Every hand won on a discard is a deal-in by exactly one seat: the player under test's or an opponent's
    (the player under test's own win on a discard included), so the two counts add up to the discard wins."""
    import game.autoplay

    results = []
    real_play_hand = game.autoplay.play_hand

    def recording_play_hand(table, players, **kwargs):
        stats = real_play_hand(table, players, **kwargs)
        results.append(table.result)
        return stats

    monkeypatch.setattr(game.autoplay, "play_hand", recording_play_hand)
    monkeypatch.setattr(play, "_warm_up", lambda *args: None)  # record the measured hands only
    tally = ai_report.run_matchups([ai_report.MATCHUPS[0]], 40, 1)["expert"]
    assert len(results) == tally.hands == 40
    discard_wins = sum(r.winner is not None and r.won_by == "discard" for r in results)
    assert tally.deal_ins > 0 and tally.opponent_deal_ins > 0
    assert tally.deal_ins + tally.opponent_deal_ins == discard_wins


def test_report__opponent_deal_in_is_per_opponent_seat_and_merges():
    """Chunks add their opponents' deal-ins; the rate is over 3 × hands (per opponent seat), as is its interval."""
    tally = ai_report.Tally(hands=60, opponent_deal_ins=20)
    tally.add(ai_report.Tally(hands=40, opponent_deal_ins=40))
    assert tally.opponent_deal_ins == 60
    f = ai_report.figures(tally)
    assert f.opponent_deal_in == pytest.approx(0.2)
    assert f.opponent_deal_in_ci == ai_report.wilson(60, 300)


def test_goals__expert_deal_in_is_read_against_the_greedy_bots_at_its_table():
    """AI notes G5: the expert must deal in 4 points less than the three greedy bots it plays with, not than four
    greedy bots alone; the goal needs no "greedy" matchup, which only adds context."""
    greedy = _figures(deal_in=0.178)
    met = _figures(deal_in=0.142, opponent_deal_in=0.200)
    missed = _figures(deal_in=0.142, opponent_deal_in=0.180)

    goal, measured, ok = _expert_deal_in_row(ai_report.goals({"expert": met, "greedy": greedy}))
    assert goal == "Expert deal-in ≤ the greedy bots' own rate − 4 pp (same table; AI notes G5)"
    assert measured == "14.2% vs 20.0% for the three greedy bots at its table (four greedy bots alone: 17.8%)"
    assert ok  # four greedy bots alone (17.8% − 4 pp = 13.8%) would have missed it

    _, measured, ok = _expert_deal_in_row(ai_report.goals({"expert": missed, "greedy": greedy}))
    assert not ok

    _, measured, ok = _expert_deal_in_row(ai_report.goals({"expert": met}))
    assert measured == "14.2% vs 20.0% for the three greedy bots at its table" and ok
    assert not _expert_deal_in_row(ai_report.goals({"expert": missed}))[2]


def test_render__matchups_table_shows_the_opponents_deal_in_after_the_deal_in():
    """The opponents' deal-in column follows the deal-in column, and every row has as many cells as the header."""
    store = ai_report.Store()
    store.put(ai_report.MATCHUPS[0], ai_report.Record.of(ai_report.Tally(hands=10, deal_ins=1, opponent_deal_ins=6)))
    text = ai_report.render(store)
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("| Matchup |"))
    assert "| Deal-in (95% CI) | Opponents' deal-in, per seat (95% CI) | Call rate (95% CI) |" in header
    (row,) = [line for line in lines if line.startswith("| expert vs 3 greedy |")]
    separator = lines[lines.index(header) + 1]
    assert header.count("|") == separator.count("|") == row.count("|")
    own, theirs = ai_report._ci(ai_report.wilson(1, 10)), ai_report._ci(ai_report.wilson(6, 30))  # 6 of 3 × 10
    assert f"| 10.0% ({own}) | 20.0% ({theirs}) |" in row
    assert "per opponent seat" in text


def _speed_row(rows: list[tuple[str, str, bool]]) -> tuple[str, str, bool]:
    (row,) = [r for r in rows if r[0].startswith("4 greedy bots")]
    return row


def test_goals__simulation_speed_per_core_is_the_one_process_run_with_the_busy_rate_beside_it():
    """The per-core speed goal reads the one-process run (as tools/bench.py times it); the greedy matchup's rate,
    measured with both cores busy, is shown beside it, and stands in only when there is no such run."""
    greedy = dataclasses.replace(_figures(), hands=1000, cpu_seconds=8.0)  # 125 hands per CPU-second
    _, measured, ok = _speed_row(ai_report.goals({"greedy": greedy}, sim_rate=180.4))
    assert ok and measured == "180 hands/s (one process); 125 in the greedy matchup, both cores busy"
    assert not _speed_row(ai_report.goals({"greedy": greedy}, sim_rate=149.0))[2]
    _, measured, ok = _speed_row(ai_report.goals({"greedy": greedy}))
    assert not ok and measured == "125 hands/s (greedy matchup, both cores busy)"
    assert _speed_row(ai_report.goals({}, sim_rate=151.0))[2]


def _row(rows: list[tuple[str, str, bool]], start: str) -> tuple[str, str, bool]:
    (row,) = [r for r in rows if r[0].startswith(start)]
    return row


WASH_OUTS = "Every ruleset: the experts at one table (four; three in british-three) wash out"


def test_goals_28__wash_outs_are_read_against_each_rulesets_bar():
    """Four experts may wash out 30% of British and special-hands-only hands, 25% elsewhere: 29% is within the
    British bar, 26% misses the classic one, and the miss names the ruleset, its rate and its bar."""
    f = {f"experts@{r}": _figures(draws=0.1) for r in matchups.RULESETS}
    f |= {"experts@british": _figures(draws=0.29), "experts@classic": _figures(draws=0.26)}
    _, measured, ok = _row(rulesets.goals(f), WASH_OUTS)
    assert not ok and measured == "missed in classic 26.0% (bar 25.0%)"
    f["experts@classic"] = _figures(draws=0.24)
    _, measured, ok = _row(rulesets.goals(f), WASH_OUTS)
    assert ok and measured == "all met; closest: classic 24.0% (bar 25.0%)"
    del f["experts@western"]  # rows of some rulesets only cannot meet a goal over every ruleset
    _, measured, ok = _row(rulesets.goals(f), WASH_OUTS)
    count = len(matchups.RULESETS)
    assert ok is None and measured.endswith(f"(only {count - 1} of {count} rulesets measured)")
    assert rulesets.goal_mark(ok) == "not measured"
    f["experts@classic"] = _figures(draws=0.26)  # a miss among the rows measured is a miss
    assert _row(rulesets.goals(f), WASH_OUTS)[2] is False


def test_goals_28__master_against_the_efficient_bot_needs_the_share_and_a_net_interval_above_zero():
    """The Master's goals: win share at least 30% and the net score's interval above 0; its decision times over
    every Master matchup."""
    met = _figures(win=0.31, net=(12.0, 3.0, 21.0), ms_p99=120.0, ms_max=390.0)
    rows = rulesets.goals({"master_efficient": met})
    assert _row(rows, "Master vs 3 efficient, classic: win share")[2]
    assert _row(rows, "Master vs 3 efficient, classic: net score")[2]
    assert _row(rows, "Master decision p99")[2]
    slow = dataclasses.replace(met, net=(12.0, -1.0, 25.0), ms_max=401.0)
    rows = rulesets.goals({"master_efficient": slow})
    assert not _row(rows, "Master vs 3 efficient, classic: net score")[2]
    assert not _row(rows, "Master decision p99")[2]


def test_goals_28__expert_unchanged_means_its_interval_still_reaches_the_old_share():
    """"Expert unchanged or better": the new win share's 95% interval reaches the share measured before issue 28."""
    rows = rulesets.goals({"expert": _figures(win=0.345, win_ci=(0.336, 0.354))})
    assert _row(rows, "Expert unchanged or better: vs 3 greedy")[2]
    rows = rulesets.goals({"expert": _figures(win=0.340, win_ci=(0.331, 0.349))})
    assert not _row(rows, "Expert unchanged or better: vs 3 greedy")[2]


def test_goals__a_run_of_other_rulesets_reads_no_classic_decision_times():
    """Rows of other rulesets only time no classic personality: the classic decision-time goal is not measured,
    not shown met at 0.0 ms."""
    british = {"experts@british": _figures(ms_p99=5.0, ms_max=12.0), "expert@british": _figures(ms_p99=4.0)}
    assert _row(ai_report.goals(british), "Decision time") == ("Decision time p99 ≤ 20 ms, max ≤ 50 ms", "—", None)
    timed = ai_report.goals({"expert": _figures(ms_p99=3.0, ms_max=9.0)})
    assert [row[1:] for row in timed if row[0].startswith("Decision time")] == [("p99 3.0 ms, max 9.0 ms", True)]


def _tally(wins: int, hands: int = 100) -> ai_report.Tally:
    """A matchup's tally as a run would bring it back, with decision times and hand hashes."""
    return ai_report.Tally(hands=hands, wins=wins, deal_ins=9, opponent_deal_ins=41, hands_with_call=min(70, hands),
                           calls=120, special_wins=2, draws=4, win_scores=[40, 60, 90], nets=[10, -5, 30, -12],
                           decision_ms=[0.5, 1.25, 7.0], cpu_seconds=2.5, hashes=[f"h{wins}", "h2"])


def _fake_runs(monkeypatch, stamps: list[tuple[str, str]], wins_of=lambda m: m.seed % 40
               ) -> list[tuple[list[str], int | None]]:
    """Replaces playing by tallies that depend on ``wins_of`` the matchup (by default its seed: the same every run),
    and stamps each run with the next of ``stamps``; returns the keys and the hands asked of each run."""
    played: list[tuple[list[str], int | None]] = []

    def run_matchups(selected, hands, processes, progress=None):
        played.append(([m.key for m in selected], hands))
        return {m.key: _tally(wins=wins_of(m), hands=hands or m.hands) for m in selected}

    monkeypatch.setattr(ai_report, "run_matchups", run_matchups)
    runs = iter(stamps)
    monkeypatch.setattr(ai_report, "stamp", lambda: next(runs))
    return played


def _line(text: str, start: str, section: str = "") -> str:
    """The one line of ``text`` (after the heading ``section``, up to the next) that starts with ``start``."""
    if section:
        text = text.split(f"\n## {section}\n")[1].split("\n## ")[0]
    (line,) = [line for line in text.splitlines() if line.startswith(start)]
    return line


def test_store__round_trips(tmp_path):
    """Saved and read back, the store holds the same records, matchups and speed, and renders the same report."""
    from tools.aireport import store as results

    kept = results.Store(speed=results.Speed(171.5, "abc1234", "2026-11-27T10:00:00Z"))
    kept.put(ai_report.MATCHUPS[0], ai_report.Record.of(_tally(35), "abc1234", "2026-11-27T10:00:00Z"))
    british = next(m for m in ai_report.MATCHUPS if m.key == "experts@british")
    kept.put(british, ai_report.Record.of(_tally(20, 60), "0ld0000", "2026-11-25T09:00:00Z"))
    path = tmp_path / "ai-results.json"
    results.save(path, kept)
    back = results.load(path)
    assert back == kept
    assert ai_report.render(back) == ai_report.render(kept)
    assert results.results_path(tmp_path / "ai.md") == path


def test_report__an_update_replays_only_the_named_matchups_and_keeps_every_other_row(tmp_path, monkeypatch):
    """--only plays the matchups named and re-renders the whole report from the store: a row not replayed reads
    as it did, and once newer rows come from another commit it says when and at which commit it was played."""
    played = _fake_runs(monkeypatch, [("aaaaaaa", "2026-11-26T10:00:00Z"), ("aaaaaaa", "2026-11-26T11:00:00Z"),
                                      ("bbbbbbb", "2026-11-27T09:00:00Z")])
    out = tmp_path / "ai.md"
    assert ai_report.main(["--only", "expert_random,british", "--out", str(out), "--no-progress"]) == 0
    first = out.read_text(encoding="utf-8")
    assert ai_report.main(["--only", "experts@western", "--hands", "50", "--out", str(out), "--no-progress"]) == 0
    second = out.read_text(encoding="utf-8")
    assert played[1] == (["experts@western"], 50)
    for start, section in (("| expert vs 3 random |", ""), ("| british |", "Every ruleset"),
                           ("| british |", "Every personality in every ruleset"),
                           ("| expert vs 3 expert (british) |", "")):
        assert _line(second, start, section) == _line(first, start, section)
    assert _line(first, "| western |", "Every ruleset").startswith("| western | — / — | — |")
    assert _line(second, "| western |", "Every ruleset").startswith("| western | — / 50 | — |")
    assert "1 of them was played at fewer hands than the matchup's own count" in second

    assert ai_report.main(["--only", "expert", "--out", str(out), "--no-progress"]) == 0
    third = out.read_text(encoding="utf-8")
    assert _line(third, "| expert vs 3 random |") == _line(first, "| expert vs 3 random |").replace(
        "| 2,000 |", "| 2,000 (played 2026-11-26 at aaaaaaa) |")
    assert "| expert vs 3 greedy | classic | 11 | 10,000 |" in third  # the newest row has no note
    assert "the newest played at bbbbbbb on 2026-11-27" in third
    stored = json.loads((tmp_path / "ai-results.json").read_text(encoding="utf-8"))
    assert sorted(stored["matchups"]) == sorted(["expert", "expert_random", "experts@western",
                                                 *matchups.ruleset_keys("british")])
    assert stored["matchups"]["expert"]["record"]["commit"] == "bbbbbbb"


def test_report__goals_of_matchups_never_played_read_not_measured():
    """From an empty store every row reads "—" and every goal "not measured", none met or missed."""
    text = ai_report.render(ai_report.Store())
    assert _line(text, "| expert vs 3 greedy |") == "| expert vs 3 greedy | classic | 11 | — |" + " — |" * 11
    assert _line(text, "| hongkong |", "Every ruleset").startswith("| hongkong | — / — | — | — |")
    assert _line(text, "| hongkong |", "Every personality in every ruleset") == "| hongkong |" + " — |" * 6
    goals = text.split("## Goals (issue 7)")[1].split("## Every ruleset")[0]
    goals += text.split("## Goals (issue 28)")[1].split("## Every ruleset's matchups")[0]
    rows = [line for line in goals.splitlines() if line.startswith("| ") and not line.startswith("| Goal")]
    assert len(rows) > 20 and all(row.endswith("| — | not measured |") for row in rows)
    assert "met |" not in goals and "missed" not in goals


def test_report__the_three_player_ruleset_is_headed_with_three_players():
    """british-three seats three: its rows say so, its matchups name two opponents, and its opponents' deal-in is
    per seat over two seats; the three-player rulesets are those whose tables seat three."""
    from game.mods import list_rulesets, rules_for

    three = {r.id for r in list_rulesets(None) if len(rules_for(r.id)[0].play.seats) == 3}
    assert three == matchups.THREE_PLAYER
    store = ai_report.Store()
    for subject in ("expert", "experts"):
        m = next(m for m in ai_report.MATCHUPS if m.key == f"{subject}@british-three")
        store.put(m, ai_report.Record.of(dataclasses.replace(_tally(30), opponents=2)))
    text = ai_report.render(store)
    row = _line(text, "| british-three (3 players) |", "Every ruleset")
    assert row.startswith("| british-three (3 players) | 100 / 100 |")
    assert "| expert vs 2 greedy (british-three) | british-three | 242 | 100 |" in text
    row = _line(text, "| expert vs 2 expert (british-three) |")
    assert f"| 20.5% ({ai_report._ci(ai_report.wilson(41, 200))}) |" in row  # 41 of 2 × 100 opponent hands
    assert "4 experts" not in text


def test_report__a_damaged_store_stops_the_run_and_is_kept(tmp_path, monkeypatch, capsys):
    """A results store that cannot be read is named with its fault before anything is played, and left as it was."""
    played = _fake_runs(monkeypatch, [("aaaaaaa", "2026-11-26T10:00:00Z")])
    damaged = tmp_path / "ai-results.json"
    damaged.write_text('{"version": 1, "matchups": {"expert": {}}}', encoding="utf-8")
    assert ai_report.main(["--only", "expert", "--out", str(tmp_path / "ai.md"), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert f"error: the results store {damaged} is damaged (KeyError: 'matchup')" in err
    assert played == [] and not (tmp_path / "ai.md").exists()
    assert damaged.read_text(encoding="utf-8") == '{"version": 1, "matchups": {"expert": {}}}'


def test_stamp__a_run_that_rewrote_the_report_does_not_mark_the_next_runs_rows_as_changed_code(tmp_path):
    """A row is played at a commit "+changes" only when the code differs from it: the report and its store, which
    every run rewrites, are documents and change no move."""
    import subprocess

    from tools.aireport.store import stamp

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    (tmp_path / "docs").mkdir()
    (tmp_path / "game").mkdir()
    (tmp_path / "docs" / "ai.md").write_text("report\n")
    (tmp_path / "game" / "engine.py").write_text("x = 1\n")
    git("init", "-q")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "start", "--allow-empty")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "files")
    commit, _when = stamp(tmp_path)
    assert commit and not commit.endswith("+changes")
    (tmp_path / "docs" / "ai.md").write_text("report, rewritten by a run\n")
    assert stamp(tmp_path)[0] == commit
    (tmp_path / "game" / "engine.py").write_text("x = 2\n")
    assert stamp(tmp_path)[0] == commit + "+changes"


_STAMP = ("aaaaaaa", "2026-11-26T10:00:00Z")


def _played(tmp_path, monkeypatch) -> tuple[Path, dict[Path, bytes]]:
    """A report whose store holds experts@western played at 50 hands and experts@british at its own 1,000; the
    report and its store as written."""
    _fake_runs(monkeypatch, [_STAMP, _STAMP])
    out = tmp_path / "ai.md"
    assert ai_report.main(["--only", "experts@western", "--hands", "50", "--out", str(out), "--no-progress"]) == 0
    assert ai_report.main(["--only", "experts@british", "--out", str(out), "--no-progress"]) == 0
    return out, {p: p.read_bytes() for p in (out, tmp_path / "ai-results.json")}


def test_check__replays_each_stored_row_at_its_own_hands_and_writes_nothing(tmp_path, monkeypatch, capsys):
    """--check plays every matchup named at the hands its stored row was played at, so its log hash can be the
    stored one, says so for each, and leaves the report and its store as they were."""
    out, written = _played(tmp_path, monkeypatch)
    runs = _fake_runs(monkeypatch, [])  # (a check stamps nothing: it keeps no figures)
    capsys.readouterr()
    assert ai_report.main(["--check", "--only", "experts@british,experts@western", "--out", str(out),
                           "--no-progress"]) == 0
    assert runs == [(["experts@western"], 50), (["experts@british"], 1000)]
    text = capsys.readouterr().out
    assert "same    experts@western: " in text and "over 50 hands" in text
    assert "same    experts@british: " in text and "over 1,000 hands" in text
    assert "every log hash of 2 matchups is the stored one" in text
    assert {p: p.read_bytes() for p in written} == written


def test_check__a_changed_move_fails_it_and_names_the_matchup(tmp_path, monkeypatch, capsys):
    """Where the same hands now play differently (another hash), --check names the matchup, with the stored hash
    and the commit it was played at, and exits 1; nothing is written."""
    out, written = _played(tmp_path, monkeypatch)
    stored = json.loads((tmp_path / "ai-results.json").read_text(encoding="utf-8"))
    was = stored["matchups"]["experts@british"]["record"]["log_hash"]
    _fake_runs(monkeypatch, [], wins_of=lambda m: m.seed % 40 + (1 if m.ruleset == "british" else 0))
    capsys.readouterr()
    assert ai_report.main(["--check", "--only", "experts@british,experts@western", "--out", str(out),
                           "--no-progress"]) == 1
    text = capsys.readouterr().out
    (line,) = [line for line in text.splitlines() if line.startswith("CHANGED")]
    assert line.startswith("CHANGED experts@british: ") and f"stored {was} (played at aaaaaaa)" in line
    assert "same    experts@western: " in text
    assert "1 of 2 log hashes changed" in text
    assert {p: p.read_bytes() for p in written} == written


def test_check__a_matchup_never_stored_cannot_be_checked(tmp_path, monkeypatch, capsys):
    """A matchup with no stored row has no hash to compare with: --check says which and plays nothing; --hands
    has no place beside it (the stored rows decide the hands)."""
    out, _ = _played(tmp_path, monkeypatch)
    runs = _fake_runs(monkeypatch, [])  # (a check stamps nothing: it keeps no figures)
    assert ai_report.main(["--check", "--only", "experts@british,experts@hongkong", "--out", str(out)]) == 2
    assert "no stored row to compare with: experts@hongkong" in capsys.readouterr().err
    assert ai_report.main(["--check", "--only", "experts@british", "--hands", "20", "--out", str(out)]) == 2
    assert "--check plays each matchup at its stored row's hands" in capsys.readouterr().err
    assert runs == []
