"""A board: physical tiles laid out as a chapter shows, joined where their exits line up (R-EXPLORE).

Which side of each physical tile is face up is game state (it changes when tiles are flipped); the board only
knows the positions and both sides of every tile. All orientation arrows point north (R-SETUP-05,
R-EXPLORE-11), so flipping a tile never rotates it: a side's map is always drawn the same way up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from mnm.board.geometry import BoardExit, Space, TileGraph, compile_side
from mnm.content.loader import Content
from mnm.content.schema import Chapter, Side

__all__ = ["OPPOSITE", "Board", "compile_all", "space_side"]

OPPOSITE = {Side.N: Side.S, Side.S: Side.N, Side.E: Side.W, Side.W: Side.E}
_STEP = {Side.N: (0, -1), Side.S: (0, 1), Side.E: (1, 0), Side.W: (-1, 0)}


_SIDE_OF: Final[dict[str, int]] = {}  # parsed once per id (asked for every figure, after every step)


def space_side(space_id: str) -> int:
    """The tile side a space id belongs to: ``space_side("5:12") == 5``."""
    side = _SIDE_OF.get(space_id)
    if side is None:
        side = int(space_id.split(":", 1)[0])
        if len(_SIDE_OF) < 100_000:  # ids typed by players are not all remembered
            _SIDE_OF[space_id] = side
    return side


_COMPILED: Final[dict[int, Mapping[int, TileGraph]]] = {}


def compile_all(content: Content) -> Mapping[int, TileGraph]:
    """Compile every tile side of ``content`` once (cached per content object)."""
    key = id(content)
    graphs = _COMPILED.get(key)
    if graphs is None:
        graphs = {sid: compile_side(side) for sid, side in content.tile_sides.items()}
        _COMPILED[key] = graphs
    return graphs


@dataclass(frozen=True)
class Board:
    """The tiles of one chapter: where each physical tile lies and both of its sides."""

    graphs: Mapping[int, TileGraph]  # every side of every placed tile
    positions: Mapping[int, tuple[int, int]]  # physical tile -> (x, y) in tile units
    sides_of: Mapping[int, tuple[int, ...]]  # physical tile -> its sides
    initial_up: Mapping[int, int]  # physical tile -> side face up at setup
    spaces: Mapping[str, Space]
    mouse_nbrs: Mapping[str, tuple[tuple[str, int], ...]]  # space -> (neighbour, cost) for a mouse
    water: frozenset[str]  # water spaces
    order: Mapping[str, int]  # a stable sort key for space ids (side, then number)
    gecko_edges: frozenset[tuple[str, str]] = frozenset()  # [EXP] R-EXP-18: yellow lines with a gecko print
    # space id -> the graph of its side: graph_of in one lookup (rules ask it many times per decision)
    space_graph: Mapping[str, TileGraph] = field(default_factory=dict)
    # space id -> the spaces a mouse steps to from it (the ids of mouse_nbrs, as a set)
    mouse_near: Mapping[str, frozenset[str]] = field(default_factory=dict)

    @classmethod
    def for_chapter(cls, content: Content, chapter: Chapter) -> Board:
        return _board_for(content, chapter.id)

    def graph(self, side: int) -> TileGraph:
        return self.graphs[side]

    def graph_of(self, space_id: str) -> TileGraph:
        graph = self.space_graph.get(space_id)
        return graph if graph is not None else self.graphs[space_side(space_id)]

    def space(self, space_id: str) -> Space:
        return self.spaces[space_id]

    def tile_of_side(self, side: int) -> int:
        return self.graphs[side].tile

    def other_side(self, side: int) -> int | None:
        """The back of ``side``'s physical tile, when the box has it."""
        for s in self.sides_of[self.tile_of_side(side)]:
            if s != side:
                return s
        return None

    def neighbour_tile(self, tile: int, edge: Side) -> int | None:
        """The physical tile lying next to ``tile`` across ``edge``, if any."""
        x, y = self.positions[tile]
        dx, dy = _STEP[edge]
        for t, pos in self.positions.items():
            if pos == (x + dx, y + dy):
                return t
        return None

    def aligned_exit(self, from_side: int, exit_index: int, target_side: int) -> BoardExit | None:
        """R-EXPLORE-03: the exit of ``target_side`` that lines up with this exit and has its colour."""
        ex = self.graphs[from_side].exits[exit_index]
        facing = OPPOSITE[ex.edge]
        for other in self.graphs[target_side].exits:
            if other.edge is facing and other.colour is ex.colour and other.start <= ex.end and ex.start <= other.end:
                return other
        return None

    def exit_leads_to(self, side: int, exit_index: int) -> tuple[int, ...]:
        """R-EXPLORE-03/04: the sides that exploring exit ``exit_index`` of ``side`` can reveal, whichever side of
        the neighbour is face up (during play ``mnm.engine.exit_target`` says which one it is now): a side whose
        colour matches, or one reached by flipping a neighbour whose face-up side does not match. Naming where an
        explore leads, and planning a way through the chapter."""
        ex = self.graphs[side].exits[exit_index]
        nb = self.neighbour_tile(self.tile_of_side(side), ex.edge)
        if nb is None:
            return ()
        colour = self.graphs[side].colour
        out: list[int] = []
        for t in self.sides_of[nb]:
            back = self.other_side(t)
            shown_when = self.graphs[t].colour == colour or (back is not None and self.graphs[back].colour != colour)
            if shown_when and self.aligned_exit(side, exit_index, t) is not None:
                out.append(t)
        return tuple(out)


_BOARDS: Final[dict[tuple[int, str], Board]] = {}


def _board_for(content: Content, chapter_id: str) -> Board:
    key = (id(content), chapter_id)
    board = _BOARDS.get(key)
    if board is not None:
        return board
    chapter = content.chapters[chapter_id]
    all_graphs = compile_all(content)
    positions: dict[int, tuple[int, int]] = {}
    sides_of: dict[int, tuple[int, ...]] = {}
    initial_up: dict[int, int] = {}
    graphs: dict[int, TileGraph] = {}
    for p in chapter.layout:
        tile = content.tile_sides[p.side].tile
        positions[tile] = p.at
        initial_up[tile] = p.side
        sides = tuple(sorted(s.id for s in content.tile_sides.values() if s.tile == tile))
        sides_of[tile] = sides
        for s in sides:
            graphs[s] = all_graphs[s]
    spaces = {sp.id: sp for g in graphs.values() for sp in g.spaces}
    nbrs = {
        sp.id: tuple((g.spaces[j].id, c) for j, c in sorted(g.mouse_cost[sp.index].items()))
        for g in graphs.values()
        for sp in g.spaces
    }
    ordered = sorted(spaces.values(), key=lambda sp: (sp.side, sp.n))
    board = Board(
        graphs=graphs,
        positions=positions,
        sides_of=sides_of,
        initial_up=initial_up,
        spaces=spaces,
        mouse_nbrs=nbrs,
        water=frozenset(sp.id for sp in ordered if sp.water),
        order={sp.id: i for i, sp in enumerate(ordered)},
        gecko_edges=frozenset(
            (g.spaces[a].id, g.spaces[b].id) for g in graphs.values() for a, b in g.gecko_lines
        ),
        space_graph={sp.id: g for g in graphs.values() for sp in g.spaces},
        mouse_near={sid: frozenset(nb for nb, _ in steps) for sid, steps in nbrs.items()},
    )
    _BOARDS[key] = board
    return board
