#!/usr/bin/env bash
# Set everything up (the first run takes a minute and needs the network) and start the game. Later runs install
# nothing unless pyproject.toml changed, so the game starts offline.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! bash scripts/setup-venv.sh; then
  # An update that cannot be fetched (offline) must not keep a player from a game that is installed already.
  if [ -x .venv/bin/python ] && .venv/bin/python -c "import game, pygame" 2>/dev/null; then
    echo "play.sh: could not update .venv (see above); starting the game as it is installed" >&2
  else
    echo "play.sh: could not set up .venv (see above); the first run needs the network" >&2
    exit 1
  fi
fi
exec .venv/bin/python -m game "$@"
