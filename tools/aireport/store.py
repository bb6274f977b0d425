"""The results store: every matchup's last played figures, kept in a JSON file beside the report.

The report is rendered from the store, not from one run, so a run that plays a few matchups (``--only``) replaces
their entries and leaves every other row as it was last played, stamped with the commit and the time it was
played at. The simulation-speed measurement is kept the same way. The file is written atomically.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from game.datafile import write_atomic
from tools.aireport.play import Matchup
from tools.aireport.stats import Record

VERSION = 1


@dataclass(frozen=True)
class Speed:
    """Hands per CPU-second of four greedy bots in one process (tools/bench.py's measurement), and when."""

    hands_per_cpu_s: float
    commit: str = ""
    played: str = ""


@dataclass
class Store:
    """The records by matchup key, with what each matchup was (subject, opponent, ruleset, seed, standard count)."""

    records: dict[str, Record] = field(default_factory=dict)
    matchups: dict[str, Matchup] = field(default_factory=dict)
    speed: Speed | None = None

    def put(self, matchup: Matchup, record: Record) -> None:
        self.records[matchup.key] = record
        self.matchups[matchup.key] = matchup

    def newest(self) -> tuple[str, str]:
        """The commit and date of the most recently played record (empty strings for an empty store)."""
        stamps = [(r.played, r.commit) for r in self.records.values()]
        if not stamps:
            return "", ""
        played, commit = max(stamps)
        return commit, played[:10]


class StoreError(ValueError):
    """The store file exists but cannot be read: the message says why, and nothing is overwritten."""


def results_path(report: Path) -> Path:
    """The store beside a report: ``docs/ai.md`` keeps its results in ``docs/ai-results.json``."""
    return report.with_name(f"{report.stem}-results.json")


_REPOSITORY = Path(__file__).resolve().parent.parent.parent


def stamp(root: Path = _REPOSITORY) -> tuple[str, str]:
    """The commit of ``root`` (short hash, ``+changes`` when tracked files outside ``docs/`` differ from it; empty
    outside git) and the time."""
    commit = ""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True,
                                check=True, timeout=10).stdout.strip()
        # (documents change no move: the report and the store a run writes must not stamp the next run's rows)
        changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".",
                                  ":(exclude)docs"], cwd=root,
                                 capture_output=True, text=True, check=True, timeout=10).stdout.strip()
        if changed:
            commit += "+changes"
    except (OSError, subprocess.SubprocessError):
        pass
    return commit, datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def load(path: Path) -> Store:
    """The store at ``path``; an empty one when there is no file yet."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Store()
    except OSError as exc:
        raise StoreError(f"cannot read the results store {path}: {exc.strerror}") from exc
    try:
        data = json.loads(text)
        if data.get("version") != VERSION:
            raise StoreError(f"the results store {path} is version {data.get('version')!r}, expected {VERSION}")
        store = Store()
        for key, entry in data["matchups"].items():
            m = entry["matchup"]
            matchup = Matchup(key, m["subject"], m["opponent"], int(m["hands"]), int(m["seed"]), m["ruleset"])
            figures = dict(entry["record"])
            figures["net"] = tuple(figures["net"])
            store.put(matchup, Record(**figures))
        if data.get("speed"):
            store.speed = Speed(**data["speed"])
        return store
    except StoreError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise StoreError(f"the results store {path} is damaged ({type(exc).__name__}: {exc}); fix or remove it "
                         "and play the matchups again") from exc


def dumps(store: Store) -> str:
    entries = {}
    for key in sorted(store.records):
        m = store.matchups[key]
        entries[key] = {
            "matchup": {"subject": m.subject, "opponent": m.opponent, "ruleset": m.ruleset, "seed": m.seed,
                        "hands": m.hands},
            "record": dataclasses.asdict(store.records[key]),
        }
    data = {"version": VERSION, "matchups": entries,
            "speed": dataclasses.asdict(store.speed) if store.speed else None}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def save(path: Path, store: Store) -> None:
    write_atomic(path, dumps(store))
