"""Mice and Mystics, the digital edition: content, board, rules engine and clients."""

from mnm import _build
from mnm._build import build_name

__all__ = ["ENGINE_BUILD", "build_name"]

__version__ = "0.1.0"

# The engine build this process runs: 'compiled' (mypyc, when built and up to date) or 'pure' (mnm/_build.py).
ENGINE_BUILD = _build.select()
