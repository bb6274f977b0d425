#!/usr/bin/env bash
# Create .venv (if needed) and install Sparrow with its development tools into it.
#
# pip runs only when the venv is new or pyproject.toml changed since the last successful install: a stamp file in
# .venv holds the hash of the pyproject.toml it was installed from. So play.sh starts in a second or two, prints
# nothing and needs no network once everything is installed. The stamp is written only after pip succeeded, so a
# failed or interrupted install is tried again next time.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
STAMP=.venv/.sparrow-installed
export PIP_DISABLE_PIP_VERSION_CHECK=1

pyproject_hash() {
  if command -v sha256sum >/dev/null; then
    sha256sum pyproject.toml | cut -d' ' -f1
  elif command -v shasum >/dev/null; then
    shasum -a 256 pyproject.toml | cut -d' ' -f1
  else
    "$PY" -c 'import hashlib; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())'
  fi
}

wanted=$(pyproject_hash)
if [ -x .venv/bin/python ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$wanted" ]; then
  exit 0
fi
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
  .venv/bin/python -m pip install --quiet --upgrade pip
fi
.venv/bin/python -m pip install --quiet -e ".[dev]"
printf '%s\n' "$wanted" >"$STAMP.tmp"
mv -f "$STAMP.tmp" "$STAMP"
