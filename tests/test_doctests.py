"""Run the docstring examples of every engine module, as ``pytest --doctest-modules src/mnm/engine`` would
(they are documentation that must stay true). Walking the package here keeps them in the one test command without
collecting every test folder's ``conftest.py`` as a doctest module."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import mnm.engine

PACKAGES = ["mnm.engine", "mnm.engine.effects", "mnm.engine.chapters", "mnm.engine.rules"]
MODULES = [
    *sorted(info.name for info in pkgutil.walk_packages(mnm.engine.__path__, prefix="mnm.engine.") if not info.ispkg),
    *PACKAGES,
]


def test_the_walk_finds_the_engine() -> None:
    assert {"mnm.engine.hooks", "mnm.engine.game", "mnm.engine.rules.battle", "mnm.engine.effects.weapons"} <= set(
        MODULES
    )


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
