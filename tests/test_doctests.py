"""Run the docstring examples of every engine module, as ``pytest --doctest-modules src/mnm/engine`` would
(they are documentation that must stay true). Walking the package here keeps them in the one test command without
collecting every test folder's ``conftest.py`` as a doctest module."""

from __future__ import annotations

import doctest
import importlib
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import mnm.engine

PACKAGES = ["mnm.engine", "mnm.engine.effects", "mnm.engine.rules"]
MODULES = [
    *sorted(info.name for info in pkgutil.walk_packages(mnm.engine.__path__, prefix="mnm.engine.") if not info.ispkg),
    *PACKAGES,
    "mnm.bots.value",  # the value estimate's fit (issue 37): plain Python, its example is its smallest check
]


def test_the_walk_finds_the_engine() -> None:
    assert {"mnm.engine.hooks", "mnm.engine.game", "mnm.engine.rules.battle", "mnm.engine.effects.weapons"} <= set(
        MODULES
    )


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_real_flag_collects_the_same_examples() -> None:
    """``pytest --doctest-modules src/mnm/engine`` (scripts/test.sh) runs: one doctest item per engine module with
    examples, every one passing."""
    src = Path(mnm.engine.__file__).resolve().parents[2]
    engine = src / "mnm" / "engine"
    with_examples = sorted(str(p.relative_to(src.parent)) for p in engine.rglob("*.py") if ">>>" in p.read_text("utf-8"))

    def pytest_on_engine(*flags: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules", *flags]
        env = {**os.environ, "PYTHONPATH": str(src), "MNM_ENGINE": "pure"}
        return subprocess.run(
            [*command, str(engine)], cwd=src.parent, env=env, capture_output=True, text=True, timeout=600, check=False
        )

    run = pytest_on_engine()
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    listed = pytest_on_engine("--collect-only").stdout.splitlines()
    assert sorted(line.split(":")[0] for line in listed if line.startswith("src/")) == with_examples
