#!/usr/bin/env bash
# The one test command: installs everything the tests need on a fresh Debian machine, then runs
# lint (ruff), types (mypy) and every test (pytest). Safe to run again; reuses .venv when present.
set -euo pipefail
cd "$(dirname "$0")/.."

export DEBIAN_FRONTEND=noninteractive
apt_install() {
  # Install Debian packages only when something is missing (CI and new machines start bare).
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && apt-get install -y -qq "$@" >/dev/null
  else
    sudo apt-get update -qq && sudo apt-get install -y -qq "$@" >/dev/null
  fi
}

PY=${PYTHON:-python3}
command -v "$PY" >/dev/null || apt_install python3 python3-venv python3-pip
"$PY" -c 'import venv, ensurepip' 2>/dev/null || apt_install python3-venv python3-pip
# The browser tests drive Debian's Chromium (never `playwright install`); the storage tests start PostgreSQL.
command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || apt_install chromium
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || apt_install postgresql

# The accessibility scan (tests/browser) injects axe-core, a single file from the npm registry.
command -v npm >/dev/null || apt_install npm
[ -f .cache/axe/node_modules/axe-core/axe.min.js ] || { mkdir -p .cache/axe && (cd .cache/axe && npm init -y >/dev/null && npm install --silent axe-core); }
# The web client's type check and linter (issue 49): typescript and eslint at the versions package-lock.json pins,
# in node_modules (git-ignored); installed again only when the lockfile changed.
cmp -s package-lock.json node_modules/.mnm-lock 2>/dev/null \
  || { npm ci --no-audit --no-fund --silent && cp package-lock.json node_modules/.mnm-lock; }

if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'

# Every stage runs even when one before it failed (issue 32: a flaky stage under `set -e` used to skip the
# pure-engine and doctest stages); the end says which failed, and the exit status is non-zero if any did.
. scripts/stages.sh

stage "ruff" .venv/bin/ruff check src tests bench
stage "mypy" .venv/bin/mypy
# issue 49: no module takes another module's _private name (tests/test_privates.py plants one to prove it fails)
stage "no private names taken across modules" .venv/bin/python scripts/privates.py --check
stage "web client types (tsc --noEmit over the JSDoc)" node_modules/.bin/tsc -p tsconfig.json
stage "web client lint (eslint)" node_modules/.bin/eslint --max-warnings 0 src/mnm/web eslint.config.js
# The pure-Python engine's stages need no compiled build: they run in the background while the compile (one C
# compiler, one core) runs, and are waited for before the compiled stage takes both cores. They are the engine,
# chapter, bot and scenario tests again (tests/engine/test_builds.py, which compares the two builds, needs the
# compiled one and runs in the compiled stage), and the engine's docstring examples under the real flag, on the
# engine folder only: over tests/ the flag would also collect every folder's conftest.py as a module named
# 'conftest' and stop on the clash.
stage_bg "pytest: engine, chapter, bot and scenario tests on the pure-Python engine" build/test-pure.log \
  env MNM_ENGINE=pure .venv/bin/pytest -q -p no:cacheprovider tests/engine tests/chapters tests/bots \
  tests/test_scenario_cli.py tests/test_doctests.py --ignore=tests/engine/test_builds.py
stage_bg "pytest --doctest-modules src/mnm/engine" build/test-doctest.log \
  env MNM_ENGINE=pure .venv/bin/pytest -q -p no:cacheprovider --doctest-modules src/mnm/engine
# the compile takes minutes: a line every 15 s says it is still at it (scripts/progress.sh)
stage "compile the engine (mypyc; scripts/compile.sh installs Debian's C compiler when missing)" \
  logged_step "compiling the engine" build/test-compile.log scripts/compile.sh .venv/bin/python
stage_wait "pytest --doctest-modules src/mnm/engine"
stage_wait "pytest: engine, chapter, bot and scenario tests on the pure-Python engine"
# Every test on the compiled engine (refused if missing or stale), spread over the machine's cores (pytest-xdist,
# one test file per worker at a time: a file's fixtures and servers stay in one process). The browser tests run
# apart, after the others: Playwright's sync fixtures leave an asyncio loop running in their process for good
# (tests/browser/conftest.py). The API fuzz run takes MNM_FUZZ_CASES cases per operation (120 here; more for a
# deeper run).
export MNM_ENGINE=compiled MNM_REQUIRE_COMPILED=1 MNM_FUZZ_CASES=${MNM_FUZZ_CASES:-120}
stage "pytest: every test but the browser's" \
  env MNM_TEST_PART=others .venv/bin/pytest -n "${MNM_TEST_WORKERS:-auto}" --dist loadfile "$@"
stage "pytest: the browser tests" \
  env MNM_TEST_PART=browser .venv/bin/pytest -n "${MNM_TEST_WORKERS:-auto}" --dist loadfile "$@"
stages_report
