#!/usr/bin/env bash
# Set everything up (first run only takes a minute) and start the game.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh
exec .venv/bin/python -m game "$@"
