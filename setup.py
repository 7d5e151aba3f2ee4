"""Build hook: the pure-Python package by default; the mypyc-compiled engine only when asked.

``MNM_COMPILE=1`` (``scripts/compile.sh``, or ``MNM_COMPILE=1 pip install .`` for a wheel) compiles the engine
and the board modules it queries (the list is ``mnm._build.compiled_sources``) into C extension modules with
mypyc, when a C compiler is present; without one the build says so and stays pure. Anything else (a plain
``pip install``) never needs mypy or a compiler. Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import setup

ROOT = Path(__file__).resolve().parent
# The shared library every compiled module's shim loads: src/mnm_engine__mypyc.*.so (top level: mypyc derives
# the modules' __file__ from its directory).
GROUP = "mnm_engine"


def _load_build_module() -> Any:
    # By path: the package itself may not be importable yet (its dependencies are not installed at build time).
    spec = importlib.util.spec_from_file_location("_mnm_build", ROOT / "src" / "mnm" / "_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compiler_present() -> bool:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(os.environ.get("CC", cc).split()[0]) is not None


def _ext_modules() -> list[Any]:
    if os.environ.get("MNM_COMPILE", "") not in ("1", "true", "yes"):
        return []
    if not _compiler_present():
        print("MNM_COMPILE=1 but no C compiler was found: building the pure-Python engine", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    build = _load_build_module()
    sources = [str(p.relative_to(ROOT)) for p in build.compiled_sources(ROOT / "src" / "mnm")]
    # One shared library for all modules, so calls between engine modules are native calls.
    extensions: list[Any] = mypycify(sources, opt_level="3", debug_level="0", group_name=GROUP)
    # The digest of the sources compiled: mnm._build refuses stale compiled modules (see its docstring).
    (ROOT / "src" / "mnm" / build.STAMP).write_text(build.source_digest(ROOT / "src" / "mnm") + "\n")
    return extensions


def compile_inplace(jobs: int = 1) -> None:
    """Build the compiled modules next to the sources (``scripts/compile.sh``), without reading pyproject.toml:
    a fresh venv's setuptools (65, bundled with Python 3.11) cannot read its license field, and nothing else of
    the package is needed to build extension modules."""
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    os.environ["MNM_COMPILE"] = "1"
    extensions = _ext_modules()
    if not extensions:
        raise SystemExit("no C compiler: the compiled engine was not built")
    dist = Distribution({"name": "mnm", "ext_modules": extensions, "package_dir": {"": "src"}})
    command = build_ext(dist)
    command.inplace = True
    command.parallel = jobs
    command.ensure_finalized()
    command.run()


if __name__ == "__main__":
    setup(ext_modules=_ext_modules())
