#!/usr/bin/env bash
# Set everything up, run ruff, the import rules and the type check, then the tests headless in one process per
# core: the fast tier unless the arguments say otherwise (they go to pytest: -m "slow or bench" is the slow tier,
# -m "" everything, -n 0 one process, --hypothesis-profile=ci the full example counts). Exits non-zero on any
# failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
# Keep the compiled (and pytest's assertion-rewritten) modules in the ignored __pycache__ folders: without them
# every run, and every worker of it, compiles the game and the tests again (about 4 s of processor time each).
unset PYTHONDONTWRITEBYTECODE
.venv/bin/python -m ruff check game tests tools
# The catalogs (game/locale/*/LC_MESSAGES/sparrow.po) compiled to the .mo files the game reads (never committed).
.venv/bin/python tools/compile_catalogs.py >/dev/null
# The import rules and the type check (pyproject.toml has both; README's Development section explains them).
.venv/bin/lint-imports --no-cache
.venv/bin/python tools/check_types.py
# worksteal: a worker that runs out of tests takes some from the other's queue, so the suite does not wait at its
# end for one worker's run of long tests (the default hands out fixed chunks).
.venv/bin/python -m pytest -n auto --dist worksteal "$@"
