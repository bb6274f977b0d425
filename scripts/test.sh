#!/usr/bin/env bash
# Set everything up and run the whole test suite headless. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
.venv/bin/python -m ruff check game tests tools
.venv/bin/python -m pytest "$@"
