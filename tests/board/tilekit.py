"""Small hand-made tile sides for board tests, for the cases the real tiles do not show (or show only once).

A test tile is a square character map like a real one (``#`` rock); every other character that is not a
declared feature becomes a space, numbered in reading order, so a test can name spaces by their map letter.
"""

from __future__ import annotations

from typing import Any

from mnm.board.geometry import Space, TileGraph, compile_side, validate_side
from mnm.content.schema import TileSide

TEST_SIDE = 90  # a side number no real tile uses: space ids read "90:n"


def make_side(
    rows: list[str],
    *,
    spaces: dict[str, dict[str, Any]] | None = None,
    features: dict[str, dict[str, Any]] | None = None,
    lines: list[tuple[str, str, str]] | None = None,
    exits: list[dict[str, Any]] | None = None,
    colour: str = "orange",
    side: int = TEST_SIDE,
) -> TileSide:
    """A validated tile side from a map; ``lines`` are (kind, a, b) with a yellow arrow pointing a -> b."""
    features = features or {}
    order: list[str] = []
    for row in rows:
        for ch in row:
            if ch != "#" and ch not in features and ch not in order:
                order.append(ch)
    specs: dict[str, dict[str, Any]] = {}
    for n, ch in enumerate(order, 1):
        specs[ch] = {"n": n, **(spaces or {}).get(ch, {})}
    data = {
        "id": side,
        "tile": (side + 1) // 2,
        "name": {"en": "Test tile", "pt": "Bloco de teste"},
        "colour": colour,
        "source": "authored",
        "note": "a test tile",
        "map": rows,
        "spaces": specs,
        "features": features,
        "lines": [{"kind": k, "a": a, "b": b} for k, a, b in (lines or [])],
        "exits": exits or [],
    }
    tile = TileSide.model_validate(data)
    issues = validate_side(tile)
    assert not issues, [str(i) for i in issues]
    return tile


def make_graph(rows: list[str], **kwargs: Any) -> TileGraph:
    """:func:`make_side`, compiled."""
    return compile_side(make_side(rows, **kwargs))


def sp(graph: TileGraph, key: str) -> Space:
    """The space drawn with map character ``key``."""
    for space in graph.spaces:
        if space.key == key:
            return space
    raise KeyError(key)


def sid(graph: TileGraph, key: str) -> str:
    """The space id ("side:n") of map character ``key``."""
    return sp(graph, key).id
