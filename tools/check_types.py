"""The type check: mypy over ``game`` (settings in pyproject.toml), expecting no error outside the client and at
most the recorded number inside it.

Everything but ``game/client`` must be clean. The client is checked too, but it still has errors (its scenes are
mixins sharing ``self``); their number is kept in ``tools/client_type_errors.txt`` and may only fall: more fails
the check, and so does fewer, until the file is lowered (``--lower`` writes the new count) so that the gain is
kept. ``scripts/test.sh`` runs this before the tests.

    python tools/check_types.py           # exit 0 when the strict part is clean and the client at its count
    python tools/check_types.py --lower   # after fixing client errors: record the new, lower count
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CEILING_FILE = ROOT / "tools" / "client_type_errors.txt"
CLIENT = "game/client/"
_ERROR = re.compile(r"^(?P<path>[^:\n]+):\d+: error: ")


@dataclass(frozen=True)
class Findings:
    """mypy's error lines, split into the strict part and the client."""

    strict: list[str]
    client: list[str]


def run_mypy() -> Findings:
    """Run mypy in the repository root, where pyproject.toml says what and how to check (its cache is kept in the
    ignored ``.mypy_cache``, so a second run takes a few seconds)."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    if done.returncode not in (0, 1) or done.stderr.strip():
        raise SystemExit(f"check_types: mypy could not run (exit {done.returncode}):\n{done.stderr}{done.stdout}")
    return split(done.stdout.splitlines())


def split(lines: list[str]) -> Findings:
    """The error lines of ``lines`` (notes dropped), the client's apart."""
    strict, client = [], []
    for line in lines:
        found = _ERROR.match(line)
        if found is None:
            continue
        (client if found["path"].replace("\\", "/").startswith(CLIENT) else strict).append(line)
    return Findings(strict, client)


def read_ceiling(path: Path = CEILING_FILE) -> int:
    """The recorded number of client errors: the file's first line that is not a ``#`` comment."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            return int(line)
    raise SystemExit(f"check_types: no number in {path}")


def write_ceiling(count: int, path: Path = CEILING_FILE) -> None:
    path.write_text("# mypy errors in game/client, which may only fall (tools/check_types.py; README, Development)\n"
                    f"{count}\n", encoding="utf-8")


def verdict(findings: Findings, ceiling: int) -> tuple[bool, list[str]]:
    """Whether the check passes, and what to print (the last line sums it up)."""
    count = len(findings.client)
    lines: list[str] = []
    if count > ceiling:
        lines += findings.client
        lines.append(f"check_types: {count} errors in game/client, more than the {ceiling} recorded in "
                     f"{CEILING_FILE.relative_to(ROOT)}: fix the new ones (listed above)")
    elif count < ceiling:
        lines.append(f"check_types: {count} errors in game/client, fewer than the {ceiling} recorded: keep the gain "
                     f"with `python tools/check_types.py --lower` (and the figure in README's Development section)")
    if findings.strict:
        lines += findings.strict
        lines.append(f"check_types: {len(findings.strict)} error(s) outside game/client, where there must be none")
    if lines:
        return False, lines
    return True, [f"check_types: no errors outside game/client; {count} in game/client, as recorded"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lower", action="store_true", help="record a lower client count (never a higher one)")
    args = parser.parse_args(argv)
    findings = run_mypy()
    ceiling = read_ceiling()
    if args.lower:
        count = len(findings.client)
        if count > ceiling:
            print(f"check_types: {count} client errors is more than the {ceiling} recorded; not raising it",
                  file=sys.stderr)
            return 1
        write_ceiling(count)
        print(f"check_types: recorded {count} client errors (was {ceiling})")
        return 0 if not findings.strict else 1
    passed, lines = verdict(findings, ceiling)
    print("\n".join(lines), file=sys.stdout if passed else sys.stderr)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
