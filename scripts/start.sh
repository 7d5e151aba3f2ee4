#!/usr/bin/env bash
# Install and start the game: the web app on http://127.0.0.1:8000/ (any `mnm serve` option passes through,
# e.g. --port 9000 or --db postgresql://...). Safe to run again; reuses .venv when present.
# Says what it is doing at each step, and every 15 s while a long step runs. The server starts at once on the
# pure-Python engine while the engine compiles in the background (minutes the first time); when the compiled
# engine is built the server restarts on it (tables are kept; open pages reconnect). MNM_COMPILE=0 skips
# compiling; MNM_COMPILE_FIRST=1 compiles first and serves after (the old way). MNM_COMPILE_COMMAND replaces the
# background compile's command line (bash -c; tests use a stub that finishes at once).
# The script says where to open the page only once the page answers (issue 45), and says so when the server stops:
# with the end of its log (build/server.log) and a non-zero exit status when it never served or stopped with an error.
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
# Installed already when pyproject.toml is unchanged since the last install into this .venv and .venv's mnm is
# this checkout's (an editable install: source changes need no new install); then a second start takes seconds.
stamp=.venv/mnm-installed.stamp
wanted="$(sha256sum pyproject.toml | cut -d' ' -f1) $PWD"
if [ -x .venv/bin/mnm ] && [ "$(cat "$stamp" 2>/dev/null)" = "$wanted" ] &&
   .venv/bin/python -c 'import mnm, sys; sys.exit(not mnm.__file__.startswith(sys.argv[1]))' "$PWD/src/" 2>/dev/null; then
  say "mnm and its web packages are installed in .venv (pyproject.toml unchanged since; rm $stamp installs again)"
else
  say "installing mnm and its web packages into .venv (about a minute the first time)"
  if ! with_progress "installing packages" build/pip.log .venv/bin/python -m pip install --disable-pip-version-check -e '.[web]'; then
    tail -20 build/pip.log >&2
    say "installing failed (full output: build/pip.log)"
    exit 1
  fi
  echo "$wanted" >"$stamp"
fi
# `mnm` on the PATH, so the README's commands work as written (scripts/install_launcher.sh says where).
scripts/install_launcher.sh "$PWD/.venv/bin" || true
serve=(.venv/bin/mnm serve "$@")  # an array: no argument at all is none, not '' (issue 45)
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
  build=${MNM_COMPILE_COMMAND:-".venv/bin/python -m pip install -q --disable-pip-version-check -e '.[compile]' && scripts/compile.sh --no-install .venv/bin/python"}
  rc=0
  serve_then_swap build/start-compile.log "$build" build/server.log "${serve[@]}" || rc=$?
  exit "$rc"
fi
say "starting the server; Ctrl+C stops it"
rc=0
serve_watched build/server.log "${serve[@]}" || rc=$?
exit "$rc"
