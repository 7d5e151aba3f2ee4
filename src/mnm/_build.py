"""Which engine build runs: the mypyc-compiled engine when it is built and up to date, else the pure-Python one.

The compiled build (``scripts/compile.sh``, or ``MNM_COMPILE=1 pip install .``) puts C extension modules next
to the sources of the modules listed by :func:`compiled_sources`. Python prefers an extension module to a
source file of the same name, so everything that imports the engine (the game, simulations, bots, hints, RL
environments, the server) runs the compiled code without knowing. Two things choose otherwise:

* ``MNM_ENGINE=pure`` in the environment: the pure-Python sources, even when the compiled modules are there
  (the tests run both builds this way). ``MNM_ENGINE=compiled`` insists on the compiled build and fails at
  import when it is missing or stale.
* A stale build: the compiled modules were built from sources that have changed since (a source digest is
  written at build time, ``STAMP``). Stale compiled code is never run; a warning says how to rebuild.

Standard library only: ``setup.py`` loads this file by path before anything is installed.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = [
    "COMPILED_PACKAGES",
    "STAMP",
    "build_name",
    "compiled_modules_present",
    "compiled_sources",
    "select",
    "source_digest",
]

PACKAGE_DIR = Path(__file__).resolve().parent  # src/mnm (or site-packages/mnm)
# Dotted prefixes of the modules the compiled build replaces; the pure finder serves these from source.
COMPILED_PACKAGES = ("mnm.engine", "mnm.board", "mnm.bots")
# The board modules the engine queries (render.py and check.py serve clients and tools, not play).
_BOARD_MODULES = ("geometry.py", "layout.py")
# The bot modules a playout runs through (issue 37: about a quarter of a search-bot game's time once the engine was
# compiled); hints, waypoints and the rest of the package stay pure (they only drive these).
# plan_read.py, plan_world.py: plan.py split by concept (issue 49)
_BOT_MODULES = ("plan.py", "plan_read.py", "plan_world.py", "policy.py", "hero.py", "playout.py", "value.py", "mcts.py")
# Engine modules kept pure (not in play's path, or built on classes mypyc cannot subclass): none now; the
# bounded YAML reader, built on yaml's loader, lives in mnm.content.
_KEEP_PURE: tuple[str, ...] = ()
STAMP = "_compiled.txt"  # next to this file: the digest of the sources the compiled modules were built from
ENV = "MNM_ENGINE"

_selected: str | None = None


def compiled_sources(package_dir: Path = PACKAGE_DIR) -> list[Path]:
    """The source files mypyc compiles: every engine module, the board modules the engine uses and the bot modules a
    playout runs through (:data:`_BOT_MODULES`), without
    the packages' ``__init__.py`` (kept pure: they only import)."""
    engine = sorted(
        p for p in (package_dir / "engine").rglob("*.py") if p.name != "__init__.py" and p.name not in _KEEP_PURE
    )
    board = [package_dir / "board" / name for name in _BOARD_MODULES]
    bots = [package_dir / "bots" / name for name in _BOT_MODULES]
    return engine + [p for p in board + bots if p.exists()]


def source_digest(package_dir: Path = PACKAGE_DIR) -> str:
    """A digest of the compiled sources' names and contents (a changed source makes the build stale)."""
    import hashlib  # here: only asked when compiled modules are present

    h = hashlib.sha256()
    for path in compiled_sources(package_dir):
        h.update(path.relative_to(package_dir).as_posix().encode())
        h.update(b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def compiled_modules_present(package_dir: Path = PACKAGE_DIR) -> bool:
    """Whether an extension module sits next to the engine's state module (the compiled build is there)."""
    return any(
        (package_dir / "engine" / f"state{suffix}").exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES
    )


def _stamp_digest(package_dir: Path) -> str | None:
    try:
        return (package_dir / STAMP).read_text().strip()
    except OSError:
        return None


class _PureFinder:
    """Finds the compiled packages' modules among source (and bytecode) files only, never extension modules.
    (A meta path finder by duck typing: importlib.abc costs tens of milliseconds to import.)"""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if path is None or not fullname.startswith(COMPILED_PACKAGES):
            return None
        for entry in path:
            finder = importlib.machinery.FileFinder(
                entry,
                (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
                (importlib.machinery.SourcelessFileLoader, importlib.machinery.BYTECODE_SUFFIXES),
            )
            spec = finder.find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def select() -> str:
    """Choose the build once per process (called by ``mnm/__init__``) and return it: 'compiled' or 'pure'."""
    global _selected
    if _selected is not None:
        return _selected
    wanted = os.environ.get(ENV, "").strip().lower() or "auto"
    if wanted not in ("auto", "pure", "compiled"):
        raise ImportError(f"{ENV} must be 'pure', 'compiled' or unset, not {wanted!r}")
    build = "pure"
    if wanted != "pure" and compiled_modules_present():
        if _stamp_digest(PACKAGE_DIR) == source_digest():
            build = "compiled"
        elif wanted == "compiled":
            raise ImportError(
                "the compiled engine is stale (its sources changed since it was built): run scripts/compile.sh"
            )
        else:
            warnings.warn(
                "the compiled engine is stale (its sources changed since it was built); running the pure-Python "
                "engine. Rebuild with scripts/compile.sh",
                RuntimeWarning,
                stacklevel=2,
            )
    elif wanted == "compiled":
        raise ImportError(f"{ENV}=compiled but the compiled engine is not built: run scripts/compile.sh")
    if build == "pure" and compiled_modules_present() and not any(isinstance(f, _PureFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PureFinder())
    _selected = build
    return build


def build_name() -> str:
    """'compiled' when the engine in use is the mypyc build, else 'pure' (checked on the loaded module)."""
    import importlib

    state = importlib.import_module("mnm.engine.state")  # the module itself: its file says which build it is
    origin = getattr(state, "__file__", "") or ""
    return "compiled" if origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else "pure"
