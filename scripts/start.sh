#!/usr/bin/env bash
# Install and start the game: the web app on http://127.0.0.1:8000/ (any `mnm serve` option passes through,
# e.g. --port 9000 or --db postgresql://...). Safe to run again; reuses .venv when present.
# Says what it is doing at each step, and every 15 s while a long step runs. The server starts at once on the
# pure-Python engine while the engine compiles in the background (minutes the first time); when the compiled
# engine is built the server restarts on it (tables are kept; open pages reconnect). MNM_COMPILE=0 skips
# compiling; MNM_COMPILE_FIRST=1 compiles first and serves after (the old way).
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
PY=${PYTHON:-python3}

# with_progress: run a long step with a line every 15 s saying it is still at it (scripts/progress.sh)
. scripts/progress.sh

if ! "$PY" -c 'import venv, ensurepip' 2>/dev/null; then
  say "installing Python's venv and pip from Debian"
  if [ "$(id -u)" = "0" ]; then apt-get update -qq && apt-get install -y -qq python3-venv python3-pip >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq python3-venv python3-pip >/dev/null; fi
fi
[ -x .venv/bin/python ] || { say "making the virtual environment .venv"; "$PY" -m venv .venv; }
mkdir -p build
say "installing mnm and its web packages into .venv (about a minute the first time)"
if ! with_progress "installing packages" build/pip.log .venv/bin/python -m pip install --disable-pip-version-check -e '.[web]'; then
  tail -20 build/pip.log >&2
  say "installing failed (full output: build/pip.log)"
  exit 1
fi
# `mnm` on the PATH, so the README's commands work as written (scripts/install_launcher.sh says where).
scripts/install_launcher.sh "$PWD/.venv/bin" || true
serve=".venv/bin/mnm serve $(printf '%q ' "$@")"
# The compiled engine (mypyc) when a C compiler and Python's headers are here; else the pure-Python engine.
if [ "${MNM_COMPILE:-1}" = "0" ]; then
  say "MNM_COMPILE=0: serving the pure-Python engine (scripts/compile.sh builds the compiled one)"
elif [ "${MNM_COMPILE_FIRST:-0}" = "1" ]; then
  say "compiling the engine with mypyc before serving: $(expected_compile_time); seconds when nothing changed"
  if with_progress "installing the compiler packages" build/pip-compile.log \
      .venv/bin/python -m pip install --disable-pip-version-check -e '.[compile]' &&
     with_progress "compiling the engine" build/start-compile.log scripts/compile.sh --no-install .venv/bin/python; then
    tail -1 build/start-compile.log >&2
  else
    tail -3 build/start-compile.log >&2 2>/dev/null || true
    say "running the pure-Python engine (scripts/compile.sh builds the compiled one)"
  fi
else
  # issue 32: the first compile took 146 s on a quiet machine and 505 s on a busy one; nobody waits for it now
  say "starting the server on the pure-Python engine now; compiling the engine with mypyc in the background"
  say "($(expected_compile_time); seconds when nothing changed); the server restarts on it when it is built"
  say "Ctrl+C stops the server"
  serve_then_swap build/start-compile.log \
    ".venv/bin/python -m pip install -q --disable-pip-version-check -e '.[compile]' && scripts/compile.sh --no-install .venv/bin/python" \
    "$serve"
  exit 0
fi
say "starting the server; Ctrl+C stops it"
exec .venv/bin/mnm serve "$@"
