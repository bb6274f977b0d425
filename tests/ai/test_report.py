"""tools/ai_report.py: the matchups play, the statistics are right, and docs/ai.md-style output is written."""

from __future__ import annotations

import pytest

from tools import ai_report


def test_wilson__known_intervals():
    """Wilson 95% intervals match the textbook values, and never leave 0–1."""
    assert ai_report.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert ai_report.wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    low, high = ai_report.wilson(3500, 10_000)
    assert high - low == pytest.approx(0.0187, abs=5e-4)  # ±0.9 pp at 10,000 hands, as the AI notes say


def test_report__quick_run_writes_every_matchup(tmp_path, capsys):
    """A quick run in two processes writes the table, the goals and the pairwise gaps to the given file."""
    out = tmp_path / "ai.md"
    assert ai_report.main(["--quick", "--out", str(out), "--processes", "2"]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Computer opponents: strength and personality report")
    assert "QUICK SMOKE RUN" in text
    for matchup in ai_report.MATCHUPS:
        assert f"| {matchup.title} | {matchup.ruleset} | {matchup.seed} | {ai_report.QUICK_HANDS} |" in text
    assert "| Expert vs 3 greedy: win share ≥ 35% |" in text
    assert "| expert / limitmaker |" in text
    assert "Illegal actions over every matchup: 0." in text
    printed = capsys.readouterr().out
    assert f"wrote {out}" in printed


def test_report__same_seeds_same_hands(tmp_path):
    """Run twice (once in one process, once in two), a matchup replays the same hands: equal log hashes."""
    first = ai_report.run_matchups([ai_report.MATCHUPS[0]], 6, 1)["expert"]
    second = ai_report.run_matchups([ai_report.MATCHUPS[0]], 6, 2)["expert"]
    assert first.hashes == second.hashes and len(first.hashes) == 6
    assert (first.wins, first.deal_ins, first.nets) == (second.wins, second.deal_ins, second.nets)


def test_report__unknown_matchup_is_refused(capsys):
    """--only with a key that does not exist says which keys do."""
    assert ai_report.main(["--quick", "--only", "wizard"]) == 2
    assert "unknown matchup 'wizard': expected one of expert, expert_random" in capsys.readouterr().err


def test_report__hands_option_plays_fewer_hands_and_says_so(tmp_path, capsys):
    """--hands N plays N hands per matchup and the report names the shorter run; 0 hands is refused."""
    out = tmp_path / "ai.md"
    assert ai_report.main(["--hands", "3", "--only", "expert", "--processes", "1", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "| expert vs 3 greedy | classic | 11 | 3 |" in text
    assert "a shorter run: 3 hands per matchup" in text
    assert ai_report.main(["--hands", "0", "--out", str(out)]) == 2
    assert "expected a positive number of hands, got 0" in capsys.readouterr().err
