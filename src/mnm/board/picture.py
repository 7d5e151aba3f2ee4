"""The board as the clients draw it: the layout's SVG and where each space and exit is, in SVG pixels. Used by
the server's table views and by the workshop, below both."""

from __future__ import annotations

from typing import Any

from mnm.board.layout import Board
from mnm.board.render import CELL, LABEL, MARGIN, layout_grid, render_layout_svg
from mnm.content.loader import Content
from mnm.content.schema import Side

__all__ = ["board_geometry", "side_name"]


def side_name(content: Content, side: int) -> dict[str, str]:
    """A tile side's name in English and Portuguese (its number when the content has no such side)."""
    spec = content.tile_sides.get(side)
    return {"en": str(side), "pt": str(side)} if spec is None else {"en": spec.name.en, "pt": spec.name.pt}


def board_geometry(board: Board, up: dict[int, int], content: Content, key: str = "") -> dict[str, Any]:
    """The board's SVG (``up``: tile -> side face up, over the layout's own) and where each space and exit is,
    in SVG pixels: what the table page and the workshop draw on."""
    faces = dict(board.initial_up)
    faces.update(up)
    svg = render_layout_svg(board, up)
    shown = set(board.on_table(up))
    tile_px, x0, y0, cols, rows = layout_grid(board, faces, CELL)
    slot_w, slot_h = tile_px, tile_px + LABEL
    spaces: dict[str, dict[str, Any]] = {}
    exits = []
    for tile, (tx, ty) in board.positions.items():
        if tile not in shown:
            continue  # a tile a rule has yet to lay (add_tile)
        graph = board.graphs[faces[tile]]
        cell = tile_px / graph.size
        left = MARGIN + (tx - x0) * slot_w
        top = MARGIN + (ty - y0) * slot_h + LABEL
        for sp in graph.spaces:
            cells = [[round(left + x * cell + cell / 2, 1), round(top + y * cell + cell / 2, 1)] for x, y in sp.cells]
            spaces[sp.id] = {
                "x": round(left + sp.centre[0] * cell, 1),
                "y": round(top + sp.centre[1] * cell, 1),
                "cells": cells,
                "water": sp.water,
                "capacity": sp.capacity,
                "name": sp.name,
                "side": graph.side,
                "n": sp.n,
                "entry": sp.entry,
                "trap": sp.trap,
                "start": sp.start,  # issue 45: named for screen readers with the space
                "flip": sp.flip,
                "terrain": sp.terrain.value if sp.terrain is not None else None,  # [EXP] lava, chasm, shallow
                "drift": sp.drift,  # the current's way: the space it drifts into, or off-<edge>
                "features": list(sp.features),
            }
        for ex in graph.exits:
            # the middle of the exit's stretch of edge, in SVG pixels (the workshop marks joined and loose exits)
            along = (ex.start + ex.end + 1) / 2 * cell
            x, y = {
                Side.N: (left + along, top),
                Side.S: (left + along, top + tile_px),
                Side.W: (left, top + along),
                Side.E: (left + tile_px, top + along),
            }[ex.edge]
            exits.append(
                {
                    "side": graph.side,
                    "index": ex.index,
                    "spaces": list(ex.spaces),
                    "edge": ex.edge.value,
                    "colour": ex.colour.value,
                    "x": round(x, 1),
                    "y": round(y, 1),
                }
            )
    return {
        "key": key,
        "svg": svg,
        "width": cols * slot_w + 2 * MARGIN,
        "height": rows * slot_h + 2 * MARGIN,
        "cell": CELL,
        "spaces": spaces,
        "exits": exits,
        "sides": {str(side): side_name(content, side) for side in faces.values()},
        # [EXP] R-EXP-17: the outdoor sides (Downwood, Underwood, Upwood), where rain falls
        "outdoor": sorted(side for side in faces.values() if content.tile_sides[side].region is not None),
    }
