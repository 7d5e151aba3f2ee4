"""SVG drawings of tile sides and chapter layouts (``mnm board render``)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["render_target"]


def render_target(target: str, out: Path) -> list[Path]:
    """Render ``target`` (a side number, ``all`` or ``chapter:ID``) to SVG; return the files written."""
    raise NotImplementedError("board rendering is being built")
