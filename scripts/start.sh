#!/usr/bin/env bash
# Install and start the game: the web app on http://127.0.0.1:8000/ (any `mnm serve` option passes through,
# e.g. --port 9000 or --db postgresql://...). Safe to run again; reuses .venv when present.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
PY=${PYTHON:-python3}
if ! "$PY" -c 'import venv, ensurepip' 2>/dev/null; then
  if [ "$(id -u)" = "0" ]; then apt-get update -qq && apt-get install -y -qq python3-venv python3-pip >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq python3-venv python3-pip >/dev/null; fi
fi
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[web]'
# The compiled engine (mypyc) when a C compiler and Python's headers are here; else the pure-Python engine.
if .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[compile]' && scripts/compile.sh --no-install .venv/bin/python; then :
else echo "start.sh: running the pure-Python engine (scripts/compile.sh builds the compiled one)" >&2; fi
echo "mnm is installed in .venv: run it as .venv/bin/mnm (e.g. .venv/bin/mnm play), or 'source .venv/bin/activate' first." >&2
exec .venv/bin/mnm serve "$@"
