#!/usr/bin/env bash
# Build the one-folder executable into dist/sparrow/ and run its self-test headless from another folder, with
# fresh config and mods folders. Fails when the build fails, the self-test exits non-zero, or its last line is
# not "selftest ok". Uses the project's .venv (set up here); SPARROW_PYTHON=/path/to/python uses that instead.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${SPARROW_PYTHON:-}" ]; then
  PY=$SPARROW_PYTHON
else
  bash scripts/setup-venv.sh
  PY=.venv/bin/python
fi
"$PY" tools/build_exe.py

exe="$PWD/dist/sparrow/sparrow"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
(cd "$work" && env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
  "$exe" --config-dir "$work/config" --mods-dir "$work/mods" --selftest) >"$work/out.txt" 2>"$work/err.txt" \
  || status=$?
cat "$work/out.txt"
cat "$work/err.txt" >&2
last=$(tail -n 1 "$work/out.txt")
if [ "$status" -ne 0 ]; then
  echo "build-and-selftest: the executable's self-test exited with status $status" >&2
  exit 1
fi
if [ "$last" != "selftest ok" ]; then
  echo "build-and-selftest: expected the last line 'selftest ok', got '$last'" >&2
  exit 1
fi
echo "build-and-selftest: ok ($(du -sh dist/sparrow | cut -f1) in dist/sparrow)"
