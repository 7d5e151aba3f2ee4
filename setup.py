"""Build hook: the pure-Python package by default; the mypyc-compiled engine only when asked.

``MNM_COMPILE=1`` (``scripts/compile.sh``, or ``MNM_COMPILE=1 pip install .`` for a wheel) compiles the engine
and the board modules it queries (the list is ``mnm._build.compiled_sources``) into C extension modules with
mypyc, when a C compiler is present; without one the build says so and stays pure. Anything else (a plain
``pip install``) never needs mypy or a compiler. Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
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


def _mypycify(sources: list[str]) -> list[Any]:
    """mypyc's extensions for ``sources``, in one shared library (calls between engine modules stay native).

    A module mypyc refuses (a new module someone wrote in a way it cannot compile) is left pure, named on
    stderr, and the rest compiled, so the build keeps working on whatever the engine holds; the pure module
    runs as Python (slower, same results)."""
    from mypyc.build import mypycify

    for _ in range(4):
        said = io.StringIO()
        try:
            with contextlib.redirect_stdout(said):
                extensions: list[Any] = mypycify(sources, opt_level="3", debug_level="0", group_name=GROUP)
            return extensions
        except SystemExit:
            errors = [line for line in said.getvalue().splitlines() if ": error:" in line]
            refused = sorted({line.split(":", 1)[0] for line in errors} & set(sources))
            if not refused:
                print(said.getvalue(), file=sys.stderr)
                raise
            print("mypyc cannot compile these modules; they stay pure Python:", *errors, sep="\n  ", file=sys.stderr)
            sources = [s for s in sources if s not in refused]
    raise SystemExit("mypyc refused too many modules")


def _ext_modules() -> list[Any]:
    if os.environ.get("MNM_COMPILE", "") not in ("1", "true", "yes"):
        return []
    if not _compiler_present():
        print("MNM_COMPILE=1 but no C compiler was found: building the pure-Python engine", file=sys.stderr)
        return []
    build = _load_build_module()
    sources = [str(p.relative_to(ROOT)) for p in build.compiled_sources(ROOT / "src" / "mnm")]
    extensions = _mypycify(sources)
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
    stamp = ROOT / "src" / "mnm" / "_compiled.txt"  # _build.STAMP
    stamp.unlink(missing_ok=True)  # a build cut short leaves no stamp: the modules it replaced count as stale
    extensions = _ext_modules()
    if not extensions:
        raise SystemExit("no C compiler: the compiled engine was not built")
    digest = stamp.read_text()
    stamp.unlink()  # written again only once the C extensions are built
    dist = Distribution({"name": "mnm", "ext_modules": extensions, "package_dir": {"": "src"}})
    command = build_ext(dist)
    command.inplace = True
    command.parallel = jobs
    command.ensure_finalized()
    command.run()
    stamp.write_text(digest)


if __name__ == "__main__":
    setup(ext_modules=_ext_modules())
