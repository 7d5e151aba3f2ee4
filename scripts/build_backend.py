"""The package's PEP 517 build backend: setuptools', plus what compiling the engine needs when asked.

``MNM_COMPILE=1 pip install .`` (or ``pip wheel .``) builds the mypyc-compiled engine into the wheel (setup.py);
the isolated build environment then also needs mypy and the packages the engine's types come from. Without
``MNM_COMPILE=1`` this is setuptools' backend unchanged: no compiler, no mypy.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every hook setuptools provides)

_COMPILE_REQUIRES = ["mypy>=1.13", "types-PyYAML", "pydantic>=2.10,<3", "PyYAML>=6.0"]


def _extra() -> list[str]:
    return list(_COMPILE_REQUIRES) if os.environ.get("MNM_COMPILE", "") in ("1", "true", "yes") else []


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return list(_setuptools.get_requires_for_build_wheel(config_settings)) + _extra()


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return list(_setuptools.get_requires_for_build_editable(config_settings)) + _extra()
