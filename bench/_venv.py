"""Imported first by every bench script: ``python bench/x.py`` works with any python (issue 32).

When ``mnm`` and its packages cannot be imported by the python running the script (a system python, not the
project's virtualenv), the script is run again with the project's ``.venv/bin/python`` if there is one; else it
stops with one line saying which python to use.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"


def _ready() -> bool:
    return all(importlib.util.find_spec(name) is not None for name in ("mnm", "pydantic", "yaml"))


AGAIN = "MNM_BENCH_VENV_AGAIN"  # set when run again with the venv's python: never twice


def ensure() -> None:
    if _ready():
        return
    # Which environment runs this: sys.prefix (a venv's python is a link to the system's, so comparing the
    # resolved interpreters said "the same" and never ran again, issue 45).
    venv = VENV_PYTHON.parent.parent
    if VENV_PYTHON.exists() and Path(sys.prefix).resolve() != venv.resolve() and not os.environ.get(AGAIN):
        os.environ[AGAIN] = "1"
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), *sys.argv])
    script = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "SCRIPT.py"
    if os.environ.get(AGAIN):
        sys.exit(f"{VENV_PYTHON} cannot import mnm either: install it there (bash scripts/start.sh)")
    sys.exit(
        f"{sys.executable} cannot import mnm: run the bench scripts with the project's virtualenv, "
        f".venv/bin/python bench/{script} (scripts/start.sh or scripts/test.sh makes .venv)"
    )


ensure()
