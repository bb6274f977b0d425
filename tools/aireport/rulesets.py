"""The every-ruleset section of the report (issue 28): per ruleset, the expert against three greedy bots and four
experts; every personality against three greedy bots; the Master; and the goals of issue 28."""

from __future__ import annotations

from tools.aireport.classic import COLUMNS, matchup_rows
from tools.aireport.matchups import PER_RULESET, PERSONALITIES, RULESETS, THREE_PLAYER, key
from tools.aireport.stats import Figures, ci, goal_mark, pct, stamp_note, unmeasured

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


def _label(ruleset: str) -> str:
    return f"{ruleset} (3 players)" if ruleset in THREE_PLAYER else ruleset


def _hands(x: Figures | None, newest: tuple[str, str]) -> str:
    return "—" if x is None else f"{x.hands:,}{stamp_note(x, newest)}"


def _pair_hands(e: Figures | None, t: Figures | None, newest: tuple[str, str]) -> str:
    """The hands of the expert's and the experts' matchups, said to be played elsewhen once when both were."""
    if e is not None and t is not None and stamp_note(e, newest) == stamp_note(t, newest):
        return f"{e.hands:,} / {t.hands:,}{stamp_note(e, newest)}"
    return f"{_hands(e, newest)} / {_hands(t, newest)}"


def table(f: dict[str, Figures], newest: tuple[str, str] = ("", "")) -> list[str]:
    """Per ruleset: the expert against the greedy bots, and the experts at one table, as Markdown lines."""
    lines = [
        "| Ruleset | Hands (expert / experts) | Expert vs greedy bots: win share (95% CI) | its deal-in "
        "| its special/limit share of wins | Experts at one table: wash-outs (95% CI) | deal-in "
        "| special/limit share of wins | Decision p99 / max ms | Hands/s (experts) | Log hashes |",
        "|---|---|---|---|---|---|---|---|---|---:|---|",
    ]
    for ruleset in RULESETS:
        e, t = f.get(key("expert", ruleset)), f.get(key("experts", ruleset))
        timed = [x for x in (e, t) if x is not None and not x.error]
        times = (f"{max(x.ms_p99 for x in timed):.1f} / {max(x.ms_max for x in timed):.1f}" if timed else "—")
        speed = f"{t.hands_per_second:.1f}" if t is not None and not t.error else "—"
        hashes = " ".join(f"`{x.log_hash}`" if x is not None and x.log_hash else "—" for x in (e, t))
        lines.append(
            f"| {_label(ruleset)} | {_pair_hands(e, t, newest)} | {_cell(e)} | {_cell(e, 'deal_in')} "
            f"| {_cell(e, 'special_share', 'special_ci')} | {_cell(t, 'draws')} | {_cell(t, 'deal_in')} "
            f"| {_cell(t, 'special_share', 'special_ci')} | {times} | {speed} | {hashes} |")
    return lines


def personality_table(f: dict[str, Figures], newest: tuple[str, str] = ("", "")) -> list[str]:
    """Per ruleset and personality: its win share against the greedy bots, its hands and its decision p99."""
    lines = ["| Ruleset | " + " | ".join(PERSONALITIES) + " |", "|---|" + "---|" * len(PERSONALITIES)]
    for ruleset in RULESETS:
        cells = []
        for person in PERSONALITIES:
            x = f.get(key(person, ruleset))
            if x is None or x.error:
                cells.append(_cell(x))
            else:
                cells.append(f"{_cell(x)} of {_hands(x, newest)}; p99 {x.ms_p99:.0f} ms")
        lines.append(f"| {_label(ruleset)} | " + " | ".join(cells) + " |")
    return lines


def _worst(rows: list[tuple[str, float, bool]], describe, expected: int, unit: str = "rulesets"
           ) -> tuple[str, bool | None]:
    """Whether every row is met, and a description of the misses (or of the closest row when all are). A goal
    over every ruleset is missed by any row that misses it, and not measured (``None``) while rows are missing."""
    missed = [r for r in rows if not r[2]]
    partial = f" (only {len(rows)} of {expected} {unit} measured)" if len(rows) < expected else ""
    if missed:
        return "missed in " + "; ".join(describe(r) for r in missed) + partial, False
    return "all met" + (f"; closest: {describe(min(rows, key=lambda r: r[1]))}" if rows else "") + partial, \
        None if partial else True


_EXPERTS_AT_A_TABLE = "the experts at one table (four; three in british-three)"


def goals(f: dict[str, Figures]) -> list[tuple[str, str, bool | None]]:
    """Each goal of issue 28: (goal, measured, met), met ``None`` while some of its matchups were never played."""
    f = {k: x for k, x in f.items() if not x.error}
    rows: list[tuple[str, str, bool | None]] = []
    n = len(RULESETS)

    def add(goal: str, found: list[tuple[str, float, bool]], describe, expected: int = n,
            unit: str = "rulesets") -> None:
        if not found:
            rows.append(unmeasured(goal))
            return
        text, ok = _worst(found, describe, expected, unit)
        rows.append((goal, text, ok))

    experts = [(r, f[key("expert", r)].win - EXPERT_WIN, f[key("expert", r)].win >= EXPERT_WIN)
               for r in RULESETS if key("expert", r) in f]
    add(f"Every ruleset: expert vs the greedy bots, win share ≥ {100 * EXPERT_WIN:.0f}%", experts,
        lambda r: f"{r[0]} {pct(f[key('expert', r[0])].win)}")
    washes = []
    for r in RULESETS:
        if key("experts", r) in f:
            bar = WASH_OUT_SLOWER.get(r, WASH_OUT)
            washes.append((r, bar - f[key("experts", r)].draws, f[key("experts", r)].draws <= bar))
    add(f"Every ruleset: {_EXPERTS_AT_A_TABLE} wash out ≤ 25% of hands (≤ 30% british, british-tournament, "
        "british-three, western-specials)", washes,
        lambda r: f"{r[0]} {pct(f[key('experts', r[0])].draws)} (bar {pct(WASH_OUT_SLOWER.get(r[0], WASH_OUT))})")
    people = [(f"{p} in {r}", f[key(p, r)].win - PERSONALITY_WIN, f[key(p, r)].win >= PERSONALITY_WIN)
              for r in RULESETS for p in PERSONALITIES if key(p, r) in f]
    add(f"Every personality wins ≥ {100 * PERSONALITY_WIN:.0f}% against the greedy bots in every ruleset", people,
        lambda r: f"{r[0]} {pct(r[1] + PERSONALITY_WIN)}", n * len(PERSONALITIES), "matchups")
    timed = [key(p, r) for r in RULESETS for p in ("experts", *PERSONALITIES) if p != "master"]
    times = [(k, PERSONALITY_P99_MS - f[k].ms_p99, f[k].ms_p99 <= PERSONALITY_P99_MS) for k in timed if k in f]
    add(f"Decision p99 ≤ {PERSONALITY_P99_MS:.0f} ms for every personality but the Master, every ruleset", times,
        lambda r: f"{r[0]} p99 {PERSONALITY_P99_MS - r[1]:.1f} ms", len(timed), "matchups")
    speeds = [(r, f[key("experts", r)].hands_per_second - HANDS_PER_SECOND,
               f[key("experts", r)].hands_per_second >= HANDS_PER_SECOND) for r in RULESETS if key("experts", r) in f]
    add(f"Every ruleset: {_EXPERTS_AT_A_TABLE} play ≥ {HANDS_PER_SECOND:.0f} hands per CPU-second", speeds,
        lambda r: f"{r[0]} {r[1] + HANDS_PER_SECOND:.1f} hands/s")
    rows += master_goals(f)
    illegal = sum(x.illegal for x in f.values())
    rows.append(("0 illegal actions", f"{illegal} over every matchup played", illegal == 0) if f
                else unmeasured("0 illegal actions"))
    return rows


def master_goals(f: dict[str, Figures]) -> list[tuple[str, str, bool | None]]:
    rows: list[tuple[str, str, bool | None]] = []
    share_goal = f"Master vs 3 efficient, classic: win share ≥ {100 * MASTER_VS_EFFICIENT:.0f}%"
    net_goal = "Master vs 3 efficient, classic: net score per hand > 0 (95% CI above 0)"
    if "master_efficient" in f:
        m = f["master_efficient"]
        rows.append((share_goal, f"{pct(m.win)} (95% CI {ci(m.win_ci)}) over {m.hands:,} hands",
                     m.win >= MASTER_VS_EFFICIENT))
        rows.append((net_goal, f"{m.net[0]:+.1f} (95% CI {m.net[1]:+.1f} to {m.net[2]:+.1f})", m.net[1] > 0))
    else:
        rows += [unmeasured(share_goal), unmeasured(net_goal)]
    expert_goal = f"Master vs 3 expert, classic: win share ≥ {100 * MASTER_VS_EXPERT:.0f}%"
    if "master_expert" in f:
        m = f["master_expert"]
        rows.append((expert_goal, f"{pct(m.win)} (95% CI {ci(m.win_ci)}) over {m.hands:,} hands",
                     m.win >= MASTER_VS_EXPERT))
    else:
        rows.append(unmeasured(expert_goal))
    time_goal = (f"Master decision p99 ≤ {MASTER_P99_MS:.0f} ms, max ≤ {MASTER_MAX_MS:.0f} ms (every Master "
                 "matchup played)")
    masters = [x for k, x in f.items() if k.startswith("master")]
    if masters:
        p99 = max(x.ms_p99 for x in masters)
        worst = max(x.ms_max for x in masters)
        rows.append((time_goal, f"p99 {p99:.1f} ms, max {worst:.1f} ms", p99 <= MASTER_P99_MS
                     and worst <= MASTER_MAX_MS))
    else:
        rows.append(unmeasured(time_goal))
    for name, before in EXPERT_BEFORE.items():
        opponent = "greedy" if name == "expert" else "efficient"
        goal = f"Expert unchanged or better: vs 3 {opponent}, classic (was {pct(before)})"
        if name in f:
            x = f[name]
            rows.append((goal, f"{pct(x.win)} (95% CI {ci(x.win_ci)})", x.win_ci[1] >= before))
        else:
            rows.append(unmeasured(goal))
    return rows


def section(f: dict[str, Figures], newest: tuple[str, str] = ("", "")) -> list[str]:
    """Every ruleset's tables, the goals of issue 28 and every per-ruleset matchup in detail, as Markdown lines."""
    lines = ["## Every ruleset", "",
             "Per bundled ruleset: the expert against three greedy bots, and four experts at one table (the "
             "*Hands/s* column: hands per CPU-second of the processes that played them). british-three is played "
             "by three: there the expert meets two greedy bots and three experts share the table. Decision times "
             "are the expert's, the slower of the two matchups. A row never played reads \"—\".",
             "", *table(f, newest), "", "## Every personality in every ruleset", "",
             "Each personality against three greedy bots (two in british-three): its win share (95% CI) over the "
             "hands played, and its decision p99.", "",
             *personality_table(f, newest), "", "## Goals (issue 28)", "", "| Goal | Measured | |", "|---|---|---|"]
    lines += [f"| {goal} | {measured} | {goal_mark(ok)} |" for goal, measured, ok in goals(f)]
    lines += ["", "## Every ruleset's matchups in detail", "", *COLUMNS, *matchup_rows(PER_RULESET, f, newest)]
    return lines
