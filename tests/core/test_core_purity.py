"""The rules engine stays free of the display: nothing in ``game/core`` (or the ruleset loader it is fed by)
imports pygame, not even inside a function, so the engine runs in tools, tests and servers without SDL."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _imported_modules(path: Path) -> set[str]:
    """Every absolute module name an import statement in ``path`` names, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def test_core__no_module_imports_pygame() -> None:
    """No import statement anywhere in the engine or the ruleset loader names pygame or the client."""
    offenders = []
    for folder in ("game/core", "game/rules"):
        for path in sorted((ROOT / folder).glob("*.py")):
            for name in _imported_modules(path):
                if name.split(".")[0] == "pygame" or name.startswith("game.client"):
                    offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert not offenders


def test_core__importing_and_playing_a_hand_loads_no_pygame() -> None:
    """Importing every engine module and scoring and playing a hand under the classic ruleset leaves pygame
    unloaded (checked in a fresh interpreter)."""
    code = (
        "import sys, pkgutil, importlib, game.core, game.rules\n"
        "for m in pkgutil.iter_modules(game.core.__path__): importlib.import_module('game.core.' + m.name)\n"
        "from game.rules import load_ruleset\n"
        "from game.core.scoring import RulesetJudge\n"
        "from game.core.table import Table\n"
        "rs = load_ruleset('mods/classic/rulesets/classic.yaml')\n"
        "t = Table(rs.play, RulesetJudge(rs), seed=5)\n"
        "t.begin()\n"
        "while t.phase != 'over':\n"
        "    s = t.awaiting()[0]; t.apply(s, t.legal_actions(s)[-1])\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
