"""Tiles that fit here (issue 46, item 8): while a designer lays a tile side, which empty squares next to the laid
tiles would join its exits to theirs, and how many (the fan found "3 of 20 sides joined" by trial).

:func:`fits` tries the side on each empty square next to the layout (the same physical tile moved there if it is
laid already, as the composer does) with the table's own board builder, and counts the side's exits that would
join an exit of a neighbour; and the exits that would face a neighbour's wall. Pure: content and layout in,
counts out.
"""

from __future__ import annotations

from typing import Any

from mnm.board.layout import build_board
from mnm.content.loader import Content
from mnm.workshop.compose import LayoutError, layout_placements

__all__ = ["fits"]

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def fits(content: Content, layout: Any, side: int) -> list[dict[str, Any]]:
    """For each empty square next to ``layout`` (a chapter's ``setup.layout``): ``{"at": [x, y], "joined": n,
    "blocked": m}``, ``n`` the exits of ``side`` laid there that join a neighbour's exit, ``m`` those facing a
    neighbour's wall. Best first. An unknown side or a layout that cannot be drawn gives nothing."""
    if side not in content.tile_sides or not isinstance(layout, list):
        return []
    tile = content.tile_sides[side].tile
    rest = [
        p
        for p in layout
        if not (
            isinstance(p, dict)
            and content.tile_sides.get(p.get("side", -1)) is not None
            and content.tile_sides[p["side"]].tile == tile
        )
    ]
    try:
        laid = layout_placements(content, rest) if rest else []
    except LayoutError:
        return []
    taken = {tuple(p.at) for p in laid}
    squares = sorted({(x + dx, y + dy) for x, y in taken for dx, dy in STEPS} - taken) if taken else [(0, 0)]
    out: list[dict[str, Any]] = []
    for x, y in squares:
        try:
            board = build_board(content, [*laid, *layout_placements(content, [{"side": side, "at": [x, y]}])])
        except (LayoutError, ValueError, KeyError):
            continue
        faces = dict(board.initial_up)
        graph = board.graphs[side]
        joined = blocked = 0
        for index, ex in enumerate(graph.exits):
            neighbour = board.neighbour_tile(graph.tile, ex.edge)
            if neighbour is None:
                continue
            if board.aligned_exit(side, index, faces[neighbour]) is not None:
                joined += 1
            else:
                blocked += 1
        out.append({"at": [x, y], "joined": joined, "blocked": blocked})
    out.sort(key=lambda f: (-f["joined"], f["blocked"], f["at"][1], f["at"][0]))
    return out
