"""The every-ruleset section of the report (issue 28): per ruleset, the expert against three greedy bots and four
experts; every personality against three greedy bots; the Master; and the goals of issue 28."""

from __future__ import annotations

from tools.aireport.matchups import PERSONALITIES, RULESETS, key
from tools.aireport.stats import Figures, ci, goal_mark, pct

WASH_OUT = 0.25
# The rulesets the issue allows more wash-outs: a minimum of 2 doubles to go out, or only special hands.
WASH_OUT_SLOWER = {"british": 0.30, "british-tournament": 0.30, "british-three": 0.30, "western-specials": 0.30}
EXPERT_WIN = 0.30
PERSONALITY_WIN = 0.10
PERSONALITY_P99_MS = 20.0
HANDS_PER_SECOND = 20.0
MASTER_VS_EFFICIENT = 0.30
MASTER_VS_EXPERT = 0.28
MASTER_P99_MS, MASTER_MAX_MS = 150.0, 400.0
# The expert before issue 28 (docs/ai.md of 2026-11-26): "unchanged or better" means its new win share's 95%
# interval still reaches these.
EXPERT_BEFORE = {"expert": 0.353, "expert_efficient": 0.251}


def _cell(x: Figures | None, rate: str = "win", interval_of: str | None = None) -> str:
    if x is None:
        return "—"
    if x.error:
        return f"not played: {x.error}"
    value, interval = getattr(x, rate), getattr(x, interval_of or f"{rate}_ci")
    return f"{pct(value)} ({ci(interval)})"


def table(f: dict[str, Figures]) -> list[str]:
    """Per ruleset: the expert against three greedy bots, and four experts, as Markdown lines."""
    lines = [
        "| Ruleset | Expert vs 3 greedy: win share (95% CI) | its deal-in | its special/limit share of wins "
        "| 4 experts: wash-outs (95% CI) | deal-in | special/limit share of wins | Decision p99 / max ms "
        "| Hands/s (4 experts) | Log hashes |",
        "|---|---|---|---|---|---|---|---|---:|---|",
    ]
    for ruleset in RULESETS:
        e, t = f.get(key("expert", ruleset)), f.get(key("experts", ruleset))
        if e is None or t is None:
            continue
        timed = [x for x in (e, t) if not x.error]
        p99 = max((x.ms_p99 for x in timed), default=0.0)
        worst = max((x.ms_max for x in timed), default=0.0)
        speed = f"{t.hands_per_second:.1f}" if not t.error else "—"
        lines.append(
            f"| {ruleset} | {_cell(e)} | {_cell(e, 'deal_in')} | {_cell(e, 'special_share', 'special_ci')} "
            f"| {_cell(t, 'draws')} | {_cell(t, 'deal_in')} | {_cell(t, 'special_share', 'special_ci')} "
            f"| {p99:.1f} / {worst:.1f} | {speed} "
            f"| `{e.log_hash}` `{t.log_hash}` |")
    return lines


def personality_table(f: dict[str, Figures]) -> list[str]:
    """Per ruleset and personality: its win share against three greedy bots and its decision p99."""
    lines = ["| Ruleset | " + " | ".join(PERSONALITIES) + " |", "|---|" + "---|" * len(PERSONALITIES)]
    for ruleset in RULESETS:
        cells = []
        for person in PERSONALITIES:
            x = f.get(key(person, ruleset))
            cells.append("—" if x is None else f"{_cell(x)}; p99 {x.ms_p99:.0f} ms" if not x.error else _cell(x))
        lines.append(f"| {ruleset} | " + " | ".join(cells) + " |")
    return lines


def _worst(rows: list[tuple[str, float, bool]], describe, rulesets: int = len(RULESETS)) -> tuple[str, bool]:
    """Whether every row is met, and a description of the misses (or of the closest row when all are); a goal
    over every ruleset is not met by a run that measured only ``rulesets`` of them."""
    missed = [r for r in rows if not r[2]]
    partial = f" (only {rulesets} of {len(RULESETS)} rulesets measured)" if rulesets < len(RULESETS) else ""
    if missed:
        return "missed in " + "; ".join(describe(r) for r in missed) + partial, False
    return "all met" + (f"; closest: {describe(min(rows, key=lambda r: r[1]))}" if rows else "") + partial, not partial


def goals(f: dict[str, Figures]) -> list[tuple[str, str, bool]]:
    """Each goal of issue 28 the numbers can check: (goal, measured, met)."""
    f = {k: x for k, x in f.items() if not x.error}
    rows: list[tuple[str, str, bool]] = []
    measured = sum(1 for r in RULESETS if key("expert", r) in f or key("experts", r) in f)
    experts = [(r, f[key("expert", r)].win - EXPERT_WIN, f[key("expert", r)].win >= EXPERT_WIN)
               for r in RULESETS if key("expert", r) in f]
    if experts:
        text, ok = _worst(experts, lambda r: f"{r[0]} {pct(f[key('expert', r[0])].win)}", measured)
        rows.append((f"Every ruleset: expert vs 3 greedy win share ≥ {100 * EXPERT_WIN:.0f}%", text, ok))
    washes = []
    for r in RULESETS:
        if key("experts", r) in f:
            bar = WASH_OUT_SLOWER.get(r, WASH_OUT)
            washes.append((r, bar - f[key("experts", r)].draws, f[key("experts", r)].draws <= bar))
    if washes:
        text, ok = _worst(washes, lambda r: f"{r[0]} {pct(f[key('experts', r[0])].draws)} "
                                            f"(bar {pct(WASH_OUT_SLOWER.get(r[0], WASH_OUT))})", measured)
        rows.append(("Every ruleset: four experts wash out ≤ 25% of hands (≤ 30% british, british-tournament, "
                     "british-three, western-specials)", text, ok))
    people = [(f"{p} in {r}", f[key(p, r)].win - PERSONALITY_WIN, f[key(p, r)].win >= PERSONALITY_WIN)
              for r in RULESETS for p in PERSONALITIES if key(p, r) in f]
    if people:
        text, ok = _worst(people, lambda r: f"{r[0]} {pct(r[1] + PERSONALITY_WIN)}", measured)
        rows.append((f"Every personality wins ≥ {100 * PERSONALITY_WIN:.0f}% against 3 greedy bots in every "
                     "ruleset", text, ok))
    timed = [key(p, r) for r in RULESETS for p in ("experts", *PERSONALITIES) if p != "master"]
    times = [(k, PERSONALITY_P99_MS - f[k].ms_p99, f[k].ms_p99 <= PERSONALITY_P99_MS) for k in timed if k in f]
    if times:
        text, ok = _worst(times, lambda r: f"{r[0]} p99 {PERSONALITY_P99_MS - r[1]:.1f} ms", measured)
        rows.append((f"Decision p99 ≤ {PERSONALITY_P99_MS:.0f} ms for every personality but the Master, every "
                     "ruleset", text, ok))
    speeds = [(r, f[key("experts", r)].hands_per_second - HANDS_PER_SECOND,
               f[key("experts", r)].hands_per_second >= HANDS_PER_SECOND) for r in RULESETS if key("experts", r) in f]
    if speeds:
        text, ok = _worst(speeds, lambda r: f"{r[0]} {r[1] + HANDS_PER_SECOND:.1f} hands/s", measured)
        rows.append((f"Every ruleset: four experts play ≥ {HANDS_PER_SECOND:.0f} hands per CPU-second", text, ok))
    rows += master_goals(f)
    illegal = sum(x.illegal for x in f.values())
    rows.append(("0 illegal actions", f"{illegal} over every matchup", illegal == 0))
    return rows


def master_goals(f: dict[str, Figures]) -> list[tuple[str, str, bool]]:
    rows: list[tuple[str, str, bool]] = []
    if "master_efficient" in f:
        m = f["master_efficient"]
        rows.append((f"Master vs 3 efficient, classic: win share ≥ {100 * MASTER_VS_EFFICIENT:.0f}%",
                     f"{pct(m.win)} (95% CI {ci(m.win_ci)}) over {m.hands:,} hands", m.win >= MASTER_VS_EFFICIENT))
        rows.append(("Master vs 3 efficient, classic: net score per hand > 0 (95% CI above 0)",
                     f"{m.net[0]:+.1f} (95% CI {m.net[1]:+.1f} to {m.net[2]:+.1f})", m.net[1] > 0))
    if "master_expert" in f:
        m = f["master_expert"]
        rows.append((f"Master vs 3 expert, classic: win share ≥ {100 * MASTER_VS_EXPERT:.0f}%",
                     f"{pct(m.win)} (95% CI {ci(m.win_ci)}) over {m.hands:,} hands", m.win >= MASTER_VS_EXPERT))
    masters = [x for k, x in f.items() if k.startswith("master")]
    if masters:
        p99 = max(x.ms_p99 for x in masters)
        worst = max(x.ms_max for x in masters)
        ok = p99 <= MASTER_P99_MS and worst <= MASTER_MAX_MS
        rows.append((f"Master decision p99 ≤ {MASTER_P99_MS:.0f} ms, max ≤ {MASTER_MAX_MS:.0f} ms (every Master "
                     "matchup)", f"p99 {p99:.1f} ms, max {worst:.1f} ms", ok))
    for name, before in EXPERT_BEFORE.items():
        if name in f:
            x = f[name]
            opponent = "greedy" if name == "expert" else "efficient"
            rows.append((f"Expert unchanged or better: vs 3 {opponent}, classic (was {pct(before)})",
                         f"{pct(x.win)} (95% CI {ci(x.win_ci)})", x.win_ci[1] >= before))
    return rows


def section(f: dict[str, Figures]) -> list[str]:
    """Every ruleset's tables and the goals of issue 28, as Markdown lines."""
    lines = ["## Every ruleset", "",
             "Per bundled ruleset: the expert against three greedy bots, and four experts at one table (the *Hands/s* "
             "column: hands per CPU-second of the processes that played them). Decision times are the expert's, "
             "the slower of the two matchups."]
    lines += ["", *table(f), "", "## Every personality in every ruleset", "",
              "Each personality against three greedy bots: its win share (95% CI) and decision p99.", "",
              *personality_table(f), "", "## Goals (issue 28)", "", "| Goal | Measured | |", "|---|---|---|"]
    lines += [f"| {goal} | {measured} | {goal_mark(ok)} |" for goal, measured, ok in goals(f)]
    return lines
