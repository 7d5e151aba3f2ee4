"""Print the engine benchmark (same as ``mnm bench``): python bench/engine.py [--json]."""

from __future__ import annotations

import json
import sys

try:  # first: runs this script again with .venv/bin/python when mnm is not importable (issue 32)
    import _venv
except ModuleNotFoundError:  # run by runpy from another folder: the calling python imports mnm already
    _venv = None

from mnm.cli.bench import run_bench

if __name__ == "__main__":
    figures = run_bench()
    print(json.dumps(figures) if "--json" in sys.argv else "\n".join(f"{k:>20}: {v}" for k, v in figures.items()))
