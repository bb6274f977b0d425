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
# The self-test once per shipped language (SPARROW_LANGUAGE): each catalog and Babel's data for it are bundled.
for language in en de nl fr zh_Hans; do
  status=0
  rm -rf "$work/config" "$work/mods"
  (cd "$work" && env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy SPARROW_LANGUAGE=$language \
    "$exe" --config-dir "$work/config" --mods-dir "$work/mods" --selftest) >"$work/out.txt" 2>"$work/err.txt" \
    || status=$?
  cat "$work/out.txt"
  cat "$work/err.txt" >&2
  last=$(tail -n 1 "$work/out.txt")
  if [ "$status" -ne 0 ]; then
    echo "build-and-selftest: the executable's self-test in $language exited with status $status" >&2
    exit 1
  fi
  if [ "$last" != "selftest ok" ]; then
    echo "build-and-selftest: expected the last line 'selftest ok' in $language, got '$last'" >&2
    exit 1
  fi
done
echo "build-and-selftest: ok in en, de, nl, fr and zh_Hans ($(du -sh dist/sparrow | cut -f1) in dist/sparrow)"
