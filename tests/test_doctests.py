"""Run the examples in the docstrings of the public engine modules (they are documentation that must stay true)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["mnm.engine.actions", "mnm.engine.scenario", "mnm.engine.i18n"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
