"""Which engine build runs (src/mnm/_build.py): the compiled one only when it is there and built from the sources
as they are; ``MNM_ENGINE=pure`` never runs it, ``MNM_ENGINE=compiled`` refuses to run without it.

Each case runs in a subprocess on a copy of the package whose engine has a stand-in "compiled" state module: a
file with the extension-module suffix that is not a loadable module at all, so importing it would fail loudly.
"""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import mnm
from mnm import _build

PACKAGE = Path(mnm.__file__).resolve().parent
PROBE = "import mnm, mnm._build as b; import mnm.engine.game; print(mnm.ENGINE_BUILD, b.build_name())"


@pytest.fixture(scope="module")
def fake_compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package (sources only) with a bogus extension module beside engine/state.py."""
    root = tmp_path_factory.mktemp("src")
    shutil.copytree(PACKAGE, root / "mnm", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "_compiled.txt"))
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (root / "mnm" / "engine" / f"state{suffix}").write_bytes(b"not a shared library")
    return root


def _run(root: Path, engine: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != _build.ENV}
    env["PYTHONPATH"] = str(root)
    if engine is not None:
        env[_build.ENV] = engine
    return subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=300)


def test_pure_is_chosen_by_the_environment_even_when_compiled_modules_are_there(fake_compiled: Path) -> None:
    assert _build.compiled_modules_present(fake_compiled / "mnm")
    done = _run(fake_compiled, "pure")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["pure", "pure"]


def test_a_stale_build_is_never_run_and_says_how_to_rebuild(fake_compiled: Path) -> None:
    (fake_compiled / "mnm" / _build.STAMP).write_text("digest of other sources\n")
    done = _run(fake_compiled, None)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["pure", "pure"]
    assert "stale" in done.stderr and "scripts/compile.sh" in done.stderr


def test_compiled_is_refused_when_stale_or_missing(fake_compiled: Path, tmp_path: Path) -> None:
    (fake_compiled / "mnm" / _build.STAMP).write_text("digest of other sources\n")
    stale = _run(fake_compiled, "compiled")
    assert stale.returncode != 0
    assert "ImportError: the compiled engine is stale" in stale.stderr
    shutil.copytree(PACKAGE, tmp_path / "mnm", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    missing = _run(tmp_path, "compiled")
    assert missing.returncode != 0
    assert "the compiled engine is not built" in missing.stderr


def test_an_unknown_choice_is_refused(fake_compiled: Path) -> None:
    done = _run(fake_compiled, "fast")
    assert done.returncode != 0
    assert "MNM_ENGINE must be 'pure', 'compiled' or unset, not 'fast'" in done.stderr


def test_the_digest_changes_with_any_compiled_source(tmp_path: Path) -> None:
    shutil.copytree(PACKAGE, tmp_path / "mnm", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    before = _build.source_digest(tmp_path / "mnm")
    assert before == _build.source_digest(PACKAGE)
    names = {p.relative_to(tmp_path / "mnm").as_posix() for p in _build.compiled_sources(tmp_path / "mnm")}
    assert {"engine/state.py", "engine/rules/movement.py", "board/geometry.py", "board/layout.py"} <= names
    assert not {n for n in names if n.endswith("__init__.py") or n.startswith("board/render")}
    layout = tmp_path / "mnm" / "board" / "layout.py"
    layout.write_text(layout.read_text() + "\n# changed\n")
    assert _build.source_digest(tmp_path / "mnm") != before
