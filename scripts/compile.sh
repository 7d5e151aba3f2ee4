#!/usr/bin/env bash
# Compile the engine with mypyc: C extension modules next to its sources (git ignores them), built only when
# they are missing or older than the sources. Needs a C compiler and Python's headers: installs Debian's when
# missing. Everything that imports the engine then runs the compiled code; MNM_ENGINE=pure picks the pure-Python
# engine again (src/mnm/_build.py). Usage: scripts/compile.sh [--no-install] [python]   (default .venv/bin/python)
# --no-install: fail rather than install the compiler (scripts/start.sh then runs the pure-Python engine).
set -euo pipefail
cd "$(dirname "$0")/.."
install=1
if [ "${1:-}" = "--no-install" ]; then install=0; shift; fi
PY=${1:-.venv/bin/python}
up_to_date='import runpy, sys
b = runpy.run_path("src/mnm/_build.py")
stamp = b["PACKAGE_DIR"] / b["STAMP"]
ok = b["compiled_modules_present"]() and stamp.exists() and stamp.read_text().strip() == b["source_digest"]()
sys.exit(0 if ok else 1)'
# An extension module whose source is gone (a module deleted or merged since the last build) would still be
# imported, and fail: remove those first.
find src/mnm/engine src/mnm/board -name '*.cpython-*.so' | while read -r so; do
  [ -f "${so%%.cpython-*}.py" ] || rm -f "$so"
done
if "$PY" -c "$up_to_date"; then
  echo "compiled engine up to date"
  exit 0
fi
inc=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
if ! command -v cc >/dev/null || [ ! -f "$inc/Python.h" ]; then
  if [ "$install" = 0 ]; then echo "no C compiler or no Python headers: the compiled engine is not built" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  pkgs="gcc libc6-dev python3-dev"
  if [ "$(id -u)" = "0" ]; then apt-get update -qq && apt-get install -y -qq $pkgs >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq $pkgs >/dev/null; fi
fi
start=$(date +%s)
mkdir -p build
# mypyc and the C compiler talk a lot: their output goes to build/compile.log, shown only when the build fails
if ! "$PY" -c 'import runpy; runpy.run_path("setup.py", run_name="mnm_setup")["compile_inplace"]()' >build/compile.log 2>&1; then
  grep -v "warning: Treating generator comprehension" build/compile.log | tail -40
  echo "compiling the engine failed (full output: build/compile.log)" >&2
  exit 1
fi
echo "compiled engine built in $(( $(date +%s) - start )) s"
