"""The workshop's board composer: the gallery of tile sides, and a draft layout drawn by the table's renderer
with each exit marked joined (an exit of the same colour lines up on the tile next to it, R-EXPLORE-03),
blocked (a tile lies there but no exit meets it) or loose (nothing lies there).

Tiles are never rotated: every orientation arrow points north (R-SETUP-05, R-EXPLORE-11), so a side's map is
always drawn the same way up; "flip" lays the other side of the same physical tile.
"""

from __future__ import annotations

from typing import Any

from mnm.board.geometry import compile_side
from mnm.board.layout import OPPOSITE, build_board
from mnm.board.picture import board_geometry
from mnm.board.render import render_side_svg
from mnm.content.loader import Content
from mnm.content.schema import ChapterPlacement

__all__ = ["MAX_TILES", "LayoutError", "draft_board", "side_svg", "tile_gallery"]

MAX_TILES = 16  # the box's largest chapters lay 7


class LayoutError(ValueError):
    """A layout the composer cannot draw: ``field`` (``layout.2.side``) and why."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def tile_gallery(content: Content) -> list[dict[str, Any]]:
    """Every tile side of the box: its number, physical tile, the side on its back, name, colour, size."""
    out = []
    for sid, side in sorted(content.tile_sides.items()):
        back = [s for s, other in content.tile_sides.items() if other.tile == side.tile and s != sid]
        out.append(
            {
                "side": sid,
                "tile": side.tile,
                "back": back[0] if back else None,
                "name": {"en": side.name.en, "pt": side.name.pt},
                "colour": side.colour.value,
                "expansion": bool(side.expansion),
                # the spaces a chapter may start on (marked start on the tile)
                "starts": [sp.id for sp in compile_side(side).spaces if sp.start],
            }
        )
    return out


_SIDE_SVG: dict[tuple[int, int], str] = {}


def side_svg(content: Content, side: int) -> str:
    """One side as the gallery shows it (drawn by :func:`mnm.board.render.render_side_svg`, small)."""
    key = (id(content), side)
    if key not in _SIDE_SVG:
        _SIDE_SVG[key] = render_side_svg(compile_side(content.tile_sides[side]), cell=16)
    return _SIDE_SVG[key]


def layout_placements(content: Content, layout: Any) -> list[ChapterPlacement]:
    if not isinstance(layout, list) or not layout:
        raise LayoutError("layout", "lay at least one tile")
    if len(layout) > MAX_TILES:
        raise LayoutError("layout", f"a chapter lays at most {MAX_TILES} tiles")
    out: list[ChapterPlacement] = []
    tiles: set[int] = set()
    spots: set[tuple[int, int]] = set()
    for i, item in enumerate(layout):
        try:
            p = ChapterPlacement.model_validate(item)
        except ValueError as err:
            raise LayoutError(f"layout.{i}", f"must be {{side: N, at: [x, y]}} ({str(err).splitlines()[0]})") from err
        if p.side not in content.tile_sides:
            raise LayoutError(f"layout.{i}.side", f"names tile side {p.side}, which does not exist")
        tile = content.tile_sides[p.side].tile
        if tile in tiles:
            raise LayoutError(f"layout.{i}.side", f"physical tile {tile} is laid twice")
        if p.at in spots:
            raise LayoutError(f"layout.{i}.at", f"two tiles lie at {list(p.at)}")
        if any(abs(v) > 20 for v in p.at):
            raise LayoutError(f"layout.{i}.at", "lies too far out (x and y between -20 and 20)")
        tiles.add(tile)
        spots.add(p.at)
        out.append(p)
    return out


def draft_board(content: Content, layout: Any) -> dict[str, Any]:
    """The board of a draft layout as the table draws it, each exit with its ``join``: ``joined``, ``blocked``
    or ``loose``. Raises :class:`LayoutError` for a layout that cannot be drawn."""
    board = build_board(content, layout_placements(content, layout))
    geometry = board_geometry(board, {}, content)
    faces = dict(board.initial_up)
    for ex in geometry["exits"]:
        graph = board.graphs[ex["side"]]
        edge = graph.exits[ex["index"]].edge
        neighbour = board.neighbour_tile(graph.tile, edge)
        if neighbour is None:
            ex["join"] = "loose"
        elif board.aligned_exit(graph.side, ex["index"], faces[neighbour]) is not None:
            ex["join"] = "joined"
        else:
            ex["join"] = "blocked"
        ex["toward"] = OPPOSITE[edge].value
    geometry["tiles"] = [{"tile": t, "side": faces[t], "at": list(at)} for t, at in sorted(board.positions.items())]
    return geometry
